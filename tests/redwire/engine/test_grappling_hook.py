"""Equipment 11-11, Grappling Hook (rule sticker C, spec §7.5): take a teammate's uncut wire, seen
by nobody but the taker, into sorted place on your stand (two stands: yours to choose, §5.11),
everyone seeing where it came from and where it went. Hand-made mission-58 deals (no info
tokens), and one game each of missions 56 (turned-round wires) and 59 (a walked value is due)."""

from __future__ import annotations

import pytest

from engine.redwire import GameState, Hook, IllegalActionError, Reason, new_game
from engine.redwire.deduction import position_from_observation, solve
from engine.redwire.mechanisms import flipped_wires
from engine.redwire.mechanisms.equipment import tray
from engine.redwire.mechanisms.equipment.hook import HookReason
from engine.redwire.mechanisms.equipment.tray import TrayReason
from engine.redwire.mechanisms.nano_line import NanoWalk
from engine.redwire.wires import label_of

from .helpers import fill_deal, game, play, types, with_cut

# Stand 0 (seat 0): 1 2 2 3 3 4 5 6 7 8 9 11 11; stand 1 (seat 1) the same;
# stand 2 (seat 2): 1 1 4 4 5 5 6 6 7 7 8 8; stand 3 (seat 3): 9 9 10 10 10 10 10.5 11.5 12 12 12 12.
FIXED = {
    0: ["1", "2", "2", "3", "3", "4", "5", "6", "7", "8", "9", "11", "11"],
    1: ["1", "2", "2", "3", "3", "4", "5", "6", "7", "8", "9", "11", "11"],
}
STANDS = fill_deal(58, 4, 0, FIXED, red=["10.5", "11.5"])
ELEVENS = [(0, 11), (0, 12), (1, 11), (1, 12)]


def unlocked() -> GameState:
    """The deal with the hook on the board and all four 11s cut."""
    return with_cut(game(58, 4, STANDS, equipment=[1111, 1, 3, 5]), ELEVENS)


def refused(state: GameState, action: Hook, reason: object) -> None:
    before = state.clone()
    with pytest.raises(IllegalActionError) as caught:
        state.apply(action)
    assert caught.value.reason is reason, str(caught.value)
    assert state.same_as(before)


def test_the_hook_needs_all_four_11s_cut() -> None:
    three = with_cut(game(58, 4, STANDS, equipment=[1111, 1, 3, 5]), ELEVENS[:3])
    assert tray.card_state(three, 1111) == "locked"
    refused(three, Hook(2, 0, 3, 2), TrayReason.EQUIPMENT_LOCKED_ALL)
    assert not [a for a in three.legal_actions(2) if isinstance(a, Hook)]


def test_the_taken_wire_goes_in_sorted_place_seen_by_the_taker_and_its_former_owner_only() -> None:
    state, events = play(unlocked(), Hook(2, 0, 3, 2))  # seat 2 takes seat 0's first 3
    assert types(events) == ["equipment", "hook"]
    hook = events[-1]
    assert hook.data == {
        "seat": 2,
        "owner": 0,
        "from": [0, 3],
        "to": [2, 2],  # after 1 1, before 4 4
        "labels_removed": 0,
    }
    assert hook.secret == {2: {"got": "3"}, 0: {"lost": "3"}}
    assert [label_of(c) for _, c in state.uncut(2)][:4] == ["1", "1", "3", "4"]
    assert len(state.stands[0]) == 12 and len(state.stands[2]) == 13
    assert state.observation(2)["stands"][2]["slots"][2]["wire"] == "3"
    for viewer in (None, 1, 3, 0):  # the former owner no longer sees it on a stand either
        assert state.observation(viewer)["stands"][2]["slots"][2]["wire"] is None
    assert state.observation(0)["log"][-1]["secret"] == {"lost": "3"}
    for viewer in (None, 1, 3):
        assert "secret" not in state.observation(viewer)["log"][-1]
    assert tray.card_state(state, 1111) == "used"
    refused(state, Hook(1, 0, 3, 1), TrayReason.EQUIPMENT_USED)


def test_a_twin_differing_in_the_hooked_wire_looks_the_same_to_every_other_seat() -> None:
    state, _ = play(unlocked(), Hook(2, 0, 3, 2))
    twin = state.clone()
    codes = list(twin.codes)
    hooked, other = state.wire_id(2, 2), state.wire_id(3, 0)  # the 3 and a 9, both unseen
    codes[hooked], codes[other] = codes[other], codes[hooked]
    twin.codes = tuple(codes)
    for viewer in (None, 0, 1):
        assert state.observation(viewer) == twin.observation(viewer)
    assert state.observation(2) != twin.observation(2)


def test_the_deduction_reads_where_the_wire_went_and_what_its_former_owner_saw() -> None:
    # Seat 2's 1 1 4 4 are cut (public): the wire put between them is a 1, a 2 or a 3.
    state = with_cut(unlocked(), [(2, 0), (2, 1), (2, 2), (2, 3)])
    state, _ = play(state, Hook(2, 0, 3, 2))
    spectator = solve(position_from_observation(state.observation(None)))
    assert set(spectator.code_probabilities((2, 2))) <= {10, 20, 30}
    owner = solve(position_from_observation(state.observation(0)))
    assert owner.code_probabilities((2, 2)) == {30: 1}


def test_refusals_own_cut_and_elsewhere_wires() -> None:
    state = unlocked()
    refused(state, Hook(0, 0, 3, 0), HookReason.HOOK_TEAMMATE)  # his own wire
    refused(state, Hook(2, 0, 11, 2), Reason.ALREADY_CUT)  # a cut 11
    refused(state, Hook(2, 0, 3, 1), Reason.NOT_OWN_STAND)  # seat 1's stand is not his
    refused(state, Hook(2, 0, 40, 2), Reason.NO_SUCH_WIRE)
    assert Hook(2, 0, 3, 2) in state.legal_actions(2)
    assert Hook(2, 0, 11, 2) not in state.legal_actions(2)


def test_a_red_wire_taken_is_the_takers_to_reveal_and_nothing_explodes() -> None:
    state, events = play(unlocked(), Hook(2, 3, 6, 2))  # seat 3's 10.5
    assert events[-1].data["to"] == [2, 12] and events[-1].secret[2] == {"got": "10.5"}
    assert state.result is None and state.dial == unlocked().dial
    assert [label_of(c) for _, c in state.uncut(2)][-1] == "10.5"


def test_a_teammates_last_wire_may_be_taken() -> None:
    rest = [(1, slot) for slot in range(11) if slot != 5]  # seat 1 keeps only his 4
    state, _ = play(with_cut(unlocked(), rest), Hook(0, 1, 5, 0))
    assert not state.has_wires(1) and state.result is None
    assert [label_of(c) for _, c in state.uncut(0)].count("4") == 2


def test_with_two_stands_the_taker_chooses_which() -> None:
    fixed = {0: ["1", "2", "2", "3", "3", "4", "5", "6", "7", "8", "9", "11", "11"]}
    stands = fill_deal(58, 2, 0, fixed, red=["9.5", "10.5", "11.5"])
    state = game(58, 2, stands, equipment=[1111, 1])
    elevens = [
        (st, sl) for st, wires in enumerate(stands) for sl, w in enumerate(wires) if w == "11"
    ]
    state = with_cut(state, elevens)
    mine = state.seat_stands[1]
    assert len(mine) == 2
    hooks = {a.into for a in state.legal_actions(1) if isinstance(a, Hook) and a.stand == 0}
    assert hooks == set(mine)
    after, events = play(state, Hook(1, 0, 3, mine[1]))
    assert events[-1].data["to"][0] == mine[1]
    assert len(after.stands[mine[1]]) == len(state.stands[mine[1]]) + 1


def _seed_with_hook(mission: int, players: int) -> GameState:
    seed = next(s for s in range(500) if 1111 in tray.cards_of(new_game(mission, players, s).setup))
    return new_game(mission, players, seed)


def test_a_turned_round_wire_is_never_taken() -> None:
    """Missions 56 and 64: no equipment touches a flipped wire (§7.4)."""
    state = _seed_with_hook(56, 3)
    flipped = set(flipped_wires.flipped_ids(state))
    elevens = [
        (st, sl)
        for st, wires in enumerate(state.stands)
        for sl, w in enumerate(wires)
        if state.codes[w] == 110 and w not in flipped
    ]
    assert len(elevens) == 4  # this deal turned round no 11
    state = with_cut(state, elevens)
    wire = next(iter(flipped))
    stand, slot = state.position_of(wire)
    taker = (state.owners[stand] + 1) % 3
    action = Hook(taker, stand, slot, state.seat_stands[taker][0])
    assert action not in state.legal_actions(taker)
    with pytest.raises(IllegalActionError):
        state.apply(action)


def test_the_wires_of_a_player_bound_to_cut_a_value_are_not_taken() -> None:
    """Mission 59: once Nano has walked, the active player must cut that value; his wires
    cannot be hooked (refusing only his last wire of it would tell which wire that is)."""
    state = _seed_with_hook(59, 3)
    elevens = [
        (st, sl)
        for st, wires in enumerate(state.stands)
        for sl, w in enumerate(wires)
        if state.codes[w] == 110
    ]
    state = with_cut(state, elevens)
    while state.phase.value != "turn":
        seat = state.to_move
        assert seat is not None
        state, _ = state.apply(state.legal_actions(seat)[0])
    active = state.active
    other, third = (active + 1) % 3, (active + 2) % 3
    before = {a for a in state.legal_actions(other) if isinstance(a, Hook)}
    assert any(state.owners[a.stand] == active for a in before)
    walk = next(a for a in state.legal_actions(active) if isinstance(a, NanoWalk))
    state, _ = state.apply(walk)
    after = [a for a in state.legal_actions(other) if isinstance(a, Hook)]
    assert after and all(state.owners[a.stand] == third for a in after)
    st, sl, _ = state.hand(active)[0]
    refused(state, Hook(other, st, sl, state.seat_stands[other][0]), HookReason.HOOK_DUE)
