"""Random games over 2-5 players and the rule options, with invariants checked at every step."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.countdown import Options, new_game

from .walk import WalkStats, check_step, pick_action, walk_game, walk_options

CHUNKS = 4  # 20 games a chunk by default: enough for every ending


def chunk_games(chunk: int, total: int) -> list[int]:
    """The indices of the games of ``chunk``: one of each run of ``CHUNKS`` games, a different
    place in each run, so that every chunk gets its share of every fourth game's Points match
    (a whole match, the long ones) and of every player count; the chunks share out the games.

    >>> chunk_games(0, 12), chunk_games(3, 12)
    ([0, 5, 10], [3, 4, 9])
    >>> sorted(i for c in range(CHUNKS) for i in chunk_games(c, 10)) == list(range(10))
    True
    """
    return [
        index
        for run in range(0, total, CHUNKS)
        for index in [run + (chunk + run // CHUNKS) % CHUNKS]
        if index < total
    ]


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_walk(chunk: int, request: pytest.FixtureRequest) -> None:
    """The games are split in chunks so pytest-xdist spreads them over the cores."""
    total = request.config.getoption("--countdown-walks")
    stats = WalkStats()
    for index in chunk_games(chunk, total):
        walk_game(seed=index, players=2 + index % 4, stats=stats, options=walk_options(index))
    if stats.games >= 20:  # enough games for every ending to show up
        assert set(stats.endings) == {"defused", "countdown", "failed_defuse"}, stats.endings


def test_random_walk_reaches_every_card_and_decision() -> None:
    stats = WalkStats()
    for index in range(80):
        walk_game(
            seed=50_000 + index,
            players=2 + index % 4,
            stats=stats,
            checks=False,
            options=walk_options(index),
        )
    assert set(stats.action_types) == {
        "play", "wild", "end_play", "pick_wire", "place_cut", "pick_target", "take_card",
        "alarm_agent", "defuse", "no_defuse", "discard", "next_game",
    }, stats.action_types  # fmt: skip
    assert set(stats.cards_played) == {
        "analyze", "cut", "exit", "intercept", "timer", "double_timer", "alarm", "reenter", "bypass"
    }, stats.cards_played  # fmt: skip
    assert stats.reshuffles > 0 and stats.matches > 0


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(2, 5),
    seed=st.integers(0, 2**32 - 1),
    points=st.booleans(),
    choices=st.lists(st.integers(0, 2**16), max_size=120),
)
def test_walk_shrinks_to_a_short_action_sequence(
    players: int, seed: int, points: bool, choices: list[int]
) -> None:
    """Hypothesis drives the choices, so a failure shrinks to a minimal sequence of moves."""
    state = new_game(players, seed, options=Options(points=points, points_goal=2))
    replayed = state
    for choice in choices:
        if state.is_over:
            break
        seat = state.to_move
        assert seat is not None
        action = pick_action(state, seat, random.Random(choice), informed=0.5)
        after, events = state.apply(action)
        replayed, _ = replayed.apply(action)
        check_step(state, action, after, events, replayed, random.Random(choice))
        state = after
