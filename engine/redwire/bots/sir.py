"""The bots' naming as "Sir / Ma'am" (mission 51, ``bat_radar:sir``), from the seat's observation.

No radar answers here, and naming a player who holds only red wires loses the mission, so every
level but ``random`` weighs two things about each player it may name:

* whether he holds the Number card's value (else his token and a step: the cost of one step);
* whether he might hold only red wires (the mission is lost): never worth the risk when another
  choice is safe.

``cautious`` and ``expert`` name themselves when they hold the value (they know their own wires),
else the teammate with the best chance of holding it, a chance of holding only red wires counting
25 times against him; when no teammate is worth more than a sure step, they name themselves
(their own token and step, never a loss). The ``simple`` level (goldens, benchmarks: it never
solves) names itself when it holds the value, else the first teammate clockwise with three wires
or more (more than the red wires a game holds), else itself.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..deduction import SlotIn, SlotNotIn, count_worlds
from ..mechanisms.base import Advice, BotAsk
from ..mechanisms.bat_radar import NameCutter, view
from .knowledge import Knowledge

#: How many steps a loss of the mission is worth against a token and a step, when naming.
LOSS_WEIGHT = 25.0


def _own(ask: BotAsk) -> list[str]:
    """The labels of the seat's own uncut wires (it sees them: no solving)."""
    me = ask.obs["viewer"]
    return [
        str(tile["wire"])
        for stand in ask.obs["stands"]
        if stand["owner"] == me
        for tile in stand["slots"]
        if not tile["cut"] and tile["wire"] is not None
    ]


def _uncut(ask: BotAsk, seat: int) -> int:
    return sum(
        not tile["cut"]
        for stand in ask.obs["stands"]
        if stand["owner"] == seat
        for tile in stand["slots"]
    )


def only_reds_chance(know: Knowledge, seat: int) -> float:
    """P(every uncut wire of ``seat`` is red), exact."""
    slots = know.hand_of(seat)
    if not slots or any(know.chance(slot, know.reds) == 0 for slot in slots):
        return 0.0
    if len(slots) == 1:
        return float(know.chance(slots[0], know.reds))
    facts = (SlotIn.classes(slot, *know.reds) for slot in slots)
    return float(count_worlds(know.position.with_facts(*facts))) / float(know.solution.total)


def holds_chance(know: Knowledge, seat: int, value: int) -> float:
    """P(``seat`` holds at least one uncut wire of ``value``), exact."""
    slots = know.hand_of(seat)
    chances = [know.chance(slot, (value,)) for slot in slots]
    if not slots or not any(chances):
        return 0.0
    if any(know.certain(slot, (value,)) for slot in slots):
        return 1.0
    if len(slots) == 1:
        return float(chances[0])
    facts = (SlotNotIn.classes(slot, value) for slot in slots)
    return 1.0 - float(count_worlds(know.position.with_facts(*facts))) / float(know.solution.total)


def _simple(ask: BotAsk, value: int, names: Sequence[NameCutter], me: int) -> Advice:
    players = int(ask.obs["players"])
    for step in range(1, players):
        seat = (me + step) % players
        found = next((a for a in names if a.named == seat), None)
        if found is not None and _uncut(ask, seat) >= 3:
            return found, "sir_name_other", {"seat": seat, "value": value}
    own = next(a for a in names if a.named == me)
    return own, "sir_name_self_none", {"value": value}


def advise(ask: BotAsk, names: Sequence[NameCutter]) -> Advice | None:
    """Whom Sir / Ma'am names (see the module docstring)."""
    part = view(ask.obs)
    if part is None or part["current"] is None:
        return None
    value = int(part["current"])
    me = int(ask.obs["viewer"] or 0)
    own = next((a for a in names if a.named == me), None)
    if own is None:
        return None  # Sir always holds wires (with only red ones he reveals them instead)
    if str(value) in _own(ask):
        return own, "sir_name_self", {"value": value}
    if ask.level == "simple":
        return _simple(ask, value, names, me)
    know = ask.knowledge()
    best: tuple[float, NameCutter] = (0.0, own)  # myself: a sure token and step, no loss
    for action in names:
        if action.named == me:
            continue
        risk = only_reds_chance(know, action.named)
        score = holds_chance(know, action.named, value) - LOSS_WEIGHT * risk
        if score > best[0]:
            best = (score, action)
    choice = best[1]
    if choice.named == me:
        return own, "sir_name_self_none", {"value": value}
    return choice, "sir_name_other", {"seat": choice.named, "value": value}
