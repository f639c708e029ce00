"""Records: a game as its setup, its actions and the chance that happened after the deal
(reshuffles of the discard pile, the next deals of a Points match), as versioned JSON.

The setup holds the whole deal and the record holds every later shuffle as it came out, so a
replay never runs a random generator: the same record gives the same game in CPython and in the
browser, today and after the generator changes.

>>> from engine.countdown import new_game
>>> game = new_game(players=2, seed=5)
>>> game, _ = game.apply(game.legal_actions(game.to_move)[0])
>>> Record.loads(game.record.dumps()).replay().same_as(game)
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..core import record as core
from ..core.events import Event
from ..core.record import Envelope
from ..core.text import counted
from .actions import Action, action_from_json
from .deal import Setup
from .errors import RecordError

if TYPE_CHECKING:
    from .state import GameState

#: The record's envelope: its format name, version and the migrations from older versions.
ENVELOPE = Envelope("countdown", "record", version=1)
FORMAT = ENVELOPE.format
VERSION = ENVELOPE.version


@dataclass(frozen=True)
class Record:
    setup: Setup
    actions: tuple[Action, ...] = ()
    chance: tuple[Mapping[str, Any], ...] = ()

    def to_json(self) -> dict[str, Any]:
        return ENVELOPE.wrap(
            {
                "setup": self.setup.to_json(),
                "actions": [a.to_json() for a in self.actions],
                "chance": [dict(c) for c in self.chance],
            }
        )

    def dumps(self) -> str:
        return core.dumps(self.to_json())

    @classmethod
    def from_json(cls, raw: object) -> Record:
        """Parse a record; anything unusable raises RecordError with a one-line reason."""
        body = ENVELOPE.read_record(raw, "Countdown")
        chance = body.get("chance", [])
        if not isinstance(chance, list) or not all(isinstance(c, dict) for c in chance):
            raise RecordError("record's chance must be a list of objects")
        return core.parse_body(
            lambda: cls(
                Setup.from_json(body.get("setup")),
                tuple(action_from_json(a) for a in body["actions"]),
                tuple(chance),
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

        state, events = core.replay_actions(
            start(self.setup, script=self.chance), self.actions, lambda s, a: s.apply(a)
        )
        if len(state.chance) != len(self.chance):
            raise RecordError(
                f"record lists {counted(len(self.chance), 'shuffle', 'shuffles')} but the game used "
                f"{len(state.chance)}"
            )
        return state, events
