"""The turn structure (spec §3, §5): draws, one action per agent, zones, the end of the play
phase, discards, rounds and the countdown's tick; refusals leave the state unchanged."""

from __future__ import annotations

import pytest

from engine.countdown import IllegalActionError, Reason, new_game
from engine.countdown.actions import (
    Defuse,
    Discard,
    EndPlay,
    NoDefuse,
    PickWire,
    PlayCard,
    PlayWild,
)
from engine.countdown.state import Phase

from .helpers import FILLER, finish_turn, of_type, out, play, table, types


def refused(state, action, reason: Reason) -> None:  # type: ignore[no-untyped-def]
    snapshot = state.clone()
    with pytest.raises(IllegalActionError) as info:
        state.apply(action)
    assert info.value.reason is reason, info.value
    assert state.same_as(snapshot)


@pytest.mark.parametrize(("players", "drawn"), [(2, 3), (3, 2), (4, 2), (5, 2)])
def test_a_turn_starts_by_drawing_three_cards_with_two_players_two_otherwise(
    players: int, drawn: int
) -> None:
    game = new_game(players, seed=11)
    assert len(game.hands[game.first]) == 4 + drawn
    assert all(len(game.hands[q]) == 4 for q in range(players) if q != game.first)
    (draw,) = of_type(list(game.log), "draw")
    assert draw.data == {"seat": game.first, "count": drawn, "reason": "turn"}
    assert draw.secret == {game.first: {"cards": list(draw.secret[game.first]["cards"])}}


def test_rounds_start_with_the_first_player_and_the_first_round_has_no_tick() -> None:
    game = table(3, first=1)
    seen = []
    for _ in range(7):
        seen.append((game.active, game.round, game.showing))
        game, _ = finish_turn(game)
    assert seen == [
        (1, 1, 10), (2, 1, 10), (0, 1, 10),
        (1, 2, 9), (2, 2, 9), (0, 2, 9),
        (1, 3, 8),
    ]  # fmt: skip


def test_without_timers_the_bomb_explodes_when_round_eleven_would_start() -> None:
    game = table(2)
    turns = 0
    while not game.is_over:
        game, events = finish_turn(game)
        turns += 1
    assert turns == 20 and game.round == 11
    assert game.result == {
        "game": 1, "winner": None, "cause": "countdown", "round": 11, "showing": None, "mascot": None,
    }  # fmt: skip
    assert types(events)[-4:] == ["round", "tick", "explode", "game_over"]


def test_each_agent_acts_once_per_turn_so_at_most_four_actions() -> None:
    game = table(2, hands=[["analyze"] * 4 + ["exit"], []], deck=["analyze"] * 30)
    for agent in range(4):
        game, _ = play(game, PlayCard(0, "analyze", agent), PickWire(0, agent))
    refused(game, PlayCard(0, "analyze", 0), Reason.AGENT_ACTED)
    assert list(game.legal_actions(0)) == [EndPlay(0)]


def test_inside_cards_need_an_inside_agent_and_outside_cards_an_outside_one() -> None:
    game = table(
        2,
        hands=[["analyze", "timer"], []],
        agents=[out(True, False, False, False), out(False, False, False, False)],
    )
    refused(game, PlayCard(0, "analyze", 0), Reason.WRONG_ZONE)
    refused(game, PlayCard(0, "timer", 1), Reason.WRONG_ZONE)
    assert PlayCard(0, "timer", 0) in game.legal_actions(0)
    assert PlayCard(0, "analyze", 1) in game.legal_actions(0)


def test_an_action_needs_the_card_in_hand_an_agent_and_the_seat_whose_turn_it_is() -> None:
    game = table(2, hands=[["analyze"], ["analyze"]])
    refused(game, PlayCard(0, "exit", 0), Reason.NOT_IN_HAND)
    refused(game, PlayCard(0, "analyze", 4), Reason.NO_SUCH_AGENT)
    refused(game, PlayCard(1, "analyze", 0), Reason.NOT_YOUR_DECISION)
    refused(game, PlayCard(7, "analyze", 0), Reason.NO_SUCH_PLAYER)
    refused(game, Defuse(0), Reason.NOT_NOW)  # §12 A18: only in the defuse phase
    refused(game, Discard(0, ("analyze",)), Reason.NOT_NOW)


def test_played_cards_sit_on_their_agents_until_the_end_of_the_phase() -> None:
    """The rulebook's first worked example: Ale (one agent out, three in) plays a Scan, a Frisk
    outside, another Scan, then ends the phase: the three played cards are discarded."""
    game = table(
        2,
        hands=[["analyze", "analyze", "intercept"], ["timer", "exit"]],
        agents=[out(True, False, False, False), out(False, False, False, False)],
    )
    game, _ = play(game, PlayCard(0, "analyze", 1), PickWire(0, 0))
    game, _ = play(game, PlayCard(0, "intercept", 0))
    assert game.phase is Phase.INTERCEPT_CARD  # two players: the target is the only other one
    game, _ = play(game, *[a for a in game.legal_actions(0) if a.card == "timer"])  # type: ignore[attr-defined]
    game, _ = play(game, PlayCard(0, "analyze", 2), PickWire(0, 1))
    assert [p.cards for p in game.played] == [("analyze",), ("intercept",), ("analyze",)]
    assert game.discard == []
    game, events = play(game, EndPlay(0))
    assert game.discard == ["analyze", "intercept", "analyze"] and game.played == ()
    assert of_type(events, "end_play")[0].data["discarded"] == ["analyze", "intercept", "analyze"]


def test_at_the_end_of_the_turn_the_hand_goes_down_to_four_by_a_public_discard() -> None:
    game = table(
        2,
        hands=[["timer", "timer", "alarm"], []],
        deck=["exit", "bypass", "analyze"] + [FILLER] * 9,
    )
    assert len(game.hands[0]) == 6
    game, _ = play(game, EndPlay(0))
    assert game.phase is Phase.DISCARD and game.pending.count == 2
    refused(game, Discard(0, ("timer",)), Reason.DISCARD_COUNT)
    refused(game, Discard(0, ("exit", "exit")), Reason.NOT_IN_HAND)
    game, events = play(game, Discard(0, ("timer", "alarm")))
    assert sorted(game.hands[0]) == ["analyze", "bypass", "exit", "timer"]
    assert game.discard == ["timer", "alarm"]
    assert of_type(events, "discard")[0].data == {"seat": 0, "cards": ["timer", "alarm"]}
    assert game.active == 1


def test_a_turn_may_be_only_drawing_and_discarding() -> None:
    game = table(2, hands=[["timer", "timer"], []])
    game, _ = play(game, EndPlay(0))
    assert game.phase is Phase.DISCARD
    game, _ = finish_turn(game)
    assert game.active == 1 and game.phase is Phase.PLAY


def test_the_defuse_decision_is_offered_only_with_exactly_four_snips() -> None:
    three = table(
        2, agents=[out(["red"], ["blue"], ["green"], False), out(False, False, False, False)]
    )
    game, _ = play(three, EndPlay(0))
    assert game.phase is Phase.PLAY and game.active == 1  # 3 cards in hand: no discard either
    four = table(
        2, agents=[out(["red"], ["blue"], ["green"], ["yellow"]), out(False, False, False, False)]
    )
    game, _ = play(four, EndPlay(0))
    assert game.phase is Phase.DEFUSE and game.legal_actions(0) == [Defuse(0), NoDefuse(0)]
    game, _ = play(game, NoDefuse(0))
    assert game.phase is Phase.PLAY and game.active == 1


def test_pairs_are_legal_only_while_the_countdown_shows_four_or_more() -> None:
    pair = PlayWild(0, ("timer", "alarm"), 0, "analyze")
    game = table(2, hands=[["timer", "alarm"], []], countdown=4)
    assert pair in game.legal_actions(0)
    game = table(2, hands=[["timer", "alarm"], []], countdown=3)
    refused(game, pair, Reason.WILD_TOO_LATE)
    assert not any(isinstance(a, PlayWild) for a in game.legal_actions(0))
