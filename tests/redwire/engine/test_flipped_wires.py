"""Mission 38's flipped wire on hand-made deals: the captain's wire turned round at the far right
(seen by every seat but him, never by a spectator); only he cuts it, with no equipment, by a Dual
Cut where it is his own wire, a Solo Cut with it or revealing it as red, and any failure of such
a cut explodes the bomb; nobody else may aim at it; a player whose only cut would be that wire
skips and the detonator moves one step."""

from __future__ import annotations

import pytest

from engine.redwire import Cut, IllegalActionError, SoloCut
from engine.redwire.mechanisms.flipped_wires import (
    FlippedCut,
    FlippedReason,
    FlippedReveal,
    FlippedSkip,
    FlippedSolo,
)
from engine.redwire.turn import end_turn

from .helpers import fill_deal, game, play, types

RED = ["4.5", "8.5"]
#: The captain's stand, sorted: 1 1 1 2 2 3 3 4 4 4.5 5 5 6; the fourth 1 opens stand 1.
CAPTAIN = [1, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, "4.5"]


def m38(flip: int, captain: list[str | int] | None = None):  # type: ignore[no-untyped-def]
    """Four players, captain seat 0; ``flip``: the slot of his sorted stand turned round (given
    last: the setup keeps the last wire of a flipped stand apart)."""
    stands = fill_deal(38, 4, 0, {0: captain or CAPTAIN}, red=RED)
    mine = sorted(stands[0], key=float)
    stands[0] = [*mine[:flip], *mine[flip + 1 :], mine[flip]]
    return game(
        38,
        4,
        stands,
        parts={"equipment": {"cards": [1, 4, 6, 9]}, "flipped_wires": {"stands": [0]}},
    )


def test_the_flipped_wire_faces_the_others_never_its_owner() -> None:
    state = m38(0)  # a 1, moved to the far right
    last = len(state.stands[0]) - 1
    assert state.code_at(0, last) == 10 and state.stands[0][last] in state.own_hidden
    assert state.observation(0)["stands"][0]["slots"][last]["wire"] is None
    assert state.observation(0)["stands"][0]["slots"][0]["wire"] == "1"
    for seat in (1, 2, 3):
        assert state.observation(seat)["stands"][0]["slots"][last]["wire"] == "1"
    assert state.observation(None)["stands"][0]["slots"][last]["wire"] is None
    assert state.observation("seer")["stands"][0]["slots"][last]["wire"] == "1"
    # No setup token went on it, and the log says where it lies.
    assert state.stands[0][last] not in state.info
    flipped = next(e for e in state.log if e.type == "flipped")
    assert flipped.data == {"seat": 0, "stand": 0, "slot": last}


def test_nobody_else_may_aim_at_it_nor_point_a_detector() -> None:
    state = m38(12)  # the 6
    last = len(state.stands[0]) - 1
    state, _ = play(state, Cut(0, ((1, 0),), (1,)))  # the captain's hit on the fourth 1
    while state.active == 0 and state.result is None:
        state, _ = play(state, state.legal_actions(state.to_move)[0])
    assert state.active == 1
    legal = state.legal_actions(1)
    assert not any(isinstance(a, Cut) and (0, last) in a.targets for a in legal)
    assert not any(isinstance(a, FlippedCut) for a in legal)
    for tool in (None, "double"):
        targets = ((0, last),) if tool is None else ((0, last - 1), (0, last))
        with pytest.raises(IllegalActionError) as err:
            state.apply(Cut(1, targets, (6,), tool))  # type: ignore[arg-type]
        assert err.value.reason is FlippedReason.FLIPPED_NOT_YOURS


def test_the_captains_dual_cut_with_it_cuts_both() -> None:
    state = m38(11)  # a 5: he sees one 5 left; stand 1 holds two
    five = next(i for i, _ in state.uncut(1) if state.code_at(1, i) == 50)
    last = len(state.stands[0]) - 1
    dial = state.dial
    state, events = play(state, FlippedCut(0, 1, five, 5))
    assert types(events)[:3] == ["flipped_cut", "wire_cut", "wire_cut"]
    assert state.cut[state.stands[1][five]] and state.cut[state.stands[0][last]]
    assert state.result is None and state.dial == dial and state.active == 1


@pytest.mark.parametrize("wrong", ["target", "flipped"])
def test_a_failed_cut_of_the_captain_with_it_explodes(wrong: str) -> None:
    state = m38(11 if wrong == "target" else 3)  # a 5, or a 2
    five = next(i for i, _ in state.uncut(1) if state.code_at(1, i) == 50)
    two = next(i for i, _ in state.uncut(1) if state.code_at(1, i) == 20)
    action = FlippedCut(0, 1, two, 5) if wrong == "target" else FlippedCut(0, 1, five, 5)
    state, events = play(state, action)
    assert state.result == "exploded"
    assert types(events)[-2:] == ["flipped_failed", "explosion"]
    assert events[-1].data == {"cause": "flipped"}


def test_his_normal_dual_cut_announces_only_values_he_sees() -> None:
    state = m38(12)  # the 6: the only 6 he had
    assert not any(isinstance(a, Cut) and 6 in a.values for a in state.legal_actions(0))
    with pytest.raises(IllegalActionError):
        state.apply(Cut(0, ((1, 10),), (6,)))
    assert any(isinstance(a, FlippedCut) and a.value == 6 for a in state.legal_actions(0))


def test_a_solo_cut_with_it_and_its_failure() -> None:
    mine = [1, 1, 1, 1, 2, 3, 3, 4, 4, 5, 5, 6, "4.5"]
    state = m38(3, mine)  # the flipped wire is a 1: he sees three, none is left elsewhere
    assert state.code_at(0, len(state.stands[0]) - 1) == 10
    assert FlippedSolo(0, 1) in state.legal_actions(0)
    assert SoloCut(0, 1) not in state.legal_actions(0)  # he sees three of four
    state, events = play(state, FlippedSolo(0, 1))
    assert types(events).count("wire_cut") == 4 and state.result is None
    assert state.cut_count(1) == 4 and state.active == 1
    # Wrong: he sees three 1s, and the fourth lies on stand 1, not turned round on his.
    state = m38(12)  # the 6
    assert FlippedSolo(0, 1) in state.legal_actions(0)
    state, events = play(state, FlippedSolo(0, 1))
    assert state.result == "exploded" and events[-1].data == {"cause": "flipped"}


def _only_left(state, keep: set[tuple[int, int]]) -> None:  # type: ignore[no-untyped-def]
    """A hand-made later position: every wire cut but those at ``keep`` (stand, slot)."""
    for stand, ids in enumerate(state.stands):
        for slot, wire in enumerate(ids):
            if (stand, slot) not in keep:
                state.mark_cut(wire)


def test_revealing_it_as_red() -> None:
    state = m38(9)  # the red 4.5
    last = len(state.stands[0]) - 1
    _only_left(state, {(0, last), (1, 0)})
    assert state.legal_actions(0) and FlippedReveal(0) in state.legal_actions(0)
    state, events = play(state, FlippedReveal(0))
    assert state.cut[state.stands[0][last]] and "explosion" not in types(events)
    # A blue flipped wire revealed as red explodes the bomb.
    state = m38(0)
    last = len(state.stands[0]) - 1
    _only_left(state, {(0, last), (0, 8), (1, 0)})  # his red 4.5 and the flipped 1
    legal = state.legal_actions(0)
    assert FlippedReveal(0) in legal and any(a.type == "reveal" for a in legal)
    state, events = play(state, FlippedReveal(0))
    assert state.result == "exploded" and events[-1].data == {"cause": "flipped"}


def test_a_player_whose_only_cut_is_the_flipped_wire_skips_and_the_dial_moves() -> None:
    state = m38(0)  # the flipped 1; the last other 1 opens stand 1
    last = len(state.stands[0]) - 1
    _only_left(state, {(0, last), (1, 0)})
    events: list = []  # type: ignore[type-arg]
    end_turn(state, events)
    assert state.active == 1
    legal = state.legal_actions(1)
    assert FlippedSkip(1) in legal and not any(isinstance(a, (Cut, SoloCut)) for a in legal)
    dial = state.dial
    state, events = play(state, FlippedSkip(1))
    assert types(events)[:2] == ["flipped_skip", "dial"] and state.dial == dial - 1
    assert events[0].data == {"seat": 1, "solo": [[1, 1]]}
    # The captain then cuts it, pointing at the teammate's 1: both are cut, the mission won.
    assert state.active == 0
    state, _ = play(state, FlippedCut(0, 1, 0, 1))
    assert state.result == "won"


def test_someone_who_can_cut_may_not_skip() -> None:
    state = m38(0)
    with pytest.raises(IllegalActionError) as err:
        state.apply(FlippedSkip(0))
    assert err.value.reason is FlippedReason.FLIPPED_CAN_CUT
