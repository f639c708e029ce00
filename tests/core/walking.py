"""What the three games' random walks share."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, TypeVar

from engine.core.events import Event


class Logged(Protocol):
    """A game state with a log of events and a copy of itself (every game's ``GameState``)."""

    log: tuple[Event, ...]

    def clone(self) -> Logged: ...


S = TypeVar("S", bound=Logged)


class Chooser(Protocol):
    """A bot of any of the games: it chooses from an observation and the legal actions."""

    def choose(self, observation: Any, legal: Any) -> Any: ...


class Playable(Protocol):
    """A game state any seat of which may be played by a bot (every game's ``GameState``)."""

    @property
    def is_over(self) -> bool: ...

    @property
    def to_move(self) -> int | None: ...

    def observation(self, seat: int) -> Any: ...

    def legal_actions(self, seat: int) -> Any: ...

    def apply(self, action: Any) -> tuple[Any, Any]: ...


G = TypeVar("G", bound=Playable)


def with_log(state: S, log: tuple[Event, ...]) -> S:
    """A copy of ``state`` with another log. The walks' checks that compare a whole state or a
    whole observation at every step share the real log or leave it out (``()``), and compare the
    events an action added apart: the log only grows, so the rest was compared at the steps that
    added it, and re-reading it at every step made a game's checks grow with its square."""
    copy = state.clone()
    copy.log = log
    return copy  # type: ignore[return-value]  # clone() returns the state's own type


def bots_play(state: G, bots: Sequence[Chooser]) -> G:
    """Play ``state`` to its end, each seat's action chosen by ``bots[seat]`` from that seat's
    own observation (the golden games and the bots' tests of the three games)."""
    while not state.is_over:
        seat = state.to_move
        assert seat is not None  # a game that is not over always waits for a seat
        state, _ = state.apply(
            bots[seat].choose(state.observation(seat), state.legal_actions(seat))
        )
    return state
