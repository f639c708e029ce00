"""Decisions to put to the bots: states of real games, seen by the seat that decides."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

from engine.loop import GameState, Options, new_game
from engine.loop.actions import Action
from engine.loop.bots import make_bot


@dataclass
class Decision:
    state: GameState
    seat: int
    legal: list[Action]


def decisions(
    players: int, seed: int, *, every: float = 0.3, limit: int = 400
) -> Iterator[Decision]:
    """Decisions along a game played by basic bots and random moves (about ``every`` of them)."""
    rng = random.Random(seed)
    state = new_game(players, seed, options=Options(max_rounds=12))
    guides = [make_bot("basic", seed + seat) for seat in range(players)]
    for _ in range(limit):
        if state.is_over:
            return
        seat = state.to_move
        assert seat is not None
        legal = state.legal_actions(seat)
        if rng.random() < every:
            yield Decision(state, seat, legal)
        if rng.random() < 0.8:
            action = guides[seat].choose(state.observation(seat), legal)
        else:
            action = rng.choice(legal)
        state, _ = state.apply(action)
