"""What every game of the box provides, so the command line, the page's shell and the tests can
drive any of them the same way (after OpenSpiel's game / state split).

A game is a :class:`Game` (its description: how to deal, how to read records and actions) whose
states follow :class:`State`: whose decision it is, the legal actions of a seat, ``apply`` (a new
state and the events, or an :class:`~engine.core.errors.IllegalActionError` and nothing changed),
the observation of a seat, a spectator (``None``) or the seer, and the record (setup + actions)
that replays the game without any random generator.

>>> from engine.core.registry import load_game
>>> game = load_game("redwire")
>>> state = game.new_game(players=3, seed=7)
>>> seat = state.to_move
>>> after, events = state.apply(state.legal_actions(seat)[0])
>>> game.load_record(after.record.dumps()).replay().same_as(after)
True
>>> game.start(game.setup_from_json(state.setup.to_json())).same_as(state)
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

from .events import Event, Viewer


class Action(Protocol):
    """An action names the seat that takes it (a forged click cannot act for another seat)."""

    @property
    def seat(self) -> int: ...

    def to_json(self) -> dict[str, Any]: ...


class Setup(Protocol):
    """Everything chance fixed before the first decision (a deal from a seed, or written by hand
    for a tutorial, a puzzle or a test); JSON-able."""

    def to_json(self) -> dict[str, Any]: ...


class Record(Protocol):
    """A game as its setup plus its actions: versioned JSON that replays without an RNG."""

    def dumps(self) -> str: ...

    def replay(self) -> State: ...


@runtime_checkable
class State(Protocol):
    """One state of a game; never changed once returned (``apply`` gives a new one)."""

    @property
    def players(self) -> int: ...

    @property
    def to_move(self) -> int | None:
        """The seat whose decision the game waits for (None when it is over)."""
        ...

    @property
    def is_over(self) -> bool: ...

    def legal_actions(self, seat: int) -> Sequence[Any]: ...

    def apply(self, action: Any) -> tuple[Any, list[Event]]: ...

    def observation(self, viewer: Viewer) -> Mapping[str, Any]: ...

    @property
    def setup(self) -> Setup: ...

    @property
    def record(self) -> Record: ...

    def same_as(self, other: Any) -> bool:
        """Equality of everything that evolves (replay checks)."""
        ...


class Game(Protocol):
    """A game's description: what the registry hands out (see :mod:`engine.core.registry`)."""

    id: str

    def new_game(self, players: int, seed: int | None = None, **params: Any) -> State:
        """A new game dealt from ``seed`` (random when None); ``params`` are game-specific."""
        ...

    def setup_from_json(self, raw: object) -> Setup:
        """Read and check an explicit setup (a hand-made deal); raises SetupError naming what is
        wrong."""
        ...

    def start(self, setup: Any) -> State:
        """The game at the first decision of ``setup`` (from ``setup_from_json`` or a seed)."""
        ...

    def load_record(self, text: str) -> Record:
        """Parse a record written by any released version; raises RecordError."""
        ...

    def action_from_json(self, raw: object) -> Any:
        """Parse an action; raises IllegalActionError with a MALFORMED-like reason."""
        ...

    def cli(self, argv: Sequence[str]) -> int:
        """Run the game's command line (``python -m engine play --game ID ...``)."""
        ...
