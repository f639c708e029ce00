"""Mission 64's flipped pairs: the solver against the rule itself (``flipped_physical``).

A seat's two flipped wires are one unordered pair of his tiles, any pair equally likely; a pair
of equal values is one draw, not two. The solver deals the pair as one sorted place of two slots
(``Order(.., together=True)``); the physical model deals tiles, draws every pair of a seat's
tiles and lays them out by the rule. Both must give the same marginals, for a seat (who sees the
others' pairs, not his own) and for the spectator, on small decks where equal pairs are likely and
on late positions of real games of mission 64 (2 and 3 players). Each check also asserts that
the model counting an equal pair twice gives other marginals there, so it tells them apart.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from engine.redwire.deduction import Order, Pool, Position, Stand, position_from_observation, solve
from tests.redwire.deduction.flipped_physical import (
    Layout,
    marginals,
    physical_truth,
    small_worlds,
)
from tests.redwire.deduction.real_games import play_game

Seen = dict[tuple[int, int], int]


def _position(values: int, layout: Layout, seen: Seen, viewer: int | None) -> Position:
    """The solver's position: one stand a seat, his pair at both ends (unsorted, in order)."""
    stands = []
    facts = []
    for s, codes in enumerate(layout):
        n = len(codes)
        shown = tuple(codes[i] if (s, i) in seen else None for i in range(n))
        stands.append(Stand(s, shown, unsorted=frozenset({0, n - 1})))
        facts.append(Order((s, 0), (s, n - 1), together=True))
    return Position(Pool.standard(range(1, values + 1)), tuple(stands), tuple(facts), viewer)


def _seen(layout: Layout, viewer: int | None, rng: random.Random) -> Seen:
    """What the viewer sees: a seat his own sorted wires and every other seat's pair; the
    spectator a few wires cut in the middle of the stands."""
    seen: Seen = {}
    for s, codes in enumerate(layout):
        ends = (0, len(codes) - 1)
        for i, code in enumerate(codes):
            if viewer is None:
                if i not in ends and rng.random() < 0.3:
                    seen[(s, i)] = code
            elif (s == viewer) != (i in ends):
                seen[(s, i)] = code
    return seen


def _twice(worlds: dict[Layout, Fraction]) -> dict[Layout, Fraction]:
    """The defective weights: a layout whose pair of a seat is equal counted twice (once each
    way round), as two one-slot places with ``left <= right`` counted it."""
    return {
        layout: p * 2 ** sum(codes[0] == codes[-1] for codes in layout)
        for layout, p in worlds.items()
    }


@pytest.mark.parametrize(("values", "sizes"), [(2, [4, 4]), (3, [6, 6]), (3, [5, 7])])
def test_small_decks_read_the_flipped_pairs_as_the_rule_deals_them(
    values: int, sizes: list[int]
) -> None:
    worlds = small_worlds(values, sizes)
    twice = _twice(worlds)
    rng = random.Random(64 * values + sum(sizes))
    layouts = sorted(worlds)
    told_apart = 0
    for _ in range(4):
        true = rng.choice(layouts)
        for viewer in (None, 0, 1):
            seen = _seen(true, viewer, rng)
            truth = marginals(worlds, seen)
            solution = solve(_position(values, true, seen, viewer))
            assert {slot: solution.code_probabilities(slot) for slot in truth} == truth
            told_apart += marginals(twice, seen) != truth
    assert told_apart >= 4  # equal pairs were possible, and their weight mattered


@pytest.mark.parametrize(
    ("players", "seed", "positions"),
    [
        (2, 1, [(41, 1), (40, 1)]),  # a seat's own pair over his two stands
        (3, 1, [(45, None), (43, None)]),  # the spectator
    ],
)
def test_late_positions_of_real_games_read_the_flipped_pairs_as_the_rule_deals_them(
    players: int, seed: int, positions: list[tuple[int, int | None]]
) -> None:
    game = play_game(64, players, seed, ("expert",) * players)
    for k, viewer in positions:
        truth = physical_truth(game, k, viewer, 30)
        assert truth is not None and truth.worlds >= 2
        solution = solve(position_from_observation(game.states[k].observation(viewer)))
        assert {slot: solution.code_probabilities(slot) for slot in truth.marginals} == (
            truth.marginals
        ), (k, viewer)
        assert truth.two_places != truth.marginals, (k, viewer)  # an equal pair weighs here
