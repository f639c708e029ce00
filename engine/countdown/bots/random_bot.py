"""The "random" level: a legal move drawn uniformly, first the kind of move, then the move.

Drawing the kind first (a card played, a pair, the end of the phase...) keeps the rare moves from
drowning among the dozens of ways to play a pair.

>>> from engine.countdown import new_game
>>> game = new_game(players=2, seed=1)
>>> bot = RandomBot(seed=1)
>>> bot.choose(game.observation(game.to_move), game.legal_actions(game.to_move)) in game.legal_actions(game.to_move)
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...core.rng import Rng
from ..actions import Action
from .base import register_bot
from .explanation import Explanation, explanation


class RandomBot:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self._rng = Rng(seed)
        self._why = explanation("random_move", kind="none")

    def explain(self) -> Explanation:
        return self._why

    def choose(self, observation: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        if not legal:
            raise ValueError("a bot is only asked when it has a legal action")
        kinds = sorted({a.type for a in legal})
        kind = self._rng.choice(kinds)
        action = self._rng.choice([a for a in legal if a.type == kind])
        self._why = explanation("random_move", kind=action.type)
        return action


register_bot("random", RandomBot)
