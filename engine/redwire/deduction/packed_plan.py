"""The packed engine's plan: the same walk over the codes, one *copy* at a time, on packed layers.

The sparse engine (``plan``) deals each code's copies in one step whose options it loops over, state
by state. This engine keeps a whole layer in one int (``packing``) and deals one copy at a time: a
copy goes to one free stand, so a layer is followed by ``L' = sum over stands of (L & allowed) <<
stride`` (``Tile``), a few big-int operations whatever the number of states. Dealing the ``q`` copies
of a code one by one counts each sharing ``(c_1, .., c_n)`` exactly ``q! / prod c_s!`` times: the
weight of the physical deals, as in the sparse engine. The state is:

* one digit per *explicit* free stand: its fill level, counted from the least level the stand can
  have at that point (``levels``), so that a digit is as wide as the widest range of levels the
  stand can take while one code is dealt, not the whole stand. A copy may go on such a stand at
  level ``g`` only when its slot ``g`` allows the code and ``g`` is below the greatest level after
  the code (the ``Tile`` mask), which is all its constraints; after the code, the states below the
  new least level are dropped and the digits move down (a ``Narrow``);
* none for the *implicit* free stand: its level is the number of copies dealt to the free stands
  so far minus the explicit levels. Where its slots each allow an interval of the codes it may
  hold (sorted slots, tokens, known wires; a code no slot of it allows is never dealt to it, so a
  stand-wide exclusion leaves no hole), its constraints are bounds on its level at a few code
  boundaries (``Narrow`` with a ``sum_mask``); a slot with holes in its codes (an even/odd token,
  a false "not a 4") gets the bounds of its hull, and a copy of a code it excludes is dealt to
  the implicit stand only in the states whose implicit level is not that slot (a ``Tile`` move
  of step 0 with a ``sum_mask``, one per copy: the level moves copy by copy); stands without
  holes are preferred;
* one counter per "k of m" group while its candidates are dealt (``Candidate``), checked and
  cleared after its last one;
* one flag per at-least-one fact (``Need``) on two codes or more, set by the copies that land
  on one of its slots with one of its codes (the ``Tile`` moves of a stand split by the flags
  they set), checked and cleared after its last code; facts whose codes do not overlap share a
  flag (``share_flags``). A need on one code alone ("stand 2 holds a 10") has no flag: that
  code's copies are dealt once per set of its needs with their slots barred, and the walks are
  summed with the set's sign (inclusion and exclusion inside the code, ``Subsets``), on the
  layer without flags; its slots on the implicit stand are barred as holes are (a ``Tile``
  move of step 0 with a ``sum_mask``), so it does not keep its stands explicit;
* one counter per exact count (``Tally`` with ``low == high``: "one yellow on each stand"), 0 to
  ``high``, moved up by every copy that lands on one of its slots with one of its codes, checked
  (it must be ``high``) and cleared after its last code. A stand counted as a whole (every slot
  that may hold one of the codes) may still be the implicit one: a counted copy dealt to it moves
  the counter up in every state where it is below ``high``.

Stands with one possible level at every point (the viewer's own, known stands) are *fixed*: their
runs are forced and only counted in ``factor``. Positions with labels, counts other than "at least
one" and exact ones, pairs of slots, runs (``normalize``), or without a stand that can be implicit
(no at-least-one fact on two codes or more and no count over part of it), are left to the other
engines (``build_packed_plan`` gives ``None``).

>>> from engine.redwire.deduction import Pool, Position, Stand
>>> from engine.redwire.deduction.normalize import normalize
>>> pos = Position(Pool(((1, 2), (2, 1))), (Stand(0, (None, None)), Stand(1, (None,))))
>>> plan = build_packed_plan(normalize(pos))
>>> plan.implicit, plan.explicit, [type(op).__name__ for op in plan.ops]  # two 1s, one 2
(0, (1,), ['Tile', 'Tile', 'Tile', 'Narrow'])
>>> plan.layout.widths                   # B's level: 0 or 1 while the 1s are dealt, then 1
(2,)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from itertools import permutations, product
from math import comb, prod

from engine.redwire.deduction.levels import Levels, local_needs, stand_levels
from engine.redwire.deduction.normalize import Normalized, Tally
from engine.redwire.deduction.packing import Layout, Mask


@dataclass(slots=True, frozen=True)
class Tile:
    """Deal one copy: to the implicit stand (no move) if ``implicit``, or to explicit stand
    ``stands[k]`` from the states of ``sources[k]`` (``bitmasks[k]``: its bits), ``steps[k]``
    states up (``shifts[k]`` bits in a packed layer). ``masks``: their wide forms, as far as the
    walk reaches (``packed_passes.sized``)."""

    implicit: bool
    masks: tuple[int, ...]
    shifts: tuple[int, ...]
    bitmasks: tuple[int, ...]
    steps: tuple[int, ...]
    stands: tuple[int, ...]
    sources: tuple[Mask, ...] = ()


@dataclass(slots=True, frozen=True)
class Candidate:
    """A "k of m" candidate: dropped by the states of ``drop``, or kept by those of ``keep``
    (counter + 1: ``step`` states up, ``shift`` bits), then dealt by ``tile`` (``None``: a fixed
    stand holds it). ``drop_wide``, ``keep_wide``: the wide forms, as far as the walk reaches."""

    drop: Mask | None
    keep: Mask
    step: int
    shift: int
    tile: Tile | None
    drop_wide: int = 0
    keep_wide: int = 0


@dataclass(slots=True, frozen=True)
class Narrow:
    """Keep the states of ``mask``, then move them down ``step`` states (``shift`` bits).
    ``wide``: the wide form of ``mask``, as far as the walk reaches."""

    mask: Mask
    step: int
    shift: int
    wide: int = 0


@dataclass(slots=True, frozen=True)
class Subsets:
    """Deal one code's copies meeting its *one-code needs* (facts "at least one of these slots
    holds this code", ``_Walk.subset_needs``) without a flag each: by inclusion and exclusion
    inside the code. The deals that meet every such need are, with the sign of the size of each
    set of them, the deals where the needs of the set fail, that is the same copies dealt with
    their slots barred (``walks``: per set, its sign and one ``Tile`` per copy; the empty set
    first). A flag doubled the whole layer while the code was dealt and split every move of its
    stand in two (mission 33's four needs on its 10s: 16 times the layer, half the walk); the
    walks here go over the layer without flags, and the sum is exact per state: each walk is the
    same linear map with fewer moves, and every walk's masks reach as far as the widest
    (``packed_passes.sized``), so that each is exact on every state, reached or not, and the
    signed sum, the number of deals meeting the needs, is never negative in a slot."""

    walks: tuple[tuple[int, tuple[Tile, ...]], ...]


Op = Tile | Candidate | Narrow | Subsets


def tiles_of(op: Op) -> int:
    """How many copies' ``Tile`` moves ``op`` goes over the layer with (a ``Subsets``: its
    walks'), 1 for the others: what a walk's bytes count (``choice._refine``)."""
    return sum(len(tiles) for _, tiles in op.walks) if isinstance(op, Subsets) else 1


#: The most one-code needs on one code checked by ``Subsets`` (``2 ** n`` walks of its copies);
#: the others keep a flag.
MAX_SUBSET_NEEDS = 5


@dataclass(slots=True)
class PackedPlan:
    """The walk: ``ops[starts[t]:starts[t + 1]]`` deal code number ``t``."""

    layout: Layout
    ops: list[Op]
    starts: list[int]
    final: int  # the index of the end state (0; -1: no world)
    factor: int  # multinomial factors of the fixed stands' runs
    universe: tuple[int, ...]
    sizes: tuple[int, ...]
    levels: list[list[list[int]]]  # per stand, per boundary: the possible levels (as ``plan``)
    code_of_op: list[int]  # the code index each op deals
    fixed: tuple[int, ...]
    implicit: int | None
    explicit: tuple[int, ...]  # the stand of each level digit (digits 0 .. len - 1)
    group_digits: tuple[tuple[int, int, int], ...]  # (digit, first, last candidate index)
    base: list[int]  # per boundary: the implicit level is base + active counters - level digits
    #: per exact count (``Normalized.tallies``, in order): its counter digit, its first and last
    #: code indices and its ``high`` (the counter holds how many of its copies were dealt so far,
    #: from that first code up to the last; it is then checked to be ``high`` and cleared; before
    #: the first, the digit's place may hold another digit, ``_places``)
    tally_digits: tuple[tuple[int, int, int, int], ...] = ()
    #: the digits of the need flags (a place each may share with other digits, ``_places``)
    need_digits: tuple[int, ...] = ()
    #: the states reached before every code and those that can complete before every op
    #: (``packed_passes.supports``), once known
    supports: tuple[list[int], list[int]] | None = None
    #: whether the ops' wide masks are made (``packed_passes.sized``)
    sized: bool = False


def build_packed_plan(
    norm: Normalized, *, only_if_faster: bool = False, levels: Levels | None = None
) -> PackedPlan | None:
    """The packed plan of ``norm``, or ``None`` when the sparse engine must solve it (or, with
    ``only_if_faster``, should: see ``_Builder.costs``). ``levels``: ``stand_levels`` of
    ``norm``, if already known."""
    if not takes(norm):
        return None
    builder = _Builder(norm, levels)
    if only_if_faster:
        packed, sparse = builder.estimates()
        if packed is None or packed > sparse:
            return None
    return builder.build()


def takes(norm: Normalized) -> bool:
    """Whether the packed engine may take ``norm`` at all (no labels, pairs or runs, and no
    count but exact ones: ``Tally`` with ``low == high``, a counter each)."""
    exact = all(tally.low == tally.high for tally in norm.tallies)
    return norm.feasible and exact and not (norm.labels or norm.pairs or norm.runs)


def rough_costs(norm: Normalized, levels: Levels) -> tuple[float | None, float]:
    """Rough times (ns) of the packed engine (``None``: it cannot take ``norm``) and of the
    sparse one, from the fill levels alone (``_Builder.costs``)."""
    builder = _Builder(norm, levels)
    if not takes(norm):
        return None, builder.sparse_cost()
    return builder.estimates()


# Rough costs, in ns on CPython, fitted (least squares on the relative error) on 77 positions of
# the benchmark's scenarios, both engines timed: openings of 2 to 5 players and mid-games after 6
# to 20 cuts. The sparse engine pays per DP edge and per state; the packed engine per byte of a
# layer that a big-int operation goes over and per state (the marginals); both a fixed cost (the
# plan). The estimates are rough (they count ``prod |levels|`` states, not the live ones): they
# pick the faster engine on 67 of the 77 positions, the others being close calls.
# Refitted once the layout counts the places that ``_places`` shares and the needs that
# ``Subsets`` checks (the same least squares, on the 142 real positions of 15 ms or more of the
# default bench that the packed engine takes in one walk, timed warm): 0.10 and 63 (fixed cost
# kept) halve the relative error (median |log(estimate / time)| 0.59 -> 0.39), yet pick the packed
# or the direct engine on the big ones (``choice._packed_over_direct``) no better (98 of 99 either
# way), and worse where the direct engine's time per state is over ``DIRECT_STATE_MS`` (mission
# 64's 5-player spectator after 8 actions, 10 DP stands: ~1.8 us a state, so ~400 ms direct
# against ~300 packed): kept as they were, the two estimates being calibrated against each other.
EDGE_NS = 150
SPARSE_STATE_NS = 330
SPARSE_FIXED_NS = 1.6e6
BYTE_NS = 0.034
PACKED_STATE_NS = 130
PACKED_FIXED_NS = 1.2e6
# A packed layer longer than this is left to the sparse engine whatever the estimates say (many
# at-least-one facts at once: each doubles the layer).
MAX_LAYER_BYTES = 1 << 26


class _Builder:
    def __init__(self, norm: Normalized, levels: Levels | None = None) -> None:
        self.norm = norm
        self.universe = norm.universe
        self.index = {code: t for t, code in enumerate(self.universe)}
        # Levels pruned by the one-stand needs too are still every level a world can have.
        _, _, self.levels = levels or stand_levels(norm, local_needs(norm))
        self.sizes = tuple(len(stand) for stand in norm.allowed)

    def _layout(
        self,
    ) -> tuple[tuple[int, ...], int | None, tuple[int, ...], dict[int, tuple[int, int]]] | None:
        """The fixed stands, the implicit one, the explicit ones and the implicit one's bounds
        (``None``: no stand can be implicit)."""
        stands = range(len(self.sizes))
        fixed = tuple(s for s in stands if all(len(lv) == 1 for lv in self.levels[s]))
        free = [s for s in stands if s not in fixed]
        needy = {s for need in self.norm.needs for s in need.slots}
        # A need with a flag keeps its stands explicit (the flag is set by their moves); one
        # that ``Subsets`` checks does not: its slots on the implicit stand are barred by masks
        # on its level, as holes are (``_Walk._hole_levels``).
        checked = {k for found in subset_needs(self.norm, self.index).values() for k in found}
        flagged = {
            s for k, need in enumerate(self.norm.needs) if k not in checked for s in need.slots
        }
        # A stand with a count may be implicit only if the count takes the whole stand (every
        # slot that may hold one of its codes): a copy of its codes dealt to the implicit stand
        # then counts wherever it lands, one move up the counter for every state.
        counted = {
            s
            for tally in self.norm.tallies
            for s in tally.slots
            if s in fixed or len(tally.slots) > 1 or not self._whole(tally, s)
        }
        if (needy | counted) & set(fixed):
            return None
        candidates = [s for s in free if s not in flagged | counted]
        if free and not candidates:
            return None
        # A stand whose slots hold intervals needs no mask on its copies (``_Walk._holes``).
        implicit = (
            max(candidates, key=lambda s: (not self._holes(s), self._width(s)))
            if candidates
            else None
        )
        explicit = tuple(s for s in free if s != implicit)
        bound = {} if implicit is None else self._interval_bounds(implicit)
        return fixed, implicit, explicit, bound

    def _whole(self, tally: Tally, s: int) -> bool:
        """Whether ``tally`` holds every slot of stand ``s`` that allows one of its codes."""
        slots = {j for j, codes in enumerate(self.norm.allowed[s]) if codes & tally.codes}
        return slots <= tally.slots[s]

    def estimates(self) -> tuple[float | None, float]:
        """``costs`` of this position (the packed one ``None`` when no stand can be implicit)."""
        if any(not level for levels in self.levels for level in levels):
            return 0.0, 0.0
        layout = self._layout()
        if layout is None:
            return None, self.sparse_cost()
        fixed, _, explicit, _ = layout
        free = [s for s in range(len(self.sizes)) if s not in fixed]
        return self.costs(free, explicit)

    def sparse_cost(self) -> float:
        """The sparse engine's rough time alone (see ``costs``)."""
        if any(not level for levels in self.levels for level in levels):
            return 0.0
        free = [s for s in range(len(self.sizes)) if any(len(lv) > 1 for lv in self.levels[s])]
        return self.costs(free, tuple(free[1:]))[1]

    def build(self) -> PackedPlan | None:
        if any(not level for levels in self.levels for level in levels):
            return _impossible(self)
        layout = self._layout()
        if layout is None:
            return None
        return _Walk(self, *layout).plan()

    def _width(self, s: int) -> int:
        """How wide the level digit of stand ``s`` would be (the most levels it can take while
        one code is dealt)."""
        levels = self.levels[s]
        return max(levels[t + 1][-1] - levels[t][0] + 1 for t in range(len(self.universe)))

    def costs(self, free: list[int], explicit: tuple[int, ...]) -> tuple[float, float]:
        """Rough times of the packed and the sparse engines (ns).

        Both walk about ``prod |levels|`` states per boundary. The sparse engine pays per edge
        (a state has about ``C(q + a - 1, a - 1)`` ways to share ``q`` copies among ``a``
        stands) and per state. The packed engine pays per copy, forward and backward, a few
        operations per stand over the layer while its code is dealt (the product of the digit
        widths, and of the places of the counters and need flags up to the highest one active
        then, as ``_places`` lays them out: in slots of about ``width`` bytes), ``2 ** n`` times
        over for a code with ``n`` needs on it alone (``Subsets``), and per state in the
        marginals."""
        states = [prod(len(self.levels[s][t]) for s in free) for t in range(len(self.universe))]
        subsets = subset_needs(self.norm, self.index)
        tops = _top_lengths(self._tops(subsets), len(self.universe))
        edges = 0
        copies = 0  # the packed engine's, times the layer's tops while each is dealt
        for t, code in enumerate(self.universe):
            takers = [s for s in free if self.levels[s][t] != self.levels[s][t + 1]]
            q = min(self.norm.copies[code], sum(self.sizes[s] for s in takers))
            edges += states[t] * (comb(q + len(takers) - 1, q) if takers else 1)
            copies += (q << len(subsets.get(t, ()))) * tops[t]
        slots = prod(self._width(s) for s in explicit)
        width = 8 + 4 * len(free)  # bytes per slot, about
        packed = 2 * copies * (len(explicit) + 1) * 3 * slots * width * BYTE_NS
        packed += sum(states) * PACKED_STATE_NS + PACKED_FIXED_NS
        sparse = edges * EDGE_NS + sum(states) * SPARSE_STATE_NS + SPARSE_FIXED_NS
        return packed, sparse

    def _tops(self, subsets: dict[int, list[int]]) -> list[tuple[int, int, int]]:
        """The counters' and need flags' digits as ``_Walk`` lays them out: per digit, the
        first and last codes it is active over and its width (``subsets``: the needs checked
        without a flag)."""
        index = self.index
        tops = [
            (index[cands[0]], index[cands[-1]], keep + 1)
            for cands, keep in self.norm.groups
            if cands
        ]
        checked = {k for found in subsets.values() for k in found}
        spans = [
            (min(index[c] for c in n.codes), max(index[c] for c in n.codes))
            for k, n in enumerate(self.norm.needs)
            if k not in checked
        ]
        merged: dict[int, tuple[int, int]] = {}
        for (first, last), flag in zip(spans, share_flags(spans), strict=True):
            low, high = merged.get(flag, (first, last))
            merged[flag] = (min(low, first), max(high, last))
        tops += [(first, last, 2) for first, last in merged.values()]
        tops += [
            (min(index[c] for c in tally.codes), max(index[c] for c in tally.codes), tally.high + 1)
            for tally in self.norm.tallies
        ]
        return tops

    # ----------------------------------------------------------------- the implicit stand

    def _holes(self, s: int) -> bool:
        """Whether a slot of stand ``s`` allows codes that are no interval of the codes the
        stand may hold (mission 21's "an odd wire here", mission 52's "not a 4 here")."""
        held = sorted({self.index[c] for codes in self.norm.allowed[s] for c in codes})
        rank = {t: k for k, t in enumerate(held)}  # a code's place among those the stand holds
        for codes in self.norm.allowed[s]:
            ix = sorted(self.index[c] for c in codes)
            if rank[ix[-1]] - rank[ix[0]] + 1 != len(ix):
                return True
        return False

    def _interval_bounds(self, s: int) -> dict[int, tuple[int, int]]:
        """Bounds ``{boundary: (low, high)}`` on the level of stand ``s`` equivalent to its slots'
        constraints where each slot allows an interval of the codes the stand may hold; else
        those of the intervals' hulls (the copies' masks keep a code off a slot inside its hull
        that does not allow it: ``_Walk._holes``).

        Slot ``j`` allows codes ``lo..hi``: the level before code ``lo`` is ``<= j`` and the level
        after code ``hi`` is ``> j``. Bounds implied by monotony (a level never decreases) are
        dropped, and so are those at the ends of the walk (level 0 before, size after). A code
        no slot of the stand allows (a stand-wide exclusion: mission 18's "no 6 here", mission
        35's "not an 11" on every slot) is no hole: the stand never takes a copy of it (``Tile``),
        so its level does not move over that code and the bounds still say it all."""
        size = self.sizes[s]
        lows: dict[int, int] = {}
        highs: dict[int, int] = {}
        for j, codes in enumerate(self.norm.allowed[s]):
            ix = sorted(self.index[c] for c in codes)
            lo, hi = ix[0], ix[-1]
            lows[hi + 1] = max(lows.get(hi + 1, 0), j + 1)
            highs[lo] = min(highs.get(lo, size), j)
        end = len(self.universe)
        bounds: dict[int, tuple[int, int]] = {}
        best = 0
        for t in sorted(lows):
            if lows[t] > best and 0 < t < end:
                bounds[t] = (lows[t], size)
            best = max(best, lows[t])
        best = size
        for t in sorted(highs, reverse=True):
            if highs[t] < best and 0 < t < end:
                low, _ = bounds.get(t, (0, size))
                bounds[t] = (low, highs[t])
            best = min(best, highs[t])
        return bounds

    def takes(self, stand: int, code: int) -> bool:
        """Whether some slot of ``stand`` allows ``code``."""
        return any(code in codes for codes in self.norm.allowed[stand])

    def slot_bytes(self, stands: list[int], fixed: tuple[int, ...]) -> int:
        """Bytes per slot: room for any weight, even of a state that never completes (at most
        the product over the copies of the free stands that may take one, a candidate's being
        dropped counting as one more), and a spare top bit."""
        bound = 1
        for t, code in enumerate(self.universe):
            takers = sum(1 for s in stands if self.takes(s, code))
            if any(code in cands for cands, _ in self.norm.groups):
                bound *= takers + 1
            else:
                taken = sum(self.levels[s][t + 1][0] - self.levels[s][t][0] for s in fixed)
                bound *= max(takers, 1) ** max(self.norm.copies[code] - taken, 0)
        return (bound.bit_length() + 1 + 7) // 8


class _Walk:
    """The ops of a packed plan, code by code, over a layout chosen once (see the module
    docstring): level digits of the explicit stands, then counters and need flags."""

    def __init__(
        self,
        builder: _Builder,
        fixed: tuple[int, ...],
        implicit: int | None,
        explicit: tuple[int, ...],
        bounds: dict[int, tuple[int, int]],
    ) -> None:
        self.builder = builder
        self.norm = norm = builder.norm
        self.fixed, self.implicit, self.explicit, self.bounds = fixed, implicit, explicit, bounds
        index = builder.index
        self.group_of: dict[int, tuple[int, int]] = {}  # candidate -> (group, candidates after)
        for g, (cands, _) in enumerate(norm.groups):
            for k, code in enumerate(cands):
                self.group_of[code] = (g, len(cands) - k - 1)
        self.span = {
            g: (index[cands[0]], index[cands[-1]])
            for g, (cands, _) in enumerate(norm.groups)
            if cands
        }
        # Needs on one code are checked inside it (``Subsets``); the others keep a flag.
        self.subsets = subset_needs(norm, index)
        checked = {k for found in self.subsets.values() for k in found}
        flagged = [need for k, need in enumerate(norm.needs) if k not in checked]
        spans = [(min(index[c] for c in n.codes), max(index[c] for c in n.codes)) for n in flagged]
        flags = share_flags(spans)
        self.needs = [
            (need, last, flag) for need, (_, last), flag in zip(flagged, spans, flags, strict=True)
        ]
        # Counters and need flags on top (``_places``): a digit is 0 outside the codes it is
        # active in, so digits active at different times share a place, and the places active
        # most often go lowest (the int is then shorter).
        tops = [
            (first, last, 0, g, norm.groups[g][1] + 1) for g, (first, last) in self.span.items()
        ]
        flag_spans: dict[int, tuple[int, int]] = {}
        for (first, last), flag in zip(spans, flags, strict=True):
            low, high = flag_spans.get(flag, (first, last))
            flag_spans[flag] = (min(low, first), max(high, last))
        tops += [(first, last, 1, flag, 2) for flag, (first, last) in flag_spans.items()]
        # An exact count (``Tally``, low == high) has a counter digit of its own, 0 .. high, up
        # to its last code: a copy landing on one of its slots with one of its codes adds one.
        self.tallies = [
            (tally, max(index[c] for c in tally.codes), k) for k, tally in enumerate(norm.tallies)
        ]
        self.tally_firsts = [min(index[c] for c in tally.codes) for tally, _, _ in self.tallies]
        tops += [
            (first, last, 2, k, tally.high + 1)
            for (tally, last, k), first in zip(self.tallies, self.tally_firsts, strict=True)
        ]
        place_of, place_widths = _places(
            [(first, last, width) for first, last, _, _, width in tops]
        )
        self.tops = len(place_widths)
        self.lows = [[level[0] for level in levels] for levels in builder.levels]
        self.highs = [[level[-1] for level in levels] for levels in builder.levels]
        ends = range(len(builder.universe))
        widths = [max(self.highs[s][t + 1] - self.lows[s][t] + 1 for t in ends) for s in explicit]
        widths += place_widths
        self.digit_of = {
            (kind, g): len(explicit) + place
            for (_, _, kind, g, _), place in zip(tops, place_of, strict=True)
        }
        self.order = [g for _, _, kind, g, _ in tops if kind == 0]
        self.free = list(explicit) if implicit is None else [implicit, *explicit]
        # The implicit stand's codes by rank, and each slot's hull of them (``_hole_levels``).
        held = (
            sorted({c for codes in norm.allowed[implicit] for c in codes})
            if implicit is not None
            else []
        )
        self._held = {c: k for k, c in enumerate(held)}
        self._hulls = [
            (min(map(self._held.__getitem__, codes)), max(map(self._held.__getitem__, codes)))
            for codes in (norm.allowed[implicit] if implicit is not None else ())
        ]
        self.layout = Layout(builder.slot_bytes(self.free, fixed), widths)
        self.masks: dict[tuple[int, frozenset[int]], Mask] = {}
        self.ops: list[Op] = []
        self.dealt = 0  # copies dealt to the free stands, counters of open groups apart
        self.factor = 1

    def digit_mask(self, digit: int, values: frozenset[int]) -> Mask:
        key = (digit, values)
        if key not in self.masks:
            self.masks[key] = self.layout.digit_mask(digit, values)
        return self.masks[key]

    def plan(self) -> PackedPlan | None:
        builder, layout = self.builder, self.layout
        if layout.size * layout.bytes_per_slot > MAX_LAYER_BYTES:
            return None
        starts: list[int] = []
        code_of_op: list[int] = []
        base = [0]
        for t, code in enumerate(builder.universe):
            starts.append(len(self.ops))
            taken = [builder.levels[s][t + 1][0] - builder.levels[s][t][0] for s in self.fixed]
            dealt = (
                self._candidate(t, code, taken)
                if code in self.group_of
                else self._copies(t, code, taken)
            )
            if not dealt:
                return _impossible(builder)
            base.append(self._boundary(t))
            code_of_op.extend([t] * (len(self.ops) - len(code_of_op)))
        starts.append(len(self.ops))
        span = self.span
        return PackedPlan(
            layout,
            self.ops,
            starts,
            0,
            self.factor,
            builder.universe,
            builder.sizes,
            builder.levels,
            code_of_op,
            self.fixed,
            self.implicit,
            self.explicit,
            tuple((self.digit_of[(0, g)], span[g][0], span[g][1]) for g in self.order),
            base,
            tuple(
                (self.digit_of[(2, k)], first, last, tally.high)
                for (tally, last, k), first in zip(self.tallies, self.tally_firsts, strict=True)
            ),
            tuple(sorted({self.digit_of[(1, flag)] for _, _, flag in self.needs})),
        )

    def _candidate(self, t: int, code: int, taken: list[int]) -> bool:
        """The op of a "k of m" candidate (``False``: no world)."""
        g, after = self.group_of[code]
        keep = self.norm.groups[g][1]
        digit = self.digit_of[(0, g)]
        if sum(taken) > 1:
            return False
        held = sum(taken) == 1
        counts = range(keep + 1)
        drop = (
            None
            if held
            else self.digit_mask(digit, frozenset(n for n in counts if n + after >= keep))
        )
        up = self.layout.strides[digit]
        keeps = self.digit_mask(digit, frozenset(n for n in counts if n < keep))
        dealt_by = None if held else self._tile(t, code, self.dealt, g)
        self.ops.append(Candidate(drop, keeps, up, up * self.layout.bits, dealt_by))
        self.dealt -= held  # the counter counts it, the free stands do not get it
        if t == self.span[g][1]:  # the last candidate: the counter must be ``keep``
            down = keep * self.layout.strides[digit]
            only = self.digit_mask(digit, frozenset((keep,)))
            self.ops.append(Narrow(only, down, down * self.layout.bits))
            self.dealt += keep
        return True

    def _copies(self, t: int, code: int, taken: list[int]) -> bool:
        """One ``Tile`` per copy the free stands share, or a ``Subsets`` of them where needs are
        on this code alone (``False``: no world)."""
        copies = self.norm.copies[code]
        q = copies - sum(taken)
        if q < 0 or (q and not any(self.builder.takes(s, code) for s in self.free)):
            return False
        self.factor *= _multinomial(copies, [*taken, q])
        needs = [self.norm.needs[k] for k in self.subsets.get(t, ())]
        if needs:
            walks = []
            for chosen in product((False, True), repeat=len(needs)):  # the empty set first
                barred: dict[int, frozenset[int]] = {}
                for fails, need in zip(chosen, needs, strict=True):
                    for s, slots in need.slots.items() if fails else ():
                        barred[s] = barred.get(s, frozenset()) | slots
                sign = -1 if sum(chosen) % 2 else 1
                walks.append((sign, tuple(self._dealing(t, code, q, barred))))
            self.ops.append(Subsets(tuple(walks)))
        else:
            self.ops.extend(self._dealing(t, code, q, {}))
        self.dealt += q
        return True

    def _dealing(self, t: int, code: int, q: int, barred: dict[int, frozenset[int]]) -> list[Tile]:
        """The ``Tile`` of each of the ``q`` copies of code ``t`` the free stands share, none
        landing on the ``barred`` slots (per stand)."""
        off = barred.get(self.implicit, frozenset()) if self.implicit is not None else frozenset()
        if self._hole_levels(t, code, off) is None:
            return [self._tile(t, code, self.dealt, barred=barred)] * q
        # The implicit stand's level, which its copies' masks read, moves copy by copy.
        return [self._tile(t, code, self.dealt + k, barred=barred) for k in range(q)]

    def _boundary(self, t: int) -> int:
        """The ops after code ``t``: need checks, the digits' move down, the implicit stand's
        bounds. Gives the boundary's base (see ``PackedPlan.base``)."""
        layout = self.layout
        for _, last, flag in self.needs:
            if t == last:  # the need's last code: its flag must be set (and is free again)
                digit = self.digit_of[(1, flag)]
                down = layout.strides[digit]
                self.ops.append(
                    Narrow(self.digit_mask(digit, frozenset((1,))), down, down * layout.bits)
                )
        for tally, last, k in self.tallies:
            if t == last:  # the count's last code: its counter must be ``high`` (then 0 again)
                digit = self.digit_of[(2, k)]
                down = tally.high * layout.strides[digit]
                self.ops.append(
                    Narrow(
                        self.digit_mask(digit, frozenset((tally.high,))), down, down * layout.bits
                    )
                )
        rebase = self._rebase(t)
        if rebase is not None:
            self.ops.append(rebase)
        floor = self.dealt - sum(self.lows[s][t + 1] for s in self.explicit)
        if t + 1 in self.bounds:
            low, high = self.bounds[t + 1]
            signs = [-1] * len(self.explicit) + [0] * self.tops
            for g, (first, last) in self.span.items():
                if first <= t < last:
                    signs[self.digit_of[(0, g)]] = 1
            self.ops.append(Narrow(layout.sum_mask(signs, floor, low, high), 0, 0))
        return floor

    def _rebase(self, t: int) -> Narrow | None:
        """After code ``t``: drop the states below the least levels the stands can have, and move
        the level digits down so that they count from those levels again (``None``: none moves)."""
        mask: Mask | None = None
        step = 0
        for d, s in enumerate(self.explicit):
            rise = self.lows[s][t + 1] - self.lows[s][t]
            if rise:
                above = self.digit_mask(d, frozenset(range(rise, self.layout.widths[d])))
                mask = above if mask is None else mask & above
                step += rise * self.layout.strides[d]
        return None if mask is None else Narrow(mask, step, step * self.layout.bits)

    def _hole_levels(
        self, t: int, code: int, barred: frozenset[int] = frozenset()
    ) -> list[tuple[int, int]] | None:
        """The intervals of levels at which the implicit stand may take a copy of code ``t``,
        where a slot of it has the code inside the hull of its codes but does not allow it (a
        hole: ``_Builder._holes``) or is ``barred`` (a ``Subsets`` walk's failing need), which
        the bounds (``_interval_bounds``, of the hulls) do not see; ``None``: no slot has it as
        a hole, the bounds say it all (may be empty: every slot that allows it is barred).

        Every slot of the stand is looked at, not only the levels it may be at then (``levels``
        are each stand's alone: its slots' holes pruned them, the bounds do not)."""
        s = self.implicit
        rank = self._held.get(code)
        if s is None or rank is None:
            return None
        ok = [code in codes and g not in barred for g, codes in enumerate(self.norm.allowed[s])]
        hulls = zip(ok, self._hulls, strict=True)
        if not barred and all(fits or not low < rank < high for fits, (low, high) in hulls):
            return None
        intervals: list[tuple[int, int]] = []
        for g, fits in enumerate(ok):
            if fits:
                if intervals and intervals[-1][1] == g - 1:
                    intervals[-1] = (intervals[-1][0], g)
                else:
                    intervals.append((g, g))
        return intervals

    def _hole_mask(
        self,
        t: int,
        code: int,
        dealt: int,
        group: int | None,
        barred: frozenset[int] = frozenset(),
    ) -> Mask | None:
        """The states in which the implicit stand may take this copy of code ``t`` (``None``:
        all), off its ``barred`` slots. Its level is ``dealt`` (the copies the free stands took
        before this one) plus the open groups' counters minus the explicit levels; a candidate
        of ``group`` is in its counter already, so one fewer."""
        intervals = self._hole_levels(t, code, barred)
        if intervals is None:
            return None
        if not intervals:
            return Mask(0)
        layout = self.layout
        signs = [-1] * len(self.explicit) + [0] * self.tops
        for g, (first, last) in self.span.items():
            if first < t < last or g == group:
                signs[self.digit_of[(0, g)]] = 1
        base = dealt - (group is not None) - sum(self.lows[s][t] for s in self.explicit)
        mask = layout.sum_mask(signs, base, *intervals[0])
        for low, high in intervals[1:]:
            mask = mask | layout.sum_mask(signs, base, low, high)
        return mask

    def _tile(
        self,
        t: int,
        code: int,
        dealt: int,
        group: int | None = None,
        barred: dict[int, frozenset[int]] | None = None,
    ) -> Tile:
        """Dealing one copy of ``code`` (number ``t``) to a free stand, the free stands having
        taken ``dealt`` copies before it (and, a candidate of ``group``, it counted there), never
        to the ``barred`` slots (per stand: ``Subsets``)."""
        layout = self.layout
        moves = []
        for d, s in enumerate(self.explicit):
            span_t = (self.lows[s][t], self.highs[s][t + 1])
            allowed = self.norm.allowed[s]
            ok = _digits(span_t, (g for g, codes in enumerate(allowed) if code in codes))
            if barred and s in barred:
                ok -= _digits(span_t, barred[s])
            if not ok:
                continue
            flags = [
                (_digits(span_t, need.slots[s]), self.digit_of[(1, flag)], 0)
                for need, _, flag in self.needs
                if s in need.slots and code in need.codes
            ]
            flags += [
                (_digits(span_t, tally.slots[s]), self.digit_of[(2, k)], tally.high)
                for tally, _, k in self.tallies
                if s in tally.slots and code in tally.codes
            ]
            for setting, mask in _flag_moves(layout, d, ok, flags, self.digit_mask):
                if mask.bits:
                    steps = layout.strides[d] + sum(layout.strides[f] for f in setting)
                    moves.append((mask, steps, s))
        implicit = self.implicit is not None and self.builder.takes(self.implicit, code)
        counted = [
            (self.digit_of[(2, k)], tally.high)
            for tally, _, k in self.tallies
            if implicit and self.implicit in tally.slots and code in tally.codes
        ]
        off = (
            barred.get(self.implicit, frozenset())
            if barred and self.implicit is not None
            else frozenset()
        )
        holes = self._hole_mask(t, code, dealt, group, off) if implicit else None
        if counted:  # a counted copy on the implicit stand: its counters go up (``_whole``)
            assert self.implicit is not None
            mask = self.digit_mask(counted[0][0], frozenset(range(counted[0][1])))
            for digit, high in counted[1:]:
                mask &= self.digit_mask(digit, frozenset(range(high)))
            if holes is not None:
                mask &= holes
            if mask.bits:
                moves.append((mask, sum(layout.strides[d] for d, _ in counted), self.implicit))
            implicit = False
        elif holes is not None:  # the copy stays off the implicit stand's slots that exclude it
            assert self.implicit is not None
            if holes.bits:
                moves.append((holes, 0, self.implicit))
            implicit = False
        return Tile(
            implicit,
            (),
            tuple(step * layout.bits for _, step, _ in moves),
            tuple(m.bits for m, _, _ in moves),
            tuple(step for _, step, _ in moves),
            tuple(s for _, _, s in moves),
            tuple(m for m, _, _ in moves),
        )


def subset_needs(norm: Normalized, index: dict[int, int]) -> dict[int, list[int]]:
    """Per code number, the needs on that code alone that ``Subsets`` checks (indices into
    ``norm.needs``; at most ``MAX_SUBSET_NEEDS`` per code, a candidate's never: its copy is
    dealt by a ``Candidate``)."""
    candidates = {code for cands, _ in norm.groups for code in cands}
    found: dict[int, list[int]] = {}
    for k, need in enumerate(norm.needs):
        if len(need.codes) == 1 and not need.codes & candidates:
            (code,) = need.codes
            checked = found.setdefault(index[code], [])
            if len(checked) < MAX_SUBSET_NEEDS:
                checked.append(k)
    return found


def share_flags(spans: list[tuple[int, int]]) -> list[int]:
    """A flag per need such that needs whose code spans ``(first, last)`` overlap get different
    flags (a flag is free again after its need's last code): as few flags as spans overlap.

    >>> share_flags([(0, 2), (3, 5), (1, 4), (5, 5)])
    [0, 0, 1, 1]
    """
    flags = [0] * len(spans)
    free_after: list[int] = []  # per flag: the last code of its latest need
    for k in sorted(range(len(spans)), key=lambda k: spans[k]):
        first, last = spans[k]
        idle = [flag for flag, busy in enumerate(free_after) if busy < first]
        flag = idle[0] if idle else len(free_after)
        if not idle:
            free_after.append(-1)
        flags[k] = flag
        free_after[flag] = last
    return flags


def _top_lengths(tops: list[tuple[int, int, int]], codes: int) -> list[int]:
    """Per code, how many times the level digits' states the layer is while it is dealt: the
    product of the widths of the places (``_places``) up to the highest one active then.

    >>> _top_lengths([(0, 2, 3), (5, 5, 2), (5, 5, 2)], 6)   # a counter, then two flags
    [3, 3, 3, 1, 1, 6]
    """
    place_of, widths = _places(tops)
    lengths = []
    for t in range(codes):
        high = max((place_of[k] + 1 for k, (a, b, _) in enumerate(tops) if a <= t <= b), default=0)
        lengths.append(prod(widths[:high]))
    return lengths


def _places(tops: list[tuple[int, int, int]]) -> tuple[list[int], list[int]]:
    """Places in the layout for digits active over codes ``first .. last`` with ``width``
    values each (counters and need flags, 0 outside those codes): per digit its place (0 the
    lowest), and each place's width.

    Digits whose codes do not overlap share a place (as wide as the widest), so that no place
    sits idle in a layer; then the places are ordered so that the layers are short: a layer
    while code ``t`` is dealt is as long as the places up to the highest one active then.

    >>> _places([(0, 2, 3), (5, 5, 2), (5, 5, 2)])   # a counter, then two flags on one code
    ([0, 0, 1], [3, 2])
    """
    order = sorted(range(len(tops)), key=lambda k: (tops[k][0], -tops[k][2]))
    widths: list[int] = []
    busy: list[int] = []  # per place: the last code of its latest digit
    members: list[list[int]] = []
    place_of = [0] * len(tops)
    for k in order:
        first, last, width = tops[k]
        idle = [p for p in range(len(widths)) if busy[p] < first]
        if idle:
            place = min(idle, key=lambda p: (widths[p] < width, abs(widths[p] - width)))
            widths[place] = max(widths[place], width)
        else:
            place = len(widths)
            widths.append(width)
            busy.append(-1)
            members.append([])
        busy[place] = last
        members[place].append(k)
        place_of[k] = place
    ranked = _rank_places(widths, [[tops[k][:2] for k in found] for found in members])
    rank = {place: r for r, place in enumerate(ranked)}
    return [rank[p] for p in place_of], [widths[p] for p in ranked]


def _rank_places(widths: list[int], spans: list[list[tuple[int, int]]]) -> list[int]:
    """The places from the lowest up, the order that makes the layers shortest (every order
    tried when there are few places; else the places active longest lowest)."""
    codes = max((last for found in spans for _, last in found), default=-1) + 1
    active = [
        frozenset(p for p, found in enumerate(spans) if any(a <= t <= b for a, b in found))
        for t in range(codes)
    ]
    if len(widths) > 5:
        return sorted(range(len(widths)), key=lambda p: -sum(1 for now in active if p in now))
    best: tuple[int, list[int]] | None = None
    for ranked in permutations(range(len(widths))):
        lengths = [1]
        for p in ranked:
            lengths.append(lengths[-1] * widths[p])
        rank = {p: r for r, p in enumerate(ranked)}
        total = sum(lengths[max((rank[p] + 1 for p in now), default=0)] for now in active)
        if best is None or total < best[0]:
            best = (total, list(ranked))
    assert best is not None
    return best[1]


def _digits(span: tuple[int, int], slots: Iterable[int]) -> frozenset[int]:
    """The digits of the levels in ``slots`` where a copy may land: ``low <= level < high``,
    counted from ``low``."""
    low, high = span
    return frozenset(g - low for g in slots if low <= g < high)


def _flag_moves(
    layout: Layout,
    digit: int,
    ok: frozenset[int],
    flags: list[tuple[frozenset[int], int, int]],
    digit_mask: Callable[[int, frozenset[int]], Mask],
) -> list[tuple[tuple[int, ...], Mask]]:
    """The moves of a copy onto an explicit stand (level ``digit``, allowed levels ``ok``) that
    may meet needs or exact counts ``flags`` (slots, flag digit, ``high``: 0 for a need's flag,
    else a count's most): per set of digits it moves up one, the states that move exactly those.
    A need's flag is set when the copy lands on one of its slots and it is not set yet (a set
    flag stays); a count's counter goes up whenever the copy lands on one of its slots, and the
    states where it is ``high`` already have no such move (the count would be over)."""
    moves = []
    everything = frozenset(range(layout.widths[digit]))
    for chosen in product((False, True), repeat=len(flags)):
        mask = digit_mask(digit, ok)
        for setting, (slots, flag, high) in zip(chosen, flags, strict=True):
            below = frozenset(range(high)) if high else frozenset((0,))
            meets = digit_mask(digit, slots) & digit_mask(flag, below)
            if setting:
                mask &= meets
            elif high:
                mask &= digit_mask(digit, everything - slots)
            else:
                mask &= digit_mask(digit, everything - slots) | digit_mask(flag, frozenset((1,)))
        moves.append((tuple(f for s, (_, f, _) in zip(chosen, flags, strict=True) if s), mask))
    return moves


def _impossible(builder: _Builder) -> PackedPlan:
    return PackedPlan(
        Layout(1, ()),
        [],
        [],
        -1,
        0,
        builder.universe,
        builder.sizes,
        builder.levels,
        [],
        (),
        None,
        (),
        (),
        [],
    )


def _multinomial(total: int, parts: list[int]) -> int:
    result = 1
    for part in parts:
        result *= comb(total, part)
        total -= part
    return result
