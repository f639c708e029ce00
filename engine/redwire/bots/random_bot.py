"""The "random" level: a legal move drawn uniformly, first the kind of move, then the move.

Drawing the kind first (cut, solo, pick, each equipment card...) keeps rare moves from drowning
among the hundreds of cuts. It never points at a wire it knows to be red: a cut whose every
pointed wire is surely red (by the solver, from its observation) is left out whenever another
move exists.

>>> from engine.redwire import new_game
>>> game = new_game(mission=3, players=4, seed=1)
>>> bot = RandomBot(seed=1)
>>> bot.choose(game.observation(game.to_move), game.legal_actions(game.to_move)).type
'token'
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..actions import Action, Cut, Pick
from ..observation_types import Observation
from .base import for_bots, register_bot
from .explanation import Explanation, explanation
from .knowledge import Knowledge


class RandomBot:
    """Uniform over kinds, then over the moves of that kind; never a cut at a certain red."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)
        self._why = explanation("random_move", kind="none")

    def explain(self) -> Explanation:
        return self._why

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        if not legal:
            raise ValueError("a bot is only asked when it has a legal action")
        legal = for_bots(legal)
        candidates = list(legal)
        know: Knowledge | None = None
        reds = observation["markers"]["red"]["in_play"] > 0  # else no wire can be red
        while True:
            kinds = sorted({a.type for a in candidates})
            kind = self._rng.choice(kinds)
            action = self._rng.choice([a for a in candidates if a.type == kind])
            if not reds or not isinstance(action, Cut) or len(candidates) == 1:
                break
            if know is None:
                know = Knowledge(observation)
            if not all(know.surely_red(t) for t in action.targets):
                break
            candidates.remove(action)  # a sure red: draw again without it
        if isinstance(action, Pick):
            self._why = explanation("pick_any", stand=action.stand, wire=action.slot + 1)
        else:
            self._why = explanation("random_move", kind=action.type)
        return action


register_bot("random", RandomBot)
