"""Every level returns a legal action, with a fitting explanation, for every decision the engine
can ask: setup tokens, turns, the owner's picks after a detector, the Walkie-Talkies partner's
pick, the actor's own cut, and the "any time" equipment lists of seats that are not to move.
Positions come from random games of every mission and player count (a few thousand in all)."""

from __future__ import annotations

import copy
from collections import Counter

import pytest

from engine.redwire.bots import make_bot
from tests.redwire.bots.checks import check_explanation
from tests.redwire.bots.positions import Decision, decisions

LEVELS = ("random", "cautious", "expert", "simple")
GAMES_PER_COUNT = 3
KEEP = 0.35  # share of the decision points asked (the rest are only walked through)


def ask(level: str, decision: Decision, seed: int) -> str:
    """Ask a fresh bot; check its answer and that it left the observation alone."""
    bot = make_bot(level, seed)
    observation = decision.state.observation(decision.seat)
    before = copy.deepcopy(observation)
    action = bot.choose(observation, decision.legal)
    assert action in decision.legal, (level, action, decision.kind)
    assert observation == before, "a bot must not change the observation it reads"
    check_explanation(bot.explain(), decision.state, decision.seat)
    return action.type


@pytest.mark.parametrize("mission", range(1, 9))
def test_every_level_answers_every_decision_legally(mission: int) -> None:
    kinds: Counter[str] = Counter()
    for players in range(2, 6):
        for game in range(GAMES_PER_COUNT):
            seed = 1000 * mission + 10 * players + game
            for n, decision in enumerate(decisions(mission, players, seed, every=KEEP)):
                kinds[decision.kind] += 1
                for level in LEVELS:
                    ask(level, decision, seed + n)
    assert sum(kinds.values()) >= 100
    assert {"setup_token", "turn", "own_cut"} <= set(kinds)
    if mission >= 3:  # equipment exists from mission 3 on
        assert kinds["any_time"] > 0 and kinds["detector_cut"] + kinds["detector_token"] > 0


def test_picks_of_seats_that_are_not_active_are_answered() -> None:
    """Detector owners and Walkie-Talkies partners decide while another seat is active."""
    seen: Counter[str] = Counter()
    game = 0
    while game < 60 and not {"walkie_give", "detector_cut", "detector_token"} <= set(seen):
        for decision in decisions(8, 2 + game % 4, 90_000 + game):
            state = decision.state
            if decision.kind in ("walkie_give", "detector_cut", "detector_token"):
                assert decision.seat != state.active
                seen[decision.kind] += 1
                for level in LEVELS:
                    ask(level, decision, game)
        game += 1
    assert {"walkie_give", "detector_cut", "detector_token"} <= set(seen)
