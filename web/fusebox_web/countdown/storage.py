"""Countdown's saved data on the shell's storage (``fusebox_web.shell.storage``).

``fusebox.countdown.table`` holds the table (seats, names, levels, options, pace);
``fusebox.countdown.game`` the game in progress (its record, whose view the device shows, the
computers' explanations). Both at envelope version 1. Bad data goes to
``fusebox.countdown.quarantine.<kind>.<n>``, never deleted.

>>> store = MemoryStore()
>>> SAVES.write(store, "table", {"players": 3})
>>> SAVES.read(store, "table", lambda data: data["players"]).value
3
>>> store.set(SAVES.key("game"), "[1, 2")
>>> found = SAVES.read(store, "game", lambda data: data)
>>> found.value, found.problem, found.quarantined
(None, 'not JSON', 'fusebox.countdown.quarantine.game.1')
"""

from __future__ import annotations

from engine.core.record import Envelope

from ..shell.storage import BadData, GameSaves, Loaded, MemoryStore, Store

__all__ = ["SAVES", "VERSION", "BadData", "Loaded", "MemoryStore", "Store"]

VERSION = 1
SAVES = GameSaves(
    "countdown",
    {
        "table": Envelope("countdown", "table", VERSION),
        "game": Envelope("countdown", "game", VERSION),
    },
    required=("table",),
)
