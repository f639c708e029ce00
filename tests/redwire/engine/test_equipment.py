"""Each equipment card: unlock, effect and timing (spec §7), on one hand-made mission-4 deal."""

from __future__ import annotations

import pytest

from engine.redwire import (
    Batteries,
    CoffeeMug,
    Cut,
    IllegalActionError,
    Label,
    Options,
    Phase,
    Pick,
    PostIt,
    Radar,
    Reason,
    Rewind,
    Stabilize,
    Walkie,
)
from engine.redwire.mechanisms import double_detector
from engine.redwire.mechanisms.equipment import labels, stabilizer, tray
from engine.redwire.mechanisms.equipment.batteries import BatteriesReason
from engine.redwire.mechanisms.equipment.labels import LabelReason
from engine.redwire.mechanisms.equipment.post_it import PostItReason
from engine.redwire.mechanisms.equipment.tray import TrayReason
from engine.redwire.mechanisms.equipment.walkie import WALKIE_GIVE
from engine.redwire.state import GameState
from engine.redwire.wires import YELLOW, code_of

from .helpers import fill_deal, game, play, types

# Stand 0 (seat 0): 1 2 3 3.1 4 5 6 7 8 9 10 11 12
# Stand 1 (seat 1): 1 2 3 4 5 6 7 7.5 8 9 10 11 12
# Stand 2 (seat 2): 1 1 2 2 3 3 4 4 5 5 6 6 7
# Stand 3 (seat 3): 7 8 8 8.1 9 9 10 10 11 11 12 12
FIXED = {
    0: ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "3.1"],
    1: ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "7.5"],
}
STANDS = fill_deal(4, 4, 0, FIXED, red=["7.5"], yellow=["3.1", "8.1"])


def slot0(value: int) -> int:
    return value - 1 if value <= 3 else value


def slot1(value: int) -> int:
    return value - 1 if value <= 7 else value


def fresh(equipment: list[int], options: Options | None = None) -> GameState:
    return game(4, 4, STANDS, equipment=equipment, options=options)


def unlocked(equipment: list[int], value: int, options: Options | None = None) -> GameState:
    """Seat 0 cuts a pair of ``value``; seat 1 is then to play."""
    state, _ = play(
        fresh(equipment, options),
        Cut(0, [(1, slot1(value))], [value]),
        Pick(0, 0, slot0(value)),
    )
    assert state.to_move == 1
    return state


def refused(state: GameState, action: object, reason: Reason) -> None:
    before = state.clone()
    with pytest.raises(IllegalActionError) as caught:
        state.apply(action)  # type: ignore[arg-type]
    assert caught.value.reason is reason, str(caught.value)
    assert state.same_as(before)


def test_the_deal_is_as_documented() -> None:
    state = fresh([1, 2, 6, 8])
    labels = [[state.codes[w] for w in stand] for stand in state.stands]
    assert labels[0][3] == code_of("3.1") and labels[1][7] == code_of("7.5")
    assert labels[2][-1] == code_of("7") and labels[3][3] == code_of("8.1")


# --------------------------------------------------------------------------- unlocking


def test_cards_unlock_when_two_wires_of_their_number_are_cut() -> None:
    state = fresh([1, 2, 6, 8])
    refused(state, Rewind(2), TrayReason.EQUIPMENT_LOCKED)
    refused(state, Radar(2, 5), TrayReason.EQUIPMENT_LOCKED)
    refused(state, PostIt(2, 2, 0), TrayReason.EQUIPMENT_ABSENT)
    state, events = play(state, Cut(0, [(1, slot1(6))], [6]), Pick(0, 0, slot0(6)))
    assert ("unlocked", {"card": 6}) in [(e.type, e.data) for e in events]
    assert [e["state"] for e in tray.view(state.observation(None))["cards"]] == [
        "locked",
        "locked",
        "usable",
        "locked",
    ]


def test_each_card_is_used_once() -> None:
    state = unlocked([1, 2, 6, 8], 6)
    state, events = play(state, Rewind(3))
    assert types(events) == ["equipment", "dial"]
    refused(state, Rewind(2), TrayReason.EQUIPMENT_USED)


# --------------------------------------------------------------------------- any time


def test_rewinder_moves_the_dial_back_up_to_the_cap() -> None:
    state = unlocked([1, 2, 6, 8], 6)
    state, _ = play(state, Cut(1, [(2, 0)], [2]))  # a 1: miss, dial 4 -> 3
    assert state.dial == 3
    state, events = play(state, Rewind(0))  # any seat, any time
    assert events[-1].data == {"from": 3, "to": 4}
    capped = unlocked([1, 2, 6, 8], 6, Options(dial_cap=4))
    capped, events = play(capped, Rewind(0))
    assert events[-1].data == {"from": 4, "to": 4}  # a rewind at the cap is wasted


def test_any_time_cards_wait_while_an_action_is_resolved() -> None:
    state = unlocked([1, 2, 6, 8], 6)
    state, _ = play(state, Cut(1, [(0, slot0(5))], [5]))  # seat 1 must now pick its own 5
    assert state.phase is Phase.OWN_CUT
    refused(state, Rewind(2), Reason.NOT_NOW)
    assert state.legal_actions(2) == []


def test_not_equal_label_on_two_different_adjacent_own_wires() -> None:
    state = unlocked([1, 2, 6, 8], 1)
    refused(state, Label(1, 1, 0, 0), Reason.NOT_OWN_STAND)
    refused(state, Label(1, 1, 1, 12), LabelReason.NOT_ADJACENT)
    state, events = play(state, Label(1, 1, 1, 6))  # 7 and 7.5: different
    assert events[0].data == {"seat": 1, "card": 1, "stand": 1, "slots": [6, 7]}
    assert labels.view(state.observation(None)) == [{"kind": "neq", "stand": 1, "slots": [6, 7]}]


def test_not_equal_label_refuses_equal_values_and_two_cut_wires() -> None:
    state = unlocked([1, 2, 6, 8], 1)
    refused(state, Label(2, 1, 2, 0), LabelReason.LABEL_NOT_DIFFERENT)  # 1 and 1
    state, _ = play(state, Cut(1, [(2, 2)], [2]), Pick(1, 1, 1))  # stand 1: the 1 and 2 are cut
    refused(state, Label(1, 1, 1, 0), LabelReason.LABEL_BOTH_CUT)
    refused(state, Label(1, 5, 1, 1), Reason.MALFORMED)


def test_equal_label_on_two_same_adjacent_own_wires() -> None:
    state = unlocked([12, 2, 6, 8], 12)
    refused(state, Label(2, 12, 2, 1), LabelReason.LABEL_NOT_SAME)  # 1 and 2
    state, _ = play(state, Label(2, 12, 2, 0))  # 1 and 1
    assert labels.view(state.observation(None))[0]["kind"] == "eq"


def test_two_yellows_count_as_equal() -> None:
    stand0 = ["1", "2", "3", "3.1", "8.1", "9", "9", "10", "10", "11", "11", "12", "12"]
    stands = fill_deal(4, 4, 0, {0: stand0, 1: FIXED[1]}, red=["7.5"], yellow=["3.1", "8.1"])
    state = game(4, 4, stands, equipment=[1, 12, 6, 8])
    state, _ = play(state, Cut(0, [(1, 12)], [12]), Pick(0, 0, 12))
    assert Label(0, 12, 0, 3) in state.legal_actions(0)
    state, events = play(state, Label(0, 12, 0, 3))  # 3.1 and 8.1: both "yellow"
    assert events[0].data["slots"] == [3, 4]


def test_walkie_talkies_exchange_and_sorted_insertion() -> None:
    state = unlocked([1, 2, 6, 8], 2)
    # Seat 2 (not the active seat) gives its 7 (slot 12) to seat 0.
    state, events = play(state, Walkie(2, 2, 12, 0))
    assert types(events) == ["equipment"] and state.phase is WALKIE_GIVE and state.to_move == 0
    assert (
        state.observation(0)["prompt"]["options"]
        and "options" not in state.observation(3)["prompt"]
    )
    before0 = [state.codes[w] for w in state.stands[0]]
    state, events = play(state, Pick(0, 0, slot0(11)))  # seat 0 gives its 11
    assert state.phase is Phase.TURN and state.to_move == 1
    walkie = events[0]
    assert walkie.type == "walkie" and walkie.view(1).get("secret") is None
    assert walkie.view(2)["secret"] == {"gave": "7", "got": "11"}
    assert walkie.view(0)["secret"] == {"gave": "11", "got": "7"}
    stand0 = [state.codes[w] for w in state.stands[0]]
    stand2 = [state.codes[w] for w in state.stands[2]]
    assert stand0 == sorted(stand0) and stand2 == sorted(stand2)
    assert stand2[-1] == code_of("11") and stand0 == sorted([*before0[:11], *before0[12:], 70])
    assert walkie.data["from_seat"] == [2, 12] and walkie.data["from_partner"] == [0, 11]
    assert walkie.data["to_partner"] == [0, 8] and walkie.data["to_seat"] == [2, 12]


def test_walkie_talkies_token_travels_and_labels_are_dropped() -> None:
    state = unlocked([1, 2, 6, 8], 2)
    seat2_token = state.stands[2][0]  # seat 2's setup token is on its first 1
    assert seat2_token in state.info
    state, _ = play(state, Walkie(2, 2, 0, 1), Pick(1, 1, 12))  # 1 for seat 1's 12
    assert state.position_of(seat2_token)[0] == 1 and state.info[seat2_token] == 1


def test_walkie_talkies_refusals() -> None:
    state = unlocked([1, 2, 6, 8], 2)
    refused(state, Walkie(2, 2, 0, 2), Reason.NOT_YOURSELF)
    refused(state, Walkie(2, 1, 0, 0), Reason.NOT_OWN_STAND)
    refused(state, Walkie(2, 2, 0, 7), Reason.NO_SUCH_PLAYER)


def test_post_it_marks_an_own_blue_wire() -> None:
    state = unlocked([4, 2, 6, 8], 4)
    refused(state, PostIt(0, 0, 3), Reason.NOT_BLUE)  # the yellow 3.1
    refused(state, PostIt(0, 0, 0), PostItReason.ALREADY_MARKED)  # setup token on the 1
    state, events = play(state, PostIt(0, 0, 5))
    assert events[-1].data == {"seat": 0, "stand": 0, "slot": 5, "value": 5, "reason": "post_it"}


def test_emergency_batteries_turn_used_characters_face_up() -> None:
    state = fresh([7, 2, 6, 8])
    state, _ = play(
        state, Cut(0, [(1, slot1(7)), (1, 7)], [7], "double"), Pick(1, 1, 6), Pick(0, 0, 7)
    )
    assert double_detector.used(state, 0) and tray.card_state(state, 7) == "usable"
    refused(state, Batteries(1, (1,)), BatteriesReason.RECHARGE_UNUSED)
    refused(state, Batteries(1, (0, 0)), BatteriesReason.RECHARGE_COUNT)
    state, _ = play(state, Batteries(1, (0,)))
    assert not double_detector.used(state, 0)


def test_general_radar_answers_per_stand_and_red_is_not_a_number() -> None:
    state = unlocked([8, 2, 6, 1], 8)
    refused(state, Radar(0, 13), Reason.NUMBERS_ONLY)
    _, events = play(state, Radar(0, 2))
    assert events[-1].data == {"seat": 0, "value": 2, "answers": [True, True, True, False]}
    state, _ = play(state, Cut(1, [(2, 12)], [7]), Pick(1, 1, 6))  # stand 1 keeps only its 7.5
    _, events = play(state, Radar(3, 7))
    assert events[-1].data["answers"] == [True, False, False, True]


# --------------------------------------------------------------------------- on your turn


def test_triple_detector_points_at_three_wires_of_one_teammate() -> None:
    state = unlocked([3, 2, 6, 8], 3)
    refused(state, Cut(1, [(2, 0), (2, 1)], [1], "triple"), Reason.WIRE_COUNT)
    refused(state, Cut(2, [(0, 0), (0, 1), (0, 2)], [1], "triple"), Reason.NOT_YOUR_TURN)
    state, events = play(state, Cut(1, [(2, 4), (2, 5), (2, 6)], [4], "triple"))
    assert types(events) == ["equipment", "cut"] and events[1].data["outcome"] == "hit"
    assert state.pending.options == ((2, 6),)
    state, _ = play(state, Pick(2, 2, 6), Pick(1, 1, 3))
    assert state.to_move == 2


def test_super_detector_points_at_a_whole_stand() -> None:
    state = unlocked([5, 2, 6, 8], 5)
    every = [(3, i) for i in range(12)]
    refused(state, Cut(1, every[:-1], [9], "super"), Reason.WHOLE_STAND)
    state, events = play(state, Cut(1, every, [9], "super"))
    assert events[1].data["outcome"] == "hit" and state.pending.options == ((3, 4), (3, 5))


def test_super_detector_miss_token_never_on_red() -> None:
    state = unlocked([5, 2, 6, 8], 5)
    state, _ = play(state, Cut(1, [(2, 0)], [1]), Pick(1, 1, 0))  # stand 1 has no 1 left
    every = [(1, slot) for slot, _ in state.uncut(1)]
    state, events = play(state, Cut(2, every, [1], "super"))
    assert events[1].data["outcome"] == "miss" and types(events) == ["equipment", "cut", "dial"]
    assert state.to_move == 1 and (1, 7) not in state.pending.options
    assert len(state.pending.options) == len(every) - 1


def test_stabilizer_miss_costs_no_step() -> None:
    state = unlocked([9, 2, 6, 8], 9)
    refused(state, Stabilize(2), Reason.NOT_YOUR_TURN)
    state, _ = play(state, Stabilize(1))
    refused(state, Stabilize(1), TrayReason.EQUIPMENT_USED)
    state, events = play(state, Cut(1, [(2, 4)], [2]))  # a 3
    assert types(events) == ["cut", "token", "turn"] and state.dial == 4
    assert events[0].data["stabilized"] is True and not stabilizer.active(state.observation(None))


def test_stabilizer_red_no_explosion_no_token_the_red_stays() -> None:
    state = unlocked([9, 2, 6, 8], 9)
    state, _ = play(state, Cut(1, [(2, 0)], [1]), Pick(1, 1, 0))  # to seat 2
    state, _ = play(state, Cut(2, [(0, 0)], [1]), Pick(2, 2, 1))  # to seat 3
    state, _ = play(state, Cut(3, [(2, 2)], [7]))  # miss; to seat 0
    state, _ = play(state, Stabilize(0))
    state, events = play(state, Cut(0, [(1, 7)], [8]))  # the red 7.5
    assert types(events) == ["cut", "turn"] and events[0].data["outcome"] == "red"
    assert not state.is_over and state.dial == 3 and not state.cut[state.wire_id(1, 7)]
    assert state.wire_id(1, 7) not in state.info


def test_x_or_y_ray_announces_two_values() -> None:
    state = unlocked([10, 2, 6, 8], 10)
    refused(state, Cut(1, [(2, 0)], [1, 13]), Reason.MALFORMED)
    refused(state, Cut(2, [(0, 4)], [1, 2]), Reason.NOT_YOUR_TURN)
    state, events = play(state, Cut(1, [(2, 4)], [2, 3]))  # stand 2 slot 4 is a 3
    assert types(events) == ["equipment", "cut", "wire_cut"] and events[1].data["values"] == [2, 3]
    assert state.phase is Phase.OWN_CUT and state.pending.value == 3


def test_x_or_y_ray_with_yellow_alone_but_not_with_a_detector() -> None:
    state = unlocked([10, 2, 6, 8], 10)
    state, _ = play(state, Cut(1, [(2, 0)], [1]), Pick(1, 1, 0))  # to seat 2
    state, _ = play(state, Cut(2, [(0, 1)], [2]), Pick(2, 2, 2))  # to seat 3
    refused(state, Cut(3, [(0, 3), (0, 4)], [YELLOW, 8], "double"), Reason.NUMBERS_ONLY)
    state, events = play(state, Cut(3, [(0, 3)], [YELLOW, 9]))
    assert events[1].data["outcome"] == "hit"


def test_x_or_y_ray_combined_with_the_double_detector() -> None:
    state = unlocked([10, 2, 6, 8], 10)
    state, events = play(state, Cut(1, [(2, 4), (2, 8)], [3, 5], "double"))
    assert types(events) == ["character", "equipment", "cut"] and state.pending.options == (
        (2, 4),
        (2, 8),
    )


def test_coffee_mug_chooses_who_plays_next() -> None:
    state = unlocked([11, 2, 6, 8], 11)
    refused(state, CoffeeMug(1, 1), Reason.NOT_YOURSELF)
    refused(state, CoffeeMug(2, 3), Reason.NOT_YOUR_TURN)
    state, events = play(state, CoffeeMug(1, 3))
    assert types(events) == ["equipment", "turn"] and state.to_move == 3
    state, _ = play(state, Cut(3, [(2, 0)], [7]))  # play continues clockwise from seat 3
    assert state.to_move == 0


@pytest.mark.parametrize(("left", "removed"), [(slot0(7), 1), (slot0(4), 0)])
def test_a_label_whose_wires_are_no_longer_side_by_side_is_removed(left: int, removed: int) -> None:
    """Spec §7.3 (card 2): the 7.5 that seat 0 gets with the Walkie-Talkies lands between its
    7 and 8, so a label on them would now lie over 7 and 7.5 (a false statement): it goes. A
    label on 4 and 5 still lies over the same two wires, side by side: it stays."""
    state, _ = play(
        unlocked([1, 2, 6, 8], 1),
        Cut(1, [(0, slot0(2))], [2]),
        Pick(1, 1, slot1(2)),
        Label(0, 1, 0, left),
    )
    assert labels.view(state.observation(None)) == [
        {"kind": "neq", "stand": 0, "slots": [left, left + 1]}
    ]
    state, events = play(state, Walkie(0, 0, slot0(12), 1), Pick(1, 1, 7))  # 12 for the 7.5
    assert events[-1].type == "walkie" and events[-1].data["to_seat"] == [0, slot0(7) + 1]
    assert events[-1].data["labels_removed"] == removed
    kept = [] if removed else [{"kind": "neq", "stand": 0, "slots": [left, left + 1]}]
    assert labels.view(state.observation(None)) == kept
