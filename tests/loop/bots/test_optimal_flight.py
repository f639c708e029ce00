"""The strong bot flies optimally: at every decision of random flights its move reaches the value
of the best legal move, as an independent brute-force expectimax over the rules computes it
(tests/loop/odds/reference.py: every ordered die outcome, every subset, the 7th die at any
moment)."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import product

from engine.loop import GameState, Options, Status, random_setup, start
from engine.loop.actions import (
    Action,
    Assign,
    Declare,
    DeclareFree,
    Highlight,
    Reroll,
    Roll,
    SeventhDie,
)
from engine.loop.bots import make_bot
from engine.loop.bots.values import TOKEN_VALUE
from engine.loop.odds import position_of
from engine.loop.solver import Position, Spec
from tests.loop.helpers import board, deal, register_all
from tests.loop.odds.reference import Reference

FLIGHT = ("pre_roll", "rolled", "landing")


def reference_for(state: GameState) -> Reference:
    """The objective of the flight in progress, as the strong bot values it."""
    seat = state.active
    flight = state.flight
    assert flight is not None
    value = Fraction(TOKEN_VALUE).limit_denominator()
    any_time = state.setup.options.seventh_die_timing == "any"
    bonus = state.supply > 0
    if flight.kind == "free":
        worst = min(b[seat] or 0 for b in state.best.values())
        return Reference("free", value, worst=worst, bonus=bonus, seventh_any_time=any_time)
    assert flight.plan is not None
    bests = state.best[flight.plan]
    return Reference(
        "plan",
        value,
        old=bests[seat],
        table=max((b for b in bests if b is not None), default=None),
        first12_open=state.first12[flight.plan] is None,
        record_own=state.setup.options.record_bonus == "own",
        bonus=bonus,
        seventh_any_time=any_time,
    )


def _without(cards: tuple[Spec, ...], spec: Spec) -> tuple[Spec, ...]:
    rest = list(cards)
    rest.remove(spec)
    return tuple(rest)


def action_value(
    ref: Reference, state: GameState, p: Position, roll: tuple[int, ...] | None, action: Action
) -> Fraction:
    """The exact value of taking ``action`` now, by the reference."""
    phase = state.phase.value
    key = (p.cards, p.pool, p.points, p.top, p.done, p.tokens, p.seventh)
    if phase == "landing":
        if isinstance(action, SeventhDie):
            return ref.landed(p.points, p.top, p.pool + 1, p.tokens - 1)
        return ref.landed(p.points, p.top, p.pool, p.tokens)
    if phase == "pre_roll":
        if isinstance(action, Roll):
            outcomes = list(product(range(1, 7), repeat=min(3, p.pool)))
            total = sum((ref.rolled(*key, tuple(sorted(o))) for o in outcomes), Fraction(0))
            return total / len(outcomes)
        if isinstance(action, SeventhDie):
            return ref.pre(p.cards, p.pool + 1, p.points, p.top, p.done, p.tokens - 1, False)
        return ref.ended_early(p.done, len(p.cards), p.tokens)
    assert roll is not None and state.flight is not None
    if isinstance(action, Assign):
        card = state.card[action.card]
        spec = Spec(card.difficulty, card.exact, card.over, action.card == state.flight.highlight)
        total = sum(action.dice)
        gained = card.exact if total == card.difficulty else card.over
        top = max(p.top, gained) if state.flight.kind == "free" else 0
        rest = _without(p.cards, spec)
        return ref.pre(
            rest, p.pool - len(action.dice), p.points + gained, top, p.done + 1, p.tokens, p.seventh
        )
    if isinstance(action, Reroll):
        kept = list(roll)
        for value in action.dice:
            kept.remove(value)
        outcomes = list(product(range(1, 7), repeat=len(action.dice)))
        fewer = (p.cards, p.pool, p.points, p.top, p.done, p.tokens - 1, p.seventh)
        total = sum((ref.rolled(*fewer, tuple(sorted((*kept, *o)))) for o in outcomes), Fraction(0))
        return total / len(outcomes)
    if isinstance(action, SeventhDie):
        return ref.rolled(p.cards, p.pool + 1, p.points, p.top, p.done, p.tokens - 1, False, roll)
    return ref.ended_early(p.done, len(p.cards), p.tokens)


def check_flight(state: GameState, rng: random.Random, strong: object) -> int:
    """Play the flight in progress to its end (random moves), checking every decision."""
    ref = reference_for(state)
    checked = 0
    while state.phase.value in FLIGHT:
        seat = state.active
        legal = state.legal_actions(seat)
        observation = state.observation(seat)
        position, roll = position_of(observation)
        values = [action_value(ref, state, position, roll, a) for a in legal]
        chosen = strong.choose(observation, legal)  # type: ignore[attr-defined]
        best = max(values)
        got = values[legal.index(chosen)]
        assert abs(float(got) - float(best)) < 1e-9, (chosen, float(got), float(best), legal)
        checked += 1
        state, _ = state.apply(rng.choice(legal) if rng.random() < 0.5 else chosen)
    return checked


def plan_flights(rng: random.Random) -> list[GameState]:
    out = []
    for n in range(7):
        state = start(random_setup(2 + n % 3, 300 + n, first=0))
        seat = 0
        tokens = rng.choice([0, 0, 1, 1, 2])
        declares = [a for a in state.legal_actions(seat) if isinstance(a, Declare)]
        if not declares:
            continue
        action = rng.choice(declares)
        extra: dict[str, object] = {"tokens": {seat: tokens}}
        if rng.random() < 0.5:
            extra["best"] = {action.plan: {seat: rng.choice([8, 11, 14]), 1: rng.choice([10, 13])}}
            extra["first12"] = {action.plan: 1}
        state = board(state, **extra)  # type: ignore[arg-type]
        if tokens == 2:  # keep the brute force small: two tokens only for two cards left
            state, _ = state.apply(action)
            state, _ = state.apply(Roll(seat))
            assigns = [a for a in state.legal_actions(seat) if isinstance(a, Assign)]
            if not assigns:
                continue
            state, _ = state.apply(rng.choice(assigns))
            if state.phase.value not in FLIGHT:
                continue
            out.append(state)
        else:
            out.append(state.apply(action)[0])
    return out


def free_flights(rng: random.Random) -> list[GameState]:
    out = []
    light = ["red9a", "blue12a", "green6a", "yellow5a", "red4a", "blue3a"]
    for _ in range(6):
        hand = rng.sample(light, 6)
        options = Options(seventh_die_timing=rng.choice(["any", "before_roll"]))
        state = register_all(deal(2, {0: hand}, options=options), 0, rng.choice([9, 12]))
        state = board(state, status={0: Status.FREE}, tokens={0: rng.choice([0, 1])})
        frees = [
            a for a in state.legal_actions(0) if isinstance(a, DeclareFree) and len(a.cards) == 3
        ]
        state, _ = state.apply(rng.choice(frees))
        highlights = [a for a in state.legal_actions(0) if isinstance(a, Highlight)]
        state, _ = state.apply(rng.choice(highlights))
        out.append(state)
    return out


def test_the_strong_bot_flies_plans_optimally() -> None:
    rng = random.Random(3)
    strong = make_bot("strong", 1)
    checked = sum(check_flight(state, rng, strong) for state in plan_flights(rng))
    assert checked >= 25


def test_the_strong_bot_flies_free_flights_optimally() -> None:
    rng = random.Random(4)
    strong = make_bot("strong", 1)
    checked = sum(check_flight(state, rng, strong) for state in free_flights(rng))
    assert checked >= 20
