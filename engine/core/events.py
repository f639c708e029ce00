"""Events: what an action caused, as JSON-able data with per-seat secrets kept apart.

Every event has a ``type`` and public ``data`` everyone saw happen. A few carry ``secret`` details
only some seats know (the wire a player gave with the Walkie-Talkies, the radar answers are public
so they are not secret). :meth:`Event.view` gives what one viewer may see; the page animates from
these views, the log shows them, the deduction engine reads them.

>>> e = Event("walkie", {"seat": 0, "partner": 2}, {0: {"gave": "7"}, 2: {"gave": "3.1"}})
>>> e.view(1)
{'type': 'walkie', 'seat': 0, 'partner': 2}
>>> e.view(0)["secret"]
{'gave': '7'}
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

Viewer = int | None | Literal["seer"]
SEER: Literal["seer"] = "seer"


@dataclass(frozen=True)
class Event:
    type: str
    data: Mapping[str, Any] = field(default_factory=dict)
    secret: Mapping[int, Mapping[str, Any]] = field(default_factory=dict)

    def view(self, viewer: Viewer) -> dict[str, Any]:
        """The event as ``viewer`` (a seat, None for a spectator, "seer" for all) may see it."""
        out: dict[str, Any] = {"type": self.type, **self.data}
        if viewer == SEER:
            if self.secret:
                out["secrets"] = {str(seat): dict(s) for seat, s in self.secret.items()}
        elif isinstance(viewer, int) and viewer in self.secret:
            out["secret"] = dict(self.secret[viewer])
        return out

    def to_json(self) -> dict[str, Any]:
        return self.view(SEER)
