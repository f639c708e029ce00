"""Mission 25's rule: a number said aloud moves the detonator one step (the honour system's
button, any seat, any open decision); the last step explodes the bomb; computers never press
it; other missions refuse it."""

from __future__ import annotations

import pytest

from engine.redwire import IllegalActionError, new_game
from engine.redwire.bots import make_bot
from engine.redwire.mechanisms.silence import NumberSaid, SilenceReason

from .helpers import play, types


def test_a_number_said_moves_the_detonator_at_any_open_decision() -> None:
    state = new_game(25, 4, seed=3)
    assert state.phase.value == "setup_token"
    other = (state.to_move + 1) % 4  # not the seat deciding
    state, events = play(state, NumberSaid(other))
    assert types(events) == ["number_said", "dial"] and state.dial == 3
    assert NumberSaid(other) in state.legal_actions(other)


def test_the_last_step_explodes_the_bomb() -> None:
    state = new_game(25, 2, seed=3)
    state, events = play(state, NumberSaid(0), NumberSaid(1))
    assert state.result == "exploded" and events[-1].type == "explosion"


def test_computers_never_press_it_and_other_missions_refuse_it() -> None:
    state = new_game(25, 3, seed=5)
    for level in ("random", "cautious", "expert"):
        bot = make_bot(level, 1)
        seat = state.to_move
        assert seat is not None
        assert not isinstance(
            bot.choose(state.observation(seat), state.legal_actions(seat)), NumberSaid
        )
    with pytest.raises(IllegalActionError) as err:
        new_game(24, 3, seed=5).apply(NumberSaid(0))
    assert err.value.reason is SilenceReason.NO_SILENCE
