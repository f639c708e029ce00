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

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..core.events import Event
from ..core.record import Envelope
from .actions import Action
from .deal import Setup
from .errors import FuseboxError, IllegalActionError, RecordError
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
        return json.dumps(self.to_json(), ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_json(cls, raw: object) -> Record:
        """Parse a record; anything unusable raises RecordError with a one-line reason."""
        if not isinstance(raw, dict):
            raise RecordError("not a Red Wire record (expected a JSON object)")
        if raw.get("format") != FORMAT:
            raise RecordError("not a Red Wire record (unknown format)")
        raw = ENVELOPE.read(raw)
        actions = raw.get("actions")
        if not isinstance(actions, list):
            raise RecordError("record has no list of actions")
        try:
            setup = Setup.from_json(raw.get("setup"))
            parsed = tuple(action_from_json(a) for a in actions)
        except FuseboxError as exc:
            raise RecordError(f"record is damaged: {exc}") from exc
        return cls(setup, parsed)

    @classmethod
    def loads(cls, text: str) -> Record:
        try:
            raw = json.loads(text)
        except (json.JSONDecodeError, RecursionError) as exc:
            raise RecordError(f"not valid JSON: {exc}") from exc
        return cls.from_json(raw)

    def replay(self) -> GameState:
        """The final GameState; raises RecordError if an action is illegal at its turn."""
        state, _ = self.replay_events()
        return state

    def replay_events(self) -> tuple[GameState, list[Event]]:
        """The final GameState and every event of the game, in order."""
        state = start(self.setup)
        events = list(state.log)
        for index, action in enumerate(self.actions):
            try:
                state, new = state.apply(action)
            except IllegalActionError as exc:
                raise RecordError(f"action {index + 1} cannot be played: {exc}") from exc
            events.extend(new)
        return state, events
