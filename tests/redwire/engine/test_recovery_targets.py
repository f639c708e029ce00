"""Mission 62's recovery targets on hand-made deals: one face-up Number card per player, the
detonator next to the skull; all four wires of a target's value cut (by any cut: a Solo Cut, a
Dual Cut's two wires) meet that card once and move the detonator back one step; other values
win nothing; a step won back lets the team survive a mistake."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pytest

from engine.redwire import Cut, GameState, MissionError, SoloCut, load_mission, new_game
from engine.redwire.mechanisms import number_cards, recovery_targets
from engine.redwire.missions import ConfigReader

from .helpers import fill_deal, game, play, play_picking_first, types

RED = ["3.5", "9.5"]
# Targets 5, 6, 7, 8 (the first four cards of the shuffle); the rest stay in the box.
ORDER = [5, 6, 7, 8, 1, 2, 3, 4, 9, 10, 11, 12]
# Seat 0 holds all four 5s and two 1s, seat 1 the 6s, seat 2 two 1s and the 7s, seat 3 the 8s.
FIXED: dict[int, Sequence[str | int]] = {
    0: ["1", "1", "2", "2", "2", "2", "3.5", "5", "5", "5", "5", "10", "11"],
    1: ["3", "3", "3", "3", "4", "4", "4", "4", "6", "6", "6", "6", "10"],
    2: ["1", "1", "7", "7", "7", "7", "9", "9", "9", "9", "11", "12"],
    3: ["8", "8", "8", "8", "9.5", "10", "10", "11", "11", "12", "12", "12"],
}


def m62(fixed: Mapping[int, Sequence[str | int]] = FIXED, order: list[int] = ORDER) -> GameState:
    stands = fill_deal(62, 4, 0, fixed, red=RED)
    parts = {"number_cards": {"order": order}, "equipment": {"cards": [2, 4, 10, 11]}}
    return game(62, 4, stands, parts=parts)


def test_one_face_up_card_per_player_and_the_dial_next_to_the_skull() -> None:
    for players in load_mission(62).players:
        state = new_game(mission=62, players=players, seed=62)
        obs = state.observation(0)
        cards = number_cards.view(obs)
        view = recovery_targets.view(obs)
        assert cards is not None and view is not None
        assert len(cards["row"]) == players and cards["deck"] == 0
        assert view["targets"] == [c["value"] for c in cards["row"]] and view["done"] == []
        assert obs["dial"]["left"] == 1 and obs["dial"]["start"] == 1
        reds = obs["markers"]["red"]
        assert reds["in_play"] == (3 if players == 2 else 2)
    view = recovery_targets.view(m62().observation(None))
    assert view is not None and view["targets"] == [5, 6, 7, 8]


def test_a_targets_four_wires_cut_move_the_dial_back_once() -> None:
    state, events = play(m62(), SoloCut(0, 5))
    kinds = types(events)
    assert kinds.index("validated") < kinds.index("recovery") < kinds.index("dial")
    recovered = [e.data["value"] for e in events if e.type == "recovery"]
    assert recovered == [5] and state.dial == 2
    view = recovery_targets.view(state.observation(2))
    assert view is not None and view["done"] == [5]
    state, events = play(state, SoloCut(1, 6))
    assert [e.data["value"] for e in events if e.type == "recovery"] == [6] and state.dial == 3


def test_a_value_that_is_no_target_wins_nothing_back() -> None:
    state, events = play(m62(), SoloCut(0, 2))  # all four 2s: no face-up card
    assert "validated" in types(events) and "recovery" not in types(events)
    assert state.dial == 1


def test_a_dual_cut_that_cuts_the_last_two_meets_the_card() -> None:
    # Seat 0's two 1s and seat 2's two 1s; target 1 among the cards.
    state = m62(order=[1, 6, 7, 8, 5, 2, 3, 4, 9, 10, 11, 12])
    state, events = play_picking_first(state, Cut(0, ((2, 0),), (1,)))
    assert "recovery" not in types(events)  # two 1s cut, two left
    state, events = play(state, SoloCut(1, 6))  # the 6s: another target
    assert [e.data["value"] for e in events if e.type == "recovery"] == [6]
    state, events = play_picking_first(state, Cut(2, ((0, 1),), (1,)))  # the last two 1s
    assert [e.data["value"] for e in events if e.type == "recovery"] == [1]
    assert state.dial == 3


def test_a_step_won_back_lets_the_team_survive_a_mistake() -> None:
    state, _ = play(m62(), SoloCut(0, 5))
    assert state.dial == 2
    assert state.code_at(0, 0) == 10  # seat 1 announces a 4 on seat 0's first wire, a 1
    state, _ = play(state, Cut(1, ((0, 0),), (4,)))
    assert state.dial == 1 and state.result is None
    fresh = m62()
    fresh, _ = play(fresh, Cut(0, ((1, 0),), (1,)))  # a 3: no step won yet, so it explodes
    assert fresh.result == "exploded"


def test_the_row_of_one_card_per_player_is_checked() -> None:
    reader = ConfigReader("m62")
    config = number_cards.MECHANISM.configure((), {"row": "players"}, reader)
    assert number_cards.row_size(config, 5) == 5 and number_cards.row_size(config, 2) == 2
    with pytest.raises(MissionError):
        recovery_targets.MECHANISM.configure((), {"dial": 9}, reader)
    with pytest.raises(MissionError):
        recovery_targets.MECHANISM.configure(("x",), None, reader)
