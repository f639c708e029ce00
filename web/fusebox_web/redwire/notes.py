"""A bot's explanation of its move, kept with the saved game (the log shows it in words).

Kept apart from ``log_text`` so that loading a saved game at boot imports nothing more.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

#: The page's note of a person whose character from the table screen the mission forbids
#: (``session.given_back``).
GIVEN_BACK = "character_given_back"
#: Notes the page writes about the table (not a computer's explanation): said as they are.
TABLE_NOTES = frozenset({GIVEN_BACK})


@dataclass(frozen=True)
class Note:
    """A bot's explanation of its move, kept beside the log: it starts at log index ``at``."""

    at: int
    seat: int
    key: str
    params: Mapping[str, Any] = field(default_factory=dict)
    text: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "at": self.at,
            "seat": self.seat,
            "key": self.key,
            "params": dict(self.params),
            "text": self.text,
        }

    @classmethod
    def from_json(cls, raw: object) -> Note:
        if not isinstance(raw, dict):
            raise ValueError("a note is an object")
        at, seat, key = raw.get("at"), raw.get("seat"), raw.get("key")
        params, text = raw.get("params", {}), raw.get("text", "")
        if not (isinstance(at, int) and isinstance(seat, int) and isinstance(key, str)):
            raise ValueError("a note needs at, seat and key")
        if not isinstance(params, dict) or not isinstance(text, str):
            raise ValueError("a note's params are an object and its text a string")
        return cls(at, seat, key, params, text)
