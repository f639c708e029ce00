"""An "any time" action that opens a pick (the Walkie-Talkies exchange) during a mission's own
decision gives that decision back, exactly as it was, once the pick is answered (issue 10).

Each case walks a seeded game (the random walk's informed moves) to the first step where the
decision is not a turn and the Walkie-Talkies card may be used, uses it, answers the exchange,
and checks the game waits for the same decision, which then completes normally.
"""

from __future__ import annotations

import random

import pytest

from engine.redwire import GameState, Pick, Walkie, new_game
from engine.redwire.mechanisms.new_characters import OwnWalkie

from .walk import informed_choice

#: (mission, players, seed, the decision interrupted). M26 3p seed 106 is the reported repro.
CASES = [
    (26, 3, 106, "number_choose"),
    (10, 3, 132, "claim"),
    (22, 3, 0, "gift_give"),
    (29, 3, 17, "number_play"),
    (27, 3, 6, "draft_take"),
]


def _walk_to_interruptible(mission: int, players: int, seed: int) -> tuple[GameState, Walkie]:
    state = new_game(mission, players, seed)
    rng = random.Random(seed)
    for _ in range(400):
        assert state.result is None, "the game ended before the walkie could interrupt"
        every = [a for s in range(players) for a in state.legal_actions(s)]
        walkies = [a for a in every if isinstance(a, (Walkie, OwnWalkie))]
        if walkies and state.phase.value != "turn":
            return state, walkies[0]
        seat = state.to_move
        assert seat is not None
        own = [a for a in state.legal_actions(seat) if not isinstance(a, (Walkie, OwnWalkie))]
        state, _ = state.apply(informed_choice(state, own, rng))
    raise AssertionError("no decision the walkie could interrupt")


@pytest.mark.parametrize(("mission", "players", "seed", "phase"), CASES)
def test_walkie_during_a_mission_decision_gives_it_back(
    mission: int, players: int, seed: int, phase: str
) -> None:
    before, walkie = _walk_to_interruptible(mission, players, seed)
    assert before.phase.value == phase
    decider = before.to_move
    assert decider is not None
    expected = before.legal_actions(decider)
    state, _ = before.apply(walkie)
    assert state.phase.value == "walkie_give" and state.to_move == walkie.partner
    partner_view = state.observation(walkie.partner)
    assert "resume" not in str(partner_view)  # the kept decision is not shown anywhere new
    pick = state.legal_actions(walkie.partner)[0]
    assert isinstance(pick, Pick)
    state, events = state.apply(pick)
    assert [e.type for e in events] == ["walkie"]
    # The same decision: phase, seat, options, and nothing kept behind it.
    assert state.pending == before.pending
    assert state.pending.resume is None
    assert state.phase.value == phase and state.to_move == decider
    decision = [a for a in state.legal_actions(decider) if not isinstance(a, (Walkie, OwnWalkie))]
    assert decision == [a for a in expected if not isinstance(a, (Walkie, OwnWalkie))]
    # The decision then completes normally (it leaves its phase, to a turn or the next decision).
    state, _ = state.apply(decision[0])
    assert state.phase.value != "walkie_give"
    assert state.pending.resume is None


def test_walkie_during_a_turn_still_gives_the_turn_back() -> None:
    before, walkie = _walk_to_interruptible(26, 3, 106)
    # Finish the Number-card choice, then use the walkie during the turn that follows.
    chooser = before.to_move
    assert chooser is not None
    choice = [a for a in before.legal_actions(chooser) if not isinstance(a, (Walkie, OwnWalkie))]
    turn, _ = before.apply(choice[0])
    assert turn.phase.value == "turn"
    walkie = next(a for a in turn.legal_actions(walkie.seat) if isinstance(a, Walkie))
    state, _ = turn.apply(walkie)
    state, _ = state.apply(state.legal_actions(walkie.partner)[0])
    assert state.pending == turn.pending


@pytest.mark.parametrize(("mission", "players", "seed", "phase"), CASES)
def test_bots_answer_the_decision_given_back(
    mission: int, players: int, seed: int, phase: str
) -> None:
    from engine.redwire.bots.base import for_bots, make_bot

    before, walkie = _walk_to_interruptible(mission, players, seed)
    state, _ = before.apply(walkie)
    state, _ = state.apply(state.legal_actions(walkie.partner)[0])
    seat = state.to_move
    assert seat is not None and state.phase.value == phase
    for name in ("random", "cautious", "expert"):
        action = make_bot(name, seed).choose(
            state.observation(seat), for_bots(state.legal_actions(seat))
        )
        assert state.is_legal(action), (name, action)
