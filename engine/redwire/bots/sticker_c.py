"""The bots' use of rule sticker C's cards (from mission 55), shared by the levels that think.

* Fast Pass (9-9): when no cut is certain, cutting two of my own identical wires is a sure step
  instead of a guess; a value I hold exactly twice goes first (it leaves my hand whole), then
  the highest.
* Single Wire Label (2-2): an x1 token on my uncut wire whose value is nowhere else on my stand
  tells the team something at no cost; the wire nearest the middle of the stand (its
  neighbours say least of it).
* Grappling Hook (11-11): when no cut is certain, take the teammate's wire likeliest to be the
  last copy I lack of a value (then a Solo Cut of that value is certain), if that chance is at
  least ``least``; otherwise (:func:`hook_look`, the expert) take the wire my best guess would
  have aimed at, and see it instead of gambling on it.

Each returns the action and its one-sentence reason, or None. They read the seat's observation
and legal actions only.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from ..actions import Action
from ..deduction.codes import class_of, code_of_label
from ..mechanisms.equipment.fast_pass import FastPass
from ..mechanisms.equipment.hook import Hook
from ..mechanisms.equipment.single_label import SingleLabel
from ..observation_types import Observation
from ..wires import value_to_json
from .explanation import Explanation, explanation
from .knowledge import Knowledge
from .phrasing import percent


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


def _cut_counts(know: Knowledge) -> Counter[int]:
    """How many wires of each class are cut (every seat sees the cut wires)."""
    return Counter(
        class_of(code_of_label(tile["wire"]))
        for stand in know.obs["stands"]
        for tile in stand["slots"]
        if tile["cut"] and tile["wire"] is not None
    )


def _into(know: Knowledge, hooks: Sequence[Hook], target: tuple[int, int]) -> Hook:
    """The hook at ``target`` onto my stand with fewer uncut wires (two stands: mine to choose)."""
    here = [a for a in hooks if (a.stand, a.slot) == target]
    return min(here, key=lambda a: (len(know.uncut_slots(a.into)), a.into))


def _hook_on(
    know: Knowledge,
    hooks: Sequence[Hook],
    target: tuple[int, int],
    key: str,
    odds: float,
    **more: Any,
) -> tuple[Action, Explanation]:
    """The hook at ``target`` (onto my emptier stand) with its reason ``key``: the teammate, his
    wire, ``more`` and the odds, in the order the reason's sentence names them."""
    choice = _into(know, hooks, target)
    params = {"partner": know.owners[choice.stand], "wire": choice.slot + 1, **more}
    return choice, explanation(key, **params, percent=percent(odds))


def hook_solo(
    know: Knowledge, legal: Sequence[Action], least: float
) -> tuple[Action, Explanation] | None:
    """The Grappling Hook on the teammate's wire likeliest (at least ``least``) to be the last
    copy of a blue value I hold the others of (every other one cut): a certain Solo Cut then."""
    hooks = [a for a in legal if isinstance(a, Hook)]
    if not hooks:
        return None
    cut = _cut_counts(know)
    wanted = [c for c, n in know.held.items() if 1 <= c <= 12 and n + cut[c] == 3]
    if not wanted:
        return None
    targets = sorted({(a.stand, a.slot) for a in hooks})
    chance = {t: max((know.chance(t, (c,)), c) for c in wanted) for t in targets}
    best = max(targets, key=lambda t: (chance[t][0], -t[0], -t[1]))
    odds, value = chance[best]
    if odds < least:
        return None
    return _hook_on(know, hooks, best, "hook_solo", odds, value=value)


def hook_look(
    know: Knowledge, legal: Sequence[Action], target: tuple[int, int], success: float
) -> tuple[Action, Explanation] | None:
    """The Grappling Hook on ``target``, the wire a risky guess (``success``) would aim at."""
    hooks = [a for a in legal if isinstance(a, Hook) and (a.stand, a.slot) == target]
    if not hooks:
        return None
    return _hook_on(know, hooks, target, "hook_look", success)
