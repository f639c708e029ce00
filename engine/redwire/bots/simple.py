"""A simple legal bot: plays safe when the public facts make a cut certain, else guesses.

It reads only the observation: info tokens show values in the open, a wire left in place after a
stabilized "it is red!" is a known red, and the values it holds come from its own stands. It uses
no solver (the levels ``cautious`` and ``expert`` do).

>>> from engine.redwire import new_game
>>> game = new_game(mission=1, players=2, seed=5)
>>> bot = SimpleBot(seed=5)
>>> action = bot.choose(game.observation(game.to_move), game.legal_actions(game.to_move))
>>> bot.explain().key
'setup_token_any'
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ..actions import Action, Cut, Pick, PlaceToken, RevealReds, SoloCut
from ..observation_types import Observation
from ..wires import value_from_json, value_to_json
from .advice import ask_mechanisms
from .base import for_bots, register_bot, seen_wire
from .explanation import Explanation, explanation


def known_values(observation: Observation) -> dict[tuple[int, int], int]:
    """Uncut teammate wires whose value is public: an info token, or a stabilized red."""
    known: dict[tuple[int, int], int] = {}
    for stand, data in enumerate(observation["stands"]):
        for slot, tile in enumerate(data["slots"]):
            if not tile["cut"] and tile["info"] is not None:
                known[(stand, slot)] = value_from_json(tile["info"])
    for event in observation["log"]:
        if event["type"] == "cut" and event["outcome"] == "red" and event["stabilized"]:
            for stand, slot in event["targets"]:
                known[(stand, slot)] = value_from_json("red")
    return known


def _cut_params(observation: Observation, action: Cut) -> dict[str, Any]:
    stand, slot = action.targets[0]
    owner = observation["stands"][stand]["owner"]
    return {
        "seat": owner,
        "stand": stand,
        "wire": slot + 1,
        "value": value_to_json(action.values[0]),
    }


class SimpleBot:
    """Certain cuts first (solo cuts, token-marked wires), then a random single-wire guess."""

    name = "simple"

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)
        self._why = explanation("random_move", kind="none")

    def explain(self) -> Explanation:
        return self._why

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        if not legal:
            raise ValueError("a bot is only asked when it has a legal action")
        legal = for_bots(legal)
        advised = ask_mechanisms(observation, legal, self.name, self._rng)
        if advised is not None:  # a decision the mission's own rule knows best
            action, self._why = advised
            return action
        for action in legal:
            if isinstance(action, RevealReds):
                self._why = explanation("reveal_reds")
                return action
        for action in legal:
            if isinstance(action, SoloCut):
                self._why = explanation("solo_cut", value=value_to_json(action.value))
                return action
        if all(isinstance(a, PlaceToken) for a in legal):
            token = self._rng.choice(list(legal))
            assert isinstance(token, PlaceToken)
            value = int(seen_wire(observation, token.stand, token.slot))
            self._why = explanation(
                "setup_token_any", stand=token.stand, wire=token.slot + 1, value=value
            )
            return token
        known = known_values(observation)
        singles = [a for a in legal if isinstance(a, Cut) and a.tool is None and len(a.values) == 1]
        certain = [a for a in singles if known.get(a.targets[0]) == a.values[0]]
        if certain:
            cut = self._rng.choice(certain)
            self._why = explanation("cut_token", **_cut_params(observation, cut))
            return cut
        guesses = [a for a in singles if known.get(a.targets[0]) is None]
        if guesses:
            cut = self._rng.choice(guesses)
            self._why = explanation("cut_blind", **_cut_params(observation, cut))
            return cut
        # Decisions other than a turn (picks), or nothing but known reds and equipment left.
        safe = [a for a in legal if not (isinstance(a, Cut) and all(t in known for t in a.targets))]
        action = self._rng.choice(safe or list(legal))
        if isinstance(action, Pick):
            self._why = explanation("pick_any", stand=action.stand, wire=action.slot + 1)
        else:
            self._why = explanation("random_move", kind=action.type)
        return action


register_bot("simple", SimpleBot)
