"""The bots' key decisions on hand-made positions."""

from __future__ import annotations

import pytest

from engine.countdown.actions import (
    AlarmAgent,
    Defuse,
    Discard,
    EndPlay,
    NoDefuse,
    PickWire,
    PlayCard,
    PlayWild,
    TakeCard,
)
from engine.countdown.bots import make_bot
from engine.countdown.bots.belief import Belief
from tests.countdown.engine.helpers import INSIDE, out, play, table


def decide(game, level: str = "strong", seat: int | None = None):  # type: ignore[no-untyped-def]
    seat = game.to_move if seat is None else seat
    bot = make_bot(level, 0)
    return bot.choose(game.observation(seat), game.legal_actions(seat)), bot.explain()


def test_the_belief_counts_the_layouts_and_uses_scans_and_rewires() -> None:
    game = table(
        2, hands=[["analyze", "analyze"], []],
        combination=("red", "red", "blue", "green"), reserve=("blue", "green", "yellow", "yellow"),
    )  # fmt: skip
    game, _ = play(
        game, PlayCard(0, "analyze", 0), PickWire(0, 0), PlayCard(0, "analyze", 1), PickWire(0, 1)
    )
    belief = Belief.of(game.observation(0))
    # Two reds known: the other two positions come from blue, blue, green, green, yellow, yellow.
    assert belief.layouts == 90  # the arrangements of the other six wires
    assert abs(belief.p_multiset(("red", "red", "blue", "green")) - 4 / 15) < 1e-9
    assert belief.marginal(0) == {"red": pytest.approx(1.0)}
    spectator = Belief.of({**game.observation(1), "viewer": 1})
    assert spectator.layouts == 2520


def test_strong_defuses_when_sure_and_waits_on_a_blind_guess_with_time_left() -> None:
    sure = table(
        2,
        hands=[["analyze"] * 2, []],
        agents=[out(["red"], ["blue"], ["green"], ["yellow"]), INSIDE],
    )
    for p in range(4):
        sure.knowledge[0][p] = (sure.combination[p], 1)
    game, _ = play(sure, EndPlay(0))
    action, why = decide(game)
    assert action == Defuse(0) and why.key == "defuse" and why.params["percent"] == 100
    blind = table(
        2, agents=[out(["red"], ["blue"], ["green"], ["yellow"]), INSIDE], hands=[["analyze"], []]
    )
    game, _ = play(blind, EndPlay(0))
    action, why = decide(game)
    assert action == NoDefuse(0) and why.params["percent"] == 23


def test_strong_tries_its_luck_when_the_countdown_will_run_out_first() -> None:
    game = table(2, countdown=1, agents=[out(["red"], ["blue"], ["green"], ["yellow"]), INSIDE])
    game, _ = play(game, EndPlay(0))
    action, why = decide(game)
    assert action == Defuse(0) and why.key == "defuse_last"


def test_the_keeper_makes_the_bomb_go_off_when_its_timers_reach() -> None:
    game = table(
        2, countdown=3, hands=[["timer", "double_timer"], []], mascot=0,
        agents=[out(True, True, False, False), INSIDE],
    )  # fmt: skip
    action, why = decide(game)
    assert action == PlayCard(0, "double_timer", 0) and why.key == "explode"
    action, _ = decide(game, "basic")
    assert isinstance(action, PlayCard) and action.card in ("timer", "double_timer")


def test_strong_scans_before_it_snips_and_picks_an_unknown_wire() -> None:
    game = table(2, hands=[["analyze", "cut_red"], []])
    action, why = decide(game)
    assert action == PlayCard(0, "analyze", 0) and why.key == "scan"
    game, _ = play(game, PlayCard(0, "analyze", 0), PickWire(0, 2))
    game, _ = play(game, PlayCard(0, "cut_red", 1))
    game, _ = play(game, PlayCard(0, "analyze", 3) if "analyze" in game.hands[0] else EndPlay(0))
    if game.phase.value == "analyze_pick":
        action, _ = decide(game)
        assert isinstance(action, PickWire) and action.position != 2


def test_strong_snips_a_known_colour_piled_on_the_agent_with_snips() -> None:
    game = table(
        2,
        hands=[["cut_green"], []],
        combination=("green", "red", "blue", "yellow"),
        agents=[out(False, ["red"], False, False), INSIDE],
    )
    game.knowledge[0][0] = ("green", 1)
    action, why = decide(game)
    assert action == PlayCard(0, "cut_green", 1) and why.key == "snip_known"


def test_a_siren_victim_gives_up_its_emptiest_agent() -> None:
    game = table(
        2, hands=[["alarm"], []],
        agents=[out(True, False, False, False), out(["red"], False, ["blue", "green"], True)],
    )  # fmt: skip
    game, _ = play(game, PlayCard(0, "alarm", 0), AlarmAgent(0, 1))
    assert game.to_move == 1
    for level in ("basic", "strong"):
        action, _ = decide(game, level)
        assert action == AlarmAgent(1, 1)


def test_a_frisk_takes_the_snip_the_aim_needs() -> None:
    game = table(
        3, hands=[["intercept"], ["timer", "cut_yellow", "reenter"], ["exit"]],
        combination=("red", "red", "blue", "yellow"),
        agents=[out(True, ["red", "red"], ["blue"], False), INSIDE, INSIDE],
    )  # fmt: skip
    for p, colour in enumerate(game.combination):
        game.knowledge[0][p] = (colour, 1)
    game, _ = play(game, PlayCard(0, "intercept", 0))
    game, _ = play(game, *[a for a in game.legal_actions(0) if getattr(a, "target", None) == 1])
    action, why = decide(game)
    assert action == TakeCard(0, "cut_yellow") and why.key == "frisk_take"


def test_discards_keep_what_the_aim_needs() -> None:
    game = table(
        2,
        hands=[["cut_yellow", "timer", "reenter"], []],
        deck=["bypass", "alarm", "exit"] + ["reenter"] * 9,
        agents=[out(["red"], ["blue"], ["green"], False), INSIDE],
        countdown=3,
    )
    for p, colour in enumerate(game.combination):
        game.knowledge[0][p] = (colour, 1)
    game, _ = play(game, PlayCard(0, "cut_yellow", 3))
    assert game.phase.value in ("defuse", "play")
    game = table(
        2,
        hands=[["cut_yellow", "timer", "reenter"], []],
        deck=["bypass", "alarm", "exit"] + ["reenter"] * 9,
        countdown=3,
    )
    for p, colour in enumerate(game.combination):
        game.knowledge[0][p] = (colour, 1)
    game, _ = play(game, EndPlay(0))
    action, why = decide(game)
    assert isinstance(action, Discard) and "cut_yellow" not in action.cards and why.key == "discard"


def test_pairs_stand_in_for_a_scan_while_the_countdown_allows() -> None:
    game = table(2, hands=[["reenter", "bypass"], []], deck=["reenter"] * 9)
    action, why = decide(game)
    assert isinstance(action, PlayWild) and action.mode == "analyze" and why.key == "scan_wild"
    late = table(2, hands=[["reenter", "bypass"], []], deck=["reenter"] * 9, countdown=3)
    action, _ = decide(late)
    assert not isinstance(action, PlayWild)
