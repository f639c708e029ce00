"""Who sits at the table: seats (human or computer, names, bot levels), rule options, bot pace.

Five seats are always kept, so that going from 5 players to 3 and back keeps the names. A name
left empty follows the language (the catalog's default names).

>>> t = Table.default()
>>> t.players, t.seat_kinds()
(3, ['human', 'bot', 'bot'])
>>> Table.from_json(t.to_json()) == t
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

MIN_PLAYERS, MAX_PLAYERS = 2, 5
#: The levels a player may choose, best first (``simple`` is for the engine's own tests).
LEVELS = ("expert", "cautious", "random")
PACES = {"slow": 2.2, "normal": 1.1, "fast": 0.45, "instant": 0.0}
#: Rule variants shown in the "Rules variants" panel, with their allowed values (engine.Options).
OPTION_CHOICES: dict[str, tuple[object, ...]] = {
    "edition": ("IT", "EN"),
    "detector_scope": ("hand", "stand"),
    "faithful_token_supply": (False, True),
}
NAME_LIMIT = 20


@dataclass(frozen=True)
class Seat:
    kind: str = "human"  # "human" or "bot"
    name: str = ""  # empty: the catalog's default name for this seat
    level: str = LEVELS[0]

    @property
    def is_bot(self) -> bool:
        return self.kind == "bot"


def _default_seats() -> tuple[Seat, ...]:
    return (Seat("human"), *(Seat("bot") for _ in range(MAX_PLAYERS - 1)))


@dataclass(frozen=True)
class Table:
    players: int = 3
    seats: tuple[Seat, ...] = field(default_factory=_default_seats)
    options: Mapping[str, Any] = field(default_factory=dict)
    pace: str = "normal"

    @classmethod
    def default(cls) -> Table:
        return cls()

    # ------------------------------------------------------------------ queries

    def seat(self, index: int) -> Seat:
        return self.seats[index]

    def seat_kinds(self) -> list[str]:
        return [self.seats[i].kind for i in range(self.players)]

    def humans(self) -> list[int]:
        return [i for i in range(self.players) if not self.seats[i].is_bot]

    def bots(self) -> list[int]:
        return [i for i in range(self.players) if self.seats[i].is_bot]

    def names(self, default_name: Callable[[int], str]) -> list[str]:
        """The players' names; ``default_name(seat)`` for the seats left unnamed."""
        return [self.seats[i].name or default_name(i) for i in range(self.players)]

    def delay(self) -> float:
        """Seconds a bot "thinks" before its move."""
        return PACES.get(self.pace, PACES["normal"])

    # ------------------------------------------------------------------ changes

    def with_players(self, players: int) -> Table:
        return replace(self, players=max(MIN_PLAYERS, min(MAX_PLAYERS, players)))

    def with_seat(self, index: int, **changes: str) -> Table:
        seats = list(self.seats)
        seat = seats[index]
        if "name" in changes:
            changes["name"] = clean_name(changes["name"])
        if "kind" in changes and changes["kind"] not in ("human", "bot"):
            raise ValueError(f"seat kind {changes['kind']!r}")
        if "level" in changes and changes["level"] not in LEVELS:
            raise ValueError(f"bot level {changes['level']!r}")
        seats[index] = replace(seat, **changes)
        return replace(self, seats=tuple(seats))

    def with_option(self, name: str, value: object) -> Table:
        if name not in OPTION_CHOICES or value not in OPTION_CHOICES[name]:
            raise ValueError(f"option {name}={value!r}")
        return replace(self, options={**self.options, name: value})

    def with_pace(self, pace: str) -> Table:
        if pace not in PACES:
            raise ValueError(f"pace {pace!r}")
        return replace(self, pace=pace)

    def with_kinds(self, kinds: list[str]) -> Table:
        """Seat kinds for the first seats (a game link's ``bots=``), other fields kept."""
        table = self
        for index, kind in enumerate(kinds):
            table = table.with_seat(index, kind=kind)
        return table

    # ------------------------------------------------------------------ JSON

    def to_json(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "seats": [{"kind": s.kind, "name": s.name, "level": s.level} for s in self.seats],
            "options": dict(self.options),
            "pace": self.pace,
        }

    @classmethod
    def from_json(cls, raw: object) -> Table:
        """Validate a saved table; raises ValueError naming what is wrong."""
        if not isinstance(raw, dict):
            raise ValueError("the table is not an object")
        players = raw.get("players")
        if not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError(f"players: {players!r}")
        seats_raw = raw.get("seats")
        if not isinstance(seats_raw, list) or len(seats_raw) != MAX_PLAYERS:
            raise ValueError("seats: a list of five")
        seats = []
        for item in seats_raw:
            if not isinstance(item, dict):
                raise ValueError("a seat is an object")
            kind, name, level = item.get("kind"), item.get("name", ""), item.get("level")
            if kind not in ("human", "bot") or not isinstance(name, str):
                raise ValueError(f"seat {item!r}")
            seats.append(Seat(kind, clean_name(name), level if level in LEVELS else LEVELS[0]))
        options = raw.get("options", {})
        if not isinstance(options, dict):
            raise ValueError("options: an object")
        for name, value in options.items():
            if name not in OPTION_CHOICES or value not in OPTION_CHOICES[name]:
                raise ValueError(f"option {name}={value!r}")
        pace = raw.get("pace", "normal")
        if pace not in PACES:
            raise ValueError(f"pace {pace!r}")
        return cls(players, tuple(seats), dict(options), pace)


def clean_name(name: str) -> str:
    """A name as typed, trimmed to one short line (control characters dropped)."""
    printable = "".join(ch for ch in name if ch.isprintable())
    return " ".join(printable.split())[:NAME_LIMIT]
