"""Records: a game as its setup plus the list of actions, versioned JSON.

The setup holds the whole deal, so replaying never depends on a random generator: the same record
gives the same game in CPython and in the browser, today and after the RNG changes.

>>> from engine.redwire import new_game
>>> game = new_game(mission=1, players=2, seed=5)
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
from .actions import Action
from .deal import Setup
from .errors import RecordError
from .game import start
from .mechanisms import action_from_json

if TYPE_CHECKING:
    from .state import GameState


def _v1_to_v2(raw: dict[str, Any]) -> dict[str, Any]:
    """Version 2 keeps what a mechanism draws under ``setup.parts``: version 1's
    ``setup.equipment`` (the cards on the board) becomes ``setup.parts.equipment.cards``, and
    an empty list (the missions without equipment) goes away."""
    setup = raw.get("setup")
    if not isinstance(setup, dict):
        return raw  # reading the setup reports it
    setup = dict(setup)
    cards = setup.pop("equipment", [])
    if "parts" in setup:
        raise RecordError("record is damaged: a version 1 setup has no parts")
    setup["parts"] = {"equipment": {"cards": cards}} if cards else {}
    return {**raw, "setup": setup}


#: The record's envelope: its format name, version and the migrations from older versions.
ENVELOPE = Envelope("redwire", "record", version=2, migrations={1: _v1_to_v2})
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
        body = ENVELOPE.read_record(raw, "Red Wire")
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
        return core.replay_actions(start(self.setup), self.actions, lambda s, a: s.apply(a))
