"""The bot interface and the registry of bot levels by name.

>>> bot = make_bot("basic", seed=3)
>>> bot.name, bot_names()
('basic', ['basic', 'random', 'strong'])
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from ..actions import Action
from .explanation import Explanation


class Bot(Protocol):
    """A policy for one seat. ``choose`` gets only what that seat may know: its observation and
    its legal actions (never the game state). The same seed and the same questions give the same
    answers."""

    name: str

    def choose(self, observation: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        """Return one of ``legal`` (never empty when asked)."""
        ...

    def explain(self) -> Explanation:
        """Why the last choice was made: one sentence, with a key and params to translate it."""
        ...


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
