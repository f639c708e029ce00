"""Bots: legal, deterministic, blind to what their seat cannot see, each move explained."""

from __future__ import annotations

import random

import pytest

from engine.loop import GameState, Options, new_game
from engine.loop.actions import Assign, DeclareFree, Draw, Highlight, Reroll, Roll, SeventhDie
from engine.loop.bots import KEYS, bot_names, make_bot
from engine.loop.state import Status
from tests.core.walking import bots_play
from tests.loop.engine.walk import hidden_twin
from tests.loop.helpers import board, deal, register_all, run

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


def _bot_game(levels: tuple[str, ...], seed: int, max_rounds: int) -> GameState:
    """An all-bot game as ``build.py bench loop`` plays it (bot seeds ``seed * 8 + seat``)."""
    state = new_game(len(levels), seed, options=Options(max_rounds=max_rounds))
    bots = [make_bot(level, seed * 8 + seat) for seat, level in enumerate(levels)]
    return bots_play(state, bots)


@pytest.mark.parametrize(
    ("levels", "seed"),
    [(("basic", "random"), 0), (("random", "basic"), 7), (("random", "basic"), 10)],
)
def test_basic_finishes_the_bench_games_it_once_dragged_to_the_round_limit(
    levels: tuple[str, ...], seed: int
) -> None:
    """The three two-seat bench games that ran to 40 rounds: basic declared a free flight with
    little chance (10, 9, 9), spent three dice on a card when the others needed two each, and
    then had to fly the same cards again every turn; or, every colour in hand, it drew from
    deck A for ever and kept its hard green and yellow cards. Each now ends with a free flight."""
    state = _bot_game(levels, seed, max_rounds=40)
    assert state.result is not None
    assert state.result["reason"] == "free_flight" and state.round < 40


def _free_flight(plan: tuple[str, ...], tokens: int, options: Options | None = None) -> GameState:
    """Seat 0 must fly ``plan`` again (a free flight failed), ``tokens`` tokens in hand."""
    state = register_all(deal(2, {0: list(plan)}, options=options), 0)
    return board(
        state, status={0: Status.RETRY}, free_plans={0: plan}, tokens={0: tokens}, active=0
    )


def test_basic_leaves_the_free_flights_other_cards_their_dice() -> None:
    """10, 9 and 9 with six dice: two dice a card. 1+4+5 hits the 10 exactly, but the 9 and
    the 9 would share three dice; 4+5 on a 9 keeps the flight alive."""
    state = _free_flight(("red10a", "blue9b", "yellow9b"), tokens=0)
    state, _ = run(state, Highlight(0, "yellow9b"), Roll(0, (1, 4, 5)))
    action = make_bot("basic", 1).choose(state.observation(0), state.legal_actions(0))
    assert action == Assign(0, "blue9b", (4, 5))


def test_basic_spends_its_token_on_a_roll_that_dooms_the_free_flight() -> None:
    """2+3+5 fits only on one card with all three dice: the other two would share three dice
    (and the 7th die may join only before a roll): the token rolls the dice again."""
    options = Options(seventh_die_timing="before_roll")
    state = _free_flight(("red10a", "blue9b", "yellow9b"), tokens=1, options=options)
    state, _ = run(state, Highlight(0, "yellow9b"), Roll(0, (2, 3, 5)))
    assert any(isinstance(a, Assign) for a in state.legal_actions(0))  # 2+3+5 on the 10
    bot = make_bot("basic", 1)
    assert isinstance(bot.choose(state.observation(0), state.legal_actions(0)), Reroll)


def test_basic_adds_the_7th_die_when_the_free_flight_needs_every_die() -> None:
    state = _free_flight(("red10a", "blue9b", "yellow9b"), tokens=1)
    state, _ = run(state, Highlight(0, "yellow9b"), Roll(0, (2, 4, 5)), Assign(0, "blue9b", (4, 5)))
    assert state.observation(0)["phase"] == "pre_roll"  # 4 dice left for two cards of 2
    action = make_bot("basic", 1).choose(state.observation(0), state.legal_actions(0))
    assert action == SeventhDie(0)


def test_basic_draws_for_its_best_plans_hardest_cards_when_no_colour_is_missing() -> None:
    """Bench game 2 x seed 10: three plans registered, Albatross (blue, green, yellow) left, a
    hand of every colour whose Albatross would be blue 5, green 12 and yellow 12. Deck A (red
    and blue) brings nothing for the twelves; basic drew there for 27 turns."""
    hand = ["blue5a", "red11a", "red11b", "green12a", "red12a", "yellow12a"]
    state = board(
        deal(2, {0: hand}),
        best={"swift": {0: 12}, "kestrel": {0: 16}, "heron": {0: 12}},
        scores={0: 40},
        round=5,
    )
    action = make_bot("basic", 1).choose(state.observation(0), state.legal_actions(0))
    assert action == Draw(0, "B")


def test_basic_exchanges_a_hand_whose_free_flight_is_unlikely() -> None:
    """Free with 9, 9, 10, 10, 11, 12 (every free flight two dice a card, about 6% to succeed,
    then the same cards again each turn): basic exchanges first."""
    hand = ["blue9b", "yellow9b", "red10a", "red10b", "green11a", "green12a"]
    state = board(register_all(deal(2, {0: hand}), 0), status={0: Status.FREE}, round=8)
    legal = state.legal_actions(0)
    assert any(isinstance(a, DeclareFree) for a in legal)
    action = make_bot("basic", 1).choose(state.observation(0), legal)
    assert isinstance(action, Draw)
