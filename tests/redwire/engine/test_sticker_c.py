"""Rule sticker C (spec §7.5, from mission 55): the double cards 2-2, 3-3 and 9-9 unlock only when
all four wires of their value are cut, and each card's rule, on one hand-made mission-58 deal."""

from __future__ import annotations

import pytest

from engine.redwire import (
    Cut,
    FastPass,
    IllegalActionError,
    Pick,
    Reason,
    Rewind,
    SingleLabel,
)
from engine.redwire.mechanisms.equipment import tray
from engine.redwire.mechanisms.equipment.fast_pass import FastPassReason
from engine.redwire.mechanisms.equipment.single_label import SingleLabelReason
from engine.redwire.mechanisms.equipment.tray import TrayReason
from engine.redwire.missions import load_mission
from engine.redwire.state import GameState

from .helpers import fill_deal, game, play, types, with_cut

# Stand 0 (seat 0): 1 2 2 3 3 4 5 6 7 8 9 9 10
# Stand 1 (seat 1): 1 2 2 3 3 4 5 6 7 8 9 9 10.5 (red)
# Stands 2 and 3: the rest, in ascending order.
FIXED = {
    0: ["1", "2", "2", "3", "3", "4", "5", "6", "7", "8", "9", "9", "10"],
    1: ["1", "2", "2", "3", "3", "4", "5", "6", "7", "8", "9", "9", "10.5"],
}
STANDS = fill_deal(58, 4, 0, FIXED, red=["10.5", "11.5"])
NINES = [(0, 10), (0, 11), (1, 10), (1, 11)]
TWOS = [(0, 1), (0, 2), (1, 1), (1, 2)]


def fresh(cards: list[int]) -> GameState:
    """The deal with ``cards`` on the board (four in all: the rest are cards 1, 3, 5)."""
    fill = [n for n in (1, 3, 5) if n not in cards]
    return game(58, 4, STANDS, equipment=[*cards, *fill][:4])


def refused(state: GameState, action: object, reason: object) -> None:
    before = state.clone()
    with pytest.raises(IllegalActionError) as caught:
        state.apply(action)  # type: ignore[arg-type]
    assert caught.value.reason is reason, str(caught.value)
    assert state.same_as(before)


def test_the_campaign_pool_holds_the_double_cards_from_mission_55() -> None:
    pool = load_mission(55).config("equipment")
    assert isinstance(pool, tray.TrayConfig) and {22, 33, 99} <= set(pool.pool)
    exclusions = load_mission(57).config("equipment")
    assert isinstance(exclusions, tray.TrayConfig) and 1010 in exclusions.exclude
    base = load_mission(54).config("equipment")
    assert isinstance(base, tray.TrayConfig) and not set(base.pool) & set(tray.DOUBLE_CARDS)
    assert [tray.card_label(n) for n in (22, 33, 99, 1010, 1111)] == [
        "2-2",
        "3-3",
        "9-9",
        "10-10",
        "11-11",
    ]


def test_a_double_card_needs_all_four_wires_of_its_value() -> None:
    two_cut = with_cut(fresh([99]), NINES[:2])
    assert tray.card_state(two_cut, 99) == "locked"
    refused(two_cut, FastPass(0, 2, 0, 1, 0, 2), TrayReason.EQUIPMENT_LOCKED_ALL)
    three_cut = with_cut(fresh([99]), NINES[:3])
    assert tray.card_state(three_cut, 99) == "locked"
    assert tray.card_state(with_cut(fresh([99]), NINES), 99) == "usable"


def test_fast_pass_cuts_two_identical_wires_that_are_not_the_last() -> None:
    state = with_cut(fresh([99]), NINES)
    assert FastPass(0, 2, 0, 1, 0, 2) in state.legal_actions(0)
    refused(state, FastPass(0, 2, 0, 1, 0, 3), FastPassReason.FAST_PASS_PAIR)  # a 2 and a 3
    refused(state, FastPass(0, 2, 0, 1, 0, 1), FastPassReason.FAST_PASS_PAIR)  # one wire twice
    refused(state, FastPass(1, 2, 1, 1, 1, 2), Reason.NOT_YOUR_TURN)  # your turn only
    after, events = play(state, FastPass(0, 2, 0, 1, 0, 2))
    assert types(events)[:3] == ["equipment", "wire_cut", "wire_cut"]
    assert after.cut[after.wire_id(0, 1)] and after.cut[after.wire_id(0, 2)]
    assert not after.cut[after.wire_id(1, 1)]  # seat 1's 2s stay: not the last ones
    assert after.to_move == 1 and tray.card_state(after, 99) == "used"  # it was the action


def test_emergency_drop_turns_the_used_cards_face_up_when_the_fourth_3_is_cut() -> None:
    state = with_cut(fresh([6, 33]), [(0, 3), (1, 3), (0, 7), (1, 7)])  # two 6s: Rewind
    state, _ = play(state, Rewind(2))  # any time, by anyone
    assert tray.card_state(state, 6) == "used" and tray.card_state(state, 33) == "locked"
    state, events = play(state, Cut(0, ((1, 4),), (3,)), Pick(0, 0, 4))
    drop = next(e for e in events if e.type == "emergency_drop")
    assert drop.data == {"cards": [6]}
    assert tray.card_state(state, 6) == "usable" and tray.card_state(state, 33) == "used"
    assert Rewind(1) in state.legal_actions(1)


def test_single_wire_label_marks_a_value_once_on_its_stand() -> None:
    state = with_cut(fresh([22]), TWOS)
    refused(state, SingleLabel(0, 0, 3), SingleLabelReason.SINGLE_NOT_ONCE)  # two 3s there
    refused(state, SingleLabel(0, 1, 0), Reason.NOT_OWN_STAND)
    refused(state, SingleLabel(1, 1, 12), Reason.NOT_BLUE)  # the red 10.5
    state, events = play(state, SingleLabel(1, 1, 0))  # any time: seat 1, on seat 0's turn
    assert types(events) == ["equipment", "single_label"]
    seen = state.observation(3)["mechanisms"]["single_label"]
    assert seen == {"tokens": [{"stand": 1, "slot": 0}]}
    refused(state, SingleLabel(0, 0, 0), TrayReason.EQUIPMENT_USED)


def test_single_wire_label_may_mark_a_cut_wire() -> None:
    state = with_cut(fresh([22]), [*TWOS, (0, 12)])
    assert SingleLabel(0, 0, 12) in state.legal_actions(0)  # the cut 10, once on stand 0
    state, _ = play(state, SingleLabel(0, 0, 12))
    assert state.observation(1)["mechanisms"]["single_label"]["tokens"] == [
        {"stand": 0, "slot": 12}
    ]


def test_the_fast_pass_is_a_solo_cut_for_the_constraint_cards() -> None:
    """Mission 57's constraints read it as a Solo Cut of its value (K: no Solo Cut; A-F: the
    value) and as equipment (G)."""
    from engine.redwire.mechanisms.constraints import CARDS, _obeys

    state = with_cut(fresh([99]), NINES)
    two = FastPass(0, 2, 0, 1, 0, 2)
    assert FastPass.counts_as_solo
    assert not _obeys(state, CARDS["K"], two)  # no Solo Cut
    assert not _obeys(state, CARDS["G"], two)  # no equipment
    assert not _obeys(state, CARDS["B"], two)  # odd values only
    assert _obeys(state, CARDS["A"], two) and _obeys(state, CARDS["L"], two)
