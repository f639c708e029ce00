"""Mission 29's rules on hand-made deals: Number cards in secret hands (three for the captain's
right neighbour), the right neighbour's card face down each turn, turned up at the turn's end
(one step if the active player cut its value), taken by the active player; discards and draws."""

from __future__ import annotations

import pytest

from engine.redwire import Cut, IllegalActionError, Pick, SoloCut
from engine.redwire.mechanisms import guessing
from engine.redwire.mechanisms.guessing import GuessPart, GuessReason, PlayNumber

from .helpers import fill_deal, game, play, types, with_cut

FIXED = {0: ["1", "1", "1", "1", "2", "2", "2", "2", "7", "7", "3.5", "8.5", "9.5"]}
STANDS = fill_deal(29, 4, 0, FIXED, red=["3.5", "8.5", "9.5"])
# stand 1 (Bea): 3 x4 4 x4 5 x4 6; stand 2 (Carlo): 6 6 6 7 7 8 x4 9 x4; stand 3 (Dario): 10-12
ORDER = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]  # hands: Ana 1 2, Bea 3 4, Carlo 5 6, Dario 7 8 9


def m29():  # type: ignore[no-untyped-def]
    parts = {"equipment": {"cards": [1, 4, 8, 9]}, "guessing": {"order": ORDER}}
    return game(29, 4, STANDS, parts=parts)


def hands(state):  # type: ignore[no-untyped-def]
    return state.part(guessing.ID, GuessPart).hands


def test_secret_hands_and_the_right_neighbour_plays_first() -> None:
    state = m29()
    assert hands(state) == ((1, 2), (3, 4), (5, 6), (7, 8, 9))
    part = guessing.view(state.observation(1))
    assert part is not None and part["mine"] == [3, 4] and part["sizes"] == [2, 2, 2, 3]
    assert state.phase.value == "number_play" and state.to_move == 3  # Ana's right: Dario
    with pytest.raises(IllegalActionError) as err:
        state.apply(PlayNumber(3, 1))
    assert err.value.reason is GuessReason.GUESS_NOT_HELD
    state, events = play(state, PlayNumber(3, 7))
    assert events[0].view(1).get("secret") is None and events[0].view(3)["secret"] == {"value": 7}
    assert guessing.view(state.observation(0))["played"] is None  # type: ignore[index]
    assert guessing.view(state.observation(3))["played"] == 7  # type: ignore[index]
    assert state.phase.value == "turn" and state.to_move == 0


def test_cutting_the_cards_value_costs_a_step_and_the_card_is_taken() -> None:
    state, _ = play(m29(), PlayNumber(3, 7))
    dial = state.dial
    state, events = play(state, Cut(0, ((2, 3),), (7,)), Pick(0, 0, 9))  # Ana cuts a 7
    turned = next(e for e in events if e.type == "number_turned")
    assert turned.data["value"] == 7 and turned.data["penalty"] is True
    assert state.dial == dial - 1 and 7 in hands(state)[0]


def test_no_step_otherwise_discards_and_draws() -> None:
    state, _ = play(m29(), PlayNumber(3, 8))
    dial = state.dial
    state, events = play(state, SoloCut(0, 1))  # Ana cuts her four 1s: her card 1 goes
    turned = next(e for e in events if e.type == "number_turned")
    assert turned.data["penalty"] is False and state.dial == dial
    assert "numbers_discarded" in types(events)
    # Ana, left with one card (2), drew the deck's top (10), then took the 8.
    assert hands(state)[0] == (2, 10, 8)
    assert state.phase.value == "number_play" and state.to_move == 0  # Bea's right: Ana


def test_cutting_the_last_wires_of_the_cards_value_still_costs_a_step() -> None:
    """The card face down for the turn is turned up at its end even when the turn cut the last
    wires of its value: the step is due (the turn cut that value), then the card is discarded."""
    state, _ = play(m29(), PlayNumber(3, 7))
    state = with_cut(state, [(2, 3), (0, 10)])  # two 7s cut earlier: Carlo's and Ana's
    dial = state.dial
    state, events = play(state, Cut(0, ((2, 4),), (7,)), Pick(0, 0, 9))  # the last two 7s
    assert state.cut_count(7) == 4
    turned = next(e for e in events if e.type == "number_turned")
    assert turned.data["value"] == 7 and turned.data["penalty"] is True
    assert state.dial == dial - 1
    assert types(events).index("number_turned") < types(events).index("numbers_discarded")
    assert 7 not in hands(state)[0] and 7 in state.part(guessing.ID, GuessPart).discarded
