"""Bots: legal and explained moves, determinism, and choices that never depend on hidden cards."""

from __future__ import annotations

import random

import pytest

from engine.countdown import GameState, Options, new_game
from engine.countdown.actions import Action
from engine.countdown.bots import KEYS, bot_names, make_bot
from tests.countdown.engine.walk import hidden_twin

LEVELS = ("random", "basic", "strong")


def play_out(
    players: int, seed: int, levels: list[str], options: Options | None = None
) -> tuple[GameState, list[tuple[int, Action, str]]]:
    game = new_game(players, seed, options=options)
    bots = [make_bot(level, seed * 8 + seat) for seat, level in enumerate(levels)]
    moves = []
    while not game.is_over:
        seat = game.to_move
        assert seat is not None
        legal = game.legal_actions(seat)
        action = bots[seat].choose(game.observation(seat), legal)
        assert action in legal
        why = bots[seat].explain()
        assert why.key in KEYS and why.text and why.text[0].isupper(), why
        moves.append((seat, action, why.text))
        game, _ = game.apply(action)
    return game, moves


def test_the_levels() -> None:
    assert bot_names() == ["basic", "random", "strong"]
    with pytest.raises(KeyError, match="unknown bot"):
        make_bot("genius")


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_level_plays_whole_games_legally_with_a_reason_for_each_move(players: int) -> None:
    for seed in range(3):
        levels = [LEVELS[(seed + k) % 3] for k in range(players)]
        game, moves = play_out(players, 100 * players + seed, levels)
        assert game.is_over and moves


def test_bots_play_a_points_match_and_the_rule_option() -> None:
    options = Options(points=True, points_goal=4, mascot_count_alarm_exits=False)
    game, _ = play_out(3, 17, ["strong", "basic", "random"], options)
    assert game.result is not None and game.result["match_winner"] in range(3)
    assert game.game >= 2


@pytest.mark.parametrize("level", LEVELS)
def test_the_same_seed_and_questions_give_the_same_answers(level: str) -> None:
    first, moves_a = play_out(4, 31, [level] * 4)
    second, moves_b = play_out(4, 31, [level] * 4)
    assert moves_a == moves_b and first.record == second.record


def test_a_twin_observation_gets_the_same_choice() -> None:
    """A bot's choice never depends on what its seat cannot see: fed the observation of a twin
    game (other hands, the deck, unscanned wires and the spares scrambled, other seats' secrets
    replaced), a bot with the same seed makes the same choice for the same reason."""
    rng = random.Random(5)
    checked = 0
    for players in (2, 3, 4, 5):
        game = new_game(players, 40 + players)
        driver = [make_bot("basic", k) for k in range(players)]
        step = 0
        while not game.is_over:
            seat = game.to_move
            assert seat is not None
            legal = game.legal_actions(seat)
            if step % 3 == 0:
                twin = hidden_twin(game, seat, rng)
                assert twin.legal_actions(seat) == legal
                for level in LEVELS:
                    a, b = make_bot(level, step), make_bot(level, step)
                    action = a.choose(game.observation(seat), legal)
                    again = b.choose(twin.observation(seat), legal)
                    assert again == action and b.explain() == a.explain(), (level, game)
                checked += 1
            game, _ = game.apply(driver[seat].choose(game.observation(seat), legal))
            step += 1
    assert checked >= 60
