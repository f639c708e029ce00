"""Rating the cuts a seat may make: the odds of every legal ``Cut``, exact where it matters.

A single-wire cut is read from the marginals. A detector (2 or 3 wires, or a whole stand) needs
extra solver passes, so its odds start as the union bound of its wires' chances and only the most
promising detectors (those whose bound beats the best single cut) are counted exactly.

>>> from engine.redwire import new_game
>>> from engine.redwire.bots.knowledge import Knowledge
>>> game = new_game(mission=1, players=3, seed=2)
>>> while game.phase.value == "setup_token":
...     game, _ = game.apply(game.legal_actions(game.to_move)[0])
>>> seat = game.to_move
>>> rated = rate_cuts(Knowledge(game.observation(seat)), game.legal_actions(seat))
>>> all(0.0 <= r.odds.success <= 1.0 for r in rated)
True
>>> rated[0].odds.success == max(r.odds.success for r in rated)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..actions import Action, Cut
from ..wires import value_to_json
from .knowledge import CutOdds, Knowledge, Slot

#: Detectors counted exactly per decision, best bounds first (each costs one or two passes).
EXACT_DETECTORS = 4
_SURE = 1.0 - 1e-12


@dataclass(frozen=True)
class RatedCut:
    """A legal cut and its odds."""

    action: Cut
    odds: CutOdds

    @property
    def certain(self) -> bool:
        return self.odds.exact and self.odds.success >= _SURE

    @property
    def wires(self) -> int:
        return len(self.action.targets)


def safety(odds: CutOdds, dial_left: int = 2) -> float:
    """How safe a cut is: its success chance, an explosion counting as a failure twice over, and
    a mistake as bad as an explosion when the detonator has one step left.

    >>> safety(CutOdds(0.8, 0.1)), safety(CutOdds(0.8, 0.1), dial_left=1)
    (0.6000000000000001, 0.8)
    """
    if dial_left <= 1:
        return odds.success
    return odds.success - 2.0 * odds.explosion


def rate_singles(know: Knowledge, legal: Sequence[Action]) -> list[RatedCut]:
    """Every legal one-wire cut (one value, or two with the X-or-Y ray), safest first."""
    rated = [
        RatedCut(a, know.cut_odds(a.targets, a.values))
        for a in legal
        if isinstance(a, Cut) and len(a.targets) == 1
    ]
    dial = know.dial_left
    rated.sort(key=lambda r: (-safety(r.odds, dial), len(r.action.values)))
    return rated


def detector_bounds(
    know: Knowledge, legal: Sequence[Action], beat: float
) -> list[tuple[float, Cut]]:
    """Legal detector cuts whose union bound (an upper bound of their success, from the
    marginals alone) is above ``beat``, best bound first; at equal bounds the cheaper tool and
    fewer values first."""
    bounds: list[tuple[float, Cut]] = []
    for action in legal:
        if isinstance(action, Cut) and len(action.targets) > 1:
            bound = know.detector_bound(action.targets, action.values)
            if bound > beat + 1e-9:
                bounds.append((bound, action))
    bounds.sort(key=lambda item: (-item[0], _tool_rank(item[1]), len(item[1].values)))
    return bounds


def rate_detectors(
    know: Knowledge, legal: Sequence[Action], beat: float, exact: int = EXACT_DETECTORS
) -> list[RatedCut]:
    """Legal detector cuts whose union bound is above ``beat``, the ``exact`` best bounds counted
    exactly (the others keep their bound, ``exact=False``); safest first."""
    rated = []
    for rank, (bound, action) in enumerate(detector_bounds(know, legal, beat)):
        if rank < exact:
            rated.append(RatedCut(action, know.cut_odds(action.targets, action.values)))
        else:
            rated.append(RatedCut(action, CutOdds(bound, 0.0, exact=False)))
    dial = know.dial_left
    rated.sort(key=lambda r: (not r.odds.exact, -safety(r.odds, dial), _tool_rank(r.action)))
    return rated


def _tool_rank(action: Cut) -> int:
    return {"double": 0, "triple": 1, "own_triple": 1, "super": 2}.get(action.tool or "", 0)


def rate_cuts(
    know: Knowledge, legal: Sequence[Action], exact: int = EXACT_DETECTORS
) -> list[RatedCut]:
    """Every cut worth a look, safest first: the single cuts, and the detectors whose bound beats
    the best single cut (none when a single cut is certain)."""
    singles = rate_singles(know, legal)
    if singles and singles[0].certain:
        return singles
    beat = safety(singles[0].odds, know.dial_left) if singles else -1.0
    detectors = [r for r in rate_detectors(know, legal, beat, exact) if r.odds.exact]
    dial = know.dial_left
    return sorted(singles + detectors, key=lambda r: (-safety(r.odds, dial), r.wires))


def token_cuts(know: Knowledge, legal: Sequence[Action]) -> list[Cut]:
    """One-value cuts at an uncut wire whose info token shows that very value: certain, and
    found without solving."""
    cuts = []
    for action in legal:
        if isinstance(action, Cut) and len(action.targets) == 1 and len(action.values) == 1:
            tile = know.tile(action.targets[0])
            if not tile["cut"] and tile["info"] == value_to_json(action.values[0]):
                cuts.append(action)
    return cuts


def where(know: Knowledge, slot: Slot) -> dict[str, Any]:
    """Explanation params of a wire: its owner's seat, the stand, the 1-based wire position."""
    stand, index = slot
    return {"seat": know.owners[stand], "stand": stand, "wire": index + 1}
