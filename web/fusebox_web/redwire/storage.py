"""Red Wire's saved data: its two kinds on the shell's storage (``fusebox_web.shell.storage``).

``fusebox.redwire.progress`` holds the campaign and the table, ``fusebox.redwire.game`` the game
in progress; both at envelope version 1 (the format of the first released page, so its saves
load as they are). Bad data goes to ``fusebox.redwire.quarantine.<kind>.<n>``, never deleted.
The functions below take the full keys, as the rest of the game names them.

>>> store = MemoryStore()
>>> write(store, PROGRESS, {"missions": {}})
>>> read(store, PROGRESS, lambda data: data).value
{'missions': {}}
>>> store.set(GAME, "{oops")
>>> loaded = read(store, GAME, lambda data: data)
>>> loaded.value, loaded.problem, sorted(store.keys())
(None, 'not JSON', ['fusebox.redwire.progress', 'fusebox.redwire.quarantine', 'fusebox.redwire.quarantine.game.1'])
>>> store.get('fusebox.redwire.quarantine.game.1')
'{oops'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from engine.core.record import Envelope

from ..shell.storage import BadData, GameSaves, Loaded, MemoryStore, Quarantined, Store

__all__ = [
    "EXPORT_FORMAT",
    "GAME",
    "PROGRESS",
    "QUARANTINE",
    "SAVES",
    "VERSION",
    "BadData",
    "Loaded",
    "MemoryStore",
    "Quarantined",
    "Store",
    "export_text",
    "import_parts",
    "read",
    "unwrap",
    "write",
]

VERSION = 1
SAVES = GameSaves(
    "redwire",
    {
        # The campaign's progress and the table (names, seats, options, pace).
        "progress": Envelope("redwire", "progress", VERSION),
        # The game in progress: its record and whose view the device shows.
        "game": Envelope("redwire", "game", VERSION),
    },
    required=("progress",),
)
PREFIX = "fusebox.redwire."
PROGRESS = SAVES.key("progress")
GAME = SAVES.key("game")
QUARANTINE = SAVES.quarantine_prefix
EXPORT_FORMAT = SAVES.export_format

T = TypeVar("T")


def kind_of(key: str) -> str:
    return key.removeprefix(PREFIX)


def write(store: Store, key: str, data: object) -> None:
    """Save ``data`` (JSON-able) under ``key`` in its envelope."""
    SAVES.write(store, kind_of(key), data)


def unwrap(key: str, raw: object) -> Any:
    """The data of an envelope already parsed from JSON; raises BadData."""
    return SAVES.unwrap(kind_of(key), raw)


def read(store: Store, key: str, parse: Callable[[Any], T]) -> Loaded[T]:
    """Load and check ``key``; bad data is quarantined (kept under another key), never lost."""
    return SAVES.read(store, kind_of(key), parse)


def export_text(store: Store) -> str:
    """Every save of the game, as one JSON file the player can keep."""
    return SAVES.export_text(store)


def import_parts(text: str) -> dict[str, dict[str, Any]]:
    """The envelopes of an exported file (Red Wire's or the whole box's), by key; raises
    BadData if it is not one."""
    return {SAVES.key(kind): part for kind, part in SAVES.import_parts(text).items()}
