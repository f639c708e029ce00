"""``Solution``: the exact distribution of the hidden slots of a ``Position``.

Weights are exact integers. ``total`` is the number of physical deals consistent with the position:
the ways to hand the distinct tiles (of every allowed "k of m" choice) to the stands so that every
fact holds, the order inside a stand being forced by sorting. A probability is a weight over it.

Slot marginals come from fill levels: slot ``j`` of a stand holds a code ``<= x`` exactly when the
stand is filled beyond ``j`` after ``x``, so P(slot j = x) = P(level after x > j) - P(level before
x > j), and the backward pass gives the distribution of every stand's level before every code.

>>> from engine.redwire.deduction import Pool, Position, Stand, solve
>>> pos = Position(Pool(((1, 2), (2, 1))), (Stand(0, (None, None)), Stand(1, (None,))))
>>> sol = solve(pos)                    # deck {1, 1, 2}: A holds two tiles, B one
>>> sol.total, sol.probability((1, 0), [2])  # P(A = {1, 1}) = P(B holds the 2) = 1/3
(3, Fraction(1, 3))
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from random import Random
from typing import Protocol

from engine.redwire.deduction.codes import class_of
from engine.redwire.deduction.facts import SlotRef
from engine.redwire.deduction.position import Position


class Tables(Protocol):
    """What an engine's passes give a ``Solution`` (``SparseTables``, ``PackedTables``)."""

    def fill_weights(self, stand: int, t: int) -> dict[int, int]:
        """The weight of each fill level of ``stand`` before code number ``t`` (of the walk)."""
        ...

    def sample(self, rng: Random) -> list[tuple[int, ...]]:
        """Every stand's codes in one exact random world, in the walk's frame."""
        ...

    @property
    def plan(self) -> _Sized: ...


class _Sized(Protocol):
    sizes: tuple[int, ...]  # the size of each DP stand

    @property
    def levels(self) -> Sequence[Sequence[Sequence[int]]]:
        """Per stand, per boundary: its possible fill levels (lists or tuples: read only)."""


@dataclass
class Walk:
    """One DP walked by an engine: its tables, its codes in the order of the walk (negated when it
    walked the mirrored problem) and ``scale``, the integer that turns its weights into physical
    deals (the forced runs' factor, the ways to share merged blank stands out: ``symmetry``)."""

    tables: Tables
    universe: tuple[int, ...]
    mirrored: bool
    dp_total: int
    scale: int
    sign: int = 1  # -1: worlds to take away (a need counted by subtraction)
    _slot_weights: dict[SlotRef, dict[int, int]] | None = None

    def slot_weights(self, slot: SlotRef) -> dict[int, int]:
        """Per code of the walk, the DP weight of the worlds where its ``slot`` holds it."""
        if self._slot_weights is None:
            self._slot_weights = self._all_slot_weights()
        return self._slot_weights[slot]

    def _all_slot_weights(self) -> dict[SlotRef, dict[int, int]]:
        tables = self.tables
        fast = getattr(tables, "all_slot_weights", None)
        if fast is not None:
            return fast(self.universe)  # type: ignore[no-any-return]
        weights: dict[SlotRef, dict[int, int]] = {}
        levels = tables.plan.levels
        for stand, size in enumerate(tables.plan.sizes):
            if all(len(level) == 1 for level in levels[stand]):  # every code known
                for t, code in enumerate(self.universe):
                    for j in range(levels[stand][t][0], levels[stand][t + 1][0]):
                        weights[(stand, j)] = {code: self.dp_total}
                continue
            per_slot: list[dict[int, int]] = [{} for _ in range(size)]
            total = self.dp_total
            stand_levels = levels[stand]
            known: dict[int, int] = {0: total}  # the weights of the levels before the code
            for t, code in enumerate(self.universe):
                now, then = stand_levels[t], stand_levels[t + 1]
                low, high = now[0], then[-1]
                if len(then) == 1:
                    if len(now) == 1:  # a forced run
                        for j in range(low, high):
                            per_slot[j][code] = total
                        known = {}
                        continue
                    after = {high: total}
                else:
                    after = tables.fill_weights(stand, t + 1)
                if high > low:
                    # Slot j gets the code in the worlds where the level goes beyond j with it:
                    # P(level after > j) - P(level before > j), for the slots it may fill.
                    before = known or (
                        {low: total} if len(now) == 1 else tables.fill_weights(stand, t)
                    )
                    span = high - low
                    gained = [0] * (span + 1)
                    for level, weight in after.items():
                        if level > low:
                            gained[min(level, high) - low] += weight
                    for level, weight in before.items():
                        if level > low:
                            gained[min(level, high) - low] -= weight
                    run = 0
                    for i in range(span, 0, -1):  # now: the weight gained by slot low + i - 1
                        run += gained[i]
                        if run:
                            per_slot[low + i - 1][code] = run
                known = after
            for j, codes in enumerate(per_slot):
                weights[(stand, j)] = codes
        return weights


@dataclass
class _Share(Walk):
    """A walk read through another one's tables with its own ``scale``: a slot of a group of
    interchangeable single slots dealt as one stand reads every slot of that stand, each at the
    walk's scale over the group's size (their average: ``symmetry.single_groups``)."""

    parent: Walk | None = None

    def slot_weights(self, slot: SlotRef) -> dict[int, int]:
        """The parent walk's weights (computed once, there)."""
        assert self.parent is not None
        return self.parent.slot_weights(slot)


#: Where the solution reads a slot: (walk, slot of that walk's DP, in the walk's frame).
Source = tuple[int, SlotRef]


@dataclass(frozen=True)
class Blob:
    """Stands dealt as one (``symmetry.exchangeable_groups``) in the first walk: its DP stand
    ``merged`` (in the walk's frame), the codes they count (``counted``) and, per stand, the
    position's slots of its slots in order and how many counted tiles it holds. A drawn world
    shares the merged stand's tiles out at random, the counted ones and the others apart."""

    merged: int
    counted: frozenset[int]
    shares: tuple[tuple[tuple[SlotRef, ...], int], ...]

    def share(self, tiles: list[int], rng: Random, stands: list[list[int]]) -> None:
        """Write the merged stand's ``tiles`` (true codes) into ``stands``, drawn at random."""
        counted = [code for code in tiles if code in self.counted]
        others = [code for code in tiles if code not in self.counted]
        rng.shuffle(counted)
        rng.shuffle(others)
        for slots, k in self.shares:
            mine = sorted(counted[:k] + others[: len(slots) - k])
            counted, others = counted[k:], others[len(slots) - k :]
            for (s, i), code in zip(slots, mine, strict=True):
                stands[s][i] = code


#: A need the first walk does not count: at least one of ``slots`` holds one of ``codes``.
Check = tuple[tuple[SlotRef, ...], frozenset[int]]


class Solution:
    """Marginals of every slot and exact world sampling; built by ``solve``."""

    def __init__(
        self,
        position: Position,
        total: int,
        walks: Sequence[Walk] = (),
        where: tuple[tuple[tuple[Source, ...], ...], ...] = (),
        blobs: tuple[Blob, ...] = (),
        checks: tuple[Check, ...] = (),
        fallback: Callable[[], Solution] | None = None,
        singles: tuple[tuple[int, tuple[SlotRef, ...]], ...] = (),
        differ: tuple[tuple[SlotRef, SlotRef], ...] = (),
    ) -> None:
        self.position = position
        #: Weight of all consistent worlds: the number of consistent physical deals.
        self.total = total
        self._walks = tuple(walks)
        self._where = where
        # The stands the first walk dealt as one, each group's tiles shared out when drawing.
        self._blobs = blobs
        # Needs counted by subtraction: a world drawn from the first walk must meet them (else it
        # is drawn again); ``fallback`` solves the position without subtraction when too few do.
        self._checks = checks
        # Labels "differ" counted by subtraction: the two slots of a world drawn from the first
        # walk must be of different classes (else it is drawn again), as for ``checks``.
        self._differ = differ
        self._fallback: Callable[[], Solution] | Solution | None = fallback
        # Interchangeable single slots dealt as one stand: (that DP stand of the first walk, the
        # position's slots it holds), whose tiles a drawn world shares out at random.
        self._singles = singles

    def with_singles(self, groups: Sequence[tuple[SlotRef, ...]]) -> Solution:
        """This solution with each of ``groups`` (the position's slots that the walks dealt as one
        stand of as many slots, ``symmetry.single_groups``; every slot of a group reads that
        stand's first slot) read and drawn slot by slot: a slot's weights are the stand's slots'
        weights added up over the group's size (the slots are interchangeable, so each holds a
        code in the same worlds' share), and a drawn world shares the stand's tiles out at
        random."""
        if not self._walks:
            return self
        walks = list(self._walks)
        views: dict[tuple[int, int], int] = {}  # (walk, group size) -> its share walk

        def view(k: int, size: int) -> int:
            if (k, size) not in views:
                walk = walks[k]
                assert walk.scale % size == 0  # the scale holds the group's size!
                share = _Share(
                    walk.tables,
                    walk.universe,
                    walk.mirrored,
                    walk.dp_total,
                    walk.scale // size,
                    walk.sign,
                    parent=walk,
                )
                views[(k, size)] = len(walks)
                walks.append(share)
            return views[(k, size)]

        where = [list(stand) for stand in self._where]
        singles = list(self._singles)
        for slots in groups:
            size = len(slots)
            for s, i in slots:
                where[s][i] = tuple(
                    (view(k, size), (stand, j))
                    for k, (stand, _) in self._where[s][i]
                    for j in range(size)
                )
            first = self._where[slots[0][0]][slots[0][1]][0]
            assert first[0] == 0  # the first walk deals every slot
            singles.append((first[1][0], tuple(slots)))
        fallback = self._fallback
        later: Callable[[], Solution] | None = None
        if fallback is not None:

            def later() -> Solution:
                found = fallback if isinstance(fallback, Solution) else fallback()
                return found.with_singles(groups)

        return Solution(
            self.position,
            self.total,
            walks,
            tuple(tuple(stand) for stand in where),
            self._blobs,
            self._checks,
            later,
            tuple(singles),
            self._differ,
        )

    @property
    def feasible(self) -> bool:
        """False when no world fits the position (then asking for a probability raises)."""
        return self.total > 0

    @property
    def dp_total(self) -> int:
        """What ``code_weights`` add up to (``total``)."""
        return self.total

    def _require_feasible(self) -> None:
        if not self.feasible:
            raise ValueError("no world is consistent with this position")

    # ------------------------------------------------------------------ marginals

    def code_weights(self, slot: SlotRef) -> dict[int, int]:
        """Per code, the weight of the worlds where ``slot`` holds it (they add up to
        ``total``)."""
        self._require_feasible()
        if not self._walks:
            raise ValueError("this solution was built without marginals")
        result: dict[int, int] = {}
        for k, at in self._where[slot[0]][slot[1]]:
            walk = self._walks[k]
            sign = -1 if walk.mirrored else 1
            factor = walk.scale * walk.sign
            for code, weight in walk.slot_weights(at).items():
                result[sign * code] = result.get(sign * code, 0) + weight * factor
        return {code: weight for code, weight in result.items() if weight}

    def code_probabilities(self, slot: SlotRef) -> dict[int, Fraction]:
        """Exact probability of each possible code of ``slot``."""
        return {c: Fraction(w, self.total) for c, w in sorted(self.code_weights(slot).items())}

    def class_weights(self, slot: SlotRef) -> dict[int, int]:
        """Per class (blue 1..12, YELLOW, RED), the weight of the worlds where ``slot`` has it."""
        result: dict[int, int] = {}
        for code, weight in self.code_weights(slot).items():
            cls = class_of(code)
            result[cls] = result.get(cls, 0) + weight
        return result

    def class_probabilities(self, slot: SlotRef) -> dict[int, Fraction]:
        """Exact probability of each possible class of ``slot``."""
        return {c: Fraction(w, self.total) for c, w in sorted(self.class_weights(slot).items())}

    def class_probabilities_float(self, slot: SlotRef) -> dict[int, float]:
        """Like ``class_probabilities``, as floats (correctly rounded)."""
        return {c: w / self.total for c, w in sorted(self.class_weights(slot).items())}

    def probability(self, slot: SlotRef, classes: Iterable[int]) -> Fraction:
        """Exact probability that the class of ``slot`` is one of ``classes``."""
        wanted = set(classes)
        weight = sum(w for c, w in self.code_weights(slot).items() if class_of(c) in wanted)
        return Fraction(weight, self.total)

    def marginals(self) -> dict[SlotRef, dict[int, float]]:
        """Every hidden slot's class probabilities, as floats (for a display or a bot)."""
        return {slot: self.class_probabilities_float(slot) for slot in self.position.hidden_slots()}

    # ------------------------------------------------------------------ sampling

    def sample(self, rng: Random) -> tuple[tuple[int, ...], ...]:
        """One world drawn with its exact probability: every stand's codes, left to right.

        >>> from engine.redwire.deduction import Pool, Position, Stand, solve
        >>> pos = Position(Pool(((1, 2), (2, 1))), (Stand(0, (None, None)), Stand(1, (None,))))
        >>> solve(pos).sample(Random(1)) in {((10, 10), (20,)), ((10, 20), (10,))}
        True
        """
        if not self._walks:
            raise ValueError("this solution was built without sampling tables")
        self._require_feasible()
        walk = self._walks[0]
        if (
            (self._checks or self._differ)
            and self.total * 16 < walk.dp_total * walk.scale
            and self._fallback
        ):
            if not isinstance(self._fallback, Solution):
                self._fallback = self._fallback()  # solved once, the first time it is needed
            return self._fallback.sample(rng)  # too few draws would meet the needs
        while True:
            world = self._draw(walk, rng)
            if all(
                any(world[s][i] in codes for s, i in slots) for slots, codes in self._checks
            ) and all(
                class_of(world[a][i]) != class_of(world[b][j]) for (a, i), (b, j) in self._differ
            ):
                return world

    def _draw(self, walk: Walk, rng: Random) -> tuple[tuple[int, ...], ...]:
        """A world drawn from ``walk`` (the first one)."""
        drawn = walk.tables.sample(rng)
        sign = -1 if walk.mirrored else 1
        stands = [
            [sign * drawn[at[0][1][0]][at[0][1][1]] if at[0][0] == 0 else 0 for at in where]
            for where in self._where
        ]
        for blob in self._blobs:  # share each merged stand's tiles out at random
            blob.share([sign * code for code in drawn[blob.merged]], rng, stands)
        for merged, slots in self._singles:
            tiles = [sign * code for code in drawn[merged]]
            rng.shuffle(tiles)
            for (s, i), code in zip(slots, tiles, strict=True):
                stands[s][i] = code
        return tuple(tuple(codes) for codes in stands)
