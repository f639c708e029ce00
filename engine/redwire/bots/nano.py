"""The bots' Nano decisions (missions 43, 53 and 59, ``nano``), from the seat's observation.

Mission 43: Nano's wires must all be taken before the bomb can be defused, and a wire is taken
only by a cut of the value of Nano's space: among the cuts a bot is sure of, it makes one of
that value first. A player with two stands puts the wire he took on the stand with fewer uncut
wires (the first on a tie): his stands stay even, and the bot's reason says which.

Mission 53 (Nano as the clock): a cut of the value of Nano's space moves it back, any other
successful cut forward. Among the cuts a bot is sure of, it makes one of Nano's value first
(``nano_back``). On space 11 any other cut, right or wrong, explodes the bomb: the bot cuts 11s
if it may at all, the likeliest one when none is sure (``nano_last``); else the usual play.

Mission 59 (Nano on the line of Number cards), every level but ``random``:

* **the walk**: of the cards under and in front of Nano whose value it holds (the legal walks),
  the value whose best single cut is surest (a Solo Cut when no other seat may hold one; a
  chance of a red wire counts against it, the whole dial's worth); on a tie the nearest card,
  Nano's own first (``nano_stay`` / ``nano_walk``);
* **the facing**: towards the side where the next player with wires more likely holds a value
  (each face-up card from Nano's on, that side; his wires' odds taken as independent), then the
  side with more face-up cards, then as it is (``nano_turn`` / ``nano_keep``);
* **the skip** is its one move when it is legal (``nano_skip``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..actions import Cut, SoloCut
from ..mechanisms.base import Advice, BotAsk
from ..mechanisms.nano import (
    CLOCK_END,
    NanoFace,
    NanoSkip,
    NanoStand,
    NanoWalk,
    clock_view,
    line_view,
    view,
)

if TYPE_CHECKING:
    from .knowledge import Knowledge


def _uncut(ask: BotAsk, stand: int) -> int:
    return sum(1 for tile in ask.obs["stands"][stand]["slots"] if not tile["cut"])


#: The least chance a bot takes on a wire of Nano's value with no sure cut of it, by how close
#: a failed cut (two spaces) would bring Nano to 12: a hit moves it back, a sure cut of another
#: value forward anyway (so a fair chance is worth taking while a miss leaves room).
_RED_RISK = 0.05  # the most chance of a red wire such a try accepts


def _try_bar(space: int) -> float | None:
    after_miss = space + 2
    if after_miss >= CLOCK_END:
        return None  # a miss explodes the bomb
    return 0.5 if after_miss <= CLOCK_END - 3 else 0.75


def _aims(ask: BotAsk, value: int) -> list[Cut]:
    """The legal plain Dual Cuts of ``value`` at one wire."""
    return [
        a
        for a in ask.legal
        if isinstance(a, Cut) and a.tool is None and a.values == (value,) and len(a.targets) == 1
    ]


def _sure(ask: BotAsk, value: int, aims: list[Cut]) -> Cut | SoloCut | None:
    """A Solo Cut of ``value``, else one of ``aims`` the deduction makes certain (the odds are
    only computed when no Solo Cut is legal)."""
    for action in ask.legal:
        if isinstance(action, SoloCut) and action.value == value:
            return action
    if not aims:
        return None
    know: Knowledge = ask.knowledge()
    return next((aim for aim in aims if know.certain(aim.targets[0], (value,))), None)


def _clock(ask: BotAsk, space: int) -> Advice | None:
    """Mission 53: back a space with a sure cut of Nano's value, or with a likely one while a
    miss leaves room; on the space before the end, the likeliest cut of that value (anything
    else explodes the bomb)."""
    if ask.obs["phase"] != "turn" or space < 1:
        return None
    aims = _aims(ask, space)
    sure = _sure(ask, space, aims)
    if sure is not None:
        return sure, "nano_back", {"value": space, "space": space}
    if not aims:
        return None
    know: Knowledge = ask.knowledge()
    best = max(aims, key=lambda a: (know.chance(a.targets[0], (space,)), -a.targets[0][0]))
    chance = know.chance(best.targets[0], (space,))
    percent = round(100 * chance)
    if space == CLOCK_END - 1:
        return best, "nano_last", {"value": space, "percent": percent}
    bar = _try_bar(space)
    red = know.cut_odds(best.targets, best.values).explosion
    if bar is not None and chance >= bar and red <= _RED_RISK:
        return best, "nano_try", {"value": space, "percent": percent}
    return None


def _cut_odds(know: Knowledge, value: int) -> tuple[float, float]:
    """(success, explosion) of the surest single cut of ``value`` by ``know``'s seat: a Solo
    Cut when no other seat may hold one."""
    others = [
        slot for seat in range(know.players) if seat != know.seat for slot in know.hand_of(seat)
    ]
    if sum(know.chance(slot, (value,)) for slot in others) < 1e-9:
        return 1.0, 0.0
    best = max(others, key=lambda slot: know.chance(slot, (value,)))
    return know.chance(best, (value,)), know.chance(best, know.reds)


def _side_values(line: Any, facing: str) -> list[int]:
    """The face-up values from Nano's card on, the way ``facing``."""
    step = 1 if facing == "right" else -1
    cards = line["line"]
    out: list[int] = []
    index = int(line["place"])
    while 0 <= index < len(cards):
        if not cards[index]["down"]:
            out.append(int(cards[index]["value"]))
        index += step
    return out


def _line(ask: BotAsk, line: Any) -> Advice | None:
    """Mission 59: the walk, the facing, the skip."""
    for action in ask.legal:
        if isinstance(action, NanoSkip):
            return action, "nano_skip", {}
    faces = [a for a in ask.legal if isinstance(a, NanoFace)]
    know: Knowledge
    if faces:
        know = ask.knowledge()
        holds = know.next_holds(know.seat)

        def side_score(a: NanoFace) -> tuple[float, int, bool]:
            values = _side_values(line, a.facing)
            none = 1.0
            for value in values:
                none *= 1.0 - holds.get(value, 0.0)
            return round(1.0 - none, 9), len(values), a.facing == line["facing"]

        chosen = max(faces, key=side_score)
        percent = max(0, min(100, round(100 * side_score(chosen)[0])))
        key = "nano_keep" if chosen.facing == line["facing"] else "nano_turn"
        return chosen, key, {"percent": percent}
    walks = [a for a in ask.legal if isinstance(a, NanoWalk)]
    if not walks:
        return None
    know = ask.knowledge()
    order = list(line["ahead"])
    odds = {a.value: _cut_odds(know, a.value) for a in walks}
    steps = float(know.dial_left)

    def score(a: NanoWalk) -> tuple[float, int]:
        success, explosion = odds[a.value]
        return round(success - explosion * steps, 9), -order.index(a.value)

    chosen_walk = max(walks, key=score)
    percent = max(0, min(100, round(100 * odds[chosen_walk.value][0])))
    key = "nano_stay" if chosen_walk.value == line["value"] else "nano_walk"
    return chosen_walk, key, {"value": chosen_walk.value, "percent": percent}


def advise(ask: BotAsk) -> Advice | None:
    line = line_view(ask.obs)
    if line is not None:
        return _line(ask, line)
    clock = clock_view(ask.obs)
    if clock is not None:
        return _clock(ask, clock["space"])
    part = view(ask.obs)
    if part is None:
        return None
    stands = [a for a in ask.legal if isinstance(a, NanoStand)]
    if stands:
        chosen = min(stands, key=lambda a: (_uncut(ask, a.stand), a.stand))
        place = "first" if chosen.stand == min(a.stand for a in stands) else "second"
        return chosen, "nano_stand", {"place": place}
    space = part["space"]
    if not part["pile"]["left"] or ask.obs["phase"] != "turn":
        return None
    sure = _sure(ask, space, _aims(ask, space))
    if sure is not None:
        return sure, "nano_take", {"value": space, "space": space}
    return None
