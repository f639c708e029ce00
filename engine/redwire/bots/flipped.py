"""The bots' flipped-wire decisions (mission 38, ``flipped_wires``), from the seat's observation.

A teammate never tries the captain's flipped wire (the rules forbid it); when it is his only
possible cut, he skips. The owner does not see his flipped wire: he reads its odds from the
deduction (his own stand, the cut wires, the tokens, what the others' cuts proved) and cuts it
when that is certain (a Solo Cut with it, or a Dual Cut at a wire surely of the same value), or
reveals it with his red wires when it can only be red; when nothing else is left to him, he takes
the best joint chance. Otherwise he plays as usual (his other wires first).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..deduction import RED, SlotIn, count_worlds
from ..mechanisms.base import Advice, BotAsk
from ..mechanisms.flipped_wires import (
    FlippedCut,
    FlippedReveal,
    FlippedSkip,
    FlippedSolo,
    view,
)

if TYPE_CHECKING:
    from .knowledge import Knowledge

Slot = tuple[int, int]
#: This mechanism's actions (what is not one of them is the usual play).
_OWN = (FlippedCut, FlippedSolo, FlippedReveal, FlippedSkip)


def _my_flipped(ask: BotAsk) -> Slot | None:
    part = view(ask.obs)
    me = ask.obs["viewer"]
    if part is None or not isinstance(me, int):
        return None
    for (stand, slot), owner in zip(part["wires"], part["owners"], strict=True):
        if owner == me and not ask.obs["stands"][stand]["slots"][slot]["cut"]:
            return stand, slot
    return None


def _joint(know: Knowledge, flipped: Slot, target: Slot, value: int) -> float:
    """P(the flipped wire and the target both have ``value``), exact."""
    if not know.chance(flipped, (value,)) or not know.chance(target, (value,)):
        return 0.0
    total = know.solution.total
    both = count_worlds(
        know.position.with_facts(SlotIn.classes(flipped, value), SlotIn.classes(target, value))
    )
    return both / total if total else 0.0


def advise(ask: BotAsk) -> Advice | None:
    skip = next((a for a in ask.legal if isinstance(a, FlippedSkip)), None)
    if skip is not None:
        return skip, "flipped_skip", {}
    flipped = _my_flipped(ask)
    cuts = [a for a in ask.legal if isinstance(a, FlippedCut)]
    solos = [a for a in ask.legal if isinstance(a, FlippedSolo)]
    reveal = next((a for a in ask.legal if isinstance(a, FlippedReveal)), None)
    if flipped is None or not (cuts or solos or reveal):
        return None
    know: Knowledge = ask.knowledge()
    if reveal is not None and know.certain(flipped, (RED,)):
        return reveal, "flipped_reveal", {}
    for solo in solos:
        if know.certain(flipped, (solo.value,)):
            return solo, "flipped_solo", {"value": solo.value}
    # A Dual Cut with it: the value the flipped wire most likely has, at the teammate's wire
    # most likely of that value.
    odds = know.classes_at(flipped)
    best: tuple[float, FlippedCut] | None = None
    for value in sorted(odds, key=lambda v: -odds[v]):
        if value == RED or odds[value] <= 0:
            continue
        aims = [a for a in cuts if a.value == value]
        if not aims:
            continue
        aim = max(aims, key=lambda a: (know.chance((a.stand, a.slot), (value,)), -a.stand))
        chance = odds[value] * know.chance((aim.stand, aim.slot), (value,))
        if best is None or chance > best[0]:
            best = (chance, aim)
    usual = [
        a for a in ask.legal if not isinstance(a, _OWN) and a.type in ("cut", "solo", "reveal")
    ]
    if best is not None:
        aim = best[1]
        joint = _joint(know, flipped, (aim.stand, aim.slot), aim.value)
        if joint >= 1.0 or not usual:
            return aim, "flipped_cut", {"value": aim.value, "percent": round(100 * joint)}
    if not usual:  # nothing but the flipped wire is left to try
        for solo in solos:
            return solo, "flipped_solo", {"value": solo.value}
        if reveal is not None:
            return reveal, "flipped_reveal", {}
    return None
