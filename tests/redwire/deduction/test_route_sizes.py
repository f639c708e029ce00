"""The routing's first-solve estimate (``choice.walk_sizes``) against brute force: it re-lays and
narrows the packed plan before the solve does (``packed_passes.sized`` then finds them made), so
random small positions of every kind are solved with every choice a refined close call (the
direct engine kept out, ``BIG_NS`` 0, ``CLEAR`` past any ratio), the packed engine taken after
it, every plan re-laid and every code's slots as narrow as its bounds allow: totals, marginals
and drawn worlds are brute force's."""

from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction

import pytest

from engine.redwire.deduction import Position, choice, packed_passes, solve
from engine.redwire.deduction.packed_plan import PackedPlan
from engine.redwire.deduction.packing import forget_masks
from tests.redwire.deduction.oracle import enumerate_deals
from tests.redwire.deduction.test_packed_relayout import GENERATOR_IDS, GENERATORS


@pytest.fixture
def refined(monkeypatch: pytest.MonkeyPatch) -> list[tuple[PackedPlan, choice.WalkSizes]]:
    """Every default solve through ``_refine`` to the packed engine, plans re-laid and narrowed
    as far as they go; the plans ``walk_sizes`` sized, with their sizes."""
    for name, value in (
        ("DIRECT_BELOW", 0),
        ("DIRECT_NEEDS", 1 << 30),
        ("DIRECT_FIXED_MS", 1e12),
        ("DIRECT_WIDE_UP_TO", 1 << 62),
        ("BIG_NS", -1.0),
        ("CLEAR", float("inf")),
        ("PACKED_FIXED_MS", -1e12),  # the packed engine taken after the refined call
    ):
        monkeypatch.setattr(choice, name, value)
    for name, value in (
        ("WIDTH_STEP", 1),
        ("NARROW_BYTES", 0),
        ("RELAYOUT_GAIN", 0.0),
        ("RELAYOUT_BYTES", 0),
    ):
        monkeypatch.setattr(packed_passes, name, value)
    found: list[tuple[PackedPlan, choice.WalkSizes]] = []
    walk_sizes = choice.walk_sizes

    def recording(plan: PackedPlan) -> choice.WalkSizes:
        sizes = walk_sizes(plan)
        found.append((plan, sizes))
        return sizes

    monkeypatch.setattr(choice, "walk_sizes", recording)
    return found


@pytest.mark.parametrize(
    ("kind", "generator"),
    GENERATORS,
    ids=GENERATOR_IDS,
)
def test_refined_plans_solve_exactly(
    refined: list[tuple[PackedPlan, choice.WalkSizes]],
    kind: int,
    generator: Callable[[random.Random], Position],
) -> None:
    """Random small positions of each kind: the solver's answers are brute force's after
    ``walk_sizes`` re-laid and narrowed their plans, and most plans were sized so, each with
    bytes to sweep and masks to make (a first solve: the masks' cache emptied per position)."""
    checked = spread = 0
    for seed in range(30):
        rng = random.Random(520_000 + 1000 * kind + seed)
        position = generator(rng)
        before = len(refined)
        forget_masks()
        solution = solve(position)
        truth = enumerate_deals(position)
        assert solution.total == truth.total
        if truth.total:
            for s, stand in enumerate(position.stands):
                for i in range(len(stand)):
                    expected = {c: Fraction(n, truth.total) for c, n in truth.counts[s, i].items()}
                    assert solution.code_probabilities((s, i)) == expected, (seed, s, i)
            assert solution.sample(rng) in truth.worlds
        for plan, sizes in refined[before:]:
            assert plan.forward_bytes and plan.sized  # the solve walked the plan sized here
            assert (sizes.swept > 0) == bool(plan.ops)
            assert sizes.live or not truth.total or len(refined) > before + 1
            assert 0 <= sizes.live <= sizes.reached
            spread += sizes.spread > 0
        checked += len(refined) > before
    assert checked >= 15, (kind, checked)
    assert spread >= checked // 2, (kind, spread)
