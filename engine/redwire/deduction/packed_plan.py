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

An x1/x2/x3 token (``Normalized.runs``: the run of equal codes over its slot holds exactly ``n``
slots) needs no digit: a code whose run may cover its slot is dealt to the token's stand, and to
every other such stand, in one *block* after the other stands' copies (``Block`` ops, a layer set
aside until the code's ``Merge``: ``_Walk._blocks``), where the stand's level before and after the
code are both known, so the run is checked by the block's mask; its weight counts the places of
its copies among the code's. A block of many stands is dealt stand by stand (``Stage``: a chain
over partial layers by copies dealt so far, ``_Walk._stages``), not sharing by sharing. An order between two slots (``Pair``: ``le``, code(a) <= code(b))
is a ``Narrow`` after every code ``b`` may take (``b`` filled only where ``a`` is); ``lt`` also
keeps the two slots off one code: on every code both may hold, their stands take it in blocks
and the blocks covering both are left out (mission 43's Nano wire between two neighbours).
A class relation of two slots (a label of neighbours, ``Pair`` ``same`` / ``differ``) ties them
the same way on every blue code (the blocks covering exactly one, or both, are left out): see
``class_relations`` for the yellow and red codes it takes.

The plan is built in one layout (``layout``), every digit as wide as it is in the code it is
widest in. Where that leaves most of a layer's int empty, the walk re-lays it per code
(``packed_passes.relaid``, when the plan is sized): each code gets a layout whose digits are as
wide as the values the walk takes in that code (a stand's level range there, a flag or counter
of width 1 while it is closed), its ops remade in it (masks from their recipes,
``packing.remade``; steps by digits), and a ``Relayout`` op ends each code whose next code's
layout differs (``packing.relayout``: a gather of byte rows); ``layout_at(t)`` is then the
layout of boundary ``t`` and of code ``t``'s ops (mission 56's 5-player spectator after 8
actions: 2.4 M slots walked over its codes, 0.4 M re-laid). A slot's bytes are the whole deal's
in ``layout``; each pass then takes per code the bytes its weights need
(``packed_passes.narrowed``, from ``PackedPlan.weight_bounds``: a forward layer counts the codes
dealt so far, a completion layer those left), with a ``Relayout`` where they change, and its own
ops at those widths (``ops`` forward, ``back_ops`` backward).

Stands with one possible level at every point (the viewer's own, known stands) are *fixed*: their
runs are forced and only counted in ``factor`` (a token's run there is checked once). Positions
with counts other than "at least one" and exact ones, class relations that would need a colour
remembered (``class_relations``), or without a stand that can be implicit (no at-least-one fact
on two codes or more and no count over part of it), are left to the other engines
(``build_packed_plan`` gives ``None``).

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

from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass, field
from itertools import pairwise, permutations, product
from math import comb, factorial, prod

from engine.redwire.deduction.facts import SlotRef
from engine.redwire.deduction.levels import Fills, Levels, local_needs, stand_levels
from engine.redwire.deduction.normalize import Normalized, Pair, Tally, twins
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
class Stage:
    """One stand's part of a factorized ``Block`` (``_Walk._stages``): per option, its
    ``copies`` (1 or more), the states it fits (``sources``; their wide forms ``masks``, as far
    as the partial layers it meets reach) and its move, ``steps`` states up (``shifts`` bits).
    ``moves``: from partial layer ``(i, key)`` (copies dealt so far, the ties' memory: the
    tied slots covered so far that a later stage checks, 0 without ties) through option ``o``
    (-1: no copy) to partial layer ``(j, out)``, weighed ``C(j, c)``; only those on a path from
    the block's layer (0, 0) to its ``m`` copies (m, 0)."""

    stand: int
    copies: tuple[int, ...]
    sources: tuple[Mask, ...]
    steps: tuple[int, ...]
    shifts: tuple[int, ...]
    moves: tuple[tuple[int, int, int, int, int, int], ...]
    masks: tuple[int, ...] = ()


@dataclass(slots=True, frozen=True)
class Block:
    """Deal the last ``m`` copies of a code at once to the stands with an x1/x2/x3 token over a
    slot the code may cover (``_Walk._blocks``): every state stays in the layer (its block comes
    later), and those of ``sources[k]`` also go, ``steps[k]`` states up (``shifts[k]`` bits),
    their weight times ``scales[k]`` (the ways to place those copies among the code's), to a
    layer set aside until the code's ``Merge`` (no copy is dealt to them after their block);
    ``deals[k]``: the (stand, copies) of that way. ``masks``: the wide forms, as far as the walk
    reaches.

    Or, where the stands' options are independent (``_Walk._stages``), the same sum stand by
    stand: ``stages`` (the ways above empty), ``copies`` (``m``) and ``scale`` (``C(q, m)``):
    see ``packed_passes._chain``."""

    sources: tuple[Mask, ...]
    steps: tuple[int, ...]
    shifts: tuple[int, ...]
    scales: tuple[int, ...]
    deals: tuple[tuple[tuple[int, int], ...], ...]
    masks: tuple[int, ...] = ()
    stages: tuple[Stage, ...] = ()
    copies: int = 0
    scale: int = 1


@dataclass(slots=True, frozen=True)
class Merge:
    """The end of a code dealt in blocks: the layer set aside (the states whose block was dealt)
    added to the layer (those whose block had no copy)."""


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


@dataclass(slots=True, frozen=True)
class Relayout:
    """The end of a code whose next code has another layout (``packed_passes.relaid``) or
    another slot width in a pass (``packed_passes.narrowed``): every state moves to its index
    in ``target`` (the same digits, other widths; ``packing.relayout``), the few of ``source``
    that ``target`` has no room for (none that the walk reaches) dropped, and its weight to a
    slot of ``target_bytes``."""

    source: Layout
    target: Layout
    #: the bytes a slot before and after it (``packed_passes.narrowed``; 0: the layouts')
    source_bytes: int = 0
    target_bytes: int = 0


Op = Tile | Candidate | Narrow | Block | Merge | Subsets | Relayout


def tiles_of(op: Op) -> int:
    """How many copies' ``Tile`` moves ``op`` goes over the layer with (a ``Subsets``: its
    walks'), 1 for the others: what a walk's bytes count (``packed_passes.narrowed``)."""
    return sum(len(tiles) for _, tiles in op.walks) if isinstance(op, Subsets) else 1


#: Whether a block is dealt stand by stand (``Stage``, ``_Walk._stages``) where that makes fewer
#: mask ops than its ways or where the ways are wrong (``True``), always (``"always"``: tests),
#: or never (``False``: tests, the ways alone, wrong where two stands share a flag).
FACTOR_BLOCKS: bool | str = True

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
    levels: list[Fills]  # per stand, per boundary: the possible levels (as ``plan``)
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
    #: per op (by ``id``), the states the walk may reach before it (``packed_passes._reaching``,
    #: on the re-laid ops), once known: a refined close call counts them (``choice.walk_sizes``)
    #: and the solve's ``sized`` finds them (they were counted twice: 0.4-1 ms)
    reaching: dict[int, tuple[int, int]] | None = None
    #: whether the ops' wide masks are made (``packed_passes.sized``)
    sized: bool = False
    #: per boundary, the layout of the layer before that code (``packed_passes.relaid``: each
    #: code's digits as wide as the walk takes them in it; ``None``: ``layout`` throughout)
    layouts: list[Layout] | None = None
    #: per code, its factors of the weight bounds (``_Builder.weight_factors``), and the free
    #: stands they share copies among (``weight_bounds``)
    weight_factors: tuple[tuple[int, int, int], ...] = ()
    weight_bins: int = 0
    #: per boundary, the bytes a slot of the forward and of the completion layer there, and of
    #: the ops of the code after it in that pass (``packed_passes.narrowed``; empty: the
    #: layout's ``bytes_per_slot`` throughout)
    forward_bytes: tuple[int, ...] = ()
    backward_bytes: tuple[int, ...] = ()
    #: the ops of ``ops`` as the backward pass applies them (their masks and shifts at its
    #: slot widths: ``packed_passes.sized``); empty: ``ops``
    back_ops: list[Op] = field(default_factory=list)

    def weight_bounds(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Per code boundary ``t`` (``len(universe) + 1`` of them), the most a slot may weigh
        in a forward layer before code ``t`` and in a completion layer there, reached or not:
        ``_Builder.weight_bound``'s two bounds over the copies of the codes before ``t`` (a
        forward weight counts the ways those were dealt), and over those from ``t`` on (a
        completion, the ways to deal the rest). Both grow with the copies they count, so the
        bound at ``t + 1`` forward (at ``t`` backward) holds every layer inside code ``t`` too,
        with part of its copies dealt (``packed_passes.narrowed``): a ``Subsets`` walk is a walk
        of fewer moves, each slot at most the full walk's, and the positive part of their signed
        sum is never masked (its carries cancel with the negative part's borrows); a block's
        set-aside layer holds states with all of the code's copies dealt. Forward the end is
        the plan's ``weight_bound``, and backward the start. Made when asked (``balanced`` per
        boundary: a small plan is never narrowed and does not pay for them)."""
        factors, bins = self.weight_factors, self.weight_bins
        return (
            _running_bounds(factors, bins),
            _running_bounds(factors[::-1], bins)[::-1],
        )

    def layout_at(self, t: int) -> Layout:
        """The layout of the layer before code ``t`` and of the ops of code ``t`` (but the
        ``Relayout`` that ends it, whose layer after is the next one's)."""
        return self.layout if self.layouts is None else self.layouts[t]


def build_packed_plan(
    norm: Normalized, *, only_if_faster: bool = False, levels: Levels | None = None
) -> PackedPlan | None:
    """The packed plan of ``norm``, or ``None`` when the sparse engine must solve it (or, with
    ``only_if_faster``, should: see ``_Builder.costs``). ``levels``: ``stand_levels`` of
    ``norm``, if already known."""
    if not takes(norm):
        return None
    builder = _builder(norm, levels)
    if only_if_faster:
        packed, sparse = builder.estimates()
        if packed is None or packed > sparse:
            return None
    return builder.build()


def takes(norm: Normalized) -> bool:
    """Whether the packed engine may take ``norm`` at all (no count but exact ones: ``Tally``
    with ``low == high``, a counter each; x1/x2/x3 tokens are dealt in blocks; class relations
    of two slots as ``class_relations`` takes them)."""
    exact = all(tally.low == tally.high for tally in norm.tallies)
    # A token's slot is blue (``cases``): no "k of m" candidate is dealt in a block.
    candidates = {code for cands, _ in norm.groups for code in cands}
    blocks = not any(norm.allowed[s][i] & candidates for s, i, _ in norm.runs)
    return norm.feasible and exact and blocks and class_relations(norm) is not None


#: A class relation of two slots as the packed engine keeps it: (first, second, same class).
Relation = tuple[SlotRef, SlotRef, bool]
#: A tie of two slots on one code dealt in blocks (``_Builder.ties``): (first, second, together):
#: the blocks must cover both or neither (``together``), or not both.
Tie = tuple[SlotRef, SlotRef, bool]


def class_relations(norm: Normalized) -> list[Relation] | None:
    """The class relations of two slots (``labels`` of neighbours, ``Pair`` ``same`` /
    ``differ``) as the packed engine takes them (``None``: it cannot).

    Two blue slots are of one class when they hold one code: on each blue code, the stands of
    the two slots take it in blocks (``_Walk._block``), which leave out the blocks that cover
    exactly one of them ("same") or both ("differ"), as for an order "below". Two yellow (red)
    slots are of one class whatever their codes, which a block does not see:

    * "differ": taken where no yellow or red may lie on both at once (``normalize.twins``).
      "Not both yellow" is "at least one holds a code that is not yellow", a need whose flag
      lives over nearly every code: tried on mission 43's 5-player spectator after 16 actions
      (yellow 4.1, 7.1 and 9.1 beside each other), the packed walk took 290-325 ms with it,
      85-98 ms without it, the direct engine 115-220 ms: left to the others;
    * "same": ``normalize`` kept on each slot only the codes the other can match, so a yellow
      or red left on one slot may lie on both. With one such colour (mission 62's red 2.5 and
      3.5) no memory is needed: the blocks leave out a blue code on one slot alone, so what is
      left is one blue code on both or that colour on both. With two colours the colour would
      have to be remembered: not taken.
    """
    relations = [((s, i), (s, i + 1), same) for s, i, same in norm.labels]
    relations += [
        (pair.first, pair.second, pair.relation == "same")
        for pair in norm.pairs
        if pair.relation in ("same", "differ")
    ]
    if not relations:
        return []
    colours, twin = norm.colours, twins(norm.copies, norm.groups)
    candidates = {code for cands, _ in norm.groups for code in cands}
    for first, second, same in relations:
        (sa, ia), (sb, ib) = first, second
        a, b = norm.allowed[sa][ia], norm.allowed[sb][ib]
        if same:
            if {c for c in a | b if not colours[c]} & candidates:
                return None  # a blue candidate would need a block (``_candidate`` has none)
            if len({colours[c] for c in a | b if colours[c]}) > 1:
                return None
            continue
        if any(colours[x] == colours[y] != 0 and twin(x, y) for x in a for y in b):
            return None
    return relations


def rough_costs(norm: Normalized, levels: Levels) -> tuple[float | None, float]:
    """Rough times (ns) of the packed engine (``None``: it cannot take ``norm``) and of the
    sparse one, from the fill levels alone (``_Builder.costs``)."""
    builder = _builder(norm, levels)
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
# Building a block's ways (``_Walk._block``: masks per sharing, a Python step per start level)
# costs about this per way the estimate counts; on the small positions of missions 24, 40 and 43
# (3,500-13,000 direct states) it was most of the packed engine's 7-14 ms, the direct engine's
# 3-5 ms.
BLOCK_NS = 1e5
# And a plan with blocks or orders about this more (their masks, made anew): the positions of
# missions 24, 40 and 43 of 1,600-16,000 direct states walked 2-3 times slower packed (5-14 ms)
# than direct (2-7 ms), their rough estimates a few ms apart.
BLOCK_FIXED_NS = 5e6
# A packed layer longer than this is left to the sparse engine whatever the estimates say (many
# at-least-one facts at once: each doubles the layer).
MAX_LAYER_BYTES = 1 << 26


#: The last few builders, each with the problem (kept alive with it, so compared by identity)
#: and the levels it was made for: the estimate of a direction (``rough_costs``, from
#: ``choice._option``) and the plan then built for it (``build_packed_plan``) share one, whose
#: stands' roles, blocks and ties are found once (mission 43's spectators: ~1.5 ms a problem).
_BUILDERS: list[tuple[Normalized, Levels | None, _Builder]] = []


def _builder(norm: Normalized, levels: Levels | None) -> _Builder:
    """The builder of ``norm`` with ``levels``: a kept one if made for these very objects."""
    for made_for, at, builder in _BUILDERS:
        # Levels made again for the same problem are equal, not the same (a direction weighed
        # by ``choice.differ_variants`` and then by ``choose``): a few hundred ints compared.
        if made_for is norm and (at is levels or at == levels):
            return builder
    builder = _Builder(norm, levels)
    _BUILDERS.append((norm, levels, builder))
    del _BUILDERS[:-4]
    return builder


#: ``_Builder._layout``: the fixed stands, the implicit one, the explicit ones and the implicit
#: one's bounds
StandRoles = tuple[tuple[int, ...], int | None, tuple[int, ...], dict[int, tuple[int, int]]]


class _Builder:
    def __init__(self, norm: Normalized, levels: Levels | None = None) -> None:
        self.relations = class_relations(norm) or []
        self.norm = norm
        #: whether blocks or orders are in the plan (``BLOCK_FIXED_NS``)
        self.tied = bool(norm.runs or norm.pairs or norm.labels)
        self.universe = norm.universe
        self.index = {code: t for t, code in enumerate(self.universe)}
        # Levels pruned by the one-stand needs too are still every level a world can have.
        _, _, self.levels = levels or stand_levels(norm, local_needs(norm))
        self.sizes = tuple(len(stand) for stand in norm.allowed)
        #: per stand, the codes some slot of it allows (``takes``)
        self.held = [frozenset[int]().union(*stand) for stand in norm.allowed]
        self._checked: dict[int, list[int]] | None = None
        # What the estimate found, kept for the plan (``builder``: the same problem's builder
        # serves ``rough_costs`` and then ``build_packed_plan``).
        self._stands: StandRoles | tuple[()] | None = None
        self._estimates: tuple[float | None, float] | None = None
        self._blocks: dict[int, list[int]] | None = None
        self._ties: dict[int, list[Tie]] | None = None
        self._run_codes: list[list[int]] | None = None

    def _layout(self) -> StandRoles | None:
        """The fixed stands, the implicit one, the explicit ones and the implicit one's bounds
        (``None``: no stand can be implicit), found once per builder."""
        if self._stands is None:
            self._stands = self._roles()
        return self._stands or None

    def _roles(self) -> StandRoles | tuple[()]:
        """``_layout`` (``()``: no stand can be implicit)."""
        stands = range(len(self.sizes))
        fixed = tuple(s for s in stands if all(len(lv) == 1 for lv in self.levels[s]))
        free = [s for s in stands if s not in fixed]
        needy = {s for need in self.norm.needs for s in need.slots}
        # A need with a flag keeps its stands explicit (the flag is set by their moves); one
        # that ``Subsets`` checks does not: its slots on the implicit stand are barred by masks
        # on its level, as holes are (``_Walk._hole_levels``).
        checked = {k for found in self.checked().values() for k in found}
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
            return ()
        candidates = [s for s in free if s not in flagged | counted]
        if free and not candidates:
            return ()
        # A stand whose slots hold intervals needs no mask on its copies (``_Walk._holes``).
        implicit = (
            max(candidates, key=lambda s: (not self._holes(s), self._width(s)))
            if candidates
            else None
        )
        explicit = self._digit_order([s for s in free if s != implicit])
        bound = {} if implicit is None else self._interval_bounds(implicit)
        return fixed, implicit, explicit, bound

    def _digit_order(self, explicit: list[int]) -> tuple[int, ...]:
        """The explicit stands in digit order, the fullest lowest: a layer's int is as long as
        its highest state, ``sum(digit * stride)``, so a digit that is 0 or low over most codes
        (a flipped pair, a stand pinned but at a few codes) is best on top, where its 0 leaves
        the whole span of its stride unused. Two digits' exchange lowers every layer's highest
        state where the one on top has the lower fill, value over width - 1: the stands are
        sorted by that fill summed over the codes (weighed by their copies, each an op).

        Mission 64's 5-player spectator after 8 actions: a pair stand (digit of width 3) that
        moves at its last two codes only sat below a stand of width 7, leaving two thirds of
        most layers empty."""
        ends = range(len(self.universe))
        copies = [self.norm.copies[code] for code in self.universe]

        def fill(s: int) -> float:
            levels = self.levels[s]
            spans = [levels[t + 1][-1] - levels[t][0] for t in ends]
            used = sum(q * span for q, span in zip(copies, spans, strict=True))
            return used / max(*spans, 1)

        return tuple(sorted(explicit, key=fill, reverse=True))

    def _whole(self, tally: Tally, s: int) -> bool:
        """Whether ``tally`` holds every slot of stand ``s`` that allows one of its codes."""
        slots = {j for j, codes in enumerate(self.norm.allowed[s]) if codes & tally.codes}
        return slots <= tally.slots[s]

    def estimates(self) -> tuple[float | None, float]:
        """``costs`` of this position (the packed one ``None`` when no stand can be implicit),
        found once per builder."""
        if self._estimates is None:
            self._estimates = self._estimated()
        return self._estimates

    def _estimated(self) -> tuple[float | None, float]:
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
        subsets = self.checked()
        tops = _top_lengths(self._tops(subsets), len(self.universe))
        edges = 0
        copies = 0  # the packed engine's, times the layer's tops while each is dealt
        blocks = self.block_stands() if self.tied else {}
        moves = 0  # the ways the blocks of x1/x2/x3 tokens' stands deal (``_Walk._blocks``)
        for t, code in enumerate(self.universe):
            takers = [s for s in free if self.levels[s][t] != self.levels[s][t + 1]]
            q = min(self.norm.copies[code], sum(self.sizes[s] for s in takers))
            edges += states[t] * (comb(q + len(takers) - 1, q) if takers else 1)
            copies += (q << len(subsets.get(t, ()))) * tops[t]
            if t in blocks:
                moves += comb(q + len(blocks[t]), q)
        slots = prod(self._width(s) for s in explicit)
        width = 8 + 4 * len(free)  # bytes per slot, about
        packed = 2 * (copies * (len(explicit) + 1) + moves) * 3 * slots * width * BYTE_NS
        packed += sum(states) * PACKED_STATE_NS + PACKED_FIXED_NS
        packed += moves * BLOCK_NS + (BLOCK_FIXED_NS if self.tied else 0.0)
        sparse = edges * EDGE_NS + sum(states) * SPARSE_STATE_NS + SPARSE_FIXED_NS
        return packed, sparse

    def checked(self) -> dict[int, list[int]]:
        """The needs ``Subsets`` checks, per code number (``subset_needs``): not on a code dealt
        in blocks (``block_stands``), where the blocks' moves set the needs' flags."""
        if self._checked is None:
            self._checked = subset_needs(self.norm, self.index, self.block_stands())
        return self._checked

    def block_stands(self) -> dict[int, list[int]]:
        """Per code, the stands that take it in one block (``_Walk._blocks``): those with an
        x1/x2/x3 token whose slot the code's run may cover (``run_codes``), but fixed stands,
        and those of the two slots of an order "below" or a class relation it ties (``ties``)."""
        if self._blocks is not None:
            return self._blocks
        blocks: dict[int, list[int]] = {}
        self._blocks = blocks
        for (s, _, _), codes in zip(self.norm.runs, self.run_codes(), strict=True):
            if any(len(level) > 1 for level in self.levels[s]):
                for t in codes:
                    if s not in blocks.setdefault(t, []):
                        blocks[t].append(s)
        for t, ties in self.ties().items():
            for stand in (slot[0] for a, b, _ in ties for slot in (a, b)):
                if stand not in blocks.setdefault(t, []):
                    blocks[t].append(stand)
        return blocks

    def ties(self) -> dict[int, list[Tie]]:
        """Per code, the two slots its blocks must not both cover (an order "below", ``Pair``
        ``lt``, or "differ", on a code both may hold) or must cover both or neither ("same", on a
        blue code either may hold): their stands take it in blocks (``_Walk._block``). A
        yellow or red code is no tie (``class_relations``)."""
        if self._ties is not None:
            return self._ties
        allowed, colours = self.norm.allowed, self.norm.colours
        found: dict[int, list[Tie]] = {}
        self._ties = found
        below = [(p.first, p.second, False, True) for p in self.norm.pairs if p.relation == "lt"]
        classes = [(first, second, same, False) for first, second, same in self.relations]
        for first, second, same, order in [*below, *classes]:
            a, b = allowed[first[0]][first[1]], allowed[second[0]][second[1]]
            for code in a | b if same else a & b:
                if order or colours[code] == 0:
                    found.setdefault(self.index[code], []).append((first, second, same))
        return found

    def run_codes(self) -> list[list[int]]:
        """Per x1/x2/x3 token (``Normalized.runs``), the codes whose run may cover its slot: the
        slot allows the code and the stand's levels may bracket the slot while it is dealt."""
        if self._run_codes is not None:
            return self._run_codes
        found: list[list[int]] = []
        self._run_codes = found
        for s, i, _ in self.norm.runs:
            levels, allowed = self.levels[s], self.norm.allowed[s][i]
            found.append(
                [
                    t
                    for t, code in enumerate(self.universe)
                    if code in allowed and levels[t][0] <= i < levels[t + 1][-1]
                ]
            )
        return found

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
        """Whether some slot of ``stand`` allows ``code`` (asked per copy and stand: each
        stand's codes are gathered once)."""
        return code in self.held[stand]

    def weight_bound(self, stands: list[int], fixed: tuple[int, ...]) -> int:
        """The most any slot of a layer may weigh, forward or backward, reached or not. A
        weight counts ways to share copies told apart (a sharing of a code's ``q`` copies counts
        ``q! / prod c_s!``) among the free stands, each candidate dealt or dropped: at most the
        product over the copies of the stands that may take one (a candidate's being dropped
        counting as one more), and at most, per choice of the candidates dropped, the ways to
        share the copies with the counts per stand that the state says, ``m! / prod c_s!``
        (Vandermonde: the sum over the codes' sharings with those counts), never above
        ``balanced`` of all the copies (``m`` grows with the copies dealt, or left to deal for a
        completion). The second bound is the tighter on wide openings (mission 52's spectator:
        5^51 against 51! / (10!^4 11!), 15 bytes a slot to 14; 7 stands, 7^49: 18 to 16), and
        every big-int op of the passes is as much shorter (``test_packed_slots.py`` checks it
        on every op's layer of random positions)."""
        return _total_bound(self.weight_factors(stands, fixed), len(stands))

    def weight_factors(
        self, stands: list[int], fixed: tuple[int, ...]
    ) -> tuple[tuple[int, int, int], ...]:
        """Per code, what it adds to ``weight_bound``'s two bounds: (the factor of the product,
        the copies dealt to the free stands, the candidates), for the bounds per boundary
        (``PackedPlan.weight_bounds``)."""
        per_code: list[tuple[int, int, int]] = []
        for t, code in enumerate(self.universe):
            takers = sum(1 for s in stands if self.takes(s, code))
            if any(code in cands for cands, _ in self.norm.groups):
                per_code.append((takers + 1, 1, 1))
            else:
                taken = sum(self.levels[s][t + 1][0] - self.levels[s][t][0] for s in fixed)
                dealt = max(self.norm.copies[code] - taken, 0)
                per_code.append((max(takers, 1) ** dealt, dealt, 0))
        return tuple(per_code)


def _total_bound(per_code: Iterable[tuple[int, int, int]], bins: int) -> int:
    """``_Builder.weight_bound`` from its ``weight_factors``."""
    bound, copies, candidates = 1, 0, 0
    for factor, dealt, chosen in per_code:
        bound *= factor
        copies += dealt
        candidates += chosen
    return min(bound, balanced(copies, bins) << candidates)


def slot_bytes(bound: int) -> int:
    """Bytes per slot for weights up to ``bound`` (``_Builder.weight_bound``): room for any
    weight, even of a state that never completes, and a spare top bit."""
    return (bound.bit_length() + 1 + 7) // 8


def _running_bounds(per_code: Sequence[tuple[int, int, int]], bins: int) -> tuple[int, ...]:
    """The bound of ``PackedPlan.weight_bounds`` over the first ``t`` codes of ``per_code``, for
    every ``t`` from 0: the least of the product of their factors and ``balanced`` of their
    copies times the choices of their candidates."""
    found = [1]
    bound, copies, candidates = 1, 0, 0
    for factor, dealt, chosen in per_code:
        bound *= factor
        copies += dealt
        candidates += chosen
        found.append(min(bound, balanced(copies, bins) << candidates))
    return tuple(found)


def balanced(copies: int, bins: int) -> int:
    """The most ways to share ``copies`` told apart among ``bins`` with given counts (a
    multinomial, greatest with counts as even as can be), for any number of them up to
    ``copies``: a bound on a packed weight (``_Builder.weight_bound``).

    >>> balanced(4, 2), balanced(5, 2), balanced(3, 0)
    (6, 10, 1)
    """
    if bins <= 0:
        return 1
    low, high = divmod(copies, bins)
    counts = [low + 1] * high + [low] * (bins - high)
    return factorial(copies) // prod(map(factorial, counts))


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
        self.subsets = builder.checked()
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
        # A code whose run may cover the slot of an x1/x2/x3 token (``Normalized.runs``) is
        # dealt to the token's stand in one block (``_blocks``).
        self.blocks = builder.block_stands()  # code -> the stands dealt in blocks
        # An order "below" (``Pair``, ``lt``) is an "at most" one (``orders``) whose slots do
        # not hold one code: on every code both may hold, their stands take it in blocks, and
        # the blocks that cover both slots are left out (``_block``). A "k of m" candidate
        # (``_candidate``, no block) has one copy: it never lies on both. Class relations tie
        # their slots on blue codes the same way (``class_relations``).
        self.ties = builder.ties()
        # An order between two slots (``Pair``, ``le``) is checked after every code the second
        # slot may take (``_in_order``).
        self.orders: dict[int, list[Pair]] = {}
        for pair in (p for p in norm.pairs if p.relation in ("le", "lt")):
            for code in norm.allowed[pair.second[0]][pair.second[1]]:
                self.orders.setdefault(index[code], []).append(pair)
        self.dead = False  # a fixed stand's slots break an order
        self.run_codes = builder.run_codes()
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
        self.weights = builder.weight_factors(self.free, fixed)
        self.layout = Layout(slot_bytes(_total_bound(self.weights, len(self.free))), widths)
        self.masks: dict[tuple[int, frozenset[int]], Mask] = {}
        self.ops: list[Op] = []
        self._ways: dict[
            tuple[int, int, int], list[tuple[int, Mask | None, int, frozenset[SlotRef]]]
        ]
        self._ways = {}  # ``_ways_of``
        #: per (stand, code), the starts of its blocks per length (``_fit_starts``); per (code
        #: number, stand, copies), the implicit stand's blocks (``_implicit_blocks``)
        self._starts: dict[tuple[int, int], list[frozenset[int]]] = {}
        self._implicit: dict[
            tuple[int, int, int],
            list[tuple[int, frozenset[SlotRef], list[tuple[int, int]], list[Mask], int]],
        ] = {}
        #: per (code number, stands apart, slots barred), the explicit stands' moves of a copy
        #: (``_explicit_moves``)
        self._moves: dict[tuple[object, ...], list[tuple[Mask, int, int]]] = {}
        #: per (code number, stands), the sharings of its blocks (``_sharings_of``)
        self._sharings: dict[tuple[int, tuple[int, ...]], list[Way]] = {}
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
        if not self._fixed_runs():
            return _impossible(builder)
        tied = {slot[0] for ties in self.ties.values() for a, b, _ in ties for slot in (a, b)}
        if tied & set(self.fixed):
            return None  # a known slot "below" another: the sparse engine's memory bit
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
            if self.dead:
                return _impossible(builder)
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
            weight_factors=self.weights,
            weight_bins=len(self.free),
        )

    def _fixed_runs(self) -> bool:
        """Whether the x1/x2/x3 tokens the walk has no digit for hold: on a fixed stand, the run
        over the slot is known (its length is checked here); elsewhere, no code can cover the
        slot (then no world)."""
        levels = self.builder.levels
        for (s, i, n), codes in zip(self.norm.runs, self.run_codes, strict=True):
            if s not in self.fixed:
                if not codes:
                    return False
                continue
            lows = [level[0] for level in levels[s]]
            if not any(a <= i < b and b - a == n for a, b in pairwise(lows)):
                return False
        return True

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
        blocked = self.blocks.get(t)
        needs = [self.norm.needs[k] for k in self.subsets.get(t, ())]
        if blocked:  # no need of this code is checked by ``Subsets`` (``_Builder.checked``)
            self._blocks(t, code, q, blocked)
        elif needs:
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
        for pair in self.orders.get(t, ()):
            kept = self._in_order(t, pair, floor)
            if kept is not None:
                self.ops.append(Narrow(kept, 0, 0))
        return floor

    def _in_order(self, t: int, pair: Pair, floor: int) -> Mask | None:
        """After code ``t``: the states where the second slot of ``pair`` (``le``: code(first)
        <= code(second)) is not filled unless the first one is (``None``: all of them). Checked
        after every code the second slot may take, that says it all: were the second's code
        below the first's, the boundary right after it would hold the second filled alone."""
        first = self._filled(t, *pair.first, floor)
        second = self._filled(t, *pair.second, floor, filled=False)  # not filled
        if first is True or second is True:
            return None
        if first is False and second is False:
            self.dead = True
            return None
        if first is False or second is False:
            return second if first is False else first  # type: ignore[return-value]
        return first | second

    def _filled(self, t: int, s: int, i: int, floor: int, *, filled: bool = True) -> Mask | bool:
        """After code ``t`` (its digits moved down): the states where slot ``i`` of stand ``s``
        is filled (``filled``: else empty); a bool where every state agrees (a fixed stand)."""
        size = self.builder.sizes[s]
        low, high = (i + 1, size) if filled else (0, i)
        if s in self.fixed:
            return low <= self.lows[s][t + 1] <= high
        if s != self.implicit:
            d = self.explicit.index(s)
            base, width = self.lows[s][t + 1], self.layout.widths[d]
            values = range(max(low - base, 0), min(high - base, width - 1) + 1)
            return self.digit_mask(d, frozenset(values))
        signs = [-1] * len(self.explicit) + [0] * self.tops
        for g, (first, last) in self.span.items():
            if first <= t < last:
                signs[self.digit_of[(0, g)]] = 1
        return self.layout.sum_mask(signs, floor, low, high)

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

    def _level_at(
        self, t: int, s: int, dealt: int, group: int | None
    ) -> Callable[[int, int], Mask]:
        """``at(low, high)``: the states where stand ``s``'s level is in ``[low, high]``, while
        code ``t`` is dealt (the free stands having taken ``dealt`` copies; a candidate of
        ``group`` counted there)."""
        lows = self.lows
        if s != self.implicit:
            d = self.explicit.index(s)
            low, width = lows[s][t], self.layout.widths[d]

            def explicit(first: int, last: int) -> Mask:
                values = range(max(first - low, 0), min(last - low, width - 1) + 1)
                return self.digit_mask(d, frozenset(values))

            return explicit
        signs = [-1] * len(self.explicit) + [0] * self.tops
        for g, (first, last) in self.span.items():
            if first < t < last or g == group:
                signs[self.digit_of[(0, g)]] = 1
        base = dealt - (group is not None) - sum(lows[e][t] for e in self.explicit)

        def implicit(first: int, last: int) -> Mask:
            return self.layout.sum_mask(signs, base, first, last)

        return implicit

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
        assert self.implicit is not None
        at = self._level_at(t, self.implicit, dealt, group)
        mask = at(*intervals[0])
        for low, high in intervals[1:]:
            mask = mask | at(low, high)
        return mask

    def _explicit_moves(
        self,
        t: int,
        code: int,
        apart: frozenset[int],
        barred: dict[int, frozenset[int]] | None,
    ) -> list[tuple[Mask, int, int]]:
        """The moves of a copy of code ``t`` onto the explicit stands (``_tile``: the states,
        the step, the stand), not onto those ``apart``, never onto the ``barred`` slots: they
        do not read the copies dealt before it (only the implicit stand's level does), so the
        code's copies dealt one by one (the implicit stand's holes) share them."""
        key = (t, apart, tuple(sorted(barred.items())) if barred else ())
        found = self._moves.get(key)
        if found is not None:
            return found
        layout = self.layout
        moves: list[tuple[Mask, int, int]] = []
        for d, s in enumerate(self.explicit):
            span_t = (self.lows[s][t], self.highs[s][t + 1])
            allowed = self.norm.allowed[s]
            ok = _digits(span_t, (g for g, codes in enumerate(allowed) if code in codes))
            if barred and s in barred:
                ok -= _digits(span_t, barred[s])
            if not ok or s in apart:
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
        self._moves[key] = moves
        return moves

    def _tile(
        self,
        t: int,
        code: int,
        dealt: int,
        group: int | None = None,
        apart: frozenset[int] = frozenset(),
        barred: dict[int, frozenset[int]] | None = None,
    ) -> Tile:
        """Dealing one copy of ``code`` (number ``t``) to a free stand, the free stands having
        taken ``dealt`` copies before it (and, a candidate of ``group``, it counted there); not
        to the stands ``apart`` (dealt in blocks: ``_blocks``), never to the ``barred`` slots
        (per stand: ``Subsets``)."""
        layout = self.layout
        moves = list(self._explicit_moves(t, code, apart, barred))
        implicit = (
            self.implicit is not None
            and self.implicit not in apart
            and self.builder.takes(self.implicit, code)
        )
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

    # ------------------------------------------------------------ x1/x2/x3 tokens: blocks

    def _blocks(self, t: int, code: int, q: int, stands: list[int]) -> None:
        """The ops of code ``t`` (``q`` copies for the free stands) when ``stands`` have an
        x1/x2/x3 token over a slot the code may cover: ``B_q, T_1, B_q-1, T_2, .., T_q``, then
        ``Merge``.

        ``T_k`` deals one copy to the other free stands (``_tile``). ``B_m`` deals the last
        ``m`` copies to ``stands`` at once, shared ``c`` among them, into a layer set aside
        that the ``T`` after it leave alone; every state also stays (its block comes later).
        ``Merge`` adds that layer to the states whose block has no copy. Each sharing of the
        ``q`` copies has one path, the block after the other stands' copies, whose ``T`` count
        their orders; ``B_m`` weighs it by ``q! / ((q - m)! prod c!)``, the places of the
        block's copies among the code's, so that it weighs ``q! / prod c!`` in all, as copies
        dealt one by one do. When a block is dealt, the stand's level before and after the code
        are both known: a token's run over its slot (the code's ``c`` copies from the level) is
        checked there (it holds exactly ``n``), with no memory in the state (a digit per token,
        moved copy by copy, made the layers ten times longer: a run may be over the slot on most
        codes of a spectator's stand)."""
        apart = frozenset(stands)
        same = self._hole_levels(t, code) is None or self.implicit in apart
        tile = self._tile(t, code, self.dealt, apart=apart) if same else None
        for k in range(q):
            self.ops.append(self._block(t, code, q, q - k, stands))
            step = tile or self._tile(t, code, self.dealt + k, apart=apart)
            self.ops.append(step)
            if not (step.implicit or step.steps):
                break  # no other stand takes a copy: only the first block has a world
        self.ops.append(Merge())

    def _block(self, t: int, code: int, q: int, m: int, stands: list[int]) -> Block:
        """``B_m`` of ``_blocks``: every sharing of ``m`` copies among ``stands``, each in the
        states where it fits (``_block_ways``)."""
        dealt = self.dealt + q - m  # the other stands took q - m copies before it
        ties = self.ties.get(t, [])  # two slots not both of this code, or both or neither
        apart = [tie for tie in ties if not tie[2]]
        ways = [self._ways_of(t, code, s, dealt, q, ties, m) for s in stands]
        if FACTOR_BLOCKS and (
            FACTOR_BLOCKS == "always"
            or self._shared(t, code, stands)
            or (not ties and _chain_wins(m, ways))
        ):
            stages = self._stages(m, stands, ways, ties)
            return Block((), (), (), (), (), stages=stages, copies=m, scale=comb(q, m))
        if self.implicit in stands:
            found = _sharings(stands, ways, m, apart)
        else:
            found = self._sharings_of(t, code, q, stands, apart, ties)
        # A way of m >= 1 copies has one of c >= 1, whose states are a mask.
        # "Same": a sharing may cover one slot of a pair before the stand of the other is
        # dealt its part, so those are checked once the sharing is whole.
        moves = [
            (mask, step, weight, deals)
            for total, mask, step, weight, deals, covered in found
            if total == m and mask is not None and not _broken(ties, covered)
        ]
        moves.sort(key=lambda move: move[2])  # by weight: the passes multiply each sum once
        ways_of = factorial(q) // factorial(q - m)
        return Block(
            tuple(mask for mask, _, _, _ in moves),
            tuple(step for _, step, _, _ in moves),
            tuple(step * self.layout.bits for _, step, _, _ in moves),
            tuple(ways_of // weight for _, _, weight, _ in moves),
            tuple(deals for _, _, _, deals in moves),
        )

    def _sharings_of(
        self, t: int, code: int, q: int, stands: list[int], apart: list[Tie], ties: list[Tie]
    ) -> list[Way]:
        """``_sharings`` of up to ``q`` copies among ``stands`` (none implicit), made once for
        all the code's blocks ``B_q .. B_1``: an explicit stand's options do not read the copies
        dealt before the block (``_ways_of``), and a sharing of ``m`` copies is one of ``q`` whose
        partial totals stay within ``m``, met in the same order (mission 43's spectator after 16
        actions: 64 blocks of three stands, each enumerated anew, were half of its plan)."""
        key = (t, tuple(stands))
        found = self._sharings.get(key)
        if found is None:
            ways = [self._ways_of(t, code, s, self.dealt, q, ties, q) for s in stands]
            found = self._sharings[key] = _sharings(stands, ways, q, apart)
        return found

    def _stages(
        self,
        m: int,
        stands: list[int],
        ways: list[list[tuple[int, Mask | None, int, frozenset[SlotRef]]]],
        ties: list[Tie],
    ) -> tuple[Stage, ...]:
        """A block's sum stand by stand (``packed_passes._chain``): per stand with a block of
        one copy or more, its options (copies, mask, step), the implicit stand's first.

        A chain tests each stand's mask on the state the stands before it have moved, as the
        copies dealt one by one would: an explicit stand's mask reads its own level, which no
        other stand moves, and the flags and counters of its facts on this code, which a stand
        before it may have set or counted (a need on two token stands: its flag is set once; an
        exact count over two: their copies add up), the very reading the ways on the source
        state got wrong (both stands set the flag: a 2 carried out of its digit). The implicit
        stand's level is read from the sum of the levels, which the others move: it goes
        first, on the source state. The weight splits the same way as the sharing: ``q! / (q
        - m)! / prod c!`` is ``C(q, m)`` (the places of the block's copies among the code's,
        once at the end) times the multinomial ``m! / prod c!``, which is the product over the
        stages of ``C(i + c, c)`` (``i`` copies dealt before the stage, ``c`` by it).

        ``ties`` (two slots not both of this code, or both or neither) are remembered in the
        partial layers' keys: the tied slots the stages so far covered whose partner's stand
        is still to come; a tie is checked at the stage of its later stand."""
        order = sorted(range(len(stands)), key=lambda k: stands[k] != self.implicit)
        options = [
            sorted(
                (way for way in ways[k] if way[0] and way[1] is not None and way[1].bits),
                key=lambda way: way[0],
            )
            for k in order
        ]
        found = [(k, chosen) for k, chosen in zip(order, options, strict=True) if chosen]
        position = {stands[k]: p for p, (k, _) in enumerate(found)}
        # A tie is decided at the stage of its later stand (-1: neither stand has a stage).
        decided = [max(position.get(a[0], -1), position.get(b[0], -1)) for a, b, _ in ties]
        most = [chosen[-1][0] for _, chosen in found]
        apart = ties_apart(ties)
        memory = [frozenset[SlotRef]()]  # the partial layers' keys: tied slots covered
        reached = {(0, 0)}
        made: list[list[tuple[int, int, int, int, int, int]]] = []
        for p, (_, chosen) in enumerate(found):
            here = [tie for tie, at in zip(ties, decided, strict=True) if at == p]
            later = {
                slot for tie, at in zip(ties, decided, strict=True) if at > p for slot in tie[:2]
            }
            rest = sum(most[p + 1 :])
            keys: dict[frozenset[SlotRef], int] = {}
            moves = []
            for i, key in sorted(reached):
                for o, (c, also) in [
                    (-1, (0, frozenset[SlotRef]())),
                    *enumerate((way[0], way[3]) for way in chosen),
                ]:
                    now = memory[key] | also
                    fits = i + c <= m and m - i - c <= rest
                    if (
                        fits
                        and not (here and _broken(here, now))
                        and not (apart and _both(apart, now))
                    ):
                        out = keys.setdefault(now & later, len(keys))
                        moves.append((i, key, o, i + c, out, comb(i + c, c)))
            memory = list(keys)
            reached = {(j, out) for _, _, _, j, out, _ in moves}
            made.append(moves)
        # Keep the moves on a path to the block's m copies (the last key is the empty memory).
        needed = {(m, 0)}
        for moves in reversed(made):
            moves[:] = [move for move in moves if (move[3], move[4]) in needed]
            needed = {(i, key) for i, key, _, _, _, _ in moves}
        bits = self.layout.bits
        return tuple(
            Stage(
                stands[k],
                tuple(way[0] for way in chosen),
                tuple(way[1] for way in chosen if way[1] is not None),
                tuple(way[2] for way in chosen),
                tuple(way[2] * bits for way in chosen),
                tuple(moves),
            )
            for (k, chosen), moves in zip(found, made, strict=True)
        )

    def _shared(self, t: int, code: int, stands: list[int]) -> bool:
        """Whether two of the block's stands move one flag or counter (a need or an exact count
        on both), or the implicit stand's counter: the ways, read on the source state, are
        wrong there (``_stages``)."""
        seen: set[int] = set()
        for s in stands:
            digits = {
                self.digit_of[(2, k)]
                for tally, _, k in self.tallies
                if s in tally.slots and code in tally.codes
            }
            digits |= {
                self.digit_of[(1, flag)]
                for need, _, flag in self.needs
                if s in need.slots and code in need.codes
            }
            if digits & seen:
                return True
            seen |= digits
        return False

    def _ways_of(
        self, t: int, code: int, s: int, dealt: int, q: int, ties: list[Tie], most: int
    ) -> list[tuple[int, Mask | None, int, frozenset[SlotRef]]]:
        """``_block_ways`` of ``c <= most`` copies, made once per code for all its blocks
        (``B_q .. B_1``: a block of fewer copies takes the same options of an explicit stand,
        which do not read the copies dealt before it; the implicit stand's level does)."""
        key = (t, s, dealt if s == self.implicit else -1)
        found = self._ways.get(key)
        if found is None:
            found = self._ways[key] = self._block_ways(t, code, s, dealt, q, ties)
        return [way for way in found if way[0] <= most]

    def _block_ways(
        self,
        t: int,
        code: int,
        s: int,
        dealt: int,
        most: int,
        ties: list[Tie],
    ) -> list[tuple[int, Mask | None, int, frozenset[SlotRef]]]:
        """The blocks of ``c <= most`` copies of code ``t`` stand ``s`` may take: per way, ``c``,
        the states (``None``: all), the step (its level, and the need flags and counts it
        meets) and the slots of ``ties`` (not both of one code, or both or neither) it covers. A
        block fits where its slots allow the code, it ends within the stand's levels and every
        x1/x2/x3 token of the stand over one of its slots has ``n == c``."""
        marks = sorted({i for a, b, _ in ties for stand, i in (a, b) if stand == s})
        layout = self.layout

        none: frozenset[SlotRef] = frozenset()

        def covers(a: int, c: int) -> frozenset[SlotRef]:
            if not marks:  # most blocks: no tie on the stand
                return none
            return frozenset((s, i) for i in marks if a <= i < a + c)

        ways: list[tuple[int, Mask | None, int, frozenset[SlotRef]]] = [(0, None, 0, none)]
        if s == self.implicit:
            at = self._level_at(t, s, dealt, None)
            for c, covered, intervals, counts, step in self._implicit_blocks(
                t, code, s, most, ties
            ):
                mask = _union([at(a, b) for a, b in intervals])
                for more in counts:
                    mask &= more
                ways.append((c, mask, step, covered))
            return ways
        fit = self._fit_starts(s, code)
        d = self.explicit.index(s)
        low, high, width = self.lows[s][t], self.highs[s][t + 1], layout.widths[d]
        facts = [
            (need.slots[s], self.digit_of[(1, flag)], 0)
            for need, _, flag in self.needs
            if s in need.slots and code in need.codes
        ]
        facts += [
            (tally.slots[s], self.digit_of[(2, k)], tally.high)
            for tally, _, k in self.tallies
            if s in tally.slots and code in tally.codes
        ]
        # Per fact, how many of its slots lie below each slot: a block from ``a`` of ``c``
        # copies covers ``below[a + c] - below[a]`` of them.
        size = len(self.norm.allowed[s])
        unders = [
            [sum(1 for g in slots if g < a) for a in range(size + 1)] for slots, _, _ in facts
        ]
        for c in range(1, most + 1):
            # The start levels whose block fits, by what it meets: per fact, its slots covered.
            meets: dict[tuple[tuple[int, ...], frozenset[SlotRef]], set[int]] = {}
            for v in range(width):
                a = low + v
                if a + c <= high and c < len(fit) and a in fit[c]:
                    met = tuple(below[a + c] - below[a] for below in unders)
                    meets.setdefault((met, covers(a, c)), set()).add(v)
            for (met, covered), values in meets.items():
                ways += [
                    (c, mask, step, covered)
                    for c, mask, step in self._fact_ways(c, d, values, facts, met)
                ]
        return ways

    def _fit_starts(self, s: int, code: int) -> list[frozenset[int]]:
        """Per number of copies ``c`` (index), the slots of stand ``s`` where a block of ``c``
        copies of ``code`` may start: its slots allow the code and every x1/x2/x3 token of the
        stand over one of them has ``n == c`` (a run of ``c`` copies there is the code's whole
        run). From each slot's run of slots allowing the code, found once per stand and code
        (each start and length tried anew per block was a third of the blocks' ways on mission
        40's spectator)."""
        known = self._starts.get((s, code))
        if known is not None:
            return known
        allowed = self.norm.allowed[s]
        size = len(allowed)
        reach = [0] * (size + 1)  # per slot, how many slots from it on allow the code
        for a in range(size - 1, -1, -1):
            reach[a] = reach[a + 1] + 1 if code in allowed[a] else 0
        runs = [(i, n) for stand, i, n in self.norm.runs if stand == s]
        found: list[frozenset[int]] = [frozenset()]
        # No block has more copies than the code or slots than the stand.
        for c in range(1, min(size, self.norm.copies[code]) + 1):
            # A token of another ``n`` bars the blocks of ``c`` copies over its slot.
            barred = {a for i, n in runs if n != c for a in range(i - c + 1, i + 1)}
            found.append(
                frozenset(a for a in range(size - c + 1) if reach[a] >= c and a not in barred)
            )
        self._starts[s, code] = found
        return found

    def _implicit_blocks(
        self, t: int, code: int, s: int, most: int, ties: list[Tie]
    ) -> list[tuple[int, frozenset[SlotRef], list[tuple[int, int]], list[Mask], int]]:
        """The implicit stand's blocks of code ``t`` as ``_block_ways`` makes them for any
        copies dealt before (which only move the levels its masks read): per way, ``c``, the
        tied slots covered, the intervals of start levels, the masks of its exact counts and its
        step; made once per code (blocks ``B_q .. B_1`` each read them at their own level)."""
        key = (t, s, most)
        found = self._implicit.get(key)
        if found is not None:
            return found
        marks = sorted({i for a, b, _ in ties for stand, i in (a, b) if stand == s})
        none: frozenset[SlotRef] = frozenset()
        strides = self.layout.strides
        counted = [
            (self.digit_of[(2, k)], tally.high)
            for tally, _, k in self.tallies
            if s in tally.slots and code in tally.codes
        ]
        fit = self._fit_starts(s, code)
        found = []
        for c in range(1, min(most, len(fit) - 1) + 1):
            by_cover: dict[frozenset[SlotRef], list[int]] = {}
            for a in sorted(fit[c]):
                covered = frozenset((s, i) for i in marks if a <= i < a + c) if marks else none
                by_cover.setdefault(covered, []).append(a)
            counts = [
                self.digit_mask(digit, frozenset(range(high - c + 1))) for digit, high in counted
            ]
            step = c * sum(strides[d] for d, _ in counted)
            for covered, starts in by_cover.items():
                found.append((c, covered, _intervals(starts), counts, step))
        self._implicit[key] = found
        return found

    def _fact_ways(
        self,
        c: int,
        d: int,
        values: set[int],
        facts: list[tuple[frozenset[int], int, int]],
        covered: tuple[int, ...],
    ) -> list[tuple[int, Mask | None, int]]:
        """A block of ``c`` copies from the levels ``values`` of digit ``d`` that covers
        ``covered[k]`` slots of ``facts[k]`` (slots, digit, ``high``: 0 a need's flag, else an
        exact count's most): a need's flag is set if it was not (a set one stays), a count's
        counter goes up by the slots covered (where it stays within ``high``)."""
        layout = self.layout
        found: list[tuple[Mask, int]] = [
            (self.digit_mask(d, frozenset(values)), c * layout.strides[d])
        ]
        for (_, digit, high), count in zip(facts, covered, strict=True):
            if not count:
                continue
            stride = layout.strides[digit]
            if high:
                below = self.digit_mask(digit, frozenset(range(high - count + 1)))
                found = [(mask & below, step + count * stride) for mask, step in found]
                continue
            unset = self.digit_mask(digit, frozenset((0,)))
            kept = self.digit_mask(digit, frozenset((1,)))
            found = [
                way
                for mask, step in found
                for way in ((mask & unset, step + stride), (mask & kept, step))
            ]
        return [(c, mask, step) for mask, step in found if mask.bits]


#: a sharing of a block being made (``_Walk._block``): copies so far, states (``None``: all), step,
#: the product of the shares' factorials, the (stand, copies) dealt, the slots of orders covered
Way = tuple[int, Mask | None, int, int, tuple[tuple[int, int], ...], frozenset[SlotRef]]


def _sharings(
    stands: list[int],
    ways: list[list[tuple[int, Mask | None, int, frozenset[SlotRef]]]],
    m: int,
    apart: list[Tie],
) -> list[Way]:
    """Every sharing of up to ``m`` copies among ``stands`` (per stand, its ``ways``), stand by
    stand: those whose states are none or whose covered slots break a tie kept apart dropped
    as soon as they are met (``_Walk._block``)."""
    found: list[Way] = [(0, None, 0, 1, (), frozenset())]
    for s, options in zip(stands, ways, strict=True):
        found = [
            (
                total + c,
                more if mask is None else mask if more is None else mask & more,
                step + extra,
                weight * factorial(c),
                (*deals, (s, c)) if c else deals,
                covered | also,
            )
            for total, mask, step, weight, deals, covered in found
            for c, more, extra, also in options
            if total + c <= m and not (apart and _both(apart, covered | also))
        ]
        found = [way for way in found if way[1] is None or way[1].bits]
    return found


def _chain_wins(m: int, ways: list[list[tuple[int, Mask | None, int, frozenset[SlotRef]]]]) -> bool:
    """Whether a block of ``m`` copies without ties makes fewer mask ops as a chain
    (``_Walk._stages``) than as its ways (``_Walk._block``), counted from the number of each
    stand's options per number of copies (the masks may still leave some out): the ways are
    the sharings, the product of those numbers; the chain's, per stage, the options from each
    partial layer on a path to ``m`` copies. Two stands: ``m + 1`` ways, ``2m`` chain moves."""
    # Plain loops: asked for every block (48 on mission 40's spectator), on a few small counts.
    counts = []
    most = []  # per stand, its most copies
    for options in ways:
        per = [0] * (m + 1)
        for c, mask, _, _ in options:
            if c and mask is not None and mask.bits:
                per[c] += 1
        top = m
        while top and not per[top]:
            top -= 1
        if top:
            counts.append(per)
            most.append(top)
    # The ways: the coefficient of x^m in the product of (1 + sum per[c] x^c).
    sharings = [1] + [0] * m
    for per in counts:
        product = []
        for j in range(m + 1):
            total = sharings[j]
            for c in range(1, j + 1):
                if per[c]:
                    total += sharings[j - c] * per[c]
            product.append(total)
        sharings = product
    # The chain: moves from copies i before the stage to j after it, on a path from 0 to m.
    reached = {0}
    ops = 0
    rest = sum(most)
    for p, per in enumerate(counts):
        rest -= most[p]
        ends = {i for i in reached if m - i <= rest}
        for i in reached:
            for c in range(1, m - i + 1):
                if per[c] and m - i - c <= rest:
                    ops += per[c]
                    ends.add(i + c)
        reached = ends
    return ops < sharings[m]


def ties_apart(ties: list[Tie]) -> list[Tie]:
    """The ties that keep their two slots off one code."""
    return [tie for tie in ties if not tie[2]]


def _both(apart: list[Tie], covered: frozenset[SlotRef]) -> bool:
    """Whether a block covers both slots of a tie that keeps them apart (an order "below",
    "differ": one code on both fails)."""
    return any(a in covered and b in covered for a, b, _ in apart)


def _broken(ties: list[Tie], covered: frozenset[SlotRef]) -> bool:
    """Whether a whole sharing of a code's blocks breaks a tie: both slots of one kept apart,
    or exactly one of two kept together ("same")."""
    return any(
        (a in covered) != (b in covered) if together else a in covered and b in covered
        for a, b, together in ties
    )


def _intervals(values: list[int]) -> list[tuple[int, int]]:
    """Sorted ``values`` as intervals ``(first, last)``.

    >>> _intervals([0, 1, 2, 5, 7, 8])
    [(0, 2), (5, 5), (7, 8)]
    """
    found: list[tuple[int, int]] = []
    for v in values:
        if found and found[-1][1] == v - 1:
            found[-1] = (found[-1][0], v)
        else:
            found.append((v, v))
    return found


def _union(masks: list[Mask]) -> Mask:
    result = masks[0]
    for mask in masks[1:]:
        result = result | mask
    return result


def subset_needs(
    norm: Normalized, index: dict[int, int], blocked: Collection[int] = ()
) -> dict[int, list[int]]:
    """Per code number, the needs on that code alone that ``Subsets`` checks (indices into
    ``norm.needs``; at most ``MAX_SUBSET_NEEDS`` per code, a candidate's never: its copy is
    dealt by a ``Candidate``; nor those of the code numbers ``blocked``, dealt in blocks, whose
    moves set flags: ``_Walk._block_ways``)."""
    candidates = {code for cands, _ in norm.groups for code in cands}
    found: dict[int, list[int]] = {}
    for k, need in enumerate(norm.needs):
        if len(need.codes) == 1 and not need.codes & candidates:
            (code,) = need.codes
            if index[code] in blocked:
                continue
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
    place_of, widths = _places_of(tuple(tops))
    return list(place_of), list(widths)


#: ``_places`` by its digits: asked twice per plan (``_Builder.costs``, ``_Walk``) and again by
#: later solves of the game, whose facts change little (mission 41's 4-player spectator after 8
#: actions: 2.8 ms each time, most of its routing)
_PLACES: dict[tuple[tuple[int, int, int], ...], tuple[tuple[int, ...], tuple[int, ...]]] = {}


def forget() -> None:
    """Empty what plans keep across solves (``_PLACES``, ``_BUILDERS``):
    ``solver.forget_caches``."""
    _PLACES.clear()
    _BUILDERS.clear()


def _places_of(
    tops: tuple[tuple[int, int, int], ...],
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """``_places``, kept in ``_PLACES``."""
    found = _PLACES.get(tops)
    if found is not None:
        return found
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
    found = tuple(rank[p] for p in place_of), tuple(widths[p] for p in ranked)
    if len(_PLACES) >= 256:
        _PLACES.clear()
    _PLACES[tops] = found
    return found


def _rank_places(widths: list[int], spans: list[list[tuple[int, int]]]) -> list[int]:
    """The places from the lowest up, the order that makes the layers shortest (every order
    tried when there are few places, the first of the shortest kept; else the places active
    longest lowest).

    The codes with the same places active weigh alike in every order: each such set is summed
    once, times its codes (five places: 120 orders, each over a handful of sets, not over
    every code)."""
    codes = max((last for found in spans for _, last in found), default=-1) + 1
    active = [
        frozenset(p for p, found in enumerate(spans) if any(a <= t <= b for a, b in found))
        for t in range(codes)
    ]
    if len(widths) > 5:
        return sorted(range(len(widths)), key=lambda p: -sum(1 for now in active if p in now))
    alike: dict[frozenset[int], int] = {}
    for now in active:
        alike[now] = alike.get(now, 0) + 1
    idle = alike.pop(frozenset(), 0)  # a layer of no place active: one slot per state
    sets = [(tuple(now), count) for now, count in alike.items()]
    best: tuple[int, list[int]] | None = None
    for ranked in permutations(range(len(widths))):
        lengths = [1]
        for p in ranked:
            lengths.append(lengths[-1] * widths[p])
        rank = [0] * len(widths)
        for r, p in enumerate(ranked):
            rank[p] = r + 1
        total = idle
        for held, count in sets:
            total += count * lengths[max(rank[p] for p in held)]
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
