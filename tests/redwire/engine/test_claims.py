"""Mission 10's rules on hand-made deals: no turn order (the next turn is claimed), nobody plays
twice in a row (but with two players, or with at most two players left), passing the question
on, "any time" equipment while the claim is open, and the countdown that explodes the bomb."""

from __future__ import annotations

import pytest

from engine.redwire import Cut, IllegalActionError, Pick, Reason, Rewind, load_mission
from engine.redwire.bots import make_bot
from engine.redwire.mechanisms import claims, timer
from engine.redwire.mechanisms.claims import CLAIM, Claim, ClaimReason, PassClaim
from engine.redwire.mechanisms.timer import TimeUp

from .helpers import fill_deal, game, play, types

YELLOW = ["1.1", "2.1", "3.1", "4.1"]
STANDS = fill_deal(10, 3, 0, {}, red=["7.5"], yellow=YELLOW)
# Seat 0 (captain): stands 0 and 1 (1s, 2s, 3s, 4s, 5s, some 6s); seat 1: stand 2 (6-9 and the
# red 7.5); seat 2: stand 3 (9-12).


def m10(players: int = 3, stands: list[list[str]] | None = None, cards: list[int] | None = None):  # type: ignore[no-untyped-def]
    return game(
        10,
        players,
        stands or STANDS,
        parts={"equipment": {"cards": cards or [1, 5, 7]}},
    )


def test_the_first_turn_is_claimed_too_and_the_captain_is_asked_first() -> None:
    state = m10()
    assert state.phase is CLAIM and state.to_move == 0
    assert claims.view(state.observation(None)) == {
        "eligible": [0, 1, 2],
        "last": None,
        "passed": [],
    }
    # Anyone may claim, not only the seat asked first.
    assert Claim(2) in state.legal_actions(2)
    state, events = play(state, Claim(2))
    assert types(events) == ["claim", "turn"]
    assert state.phase.value == "turn" and state.active == 2


def test_nobody_plays_twice_in_a_row() -> None:
    state = m10()
    state, _ = play(state, Claim(2), Cut(2, [(2, 10)], [9]), Pick(2, 3, 0))
    assert state.phase is CLAIM
    assert claims.view(state.observation(0))["eligible"] == [0, 1]  # type: ignore[index]
    with pytest.raises(IllegalActionError) as err:
        state.apply(Claim(2))
    assert err.value.reason is ClaimReason.NOT_ELIGIBLE
    assert state.to_move == 0  # the next eligible seat clockwise after the last player


def test_passing_hands_the_question_on_until_it_comes_back() -> None:
    state = m10()
    state, _ = play(state, Claim(2), Cut(2, [(2, 10)], [9]), Pick(2, 3, 0))
    state, events = play(state, PassClaim(0))
    assert types(events) == ["pass_claim"] and state.to_move == 1
    state, _ = play(state, PassClaim(1))
    assert state.to_move == 0  # everyone passed: back to the first, who must take it
    assert PassClaim(0) not in state.legal_actions(0)
    with pytest.raises(IllegalActionError) as err:
        state.apply(PassClaim(0))
    assert err.value.reason is ClaimReason.ALL_PASSED
    state, _ = play(state, Claim(0))
    assert state.active == 0


def test_with_two_players_the_same_player_may_go_again() -> None:
    stands = fill_deal(10, 2, 0, {}, red=["7.5"], yellow=YELLOW)
    state = m10(players=2, stands=stands, cards=[1, 5])
    state, _ = play(state, Claim(0))
    cut = next(
        a
        for a in state.legal_actions(0)
        if isinstance(a, Cut)
        and a.tool is None
        and state.code_at(*a.targets[0]) == 10 * a.values[0]
    )
    state, _ = play(state, cut)
    state, _ = play(state, state.legal_actions(0)[0])  # which of my wires is cut
    assert state.phase is CLAIM and Claim(0) in state.legal_actions(0)


def test_with_two_players_left_the_last_one_may_go_again() -> None:
    """FAQ: the same player may play again when at most two players still have wires."""
    state = m10()
    state, _ = play(state, Claim(2), Cut(2, [(2, 10)], [9]), Pick(2, 3, 0))
    table = state.clone()
    for wire in table.stands[0] + table.stands[1]:  # seat 0 is done (as if all cut)
        table.cut[wire] = True
    assert claims.eligible(table) == [1, 2]


def test_any_time_equipment_waits_for_no_one_while_the_claim_is_open() -> None:
    state = m10(cards=[1, 6, 7])
    state, _ = play(state, Claim(0))
    cut = Cut(0, [(3, 3)], [10]) if False else None
    del cut
    # Seat 0 misses once (a step is lost), then cuts 6s to unlock the Rewind (card 6).
    state, _ = play(state, Cut(0, [(2, 0)], [5]))
    assert state.dial == 2 and state.phase is CLAIM
    state, _ = play(state, Claim(1), Cut(1, [(1, 10)], [6]), Pick(1, 2, 0))
    assert state.phase is CLAIM
    assert Rewind(2) in state.legal_actions(2)  # not asked yet, and may use it now
    state, _ = play(state, Rewind(2))
    assert state.dial == 3 and state.phase is CLAIM


def test_the_countdown_explodes_the_bomb_but_waits_for_a_pick_to_end() -> None:
    state = m10()
    assert timer.view(state.observation(None)) == {"seconds": 900, "paused_when_hidden": True}
    state, _ = play(state, Claim(2), Cut(2, [(2, 10)], [9]))
    assert state.phase.value == "own_cut"
    with pytest.raises(IllegalActionError) as err:
        state.apply(TimeUp(0))
    assert err.value.reason is Reason.NOT_NOW
    state, _ = play(state, Pick(2, 3, 0))
    state, events = play(state, TimeUp(1))
    assert types(events) == ["time_up", "explosion"] and state.result == "exploded"
    two = m10(players=2, stands=fill_deal(10, 2, 0, {}, red=["7.5"], yellow=YELLOW), cards=[1, 5])
    assert timer.view(two.observation(None))["seconds"] == 720  # type: ignore[index]


def test_the_coffee_break_is_not_in_this_mission() -> None:
    assert 11 not in load_mission(10).config("equipment").candidates("IT", True)


def test_computer_players_claim_with_a_sure_move_and_pass_otherwise() -> None:
    state = m10()
    # Seat 0 is asked first: it holds all four 1s (a sure Solo Cut), so it claims.
    bot = make_bot("expert", 1)
    choice = bot.choose(state.observation(0), state.legal_actions(0))
    assert choice == Claim(0) and bot.explain().key == "claim_sure"
    # Seat 2 has no sure move at the start (a token shows one wire per teammate, not its value
    # for seat 2 unless it holds it): it passes when asked, unless a token shows a value it holds.
    state, _ = play(state, PassClaim(0), PassClaim(1))
    last = make_bot("cautious", 2).choose(state.observation(2), state.legal_actions(2))
    assert last in (Claim(2), PassClaim(2))
    # Computers never choose the clock running out.
    for level in ("random", "cautious", "expert", "simple"):
        for seed in range(5):
            action = make_bot(level, seed).choose(state.observation(2), state.legal_actions(2))
            assert not isinstance(action, TimeUp)
