"""One test per base rule (spec §3-§6), on hand-made deals."""

from __future__ import annotations

import pytest

from engine.redwire import (
    Cut,
    IllegalActionError,
    Options,
    Phase,
    Pick,
    PlaceToken,
    Reason,
    RevealReds,
    SoloCut,
    new_game,
)
from engine.redwire.mechanisms import double_detector
from engine.redwire.mechanisms.double_detector import DetectorReason
from engine.redwire.mechanisms.equipment import tray
from engine.redwire.state import GameState
from engine.redwire.wires import YELLOW, code_of

from .helpers import fill_deal, game, play, types

# Mission 1, two players: seat 0 owns stands 0 and 1, seat 1 owns stands 2 and 3.
M1_2P = [
    ["1", "1", "2", "3", "4", "5"],
    ["2", "3", "5", "6", "6", "6"],
    ["1", "2", "3", "4", "4", "5"],
    ["1", "2", "3", "4", "5", "6"],
]


def slot_of(state: GameState, stand: int, label: str, nth: int = 0) -> int:
    slots = [i for i, w in enumerate(state.stands[stand]) if state.codes[w] == code_of(label)]
    return slots[nth]


def refused(state: GameState, action: object, reason: Reason) -> None:
    """The action is refused with this reason, and the state is left exactly as it was."""
    before = state.clone()
    with pytest.raises(IllegalActionError) as caught:
        state.apply(action)  # type: ignore[arg-type]
    assert caught.value.reason is reason, str(caught.value)
    assert state.same_as(before)


# --------------------------------------------------------------------------- setup


@pytest.mark.parametrize(
    ("players", "stands", "cards"),
    [(2, [2, 2], 2), (3, [2, 1, 1], 3), (4, [1, 1, 1, 1], 4), (5, [1] * 5, 5)],
)
def test_player_count_table(players: int, stands: list[int], cards: int) -> None:
    state = new_game(mission=4, players=players, seed=11, captain=0)
    assert [len(s) for s in state.seat_stands] == stands
    assert len(tray.cards_of(state.setup)) == cards
    assert state.dial == players  # the N-th mistake explodes


def test_three_players_the_captain_holds_two_stands() -> None:
    state = new_game(mission=1, players=3, seed=2, captain=2)
    assert [len(s) for s in state.seat_stands] == [1, 1, 2]


@pytest.mark.parametrize("seed", range(20))
def test_deal_is_even_sorted_and_complete(seed: int) -> None:
    for mission in range(1, 9):
        for players in range(2, 6):
            setup = new_game(mission, players, seed).setup
            sizes = [len(s) for s in setup.stands]
            assert max(sizes) - min(setup.stands and sizes) <= 1
            assert all(list(s) == sorted(s) for s in setup.stands)
            wires = setup.stands
            from engine.redwire.missions import load_mission

            assert sum(sizes) == load_mission(mission).wires_for(players).size, wires


def test_pool_sizes_of_the_worked_example() -> None:
    """§3.4: mission 4 with 4 players: 51 wires, stands of 13, 13, 13, 12."""
    setup = new_game(mission=4, players=4, seed=1, captain=0).setup
    assert sorted((len(s) for s in setup.stands), reverse=True) == [13, 13, 13, 12]
    assert len(setup.red_markers) == 1 and len(setup.yellow_markers) == 2


def test_setup_tokens_captain_first_clockwise_blue_only() -> None:
    stands = fill_deal(
        2, 3, 1, {1: ["1", "2", "3", "3.1", "4", "5", "6", "7", "8"]}, yellow=["3.1", "6.1"]
    )
    state = game(2, 3, stands, captain=1, tokens=[])
    assert state.phase is Phase.SETUP_TOKEN and state.to_move == 1
    refused(state, PlaceToken(0, 0, 0), Reason.NOT_YOUR_DECISION)
    refused(state, PlaceToken(1, 1, 3), Reason.NOT_BLUE)  # the yellow 3.1
    refused(state, PlaceToken(1, 0, 0), Reason.NOT_OWN_STAND)
    state, events = play(state, PlaceToken(1, 1, 0))
    assert events[0].data["value"] == 1 and state.to_move == 3 - 1  # captain 1, then seat 2
    state, _ = play(state, state.legal_actions(2)[0])
    assert state.to_move == 0
    state, events = play(state, state.legal_actions(0)[0])
    assert state.phase is Phase.TURN and state.to_move == 1 and types(events)[-1] == "turn"


def test_two_stand_player_places_one_token() -> None:
    state = game(1, 2, M1_2P, tokens=[(1, 0), (3, 5)])
    assert state.phase is Phase.TURN
    assert sorted(state.info.values()) == [2, 6]


# --------------------------------------------------------------------------- Dual Cut


def test_dual_cut_hit_then_the_actor_chooses_which_own_wire() -> None:
    state = game(1, 2, M1_2P)
    state, events = play(state, Cut(0, [(2, 0)], [1]))
    assert types(events) == ["cut", "wire_cut"] and events[0].data["outcome"] == "hit"
    assert state.phase is Phase.OWN_CUT and state.to_move == 0
    assert state.pending.options == ((0, 0), (0, 1))
    refused(state, Pick(0, 0, 2), Reason.NOT_AN_OPTION)
    state, events = play(state, Pick(0, 0, 1))
    assert types(events) == ["wire_cut", "turn"]
    assert state.cut[state.wire_id(0, 1)] and not state.cut[state.wire_id(0, 0)]
    assert state.to_move == 1 and state.dial == 2


def test_the_actor_is_asked_even_with_one_matching_wire() -> None:
    """Asking only when there is a choice would tell everyone how many copies the actor holds."""
    state = game(1, 2, M1_2P)
    state, _ = play(state, Cut(0, [(2, 2)], [3]))  # seat 0 holds 3s on both stands
    assert state.phase is Phase.OWN_CUT
    assert state.pending.options == ((0, 3), (1, 1))


def test_failed_cut_is_it_a_12_no_it_is_an_11() -> None:
    """§5.2 worked example: 12 announced on an 11 -> dial moves, the owner marks 11."""
    mine = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "12"]
    theirs = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "11", "3.1"]
    stands = fill_deal(4, 4, 0, {0: mine, 1: theirs}, red=["7.5"], yellow=["3.1", "8.1"])
    state = game(4, 4, stands, equipment=[1, 4, 6, 8])
    eleven = slot_of(state, 1, "11")
    state, events = play(state, Cut(0, [(1, eleven)], [12]))
    assert types(events) == ["cut", "dial", "token", "turn"]
    assert events[0].data["outcome"] == "miss"
    assert (events[1].data["from"], events[1].data["to"]) == (4, 3)
    assert events[2].data == {"seat": 1, "stand": 1, "slot": eleven, "value": 11, "reason": "miss"}
    assert not any(state.cut)  # the actor never shows which 12 they meant
    assert state.observation(1)["stands"][0]["slots"][11]["wire"] is None


def test_failure_on_a_wire_already_marked_places_no_second_token() -> None:
    state = game(1, 2, M1_2P, tokens=[(0, 0), (2, 0)])
    state, events = play(state, Cut(0, [(2, 0)], [2]))
    assert types(events) == ["cut", "dial", "turn"]


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        (Cut(0, [(1, 0)], [2]), Reason.OWN_STAND),  # own second stand (B4)
        (Cut(0, [(2, 0)], [6, 6]), Reason.MALFORMED),
        (Cut(0, [(2, 9)], [1]), Reason.NO_SUCH_WIRE),
        (Cut(0, [(7, 0)], [1]), Reason.NO_SUCH_WIRE),
        (Cut(0, [(2, 0), (2, 1)], [1]), Reason.WIRE_COUNT),
        (Cut(0, [(2, 0), (2, 0)], [1], "double"), Reason.SAME_WIRE_TWICE),
        (Cut(0, [(2, 0), (0, 3)], [1], "double"), Reason.OWN_STAND),
        (Cut(1, [(0, 0)], [1]), Reason.NOT_YOUR_TURN),
        (SoloCut(1, 1), Reason.NOT_YOUR_TURN),
    ],
)
def test_dual_cut_refusals(action: Cut, reason: Reason) -> None:
    refused(game(1, 2, M1_2P), action, reason)


def test_only_values_you_hold_can_be_announced() -> None:
    stands = fill_deal(
        3, 4, 0, {0: ["1", "1", "2", "2", "3", "3", "4", "4", "5", "5", "6"]}, red=["4.5"]
    )
    state = game(3, 4, stands, equipment=[1, 4, 6, 8])
    refused(state, Cut(0, [(1, 0)], [9]), Reason.VALUE_NOT_HELD)
    refused(state, Cut(0, [(1, 0)], [YELLOW]), Reason.VALUE_NOT_HELD)


def test_red_is_never_announced() -> None:
    stands = fill_deal(
        3, 4, 0, {0: ["1", "1", "2", "2", "3", "3", "4", "4.5", "5", "5", "6"]}, red=["4.5"]
    )
    state = game(3, 4, stands, equipment=[1, 4, 6, 8])
    refused(state, Cut(0, [(1, 0)], [-1]), Reason.RED_ANNOUNCED)


def test_pointing_at_a_red_wire_explodes() -> None:
    stands = fill_deal(
        3, 4, 0, {1: ["1", "1", "2", "2", "3", "3", "4", "4.5", "5", "5"]}, red=["4.5"]
    )
    state = game(3, 4, stands, equipment=[1, 4, 6, 8])
    state, events = play(
        state, Cut(0, [(1, slot_of(state, 1, "4.5"))], [state.codes[state.stands[0][0]] // 10])
    )
    assert types(events) == ["cut", "explosion"] and events[0].data["outcome"] == "red"
    assert state.result == "exploded" and state.to_move is None and state.legal_actions(0) == []
    refused(state, SoloCut(0, 1), Reason.GAME_OVER)


def test_the_nth_mistake_explodes() -> None:
    """Two players: the first mistake is survived, the second explodes (§3.1)."""
    state = game(1, 2, M1_2P)
    state, _ = play(state, Cut(0, [(2, 1)], [1]))  # a 2, not a 1
    assert state.dial == 1 and not state.is_over
    state, events = play(state, Cut(1, [(0, 2)], [1]))  # a 2, not a 1
    assert types(events) == ["cut", "dial", "explosion"]
    assert state.result == "exploded" and state.dial == 0


# --------------------------------------------------------------------------- Solo Cut


def test_solo_cut_of_all_four() -> None:
    stands = [
        ["1", "1", "1", "1", "2", "3"],
        ["2", "2", "3", "3", "4", "4"],
        ["2", "4", "5", "5", "5", "5"],
        ["3", "4", "6", "6", "6", "6"],
    ]
    state = game(1, 2, stands)
    state, events = play(state, SoloCut(0, 1))
    assert types(events) == [
        "solo",
        "wire_cut",
        "wire_cut",
        "wire_cut",
        "wire_cut",
        "validated",
        "turn",
    ]


def test_solo_cut_of_the_last_two_across_both_stands() -> None:
    """Rulebook example: a two-stand player cuts the last two of a value after two were cut."""
    stands = [
        ["1", "1", "2", "3", "4", "6"],
        ["2", "3", "5", "5", "6", "6"],
        ["1", "2", "3", "4", "4", "5"],
        ["1", "2", "3", "4", "5", "6"],
    ]
    state = game(1, 2, stands)
    refused(state, SoloCut(0, 6), Reason.SOLO_NOT_ALLOWED)  # 3 of the 4 remaining
    state, _ = play(state, Cut(0, [(2, 0)], [1]), Pick(0, 0, 0))
    state, _ = play(state, Cut(1, [(1, 4)], [6]), Pick(1, 3, 5))  # one of each seat's 6s
    state, events = play(state, SoloCut(0, 6))
    cut = [(e.data["stand"], e.data["slot"]) for e in events if e.type == "wire_cut"]
    assert cut == [(0, 5), (1, 5)] and state.cut_count(6) == 4


def test_solo_cut_needs_every_remaining_copy_and_two_or_four() -> None:
    stands = [
        ["1", "1", "1", "2", "3", "4"],
        ["2", "2", "3", "3", "4", "4"],
        ["1", "2", "5", "5", "5", "5"],
        ["3", "4", "6", "6", "6", "6"],
    ]
    state = game(1, 2, stands)
    refused(state, SoloCut(0, 1), Reason.SOLO_NOT_ALLOWED)  # three of four
    refused(state, SoloCut(0, 3), Reason.SOLO_NOT_ALLOWED)  # three, spread on two stands
    state, _ = play(state, Cut(0, [(2, 0)], [1]), Pick(0, 0, 0))
    state, _ = play(state, Cut(1, [(0, 3)], [2]), Pick(1, 2, 1))
    state, events = play(state, SoloCut(0, 1))  # now the last two 1s are both seat 0's
    assert types(events)[:3] == ["solo", "wire_cut", "wire_cut"] and state.cut_count(1) == 4


# --------------------------------------------------------------------------- yellow and red


def _m2_state() -> GameState:
    a = ["1", "2", "3", "3.1", "4", "5", "6", "7", "8"]
    b = ["1", "2", "3", "4", "5", "6", "6.1", "7", "8"]
    stands = fill_deal(2, 4, 0, {0: a, 1: b}, yellow=["3.1", "6.1"])
    return game(2, 4, stands)


def test_yellow_dual_cut_every_yellow_is_one_value() -> None:
    state = _m2_state()
    state, events = play(state, Cut(0, [(1, 6)], [YELLOW]))
    assert events[0].data["outcome"] == "hit" and events[0].data["values"] == ["yellow"]
    state, events = play(state, Pick(0, 0, 3))
    assert state.cut_count(YELLOW) == 2


def test_a_missed_yellow_gets_a_yellow_token() -> None:
    state = _m2_state()
    state, events = play(state, Cut(0, [(1, 6)], [6]))
    token = next(e for e in events if e.type == "token")
    assert token.data["value"] == "yellow"


def test_yellow_solo_cut_needs_every_yellow_in_play() -> None:
    a = ["1", "2", "3", "3.1", "4", "5", "6", "6.1", "7"]
    stands = fill_deal(2, 4, 0, {0: a}, yellow=["3.1", "6.1"])
    state = game(2, 4, stands)
    state, events = play(state, SoloCut(0, YELLOW))
    assert types(events)[:3] == ["solo", "wire_cut", "wire_cut"]


def test_detectors_do_not_take_yellow() -> None:
    state = _m2_state()
    refused(state, Cut(0, [(1, 5), (1, 6)], [YELLOW], "double"), Reason.NUMBERS_ONLY)


# Mission 3, four players: seat 1 can be emptied of everything but its red wire.
M3_REVEAL = [
    ["3", "3", "3", "4", "4", "9", "9", "9", "9", "10", "10"],
    ["1", "1", "1", "1", "2", "2", "2", "2", "3", "4.5"],
    ["5", "5", "5", "5", "7", "7", "7", "7", "4", "4"],
    ["6", "6", "6", "6", "8", "8", "8", "8", "10", "10"],
]


def _until_seat1_holds_only_red() -> GameState:
    state = game(3, 4, M3_REVEAL, equipment=[4, 5, 9, 10])
    refused(state, RevealReds(0), Reason.REVEAL_NOT_ALLOWED)
    state, _ = play(state, Cut(0, [(1, 8)], [3]), Pick(0, 0, 0))
    state, _ = play(state, SoloCut(1, 1), SoloCut(2, 5), SoloCut(3, 6), SoloCut(0, 9))
    refused(state, RevealReds(1), Reason.REVEAL_NOT_ALLOWED)  # still holds 2s
    state, _ = play(state, SoloCut(1, 2), SoloCut(2, 7), SoloCut(3, 8))
    return play(state, Cut(0, [(3, 8)], [10]), Pick(0, 0, 9))[0]


def test_reveal_red_wires_is_the_only_action_when_only_reds_remain() -> None:
    state = _until_seat1_holds_only_red()
    assert state.to_move == 1
    turn = [
        a
        for a in state.legal_actions(1)
        if a.type in ("cut", "solo", "reveal", "coffee", "stabilize")
    ]
    assert turn == [RevealReds(1)]
    refused(state, Cut(1, [(0, 3)], [4]), Reason.MUST_REVEAL)
    state, events = play(state, RevealReds(1))
    assert types(events) == ["reveal", "wire_cut", "turn"] and events[1].data["revealed"] is True
    assert events[1].data["wire"] == "4.5" and not state.has_wires(1)


def test_players_without_wires_are_skipped() -> None:
    state, _ = play(_until_seat1_holds_only_red(), RevealReds(1))
    assert state.to_move == 2
    state, _ = play(state, Cut(2, [(0, 3)], [4]), Pick(2, 2, 0))
    state, _ = play(state, Cut(3, [(0, 10)], [10]), Pick(3, 3, 9))
    state, events = play(state, Cut(0, [(2, 1)], [4]), Pick(0, 0, 4))
    assert events[-1].data == {"seat": 0, "number": 14}  # seats 1, 2 and 3 have nothing left


def test_cutting_every_wire_defuses_the_bomb() -> None:
    state, _ = play(_until_seat1_holds_only_red(), RevealReds(1))
    state, _ = play(state, Cut(2, [(0, 3)], [4]), Pick(2, 2, 0))
    state, _ = play(state, Cut(3, [(0, 10)], [10]), Pick(3, 3, 9))
    state, _ = play(state, Cut(0, [(2, 1)], [4]), Pick(0, 0, 4))
    state, events = play(state, SoloCut(0, 3))
    assert types(events)[-2:] == ["validated", "won"]
    assert state.result == "won" and state.to_move is None and state.validated == set(range(1, 11))


# --------------------------------------------------------------------------- Double Detector

# Mission 3, four players; seat 1 (stand 1) is 1 4.5 5 7 7 8 8 9 9 10.
M3_DD = [
    ["1", "1", "2", "2", "3", "3", "5", "5", "6", "6", "7"],
    ["1", "4.5", "5", "7", "7", "8", "8", "9", "9", "10"],
    ["1", "2", "3", "4", "4", "5", "6", "8", "9", "10"],
    ["2", "3", "4", "4", "6", "7", "8", "9", "10", "10"],
]


def dd_game() -> GameState:
    return game(3, 4, M3_DD, equipment=[4, 5, 9, 10])


def test_double_detector_one_match_the_owner_is_still_asked() -> None:
    state, events = play(dd_game(), Cut(0, [(1, 2), (1, 3)], [5], "double"))
    assert types(events) == ["character", "cut"] and events[1].data["outcome"] == "hit"
    assert state.phase is Phase.DETECTOR_CUT and state.to_move == 1
    assert state.pending.options == ((1, 2),)
    assert "options" not in state.observation(0)["prompt"]  # the actor does not see the options
    state, events = play(state, Pick(1, 1, 2))
    assert types(events) == ["wire_cut"] and state.phase is Phase.OWN_CUT and state.to_move == 0
    state, _ = play(state, Pick(0, 0, 7))
    assert double_detector.used(state, 0) and state.to_move == 1


def test_double_detector_both_match_the_owner_chooses() -> None:
    state, _ = play(dd_game(), Cut(0, [(1, 3), (1, 4)], [7], "double"))
    assert state.pending.options == ((1, 3), (1, 4))
    state, _ = play(state, Pick(1, 1, 4))
    assert state.cut[state.wire_id(1, 4)] and not state.cut[state.wire_id(1, 3)]


def test_double_detector_miss_the_owner_places_the_token() -> None:
    state, events = play(dd_game(), Cut(0, [(1, 5), (1, 6)], [6], "double"))
    assert types(events) == ["character", "cut", "dial"] and state.dial == 3
    assert state.phase is Phase.DETECTOR_TOKEN and state.pending.options == ((1, 5), (1, 6))
    state, events = play(state, Pick(1, 1, 6))
    assert events[0].data["value"] == 8 and events[0].data["slot"] == 6


def test_double_detector_one_red_the_token_avoids_it() -> None:
    state, _ = play(dd_game(), Cut(0, [(1, 1), (1, 2)], [6], "double"))
    assert not state.is_over and state.pending.options == ((1, 2),)  # never on the red 4.5
    refused(state, Pick(1, 1, 1), Reason.NOT_AN_OPTION)


def test_double_detector_is_used_once() -> None:
    state, _ = play(dd_game(), Cut(0, [(1, 5), (1, 6)], [6], "double"), Pick(1, 1, 6))
    state, _ = play(state, Cut(1, [(0, 0)], [1]), Pick(1, 1, 0))
    state, _ = play(state, Cut(2, [(0, 1)], [1]), Pick(2, 2, 0))
    state, _ = play(state, Cut(3, [(2, 1)], [2]), Pick(3, 3, 0))
    refused(state, Cut(0, [(1, 7), (1, 8)], [5], "double"), DetectorReason.CHARACTER_USED)


def _two_red_game(options: Options | None = None) -> GameState:
    stand2 = ["1", "2", "3", "4", "4.5", "5", "6", "7", "7.5", "8", "9", "10", "11"]
    stands = fill_deal(5, 2, 0, {2: stand2}, red=["4.5", "7.5"], yellow=["3.1", "6.1"])
    return game(
        5, 2, stands, equipment=[4, 6], yellow_markers=["3.1", "6.1", "9.1"], options=options
    )


def test_double_detector_on_two_reds_explodes() -> None:
    state, events = play(_two_red_game(), Cut(0, [(2, 4), (2, 8)], [1], "double"))
    assert types(events)[-1] == "explosion" and state.result == "exploded"


def test_double_detector_may_span_both_stands_of_a_teammate() -> None:
    """Italian rulebook: two wires "of another player"; two stands are one hand (option)."""
    state, events = play(_two_red_game(), Cut(0, [(2, 0), (3, 0)], [1], "double"))
    assert events[-1].data["outcome"] == "hit" and events[-1].data["targets"] == [[2, 0], [3, 0]]
    assert state.to_move == 1 and state.pending.options == ((2, 0),)
    strict = _two_red_game(Options(detector_scope="stand"))
    refused(strict, Cut(0, [(2, 0), (3, 0)], [1], "double"), Reason.ONE_STAND)
    assert all(
        len({st for st, _ in a.targets}) == 1
        for a in strict.legal_actions(0)
        if isinstance(a, Cut) and a.tool == "double"
    )
