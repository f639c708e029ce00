"""The mascot (spec §6.12, §12 A4-A6), the defusal (§7), the explosion (§8) and the Points
variant (§9.2)."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.countdown import Options, Record
from engine.countdown.actions import (
    AlarmAgent,
    Defuse,
    EndPlay,
    NextGame,
    NoDefuse,
    PlayCard,
)
from engine.countdown.state import Phase

from .helpers import INSIDE, finish_turn, of_type, out, play, table, types

# --------------------------------------------------------------------------- mascot


def test_the_first_evacuation_brings_the_mascot() -> None:
    game = table(2, hands=[["exit"], []])
    game, events = play(game, PlayCard(0, "exit", 3))
    assert game.mascot == 0
    assert of_type(events, "mascot")[0].data == {"seat": 0, "from": None, "outside": 1}


def test_on_a_tie_the_mascot_goes_to_whoever_went_out_last() -> None:
    game = table(
        3,
        first=1,
        hands=[[], ["exit"], []],
        agents=[out(True, False, False, False), INSIDE, INSIDE],
        mascot=0,
    )
    game, events = play(game, PlayCard(1, "exit", 0))
    assert game.mascot == 1 and of_type(events, "mascot")[0].data["from"] == 0


def test_fewer_agents_out_than_the_keeper_does_not_take_the_mascot() -> None:
    game = table(
        2, first=1, hands=[[], ["exit"]], agents=[out(True, True, False, False), INSIDE], mascot=0
    )
    game, events = play(game, PlayCard(1, "exit", 0))
    assert game.mascot == 0 and not of_type(events, "mascot")


def test_the_siren_never_hands_the_mascot_over() -> None:
    game = table(
        2, hands=[["alarm"], []], agents=[out(True, False, False, False), INSIDE], mascot=None
    )
    game, events = play(game, PlayCard(0, "alarm", 0), AlarmAgent(0, 1), AlarmAgent(1, 0))
    assert game.mascot is None and not of_type(events, "mascot")
    assert game.outside(0) == 2 and game.outside(1) == 1


@pytest.mark.parametrize(("count_alarm", "keeper"), [(True, None), (False, 1)])
def test_agents_sent_out_by_a_siren_count_for_the_mascot_unless_the_option_says_not(
    count_alarm: bool, keeper: int | None
) -> None:
    """§12 A4/A6. Seat 0 (one agent out from the start) sounds two Sirens; seat 1 then sneaks one
    agent back in and evacuates another. Reading (a), the default: seat 1's 2 agents out do not
    reach seat 0's 3, nobody keeps the mascot. Reading (b): only seat 1's Evacuate and seat 0's
    first agent count, 1 against 1, and seat 1 takes it (the later one wins a tie)."""
    game = table(
        2,
        hands=[["alarm", "alarm"], ["reenter", "exit"]],
        agents=[out(True, False, False, False), INSIDE],
        options=Options(mascot_count_alarm_exits=count_alarm),
    )
    game, _ = play(game, PlayCard(0, "alarm", 0), AlarmAgent(0, 1), AlarmAgent(1, 3))
    game, _ = play(game, PlayCard(0, "alarm", 1), AlarmAgent(0, 2), AlarmAgent(1, 2))
    assert game.mascot is None
    game, _ = finish_turn(game)
    game, events = play(game, PlayCard(1, "reenter", 3), PlayCard(1, "exit", 0))
    assert game.mascot == keeper and bool(of_type(events, "mascot")) == (keeper is not None)
    assert (game.outside(0), game.outside(1)) == ((3, 2) if count_alarm else (1, 1))


def test_the_mascot_keeper_cannot_defuse() -> None:
    snips = out(["red"], ["blue"], ["green"], ["yellow"])
    game = table(2, agents=[snips, INSIDE], mascot=0)
    game, _ = play(game, EndPlay(0))
    assert game.phase is not Phase.DEFUSE and not game.can_defuse(0)


def test_the_keeper_keeps_the_mascot_when_another_count_goes_down() -> None:
    game = table(
        2,
        hands=[["reenter"], []],
        agents=[out(True, True, False, False), out(True, False, False, False)],
        mascot=1,
    )
    game, _ = play(game, PlayCard(0, "reenter", 0))
    assert game.mascot == 1


# --------------------------------------------------------------------------- defusal


def test_the_rulebook_defusal_matches_colours_in_any_order() -> None:
    """Bea's example: Snips blue, blue, green, red against the combination: it matches."""
    game = table(
        2,
        combination=("red", "blue", "green", "blue"),
        reserve=("red", "green", "yellow", "yellow"),
        agents=[out(["blue", "green"], ["red"], False, ["blue"]), INSIDE],
        countdown=7,
    )
    game, _ = play(game, EndPlay(0))
    assert game.phase is Phase.DEFUSE
    game, events = play(game, Defuse(0))
    assert types(events) == ["defuse", "game_over"]
    assert of_type(events, "defuse")[0].data == {
        "seat": 0, "cuts": ["red", "blue", "blue", "green"],
        "combination": ["red", "blue", "green", "blue"], "success": True,
    }  # fmt: skip
    assert game.result == {
        "game": 1,
        "winner": 0,
        "cause": "defused",
        "round": 1,
        "showing": 7,
        "mascot": None,
    }
    over = of_type(events, "game_over")[0].data
    assert over["reserve"] == ["red", "green", "yellow", "yellow"] and len(over["hands"]) == 2


def test_a_failed_defusal_explodes_the_bomb_and_the_mascot_keeper_wins() -> None:
    game = table(
        3,
        agents=[
            out(["red"], ["red"], ["green"], ["yellow"]),
            out(True, False, False, False),
            INSIDE,
        ],
        mascot=1,
    )
    game, events = play(game, EndPlay(0), Defuse(0))
    assert types(events)[-3:] == ["defuse", "explode", "game_over"]
    assert game.result is not None
    assert (game.result["winner"], game.result["cause"]) == (1, "failed_defuse")


def test_a_failed_defusal_without_a_keeper_has_no_winner() -> None:
    game = table(2, agents=[out(["red"], ["red"], ["green"], ["yellow"]), INSIDE])
    game, _ = play(game, EndPlay(0), Defuse(0))
    assert game.result is not None and game.result["winner"] is None


def test_defusing_is_optional() -> None:
    game = table(2, agents=[out(["red"], ["blue"], ["green"], ["yellow"]), INSIDE])
    game, _ = play(game, EndPlay(0), NoDefuse(0))
    assert not game.is_over and game.active == 1


# --------------------------------------------------------------------------- Points variant


def test_points_a_defuser_scores_the_countdown_and_the_next_game_rotates_the_first_player() -> None:
    options = Options(points=True, points_goal=10)
    game = table(
        3,
        first=2,
        agents=[INSIDE, INSIDE, out(["red"], ["blue"], ["green"], ["yellow"])],
        countdown=6,
        options=options,
    )
    game, events = play(game, EndPlay(2), Defuse(2))
    assert game.scores == (0, 0, 6) and not game.is_over
    assert of_type(events, "score")[0].data == {"seat": 2, "points": 6, "scores": [0, 0, 6]}
    assert game.phase is Phase.NEXT_GAME and game.to_move == 0  # clockwise from the first player
    obs = game.observation(1)
    assert obs["seats"][0]["hand"] is not None and obs["reserve"]["colours"] is not None  # revealed
    game, events = play(game, NextGame(0))
    assert types(events)[:3] == ["game_start", "turn", "draw"]
    assert game.game == 2 and game.first == game.active == 0 and game.showing == 10
    assert game.mascot is None and all(not a.out and not a.cuts for t in game.agents for a in t)
    assert game.card_count() == game.setup.all_cards()
    assert Counter(game.combination + game.reserve) == game.setup.all_wires()
    assert game.chance[-1]["type"] == "deal"
    assert Record.loads(game.record.dumps()).replay().same_as(game)


def test_points_an_explosion_gives_the_keeper_three_and_ten_wins_the_match() -> None:
    options = Options(points=True, points_goal=3)
    game = table(
        2,
        hands=[["timer"], []],
        countdown=1,
        agents=[out(True, False, False, False), INSIDE],
        mascot=0,
        options=options,
    )
    game, events = play(game, PlayCard(0, "timer", 0))
    assert game.is_over and game.scores == (3, 0)
    assert game.result is not None and game.result["match_winner"] == 0
    assert types(events)[-2:] == ["score", "match_over"]


def test_points_an_explosion_without_keeper_scores_nobody() -> None:
    options = Options(points=True)
    game = table(
        2,
        hands=[["timer"], []],
        countdown=1,
        agents=[out(True, False, False, False), INSIDE],
        options=options,
    )
    game, events = play(game, PlayCard(0, "timer", 0))
    assert game.scores == (0, 0) and not of_type(events, "score") and game.phase is Phase.NEXT_GAME
