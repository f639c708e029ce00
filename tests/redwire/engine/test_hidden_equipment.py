"""Mission 15's rules on hand-made deals: face-down equipment, turned up (and usable at once)
each time the four wires of the top Number card are cut; a Number card already fully cut when
turned up is discarded without a card."""

from __future__ import annotations

import pytest

from engine.redwire import Cut, IllegalActionError, Radar, SoloCut
from engine.redwire.mechanisms import number_cards
from engine.redwire.mechanisms.equipment import tray
from engine.redwire.mechanisms.equipment.tray import TrayReason

from .helpers import fill_deal, game, play, types

FIXED = {0: ["1", "1", "1", "1", "2", "2", "2", "2", "3", "4", "5", "6", "7"]}
STANDS = fill_deal(15, 4, 0, FIXED, red=["5.5"])
ORDER = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]


def m15(cards: list[int]):  # type: ignore[no-untyped-def]
    return game(
        15,
        4,
        STANDS,
        parts={"number_cards": {"order": ORDER}, "equipment": {"cards": cards}},
        red_markers=["2.5", "5.5", "9.5"],
    )


def sure(state, seat):  # type: ignore[no-untyped-def]
    """A move that cannot fail, chosen knowing every wire."""
    for action in state.legal_actions(seat):
        if not isinstance(action, Cut):
            if action.type in ("pick", "solo", "reveal", "token"):
                return action
            continue
        if action.tool is None and state.code_at(*action.targets[0]) == 10 * action.values[0]:
            return action
    raise AssertionError("no sure move")


def until_turn_of(state, seat):  # type: ignore[no-untyped-def]
    while not (state.phase.value == "turn" and state.active == seat):
        mover = state.to_move
        state, _ = play(state, sure(state, mover))
    return state


def test_the_cards_lie_face_down_and_unknown() -> None:
    state = m15([8, 2, 6, 4])
    shown = tray.view(state.observation(1))
    assert shown == {"cards": [], "face_down": 4}
    assert tray.card_state(state, 8) == "face_down"
    assert "labels" not in state.observation(1)["mechanisms"]
    with pytest.raises(IllegalActionError) as err:
        state.apply(Radar(1, 5))
    assert err.value.reason is TrayReason.EQUIPMENT_ABSENT
    assert number_cards.view(state.observation(1))["top"] == 1  # type: ignore[index]


def test_four_wires_of_the_top_card_turn_up_a_card_usable_at_once() -> None:
    state = m15([8, 2, 6, 4])
    state, events = play(state, SoloCut(0, 1))
    revealed = [e.data for e in events if e.type == "equipment_revealed"]
    assert revealed == [{"card": 8, "free": True}]
    assert tray.card_state(state, 8) == "usable"  # no 8 is cut: usable all the same
    assert Radar(1, 5) in state.legal_actions(1)
    assert number_cards.view(state.observation(2))["top"] == 2  # type: ignore[index]
    assert tray.view(state.observation(2))["face_down"] == 3  # type: ignore[index]


def test_a_top_card_already_cut_is_discarded_without_a_card() -> None:
    state = m15([8, 2, 6, 4])
    state, events = play(state, SoloCut(0, 2))  # not the top card: nothing happens
    assert "equipment_revealed" not in types(events)
    state = until_turn_of(state, 0)
    state, events = play(state, SoloCut(0, 1))
    assert [e.data for e in events if e.type == "equipment_revealed"] == [{"card": 8, "free": True}]
    assert [e.data for e in events if e.type == "number_card"] == [
        {"done": 1, "next": 2},
        {"done": 2, "next": 3},
    ]
    assert number_cards.view(state.observation(0))["discarded"] == [1, 2]  # type: ignore[index]
    assert tray.view(state.observation(0))["face_down"] == 3  # type: ignore[index]
