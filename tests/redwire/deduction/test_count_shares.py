"""A counted stand of a group dealt as one, read from the packed walk of the merged stand
(``symmetry.CountShareTables``: its level is a share of the merged stand's level and of its
counted tiles below each code, no walk of its own), against brute force: dealing quotas over
whole stands (mission 41's "one yellow on each stand", mission 13's "one red on each"), both
directions of the walk, a group's stands of one size or of several."""

from __future__ import annotations

import random
from fractions import Fraction

from engine.redwire.deduction import Position, solve
from engine.redwire.deduction.packed_passes import PackedTables
from engine.redwire.deduction.symmetry import CountShareTables
from tests.redwire.deduction.oracle import enumerate_deals
from tests.redwire.deduction.test_oracle import quota_position


def _shares(position: Position, mirrored: bool) -> tuple[int, bool]:
    """How many stands' marginals the packed engine's solve of ``position`` reads from counted
    shares (``CountShareTables``), and whether the merged stand of one of them is an explicit
    stand of the packed walk (a level digit; else it is the implicit one)."""
    solution = solve(position, mirrored=mirrored, engine="packed")
    shares = [w.tables for w in solution._walks if isinstance(w.tables, CountShareTables)]
    explicit = any(
        isinstance(t._tables, PackedTables) and t._merged in t._tables.plan.explicit for t in shares
    )
    return len(shares), explicit


def test_counted_shares_are_exact() -> None:
    """Every total, marginal and drawn world of positions whose counted stands are shares of a
    packed walk's merged stand is brute force's, walked both ways."""
    checked = {False: 0, True: 0}
    explicit = 0  # positions whose merged stand is a level digit (most are the implicit stand)
    seed = 0
    while (min(checked.values()) < 25 or explicit < 3) and seed < 3000:
        seed += 1
        rng = random.Random(730_000 + seed)
        position = quota_position(rng)
        for mirrored in (False, True):
            shares, on_digit = _shares(position, mirrored)
            if not shares:
                continue
            explicit += on_digit
            truth = enumerate_deals(position)
            solution = solve(position, mirrored=mirrored, engine="packed")
            assert solution.total == truth.total
            for s, stand in enumerate(position.stands):
                for i in range(len(stand)):
                    expected = {
                        c: Fraction(n, truth.total) for c, n in truth.counts[(s, i)].items()
                    }
                    assert solution.code_probabilities((s, i)) == expected, (seed, s, i)
            assert solution.sample(rng) in truth.worlds
            checked[mirrored] += 1
    assert min(checked.values()) >= 25 and explicit >= 3, (checked, explicit)
