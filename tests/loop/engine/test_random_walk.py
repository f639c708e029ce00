"""Random games over 2-6 players, with invariants checked at every step (no-leak included)."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.loop import Options, new_game

from .walk import WalkStats, check_step, walk_game

CHUNKS = 3


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_walk(chunk: int, request: pytest.FixtureRequest) -> None:
    """Split in chunks so pytest-xdist spreads them over the cores."""
    total = request.config.getoption("--loop-walk-games")
    stats = WalkStats()
    for index in range(chunk, total, CHUNKS):
        walk_game(seed=index, players=2 + index % 5, stats=stats)
    assert stats.games == len(range(chunk, total, CHUNKS))


def test_random_walk_reaches_every_kind_of_action_and_outcome() -> None:
    stats = WalkStats()
    options = Options(max_rounds=40, allow_pass=True, fly_existing=True)
    for index in range(12):
        walk_game(
            seed=5_000 + index, players=2 + index % 5, stats=stats, checks=False, options=options
        )
    actions = {"draw", "end_draw", "discard", "declare", "free", "highlight", "seventh"}
    actions |= {"roll", "reroll", "assign", "stop"}
    assert actions <= set(stats.action_types), stats.action_types
    events = {"reshuffle", "registered", "not_registered", "bonus", "free_scored"}
    events |= {"free_failed", "all_plans", "game_over", "pass"}
    assert events <= set(stats.event_types), stats.event_types
    assert stats.results["free_flight"] >= 10


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(2, 6),
    seed=st.integers(0, 2**32 - 1),
    choices=st.lists(st.integers(0, 2**16), max_size=120),
)
def test_walk_shrinks_to_a_short_action_sequence(
    players: int, seed: int, choices: list[int]
) -> None:
    """Hypothesis drives the choices, so a failure shrinks to a minimal sequence of moves."""
    state = new_game(players, seed, options=Options(max_rounds=3))
    replayed = state
    for choice in choices:
        if state.is_over:
            break
        seat = state.to_move
        assert seat is not None
        legal = state.legal_actions(seat)
        action = legal[choice % len(legal)]
        after, events = state.apply(action)
        replayed, _ = replayed.apply_recorded(after.history[-1])
        check_step(state, action, after, events, replayed, random.Random(choice))
        state = after
