"""Same seed, same game: every level replays identically, whatever ran before it."""

from __future__ import annotations

from engine.redwire import GameState, new_game
from engine.redwire.bots import make_bot
from engine.redwire.bots.knowledge import _solutions


def play(level: str, mission: int, players: int, seed: int) -> tuple[GameState, list[str]]:
    state = new_game(mission, players, seed)
    bots = [make_bot(level, 8 * seed + seat) for seat in range(players)]
    reasons = []
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        action = bots[seat].choose(state.observation(seat), state.legal_actions(seat))
        reasons.append(bots[seat].explain().text)
        state, _ = state.apply(action)
    return state, reasons


def test_the_same_seed_plays_the_same_game() -> None:
    for level in ("random", "cautious", "expert"):
        for mission, players, seed in ((4, 3, 11), (8, 5, 12)):
            first, why_first = play(level, mission, players, seed)
            _solutions.clear()
            play("expert", 2, 4, seed + 1)  # other games in between fill the caches
            second, why_second = play(level, mission, players, seed)
            assert first.record.dumps() == second.record.dumps()
            assert why_first == why_second


def test_bots_with_other_seeds_draw_other_random_streams() -> None:
    first, _ = play("random", 8, 4, 3)
    state = new_game(8, 4, 3)
    bots = [make_bot("random", 1000 + seat) for seat in range(4)]
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        state, _ = state.apply(
            bots[seat].choose(state.observation(seat), state.legal_actions(seat))
        )
    assert state.record.dumps() != first.record.dumps()
