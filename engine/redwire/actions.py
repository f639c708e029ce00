"""Actions: what a seat can do, as small immutable values that convert to and from JSON.

The acting seat is part of every action, so a forged click cannot act for another seat. Wires are
addressed by ``(stand, slot)``: stands are numbered seat by seat from seat 0, slots from the left.

>>> a = Cut(seat=0, targets=[(2, 4)], values=[9])
>>> a.to_json()
{'type': 'cut', 'seat': 0, 'targets': [[2, 4]], 'values': [9], 'tool': None}
>>> action_from_json(a.to_json()) == a
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Any, ClassVar, Literal, TypeAlias

from .errors import IllegalActionError, Reason
from .wires import YELLOW, value_from_json, value_to_json

Tool = Literal["double", "triple", "super"]
TOOLS: tuple[Tool, ...] = ("double", "triple", "super")


class _ActionBase:
    """Shared behaviour: every action knows its JSON type name and converts itself to JSON."""

    type: ClassVar[str]
    seat: int

    def to_json(self) -> dict[str, Any]:
        return action_to_json(self)


@dataclass(frozen=True)
class PlaceToken(_ActionBase):
    """Setup: put your info token in front of one of your blue wires (captain first)."""

    type: ClassVar[str] = "token"
    seat: int
    stand: int
    slot: int


@dataclass(frozen=True)
class Cut(_ActionBase):
    """A Dual Cut: point at a teammate's wire(s) and announce one or two values you hold.

    ``tool`` None points at one wire; "double" (your character's Double Detector) at 2 wires of
    one teammate, "triple" (equipment 3) at 3, "super" (equipment 5) at every uncut wire of one
    stand. Two ``values`` use equipment 10 (X or Y). Targets are ``(stand, slot)`` pairs; targets
    and values are kept sorted so equal actions compare equal.
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
class SoloCut(_ActionBase):
    """Cut every remaining wire of a value yourself: you hold all of them, and they are 2 or 4."""

    type: ClassVar[str] = "solo"
    seat: int
    value: int


@dataclass(frozen=True)
class RevealReds(_ActionBase):
    """Reveal your red wires: allowed (and required) when nothing else is left in your hand."""

    type: ClassVar[str] = "reveal"
    seat: int


@dataclass(frozen=True)
class Pick(_ActionBase):
    """Answer the pending choice (which wire is cut, where a token goes, which wire to give)."""

    type: ClassVar[str] = "pick"
    seat: int
    stand: int
    slot: int


@dataclass(frozen=True)
class Label(_ActionBase):
    """Equipment 1 (≠) or 12 (=): label two adjacent wires ``slot`` and ``slot + 1`` of yours."""

    type: ClassVar[str] = "label"
    seat: int
    card: Literal[1, 12]
    stand: int
    slot: int


@dataclass(frozen=True)
class Walkie(_ActionBase):
    """Equipment 2: give one of your uncut wires to ``partner``, who gives one back."""

    type: ClassVar[str] = "walkie"
    seat: int
    stand: int
    slot: int
    partner: int


@dataclass(frozen=True)
class PostIt(_ActionBase):
    """Equipment 4: put an info token on one of your own uncut blue wires."""

    type: ClassVar[str] = "post_it"
    seat: int
    stand: int
    slot: int


@dataclass(frozen=True)
class Rewind(_ActionBase):
    """Equipment 6: move the detonator back one step."""

    type: ClassVar[str] = "rewind"
    seat: int


@dataclass(frozen=True)
class Batteries(_ActionBase):
    """Equipment 7: turn 1 or 2 used character cards face up again."""

    type: ClassVar[str] = "batteries"
    seat: int
    seats: tuple[int, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "seats", tuple(sorted(self.seats)))


@dataclass(frozen=True)
class Radar(_ActionBase):
    """Equipment 8: every stand answers whether it has an uncut blue wire of ``value``."""

    type: ClassVar[str] = "radar"
    seat: int
    value: int


@dataclass(frozen=True)
class Stabilize(_ActionBase):
    """Equipment 9, at the start of your turn: your Dual Cut cannot move the dial or explode."""

    type: ClassVar[str] = "stabilize"
    seat: int


@dataclass(frozen=True)
class CoffeeMug(_ActionBase):
    """Equipment 11, instead of your action: ``next_seat`` plays next."""

    type: ClassVar[str] = "coffee"
    seat: int
    next_seat: int


Action: TypeAlias = (
    PlaceToken
    | Cut
    | SoloCut
    | RevealReds
    | Pick
    | Label
    | Walkie
    | PostIt
    | Rewind
    | Batteries
    | Radar
    | Stabilize
    | CoffeeMug
)

ACTION_TYPES: dict[str, type[Action]] = {
    cls.type: cls
    for cls in (
        PlaceToken,
        Cut,
        SoloCut,
        RevealReds,
        Pick,
        Label,
        Walkie,
        PostIt,
        Rewind,
        Batteries,
        Radar,
        Stabilize,
        CoffeeMug,
    )
}

#: Equipment card used by each equipment action type (Cut's cards depend on its tool/values).
CARD_OF_ACTION: dict[str, int] = {
    "walkie": 2,
    "post_it": 4,
    "rewind": 6,
    "batteries": 7,
    "radar": 8,
    "stabilize": 9,
    "coffee": 11,
}

# --------------------------------------------------------------------------- JSON

_VALUE_FIELDS = {"value"}
_VALUE_LIST_FIELDS = {"values"}


def action_to_json(action: _ActionBase) -> dict[str, Any]:
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


def _bad(detail: str) -> IllegalActionError:
    return IllegalActionError(Reason.MALFORMED, detail=detail)


def _as_int(raw: object, name: str) -> int:
    if isinstance(raw, bool) or not isinstance(raw, int):
        raise _bad(f"{name} must be a whole number")
    return raw


def _as_int_tuple(raw: object, name: str) -> tuple[int, ...]:
    if not isinstance(raw, list) or not raw:
        raise _bad(f"{name} must be a non-empty list")
    return tuple(_as_int(x, name) for x in raw)


def _as_targets(raw: object, name: str) -> tuple[tuple[int, int], ...]:
    if not isinstance(raw, list) or not raw:
        raise _bad(f"{name} must be a non-empty list of [stand, slot] pairs")
    out: list[tuple[int, int]] = []
    for item in raw:
        if not isinstance(item, list) or len(item) != 2:
            raise _bad(f"{name} must be a non-empty list of [stand, slot] pairs")
        out.append((_as_int(item[0], name), _as_int(item[1], name)))
    return tuple(out)


def _as_value(raw: object, name: str) -> int:
    try:
        return value_from_json(raw)
    except ValueError:
        raise _bad(f"{name} must be 1..12 or 'yellow'") from None


def _as_tool(raw: object, name: str) -> Tool | None:
    if raw is None:
        return None
    for tool in TOOLS:
        if raw == tool:
            return tool
    raise _bad(f"{name} must be null, 'double', 'triple' or 'super'")


def _as_card(raw: object, name: str) -> Literal[1, 12]:
    if raw == 1 and not isinstance(raw, bool):
        return 1
    if raw == 12 and not isinstance(raw, bool):
        return 12
    raise _bad(f"{name} must be 1 (≠) or 12 (=)")


_PARSERS: dict[str, Callable[[object, str], Any]] = {
    "targets": _as_targets,
    "seats": _as_int_tuple,
    "values": lambda raw, name: tuple(_as_value(x, name) for x in _as_list(raw, name)),
    "value": _as_value,
    "tool": _as_tool,
    "card": _as_card,
}


def _as_list(raw: object, name: str) -> list[object]:
    if not isinstance(raw, list) or not raw:
        raise _bad(f"{name} must be a non-empty list")
    return raw


def action_from_json(raw: object) -> Action:
    """Parse an action; anything malformed raises IllegalActionError(MALFORMED)."""
    if not isinstance(raw, dict):
        raise _bad("an action is an object with a 'type'")
    kind = raw.get("type")
    cls = ACTION_TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise _bad(f"unknown action type {kind!r}")
    names = [f.name for f in fields(cls)]
    unknown = sorted(set(raw) - set(names) - {"type"})
    if unknown:
        raise _bad(f"unknown field {unknown[0]!r} for a {kind!r} action")
    kwargs: dict[str, Any] = {}
    for name in names:
        if name not in raw:
            if name == "tool":
                kwargs[name] = None
                continue
            raise _bad(f"a {kind!r} action needs {name!r}")
        kwargs[name] = _PARSERS.get(name, _as_int)(raw[name], name)
    return cls(**kwargs)


def describe_values(values: tuple[int, ...]) -> str:
    return " or ".join("yellow" if v == YELLOW else str(v) for v in values)
