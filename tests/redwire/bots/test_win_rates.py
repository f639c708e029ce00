"""Seeded win-rate floors, to catch a regression (40 fixed games per level and case):

* mission 1 with 3 players (the captain holds two stands: the hardest count of mission 1 for these
  bots): expert at least 90%, cautious at least 80%, random at most 5%;
* mission 3 with 3 players (the red wire, equipment, a two-stand captain): expert at least 85% and
  at least as many wins as cautious.
"""

from __future__ import annotations

import pytest

from engine.redwire import new_game
from engine.redwire.bots import make_bot

GAMES = 40


def wins(level: str, mission: int, players: int) -> int:
    won = 0
    for seed in range(GAMES):
        state = new_game(mission, players, seed)
        bots = [make_bot(level, 8 * seed + seat) for seat in range(players)]
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            action = bots[seat].choose(state.observation(seat), state.legal_actions(seat))
            state, _ = state.apply(action)
        won += state.result == "won"
    return won


@pytest.mark.parametrize(
    ("level", "low", "high"),
    [("expert", 36, GAMES), ("cautious", 32, GAMES), ("random", 0, 2)],
)
def test_mission_1_three_players(level: str, low: int, high: int) -> None:
    assert low <= wins(level, 1, 3) <= high


def test_mission_3_three_players_expert_beats_cautious() -> None:
    expert = wins("expert", 3, 3)
    assert expert >= 34
    assert expert >= wins("cautious", 3, 3)
