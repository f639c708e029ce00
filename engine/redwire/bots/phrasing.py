"""Explanations of cuts: which sentence fits a rated cut, with its params.

>>> percent(0.999), percent(1.0), percent(0.0004)
(99, 100, 0)
"""

from __future__ import annotations

from ..wires import value_to_json
from .cuts import RatedCut, where
from .explanation import Explanation, explanation
from .knowledge import Knowledge


def percent(chance: float) -> int:
    """A chance as a whole percentage, rounded down so that only a sure thing shows 100."""
    return max(0, min(100, int(chance * 100 + 1e-9)))


def cut_explanation(know: Knowledge, rated: RatedCut, key: str | None = None) -> Explanation:
    """The sentence for a cut: a token shows it, it is certain, or its odds (detectors, X or Y).

    ``key`` forces a single-wire key (``cut_probe``, ``cut_certain_teach``) when the bot chose
    the cut for that reason.
    """
    action = rated.action
    values = [value_to_json(v) for v in action.values]
    chance = percent(rated.odds.success) if not rated.certain else 100
    target = action.targets[0]
    if len(action.targets) > 1:
        assert action.tool is not None
        return explanation(
            "cut_detector",
            tool=action.tool,
            seat=know.owners[target[0]],
            wires=[[stand, slot + 1] for stand, slot in action.targets],
            values=values,
            percent=chance,
        )
    place = where(know, target)
    if len(values) == 2:
        return explanation("cut_either", **place, value=values[0], value2=values[1], percent=chance)
    if key is not None:
        if key in ("cut_certain_teach", "cut_stall", "cut_stall_ahead"):
            return explanation(key, **place, value=values[0])
        return explanation(key, **place, value=values[0], percent=chance)
    if rated.certain:
        shown = know.tile(target)["info"]
        if shown is not None and shown == values[0]:
            return explanation("cut_token", **place, value=values[0])
        return explanation("cut_certain", **place, value=values[0])
    return explanation("cut_guess", **place, value=values[0], percent=chance)
