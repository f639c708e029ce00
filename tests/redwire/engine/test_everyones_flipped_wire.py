"""Mission 56's flipped wires on hand-made deals: every player's wire turned round at the far
right (seen by every seat but its owner); the owner cuts his own as in mission 38 (any failure
explodes); a teammate may Dual-Cut a flipped wire he sees, and then the detonator moves one step
even on success (after the cut: a miss pays its own step too, a winning cut pays nothing); no
equipment touches it, a miss on it gets no token, and nobody is ever made to skip."""

from __future__ import annotations

import pytest

from engine.redwire import Cut, IllegalActionError, Pick, Walkie
from engine.redwire.errors import SetupError
from engine.redwire.mechanisms.flipped_wires import (
    FlippedCut,
    FlippedReason,
    FlippedReveal,
    FlippedSkip,
)

from .helpers import fill_deal, game, play, turn_of, types, with_cut

RED = ["4.5", "8.5"]
#: Four players, captain seat 0, each stand sorted; the slot each seat turns round (given last).
STAND_0 = [1, 1, 2, 2, 3, "4.5", 5, 5, 6, 7, 7, 8, 8]
STAND_1 = [1, 1, 2, 2, 3, 6, 7, 8, "8.5", 9, 9, 10, 10]
#: Stands 2 and 3 get the rest: 3 3 4 4 4 4 5 5 6 6 7 8 and 9 9 10 10 11 11 11 11 12 12 12 12.
SEVEN_0, NINE_1, RED_1, SEVEN_2 = 9, 9, 8, 10
FLIPS = (SEVEN_0, NINE_1, SEVEN_2, 0)
SEVEN_1, EIGHT_1 = 6, 7  # seat 1's own 7 and 8, which he sees


def m56(flips: tuple[int, ...] = FLIPS, cards: tuple[int, ...] = (1, 4, 6, 9)):  # type: ignore[no-untyped-def]
    stands = fill_deal(56, 4, 0, {0: STAND_0, 1: STAND_1}, red=RED)
    for stand, flip in enumerate(flips):
        mine = sorted(stands[stand], key=float)
        stands[stand] = [*mine[:flip], *mine[flip + 1 :], mine[flip]]
    return game(
        56,
        4,
        stands,
        red_markers=[*RED, "11.5"],
        parts={"equipment": {"cards": list(cards)}, "flipped_wires": {"stands": [0, 1, 2, 3]}},
    )


def only(state, keep: set[tuple[int, int]]):  # type: ignore[no-untyped-def]
    """A later position: every wire cut but those at ``keep`` (stand, slot)."""
    return with_cut(
        state,
        [
            (st, sl)
            for st in range(len(state.stands))
            for sl, _ in state.uncut(st)
            if (st, sl) not in keep
        ],
    )


def last(state, stand: int) -> int:  # type: ignore[no-untyped-def]
    return len(state.stands[stand]) - 1


def test_each_seat_sees_the_others_flipped_wires_never_his_own() -> None:
    state = m56()
    shown = {0: "7", 1: "9", 2: "7", 3: "9"}
    for stand in range(4):
        for viewer in range(4):
            wire = state.observation(viewer)["stands"][stand]["slots"][last(state, stand)]["wire"]
            assert wire == (None if viewer == stand else shown[stand])
        assert state.observation(None)["stands"][stand]["slots"][-1]["wire"] is None
    flipped = [e.data for e in state.log if e.type == "flipped"]
    assert [d["seat"] for d in flipped] == [0, 1, 2, 3]
    assert state.observation(1)["mechanisms"]["flipped_wires"]["toll"] is True


def test_a_teammates_hit_on_a_flipped_wire_costs_one_step_after_the_cut() -> None:
    state = turn_of(m56(), 1)
    dial = state.dial
    seven = Cut(1, ((0, last(state, 0)),), (7,))
    assert seven in state.legal_actions(1)
    state, events = play(state, seven)
    assert state.dial == dial and state.pending.phase.value == "own_cut"
    state, events = play(state, Pick(1, 1, SEVEN_1))  # his own 7
    assert types(events) == ["wire_cut", "flipped_toll", "dial", "turn"]
    assert state.dial == dial - 1 and state.cut[state.stands[0][-1]]
    assert state.result is None and state.active == 2


def test_a_teammates_miss_on_it_pays_both_steps_and_places_no_token() -> None:
    state = turn_of(m56(), 1)
    dial = state.dial
    state, events = play(state, Cut(1, ((0, last(state, 0)),), (8,)))
    assert types(events) == ["cut", "dial", "flipped_toll", "dial", "turn"]
    assert state.dial == dial - 2 and state.stands[0][-1] not in state.info


def test_no_equipment_and_no_second_value_on_a_flipped_wire() -> None:
    state = turn_of(m56(), 1)
    end = last(state, 0)
    for action in (
        Cut(1, ((0, end - 1), (0, end)), (7,), "double"),
        Cut(1, ((0, end),), (7, 8)),
    ):
        assert action not in state.legal_actions(1)
        with pytest.raises(IllegalActionError) as err:
            state.apply(action)
        assert err.value.reason is FlippedReason.FLIPPED_NOT_YOURS


def test_the_owner_may_cut_his_with_a_teammates_flipped_wire_for_a_step() -> None:
    state = m56()
    dial = state.dial
    both = FlippedCut(0, 2, last(state, 2), 7)
    assert both in state.legal_actions(0)
    state, events = play(state, both)
    assert types(events)[:5] == ["flipped_cut", "wire_cut", "wire_cut", "flipped_toll", "dial"]
    assert state.dial == dial - 1 and state.result is None
    # At a teammate's ordinary wire: no step; a wrong value explodes the bomb.
    state, events = play(m56(), FlippedCut(0, 1, SEVEN_1, 7))  # seat 1's own 7
    assert "flipped_toll" not in types(events) and state.result is None
    state, events = play(m56(), FlippedCut(0, 1, last(state, 1), 9))
    assert state.result == "exploded" and events[-1].data == {"cause": "flipped"}


def test_the_toll_on_the_last_step_explodes_and_a_winning_cut_pays_none() -> None:
    state = turn_of(m56(), 1)
    state.dial = 1
    state, events = play(state, Cut(1, ((0, last(state, 0)),), (7,)), Pick(1, 1, SEVEN_1))
    assert state.result == "exploded" and events[-1].data == {"cause": "detonator"}
    state = m56()
    state = only(state, {(0, last(state, 0)), (2, last(state, 2))})
    state, events = play(state, FlippedCut(0, 2, last(state, 2), 7))
    assert state.result == "won" and "flipped_toll" not in types(events)


def test_nobody_skips_a_flipped_wire_he_may_cut() -> None:
    """Mission 38 would make seat 1 skip: his 7 and seat 0's flipped 7 are all that is left."""
    state = m56()
    state = turn_of(only(state, {(0, last(state, 0)), (1, SEVEN_1)}), 1)
    legal = state.legal_actions(1)
    assert FlippedSkip(1) not in legal and Cut(1, ((0, last(state, 0)),), (7,)) in legal
    with pytest.raises(IllegalActionError) as err:
        state.apply(FlippedSkip(1))
    assert err.value.reason is FlippedReason.FLIPPED_CAN_CUT


def test_a_red_flipped_wire_is_revealed_with_reveal_red() -> None:
    state = m56((SEVEN_0, RED_1, SEVEN_2, 0))
    state = turn_of(only(state, {(1, last(state, 1))}), 1)
    assert FlippedReveal(1) in state.legal_actions(1)
    state, events = play(state, FlippedReveal(1))
    assert "explosion" not in types(events) and state.result == "won"


def test_the_setup_names_one_stand_per_seat_in_seat_order() -> None:
    stands = fill_deal(56, 4, 0, {0: STAND_0, 1: STAND_1}, red=RED)
    for wrong in ([0, 1, 2], [1, 0, 2, 3]):
        with pytest.raises(SetupError):
            game(
                56,
                4,
                stands,
                red_markers=[*RED, "11.5"],
                parts={"flipped_wires": {"stands": wrong}},
            )


def test_no_walkie_talkies_with_a_teammate_whose_only_wire_is_flipped() -> None:
    """He could give back nothing he sees (found by the bench: a 5-player game stuck)."""
    state = m56()
    state = only(state, {(0, last(state, 0)), (1, SEVEN_1), (1, last(state, 1))})
    state = turn_of(state, 1)
    swap = Walkie(1, 1, SEVEN_1, 0)
    assert swap not in state.legal_actions(1)
    with pytest.raises(IllegalActionError) as err:
        state.apply(swap)
    assert err.value.reason is FlippedReason.FLIPPED_NOT_YOURS


def test_the_single_wire_label_counts_the_wires_its_owner_sees() -> None:
    """Equipment 2-2: "its value is on the stand once" is judged on the wires the owner sees,
    never on his own flipped wire's value (the long walk's game 6685 found the listing telling
    him). Seat 0 sees one 7 (slot 9); his flipped wire is the other 7: the label is his to
    place, and the teammates, who see that 7, read it as "once among the wires he sees"."""
    from engine.redwire import SingleLabel
    from engine.redwire.deduction import position_from_observation, solve
    from engine.redwire.mechanisms.equipment.single_label import SingleLabelReason
    from engine.redwire.wires import code_of

    twos = [(0, 2), (0, 3), (1, 2), (1, 3)]
    state = with_cut(m56(cards=(22, 1, 4, 6)), twos)
    end = last(state, 0)
    assert state.codes[state.stands[0][end]] == state.codes[state.stands[0][SEVEN_0]]
    labels = {a for a in state.legal_actions(0) if isinstance(a, SingleLabel)}
    assert SingleLabel(0, 0, SEVEN_0) in labels and SingleLabel(0, 0, 4) in labels  # 7, 3
    assert SingleLabel(0, 0, 10) not in labels and SingleLabel(0, 0, end) not in labels
    with pytest.raises(IllegalActionError) as err:
        state.apply(SingleLabel(0, 0, 10))  # his two 8s
    assert err.value.reason is SingleLabelReason.SINGLE_NOT_ONCE
    with pytest.raises(IllegalActionError) as err:
        state.apply(SingleLabel(0, 0, end))  # no equipment on a flipped wire
    assert err.value.reason is FlippedReason.FLIPPED_NOT_YOURS
    state, events = play(state, SingleLabel(0, 0, SEVEN_0))
    assert types(events) == ["equipment", "single_label"]
    seven = code_of("7")
    # Seat 1 sees the flipped 7: the labelled wire may still be the other 7.
    odds = solve(position_from_observation(state.observation(1)))
    assert odds.code_probabilities((0, SEVEN_0)).get(seven, 0) > 0
    # Seat 0 sees his 7 and learns nothing of his flipped wire from his own token.
    mine = solve(position_from_observation(state.observation(0)))
    assert mine.code_probabilities((0, end)).get(seven, 0) > 0


def test_the_fast_pass_never_takes_a_flipped_wire_as_its_second() -> None:
    """Equipment 9-9 names two wires; no equipment touches a flipped wire, the second named one
    included (its owner does not see it: the engine judging the pair by its value would tell
    him). Seat 0's own 7 (slot 9) and his flipped 7: refused, and never listed."""
    from engine.redwire import FastPass

    nines = [(1, 9), (1, 12), (3, 0), (3, 11)]  # every 9, the flipped ones of seats 1 and 3 too
    state = turn_of(with_cut(m56(cards=(99, 1, 4, 6)), nines), 0)
    end = last(state, 0)
    assert state.codes[state.stands[0][end]] == state.codes[state.stands[0][SEVEN_0]]
    for pair in (FastPass(0, 7, 0, SEVEN_0, 0, end), FastPass(0, 7, 0, end, 0, SEVEN_0)):
        assert pair not in state.legal_actions(0)
        with pytest.raises(IllegalActionError) as err:
            state.apply(pair)
        assert err.value.reason is FlippedReason.FLIPPED_NOT_YOURS
    assert FastPass(0, 8, 0, 10, 0, 11) in state.legal_actions(0)  # his two 8s
