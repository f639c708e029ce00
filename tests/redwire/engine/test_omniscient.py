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


@pytest.mark.parametrize("players", range(2, 6))
def test_the_omniscient_bot_frees_the_tripwires_of_mission_41(players: int) -> None:
    """Mission 41's yellow wires are cut only by a teammate pointing at them: knowing them, the
    harness points at one before a stand left with only yellow wires has nobody to free it (it
    lost all 80 of its games of the 20-game bench when it left that to the expert's odds)."""
    bot = OmniscientBot()
    for seed in range(4):
        state = new_game(41, players, seed)
        while not state.is_over:
            state, _ = state.apply(bot.choose_with_state(state, state.to_move))
        assert state.result == "won"
