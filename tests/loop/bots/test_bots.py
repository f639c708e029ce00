"""Bots: legal, deterministic, blind to what their seat cannot see, each move explained."""

from __future__ import annotations

import random

import pytest

from engine.loop import Options, new_game
from engine.loop.bots import KEYS, bot_names, make_bot
from tests.loop.engine.walk import hidden_twin

from .positions import decisions

LEVELS = ["random", "basic", "strong"]


def test_the_levels() -> None:
    assert bot_names() == sorted(LEVELS)
    with pytest.raises(KeyError, match="unknown bot 'expert'"):
        make_bot("expert")


@pytest.mark.parametrize("players", [2, 4, 6])
def test_every_level_plays_whole_games_legally_and_explains_each_move(players: int) -> None:
    state = new_game(players, 40 + players, options=Options(max_rounds=25))
    bots = [make_bot(LEVELS[seat % 3], seat) for seat in range(players)]
    moves = 0
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        legal = state.legal_actions(seat)
        action = bots[seat].choose(state.observation(seat), legal)
        assert action in legal
        why = bots[seat].explain()
        assert why.key in KEYS and why.text.endswith(".") and "{" not in why.text
        assert why.to_json()["text"] == why.text
        state, _ = state.apply(action)
        moves += 1
    assert moves > 50 and state.result is not None


@pytest.mark.parametrize("level", LEVELS)
def test_the_same_seed_gives_the_same_choices(level: str) -> None:
    first, second = make_bot(level, 9), make_bot(level, 9)
    for n, d in enumerate(decisions(3, 21, every=0.5, limit=250)):
        observation = d.state.observation(d.seat)
        assert first.choose(observation, d.legal) == second.choose(observation, d.legal), n
        assert first.explain() == second.explain()


@pytest.mark.parametrize("level", LEVELS)
def test_a_twin_observation_gets_the_same_choice(level: str) -> None:
    """Others' hands and the draw piles scrambled: the choice cannot change."""
    rng = random.Random(level)
    checked = 0
    for players in (2, 3, 5):
        for n, d in enumerate(decisions(players, 7 * players, every=0.35, limit=200)):
            twin = hidden_twin(d.state, d.seat, rng)
            assert twin.legal_actions(d.seat) == d.legal
            assert twin.observation(d.seat) == d.state.observation(d.seat)
            first, second = make_bot(level, n), make_bot(level, n)
            action = first.choose(d.state.observation(d.seat), d.legal)
            assert second.choose(twin.observation(d.seat), d.legal) == action
            assert second.explain() == first.explain()
            checked += 1
    assert checked >= 40
