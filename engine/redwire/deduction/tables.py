"""Option tables of the DP steps: one or two stands dealt together (a ``Part``).

A stand's *options* at a code map each value of its state field to a *row*: the runs it may take,
``(count, state delta, or_bits)``. A part joins the rows of its (one or two) stands, keyed by both
fields: ``rows[key][c]`` lists the joined options that take ``c`` copies, and ``fronts[q][key]``
the options of a first part that leaves ``q - count`` copies to the second part. Rows repeat a
lot (a row depends on the counts a stand may take, hardly on its level), so stand rows are
interned and the joins memoised by their identity (``Joiner``), across keys and codes; a part's
tables are filled lazily, the first time a state asks for a key.

>>> joiner = Joiner()                  # two stands, fields at bit 0 and bit 1; each takes 0 or 1
>>> first = joiner.intern(((0, 0, 0), (1, 1, 0)))
>>> second = joiner.intern(((0, 0, 0), (1, 2, 0)))
>>> options = [LazyTable({0: first}.__getitem__), LazyTable({0: second}.__getitem__)]
>>> part = joiner.part([(0, 1), (1, 1)], options, (0, 1), qmax=2)
>>> part.rows[0]        # 0 copies; 1 copy on either stand; 2 copies, one each, in C(2, 1) ways
[((0,), ()), ((2, 1), ()), ((), ((3, 2, 0),))]
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from math import comb
from typing import TypeVar

Entry = tuple[int, int, int]  # (delta, multiplier, or_bits)
# The options of one count: deltas with multiplier 1 and no or_bits, then the other entries.
Row = tuple[tuple[int, ...], tuple[Entry, ...]] | None
# (q - count, delta, multiplier incl. C(q, count), or_bits): the first part takes ``count`` copies
# and leaves ``q - count`` (the index of the second part's row) to the second part.
FrontEntry = tuple[int, int, int, int]
StandOption = tuple[int, int, int]  # (count, state delta, or_bits)

V = TypeVar("V")


class LazyTable(dict[int, V]):
    """A dict that builds a missing entry with ``build(key)`` and keeps it."""

    def __init__(self, build: Callable[[int], V]) -> None:
        super().__init__()
        self._build = build

    def __missing__(self, key: int) -> V:
        value = self._build(key)
        self[key] = value
        return value


@dataclass(slots=True)
class Part:
    """One or two stands dealt together; ``key(state)`` reads their fields."""

    stands: tuple[int, ...]
    shift1: int
    mask1: int
    shift2: int
    mask2: int
    width1: int
    rows: LazyTable[list[Row]]  # key -> per count c = 0..qmax its options (None: none)
    fronts: LazyTable[LazyTable[tuple[FrontEntry, ...]]]  # per q: options with count <= q

    def key(self, state: int) -> int:
        return ((state >> self.shift1) & self.mask1) | (
            ((state >> self.shift2) & self.mask2) << self.width1
        )


class Joiner:
    """Interns stand rows and memoises their joins; one per plan."""

    def __init__(self) -> None:
        self._interned: dict[tuple[StandOption, ...], tuple[StandOption, ...]] = {}
        self._combos: dict[tuple[int, int, int], list[tuple[int, int, int, int]]] = {}
        self._rows: dict[tuple[int, int, int], list[Row]] = {}
        self._fronts: dict[tuple[int, int, int], tuple[FrontEntry, ...]] = {}

    def intern(self, row: tuple[StandOption, ...]) -> tuple[StandOption, ...]:
        """The one shared tuple equal to ``row`` (memo keys use the identity of rows)."""
        return self._interned.setdefault(row, row)

    def part(
        self,
        fields: list[tuple[int, int]],
        options: list[LazyTable[tuple[StandOption, ...]]],
        stands: tuple[int, ...],
        qmax: int,
    ) -> Part:
        """A part of one or two stands. Its options for a key join the two stands' rows, built
        the first time a state asks. Rows repeat a lot (a row depends on the counts a stand may
        take, hardly on its level), so the joins are memoised by the identity of the (interned)
        stand rows, across keys and codes."""
        shift1, width1 = fields[0]
        mask1 = (1 << width1) - 1
        opts1 = options[0]
        if len(fields) > 1:
            shift2, width2 = fields[1]
            mask2, opts2 = (1 << width2) - 1, options[1]
        else:
            shift2, mask2, opts2 = 0, 0, LazyTable(lambda key: _NOTHING)

        def rows(key: int) -> list[Row]:
            return self.rows(opts1[key & mask1], opts2[key >> width1], qmax)

        def front(q: int) -> LazyTable[tuple[FrontEntry, ...]]:
            def build(key: int) -> tuple[FrontEntry, ...]:
                return self.front(opts1[key & mask1], opts2[key >> width1], q)

            return LazyTable(build)

        return Part(
            stands,
            shift1,
            mask1,
            shift2,
            mask2,
            width1,
            LazyTable(rows),
            LazyTable(front),
        )

    def combos(
        self, row1: tuple[StandOption, ...], row2: tuple[StandOption, ...], qmax: int
    ) -> list[tuple[int, int, int, int]]:
        """(count, delta, C(count, c1), or_bits) for every pair of options of two stands."""
        memo = (id(row1), id(row2), qmax)
        found = self._combos.get(memo)
        if found is None:
            found = [
                (c1 + c2, d1 + d2, _BINOMIAL[c1 + c2][c1], o1 | o2)
                for c1, d1, o1 in row1
                for c2, d2, o2 in row2
                if c1 + c2 <= qmax
            ]
            self._combos[memo] = found
        return found

    def rows(
        self, row1: tuple[StandOption, ...], row2: tuple[StandOption, ...], qmax: int
    ) -> list[Row]:
        """The joined options by count, multiplier-1 flag-free deltas apart."""
        memo = (id(row1), id(row2), qmax)
        found = self._rows.get(memo)
        if found is None:
            ones: list[list[int]] = [[] for _ in range(qmax + 1)]
            others: list[list[Entry]] = [[] for _ in range(qmax + 1)]
            for c, delta, mult, ors in self.combos(row1, row2, qmax):
                if mult == 1 and not ors:
                    ones[c].append(delta)
                else:
                    others[c].append((delta, mult, ors))
            found = [
                (tuple(o), tuple(e)) if o or e else None for o, e in zip(ones, others, strict=True)
            ]
            self._rows[memo] = found
        return found

    def front(
        self, row1: tuple[StandOption, ...], row2: tuple[StandOption, ...], q: int
    ) -> tuple[FrontEntry, ...]:
        """The joined options of count <= q, with the factor C(q, count) for the first part."""
        memo = (id(row1), id(row2), q)
        found = self._fronts.get(memo)
        if found is None:
            found = tuple(
                (q - c, d, m * _BINOMIAL[q][c], o) for c, d, m, o in self.combos(row1, row2, q)
            )
            self._fronts[memo] = found
        return found


_NOTHING: tuple[StandOption, ...] = ((0, 0, 0),)


_BINOMIAL = [[comb(n, k) for k in range(n + 1)] for n in range(64)]
