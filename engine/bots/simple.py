"""A simple legal bot: plays safe when the public facts make a cut certain, else guesses.

It reads only the observation: info tokens show values in the open, a wire left in place after a
stabilized "it is red!" is a known red, and the values it holds come from its own stands.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ..actions import Action, Cut, PlaceToken, RevealReds, SoloCut
from ..wires import value_from_json
from .base import register_bot


def known_values(observation: Mapping[str, Any]) -> dict[tuple[int, int], int]:
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


class SimpleBot:
    """Certain cuts first (solo cuts, token-marked wires), then a random single-wire guess."""

    name = "simple"

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)
        self._why = ""

    def explain(self) -> str:
        return self._why

    def choose(self, observation: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        if not legal:
            raise ValueError("a bot is only asked when it has a legal action")
        for kind in (RevealReds, SoloCut):
            for action in legal:
                if isinstance(action, kind):
                    self._why = "the rules make this cut certain"
                    return action
        if all(isinstance(a, PlaceToken) for a in legal):
            self._why = "an info token shows the team one of my values"
            return self._rng.choice(list(legal))
        known = known_values(observation)
        singles = [a for a in legal if isinstance(a, Cut) and a.tool is None and len(a.values) == 1]
        certain = [a for a in singles if known.get(a.targets[0]) == a.values[0]]
        if certain:
            self._why = "an info token shows that wire's value"
            return self._rng.choice(certain)
        guesses = [a for a in singles if known.get(a.targets[0]) is None]
        if guesses:
            self._why = "no certain cut: a guess"
            return self._rng.choice(guesses)
        # Decisions other than a turn (picks), or nothing but known reds and equipment left.
        safe = [a for a in legal if not (isinstance(a, Cut) and all(t in known for t in a.targets))]
        self._why = "one of the allowed choices"
        return self._rng.choice(safe or list(legal))


register_bot("simple", SimpleBot)
