"""Actions: what a seat can do, as small immutable values that convert to and from JSON.

The acting seat is part of every action, so a forged click cannot act for another seat. Wires are
addressed by ``(stand, slot)``: stands are numbered seat by seat from seat 0, slots from the left.
This module holds the core's actions (every mission has them); each mechanism defines its own
next to its rule, on the same :class:`Action` base, and :func:`engine.redwire.action_from_json`
reads them all.

>>> a = Cut(seat=0, targets=[(2, 4)], values=[9])
>>> a.to_json()
{'type': 'cut', 'seat': 0, 'targets': [[2, 4]], 'values': [9], 'tool': None}
>>> parse_action(Cut, a.to_json()) == a
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from typing import Any, ClassVar

from .errors import IllegalActionError, Reason
from .wires import value_from_json, value_to_json

#: The Dual Cut's detector: None (one wire) or a mechanism's tool name ("double", "triple"...).
Tool = str
Parser = Callable[[object, str], Any]


class Action:
    """Every action: a frozen dataclass with a JSON ``type`` and the acting ``seat``.

    ``parsers`` names a field's JSON reader when the generic ones (see :data:`PARSERS`) do not
    fit it (the label card's number)."""

    type: ClassVar[str]
    parsers: ClassVar[Mapping[str, Parser]] = {}
    #: False for an action no computer player may choose (the clock running out: only the
    #: page's countdown submits it).
    for_bots: ClassVar[bool] = True
    #: True for a mechanism's action that is a Solo Cut by the rules, with a ``value`` (the
    #: Fast Pass, equipment 9-9): a rule about Solo Cuts counts it.
    counts_as_solo: ClassVar[bool] = False
    seat: int

    def to_json(self) -> dict[str, Any]:
        return action_to_json(self)


@dataclass(frozen=True)
class PlaceToken(Action):
    """Setup: put your info token in front of one of your blue wires (captain first)."""

    type: ClassVar[str] = "token"
    seat: int
    stand: int
    slot: int


@dataclass(frozen=True)
class Cut(Action):
    """A Dual Cut: point at a teammate's wire(s) and announce one or two values you hold.

    ``tool`` None points at one wire; a detector points at more ("double": your character's
    Double Detector, 2 wires; "triple": 3; "super": every uncut wire of one stand). Two
    ``values`` use the Either-Or Ray. Targets are ``(stand, slot)`` pairs; targets and values
    are kept sorted so equal actions compare equal.
    """

    type: ClassVar[str] = "cut"
    seat: int
    targets: tuple[tuple[int, int], ...]
    values: tuple[int, ...]
    tool: Tool | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "targets", tuple(sorted(tuple(t) for t in self.targets)))
        object.__setattr__(self, "values", tuple(sorted(self.values)))

    @classmethod
    def ordered(
        cls,
        seat: int,
        targets: tuple[tuple[int, int], ...],
        values: tuple[int, ...],
        tool: Tool | None = None,
    ) -> Cut:
        """Build from targets and values already sorted, skipping the normalisation.

        legal_actions creates thousands of cuts per call; this keeps that loop cheap.
        """
        cut = object.__new__(cls)
        cut.__dict__.update(seat=seat, targets=targets, values=values, tool=tool)
        return cut


@dataclass(frozen=True)
class SoloCut(Action):
    """Cut every remaining wire of a value yourself: you hold all of them, and they are 2 or 4."""

    type: ClassVar[str] = "solo"
    seat: int
    value: int


@dataclass(frozen=True)
class RevealReds(Action):
    """Reveal your red wires: allowed (and required) when nothing else is left in your hand."""

    type: ClassVar[str] = "reveal"
    seat: int


@dataclass(frozen=True)
class Pick(Action):
    """Answer the pending choice (which wire is cut, where a token goes, which wire to give)."""

    type: ClassVar[str] = "pick"
    seat: int
    stand: int
    slot: int


#: The actions of the core rules, in every mission.
CORE_ACTIONS: tuple[type[Action], ...] = (PlaceToken, Cut, SoloCut, RevealReds, Pick)

# --------------------------------------------------------------------------- JSON

_VALUE_FIELDS = {"value"}
_VALUE_LIST_FIELDS = {"values"}


def action_to_json(action: Action) -> dict[str, Any]:
    out: dict[str, Any] = {"type": action.type}
    for f in fields(action):  # type: ignore[arg-type]
        name = f.name
        value = getattr(action, name)
        if name in _VALUE_FIELDS:
            value = value_to_json(value)
        elif name in _VALUE_LIST_FIELDS:
            value = [value_to_json(v) for v in value]
        elif isinstance(value, tuple):
            value = [list(v) if isinstance(v, tuple) else v for v in value]
        out[name] = value
    return out


def bad(detail: str) -> IllegalActionError:
    return IllegalActionError(Reason.MALFORMED, detail=detail)


def as_int(raw: object, name: str) -> int:
    if isinstance(raw, bool) or not isinstance(raw, int):
        raise bad(f"{name} must be a whole number")
    return raw


def _as_int_tuple(raw: object, name: str) -> tuple[int, ...]:
    if not isinstance(raw, list) or not raw:
        raise bad(f"{name} must be a non-empty list")
    return tuple(as_int(x, name) for x in raw)


def _as_targets(raw: object, name: str) -> tuple[tuple[int, int], ...]:
    if not isinstance(raw, list) or not raw:
        raise bad(f"{name} must be a non-empty list of [stand, slot] pairs")
    out: list[tuple[int, int]] = []
    for item in raw:
        if not isinstance(item, list) or len(item) != 2:
            raise bad(f"{name} must be a non-empty list of [stand, slot] pairs")
        out.append((as_int(item[0], name), as_int(item[1], name)))
    return tuple(out)


def _as_value(raw: object, name: str) -> int:
    try:
        return value_from_json(raw)
    except ValueError:
        raise bad(f"{name} must be 1..12 or 'yellow'") from None


def _as_tool(raw: object, name: str) -> Tool | None:
    """A detector's name; which names exist the mechanisms say (``action_from_json`` checks)."""
    if raw is None or isinstance(raw, str):
        return raw
    raise bad(f"{name} must be null or a detector's name")


def _as_list(raw: object, name: str) -> list[object]:
    if not isinstance(raw, list) or not raw:
        raise bad(f"{name} must be a non-empty list")
    return raw


#: The JSON reader of each field name (whole numbers for any other field).
PARSERS: dict[str, Parser] = {
    "targets": _as_targets,
    "seats": _as_int_tuple,
    "values": lambda raw, name: tuple(_as_value(x, name) for x in _as_list(raw, name)),
    "value": _as_value,
    "tool": _as_tool,
}
#: Fields that may be left out of the JSON (with the value they then take; the flipped wires'
#: ``flip``/``flips``: which of a seat's flipped wires is meant, the first unless mission 64
#: names the second).
OPTIONAL: dict[str, Any] = {"tool": None, "flip": 0, "flips": (0,)}


def parse_action(
    cls: type[Action], raw: Mapping[str, Any], parsers: Mapping[str, Parser] | None = None
) -> Action:
    """Read an action of class ``cls`` from its JSON; raises IllegalActionError(MALFORMED).

    ``parsers`` adds readers of fields whose values the caller knows (the detectors' names)."""
    kind = cls.type
    names = [f.name for f in fields(cls)]  # type: ignore[arg-type]
    unknown = sorted(set(raw) - set(names) - {"type"})
    if unknown:
        raise bad(f"unknown field {unknown[0]!r} for a {kind!r} action")
    kwargs: dict[str, Any] = {}
    for name in names:
        if name not in raw:
            if name in OPTIONAL:
                kwargs[name] = OPTIONAL[name]
                continue
            raise bad(f"a {kind!r} action needs {name!r}")
        parser = cls.parsers.get(name) or (parsers or {}).get(name) or PARSERS.get(name, as_int)
        kwargs[name] = parser(raw[name], name)
    return cls(**kwargs)
