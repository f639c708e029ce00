"""Mission 17's rules on hand-made deals: the Bluffer's two false setup tokens, the false token
a miss on his wire gets (the announced value), no equipment for him (his Double Detector kept,
or taken by the option), and what his tokens prove (the wire is NOT that value)."""

from __future__ import annotations

import pytest

from engine.redwire import Cut, IllegalActionError, Options, Pick, PlaceToken, Radar, Record
from engine.redwire.deduction import position_from_observation, solve
from engine.redwire.mechanisms import bluffer
from engine.redwire.mechanisms.bluffer import BluffReason, FalseToken
from engine.redwire.mechanisms.equipment.walkie import Walkie

from .helpers import fill_deal, game, play, types

FIXED = {1: ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "4.5"]}
STANDS = fill_deal(17, 4, 0, FIXED, red=["4.5", "8.5"])
# stand 0: 1 1 1 2 2 2 3 3 3 4 4 4 5; stand 1 (the Bluffer, seat 1): 1..12 and 4.5;
# stand 2: 5 5 6 6 6 7 7 7 8 8 8 8.5 9; stand 3: 9 9 10 10 10 11 11 11 12 12 12


def m17(options: Options | None = None, cards: list[int] | None = None):  # type: ignore[no-untyped-def]
    return game(
        17,
        4,
        STANDS,
        parts={"bluffer": {"seat": 1}, "equipment": {"cards": cards or [1, 2, 8, 9]}},
        red_markers=["4.5", "8.5", "10.5"],
        options=options,
        tokens=[],
    )


def setup(state):  # type: ignore[no-untyped-def]
    """Seat 0 marks its first wire; the Bluffer says his 6 is "not 7" and his 10 "not 9"."""
    state, _ = play(state, PlaceToken(0, 0, 0))
    state, events = play(state, FalseToken(1, 1, 6, 7), FalseToken(1, 1, 10, 9))
    state, _ = play(state, PlaceToken(2, 2, 0), PlaceToken(3, 3, 0))
    return state, events


def test_the_bluffers_two_setup_tokens_lie() -> None:
    state = m17()
    state, _ = play(state, PlaceToken(0, 0, 0))
    assert state.to_move == 1
    refusals = {
        PlaceToken(1, 1, 0): BluffReason.BLUFF_ONLY,
        FalseToken(1, 1, 0, 1): BluffReason.BLUFF_TRUE,  # his 1 is a 1
        FalseToken(1, 1, 4, 7): BluffReason.BLUFF_RED,  # the 4.5
    }
    for action, reason in refusals.items():
        with pytest.raises(IllegalActionError) as err:
            state.apply(action)
        assert err.value.reason is reason
    state, events = play(state, FalseToken(1, 1, 6, 7))
    assert events[0].data == {"seat": 1, "stand": 1, "slot": 6, "value": 7, "reason": "setup"}
    assert state.to_move == 1  # a second one
    with pytest.raises(IllegalActionError) as err:
        state.apply(FalseToken(1, 1, 6, 8))
    assert err.value.reason is BluffReason.BLUFF_TWICE
    state, _ = play(state, FalseToken(1, 1, 10, 9))
    assert state.to_move == 2
    view = bluffer.view(state.observation(3))
    assert view is not None and view["tokens"] == [
        {"stand": 1, "slot": 6, "value": 7},
        {"stand": 1, "slot": 10, "value": 9},
    ]
    assert state.info.get(state.wire_id(1, 6)) is None  # not a true token


def test_a_miss_on_his_wire_gets_a_false_token_with_the_announced_value() -> None:
    state, _ = setup(m17())
    state, events = play(state, Cut(0, [(1, 0)], [2]))  # his 1, said to be a 2
    assert types(events) == ["cut", "dial", "false_token", "turn"]
    assert events[2].data["value"] == 2 and events[2].data["reason"] == "miss"
    assert state.wire_id(1, 0) not in state.info


def test_his_tokens_say_what_the_wire_is_not() -> None:
    state, _ = setup(m17())
    solution = solve(position_from_observation(state.observation(0)))
    assert 7 not in solution.class_probabilities((1, 6))
    assert 9 not in solution.class_probabilities((1, 10))


def test_no_equipment_for_the_bluffer_but_his_double_detector() -> None:
    state, _ = setup(m17(cards=[8, 1, 2, 9]))
    table = state.clone()
    for w, code in enumerate(table.codes):
        if code == 80 and table.position_of(w)[0] == 2:
            table.mark_cut(w)  # two of seat 2's 8s, as if cut before
            if table.cut_count(8) >= 2:
                break
    table.active = 1
    with pytest.raises(IllegalActionError) as err:
        table.apply(Radar(1, 5))
    assert err.value.reason is BluffReason.BLUFF_NO_EQUIPMENT
    assert Radar(1, 5) not in table.legal_actions(1) and Radar(0, 5) in table.legal_actions(0)
    dd = Cut(1, [(0, 0), (0, 1)], [1], "double")
    assert dd in table.legal_actions(1)
    no_dd, _ = setup(m17(options=Options(m17_rhett_no_dd=True)))
    no_dd = no_dd.clone()
    no_dd.active = 1
    with pytest.raises(IllegalActionError) as err:
        no_dd.apply(dd)
    assert err.value.reason is BluffReason.BLUFF_NO_DETECTOR
    assert Record.loads(no_dd.record.dumps()).setup.options.m17_rhett_no_dd


def test_he_still_gives_a_wire_to_the_walkie_talkies() -> None:
    state, _ = setup(m17(cards=[2, 1, 8, 9]))
    table = state.clone()
    for w, code in enumerate(table.codes):
        if code == 20 and table.position_of(w)[0] == 0:
            table.mark_cut(w)
            if table.cut_count(2) >= 2:
                break
    after, _ = table.apply(Walkie(0, 0, 5, 1))
    assert after.to_move == 1 and after.phase.value == "walkie_give"
    pick = after.legal_actions(1)[0]
    assert isinstance(pick, Pick)
    after.apply(pick)
