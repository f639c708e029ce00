"""Exchangeable stands: stands alike dealt as one.

A *blank* stand (of the DP) has every slot hidden and free to hold any code, and no fact names it:
a spectator's stands before the setup tokens, a seat's view of the others before them. Blank
stands only differ by their sizes, so the DP need not tell them apart: dealing them as one stand
of their total size ``M`` gives the same worlds for the other stands, each counted once per way to
share its tiles out, and a world's weight over all the ways to share the blank stands' tiles
(distinct tiles, ``m_1 + .. + m_k = M``) is the merged weight times ``M! / (m_1! .. m_k!)``
(``scale``). A blank stand's own marginals need no walk of their own: its tiles are a share of
the merged stand's, every share as likely, so its level before a code follows from the merged
stand's (hypergeometric: ``ShareTables``).

The same holds of any stands whose every slot allows the same codes ``S`` (not only all of them:
a stand-wide exclusion, as mission 13's stands with no red or mission 18's with no 6) and that
no fact names but, at most, one count of their own over the whole stand asking for exactly ``k_i``
of some codes ``C`` (mission 13's dealing quota, "exactly one red on this stand"): stands of the
same ``S`` and ``C`` are a group (``exchangeable_groups``). Dealt as one stand allowing ``S`` with
exactly ``K = k_1 + .. + k_n`` of ``C`` (one count), a merged world has ``K`` tiles of ``C``
among its ``M``, so the ways to share its distinct tiles out with ``k_i`` of them on stand ``i``
do not depend on which tiles they are: ``K! / prod k_i! * (M - K)! / prod (m_i - k_i)!``
(``group_scale``). Without a count, a stand's marginals are read from the merged stand's levels
(``ShareTables``). With one, its level depends on how many counted tiles lie below a code, which
the merged stand's level alone does not tell: where the packed engine walked the merged stand, its
counter of the group's count tells it, and the stand's levels are read from both
(``CountShareTables``); else they come from a walk where it is dealt alone (with its own count)
beside the rest of its group merged. Stands of one size and count share them.

Single slots outside the sorted order (DP stands of one slot: X wires, unseen flipped wires, a
pile's wires) that allow the same codes and that the same counts name are interchangeable too
(``single_groups``): each group is dealt as one stand, and since every slot of a group has the same
marginal, each reads the merged stand's average, with no more walk.

>>> from engine.redwire.deduction.position import Pool, Position, Stand
>>> from engine.redwire.deduction.normalize import normalize
>>> pos = Position(Pool.standard(range(1, 4)), (Stand(0, (10,) * 4), *[Stand(s, (None,) * 4) for s in (1, 2)]))
>>> norm = normalize(pos)
>>> blank_stands(norm)
[1, 2]
>>> merged, index = merge_stands(norm, [1, 2])
>>> [len(stand) for stand in merged.allowed], index, scale([4, 4])
([4, 8], [0, 1, 1], 70)
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace
from math import comb, factorial, prod
from random import Random
from typing import Protocol

from engine.redwire.deduction.normalize import Need, Normalized, Pair, Tally


@dataclass(frozen=True)
class Exchangeable:
    """DP stands dealt as one: every slot of each allows ``codes``, and each holds exactly
    ``counts[i]`` tiles of ``counted`` (no count: ``counted`` empty, ``counts`` zeros)."""

    stands: tuple[int, ...]
    codes: frozenset[int]
    counted: frozenset[int]
    counts: tuple[int, ...]

    def without(self, stand: int) -> Exchangeable:
        """The group less ``stand`` (it is dealt alone)."""
        kept = [k for k, s in enumerate(self.stands) if s != stand]
        return Exchangeable(
            tuple(self.stands[k] for k in kept),
            self.codes,
            self.counted,
            tuple(self.counts[k] for k in kept),
        )

    def count_of(self, stand: int) -> int:
        return self.counts[self.stands.index(stand)]


def exchangeable_groups(norm: Normalized, apart: Collection[int] = ()) -> list[Exchangeable]:
    """The groups (two stands or more) of stands dealt as one (see the module docstring): every
    slot of a stand allows the same codes, no need, label, pair or run names it, and the only
    count that names it, if any, is its own (its whole stand, exactly ``k``); stands of
    ``apart`` (interchangeable single slots already dealt as one, ``single_groups``) are left
    out.

    >>> from engine.redwire.deduction.position import Pool, Position, Stand
    >>> from engine.redwire.deduction.facts import Count
    >>> from engine.redwire.deduction.normalize import normalize
    >>> stands = (*(Stand(s, (None,) * 3) for s in range(4)), Stand(4, (None, None)))
    >>> quota = [Count([(s, i) for i in range(3)], (15, 25), 1, 1) for s in (0, 1)]
    >>> none = [Count([(s, i) for i in range(3)], (15, 25), 0, 0) for s in (2, 3)]
    >>> pool = Pool.standard(range(1, 4), red=(15, 25))
    >>> norm = normalize(Position(pool, stands, (*quota, *none)))
    >>> [(g.stands, sorted(g.counted), g.counts) for g in exchangeable_groups(norm)]
    [((0, 1), [15, 25], (1, 1)), ((2, 3), [], (0, 0))]
    """
    named = {s for need in norm.needs for s in need.slots}
    named |= {s for s, _, _ in norm.labels}
    named |= {slot[0] for pair in norm.pairs for slot in (pair.first, pair.second)}
    named |= {s for s, _, _ in norm.runs}
    own: dict[int, Tally] = {}
    for tally in norm.tallies:
        for s, slots in tally.slots.items():
            whole = len(tally.slots) == 1 and len(slots) == len(norm.allowed[s])
            if s in own or not whole or tally.low != tally.high:
                named.add(s)  # a count over other slots, a range, or two counts: it stays
            own[s] = tally
    found: dict[tuple[frozenset[int], frozenset[int]], list[tuple[int, int]]] = {}
    for s, stand in enumerate(norm.allowed):
        if s in named or s in apart or not stand or len(set(stand)) != 1:
            continue
        quota = own.get(s)
        counted = quota.codes if quota is not None else frozenset()
        found.setdefault((stand[0], counted), []).append((s, quota.low if quota else 0))
    return [
        Exchangeable(tuple(s for s, _ in group), codes, counted, tuple(k for _, k in group))
        for (codes, counted), group in found.items()
        if len(group) > 1
    ]


def blank_stands(norm: Normalized, apart: Collection[int] = ()) -> list[int]:
    """The DP stands that are dealt as one with others (``exchangeable_groups``): those whose
    every slot may hold any code and that no fact names, and more (but those of ``apart``:
    stands of interchangeable single slots already dealt as one, ``single_groups``)."""
    return sorted(s for group in exchangeable_groups(norm, apart) for s in group.stands)


def single_groups(norm: Normalized) -> list[list[int]]:
    """Groups (two stands or more) of interchangeable single slots: DP stands of one hidden slot
    (a wire outside the sorted order: an X wire, a flipped wire the viewer does not see, a pile's
    wire) that no label, pair or run names, grouped by the codes they allow and the counts
    (needs, tallies) that name them (a count names a whole group or none of it). Such slots only
    take tiles, each alone, so a group of ``k`` is dealt as one sorted stand of ``k`` slots
    allowing those codes (the same worlds for the other stands, each counted ``k!`` times over:
    ``scale([1] * k)``), and each slot's marginal is the merged stand's average (by symmetry every
    slot of a group has the same one): no DP stand each, and no more walks.

    >>> from engine.redwire.deduction.position import Pool, Position, Stand
    >>> from engine.redwire.deduction.normalize import normalize
    >>> x = frozenset({0})
    >>> stands = [Stand(s, (None,) * 4, unsorted=x) for s in range(3)]
    >>> single_groups(normalize(Position(Pool.standard(range(1, 4)), tuple(stands))))
    [[1, 3, 5]]
    """
    # A count (need, tally) may name slots of a group, so long as it names them all: it then
    # only asks how many of the group's tiles have its codes, which the merged stand tells.
    tied = {s for s, _, _ in norm.labels}
    tied |= {slot[0] for pair in norm.pairs for slot in (pair.first, pair.second)}
    tied |= {s for s, _, _ in norm.runs}
    counts = [*(need.slots for need in norm.needs), *(tally.slots for tally in norm.tallies)]
    found: dict[tuple[frozenset[int], frozenset[int]], list[int]] = {}
    for s, stand in enumerate(norm.allowed):
        if len(stand) == 1 and len(stand[0]) > 1 and s not in tied:
            naming = frozenset(k for k, slots in enumerate(counts) if s in slots)
            found.setdefault((stand[0], naming), []).append(s)
    return [group for group in found.values() if len(group) > 1]


def merge_singles(
    norm: Normalized, groups: Sequence[Sequence[int]]
) -> tuple[Normalized, list[int]]:
    """``norm`` with each group of ``single_groups`` dealt as one stand (after the others, in
    order), and the new index of every old stand."""
    return _regroup(norm, groups, [norm.allowed[group[0]][0] for group in groups])


def scale(sizes: Sequence[int]) -> int:
    """The ways to share ``sum(sizes)`` distinct tiles out to stands of these sizes."""
    return factorial(sum(sizes)) // prod(factorial(m) for m in sizes)


class _Levels(Protocol):
    """What ``ShareTables`` reads of a walk's tables (``solution.Tables``)."""

    def fill_weights(self, stand: int, t: int) -> dict[int, int]: ...

    @property
    def plan(self) -> _SizedPlan: ...


class _SizedPlan(Protocol):
    sizes: tuple[int, ...]

    @property
    def levels(self) -> Sequence[Sequence[Sequence[int]]]: ...


@dataclass
class SharePlan:
    """The one stand a ``ShareTables`` reads: its size and its possible levels per boundary."""

    sizes: tuple[int, ...]
    levels: list[list[list[int]]]


class ShareTables:
    """The tables of one stand of a group dealt as one with no count (``Exchangeable`` with
    ``counted`` empty), read from the walk that dealt the group's merged stand: no walk of its
    own. The stand's ``m`` tiles are a share of the merged stand's ``M`` distinct tiles, every
    share as likely, so when the merged stand holds ``L`` tiles below a code the stand holds
    ``c`` of them in ``C(L, c) * C(M - L, m - c)`` of the ``C(M, m)`` shares (hypergeometric).
    Its weight of level ``c`` before a code is the merged walk's weights of ``L`` times those
    ways: the walk reading it has ``C(M, m)`` times the merged walk's total and its scale over
    ``C(M, m)`` (which divides it: ``group_scale``).

    >>> class Merged:  # a merged stand of 3 tiles, 1 or 2 of them below code 1, equally often
    ...     plan = SharePlan((3,), [[[0], [1, 2], [3]]])
    ...     def fill_weights(self, stand, t):
    ...         return {1: 5, 2: 5} if t == 1 else {self.plan.levels[0][t][0]: 10}
    >>> share = ShareTables(Merged(), 0, 2)
    >>> share.plan.levels[0][1], share.fill_weights(0, 1)  # 2 of 3 tiles: 0, 1 or 2 below
    ([0, 1, 2], {0: 5, 1: 20, 2: 5})
    """

    def __init__(self, tables: _Levels, merged: int, size: int) -> None:
        self._tables = tables
        self._merged = merged
        self._total_size = tables.plan.sizes[merged]
        self._size = size
        self._weights: dict[int, dict[int, int]] = {}
        self.plan = SharePlan(
            (size,),
            [
                [
                    sorted({c for n in ls for c in self._shares(n)})
                    for ls in tables.plan.levels[merged]
                ]
            ],
        )

    def _shares(self, level: int) -> range:
        """The levels the stand may have when the merged stand has ``level``."""
        return range(max(0, self._size - (self._total_size - level)), min(level, self._size) + 1)

    def fill_weights(self, stand: int, t: int) -> dict[int, int]:
        """The weight of each level of the stand before code number ``t``."""
        found = self._weights.get(t)
        if found is None:
            found = {}
            big, small = self._total_size, self._size
            for level, weight in self._tables.fill_weights(self._merged, t).items():
                for c in self._shares(level):
                    ways = comb(level, c) * comb(big - level, small - c)
                    found[c] = found.get(c, 0) + weight * ways
            self._weights[t] = found
        return found

    def sample(self, rng: Random) -> list[tuple[int, ...]]:
        raise NotImplementedError("worlds are drawn from the merged walk (``Blob``)")


class _Counts(Protocol):
    """What ``CountShareTables`` reads of a walk's tables (``PackedTables``)."""

    def count_weights(self, stand: int, tally: int, t: int) -> dict[tuple[int, int], int]: ...

    @property
    def plan(self) -> _SizedPlan: ...


class CountShareTables:
    """The tables of one stand of a counted group (``Exchangeable`` with ``counted``: each stand
    holds exactly ``k_i`` of the counted codes), read from the walk that dealt the group's merged
    stand with its count (exactly ``K = sum k_i`` of ``M`` tiles), when that walk tells how many
    counted tiles the merged stand holds below each code (``count_weights``): no walk of its own.

    The stand's share of a merged world is ``k`` of its ``K`` distinct counted tiles and ``m - k``
    of its ``M - K`` others, every such share as likely and the two drawn apart (``group_scale``).
    When the merged stand holds ``L`` tiles below a code, ``c`` of them counted, the stand holds
    ``a`` of those ``c`` in ``C(c, a) * C(K - c, k - a)`` of the counted shares and ``b`` of the
    ``L - c`` others in ``C(L - c, b) * C(M - K - (L - c), m - k - b)`` of the others: its level
    is ``a + b``. The walk reading it has ``C(K, k) * C(M - K, m - k)`` times the merged walk's
    total and its scale over that (which divides it).

    >>> class Merged:  # 3 tiles, 1 counted (K = 1); 1 tile below code 1: counted or not, 5 each
    ...     plan = SharePlan((3,), [[[0], [1], [3]]])
    ...     def count_weights(self, stand, tally, t):
    ...         return [{(0, 0): 10}, {(1, 0): 5, (1, 1): 5}, {(3, 1): 10}][t]
    >>> share = CountShareTables(Merged(), 0, 0, 2, 1, 1)  # 2 tiles, the counted one among them
    >>> share.ways(), share.fill_weights(0, 1), share.fill_weights(0, 2)
    (2, {0: 5, 1: 15}, {2: 20})
    """

    def __init__(
        self, tables: _Counts, merged: int, tally: int, size: int, count: int, counted: int
    ) -> None:
        self._tables = tables
        self._merged = merged
        self._tally = tally
        self._total_size = tables.plan.sizes[merged]
        self._size = size
        self._count = count
        self._counted = counted
        self._weights: dict[int, dict[int, int]] = {}
        self.plan = SharePlan(
            (size,),
            [
                [
                    sorted({c for n in ls for c in _share_levels(self._total_size, size, n)})
                    for ls in tables.plan.levels[merged]
                ]
            ],
        )

    def ways(self) -> int:
        """The shares of a merged world this stand may take (``C(K, k) * C(M - K, m - k)``)."""
        big, small, k = self._total_size, self._size, self._count
        return comb(self._counted, k) * comb(big - self._counted, small - k)

    def fill_weights(self, stand: int, t: int) -> dict[int, int]:
        """The weight of each level of the stand before code number ``t``."""
        found = self._weights.get(t)
        if found is None:
            found = {}
            k, rest = self._count, self._size - self._count
            counted, others = self._counted, self._total_size - self._counted
            for (level, c), weight in self._tables.count_weights(
                self._merged, self._tally, t
            ).items():
                below = level - c  # the merged stand's other tiles below the code
                for a in range(max(0, k - (counted - c)), min(c, k) + 1):
                    by_a = weight * comb(c, a) * comb(counted - c, k - a)
                    for b in range(max(0, rest - (others - below)), min(below, rest) + 1):
                        ways = comb(below, b) * comb(others - below, rest - b)
                        found[a + b] = found.get(a + b, 0) + by_a * ways
            self._weights[t] = found
        return found

    def sample(self, rng: Random) -> list[tuple[int, ...]]:
        raise NotImplementedError("worlds are drawn from the merged walk (``Blob``)")


def _share_levels(total: int, size: int, level: int) -> range:
    """The levels a share of ``size`` of a stand of ``total`` tiles may have when the stand has
    ``level``."""
    return range(max(0, size - (total - level)), min(level, size) + 1)


def merge_stands(norm: Normalized, group: Sequence[int]) -> tuple[Normalized, list[int]]:
    """``norm`` with the blank stands of ``group`` dealt as one stand (the last one), and the new
    index of every old stand. ``place`` of a merged stand's slots points at the merged stand's
    first slot (they are not tied to a slot of it)."""
    return _regroup(norm, [group], [frozenset(norm.universe)])


def group_scale(norm: Normalized, group: Exchangeable) -> int:
    """The ways to share the distinct tiles of ``group``'s merged stand out to its stands, each
    with its count of the counted codes (the same for every merged world)."""
    sizes = [len(norm.allowed[s]) for s in group.stands]
    rest = [m - k for m, k in zip(sizes, group.counts, strict=True)]
    return scale(list(group.counts)) * scale(rest)


def merge_groups(norm: Normalized, groups: Sequence[Exchangeable]) -> tuple[Normalized, list[int]]:
    """``norm`` with each of ``groups`` dealt as one stand (after the others, in order; a group of
    one stand is that stand, moved), and the new index of every old stand. A counted group's
    stands' own counts become one count over its merged stand, exactly their sum."""
    merged = {s for group in groups for s in group.stands}
    base = replace(
        norm, tallies=tuple(t for t in norm.tallies if not any(s in merged for s in t.slots))
    )
    found, index = _regroup(base, [g.stands for g in groups], [g.codes for g in groups])
    counts = tuple(
        Tally(
            {index[g.stands[0]]: frozenset(range(len(found.allowed[index[g.stands[0]]])))},
            g.counted,
            sum(g.counts),
            sum(g.counts),
        )
        for g in groups
        if g.counted
    )
    return replace(found, tallies=(*found.tallies, *counts)), index


def _regroup(
    norm: Normalized, groups: Sequence[Sequence[int]], codes: Sequence[frozenset[int]]
) -> tuple[Normalized, list[int]]:
    """``norm`` with each of ``groups`` (stands no fact names, every slot allowing the group's
    ``codes``) dealt as one stand, after the other stands, and the new index of every old one."""
    merged = {s for group in groups for s in group}
    kept = [s for s in range(len(norm.allowed)) if s not in merged]
    index = [0] * len(norm.allowed)
    for new, old in enumerate(kept):
        index[old] = new
    for k, group in enumerate(groups):
        for old in group:
            index[old] = len(kept) + k
    allowed = (
        *(norm.allowed[s] for s in kept),
        *(
            (allows,) * sum(len(norm.allowed[s]) for s in group)
            for group, allows in zip(groups, codes, strict=True)
        ),
    )

    def at(slot: tuple[int, int]) -> tuple[int, int]:
        return (index[slot[0]], 0 if slot[0] in merged else slot[1])

    def named(slots: dict[int, frozenset[int]]) -> dict[int, frozenset[int]]:
        """A count's slots in the new stands: a merged stand's are all its slots (a count names
        every stand of a group of single slots, or none: ``single_groups``)."""
        return {
            index[s]: frozenset(range(len(allowed[index[s]]))) if s in merged else ix
            for s, ix in slots.items()
        }

    return (
        Normalized(
            universe=norm.universe,
            copies=norm.copies,
            groups=norm.groups,
            allowed=allowed,
            needs=tuple(Need(named(n.slots), n.codes) for n in norm.needs),
            labels=tuple((index[s], i, same) for s, i, same in norm.labels),
            colours=norm.colours,
            feasible=norm.feasible,
            tallies=tuple(Tally(named(t.slots), t.codes, t.low, t.high) for t in norm.tallies),
            pairs=tuple(Pair(at(p.first), at(p.second), p.relation) for p in norm.pairs),
            place=tuple(tuple(map(at, stand)) for stand in norm.place),
            runs=tuple((index[s], i, n) for s, i, n in norm.runs),
        ),
        index,
    )
