"""One test (or a few) per card and for pairs, on hand-made deals (spec §6, §12)."""

from __future__ import annotations

import pytest

from engine.countdown import IllegalActionError, Options, Reason
from engine.countdown.actions import (
    AlarmAgent,
    Discard,
    EndPlay,
    PickTarget,
    PickWire,
    PlaceCut,
    PlayCard,
    PlayWild,
    TakeCard,
)
from engine.countdown.state import Phase

from .helpers import INSIDE, finish_turn, of_type, out, play, table, types
from .test_turns import refused

# --------------------------------------------------------------------------- Scan


def test_scan_shows_one_face_down_wire_to_the_player_alone() -> None:
    game = table(3, hands=[["analyze"], [], []], combination=("red", "blue", "green", "yellow"))
    game, events = play(game, PlayCard(0, "analyze", 2))
    assert game.phase is Phase.ANALYZE_PICK and game.to_move == 0
    assert game.legal_actions(0) == [PickWire(0, p) for p in range(4)]
    game, events = play(game, PickWire(0, 2))
    (scan,) = of_type(events, "analyze")
    assert scan.view(0) == {
        "type": "analyze",
        "seat": 0,
        "position": 2,
        "secret": {"colour": "green"},
    }
    assert scan.view(1) == scan.view(None) == {"type": "analyze", "seat": 0, "position": 2}
    assert game.knowledge[0] == {2: ("green", 1)} and game.knowledge[1] == {}
    assert game.analysed[2] == (0,)
    assert game.observation(0)["notes"] == [{"position": 2, "colour": "green", "round": 1}]
    assert game.observation(1)["notes"] == [] and game.observation(None)["notes"] is None
    assert game.observation(1)["combination"][2] == {
        "position": 2, "face_up": False, "colour": None, "analysed_by": [0],
    }  # fmt: skip


def test_scan_picks_only_face_down_wires_and_needs_one() -> None:
    faces = [True, True, False, True]
    game = table(2, hands=[["analyze", "analyze"], []], face_up=faces)
    game, events = play(game, PlayCard(0, "analyze", 0))  # one face-down wire: no question
    assert game.phase is Phase.PLAY and of_type(events, "analyze")[0].data["position"] == 2
    game = table(2, hands=[["analyze"], []], face_up=[True, False, False, True])
    game, _ = play(game, PlayCard(0, "analyze", 0))
    refused(game, PickWire(0, 0), Reason.FACE_UP)
    refused(game, PickWire(0, 4), Reason.NO_SUCH_POSITION)
    game = table(2, hands=[["analyze"], []], face_up=[True] * 4)  # §12 A16, A10
    refused(game, PlayCard(0, "analyze", 0), Reason.NO_FACE_DOWN)


# --------------------------------------------------------------------------- Snip


def test_snips_stay_under_their_agents_and_count_at_once() -> None:
    """The rulebook's second worked example: Ale plays a red Snip, a Scan, a blue Snip; at the
    end of the phase the Scan is discarded and the two Snips stay under their agents."""
    game = table(2, hands=[["cut_red", "analyze", "cut_blue"], []])
    game, _ = play(game, PlayCard(0, "cut_red", 0))
    assert game.agents[0][0].cuts == ("red",) and game.cut_count(0) == 1  # §12 A8
    game, _ = play(game, PlayCard(0, "analyze", 1), PickWire(0, 3), PlayCard(0, "cut_blue", 2))
    game, _ = play(game, EndPlay(0))
    assert game.discard == ["analyze"]
    assert [a.cuts for a in game.agents[0]] == [("red",), (), ("blue",), ()]


def test_a_snip_may_replace_one_under_the_same_agent_or_be_added() -> None:
    """§12 A7: below four Snips the player chooses between adding and replacing."""
    game = table(
        2, hands=[["cut_green"], []], agents=[out(["red", "blue"], False, False, False), INSIDE]
    )
    game, _ = play(game, PlayCard(0, "cut_green", 0))
    assert game.phase is Phase.CUT_PLACE
    assert game.legal_actions(0) == [PlaceCut(0, None), PlaceCut(0, "red"), PlaceCut(0, "blue")]
    refused(game, PlaceCut(0, "yellow"), Reason.NO_CUT_THERE)
    added, _ = play(game, PlaceCut(0, None))
    assert added.agents[0][0].cuts == ("red", "blue", "green") and added.discard == []
    replaced, events = play(game, PlaceCut(0, "blue"))
    assert replaced.agents[0][0].cuts == ("red", "green") and replaced.discard == ["cut_blue"]
    assert of_type(events, "cut")[0].data == {
        "seat": 0,
        "agent": 0,
        "colour": "green",
        "replaced": "blue",
    }


def test_with_four_snips_a_new_one_must_replace_one() -> None:
    full = out(["red", "red"], ["blue"], False, ["green"])
    game = table(2, hands=[["cut_yellow"], []], agents=[full, INSIDE])
    plays = [a for a in game.legal_actions(0) if isinstance(a, PlayCard)]
    assert plays == [
        PlayCard(0, "cut_yellow", 0),
        PlayCard(0, "cut_yellow", 1),
        PlayCard(0, "cut_yellow", 3),
    ]
    refused(game, PlayCard(0, "cut_yellow", 2), Reason.CUT_LIMIT)
    game, _ = play(game, PlayCard(0, "cut_yellow", 1))  # one Snip there: it is replaced at once
    assert game.phase is Phase.PLAY and game.agents[0][1].cuts == ("yellow",)
    assert game.discard == ["cut_blue"] and game.cut_count(0) == 4


def test_with_four_snips_and_none_under_a_free_agent_no_snip_can_be_played() -> None:
    team = out(["red", "red", "blue", "green"], False, False, False)
    game = table(2, hands=[["cut_yellow", "analyze"], []], agents=[team, INSIDE])
    game, _ = play(game, PlayCard(0, "analyze", 0), PickWire(0, 0))  # the agent with Snips acts
    assert not any(
        isinstance(a, PlayCard) and a.card == "cut_yellow" for a in game.legal_actions(0)
    )
    refused(game, PlayCard(0, "cut_yellow", 1), Reason.CUT_LIMIT)


# --------------------------------------------------------------------------- Evacuate


def test_evacuate_sends_the_agent_out_and_discards_its_snips() -> None:
    game = table(
        2, hands=[["exit"], []], agents=[out(["red", "blue"], False, False, False), INSIDE]
    )
    game, events = play(game, PlayCard(0, "exit", 0))
    assert game.agents[0][0].out and game.agents[0][0].cuts == ()
    assert game.discard == ["cut_red", "cut_blue"]
    assert types(events) == ["play", "exit", "mascot"] and game.mascot == 0


# --------------------------------------------------------------------------- Frisk


def test_frisk_shows_a_hand_to_the_actor_who_takes_a_card_and_the_victim_draws() -> None:
    game = table(
        3,
        hands=[["intercept"], ["timer", "cut_red", "analyze"], ["exit"]],
        deck=["bypass", "alarm", "double_timer"],
        agents=[out(True, False, False, False), INSIDE, INSIDE],
    )
    assert sorted(game.hands[0]) == ["alarm", "bypass", "intercept"]
    game, _ = play(game, PlayCard(0, "intercept", 0))
    assert game.phase is Phase.INTERCEPT_TARGET
    assert game.legal_actions(0) == [PickTarget(0, 1), PickTarget(0, 2)]
    refused(game, PickTarget(0, 0), Reason.NOT_A_TARGET)
    game, _ = play(game, PickTarget(0, 1))
    assert game.phase is Phase.INTERCEPT_CARD
    assert game.observation(0)["prompt"]["hand"] == ["analyze", "cut_red", "timer"]
    assert (
        "hand" not in game.observation(1)["prompt"]
        and "hand" not in game.observation(None)["prompt"]
    )
    refused(game, TakeCard(0, "exit"), Reason.NOT_IN_TARGET_HAND)
    game, events = play(game, TakeCard(0, "cut_red"))
    assert types(events) == ["intercept", "draw"]
    frisk, draw = events
    assert frisk.view(0)["secret"] == {"hand": ["analyze", "cut_red", "timer"], "took": "cut_red"}
    assert frisk.view(1)["secret"] == {"took": "cut_red"}
    assert "secret" not in frisk.view(2)
    assert draw.data == {"seat": 1, "count": 1, "reason": "intercept"}
    assert draw.view(1)["secret"] == {"cards": ["double_timer"]} and "secret" not in draw.view(0)
    assert sorted(game.hands[1]) == ["analyze", "double_timer", "timer"]
    # §12 A13: the card taken can be played this turn, on an agent that has not acted.
    game, _ = play(game, PlayCard(0, "cut_red", 1))
    assert game.agents[0][1].cuts == ("red",)


def test_with_the_option_off_a_frisked_card_waits_for_the_next_turn() -> None:
    """§12 A13 as a named option: ``frisked_card_playable=False`` keeps the card taken out of
    this turn's plays and pairs (copies already held stay playable), and frees it next turn."""
    options = Options(frisked_card_playable=False)
    game = table(
        2,
        hands=[["intercept", "cut_red", "timer"], ["cut_red", "exit"]],
        deck=["reenter"] * 20,
        agents=[out(True, False, False, False), INSIDE],
        options=options,
    )
    game, _ = play(game, PlayCard(0, "intercept", 0), TakeCard(0, "cut_red"))
    assert game.hands[0].count("cut_red") == 2 and game.locked == ("cut_red",)
    # One red Snip was already held: it may be played, the one taken may not.
    reds = [a for a in game.legal_actions(0) if isinstance(a, PlayCard) and a.card == "cut_red"]
    assert [a.agent for a in reds] == [1, 2, 3]
    game, _ = play(game, PlayCard(0, "cut_red", 1))
    refused(game, PlayCard(0, "cut_red", 2), Reason.CARD_LOCKED)
    refused(game, PlayWild(0, ("cut_red", "reenter"), 2, "exit"), Reason.CARD_LOCKED)
    legal = game.legal_actions(0)
    assert not [a for a in legal if isinstance(a, PlayCard) and a.card == "cut_red"]
    assert not [a for a in legal if isinstance(a, PlayWild) and "cut_red" in a.cards]
    # Its owner knows which card waits; nobody else does.
    assert game.observation(0)["seats"][0]["locked"] == ["cut_red"]
    assert game.observation(1)["seats"][0]["locked"] is None
    assert game.observation(None)["seats"][0]["locked"] is None
    # The victim's next turn, then the taker's: the card is free again.
    game, _ = play(game, EndPlay(0))
    game, _ = play(game, Discard(0, ("reenter",) * game.pending.count))
    game, _ = finish_turn(game)
    assert game.active == 0 and game.locked == () and "cut_red" in game.hands[0]
    assert PlayCard(0, "cut_red", 2) in game.legal_actions(0)
    # By default (§12 A13's recommendation) nothing is locked.
    default = table(
        2,
        hands=[["intercept"], ["cut_red", "exit"]],
        agents=[out(True, False, False, False), INSIDE],
    )
    default, _ = play(default, PlayCard(0, "intercept", 0), TakeCard(0, "cut_red"))
    assert default.locked == () and PlayCard(0, "cut_red", 1) in default.legal_actions(0)


def test_frisk_needs_another_player_with_a_card_and_skips_needless_questions() -> None:
    game = table(
        2,
        hands=[["intercept"], []],
        deck=["exit"] * 3,
        agents=[out(True, False, False, False), INSIDE],
    )
    refused(game, PlayCard(0, "intercept", 0), Reason.NO_TARGET)
    game = table(
        2,
        hands=[["intercept"], ["timer", "timer"]],
        agents=[out(True, False, False, False), INSIDE],
    )
    game, events = play(game, PlayCard(0, "intercept", 0))  # one target, one kind: no questions
    assert types(events) == ["play", "intercept", "draw"] and game.phase is Phase.PLAY


# --------------------------------------------------------------------------- Siren


def test_siren_makes_every_player_send_one_inside_agent_out_clockwise_from_the_actor() -> None:
    game = table(
        4,
        first=2,
        hands=[[], [], ["alarm"], []],
        agents=[
            out(["red"], ["blue"], True, True),
            out(True, True, True, True),
            out(True, False, ["green"], False),
            out(False, True, True, True),
        ],
        mascot=1,
    )
    game, events = play(game, PlayCard(2, "alarm", 0))
    assert types(events) == ["play", "alarm"]
    assert game.phase is Phase.ALARM_CHOICE and game.to_move == 2  # the actor first
    assert game.legal_actions(2) == [AlarmAgent(2, 1), AlarmAgent(2, 2), AlarmAgent(2, 3)]
    refused(game, AlarmAgent(2, 0), Reason.NOT_INSIDE)
    refused(game, AlarmAgent(0, 0), Reason.NOT_YOUR_DECISION)
    game, events = play(game, AlarmAgent(2, 2))
    # Seat 3 has one agent inside (no question); seat 0 chooses; seat 1 is all outside.
    assert [(e.type, e.data["seat"]) for e in events] == [("alarm_out", 2), ("alarm_out", 3)]
    assert game.to_move == 0 and game.observation(1)["prompt"]["queue"] == []
    game, events = play(game, AlarmAgent(0, 1))
    assert game.phase is Phase.PLAY and game.to_move == 2
    assert of_type(events, "alarm_out")[0].data == {"seat": 0, "agent": 1, "discarded": ["blue"]}
    assert game.agents[2][2].cuts == () and "cut_green" in game.discard
    assert game.mascot == 1  # the Siren never moves the mascot
    # §12 A12: an agent sent out before it acted may still act this turn.
    assert not game.agents[2][2].acted and game.agents[2][2].out


def test_with_the_option_off_a_siren_uses_up_the_action_of_the_actors_agent() -> None:
    """§12 A12 as a named option: ``siren_agents_may_act=False``: the actor's agent sent out by
    its own Siren has acted this turn (no outside card on it); the others act at their turn."""
    game = table(
        2,
        hands=[["alarm", "timer"], ["timer"]],
        agents=[out(True, False, False, False), out(False, False, False, True)],
        options=Options(siren_agents_may_act=False),
    )
    game, _ = play(game, PlayCard(0, "alarm", 0), AlarmAgent(0, 1), AlarmAgent(1, 0))
    assert game.agents[0][1].out and game.agents[0][1].acted
    assert not game.agents[0][2].acted and not game.agents[1][0].acted
    refused(game, PlayCard(0, "timer", 1), Reason.AGENT_ACTED)
    assert not any(isinstance(a, PlayCard) and a.card == "timer" for a in game.legal_actions(0))
    # The other player's agent sent out may act at their own turn.
    game, _ = finish_turn(game)
    assert game.active == 1 and PlayCard(1, "timer", 0) in game.legal_actions(1)
    # By default (§12 A12's recommendation) the actor's agent may still act.
    default = table(
        2,
        hands=[["alarm", "timer"], []],
        agents=[out(True, False, False, False), out(False, False, False, True)],
    )
    default, _ = play(default, PlayCard(0, "alarm", 0), AlarmAgent(0, 1), AlarmAgent(1, 0))
    assert PlayCard(0, "timer", 1) in default.legal_actions(0)


def test_siren_is_playable_even_when_it_changes_nothing() -> None:
    game = table(
        2, hands=[["alarm"], []], agents=[out(True, True, True, True), out(True, True, True, True)]
    )
    game, events = play(game, PlayCard(0, "alarm", 0))
    assert types(events) == ["play", "alarm"] and game.phase is Phase.PLAY


# --------------------------------------------------------------------------- Timer, Double Timer


def test_timer_removes_one_countdown_card_and_double_timer_two() -> None:
    game = table(
        2, hands=[["timer", "double_timer"], []], agents=[out(True, True, False, False), INSIDE]
    )
    game, events = play(game, PlayCard(0, "timer", 0))
    assert game.showing == 9 and of_type(events, "tick")[0].data == {
        "removed": 10,
        "showing": 9,
        "reason": "timer",
    }
    game, events = play(game, PlayCard(0, "double_timer", 1))
    assert game.showing == 7 and len(of_type(events, "tick")) == 2


def test_double_timer_on_two_explodes_the_bomb_and_the_mascot_keeper_wins() -> None:
    game = table(
        2,
        hands=[["double_timer"], []],
        countdown=2,
        agents=[out(True, False, False, False), INSIDE],
        mascot=0,
    )
    game, events = play(game, PlayCard(0, "double_timer", 0))
    assert types(events) == ["play", "tick", "tick", "explode", "game_over"]
    assert game.is_over and game.result is not None
    assert game.result["winner"] == 0 and game.result["cause"] == "countdown"
    assert game.legal_actions(0) == [] and game.to_move is None


def test_double_timer_on_one_explodes_at_the_first_removal() -> None:
    game = table(
        2,
        hands=[["double_timer"], []],
        countdown=1,
        agents=[out(True, False, False, False), INSIDE],
    )
    game, events = play(game, PlayCard(0, "double_timer", 0))
    assert types(events) == ["play", "tick", "explode", "game_over"]
    assert game.result is not None and game.result["winner"] is None  # §12 A5: nobody wins
    with pytest.raises(IllegalActionError) as info:
        game.apply(EndPlay(0))
    assert info.value.reason is Reason.GAME_OVER


# --------------------------------------------------------------------------- Sneak Back


def test_sneak_back_brings_an_agent_inside_but_not_for_the_mascot_keeper() -> None:
    game = table(
        2,
        hands=[["reenter", "analyze"], []],
        agents=[out(True, True, False, False), out(True, False, False, False)],
        mascot=1,
    )
    game, events = play(game, PlayCard(0, "reenter", 0))
    assert not game.agents[0][0].out and game.agents[0][0].acted
    assert types(events) == ["play", "reenter"]
    refused(game, PlayCard(0, "analyze", 0), Reason.AGENT_ACTED)  # its action is used up
    keeper = table(
        2,
        first=1,
        hands=[[], ["reenter"]],
        agents=[INSIDE, out(True, False, False, False)],
        mascot=1,
    )
    refused(keeper, PlayCard(1, "reenter", 0), Reason.MASCOT_NO_REENTER)


# --------------------------------------------------------------------------- Rewire


def test_rewire_reveals_and_removes_a_wire_and_puts_the_first_spare_face_up() -> None:
    """The rulebook's Rewire example: a wire is shown and removed, the first spare wire takes
    its place face up, for good."""
    game = table(
        3,
        hands=[["bypass", "analyze"], [], []],
        combination=("red", "blue", "green", "yellow"),
        reserve=("blue", "red", "yellow", "green"),
        agents=[out(True, False, False, False), INSIDE, INSIDE],
    )
    game, _ = play(game, PlayCard(0, "analyze", 1), PickWire(0, 2))
    assert game.knowledge[0] == {2: ("green", 1)}
    game, _ = play(game, PlayCard(0, "bypass", 0))
    assert game.phase is Phase.BYPASS_PICK
    game, events = play(game, PickWire(0, 2))
    assert of_type(events, "bypass")[0].data == {
        "seat": 0,
        "position": 2,
        "removed": "green",
        "new": "blue",
    }
    assert game.combination == ["red", "blue", "blue", "yellow"] and game.face_up == [
        False,
        False,
        True,
        False,
    ]
    assert game.reserve == ["red", "yellow", "green"] and game.removed == ["green"]
    assert game.knowledge[0] == {}  # the scan of that wire is obsolete (and the new one public)
    assert game.observation(None)["combination"][2] == {
        "position": 2, "face_up": True, "colour": "blue", "analysed_by": [],
    }  # fmt: skip


def test_rewire_needs_a_face_down_wire_and_a_spare_one() -> None:
    outside = [out(True, False, False, False), INSIDE]
    refused(
        table(2, hands=[["bypass"], []], reserve=(), agents=outside),
        PlayCard(0, "bypass", 0),
        Reason.NO_RESERVE,
    )
    refused(
        table(2, hands=[["bypass"], []], face_up=[True] * 4, agents=outside),
        PlayCard(0, "bypass", 0),
        Reason.NO_FACE_DOWN,
    )
    game = table(2, hands=[["bypass"], []], agents=outside)
    game, _ = play(game, PlayCard(0, "bypass", 0))
    refused(game, PickWire(0, 9), Reason.NO_SUCH_POSITION)


# --------------------------------------------------------------------------- pairs


def test_any_two_cards_act_as_a_scan_or_an_evacuate_on_an_inside_agent() -> None:
    game = table(2, hands=[["timer", "cut_red", "alarm", "alarm"], []])
    game, events = play(game, PlayWild(0, ("cut_red", "timer"), 0, "analyze"))
    assert game.phase is Phase.ANALYZE_PICK and game.agents[0][0].acted
    game, _ = play(game, PickWire(0, 1))
    assert game.knowledge[0] == {1: ("blue", 1)}
    game, events = play(game, PlayWild(0, ("alarm", "alarm"), 1, "exit"))
    assert types(events) == ["wild", "exit", "mascot"] and game.agents[0][1].out
    game, _ = play(game, EndPlay(0))
    # §12 A9: a Snip in a pair is no Snip; both cards of each pair are discarded.
    assert game.cut_count(0) == 0
    assert sorted(game.discard) == ["alarm", "alarm", "cut_red", "timer"]


def test_pairs_need_two_held_cards_an_inside_agent_and_a_known_mode() -> None:
    game = table(2, hands=[["timer", "alarm"], []], agents=[out(True, False, False, False), INSIDE])
    refused(game, PlayWild(0, ("timer", "alarm"), 0, "exit"), Reason.WRONG_ZONE)
    refused(game, PlayWild(0, ("timer", "timer"), 1, "exit"), Reason.NOT_IN_HAND)
    refused(game, PlayWild(0, ("timer", "alarm"), 1, "timer"), Reason.WILD_MODE)
    refused(game, PlayWild(0, ("timer",), 1, "exit"), Reason.WILD_PAIR)


@pytest.mark.parametrize("option", [True, False])
def test_card_count_is_conserved_through_a_whole_turn(option: bool) -> None:
    game = table(
        2,
        hands=[["cut_red", "exit", "analyze"], ["timer"]],
        options=Options(mascot_count_alarm_exits=option),
    )
    total = game.card_count()
    game, _ = play(
        game,
        PlayCard(0, "cut_red", 0),
        PlayCard(0, "exit", 0 + 1),
        PlayCard(0, "analyze", 2),
        PickWire(0, 0),
    )
    assert game.card_count() == total
    game, _ = finish_turn(game)
    assert game.card_count() == total
