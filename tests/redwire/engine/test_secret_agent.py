"""Mission 46's rules on hand-made deals: the four 7s are cut last (no cut may announce 7); a
player whose turn begins with only 7s must cut the four at once, pointing at the 7s on his
teammates' stands (his own go with them), and may do nothing else; right, they are cut; wrong,
the bomb explodes; a 7 hit by mistake is an ordinary miss; each turn start of a seat holding four
wires or fewer says whether they are all 7s, and the deduction reads it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pytest

from engine.redwire import Cut, GameState, IllegalActionError, Pick, PostIt, SoloCut, new_game
from engine.redwire.bots import make_bot
from engine.redwire.deduction import position_from_observation, solve
from engine.redwire.mechanisms import four_at_once
from engine.redwire.mechanisms.four_at_once import FourAtOnce, FourReason
from engine.redwire.wires import YELLOW

from .helpers import fill_deal, game, play, types
from .walk import WalkStats, walk_game

YELLOWS = ["5.1", "6.1", "7.1", "8.1"]
# Ana (captain): 1x4 2x4 3x4 7; the rest ascending: Bea 4x4 5x4 5.1 6x4, Carlo 6.1 7 7 7 7.1
# 8x4 8.1 9 9 9, Dario 9 10x4 11x4 12x4.
ANA = {0: ["1", "1", "1", "1", "2", "2", "2", "2", "3", "3", "3", "3", "7"]}


def m46(fixed: Mapping[int, Sequence[str]] = ANA) -> GameState:
    stands = fill_deal(46, 4, 0, fixed, yellow=YELLOWS)
    return game(46, 4, stands, yellow_markers=YELLOWS, equipment=[1, 4, 6, 9])


def to_anas_last_turn() -> GameState:
    """Three rounds of sure cuts: Ana's fourth turn begins with only her 7 left."""
    state = m46()
    state, _ = play(state, SoloCut(0, 1), SoloCut(1, 4), SoloCut(2, 8), SoloCut(3, 10))
    state, _ = play(state, SoloCut(0, 2), SoloCut(1, 5))
    state, _ = play(state, Cut(2, ((3, 0),), (9,)), Pick(2, 2, 10), SoloCut(3, 11))
    state, _ = play(state, SoloCut(0, 3), SoloCut(1, 6))
    state, _ = play(state, Cut(2, ((1, 8),), (YELLOW,)), Pick(2, 2, 0))
    return state


def test_the_setup_fixed_yellows_no_batteries_no_captain_token_with_two() -> None:
    for players in range(2, 6):
        for seed in range(3):
            state = new_game(mission=46, players=players, seed=seed)
            assert state.setup.yellow_markers == (51, 61, 71, 81)
            assert state.setup.red_markers == ()
            cards = state.setup.parts["equipment"].cards  # type: ignore[attr-defined]
            assert 7 not in cards
            skipped = [e.data for e in state.log if e.type == "token_skipped"]
            expected = [{"seat": state.setup.captain, "reason": "mission"}] if players == 2 else []
            assert skipped == expected


def test_no_cut_may_announce_7() -> None:
    state = m46()
    for action in (
        Cut(0, ((2, 1),), (7,)),
        Cut(0, ((2, 1), (2, 2)), (7,), "double"),
    ):
        with pytest.raises(IllegalActionError) as err:
            state.apply(action)
        assert err.value.reason is FourReason.LAST_VALUE
        assert action not in state.legal_actions(0)
    assert FourAtOnce(0) not in state.legal_actions(0)
    with pytest.raises(IllegalActionError) as err:
        state.apply(FourAtOnce(0))
    assert err.value.reason is FourReason.LAST_NOT_YET


def test_a_seven_hit_by_mistake_is_an_ordinary_miss() -> None:
    state = m46()
    before = state.dial
    state, events = play(state, Cut(0, ((2, 2),), (1,)))  # Carlo's second 7 (no token on it)
    assert state.result is None and state.dial == before - 1
    token = next(e for e in events if e.type == "token")
    assert token.data["value"] == 7 and (token.data["stand"], token.data["slot"]) == (2, 2)
    assert state.cut_count(7) == 0


def test_a_turn_start_with_only_7s_forces_the_special_action() -> None:
    state = to_anas_last_turn()
    state, events = play(state, SoloCut(3, 12))
    assert types(events)[-2:] == ["turn", "last_check"] and state.to_move == 0
    assert events[-1].data == {"seat": 0, "value": 7, "only": True}
    part = four_at_once.view(state.observation(1))
    assert part is not None and part["last"] == {"forced": 0}
    assert state.legal_actions(0) == [FourAtOnce(0)]
    # Her any-time equipment waits too (the Sticky Note on her 7); the others' stays open.
    for action in (Cut(0, ((3, 0),), (7,)), PostIt(0, 0, 12)):
        with pytest.raises(IllegalActionError) as err:
            state.apply(action)
        assert err.value.reason is FourReason.LAST_FORCED
    assert PostIt(2, 2, 2) in state.legal_actions(2)
    state, _ = play(state, FourAtOnce(0))
    assert state.phase.value == "four_point"
    assert all(stand != 0 for stand, _ in state.pending.options)  # her own 7 goes by itself
    state, events = play(state, Pick(0, 2, 1), Pick(0, 2, 2))
    assert state.phase.value == "four_point"
    state, events = play(state, Pick(0, 2, 3))
    cut = next(e for e in events if e.type == "four_cut")
    assert cut.data["outcome"] == "hit" and cut.data["own"] == 1
    assert cut.data["targets"] == [[0, 12], [2, 1], [2, 2], [2, 3]]
    assert state.cut_count(7) == 4 and state.result is None
    assert state.to_move == 2  # Bea has no wire left: Carlo
    part = four_at_once.view(state.observation(1))
    assert part is not None and part["done"] and part["last"] == {"forced": None}


def test_the_others_turn_start_says_he_holds_another_wire() -> None:
    state = to_anas_last_turn()
    # Dario's turn began with four wires (his 12s): not only 7s, so no special action for him.
    last = [e for e in state.log if e.type == "last_check"]
    assert last[-1].data == {"seat": 3, "value": 7, "only": False} and state.to_move == 3
    assert FourAtOnce(3) not in state.legal_actions(3)
    with pytest.raises(IllegalActionError) as err:
        state.apply(FourAtOnce(3))
    assert err.value.reason is FourReason.LAST_NOT_YET
    # Nobody is told anything about a seat holding more than four wires.
    assert {e.data["seat"] for e in last} == {3}


def test_the_forced_fact_makes_her_wire_a_sure_7_for_everyone() -> None:
    state, _ = play(to_anas_last_turn(), SoloCut(3, 12))
    for viewer in (1, 2, 3, None):
        solution = solve(position_from_observation(state.observation(viewer)))
        assert solution.code_probabilities((0, 12)) == {70: 1}


def test_a_wrong_pointing_explodes_the_bomb() -> None:
    state, _ = play(to_anas_last_turn(), SoloCut(3, 12), FourAtOnce(0))
    state, events = play(state, Pick(0, 2, 1), Pick(0, 2, 2), Pick(0, 2, 4))  # the 7.1
    cut = next(e for e in events if e.type == "four_cut")
    assert cut.data["outcome"] == "miss" and state.result == "exploded"
    assert events[-1].type == "explosion" and events[-1].data["cause"] == "four"


def test_holding_all_four_7s_cuts_them_at_once_without_pointing() -> None:
    fixed = {0: ["1", "1", "1", "1", "2", "2", "2", "2", "3", "7", "7", "7", "7"]}
    state = m46(fixed)  # Bea 3 3 3 4x4 5x4 5.1 6; Carlo 6 6 6 6.1 7.1 8x4 8.1 9 9 9
    state, _ = play(state, SoloCut(0, 1), SoloCut(1, 4), SoloCut(2, 8), SoloCut(3, 10))
    state, _ = play(state, SoloCut(0, 2), SoloCut(1, 5))
    state, _ = play(state, Cut(2, ((3, 0),), (9,)), Pick(2, 2, 10), SoloCut(3, 11))
    state, _ = play(state, Cut(0, ((1, 0),), (3,)), Pick(0, 0, 8))
    state, _ = play(state, SoloCut(1, 3), SoloCut(2, 9), SoloCut(3, 12))
    assert state.to_move == 0 and state.legal_actions(0) == [FourAtOnce(0)]
    state, events = play(state, FourAtOnce(0))
    assert types(events)[:2] == ["four_start", "four_cut"]
    cut = events[1].data
    assert (
        cut["outcome"] == "hit"
        and cut["own"] == 4
        and cut["targets"] == [[0, s] for s in (9, 10, 11, 12)]
    )
    assert state.cut_count(7) == 4 and state.result is None


@pytest.mark.parametrize("level", ["random", "cautious", "expert"])
def test_every_bot_level_makes_the_forced_special_action_with_a_reason(level: str) -> None:
    state, _ = play(to_anas_last_turn(), SoloCut(3, 12))
    bot = make_bot(level, 5)
    keys = []
    while state.to_move == 0 and not state.is_over:
        action = bot.choose(state.observation(0), state.legal_actions(0))
        why = bot.explain()
        assert why.text and "{" not in why.text
        keys.append(why.key)
        state, _ = state.apply(action)
    assert state.cut_count(7) == 4 or state.result == "exploded"
    if level != "random":  # the deduction: the others are Carlo's three 7s, certain
        assert keys[0] in ("four_sure", "last_forced") and state.cut_count(7) == 4


def test_random_walks_at_every_player_count() -> None:
    """Every invariant (legal list, refusals, record round trip, the hidden twin's no-leak
    check) in random games of mission 46 at every player count."""
    stats = WalkStats()
    for players in range(2, 6):
        for seed in range(2):
            walk_game(seed=4600 + 10 * seed + players, mission=46, players=players, stats=stats)
    assert stats.action_types["four_at_once"] > 0
