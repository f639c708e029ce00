"""The packed engine's exact counts (``Tally`` with ``low == high``: a counter digit each),
against brute force: random positions and dealing quotas (mission 41's "one yellow on each
stand", mission 13's "one red on each"), where the count's stand is explicit and where it is the
implicit one (a count over the whole stand: every counted copy dealt to it moves its counter)."""

from __future__ import annotations

import random

from engine.redwire.deduction.normalize import normalize
from engine.redwire.deduction.packed_plan import PackedPlan
from engine.redwire.deduction.solver import plan_for
from tests.redwire.deduction.random_positions import RandomChooser, random_position
from tests.redwire.deduction.test_oracle import check_against_oracle, quota_position


def _counted_plan(position) -> tuple[bool, bool] | None:  # type: ignore[no-untyped-def]
    """``(a count on an explicit stand, a count on the implicit stand)`` when the packed engine
    takes ``position`` with exact counts, else ``None``."""
    norm = normalize(position)
    if not norm.feasible or not norm.tallies:
        return None
    plan, _ = plan_for(position, engine="packed")
    if not isinstance(plan, PackedPlan) or plan.final < 0:
        return None
    counted = {s for tally in norm.tallies for s in tally.slots}
    return bool(counted & set(plan.explicit)), plan.implicit in counted


def test_packed_engine_counts_exactly_on_quota_positions() -> None:
    """Dealing quotas over whole stands: the packed engine takes them, with the counted stand
    implicit in some, and every total, marginal, odds and drawn world is brute force's (every
    engine and direction: ``check_against_oracle``)."""
    kinds: set[tuple[bool, bool]] = set()
    checked = 0
    seed = 0
    while checked < 40 and seed < 2000:
        seed += 1
        rng = random.Random(510_000 + seed)
        position = quota_position(rng)
        kind = _counted_plan(position)
        if kind is None:
            continue
        kinds.add(kind)
        check_against_oracle(position, rng)
        checked += 1
    assert checked == 40
    assert (True, True) in kinds and any(explicit for explicit, _ in kinds), kinds


def test_packed_engine_counts_exactly_on_random_positions() -> None:
    """Random positions whose facts leave exact counts (over part of a stand or several): the
    packed engine's answers are brute force's."""
    checked = 0
    for seed in range(3000):
        rng = random.Random(520_000 + seed)
        position = random_position(RandomChooser(rng))
        if _counted_plan(position) is None:
            continue
        check_against_oracle(position, rng)
        checked += 1
        if checked == 40:
            break
    assert checked >= 20, checked
