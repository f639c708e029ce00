"""The mechanisms' advice: a bot asks the mission's mechanisms first about the decisions they
bring (a special action, a claim, a named cutter, a stuck turn...).

Each mechanism may answer through ``Mechanism.advise`` with an action, and the key and params
of the sentence that explains it (its ``bot_keys``, merged into ``explanation.KEYS``). The bots
of every level but ``random`` ask before deciding as usual; a mechanism answers only when the
choice is its own (None otherwise).

>>> from engine.redwire import new_game
>>> game = new_game(mission=1, players=2, seed=1)
>>> seat = game.to_move
>>> ask_mechanisms(game.observation(seat), game.legal_actions(seat), "expert", random.Random(1)) is None
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache
from typing import Any

from ..actions import Action
from ..mechanisms import ALL, Mechanism, get
from ..missions import load_mission
from ..observation_types import Observation
from .explanation import Explanation, explanation
from .knowledge import Knowledge


class Ask:
    """What a mechanism may read (``mechanisms.base.BotAsk``): the seat's view only."""

    def __init__(
        self, obs: Observation, legal: Sequence[Action], level: str, rng: random.Random
    ) -> None:
        self.obs = obs
        self.legal = legal
        self.level = level
        self._rng = rng
        self._know: Knowledge | None = None

    def knowledge(self) -> Knowledge:
        if self._know is None:
            self._know = Knowledge(self.obs)
        return self._know

    def choice(self, options: Sequence[Any]) -> Any:
        return self._rng.choice(list(options))


@cache
def _advisers(mission: int) -> tuple[Mechanism[Any], ...]:
    """The mechanisms a mission lists that give advice (the equipment cards it brings are the
    bots' own business)."""
    listed = [get(use.id) for use in load_mission(mission).mechanisms]
    return tuple(m for m in listed if type(m).advise is not Mechanism.advise)


def ask_mechanisms(
    obs: Observation,
    legal: Sequence[Action],
    level: str,
    rng: random.Random,
    knowledge: Knowledge | None = None,
) -> tuple[Action, Explanation] | None:
    """The first mechanism's advice for this decision, with its sentence, or None."""
    advisers = _advisers(int(obs["mission"]))
    if not advisers:
        return None
    ask = Ask(obs, legal, level, rng)
    ask._know = knowledge
    for mechanism in advisers:
        found = mechanism.advise(ask)
        if found is not None:
            action, key, params = found
            return action, explanation(key, **params)
    return None


__all__ = ["ALL", "Ask", "ask_mechanisms"]
