"""Mission 51's rules on hand-made deals (``bat_radar:sir``, "Sir / Ma'am"): each turn the active
player turns up a Number card (no radar) and names, unadvised, who cuts that value; the named
player cuts it, or lacking it puts a true info token on a blue wire of his choice and the
detonator moves one step; the next turn goes to the left of the one who named; naming a player
with only red wires loses (FAQ, [LIKELY]); a player with only red wires at the start of his turn
reveals them; setup tokens as usual (not the captain's with two players); the detonator starts
one space back (N+1)."""

from __future__ import annotations

import pytest

from engine.redwire import GameState, IllegalActionError, Pick, RevealReds, SoloCut, new_game
from engine.redwire.bots.knowledge import Knowledge
from engine.redwire.bots.sir import holds_chance, only_reds_chance
from engine.redwire.errors import Reason
from engine.redwire.mechanisms import bat_radar
from engine.redwire.mechanisms.bat_radar import BAT_NAME, BAT_TOKEN, BatReason, NameCutter
from engine.redwire.model import Phase

from .helpers import fill_deal, game, play, types

FIXED = {
    0: ["1", "1", "1", "1", "2", "2", "2", "2", "3", "3", "3", "3", "4"],
    1: ["4", "4", "4", "5", "5", "5", "5", "6", "6", "6", "6", "7"],
}
#: stand 2: 7 7 7 8 8 8 8 9 9 9 9 9.5; stand 3: 10 10 10 10 11 11 11 11 12 12 12 12.
STANDS = fill_deal(51, 4, 0, FIXED, red=["9.5"])
ORDERS = [[2, 5, 7, 1, 3, 4, 6, 8, 9, 10, 11, 12]] + [list(range(12, 0, -1))] * 7


def m51() -> GameState:
    return game(51, 4, STANDS, equipment=[1, 4, 8, 12], parts={"bat_radar": {"orders": ORDERS}})


def refused(state: GameState, action: object) -> object:
    before = state.clone()
    with pytest.raises(IllegalActionError) as err:
        state.apply(action)  # type: ignore[arg-type]
    assert state.same_as(before)  # a refusal leaves the state unchanged
    return err.value.reason


def only_red_left(state: GameState, stand: int) -> GameState:
    """A copy where every blue wire of ``stand`` is cut already (its red one is left)."""
    table = state.clone()
    for wire in table.stands[stand]:
        if table.codes[wire] % 10 != 5:
            table.mark_cut(wire)
    return table


def test_setup_tokens_as_usual_and_the_detonator_one_space_back() -> None:
    state = m51()
    assert types(state.log).count("token") == 4  # every seat places its setup token
    assert state.dial == 5  # four players: as if five
    two = new_game(mission=51, players=2, seed=1)
    skipped = [e.data for e in two.log if e.type == "token_skipped"]
    assert skipped == [{"seat": two.setup.captain, "reason": "mission"}]
    assert two.dial == 3
    assert new_game(mission=51, players=5, seed=1).dial == 6  # the purple segment


def test_sir_turns_up_a_card_without_radar_and_names_the_cutter() -> None:
    state = m51()
    assert state.phase is BAT_NAME and state.to_move == 0
    assert "radar" not in types(state.log)
    part = bat_radar.view(state.observation(2))
    assert part is not None and part["current"] == 2 and part["sir"]
    names = [a for a in state.legal_actions(0) if isinstance(a, NameCutter)]
    assert [a.named for a in names] == [0, 1, 2, 3]
    assert refused(state, NameCutter(1, 1)) is Reason.NOT_YOUR_DECISION
    state, events = play(state, NameCutter(0, 0))
    assert events[0].data == {"seat": 0, "named": 0, "value": 2, "held": True}
    assert refused(state, SoloCut(0, 1)) is BatReason.BAT_VALUE  # he must cut a 2
    state, events = play(state, SoloCut(0, 2))
    assert state.active == 1 and next(e for e in events if e.type == "bat_card").data == {
        "value": 5,
        "seat": 1,
    }


def test_a_named_player_without_the_value_places_a_token_and_the_detonator_moves() -> None:
    state = m51()
    state, _ = play(state, NameCutter(0, 0), SoloCut(0, 2))
    state, events = play(state, NameCutter(1, 3))  # card 5: seat 3 holds none
    assert events[0].data["held"] is False and types(events) == ["name_cutter", "dial"]
    assert state.dial == 4 and state.phase is BAT_TOKEN and state.to_move == 3
    assert refused(state, Pick(2, 3, 0)) is Reason.NOT_YOUR_DECISION
    state, events = play(state, Pick(3, 3, 5))  # his choice: an 11
    token = next(e for e in events if e.type == "token")
    assert token.data["value"] == 11
    assert state.active == 2  # to the left of seat 1, who named, not of seat 3


def test_everyone_learns_whether_the_named_player_holds_the_value() -> None:
    state = m51()
    state, _ = play(state, NameCutter(0, 0), SoloCut(0, 2))
    assert 0 < holds_chance(Knowledge(state.observation(2)), 0, 5) < 1
    state, _ = play(state, NameCutter(1, 0))  # card 5: seat 0 holds none, now everyone knows
    assert holds_chance(Knowledge(state.observation(2)), 0, 5) == 0.0
    assert state.phase is BAT_TOKEN and state.to_move == 0


def test_naming_a_player_with_only_red_wires_loses_the_mission() -> None:
    state = only_red_left(m51(), 2)
    assert only_reds_chance(Knowledge(state.observation(0)), 2) == 1.0  # one wire left: red
    state, events = play(state, NameCutter(0, 2))
    assert events[0].data["reds"] is True
    assert next(e for e in events if e.type == "explosion").data == {"cause": "sir_reds"}
    assert state.result == "exploded"


def test_a_player_with_only_red_wires_at_his_turn_reveals_them_and_turns_no_card() -> None:
    state = only_red_left(m51(), 2)
    state, _ = play(state, NameCutter(0, 0), SoloCut(0, 2), NameCutter(1, 1))
    state, events = play(state, SoloCut(1, 5))
    assert state.active == 2 and state.phase is Phase.TURN
    assert "bat_card" not in types(
        events[events.index(next(e for e in events if e.type == "turn")) :]
    )
    turns = [a for a in state.legal_actions(2) if a.type in ("cut", "solo", "reveal")]
    assert turns == [RevealReds(2)]


def test_the_bots_never_name_a_player_who_may_hold_only_red_wires() -> None:
    from engine.redwire.bots import make_bot

    # Card 7, which Sir (seat 0) lacks; seat 2 has one wire left, perhaps the red one.
    orders = [[7, 2, 5, 1, 3, 4, 6, 8, 9, 10, 11, 12], *ORDERS[1:]]
    state = only_red_left(
        game(51, 4, STANDS, equipment=[1, 4, 8, 12], parts={"bat_radar": {"orders": orders}}), 2
    )
    assert only_reds_chance(Knowledge(state.observation(0)), 2) > 0
    for level in ("simple", "cautious", "expert"):
        bot = make_bot(level, seed=1)
        action = bot.choose(state.observation(0), state.legal_actions(0))
        assert isinstance(action, NameCutter) and action.named != 2
        assert bot.explain().key in ("sir_name_other", "sir_name_self_none")
