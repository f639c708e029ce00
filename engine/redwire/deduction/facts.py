"""Facts a seat knows about hidden slots, beyond the slots it can read.

Every fact speaks about *codes* (see ``codes``); the ``*_classes`` constructors translate cut-value
classes (blue 1..12, ``YELLOW``, ``RED``) into the codes of the whole game, so a fact never depends
on the pool. A slot is addressed by ``(stand index, slot index)``.

* ``SlotIn(slot, codes)``: the slot holds one of ``codes`` (an info token "this is a 7", "yellow").
* ``SlotNotIn(slot, codes)``: it holds none of them (a failed cut "not 9", a radar "no").
* ``AtLeastOne(slots, codes)``: at least one of ``slots`` holds one of ``codes`` (a failed cut
  proves the announcer holds the value somewhere on his stands; a radar "yes"; a detector success).
* ``Label(slot, same)``: slot ``(s, i)`` and its right neighbour ``(s, i + 1)`` have the same class
  (``same=True``, the "=" token) or different classes (``same=False``, the "≠" token).

>>> SlotIn.classes((0, 3), 7)
SlotIn(slot=(0, 3), codes=(70,))
>>> AtLeastOne.classes([(1, 0), (1, 1)], YELLOW).codes[:3]
(11, 21, 31)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from engine.redwire.deduction.codes import (
    BLUE_VALUES,
    COLOURED_VALUES,
    RED,
    YELLOW,
    blue,
    red,
    yellow,
)

SlotRef = tuple[int, int]

#: The 70 codes of the game, in sort order.
ALL_CODES: tuple[int, ...] = tuple(
    sorted(
        [blue(n) for n in BLUE_VALUES]
        + [yellow(n) for n in COLOURED_VALUES]
        + [red(n) for n in COLOURED_VALUES]
    )
)


def class_codes(classes: Iterable[int]) -> tuple[int, ...]:
    """All game codes of the given classes, sorted.

    >>> class_codes([RED])[:2], class_codes([12])
    ((15, 25), (120,))
    """
    wanted = set(classes)
    unknown = wanted - {YELLOW, RED, *BLUE_VALUES}
    if unknown:
        raise ValueError(f"not a class: {sorted(unknown)}")
    codes: list[int] = []
    for code in ALL_CODES:
        rest = code % 10
        cls = code // 10 if rest == 0 else (YELLOW if rest == 1 else RED)
        if cls in wanted:
            codes.append(code)
    return tuple(codes)


def _codes(codes: Iterable[int]) -> tuple[int, ...]:
    return tuple(sorted(set(codes)))


def _ref(slot: Iterable[int]) -> SlotRef:
    stand, index = slot
    return (int(stand), int(index))


@dataclass(frozen=True)
class SlotIn:
    """The slot holds one of ``codes``."""

    slot: SlotRef
    codes: tuple[int, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "slot", _ref(self.slot))
        object.__setattr__(self, "codes", _codes(self.codes))

    @classmethod
    def classes(cls, slot: SlotRef, *classes: int) -> SlotIn:
        return cls(slot, class_codes(classes))

    def to_json(self) -> dict[str, Any]:
        return {"kind": "in", "slot": list(self.slot), "codes": list(self.codes)}


@dataclass(frozen=True)
class SlotNotIn:
    """The slot holds none of ``codes``."""

    slot: SlotRef
    codes: tuple[int, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "slot", _ref(self.slot))
        object.__setattr__(self, "codes", _codes(self.codes))

    @classmethod
    def classes(cls, slot: SlotRef, *classes: int) -> SlotNotIn:
        return cls(slot, class_codes(classes))

    def to_json(self) -> dict[str, Any]:
        return {"kind": "not_in", "slot": list(self.slot), "codes": list(self.codes)}


@dataclass(frozen=True)
class AtLeastOne:
    """At least one of ``slots`` (any stands, any positions) holds one of ``codes``."""

    slots: tuple[SlotRef, ...]
    codes: tuple[int, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "slots", tuple(sorted({_ref(s) for s in self.slots})))
        object.__setattr__(self, "codes", _codes(self.codes))

    @classmethod
    def classes(cls, slots: Iterable[SlotRef], *classes: int) -> AtLeastOne:
        return cls(tuple(slots), class_codes(classes))

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": "at_least_one",
            "slots": [list(s) for s in self.slots],
            "codes": list(self.codes),
        }


@dataclass(frozen=True)
class Label:
    """Slot ``slot`` and its right neighbour have the same class (``same``) or different ones."""

    slot: SlotRef
    same: bool

    def __post_init__(self) -> None:
        object.__setattr__(self, "slot", _ref(self.slot))

    @property
    def right(self) -> SlotRef:
        return (self.slot[0], self.slot[1] + 1)

    def to_json(self) -> dict[str, Any]:
        return {"kind": "label", "slot": list(self.slot), "same": self.same}


Fact = SlotIn | SlotNotIn | AtLeastOne | Label


def fact_from_json(data: dict[str, Any]) -> Fact:
    """Inverse of ``Fact.to_json``.

    >>> f = AtLeastOne.classes([(0, 1), (2, 0)], 5)
    >>> fact_from_json(f.to_json()) == f
    True
    """
    kind = data["kind"]
    if kind == "in":
        return SlotIn(_ref(data["slot"]), tuple(data["codes"]))
    if kind == "not_in":
        return SlotNotIn(_ref(data["slot"]), tuple(data["codes"]))
    if kind == "at_least_one":
        return AtLeastOne(tuple(_ref(s) for s in data["slots"]), tuple(data["codes"]))
    if kind == "label":
        return Label(_ref(data["slot"]), bool(data["same"]))
    raise ValueError(f"unknown fact kind {kind!r}")


def fact_slots(fact: Fact) -> tuple[SlotRef, ...]:
    """Every slot a fact mentions."""
    if isinstance(fact, AtLeastOne):
        return fact.slots
    if isinstance(fact, Label):
        return (fact.slot, fact.right)
    return (fact.slot,)
