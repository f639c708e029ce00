"""Facts a seat knows about hidden slots, beyond the slots it can read.

Every fact speaks about *codes* (see ``codes``); the ``*.classes`` constructors translate cut-value
classes (blue 1..12, ``YELLOW``, ``RED``) into the codes of the whole game, so a fact never depends
on the pool. A slot is addressed by ``(stand index, slot index)``; a fact may name any slots of any
stands.

* ``SlotIn(slot, codes)``: the slot holds one of ``codes`` (an info token "this is a 7", "yellow",
  an even/odd token: ``SlotIn.parity``).
* ``SlotNotIn(slot, codes)``: it holds none of them (a failed cut "not 9", a radar "no", a false
  token "this wire is not a 4").
* ``AtLeastOne(slots, codes)``: at least one of ``slots`` holds one of ``codes`` (the announcer of a
  cut held the value; a radar "yes"; a detector success).
* ``Count(slots, codes, low, high)``: between ``low`` and ``high`` of ``slots`` hold one of
  ``codes`` (an x1/x2/x3 token: "this stand holds exactly k wires of value v, cut ones included"; a
  negative token: none; a dealing quota: "each player got exactly one red"). ``AtLeastOne`` is the
  case ``low=1``.
* ``Label(slot, same)``: slot ``(s, i)`` and its right neighbour ``(s, i + 1)`` have the same class
  (``same=True``, the "=" token) or different classes (``same=False``, the "≠" token).
* ``SameClass(first, second, same)``: the same for any two slots (a label whose wires were moved).
* ``Order(first, second, strict)``: the code of ``first`` is ``<=`` (``strict``: ``<``) the code of
  ``second`` (where a moved wire used to lie, or was inserted, among wires of another stand).
  ``together``: the two are one unordered pair of tiles drawn at once and laid out in order
  (mission 64's flipped pair: the lower left, the higher right), so they are one place of the
  deal, a sorted stand of two slots, where a pair of equal codes is one draw, not two.
* ``Multiplicity(slots, at, count)``: the class of ``slots[at]``, whatever it is, occurs exactly
  ``count`` times among ``slots`` (a sorted stand, left to right, as it was when the fact was
  learnt): an x1/x2/x3 token, which does not show the value. It is a choice of a few conjunctions
  (where the run of that class starts), which the solver expands (``cases``).

>>> SlotIn.classes((0, 3), 7)
SlotIn(slot=(0, 3), codes=(70,))
>>> AtLeastOne.classes([(1, 0), (1, 1)], YELLOW).codes[:3]
(11, 21, 31)
>>> Count.classes([(1, 0), (1, 1), (1, 2)], 5, low=2, high=2).codes
(50,)
>>> SlotIn.parity((0, 0), even=True).codes
(20, 40, 60, 80, 100, 120)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
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


def parity_codes(even: bool) -> tuple[int, ...]:
    """The blue codes of even (2, 4, .., 12) or odd (1, 3, .., 11) value: what an even/odd token
    says (red wires are neither; a mechanism that gives yellow wires a parity adds their codes).

    >>> parity_codes(False)[:3]
    (10, 30, 50)
    """
    return tuple(blue(n) for n in BLUE_VALUES if (n % 2 == 0) == even)


def _codes(codes: Iterable[int]) -> tuple[int, ...]:
    return tuple(sorted(set(codes)))


def _ref(slot: Iterable[int]) -> SlotRef:
    stand, index = slot
    return (int(stand), int(index))


def _refs(slots: Iterable[Iterable[int]]) -> tuple[SlotRef, ...]:
    return tuple(sorted({_ref(s) for s in slots}))


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

    @classmethod
    def parity(cls, slot: SlotRef, even: bool) -> SlotIn:
        """An even/odd token: the slot holds a blue wire of that parity (``parity_codes``)."""
        return cls(slot, parity_codes(even))

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
        object.__setattr__(self, "slots", _refs(self.slots))
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
class Count:
    """Between ``low`` and ``high`` (both included) of ``slots`` hold one of ``codes``.

    >>> Count.classes([(0, 0), (0, 1)], 3, low=0, high=0)     # "no 3 on these slots"
    Count(slots=((0, 0), (0, 1)), codes=(30,), low=0, high=0)
    """

    slots: tuple[SlotRef, ...]
    codes: tuple[int, ...]
    low: int
    high: int

    def __post_init__(self) -> None:
        object.__setattr__(self, "slots", _refs(self.slots))
        object.__setattr__(self, "codes", _codes(self.codes))
        object.__setattr__(self, "low", int(self.low))
        object.__setattr__(self, "high", int(self.high))
        if not 0 <= self.low <= self.high:
            raise ValueError(f"bad count range {self.low}..{self.high}")

    @classmethod
    def classes(cls, slots: Iterable[SlotRef], *classes: int, low: int, high: int) -> Count:
        return cls(tuple(slots), class_codes(classes), low, high)

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": "count",
            "slots": [list(s) for s in self.slots],
            "codes": list(self.codes),
            "low": self.low,
            "high": self.high,
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


@dataclass(frozen=True)
class SameClass:
    """Slots ``first`` and ``second`` (anywhere) have the same class (``same``) or not."""

    first: SlotRef
    second: SlotRef
    same: bool

    def __post_init__(self) -> None:
        first, second = sorted((_ref(self.first), _ref(self.second)))
        if first == second:
            raise ValueError(f"a slot compared with itself: {first}")
        object.__setattr__(self, "first", first)
        object.__setattr__(self, "second", second)

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": "same_class",
            "first": list(self.first),
            "second": list(self.second),
            "same": self.same,
        }


@dataclass(frozen=True)
class Order:
    """The code of ``first`` is at most (``strict``: below) the code of ``second``; ``together``:
    the two wires (both outside the sorted order) were drawn as one unordered pair of tiles and
    laid out in order, so the deal has them as one sorted place of two slots (mission 64).

    >>> Order((0, 0), (0, 5), together=True).to_json()["together"]
    True
    """

    first: SlotRef
    second: SlotRef
    strict: bool = False
    together: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "first", _ref(self.first))
        object.__setattr__(self, "second", _ref(self.second))
        if self.first == self.second:
            raise ValueError(f"a slot compared with itself: {self.first}")
        if self.together and self.strict:
            raise ValueError("a pair drawn together may hold equal codes: not strict")

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "kind": "order",
            "first": list(self.first),
            "second": list(self.second),
            "strict": self.strict,
        }
        if self.together:
            data["together"] = True
        return data


@dataclass(frozen=True)
class Multiplicity:
    """The class of ``slots[at]`` occurs exactly ``count`` times among ``slots``, a stand's slots
    in sorted order (cut ones included): an x1/x2/x3 token (see ``cases`` for how it is solved).

    >>> Multiplicity(((0, 0), (0, 1), (0, 2)), 1, 2).to_json()["count"]
    2
    """

    slots: tuple[SlotRef, ...]
    at: int
    count: int

    def __post_init__(self) -> None:
        object.__setattr__(self, "slots", tuple(_ref(s) for s in self.slots))
        object.__setattr__(self, "at", int(self.at))
        object.__setattr__(self, "count", int(self.count))
        if len(set(self.slots)) != len(self.slots):
            raise ValueError("a slot is listed twice")
        if not 0 <= self.at < len(self.slots) or not 1 <= self.count <= len(self.slots):
            raise ValueError(f"bad multiplicity {self.count} at {self.at} of {len(self.slots)}")

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": "multiplicity",
            "slots": [list(s) for s in self.slots],
            "at": self.at,
            "count": self.count,
        }


Fact = SlotIn | SlotNotIn | AtLeastOne | Count | Label | SameClass | Order | Multiplicity


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
        return AtLeastOne(_refs(data["slots"]), tuple(data["codes"]))
    if kind == "count":
        return Count(_refs(data["slots"]), tuple(data["codes"]), data["low"], data["high"])
    if kind == "label":
        return Label(_ref(data["slot"]), bool(data["same"]))
    if kind == "same_class":
        return SameClass(_ref(data["first"]), _ref(data["second"]), bool(data["same"]))
    if kind == "order":
        return Order(
            _ref(data["first"]),
            _ref(data["second"]),
            bool(data["strict"]),
            bool(data.get("together", False)),
        )
    if kind == "multiplicity":
        slots = tuple(_ref(s) for s in data["slots"])
        return Multiplicity(slots, int(data["at"]), int(data["count"]))
    raise ValueError(f"unknown fact kind {kind!r}")


def fact_slots(fact: Fact) -> tuple[SlotRef, ...]:
    """Every slot a fact mentions."""
    if isinstance(fact, AtLeastOne | Count | Multiplicity):
        return fact.slots
    if isinstance(fact, Label):
        return (fact.slot, fact.right)
    if isinstance(fact, SameClass | Order):
        return (fact.first, fact.second)
    return (fact.slot,)


def moved(fact: Fact, where: Callable[[SlotRef], SlotRef]) -> Fact:
    """The same fact about the slots ``where`` gives for its slots (a ``Label`` becomes a
    ``SameClass`` unless its two slots stay neighbours, left to right).

    >>> moved(SlotIn((0, 1), (10,)), lambda s: (s[0] + 1, s[1]))
    SlotIn(slot=(1, 1), codes=(10,))
    """
    if isinstance(fact, SlotIn | SlotNotIn):
        return type(fact)(where(fact.slot), fact.codes)
    if isinstance(fact, AtLeastOne):
        return AtLeastOne(tuple(map(where, fact.slots)), fact.codes)
    if isinstance(fact, Count):
        return Count(tuple(map(where, fact.slots)), fact.codes, fact.low, fact.high)
    if isinstance(fact, Label):
        return same_class(where(fact.slot), where(fact.right), fact.same)
    if isinstance(fact, SameClass):
        return same_class(where(fact.first), where(fact.second), fact.same)
    if isinstance(fact, Multiplicity):
        return Multiplicity(tuple(map(where, fact.slots)), fact.at, fact.count)
    return Order(where(fact.first), where(fact.second), fact.strict, fact.together)


def same_class(a: SlotRef, b: SlotRef, same: bool) -> Label | SameClass:
    """``Label`` when ``a`` and ``b`` are neighbours on one stand, else ``SameClass``.

    >>> same_class((2, 4), (2, 3), True), same_class((0, 1), (1, 1), False).first
    (Label(slot=(2, 3), same=True), (0, 1))
    """
    left, right = sorted((a, b))
    if left[0] == right[0] and left[1] + 1 == right[1]:
        return Label(left, same)
    return SameClass(left, right, same)
