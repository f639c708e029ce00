"""Mission 30's deck: a face-down Number deck whose cards anyone turns up when the audio track
says so (the first press turns the top card up, each later one puts it aside for the next);
never by a computer; refused when the deck is spent and in other missions."""

from __future__ import annotations

import pytest

from engine.redwire import IllegalActionError, new_game
from engine.redwire.bots import make_bot
from engine.redwire.mechanisms import audio, number_cards
from engine.redwire.mechanisms.number_flip import FlipNumber, FlipReason

from .helpers import play


def test_the_deck_is_turned_up_card_by_card_until_spent() -> None:
    state = new_game(30, 3, seed=2)
    assert audio.view(state.observation(0)) == {"track": {"en": "Mission 30", "it": "Missione 30"}}
    cards = number_cards.view(state.observation(0))
    assert cards is not None and cards["deck"] == 12 and cards["top"] is None
    order = number_cards.order_of(state)
    seen = []
    for _ in range(12):
        state, events = play(state, FlipNumber(1))
        seen.append(events[0].data["value"])
        assert number_cards.view(state.observation(2))["top"] == seen[-1]  # type: ignore[index]
    assert seen == list(order)
    with pytest.raises(IllegalActionError) as err:
        state.apply(FlipNumber(0))
    assert err.value.reason is FlipReason.FLIP_EMPTY


def test_computers_never_turn_cards_and_other_missions_refuse() -> None:
    state = new_game(30, 4, seed=3)
    seat = state.to_move
    assert seat is not None
    for level in ("random", "cautious", "expert"):
        choice = make_bot(level, 2).choose(state.observation(seat), state.legal_actions(seat))
        assert not isinstance(choice, FlipNumber)
    with pytest.raises(IllegalActionError) as err:
        new_game(19, 3, seed=1).apply(FlipNumber(0))
    assert err.value.reason is FlipReason.FLIP_NONE
