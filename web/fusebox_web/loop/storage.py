"""Loop the Loop's saved data on the shell's storage (``fusebox_web.shell.storage``).

``fusebox.loop.table`` holds the table (seats, names, levels, options, pace) and the learning
aid's switch; ``fusebox.loop.game`` the game in progress: its record (setup and every action
with its dice) and the device's two fields. Bad data goes to ``fusebox.loop.quarantine.<kind>.<n>``,
never deleted.

>>> store = MemoryStore()
>>> SAVES.write(store, "table", {"players": 4})
>>> store.get("fusebox.loop.table")
'{"format":"fusebox.loop.table","version":1,"data":{"players":4}}'
"""

from __future__ import annotations

from engine.core.record import Envelope

from ..shell.storage import BadData, GameSaves, Loaded, MemoryStore, Store

__all__ = ["SAVES", "BadData", "Loaded", "MemoryStore", "Store"]

VERSION = 1
SAVES = GameSaves(
    "loop",
    {
        "table": Envelope("loop", "table", VERSION),
        "game": Envelope("loop", "game", VERSION),
    },
    required=("table",),
)
