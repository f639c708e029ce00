"""The bots' Nano decisions (missions 43 and 53, ``nano``), from the seat's observation.

Mission 43: Nano's wires must all be taken before the bomb can be defused, and a wire is taken
only by a cut of the value of Nano's space: among the cuts a bot is sure of, it makes one of
that value first. A player with two stands puts the wire he took on the stand with fewer uncut
wires (the first on a tie): his stands stay even, and the bot's reason says which.

Mission 53 (Nano as the clock): a cut of the value of Nano's space moves it back, any other
successful cut forward. Among the cuts a bot is sure of, it makes one of Nano's value first
(``nano_back``). On space 11 any other cut, right or wrong, explodes the bomb: the bot cuts 11s
if it may at all, the likeliest one when none is sure (``nano_last``); else the usual play.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import Cut, SoloCut
from ..mechanisms.base import Advice, BotAsk
from ..mechanisms.nano import CLOCK_END, NanoStand, clock_view, view

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


def advise(ask: BotAsk) -> Advice | None:
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
