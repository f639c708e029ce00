"""Records: a game as its setup plus the actions, versioned JSON.

The setup holds the card list and both draw piles; every roll, re-roll and reshuffle is stored
with the action that caused it (``{"type": "roll", "seat": 2, "result": [1, 3, 5]}``). A replay
reads those outcomes and never rolls, so the same record gives the same game in CPython and in
the browser, today and after the random generator or ``cards.json`` change.

>>> from engine.loop import new_game
>>> game = new_game(players=2, seed=5)
>>> game, _ = game.apply(game.legal_actions(game.to_move)[0])
>>> text = game.record.dumps()
>>> Record.loads(text).replay().same_as(game)
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..core import record as core
from ..core.events import Event
from ..core.record import Envelope
from .actions import Action, action_from_json
from .setup import Setup

if TYPE_CHECKING:
    from .state import GameState

#: The record's envelope: its format name, version and the migrations from older versions.
ENVELOPE = Envelope("loop", "record", version=1)
FORMAT = ENVELOPE.format
VERSION = ENVELOPE.version


@dataclass(frozen=True)
class Record:
    setup: Setup
    actions: tuple[Action, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return ENVELOPE.wrap(
            {"setup": self.setup.to_json(), "actions": [a.to_json() for a in self.actions]}
        )

    def dumps(self) -> str:
        return core.dumps(self.to_json())

    @classmethod
    def from_json(cls, raw: object) -> Record:
        """Parse a record; anything unusable raises RecordError with a one-line reason."""
        body = ENVELOPE.read_record(raw, "Loop the Loop")
        return core.parse_body(
            lambda: cls(
                Setup.from_json(body.get("setup")),
                tuple(action_from_json(a) for a in body["actions"]),
            )
        )

    @classmethod
    def loads(cls, text: str) -> Record:
        return cls.from_json(core.loads(text))

    def replay(self) -> GameState:
        """The final GameState; raises RecordError if an action is illegal at its turn."""
        state, _ = self.replay_events()
        return state

    def replay_events(self) -> tuple[GameState, list[Event]]:
        """The final GameState and every event of the game, in order."""
        from .game import start

        return core.replay_actions(
            start(self.setup), self.actions, lambda s, a: s.apply_recorded(a)
        )
