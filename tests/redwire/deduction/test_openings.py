"""Real openings, too large for brute force: identities every exact answer must satisfy."""

from __future__ import annotations

import math
import random
from fractions import Fraction
from itertools import combinations

import pytest

from engine.redwire.deduction import RED, YELLOW, Position, solve
from engine.redwire.deduction.codes import class_of, is_blue
from engine.redwire.deduction.normalize import normalize
from engine.redwire.deduction.packed_plan import PackedPlan
from engine.redwire.deduction.solver import plan_for
from tests.redwire.deduction.dealing import Game, deal, midgame, mission_pool, opening, token_slots


def game_for(mission: int, players: int, seed: int) -> Game:
    rng = random.Random(seed)
    return deal(mission_pool(mission, rng), players, rng)


def closed_form_total(position: Position) -> int:
    """Physical deals when nothing but the viewer's stands is known: the viewer's blue tiles can be
    any copies (n! / ((n - k)! prod(k_stand!)) ways per value, the k_stand on each of his stands),
    every kept subset holding the viewer's candidates is possible, and the hidden tiles go to the
    hidden stands in H! / prod(h!) ways."""
    known = [c for stand in position.stands for c in stand.slots if c is not None]
    copies = 1
    for value, n in position.pool.blue:
        per_stand = [stand.slots.count(10 * value) for stand in position.stands]
        ways = math.factorial(n) // math.factorial(n - sum(per_stand))
        for k in per_stand:
            ways //= math.factorial(k)
        copies *= ways
    subsets = 1
    for group in position.pool.groups:
        held = [c for c in group.candidates if c in known]
        subsets *= sum(
            1 for kept in combinations(group.candidates, group.keep) if set(held) <= set(kept)
        )
    hidden = [sum(c is None for c in stand.slots) for stand in position.stands]
    split = math.factorial(sum(hidden))
    for h in hidden:
        split //= math.factorial(h)
    return subsets * copies * split


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3), (5, 4)])
def test_token_less_opening_total_is_the_closed_form(players: int, seed: int) -> None:
    position = opening(game_for(8, players, seed), viewer=0)
    assert solve(position).total == closed_form_total(position)


@pytest.mark.parametrize(
    ("mission", "players", "seed"), [(8, 5, 11), (8, 4, 12), (5, 3, 13), (1, 2, 14)]
)
def test_opening_marginals_are_consistent(mission: int, players: int, seed: int) -> None:
    rng = random.Random(seed)
    game = game_for(mission, players, seed)
    position = opening(game, viewer=0, tokens=token_slots(game, rng))
    solution = solve(position)
    expected: dict[int, Fraction] = {class_of(10 * v): Fraction(n) for v, n in position.pool.blue}
    expected[YELLOW] = Fraction(sum(1 for c in position.pool.certain if class_of(c) == YELLOW))
    expected[RED] = Fraction(sum(1 for c in position.pool.certain if class_of(c) == RED))
    for group in position.pool.groups:
        expected[class_of(group.candidates[0])] += group.keep
    totals: dict[int, Fraction] = {}
    for s, stand in enumerate(position.stands):
        for i in range(len(stand)):
            probabilities = solution.class_probabilities((s, i))
            assert sum(probabilities.values()) == 1
            assert (
                probabilities.get(class_of(game.stands[s][i]), 0) > 0
            )  # the true tile is possible
            for cls, p in probabilities.items():
                totals[cls] = totals.get(cls, 0) + p
    assert {c: p for c, p in totals.items() if p} == {c: n for c, n in expected.items() if n}
    world = solution.sample(rng)
    for s, stand in enumerate(position.stands):
        assert list(world[s]) == sorted(world[s])
        assert all(k is None or k == c for k, c in zip(stand.slots, world[s], strict=True))
    assert sorted(c for hand in world for c in hand if is_blue(c)) == sorted(
        10 * v for v, n in position.pool.blue for _ in range(n)
    )


def both_engines_agree(position: Position) -> None:
    """The sparse and the packed engine give the same total and the same marginal of every slot
    (positions too large for the brute force, where the engines share nothing but ``normalize``
    and ``levels``)."""
    plan, _ = plan_for(position, engine="packed")
    assert isinstance(plan, PackedPlan)  # the packed engine does take it
    sparse = solve(position, engine="sparse")
    packed = solve(position, engine="packed")
    assert sparse.total == packed.total > 0
    for s, stand in enumerate(position.stands):
        for i in range(len(stand)):
            assert sparse.code_probabilities((s, i)) == packed.code_probabilities((s, i)), (s, i)


@pytest.mark.parametrize("seed", [72, 79])
def test_engines_agree_on_five_player_openings(seed: int) -> None:
    game = game_for(8, 5, seed)
    position = opening(game, viewer=0, tokens=token_slots(game, random.Random(seed)))
    both_engines_agree(position)


@pytest.mark.parametrize("seed", [4, 6])
def test_engines_agree_on_mid_games(seed: int) -> None:
    """Cut wires, failure tokens and "the actor holds the value" facts (need flags, packed)."""
    game = game_for(8, 5, seed)
    position = midgame(game, 0, 6, random.Random(seed))
    assert normalize(position).needs
    both_engines_agree(position)


def test_a_five_player_opening_takes_the_packed_engine() -> None:
    """The cost estimate sends the hardest opening to the packed engine."""
    game = game_for(8, 5, 3)
    position = opening(game, viewer=0, tokens=token_slots(game, random.Random(3)))
    plan, _ = plan_for(position)
    assert isinstance(plan, PackedPlan)
