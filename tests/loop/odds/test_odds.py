"""Exact probabilities checked against exhaustive enumeration (fractions throughout)."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations, product

import pytest

from engine.loop import load_cards
from engine.loop.odds import roll_odds
from engine.loop.solver import Objective, Position, Solver, Spec

from .reference import Reference

SPEC_TABLE = {  # spec §2.5: d -> (P exact, P reach) with three dice, three decimals
    3: (0.537, 1.000),
    4: (0.606, 0.995),
    5: (0.671, 0.981),
    6: (0.750, 0.954),
    7: (0.486, 0.907),
    8: (0.449, 0.838),
    9: (0.394, 0.741),
    10: (0.338, 0.625),
    11: (0.264, 0.500),
    12: (0.190, 0.375),
    13: (0.097, 0.259),
}


def brute(difficulty: int, dice: int) -> tuple[Fraction, Fraction]:
    exact = reach = 0
    outcomes = list(product(range(1, 7), repeat=dice))
    for roll in outcomes:
        sums = {sum(c) for k in range(1, dice + 1) for c in combinations(roll, k)}
        exact += difficulty in sums
        reach += max(sums) >= difficulty
    return Fraction(exact, len(outcomes)), Fraction(reach, len(outcomes))


@pytest.mark.parametrize("dice", [1, 2, 3])
def test_one_card_one_roll_matches_enumeration(dice: int) -> None:
    for difficulty in range(1, 19):
        odds = roll_odds(difficulty, dice)
        assert (odds.exact, odds.reach) == brute(difficulty, dice), difficulty
        assert odds.min_dice == -(-difficulty // 6)


def test_the_spec_table_of_one_roll_odds() -> None:
    for difficulty, (exact, reach) in SPEC_TABLE.items():
        odds = roll_odds(difficulty)
        assert (round(float(odds.exact), 3), round(float(odds.reach), 3)) == (exact, reach)


SPECS = sorted({Spec(c.difficulty, c.exact, c.over) for c in load_cards()})


def random_case(rng: random.Random) -> tuple[Reference, Objective, Position, bool]:
    kind = rng.choice(["plan", "plan", "free"])
    value = rng.choice([Fraction(0), Fraction(3, 2), Fraction(2)])
    seventh_any = rng.random() < 0.7
    if kind == "plan":
        count = rng.choice([1, 2, 2, 3])
        tokens = rng.choice([0, 1, 1, 2]) if count < 3 else rng.choice([0, 1])
        cards = tuple(rng.choice(SPECS) for _ in range(count))
        old = rng.choice([None, None, 9, 12, 16])
        table = rng.choice([None, 14]) if old is None else max(old, rng.choice([old, 17]))
        first12, own, bonus = rng.random() < 0.6, rng.random() < 0.3, rng.random() < 0.8
        done = 3 - count
        points = sum(rng.choice([s.exact, s.over]) for s in rng.sample(SPECS, done))
        pool = rng.randint(max(1, count), 6 - done) if done else 6
        reference = Reference(
            kind,
            value,
            old=old,
            table=table,
            first12_open=first12,
            record_own=own,
            bonus=bonus,
            seventh_any_time=seventh_any,
        )
        objective = Objective(
            "plan",
            value,
            old=old,
            table=table,
            first12_open=first12,
            record_mode="own" if own else "table",
            bonus=bonus,
        )
        top = 0
    else:
        count = rng.choice([1, 2, 3])
        tokens = rng.choice([0, 1]) if count == 3 else rng.choice([0, 1, 2])
        light = [s for s in SPECS if s.difficulty <= 9]
        cards = tuple(rng.choice(light) for _ in range(count))
        if rng.random() < 0.8:
            cards = (cards[0]._replace(highlighted=True), *cards[1:])
        done = rng.randint(0, 2)
        points = rng.randint(0, 8) if done else 0
        top = min(points, rng.randint(0, 6))
        pool = rng.randint(1, 5)
        worst = rng.choice([8, 10, 14])
        bonus = rng.random() < 0.8
        reference = Reference("free", value, worst=worst, bonus=bonus, seventh_any_time=seventh_any)
        objective = Objective("free", value, worst=worst, bonus=bonus)
    seventh = rng.random() < 0.7
    position = Position(cards, pool, points, top, done, tokens, seventh)
    return reference, objective, position, seventh_any


def test_the_flight_solver_matches_brute_force_expectimax() -> None:
    rng = random.Random(12)
    checked = 0
    for _ in range(25):
        reference, objective, p, seventh_any = random_case(rng)
        solver = Solver(objective, seventh_any_time=seventh_any, exact=True)
        expected = reference.pre(p.cards, p.pool, p.points, p.top, p.done, p.tokens, p.seventh)
        assert solver.value(p) == expected, (p, objective)
        floats = Solver(objective, seventh_any_time=seventh_any)
        assert abs(float(floats.value(p)) - float(expected)) < 1e-9
        checked += 1
    assert checked == 25


def test_the_solver_after_a_roll_matches_brute_force() -> None:
    rng = random.Random(5)
    for _ in range(15):
        reference, objective, p, seventh_any = random_case(rng)
        roll = tuple(sorted(rng.randint(1, 6) for _ in range(min(3, p.pool))))
        solver = Solver(objective, seventh_any_time=seventh_any, exact=True)
        expected = reference.rolled(
            p.cards, p.pool, p.points, p.top, p.done, p.tokens, p.seventh, roll
        )
        assert solver.value(p, roll) == expected, (p, roll, objective)
        assert solver.decide_rolled(p, roll).value == expected


def test_the_odds_of_a_last_card_are_its_roll_odds() -> None:
    for spec in SPECS:
        for pool in (1, 2, 3, 5):
            solver = Solver(Objective("plan", 0), exact=True)
            p = Position((spec,), pool=pool, points=12, done=2, seventh=False)
            odds = solver.odds(p)
            assert odds.success == roll_odds(spec.difficulty, min(3, pool)).reach


def test_odds_are_consistent_with_the_value() -> None:
    cards = (Spec(7, 4, 2), Spec(12, 10, 4), Spec(4, 2, 1))  # the seed's worked example
    solver = Solver(Objective("plan", Fraction(0), bonus=False), exact=True)
    odds = solver.odds(Position(cards))
    assert odds.value == odds.points and 0 < odds.registered <= odds.success < 1
    assert odds.tokens == 0
    # With fractions, the chance is an exact rational.
    assert isinstance(odds.success, Fraction)
