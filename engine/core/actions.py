"""What every game's actions share: their JSON form and the checked reading of it.

A game's actions are frozen dataclasses on :class:`ActionBase`, each with its JSON ``type`` and
the acting ``seat``; tuples become lists in JSON. :class:`ActionReader` turns JSON back into an
action, checking every field with the game's parsers; anything malformed is refused with the
game's own MALFORMED reason (its code is what the page translates), so a forged or corrupt
action never reaches the rules.

>>> from dataclasses import dataclass
>>> from typing import ClassVar
>>> class Why(ReasonCode):
...     MALFORMED = ("malformed", "That action is not understood: {detail}.")
>>> @dataclass(frozen=True)
... class Roll(ActionBase):
...     type: ClassVar[str] = "roll"
...     seat: int
...     result: tuple[int, ...] | None = None
>>> read = ActionReader({"roll": Roll}, Why.MALFORMED, {"result": lambda raw, name: tuple(raw)},
...                     optional=("result",))
>>> Roll(1).to_json(), read({"type": "roll", "seat": 1, "result": [3, 5]})
({'type': 'roll', 'seat': 1, 'result': None}, Roll(seat=1, result=(3, 5)))
>>> read({"type": "roll", "seat": True})
Traceback (most recent call last):
engine.core.errors.IllegalActionError: That action is not understood: seat must be a whole number.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import fields
from typing import Any, ClassVar, Generic, TypeVar

from .errors import IllegalActionError, ReasonCode

#: Reads one field's JSON value (``raw``, named ``name`` for the message) or raises.
FieldParser = Callable[[object, str], Any]

A = TypeVar("A")


class ActionBase:
    """Shared behaviour: every action knows its JSON type name and converts itself to JSON."""

    type: ClassVar[str]
    seat: int

    def to_json(self) -> dict[str, Any]:
        return action_to_json(self)


def action_to_json(action: object, omit_none: Collection[str] = ()) -> dict[str, Any]:
    """The action's JSON: its ``type``, then each field (tuples as lists); the fields named in
    ``omit_none`` are left out when None (a recorded outcome a player's action does not carry)."""
    out: dict[str, Any] = {"type": action.type}  # type: ignore[attr-defined]
    for f in fields(action):  # type: ignore[arg-type]
        value = getattr(action, f.name)
        if f.name in omit_none and value is None:
            continue
        out[f.name] = list(value) if isinstance(value, tuple) else value
    return out


def as_int(raw: object, name: str, malformed: ReasonCode) -> int:
    """A whole number (a JSON ``true`` is not one), or the game's MALFORMED refusal."""
    if isinstance(raw, bool) or not isinstance(raw, int):
        raise IllegalActionError(malformed, detail=f"{name} must be a whole number")
    return raw


class ActionReader(Generic[A]):
    """Reads a game's actions from JSON: the ``type`` picks the class, every field must be known
    and present (but the ``optional`` ones: missing or null, they keep the class's default), and
    each is read by its parser in ``parsers`` (whole numbers by default)."""

    def __init__(
        self,
        types: Mapping[str, type[A]],
        malformed: ReasonCode,
        parsers: Mapping[str, FieldParser],
        optional: Collection[str] = (),
    ) -> None:
        self.types = types
        self.malformed = malformed
        self.parsers = parsers
        self.optional = frozenset(optional)

    def bad(self, detail: str) -> IllegalActionError:
        """The game's refusal of a malformed action, saying what is wrong."""
        return IllegalActionError(self.malformed, detail=detail)

    def __call__(self, raw: object) -> A:
        """Parse an action; anything malformed raises IllegalActionError(MALFORMED)."""
        if not isinstance(raw, dict):
            raise self.bad("an action is an object with a 'type'")
        kind = raw.get("type")
        cls = self.types.get(kind) if isinstance(kind, str) else None
        if cls is None:
            raise self.bad(f"unknown action type {kind!r}")
        names = [f.name for f in fields(cls)]  # type: ignore[arg-type]
        unknown = sorted(set(raw) - set(names) - {"type"})
        if unknown:
            raise self.bad(f"unknown field {unknown[0]!r} for a {kind!r} action")
        kwargs: dict[str, Any] = {}
        for name in names:
            if name in self.optional and raw.get(name) is None:
                continue  # the class's default (None: no recorded outcome, nothing replaced)
            if name not in raw:
                raise self.bad(f"a {kind!r} action needs {name!r}")
            parser = self.parsers.get(name)
            value = raw[name]
            kwargs[name] = parser(value, name) if parser else as_int(value, name, self.malformed)
        return cls(**kwargs)
