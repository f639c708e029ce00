"""The bots' volunteers decisions (mission 45, ``volunteers``), from the seat's observation.

Every level but ``random``:

* asked whether to say "Snip!": with only red wires left, yes (the turn reveals them); holding
  the card's value, yes when a cut of it cannot fail (a Solo Cut, or a teammate's wire surely of
  that value), or when every other seat has passed already (else the captain names someone,
  perhaps a player without the value: a step lost for nothing); otherwise it lets the next
  player decide. It never says "Snip!" without the value (that only costs a step);
* as the captain naming a player: himself when he holds the value, else the teammate the
  solver finds likeliest to hold it (the largest expected count of that value on his stands).

The ``simple`` level (goldens, benchmarks: it never solves) says "Snip!" whenever it holds the
value, and as the captain names himself when he holds it, else the first teammate clockwise not
known to lack it.
"""

from __future__ import annotations

from ..mechanisms.base import Advice, BotAsk
from ..mechanisms.claims import _left
from ..mechanisms.volunteers import NameVolunteer, PassVolunteer, Volunteer, view


def _sure(ask: BotAsk, value: int) -> bool:
    """A cut of ``value`` that cannot fail: a Solo Cut, or a teammate's wire surely of it."""
    know = ask.knowledge()
    count = know.held.get(value, 0)
    if count and count == _left(ask.obs, value) and count in (2, 4):
        return True
    return any(
        know.certain(slot, (value,))
        for seat in know.teammates_with_wires()
        for slot in know.hand_of(seat)
    )


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


def _call(ask: BotAsk, value: int, mine: Volunteer | None, passing: PassVolunteer) -> Advice:
    own = _own(ask)
    if mine is not None and own and all(label.endswith(".5") for label in own):
        return mine, "vol_reds", {}
    if mine is None or str(value) not in own:
        return passing, "vol_pass", {"value": value}
    if ask.level == "simple":
        return mine, "vol_hold", {"value": value}
    if _sure(ask, value):
        return mine, "vol_sure", {"value": value}
    part = view(ask.obs)
    assert part is not None
    me = int(ask.obs["viewer"] or 0)
    others = [
        seat
        for seat in range(int(ask.obs["players"]))
        if seat != me and seat not in part["passed"] and _has_wires(ask, seat)
    ]
    if not others:
        return mine, "vol_volunteer", {"value": value}
    return passing, "vol_pass", {"value": value}


def _has_wires(ask: BotAsk, seat: int) -> bool:
    return any(
        not tile["cut"]
        for stand in ask.obs["stands"]
        if stand["owner"] == seat
        for tile in stand["slots"]
    )


def _name(ask: BotAsk, value: int, names: list[NameVolunteer]) -> Advice:
    me = int(ask.obs["viewer"] or 0)
    own = next((a for a in names if a.named == me), None)
    if own is not None and str(value) in _own(ask):
        return own, "vol_name_self", {"value": value}
    if ask.level == "simple":
        part = view(ask.obs)
        wrong = part["wrong"] if part else []
        players = int(ask.obs["players"])
        ranked = sorted(names, key=lambda a: ((a.named - me) % players, a.named in wrong))
        choice = next((a for a in ranked if a.named != me and a.named not in wrong), ranked[0])
        return choice, "vol_name_other", {"seat": choice.named, "value": value}
    know = ask.knowledge()
    best: tuple[float, NameVolunteer] | None = None
    for action in names:
        if action.named == me:
            continue
        expected = sum(know.chance(slot, (value,)) for slot in know.hand_of(action.named))
        if best is None or expected > best[0]:
            best = (expected, action)
    if best is None:
        return names[0], "vol_name_self", {"value": value}
    return best[1], "vol_name_other", {"seat": best[1].named, "value": value}


def advise(ask: BotAsk) -> Advice | None:
    part = view(ask.obs)
    if part is None or part["current"] is None:
        return None
    value = int(part["current"])
    me = ask.obs["viewer"]
    names = [a for a in ask.legal if isinstance(a, NameVolunteer)]
    if names:
        return _name(ask, value, names)
    passing = next((a for a in ask.legal if isinstance(a, PassVolunteer)), None)
    if passing is None:
        return None  # not asked: people may say Snip! any time, computers wait their ask
    mine = next((a for a in ask.legal if isinstance(a, Volunteer) and a.seat == me), None)
    return _call(ask, value, mine, passing)
