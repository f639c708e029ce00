"""With full knowledge the base game is always won: a check of the rules and of the harness."""

from __future__ import annotations

import pytest

from engine.redwire import new_game
from engine.redwire.bots.omniscient import OmniscientBot


@pytest.mark.parametrize("mission", range(1, 9))
@pytest.mark.parametrize("players", range(2, 6))
def test_the_omniscient_bot_never_loses(mission: int, players: int) -> None:
    bot = OmniscientBot()
    for seed in range(5):
        state = new_game(mission, players, seed)
        while not state.is_over:
            state, _ = state.apply(bot.choose_with_state(state, state.to_move))
        assert state.result == "won" and state.dial == players
