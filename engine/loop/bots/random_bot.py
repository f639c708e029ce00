"""The "random" level: a legal move drawn uniformly, first the kind of move, then the move.

Drawing the kind first (draw, declare, roll, assign...) keeps rare moves from drowning among the
dozens of ways to place dice or lay cards.

>>> from engine.loop import new_game
>>> game = new_game(players=3, seed=1)
>>> bot = RandomBot(seed=1)
>>> bot.choose(game.observation(game.to_move), game.legal_actions(game.to_move)) in game.legal_actions(game.to_move)
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ..actions import Action
from .base import register_bot
from .explanation import Explanation, explanation


class RandomBot:
    """Uniform over kinds of move, then over the moves of that kind."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)
        self._why = explanation("random_move", kind="none")

    def explain(self) -> Explanation:
        return self._why

    def choose(self, observation: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        if not legal:
            raise ValueError("a bot is only asked when it has a legal action")
        kind = self._rng.choice(sorted({a.type for a in legal}))
        action = self._rng.choice([a for a in legal if a.type == kind])
        self._why = explanation("random_move", kind=action.type)
        return action


register_bot("random", RandomBot)
