"""The bots' use of rule sticker C's cards (from mission 55), shared by the levels that think.

* Fast Pass (9-9): when no cut is certain, cutting two of my own identical wires is a sure step
  instead of a guess; a value I hold exactly twice goes first (it leaves my hand whole), then
  the highest.
* Single Wire Label (2-2): an x1 token on my uncut wire whose value is nowhere else on my stand
  tells the team something at no cost; the wire nearest the middle of the stand (its
  neighbours say least of it).

Each returns the action and its one-sentence reason, or None. They read the seat's observation
and legal actions only.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..actions import Action
from ..mechanisms.equipment.fast_pass import FastPass
from ..mechanisms.equipment.single_label import SingleLabel
from ..observation_types import Observation
from ..wires import value_to_json
from .explanation import Explanation, explanation


def fast_pass(legal: Sequence[Action]) -> tuple[Action, Explanation] | None:
    """The Fast Pass on my best pair, or None when the card is not mine to use now."""
    passes = [a for a in legal if isinstance(a, FastPass)]
    if not passes:
        return None
    held = {a.value: 0 for a in passes}
    for a in passes:
        held[a.value] += 1  # pairs of a value: 1 for two wires, 3 for three, 6 for four

    def order(a: FastPass) -> tuple[bool, int, int, int]:
        return (held[a.value] != 1, -a.value, a.stand, a.slot)

    choice = min(passes, key=order)
    return choice, explanation("fast_pass", value=value_to_json(choice.value))


def single_label(obs: Observation, legal: Sequence[Action]) -> tuple[Action, Explanation] | None:
    """The Single Wire Label on my uncut wire nearest the middle of its stand, or None."""
    labels = [a for a in legal if isinstance(a, SingleLabel)]
    if not labels:
        return None

    def order(a: SingleLabel) -> tuple[bool, float, int, int]:
        slots = obs["stands"][a.stand]["slots"]
        return (bool(slots[a.slot]["cut"]), abs(a.slot - (len(slots) - 1) / 2), a.stand, a.slot)

    choice = min(labels, key=order)
    return choice, explanation("single_label", stand=choice.stand, wire=choice.slot + 1)
