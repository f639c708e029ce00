"""What the three games' random walks share."""

from __future__ import annotations

from typing import Protocol, TypeVar

from engine.core.events import Event


class Logged(Protocol):
    """A game state with a log of events and a copy of itself (every game's ``GameState``)."""

    log: tuple[Event, ...]

    def clone(self) -> Logged: ...


S = TypeVar("S", bound=Logged)


def with_log(state: S, log: tuple[Event, ...]) -> S:
    """A copy of ``state`` with another log. The walks' checks that compare a whole state or a
    whole observation at every step share the real log or leave it out (``()``), and compare the
    events an action added apart: the log only grows, so the rest was compared at the steps that
    added it, and re-reading it at every step made a game's checks grow with its square."""
    copy = state.clone()
    copy.log = log
    return copy  # type: ignore[return-value]  # clone() returns the state's own type
