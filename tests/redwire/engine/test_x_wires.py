"""Mission 20's rules on hand-made deals: the last wire dealt to each stand stays unsorted at the
far right (X); no equipment on it (detectors, X-or-Y, Sticky Note, labels, a stabilized cut),
the Stand Scanner and the Radar ignore it, no setup token on it; a plain Dual Cut may point at
it, and its owner may cut it as his own side of a cut."""

from __future__ import annotations

import pytest

from engine.redwire import (
    Cut,
    GameState,
    IllegalActionError,
    Label,
    Pick,
    PlaceToken,
    PostIt,
    Radar,
    Record,
    Stabilize,
    explicit_setup,
    new_game,
    start,
)
from engine.redwire.deduction import position_from_observation
from engine.redwire.mechanisms import x_wires
from engine.redwire.mechanisms.x_wires import XReason

from .helpers import play

STANDS = [
    ["2", "3", "3", "4", "4", "5", "6", "7", "8", "9", "10", "11", "1"],  # X: a 1
    ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "12"],  # X: a 12
    ["1", "1", "2", "2", "3", "4", "5", "5", "6", "6", "7", "2.1", "4.5"],  # X: the red 4.5
    ["7", "8", "8", "9", "9", "10", "10", "11", "11", "12", "12", "9.5", "6.1"],  # X: the 6.1
]


def m20(cards: list[int]) -> GameState:
    """The deal above, captain seat 0, setup tokens on each seat's first legal wire."""
    state = start(explicit_setup(20, 4, 0, STANDS, parts={"equipment": {"cards": cards}}))
    while state.phase.value == "setup_token":
        seat = state.to_move
        assert seat is not None
        state, _ = state.apply(state.legal_actions(seat)[0])
    return state


def unlocked(state: GameState, wires: list[tuple[int, int]]) -> GameState:
    """A copy with these wires cut (two of a card's number unlock it)."""
    table = state.clone()
    for stand, slot in wires:
        table.mark_cut(table.wire_id(stand, slot))
    return table


def refused(state: GameState, action: object) -> None:
    with pytest.raises(IllegalActionError) as err:
        state.apply(action)  # type: ignore[arg-type]
    assert err.value.reason is XReason.X_WIRE
    assert action not in state.legal_actions(state.to_move or 0)


def test_the_last_wire_dealt_stays_at_the_far_right() -> None:
    state = start(explicit_setup(20, 4, 0, STANDS, parts={"equipment": {"cards": [1, 3, 5, 8]}}))
    assert [state.code_at(s, 12) for s in range(4)] == [10, 120, 45, 61]
    assert state.code_at(2, 4) == 21  # the rest is sorted: 1, 1, 2, 2, 2.1, 3, ...
    assert x_wires.view(state.observation(None)) == {"x": [[0, 12], [1, 12], [2, 12], [3, 12]]}
    position = position_from_observation(state.observation(0))
    assert [sorted(stand.unsorted) for stand in position.stands] == [[12]] * 4


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_random_deal_keeps_each_stands_last_wire_apart(players: int) -> None:
    state = new_game(20, players, seed=11)
    for stand in state.setup.stands:
        assert list(stand[:-1]) == sorted(stand[:-1])
    marked = x_wires.view(state.observation(None))
    assert marked == {"x": [[s, len(st) - 1] for s, st in enumerate(state.stands)]}
    # A record keeps the layout: replayed, the X wires are the same.
    again = Record.loads(state.record.dumps()).replay()
    assert again.setup.stands == state.setup.stands


def test_no_setup_token_on_an_x_wire() -> None:
    state = start(explicit_setup(20, 4, 0, STANDS, parts={"equipment": {"cards": [1, 3, 5, 8]}}))
    refused(state, PlaceToken(0, 0, 12))
    assert PlaceToken(0, 0, 11) in state.legal_actions(0)


def test_a_plain_cut_may_point_at_an_x_wire_and_cut_its_owners_own() -> None:
    state = m20([1, 3, 5, 8])
    assert Cut(0, ((1, 12),), (11,)) in state.legal_actions(0)  # a plain Dual Cut (a miss)
    # Ana's only 1 is her X wire: she points at Carlo's first 1 and cuts her X wire with it.
    after, events = play(state, Cut(0, ((2, 0),), (1,)))
    assert events[0].data["outcome"] == "hit"
    assert after.phase.value == "own_cut"
    after, events = play(after, Pick(0, 0, 12))
    assert after.cut[after.wire_id(0, 12)] and after.cut[after.wire_id(2, 0)]


def test_a_miss_on_an_x_wire_gets_its_token() -> None:
    state = m20([1, 3, 5, 8])
    after, events = play(state, Cut(0, ((3, 12),), (2,)))  # the yellow X: a miss
    assert events[0].data["outcome"] == "miss"
    assert any(e.type == "token" and e.data["slot"] == 12 for e in events)
    del after


def test_no_detector_on_an_x_wire() -> None:
    state = m20([1, 3, 5, 8])
    refused(state, Cut(0, ((1, 11), (1, 12)), (12,), "double"))
    assert Cut(0, ((1, 10), (1, 11)), (11,), "double") in state.legal_actions(0)
    triple = unlocked(state, [(0, 1), (0, 2)])  # two 3s: the Triple Scanner (3)
    refused(triple, Cut(0, ((1, 10), (1, 11), (1, 12)), (11,), "triple"))


def test_the_stand_scanner_leaves_the_x_wire_out() -> None:
    state = unlocked(m20([1, 3, 5, 8]), [(1, 4), (2, 7)])  # two 5s: the Super Detector (5)
    scans = [a for a in state.legal_actions(0) if isinstance(a, Cut) and a.tool == "super"]
    assert scans and all(slot != 12 for a in scans for _, slot in a.targets)
    refused(state, Cut(0, tuple((1, i) for i in range(13)), (11,), "super"))


def test_the_radar_ignores_x_wires() -> None:
    state = unlocked(m20([1, 3, 5, 8]), [(0, 8), (3, 1)])  # two 8s: the Radar (8)
    after, events = play(state, Radar(0, 1))
    radar = next(e for e in events if e.type == "radar")
    assert radar.data["answers"] == [False, True, True, False]  # stand 0's only 1 is its X
    assert radar.data["ignored"] == [[0, 12], [1, 12], [2, 12], [3, 12]]
    del after


def test_no_label_sticky_note_x_or_y_or_stabilized_cut_on_an_x_wire() -> None:
    # Two 1s (label ≠), two 4s (Sticky Note), two 9s (Stabilizer), two 10s (X-or-Y).
    state = unlocked(m20([1, 4, 9, 10]), [(2, 0), (2, 1), (1, 3), (2, 6), (3, 3), (3, 4)])
    state = unlocked(state, [(3, 6), (3, 7)])
    refused(state, Label(0, 1, 0, 11))  # 11 beside the X wire
    assert state.is_legal(Label(0, 1, 0, 10))
    refused(state, PostIt(0, 0, 12))
    assert state.is_legal(PostIt(0, 0, 11))
    refused(state, Cut(0, ((1, 12),), (11, 8)))
    assert state.is_legal(Cut(0, ((1, 11),), (11, 8)))
    shielded, _ = play(state, Stabilize(0))
    refused(shielded, Cut(0, ((1, 12),), (11,)))
    assert shielded.is_legal(Cut(0, ((1, 11),), (11,)))
