"""Mission 26's rules on hand-made deals: each turn a face-up Number card of a held value is
turned down and that value must be cut; holding none of the face-up values skips the turn; all
face down: turned up again; a fully cut value's card is removed; the chosen value's last wire
cannot be given away; a hand of only red wires reveals them."""

from __future__ import annotations

from engine.redwire import Cut, RevealReds, SoloCut, Walkie
from engine.redwire.mechanisms import number_cards, number_choice
from engine.redwire.mechanisms.number_choice import ChoiceReason, ChooseNumber

from .helpers import TWO_STANDS, fill_deal, game, play, refused, types

STANDS = fill_deal(26, 4, 0, TWO_STANDS, red=["4.5", "8.5"])
# stand 2 (Carlo): 6 6 6 7 8 8 8 8 9 9 9 9; stand 3 (Dario): 10 x4, 11 x4, 12 x4


def m26(cards: list[int] | None = None):  # type: ignore[no-untyped-def]
    parts = {
        "equipment": {"cards": cards or [1, 4, 8, 9]},
        "number_cards": {"order": list(range(1, 13))},
    }
    return game(26, 4, STANDS, parts=parts)


def test_choose_a_held_face_up_value_then_cut_it() -> None:
    state = m26()
    assert state.phase.value == "number_choose" and state.to_move == 0
    assert {a.value for a in state.legal_actions(0) if isinstance(a, ChooseNumber)} == {1, 2, 3, 7}
    refused(state, ChooseNumber(0, 5), ChoiceReason.CHOICE_HELD)
    state, events = play(state, ChooseNumber(0, 7))
    assert events[0].data == {"seat": 0, "value": 7}
    assert 7 in number_cards.part(state).down and state.phase.value == "turn"
    refused(state, Cut(0, ((2, 0),), (3,)), ChoiceReason.CHOICE_CUT)
    refused(state, SoloCut(0, 1), ChoiceReason.CHOICE_CUT)
    assert Cut(0, ((2, 3),), (7,)) in state.legal_actions(0)
    table = state.clone()
    table.pending = type(table.pending)(number_choice.NUMBER_CHOOSE, 1)
    refused(table, ChooseNumber(1, 7), ChoiceReason.CHOICE_UP)  # face down now


def test_a_fully_cut_value_is_removed() -> None:
    state, events = play(m26(), ChooseNumber(0, 1), SoloCut(0, 1))
    assert "number_removed" in types(events)
    assert 1 not in number_cards.row(state) and 1 in number_cards.part(state).discarded
    assert state.to_move == 1 and state.phase.value == "number_choose"


def test_holding_none_of_the_face_up_values_skips_the_turn() -> None:
    table = m26().clone()
    for value in (2, 4, 5, 6):  # Bea's values face down
        number_cards.turn_down(table, value)
    state, events = play(table, ChooseNumber(0, 1), SoloCut(0, 1))
    skip = next(e for e in events if e.type == "number_skip")
    assert skip.data["seat"] == 1 and "dial" not in types(events)
    assert state.to_move == 2 and state.phase.value == "number_choose"


def test_all_face_down_are_turned_up_first() -> None:
    table = m26().clone()
    for value in range(2, 13):
        number_cards.turn_down(table, value)
    state, events = play(table, ChooseNumber(0, 1), SoloCut(0, 1))
    assert "numbers_up" in types(events)
    chosen = {a.value for a in state.legal_actions(1) if isinstance(a, ChooseNumber)}
    assert chosen == {2, 4, 5, 6}


def test_the_chosen_values_last_wire_stays() -> None:
    table = m26(cards=[2, 4, 8, 9]).clone()
    for stand, slot in [(1, 0), (1, 1)]:  # two 2s cut: the Walkie-Talkies (card 2)
        table.mark_cut(table.wire_id(stand, slot))
    state, _ = play(table, ChooseNumber(0, 2))
    refused(state, Walkie(0, 0, 4, 2), ChoiceReason.CHOICE_KEEP)
    assert Walkie(0, 0, 9, 2) in state.legal_actions(0)


def test_only_red_wires_left_reveals_them() -> None:
    table = m26().clone()
    for slot in range(12):  # Bea's every wire but her red one
        table.mark_cut(table.wire_id(1, slot))
    state, events = play(table, ChooseNumber(0, 1), SoloCut(0, 1))
    assert events[-1].type == "number_none" and state.phase.value == "turn"
    assert RevealReds(1) in state.legal_actions(1)
