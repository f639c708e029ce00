"""The bots' tripwire decisions (mission 41, ``tripwires``), from the seat's observation.

A player left with only his tripwire (and red wires) skips: the one legal move. Otherwise every
level but the random one points at a teammate's wire that can only be yellow (a found tripwire
moves the detonator back a step, and the deduction often pins one down: each player holds
exactly one, of the values the markers show, sorted into his stand); the expert also points at
the likeliest tripwire when it cannot be red, is at least 75% yellow, a step is left to spare
and no cut of his is certain. Otherwise the usual play.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import Cut
from ..deduction import RED, YELLOW
from ..mechanisms.base import Advice, BotAsk
from ..mechanisms.tripwires import TripPoint, TripSkip

if TYPE_CHECKING:
    from .knowledge import Knowledge

#: The expert's least chance of a tripwire for a point that is not certain.
LIKELY = 0.75


def _sure_cut(ask: BotAsk, know: Knowledge) -> bool:
    return any(
        isinstance(action, Cut)
        and action.tool is None
        and len(action.targets) == 1
        and len(action.values) == 1
        and know.certain(action.targets[0], action.values)
        for action in ask.legal
    )


def advise(ask: BotAsk) -> Advice | None:
    skip = next((a for a in ask.legal if isinstance(a, TripSkip)), None)
    if skip is not None:
        return skip, "trip_skip", {}
    points = [a for a in ask.legal if isinstance(a, TripPoint)]
    if not points:
        return None
    know: Knowledge = ask.knowledge()
    chances = {a: know.chance((a.stand, a.slot), (YELLOW,)) for a in points}
    best = max(points, key=lambda a: (chances[a], -a.stand, -a.slot))
    params = {"seat": know.owners[best.stand], "stand": best.stand, "wire": best.slot + 1}
    if know.certain((best.stand, best.slot), (YELLOW,)):
        return best, "trip_sure", params
    if ask.level != "expert" or chances[best] < LIKELY or know.dial_left < 2:
        return None
    if know.chance((best.stand, best.slot), (RED,)) > 0 or _sure_cut(ask, know):
        return None
    return best, "trip_likely", {**params, "percent": round(100 * chances[best])}
