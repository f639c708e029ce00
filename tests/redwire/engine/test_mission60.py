"""Mission 60 (Yep, it's Doctor Nope!) on hand-made deals: mission 55's Challenge cards with red
"2 of 3" (three red markers shown, two red wires dealt; all three with two players) and the
detonator next to the skull. What changes against mission 55 is the red count: a red call on
the value of the marker whose wire was left out is a call on a blue wire, and explodes; with two
players the three red wires are all in play and any of them meets card 1."""

from __future__ import annotations

import pytest

from engine.redwire import Cut, GameState, SoloCut, load_mission, new_game
from engine.redwire.mechanisms import challenges
from engine.redwire.mechanisms.challenges import RedCall
from engine.redwire.wires import RED, cut_value

from .helpers import fill_deal, game, play, types
from .test_challenges import SOLOS

MARKERS = ["3.5", "6.5", "9.5"]


def m60(cards: list[int]) -> GameState:
    """Four players, seat 3's stand holds the 9.5 and seat 0's the 3.5; 6.5 is the marker whose
    wire stayed in the box."""
    stands = fill_deal(60, 4, 0, SOLOS, red=["3.5", "9.5"])
    parts = {
        "challenges": {"cards": cards, "numbers": []},
        "equipment": {"cards": [2, 4, 6, 8]},
    }
    return game(60, 4, stands, red_markers=MARKERS, parts=parts)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_red_two_of_three_the_cards_and_the_dial_next_to_the_skull(players: int) -> None:
    spec = load_mission(60).wires_for(players)
    state = new_game(mission=60, players=players, seed=60 + players)
    obs = state.observation(None)
    reds = sum(1 for code in state.codes if cut_value(code) == RED)
    red = obs["markers"]["red"]
    assert reds == red["in_play"] == (3 if players == 2 else 2)
    assert len(red["values"]) == 3 and red["certain"] == (players == 2)
    assert spec.yellow is None and obs["markers"]["yellow"]["in_play"] == 0
    assert obs["dial"]["left"] == 1 and obs["dial"]["start"] == 1
    view = challenges.view(obs)
    assert view is not None and len(view["face_up"]) == players and view["done"] == []


def test_a_red_call_on_the_left_out_markers_value_is_a_call_on_blue_and_explodes() -> None:
    state = m60([1, 2, 3, 4])
    # Seat 1's 6s sit where the 6.5 would lie: the marker says it might be red, it is not.
    assert state.code_at(1, 10) == 60
    after, events = play(state, RedCall(0, 1, 10))
    assert after.result == "exploded" and events[-1].data["cause"] == "red_call"
    met, events = play(state, RedCall(0, 3, 4))  # the 9.5, dealt
    assert types(events)[:3] == ["red_call", "wire_cut", "challenge_done"]
    assert met.dial == 2 and met.result is None


def test_a_met_card_moves_the_dial_back_from_next_to_the_skull_and_a_miss_then_survives() -> None:
    state = m60([5, 1, 2, 3])
    state, events = play(state, SoloCut(0, 5), SoloCut(1, 6))  # two Solo Cuts in a row: card 5
    assert [e.data["card"] for e in events if e.type == "challenge_done"] == [5]
    assert state.dial == 2
    view = challenges.view(state.observation(3))
    assert view is not None and view["face_up"] == [1, 2, 3] and view["done"] == [5]
    # Seat 2 announces a 4 on seat 3's first wire (an 8): the step won back is spent, no boom.
    assert state.code_at(3, 0) == 80
    state, events = play(state, Cut(2, ((3, 0),), (4,)))
    assert state.dial == 1 and state.result is None


def test_with_two_players_all_three_red_wires_are_in_play() -> None:
    fixed = {
        0: ["1", "1", "1", "1", "2", "2", "2", "2", "3", "3", "3", "3", "3.5"],
        1: ["4", "4", "4", "4", "5", "5", "5", "5", "6", "6", "6", "6", "9.5"],
        2: ["6.5", "7", "7", "7", "7", "8", "8", "8", "8", "9", "9", "9", "9"],
    }
    stands = fill_deal(60, 2, 0, fixed, red=MARKERS)
    parts = {"challenges": {"cards": [1, 2], "numbers": []}, "equipment": {"cards": [2, 4]}}
    state = game(60, 2, stands, red_markers=MARKERS, parts=parts)
    owners = [st["owner"] for st in state.observation(0)["stands"]]
    calls = {(a.stand, a.slot) for a in state.legal_actions(0) if isinstance(a, RedCall)}
    assert calls and all(owners[stand] == 1 for stand, _ in calls)  # a teammate's stands only
    after, events = play(state, RedCall(0, 2, 0))  # the 6.5: in play with two players
    assert "challenge_done" in types(events) and after.dial == 2
