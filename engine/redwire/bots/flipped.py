"""The bots' flipped-wire decisions (missions 38 and 56, ``flipped_wires``), from the seat's
observation.

Mission 38: a teammate never tries the captain's flipped wire (the rules forbid it); when it is
his only possible cut, he skips. The owner does not see his flipped wire: he reads its odds from the
deduction (his own stand, the cut wires, the tokens, what the others' cuts proved) and cuts it
when that is certain (a Solo Cut with it, or a Dual Cut at a wire surely of the same value), or
reveals it with his red wires when it can only be red; when nothing else is left to him, he takes
the best joint chance. Otherwise he plays as usual (his other wires first).

Mission 56 (every seat's wire turned round; a Dual Cut at a teammate's, whose value he sees,
costs a step even on success): a bot with a sure move that costs nothing plays as usual among
the moves that cost nothing (a nested bot of its level on those moves only). Without one, it
pays the step for a sure cut at a teammate's flipped wire when its best free guess is below
``TOLL_BELOW`` and the step is not the last one; else it guesses as usual, still without the
toll. Its own flipped wire is cut with a teammate's ordinary wire rather than a flipped one at
the same odds.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import Action, Cut, RevealReds, SoloCut
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
#: Mission 56: with no free sure move, pay a step for a sure cut at a teammate's flipped wire
#: when the best free guess hits with less than this chance.
TOLL_BELOW = 0.6


def _teammates_flipped(ask: BotAsk) -> set[Slot]:
    """Mission 56: the uncut flipped wires of the others (a Dual Cut at one costs a step)."""
    part = view(ask.obs)
    me = ask.obs["viewer"]
    if part is None or not part.get("toll"):
        return set()
    return {
        (stand, slot)
        for (stand, slot), owner in zip(part["wires"], part["owners"], strict=True)
        if owner != me and not ask.obs["stands"][stand]["slots"][slot]["cut"]
    }


def _tolled(action: Action, theirs: set[Slot]) -> bool:
    if isinstance(action, FlippedCut):
        return (action.stand, action.slot) in theirs
    return isinstance(action, Cut) and not theirs.isdisjoint(action.targets)


def _usual_without(ask: BotAsk, free: list[Action]) -> Advice:
    """The bot's usual choice among ``free`` (a nested bot of its level, asked on those moves
    only), with its own sentence."""
    from .base import make_bot

    bot = make_bot(ask.level, int(ask.choice(range(1024))))
    action = bot.choose(ask.obs, free)
    why = bot.explain()
    return action, why.key, dict(why.params)


def _sure_free(know: Knowledge, free: list[Action]) -> bool:
    return any(
        isinstance(a, SoloCut | RevealReds)
        or (isinstance(a, Cut) and len(a.targets) == 1 and know.certain(a.targets[0], a.values))
        for a in free
    )


def _advise_toll(ask: BotAsk, theirs: set[Slot]) -> Advice | None:
    """Mission 56: whether to pay a step for a sure cut at a teammate's flipped wire."""
    tolled = [_tolled(a, theirs) for a in ask.legal]  # once per action: listings are long
    paid = [a for a, toll in zip(ask.legal, tolled, strict=True) if toll and isinstance(a, Cut)]
    free = [a for a, toll in zip(ask.legal, tolled, strict=True) if not toll]
    if not paid and len(free) == len(ask.legal):
        return None
    know: Knowledge = ask.knowledge()
    sure = [a for a in paid if know.certain(a.targets[0], a.values)]
    if free and (_sure_free(know, free) or not sure or ask.obs["dial"]["left"] <= 1):
        return _usual_without(ask, free)
    guesses = [
        know.chance(a.targets[0], a.values)
        for a in free
        if isinstance(a, Cut) and len(a.targets) == 1
    ]
    if sure and (not guesses or max(guesses) < TOLL_BELOW):
        cut = sure[0]
        return cut, "flipped_toll_cut", {"value": cut.values[0]}
    return _usual_without(ask, free) if free else None


def _my_flipped(ask: BotAsk) -> dict[int, Slot]:
    """His own uncut flipped wires by ``flip`` (0 the left one; mission 64 has two a seat)."""
    part = view(ask.obs)
    me = ask.obs["viewer"]
    if part is None or not isinstance(me, int):
        return {}
    mine = [tuple(w) for w, owner in zip(part["wires"], part["owners"], strict=True) if owner == me]
    return {
        flip: (stand, slot)
        for flip, (stand, slot) in enumerate(mine)
        if not ask.obs["stands"][stand]["slots"][slot]["cut"]
    }


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
    theirs = _teammates_flipped(ask)
    own = _advise_own(ask, theirs)
    if own is not None or not theirs:
        return own
    return _advise_toll(ask, theirs)


def _advise_own(ask: BotAsk, theirs: set[Slot]) -> Advice | None:
    """The owner's cuts with his own flipped wires (when certain, or nothing else is left);
    mission 64: each action names which of his two it means."""
    mine = _my_flipped(ask)
    cuts = [a for a in ask.legal if isinstance(a, FlippedCut)]
    solos = [a for a in ask.legal if isinstance(a, FlippedSolo)]
    reveals = [a for a in ask.legal if isinstance(a, FlippedReveal)]
    if not mine or not (cuts or solos or reveals):
        return None
    know: Knowledge = ask.knowledge()
    # Revealing as red the most flipped wires that can only be red.
    for reveal in sorted(reveals, key=lambda a: -len(a.flips)):
        if all(f in mine and know.certain(mine[f], (RED,)) for f in reveal.flips):
            return reveal, "flipped_reveal", {}
    for solo in solos:
        if all(f in mine and know.certain(mine[f], (solo.value,)) for f in solo.flips):
            return solo, "flipped_solo", {"value": solo.value}
    # A Dual Cut with one: the value a flipped wire most likely has, at the teammate's wire
    # most likely of that value.
    best: tuple[float, FlippedCut] | None = None
    for flip, flipped in mine.items():
        odds = know.classes_at(flipped)
        for value in sorted(odds, key=lambda v: -odds[v]):
            if value == RED or odds[value] <= 0:
                continue
            aims = [a for a in cuts if a.value == value and a.flip == flip]
            if not aims:
                continue
            aim = max(
                aims,
                key=lambda a: (
                    know.chance((a.stand, a.slot), (value,)),
                    (a.stand, a.slot) not in theirs,  # mission 56: no step for the same odds
                    -a.stand,
                ),
            )
            chance = odds[value] * know.chance((aim.stand, aim.slot), (value,))
            if best is None or chance > best[0]:
                best = (chance, aim)
    usual = [
        a for a in ask.legal if not isinstance(a, _OWN) and a.type in ("cut", "solo", "reveal")
    ]
    if best is not None:
        aim = best[1]
        joint = _joint(know, mine[aim.flip], (aim.stand, aim.slot), aim.value)
        if joint >= 1.0 or not usual:
            return aim, "flipped_cut", {"value": aim.value, "percent": round(100 * joint)}
    if not usual:  # nothing but the flipped wires is left to try
        for solo in solos:
            return solo, "flipped_solo", {"value": solo.value}
        if reveals:
            return reveals[0], "flipped_reveal", {}
    return None
