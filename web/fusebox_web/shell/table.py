"""Who sits at the table, for any game: seats (a person or a computer, a name, a computer's level),
the game's rule options, and how long computer players think (the pace).

A game describes its table with :class:`TableRules` (how many players, the computer levels it
offers, its rule options with their allowed values) and subclasses :class:`Table` with those
rules. As many seats as the most players are always kept, so that going from 5 players to 3 and
back keeps the names. A name left empty follows the language (the game's default names).

>>> class Demo(Table):
...     RULES = TableRules(players=range(2, 5), levels=("good", "wild"),
...                        options={"deck": ("short", "long")}, default_players=3)
>>> t = Demo.default()
>>> t.players, t.seat_kinds(), len(t.seats)
(3, ['human', 'bot', 'bot'], 4)
>>> t.with_players(9).players, t.with_option("deck", "long").options
(4, {'deck': 'long'})
>>> Demo.from_json(t.to_json()) == t
True
>>> Demo.from_json({**t.to_json(), "players": 7})
Traceback (most recent call last):
ValueError: players: 7
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar, Self

#: Seconds a computer player "thinks" before its move, by pace.
PACES = {"slow": 2.2, "normal": 1.1, "fast": 0.45, "instant": 0.0}
DEFAULT_PACE = "normal"
KINDS = ("human", "bot")
NAME_LIMIT = 20


@dataclass(frozen=True)
class TableRules:
    """What a game allows at its table."""

    players: range
    #: The computer levels a player may choose, best first.
    levels: tuple[str, ...]
    #: Rule options with their allowed values (the first is the default).
    options: Mapping[str, tuple[object, ...]] = field(default_factory=dict)
    default_players: int = 0

    @property
    def most(self) -> int:
        return self.players[-1]


@dataclass(frozen=True)
class Seat:
    kind: str = "human"  # "human" or "bot"
    name: str = ""  # empty: the game's default name for this seat
    level: str = ""  # empty: the game's best level

    @property
    def is_bot(self) -> bool:
        return self.kind == "bot"


@dataclass(frozen=True)
class Table:
    """A game's table: subclasses set ``RULES``."""

    RULES: ClassVar[TableRules]

    players: int = 0  # 0: the rules' default
    seats: tuple[Seat, ...] = ()  # (): one person, then computers
    options: Mapping[str, Any] = field(default_factory=dict)
    pace: str = DEFAULT_PACE

    def __post_init__(self) -> None:
        rules = self.RULES
        if not self.players:
            object.__setattr__(self, "players", rules.default_players or rules.players[0])
        if not self.seats:
            bots = (Seat("bot", "", rules.levels[0]) for _ in range(rules.most - 1))
            object.__setattr__(self, "seats", (Seat("human", "", rules.levels[0]), *bots))

    @classmethod
    def default(cls) -> Self:
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
        """Seconds a computer player "thinks" before its move."""
        return PACES.get(self.pace, PACES[DEFAULT_PACE])

    # ------------------------------------------------------------------ changes

    def with_players(self, players: int) -> Self:
        players_range = self.RULES.players
        return replace(self, players=max(players_range[0], min(players_range[-1], players)))

    def with_seat(self, index: int, **changes: str) -> Self:
        seats = list(self.seats)
        if "name" in changes:
            changes["name"] = clean_name(changes["name"])
        if "kind" in changes and changes["kind"] not in KINDS:
            raise ValueError(f"seat kind {changes['kind']!r}")
        if "level" in changes and changes["level"] not in self.RULES.levels:
            raise ValueError(f"bot level {changes['level']!r}")
        seats[index] = replace(seats[index], **changes)
        return replace(self, seats=tuple(seats))

    def with_option(self, name: str, value: object) -> Self:
        choices = self.RULES.options
        if name not in choices or value not in choices[name]:
            raise ValueError(f"option {name}={value!r}")
        return replace(self, options={**self.options, name: value})

    def with_pace(self, pace: str) -> Self:
        if pace not in PACES:
            raise ValueError(f"pace {pace!r}")
        return replace(self, pace=pace)

    def with_kinds(self, kinds: list[str]) -> Self:
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
    def from_json(cls, raw: object) -> Self:
        """Validate a saved table; raises ValueError naming what is wrong.

        A level the game no longer offers becomes its best one (a save outlives a level).
        """
        rules = cls.RULES
        if not isinstance(raw, dict):
            raise ValueError("the table is not an object")
        players = raw.get("players")
        if (
            isinstance(players, bool)
            or not isinstance(players, int)
            or players not in rules.players
        ):
            raise ValueError(f"players: {players!r}")
        seats_raw = raw.get("seats")
        if not isinstance(seats_raw, list) or len(seats_raw) != rules.most:
            raise ValueError(f"seats: a list of {rules.most}")
        seats = []
        for item in seats_raw:
            if not isinstance(item, dict):
                raise ValueError("a seat is an object")
            kind, name, level = item.get("kind"), item.get("name", ""), item.get("level")
            if kind not in KINDS or not isinstance(name, str):
                raise ValueError(f"seat {item!r}")
            best = rules.levels[0]
            seats.append(Seat(kind, clean_name(name), level if level in rules.levels else best))
        options = raw.get("options", {})
        if not isinstance(options, dict):
            raise ValueError("options: an object")
        for name, value in options.items():
            if name not in rules.options or value not in rules.options[name]:
                raise ValueError(f"option {name}={value!r}")
        pace = raw.get("pace", DEFAULT_PACE)
        if pace not in PACES:
            raise ValueError(f"pace {pace!r}")
        return cls(players, tuple(seats), dict(options), pace)


def clean_name(name: str) -> str:
    """A name as typed, trimmed to one short line (control characters dropped).

    >>> clean_name("  Bea \\x07the  great  ")
    'Bea the great'
    """
    printable = "".join(ch for ch in name if ch.isprintable())
    return " ".join(printable.split())[:NAME_LIMIT]
