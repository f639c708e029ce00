"""Exact random worlds: each world comes out with its exact probability.

The frequencies of many draws (fixed seeds, so the tests are deterministic) must sit within five
standard deviations of the brute-force probabilities; drawing worlds uniformly, or weighting them
without the known slots, would miss by far more on these positions.
"""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest

from engine.redwire.deduction import Pool, Position, Stand, solve
from tests.redwire.deduction.oracle import enumerate_deals
from tests.redwire.deduction.random_positions import RandomChooser, random_position

DRAWS = 3000


def assert_frequencies_match(position: Position, seed: int) -> None:
    truth = enumerate_deals(position)
    solution = solve(position)
    rng = random.Random(seed)
    drawn = Counter(solution.sample(rng) for _ in range(DRAWS))
    assert set(drawn) <= set(truth.worlds)
    for world, weight in truth.worlds.items():
        p = weight / truth.total
        spread = 5 * math.sqrt(DRAWS * p * (1 - p)) + 1
        assert abs(drawn[world] - DRAWS * p) <= spread, (world, drawn[world], DRAWS * p)


def test_deck_112_draws_a_one_one_stand_a_third_of_the_time() -> None:
    position = Position(Pool(((1, 2), (2, 1))), (Stand(0, (None, None)), Stand(1, (None,))))
    assert_frequencies_match(position, seed=1)
    solution, rng = solve(position), random.Random(2)
    drawn = Counter(solution.sample(rng) for _ in range(DRAWS))
    assert abs(drawn[((10, 10), (20,))] - DRAWS / 3) < 150  # uniform worlds would give 1500


def test_known_slot_trap_when_drawing() -> None:
    position = Position(Pool(((1, 2), (2, 1))), (Stand(0, (10, None), (0,)), Stand(1, (None,))))
    assert_frequencies_match(position, seed=3)


def test_random_positions_draw_worlds_with_their_probabilities() -> None:
    checked = 0
    seed = 0
    while checked < 12:
        position = random_position(RandomChooser(random.Random(10_000 + seed)))
        seed += 1
        worlds = enumerate_deals(position).worlds
        if len(worlds) >= 3:
            assert_frequencies_match(position, seed)
            checked += 1


def test_blank_stands_dealt_as_one_are_shared_out_with_their_probabilities() -> None:
    """Three blank stands of two sizes (dealt as one by ``symmetry``) beside a stand with a
    token: the merged stand's tiles must be shared out as a deal would."""
    pool = Pool(((1, 3), (2, 2), (3, 2)), (15,))
    stands = (Stand(0, (None, 20, None)), Stand(1, (None,) * 2), Stand(2, (None,) * 2))
    position = Position(pool, (*stands, Stand(3, (None,))))
    assert_frequencies_match(position, seed=5)


def test_stands_with_quotas_dealt_as_one_are_shared_out_with_their_probabilities() -> None:
    """Two stands with "exactly one red" of their own and two with no red (mission 13's dealing
    quotas), each pair dealt as one (``symmetry.exchangeable_groups``), beside a stand with a
    wire shown: the merged stands' tiles must be shared out as a deal would, one red each."""
    from engine.redwire.deduction import Count, SlotNotIn
    from engine.redwire.deduction.normalize import normalize
    from engine.redwire.deduction.symmetry import exchangeable_groups

    pool = Pool(((1, 3), (2, 3), (3, 2)), (15, 25))
    sizes = (3, 2, 2, 1)
    stands = (*(Stand(s, (None,) * n) for s, n in enumerate(sizes)), Stand(4, (None, 20)))
    quotas = [Count([(s, i) for i in range(sizes[s])], (15, 25), 1, 1) for s in (0, 1)]
    no_red = [SlotNotIn((s, i), (15, 25)) for s in (2, 3) for i in range(sizes[s])]
    position = Position(pool, stands, (*quotas, *no_red))
    groups = exchangeable_groups(normalize(position))
    assert [(g.stands, g.counts) for g in groups] == [((0, 1), (1, 1)), ((2, 3), (0, 0))]
    assert_frequencies_match(position, seed=7)


def test_worlds_drawn_by_rejection_meet_the_needs_counted_by_subtraction(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A need over many codes counted by subtraction: worlds are drawn without it and kept when
    they meet it, with the right frequencies."""
    from engine.redwire.deduction import AtLeastOne, choice, solver

    monkeypatch.setattr(solver, "SUBTRACT_OVER_NS", -1.0)
    monkeypatch.setattr(choice, "DIRECT_WIDE_UP_TO", -1)  # no position is small: no direct engine
    pool = Pool(((1, 2), (2, 2), (3, 2)), (15,))
    stands = (Stand(0, (None,) * 3), Stand(1, (None,) * 2), Stand(2, (None,) * 2))
    need = AtLeastOne([(1, 0), (2, 1)], (10, 15, 30))
    position = Position(pool, stands, (need,))
    assert len(solve(position)._walks) == 2
    assert_frequencies_match(position, seed=6)
