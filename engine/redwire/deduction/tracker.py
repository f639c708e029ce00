"""``Tracker``: the wires of a game followed through its log, and what was learnt about them.

A fact reader (see ``readers``) speaks about *wires*, not slots: a wire is named by where it was
dealt, ``(stand, slot)`` at the start of the game, and keeps that name when it moves (a swap, a
wire taken from a pile). ``tracker.wire(stand, slot)`` names the wire that lies there *now* (at
this point of the log), and a fact built on wire names (``tracker.add(SlotIn(wire, codes))``) is
moved, once the log is read, to the slots where those wires lie at the end (``facts``).

Moving a wire (``take``, then ``put``) also records what the move shows about sorted stands: the
wire lay between its neighbours when it left, and the engine inserts a wire after every wire of an
equal code (``Order`` facts).

>>> from engine.redwire.deduction.facts import SlotIn
>>> tracker = Tracker(sizes=[2, 2], owners=[0, 1], viewer=0)
>>> wire = tracker.wire(1, 0)
>>> tracker.add(SlotIn(wire, (30,)))
>>> tracker.put(tracker.take(1, 0), 0, 2)           # that wire moves to the end of stand 0
>>> tracker.facts()[0]
SlotIn(slot=(0, 2), codes=(30,))
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine.redwire.deduction.facts import Fact, Order, SlotRef, moved

Wire = SlotRef  # a wire's name: where it was dealt (stand, slot)


class Tracker:
    """Where every wire is, which are cut, and the facts learnt so far (see the module
    docstring). ``viewer`` is the seat whose knowledge this is (``None``: a spectator)."""

    def __init__(
        self, sizes: Iterable[int], owners: Iterable[int | None], viewer: int | None = None
    ) -> None:
        self.viewer = viewer
        #: Owner seat of each stand (``None``: nobody's, as Nano's wires).
        self.owners: tuple[int | None, ...] = tuple(owners)
        self._where: list[list[Wire]] = [[(s, i) for i in range(n)] for s, n in enumerate(sizes)]
        self._cut: set[Wire] = set()
        self._unsorted: set[Wire] = set()
        self._facts: list[Fact] = []
        #: What readers note for the readers of later events (a mission's values that count as
        #: red: ``"red_as"``), by name.
        self.memo: dict[str, Any] = {}

    # ------------------------------------------------------------------ reading the table

    def wire(self, stand: int, slot: int) -> Wire:
        """The wire at ``(stand, slot)`` now."""
        return self._where[int(stand)][int(slot)]

    def slot(self, wire: Wire) -> SlotRef:
        """Where ``wire`` lies now."""
        for s, wires in enumerate(self._where):
            if wire in wires:
                return (s, wires.index(wire))
        raise KeyError(f"no wire {wire}")

    def wires(self, stand: int) -> tuple[Wire, ...]:
        """The wires of ``stand`` now, left to right."""
        return tuple(self._where[stand])

    def is_cut(self, wire: Wire) -> bool:
        return wire in self._cut

    def uncut(self, stand: int) -> tuple[Wire, ...]:
        """The uncut wires of ``stand`` now, left to right."""
        return tuple(w for w in self._where[stand] if w not in self._cut)

    def stands_of(self, seat: int) -> list[int]:
        """The stands ``seat`` owns."""
        return [s for s, owner in enumerate(self.owners) if owner == seat]

    def uncut_of_seat(self, seat: int) -> tuple[Wire, ...]:
        """The uncut wires of every stand of ``seat`` now (what "he holds" means)."""
        return tuple(w for s in self.stands_of(seat) for w in self.uncut(s))

    # ------------------------------------------------------------------ changing it

    def cut(self, wire: Wire) -> None:
        """``wire`` is cut (it stays in its slot)."""
        self._cut.add(wire)

    def add(self, fact: Fact) -> None:
        """A fact about wires (named by ``wire``), true whatever happens to them later."""
        self._facts.append(fact)

    def mark_unsorted(self, wire: Wire) -> None:
        """``wire`` lies outside the sorted order of its stand (an X wire)."""
        self._unsorted.add(wire)

    def mark_sorted(self, wire: Wire) -> None:
        """``wire`` takes its sorted place from now on (a wire taken from Nano's face-down pile,
        which has no order, put in order on a stand)."""
        self._unsorted.discard(wire)

    def is_unsorted(self, wire: Wire) -> bool:
        return wire in self._unsorted

    def take(self, stand: int, slot: int) -> Wire:
        """Lift the wire at ``(stand, slot)`` off its stand (to ``put`` it elsewhere): it lay
        between its sorted neighbours."""
        wires = self._where[stand]
        wire = wires[slot]
        if wire not in self._unsorted:
            left, right = self._neighbours(wires, slot)
            if left is not None:
                self.add(Order(left, wire))
            if right is not None:
                self.add(Order(wire, right))
        del wires[slot]
        return wire

    def put(self, wire: Wire, stand: int, slot: int, *, after_equals: bool = True) -> None:
        """Insert ``wire`` at ``(stand, slot)``, in sorted position: not below its left
        neighbour, and below its right one (``after_equals``: the engine puts a wire after the
        wires of an equal code) or not above it."""
        wires = self._where[stand]
        wires.insert(slot, wire)
        if wire not in self._unsorted:
            left, right = self._neighbours(wires, slot)
            if left is not None:
                self.add(Order(left, wire))
            if right is not None:
                self.add(Order(wire, right, strict=after_equals))

    def _neighbours(self, wires: list[Wire], slot: int) -> tuple[Wire | None, Wire | None]:
        """The nearest sorted wires left and right of ``slot``."""
        left = next((w for w in reversed(wires[:slot]) if w not in self._unsorted), None)
        right = next((w for w in wires[slot + 1 :] if w not in self._unsorted), None)
        return left, right

    # ------------------------------------------------------------------ the result

    def unsorted_slots(self, stand: int) -> frozenset[int]:
        """The slots of ``stand`` whose wires are unsorted, now."""
        return frozenset(i for i, w in enumerate(self._where[stand]) if w in self._unsorted)

    def facts(self) -> list[Fact]:
        """Every fact learnt, about the slots where its wires lie now (without repeats)."""
        place = {w: (s, i) for s, wires in enumerate(self._where) for i, w in enumerate(wires)}
        return list(dict.fromkeys(moved(fact, place.__getitem__) for fact in self._facts))
