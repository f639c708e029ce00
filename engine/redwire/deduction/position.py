"""``Position``: everything one seat knows, in a form the solver reads.

A position is independent of the engine's observation format; an observation compiler turns what a
seat has seen into one. It is immutable and round-trips through JSON (``to_json`` / ``from_json``).

* ``pool``: which tiles may be in play. Blue values with their number of copies (4 in the game),
  red/yellow codes that are surely in play, and "k of m" groups (m public candidate codes, k of
  them in play, each k-subset equally likely).
* ``stands``: per stand its owner (a seat, or ``None``: Nano's wires, a pile) and, per slot left to
  right, the known code (a cut wire, the viewer's own wire, a wire whose value an info token gives
  exactly) or ``None`` (hidden). ``cut`` lists the slots that are cut (they must be known);
  detectors never point at them. ``unsorted`` lists slots outside the sorted order (X wires).
* ``facts``: ``SlotIn`` / ``SlotNotIn`` / ``AtLeastOne`` / ``Count`` / ``Label`` / ``SameClass`` /
  ``Order`` (see ``facts``).
* ``viewer``: the seat whose knowledge this is (informative only).
* ``dealt``: when wires moved since the deal (Walkie-Talkies, Nano), per stand and slot the
  ``(stand, slot)`` where its wire was dealt (empty: every wire lies where it was dealt).

Every stand is sorted ascending by code (but its ``unsorted`` slots), and so was every stand as it
was dealt. A world's weight is the number of physical deals that give it: it counts *all* the
tiles, known ones included, on the stands as they were dealt (see ``solver``).

>>> pool = Pool.standard(blue_values=range(1, 3))           # blue 1 and 2, four copies each
>>> pos = Position(pool, (Stand(0, (10, 10, None, None)), Stand(1, (None,) * 4)))
>>> pos.hidden_slots()[:3]
[(0, 2), (0, 3), (1, 0)]
>>> Position.from_json(pos.to_json()) == pos
True
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from engine.redwire.deduction.codes import blue, is_blue, is_valid_code
from engine.redwire.deduction.facts import Fact, SlotRef, fact_from_json, fact_slots


@dataclass(frozen=True)
class Group:
    """A "k of m" draw: ``keep`` of the ``candidates`` (red or yellow codes) are in play."""

    candidates: tuple[int, ...]
    keep: int

    def __post_init__(self) -> None:
        object.__setattr__(self, "candidates", tuple(sorted(self.candidates)))
        if len(set(self.candidates)) != len(self.candidates):
            raise ValueError(f"repeated candidate in {self.candidates}")
        if not 0 <= self.keep <= len(self.candidates):
            raise ValueError(f"cannot keep {self.keep} of {len(self.candidates)} candidates")


@dataclass(frozen=True)
class Pool:
    """The tiles that may be in play.

    ``blue`` maps blue values to their number of copies (a tuple of ``(value, copies)``); every
    red/yellow code is a single tile, either ``certain`` or a candidate of one of the ``groups``.

    >>> pool = Pool.standard(range(1, 13), red=[35], groups=[Group((41, 71, 91), 2)])
    >>> pool.tile_count(), pool.universe()[:6]
    (51, (10, 20, 30, 35, 40, 41))
    """

    blue: tuple[tuple[int, int], ...]
    certain: tuple[int, ...] = ()
    groups: tuple[Group, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "blue", tuple(sorted((int(v), int(n)) for v, n in self.blue)))
        object.__setattr__(self, "certain", tuple(sorted(self.certain)))
        object.__setattr__(self, "groups", tuple(self.groups))
        values = [v for v, _ in self.blue]
        if len(set(values)) != len(values):
            raise ValueError("a blue value is listed twice")
        for value, copies in self.blue:
            if not is_valid_code(blue(value)) or copies < 1:
                raise ValueError(f"bad blue entry ({value}, {copies})")
        singles = list(self.certain) + [c for g in self.groups for c in g.candidates]
        if len(set(singles)) != len(singles):
            raise ValueError("a red/yellow code is listed twice")
        for code in singles:
            if not is_valid_code(code) or is_blue(code):
                raise ValueError(f"{code} is not a red or yellow code")

    @classmethod
    def standard(
        cls,
        blue_values: Iterable[int] = range(1, 13),
        *,
        red: Iterable[int] = (),
        yellow: Iterable[int] = (),
        groups: Iterable[Group] = (),
        copies: int = 4,
    ) -> Pool:
        """A game pool: every blue value with ``copies`` copies, certain red/yellow codes, groups."""
        return cls(tuple((v, copies) for v in blue_values), (*red, *yellow), tuple(groups))

    def copies(self) -> dict[int, int]:
        """Most copies of each code that can be in play (candidates count 1)."""
        result = {blue(v): n for v, n in self.blue}
        for code in self.certain:
            result[code] = 1
        for group in self.groups:
            for code in group.candidates:
                result[code] = 1
        return result

    def universe(self) -> tuple[int, ...]:
        """Every code that may be in play, sorted."""
        return tuple(sorted(self.copies()))

    def tile_count(self) -> int:
        """Tiles in play: blue copies, certain codes and the kept candidates."""
        return sum(n for _, n in self.blue) + len(self.certain) + sum(g.keep for g in self.groups)

    def to_json(self) -> dict[str, Any]:
        return {
            "blue": [list(entry) for entry in self.blue],
            "certain": list(self.certain),
            "groups": [{"candidates": list(g.candidates), "keep": g.keep} for g in self.groups],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Pool:
        return cls(
            tuple((int(v), int(n)) for v, n in data["blue"]),
            tuple(int(c) for c in data.get("certain", ())),
            tuple(
                Group(tuple(int(c) for c in g["candidates"]), int(g["keep"]))
                for g in data.get("groups", ())
            ),
        )


@dataclass(frozen=True)
class Stand:
    """One stand: its owner and, per slot, the known code or ``None``; ``cut`` lists cut slots.

    ``owner`` is a seat, or ``None`` for wires nobody holds (Nano's wires, a face-down pile).
    ``unsorted`` lists the slots that are not in sorted order (X wires, a flipped wire shown to
    others): each holds any code, the other slots are sorted among themselves.

    >>> Stand(None, (None, 30, 10, None), unsorted=frozenset({1})).sorted_slots()
    [0, 2, 3]
    """

    owner: int | None
    slots: tuple[int | None, ...]
    cut: tuple[int, ...] = ()
    unsorted: frozenset[int] = frozenset()

    def __post_init__(self) -> None:
        object.__setattr__(self, "slots", tuple(self.slots))
        object.__setattr__(self, "cut", tuple(sorted(set(self.cut))))
        object.__setattr__(self, "unsorted", frozenset(self.unsorted))
        for index in self.cut:
            if not 0 <= index < len(self.slots) or self.slots[index] is None:
                raise ValueError(f"cut slot {index} must exist and be known")
        for index in self.unsorted:
            if not 0 <= index < len(self.slots):
                raise ValueError(f"unsorted slot {index} does not exist")
        known = [code for i in self.sorted_slots() if (code := self.slots[i]) is not None]
        if known != sorted(known):
            raise ValueError(f"known codes of a stand must be ascending: {known}")

    def __len__(self) -> int:
        return len(self.slots)

    def uncut(self) -> list[int]:
        """Indices of the slots that are not cut (hidden or known)."""
        cut = set(self.cut)
        return [i for i in range(len(self.slots)) if i not in cut]

    def sorted_slots(self) -> list[int]:
        """Indices of the slots in sorted order (all but the ``unsorted`` ones)."""
        return [i for i in range(len(self.slots)) if i not in self.unsorted]

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "owner": self.owner,
            "slots": list(self.slots),
            "cut": list(self.cut),
        }
        if self.unsorted:
            data["unsorted"] = sorted(self.unsorted)
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Stand:
        slots = tuple(None if c is None else int(c) for c in data["slots"])
        owner = data["owner"]
        return cls(
            None if owner is None else int(owner),
            slots,
            tuple(int(i) for i in data.get("cut", ())),
            frozenset(int(i) for i in data.get("unsorted", ())),
        )


@dataclass(frozen=True)
class Position:
    """What one seat knows; see the module docstring."""

    pool: Pool
    stands: tuple[Stand, ...]
    facts: tuple[Fact, ...] = field(default=())
    viewer: int | None = None
    dealt: tuple[tuple[SlotRef, ...], ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "stands", tuple(self.stands))
        object.__setattr__(self, "facts", tuple(self.facts))
        dealt = tuple(tuple((int(s), int(i)) for s, i in stand) for stand in self.dealt)
        if dealt == self._as_dealt():
            dealt = ()
        object.__setattr__(self, "dealt", dealt)
        if dealt:
            self._check_dealt()
        copies = self.pool.copies()
        slots = sum(len(stand) for stand in self.stands)
        if slots != self.pool.tile_count():
            raise ValueError(f"{slots} slots for {self.pool.tile_count()} tiles")
        for stand in self.stands:
            for code in stand.slots:
                if code is not None and code not in copies:
                    raise ValueError(f"known code {code} is not in the pool")
        for fact in self.facts:
            for s, i in fact_slots(fact):
                if not (0 <= s < len(self.stands) and 0 <= i < len(self.stands[s])):
                    raise ValueError(f"{fact} names a slot that does not exist")

    def _as_dealt(self) -> tuple[tuple[SlotRef, ...], ...]:
        return tuple(tuple((s, i) for i in range(len(st))) for s, st in enumerate(self.stands))

    def _check_dealt(self) -> None:
        if [len(d) for d in self.dealt] != [len(stand) for stand in self.stands]:
            raise ValueError("dealt must give one origin per slot")
        origins = sorted(slot for stand in self.dealt for slot in stand)
        sizes: dict[int, int] = {}
        for s, _ in origins:
            sizes[s] = sizes.get(s, 0) + 1
        expected = [(s, i) for s in sorted(sizes) for i in range(sizes[s])]
        if origins != expected or any(not 0 <= s < len(self.stands) for s in sizes):
            raise ValueError("the origins in dealt must fill stands from slot 0, once each")

    def origins(self) -> tuple[tuple[SlotRef, ...], ...]:
        """Per stand and slot, where its wire was dealt (``dealt``, or where it lies)."""
        return self.dealt or self._as_dealt()

    def code(self, slot: SlotRef) -> int | None:
        """The known code of a slot, or ``None``."""
        return self.stands[slot[0]].slots[slot[1]]

    def hidden_slots(self) -> list[SlotRef]:
        """Every slot whose code is not known, stand by stand."""
        return [
            (s, i)
            for s, stand in enumerate(self.stands)
            for i, code in enumerate(stand.slots)
            if code is None
        ]

    def with_facts(self, *facts: Fact) -> Position:
        """The same position with more facts."""
        return Position(self.pool, self.stands, self.facts + facts, self.viewer, self.dealt)

    def with_stands(self, stands: Iterable[Stand]) -> Position:
        """The same position with other stands of the same sizes (more or fewer known slots)."""
        return Position(self.pool, tuple(stands), self.facts, self.viewer, self.dealt)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "pool": self.pool.to_json(),
            "stands": [stand.to_json() for stand in self.stands],
            "facts": [fact.to_json() for fact in self.facts],
            "viewer": self.viewer,
        }
        if self.dealt:
            data["dealt"] = [[list(slot) for slot in stand] for stand in self.dealt]
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Position:
        viewer = data.get("viewer")
        return cls(
            Pool.from_json(data["pool"]),
            tuple(Stand.from_json(s) for s in data["stands"]),
            tuple(fact_from_json(f) for f in data.get("facts", ())),
            None if viewer is None else int(viewer),
            tuple(tuple((int(s), int(i)) for s, i in stand) for stand in data.get("dealt", ())),
        )
