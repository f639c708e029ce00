"""The bot interface and the registry of bot levels by name.

>>> bot = make_bot("cautious", seed=3)
>>> bot.name, "expert" in bot_names()
('cautious', True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from ..actions import Action
from ..observation_types import Observation
from .explanation import Explanation


def seen_wire(observation: Observation, stand: int, slot: int) -> str:
    """The label of a wire the viewer sees (its own, or a cut one): bots only ask about those."""
    wire = observation["stands"][stand]["slots"][slot]["wire"]
    if wire is None:
        raise ValueError(f"wire {stand}.{slot} is hidden from seat {observation['viewer']}")
    return wire


class Bot(Protocol):
    """A policy for one seat. ``choose`` gets only what that seat may know: its observation and
    its legal actions (never the game state). The same seed and the same questions give the same
    answers."""

    name: str

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        """Return one of ``legal`` (never empty when asked)."""
        ...

    def explain(self) -> Explanation:
        """Why the last choice was made: one sentence, with a key and params to translate it."""
        ...


def for_bots(legal: Sequence[Action]) -> list[Action]:
    """The actions a computer player may choose (not the clock running out: ``for_bots``)."""
    return [a for a in legal if a.for_bots] or list(legal)


_REGISTRY: dict[str, Callable[[int], Bot]] = {}


def register_bot(name: str, factory: Callable[[int], Bot]) -> None:
    _REGISTRY[name] = factory


def bot_names() -> list[str]:
    """The levels ``make_bot`` knows, sorted."""
    return sorted(_REGISTRY)


def make_bot(name: str, seed: int = 0) -> Bot:
    """A bot by level name with its own random stream (separate from the game's)."""
    if name not in _REGISTRY:
        raise KeyError(f"unknown bot {name!r}; known: {', '.join(bot_names())}")
    return _REGISTRY[name](seed)
