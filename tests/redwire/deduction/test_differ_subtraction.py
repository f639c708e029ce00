"""A "differ" label the packed engine cannot take (two neighbours that may both be yellow, or both
red) counted by subtraction (``choice.differ_variants``, ``solver._solve_differ``: the label
dropped minus the label made "same", both walked by the packed engine), against brute force:
random spectator-like positions with labels read from the deal (``label_position``), the
routing's thresholds lowered so that every position the path can take takes it."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from engine.redwire.deduction import choice, solve
from engine.redwire.deduction.normalize import normalize
from engine.redwire.deduction.solution import Solution
from tests.redwire.deduction.oracle import enumerate_deals
from tests.redwire.deduction.test_oracle import check_odds, odds
from tests.redwire.deduction.test_packed_labels import label_position


def _subtracted(solution: Solution) -> bool:
    """Whether ``solution`` was counted by subtraction of a "differ" label (its second walk
    taken away)."""
    return bool(solution._differ) and any(walk.sign < 0 for walk in solution._walks)


def test_differ_label_by_subtraction_is_exact(monkeypatch: pytest.MonkeyPatch) -> None:
    """Totals, every slot's marginals, odds and drawn worlds against brute force on positions
    that take the path, with a second walk to take away (the label made "same" has worlds) on
    most of them and some positions with no world; a drawn world is drawn again while the two
    slots are of one class."""
    monkeypatch.setattr(choice, "DIRECT_WIDE_UP_TO", -1)
    monkeypatch.setattr(choice, "DIFFER_SHARE", 1e12)
    taken = subtracted = empty = seed = 0
    while taken < 60 and seed < 20000:
        seed += 1
        rng = random.Random(990_000 + seed)
        position = label_position(rng)
        norm = normalize(position)
        if not norm.feasible or choice.differ_variants(norm, None) is None:
            continue
        taken += 1
        truth = enumerate_deals(position)
        solution = solve(position)
        assert solution.total == truth.total, seed
        if not truth.total:
            empty += 1
            assert not solution.feasible
            continue
        subtracted += _subtracted(solution)
        for s, stand in enumerate(position.stands):
            for i in range(len(stand)):
                expected = {c: Fraction(n, truth.total) for c, n in truth.counts[(s, i)].items()}
                assert solution.code_probabilities((s, i)) == expected, (seed, s, i)
        for _ in range(5):
            assert solution.sample(rng) in truth.worlds
        check_odds(
            position, solution_odds=lambda a, found=solution: odds(found, a), truth=truth, rng=rng
        )
    assert taken >= 60 and subtracted >= 30 and empty >= 1, (taken, subtracted, empty)
