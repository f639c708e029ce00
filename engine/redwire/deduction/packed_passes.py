"""The packed engine's passes: forward, backward (the transposed ops), fill levels and sampling.

``forward`` keeps the layer before every code; ``backward`` runs the transposed ops from the end
state and keeps the completion layer before every code (sampling recomputes those inside a code). Where both a layer and its completions are
non-zero, a state is live; the weight of a fill level of a stand before a code is the sum of
``F * B`` over the live states with that level (``PackedTables.fill_weights``), one Python step
per live state instead of one per DP edge (``_accumulate``).

>>> from engine.redwire.deduction import Pool, Position, Stand
>>> from engine.redwire.deduction.normalize import normalize
>>> from engine.redwire.deduction.packed_plan import build_packed_plan
>>> pos = Position(Pool(((1, 2), (2, 1))), (Stand(0, (None, None)), Stand(1, (None,))))
>>> plan = build_packed_plan(normalize(pos))
>>> tables = PackedTables(plan, forward(plan))
>>> tables.dp_total, tables.fill_weights(1, 1)      # 3 deals; B holds a 1 in two of them
(3, {0: 1, 1: 2})
"""

from __future__ import annotations

import sys
from array import array
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import replace
from itertools import chain, repeat
from math import prod
from random import Random

from engine.redwire.deduction.packed_plan import (
    Block,
    Candidate,
    Merge,
    Narrow,
    Op,
    PackedPlan,
    Relayout,
    Stage,
    Subsets,
    Tile,
    slot_bytes,
    tiles_of,
)
from engine.redwire.deduction.packing import (
    Layout,
    Mask,
    Widened,
    digit_highs,
    reindex,
    relayout,
    relayout_bits,
    remade,
    set_bits,
    widen,
)


def _tile(op: Tile, layer: int) -> int:
    result = layer if op.implicit else None
    for mask, shift in zip(op.masks, op.shifts, strict=True):
        result = _plus(result, _up(layer & mask, shift))
    return result or 0


def _tile_back(op: Tile, layer: int) -> int:
    result = layer if op.implicit else None
    for mask, shift in zip(op.masks, op.shifts, strict=True):
        result = _plus(result, _down(layer, shift) & mask)
    return result or 0


def _up(part: int, shift: int) -> int:
    """``part << shift``: not done when ``shift`` is 0, as ``x << 0`` copies a long int (~40 µs
    a 140 KB layer; the implicit stand's moves in a block or past a hole have step 0)."""
    return part << shift if shift else part


def _down(part: int, shift: int) -> int:
    """``part >> shift`` (not done when ``shift`` is 0: ``x >> 0`` copies too, ~60 µs)."""
    return part >> shift if shift else part


def _plus(total: int | None, part: int) -> int:
    """``total + part``, or ``part`` itself where there is no ``total`` yet: ``0 + x`` copies
    a long int (a pass over the layer, as long as an ``&`` and a shift together; mission 40's
    5-player spectator after 8 actions made ~400 such copies a solve, ~10 ms)."""
    return part if total is None else total + part


def _subsets(op: Subsets, layer: int, back: bool = False) -> int:
    """The signed sum of ``op``'s walks from ``layer`` (``back``: of their transposes, each
    walk's tiles transposed in reverse order): every slot of it is the weight of the deals
    meeting the needs, never negative, so the sum of the packed ints is that layer (carries and
    borrows between the slots of the parts cancel)."""
    plus: int | None = None
    minus: int | None = None
    for sign, tiles in op.walks:
        walked = layer
        for tile in reversed(tiles) if back else tiles:
            walked = _tile_back(tile, walked) if back else _tile(tile, walked)
        if sign > 0:
            plus = _plus(plus, walked)
        else:
            minus = _plus(minus, walked)
    total = plus or 0
    return total if minus is None else total - minus


def forward(plan: PackedPlan) -> list[int]:
    """The layer before every code (``len(universe) + 1`` layers, the last one the end)."""
    sized(plan)
    layer = 1
    aside = 0  # the states whose block was dealt, until the code's merge
    layers = []
    ops = plan.ops
    for t in range(len(plan.universe)):
        layers.append(layer)
        for op in ops[plan.starts[t] : plan.starts[t + 1]]:
            layer, aside = step(op, layer, aside)
    layers.append(layer)
    return layers


def step(op: Op, layer: int, aside: int) -> tuple[int, int]:
    """One op of the forward walk: the layer after it, and what blocks have set aside until
    their code's ``Merge``."""
    if isinstance(op, Tile):
        return _tile(op, layer), aside
    if isinstance(op, Candidate):
        kept = _up(layer & op.keep_wide, op.shift)
        if op.tile is not None:
            kept = _tile(op.tile, kept)
        return (kept if op.drop is None else (layer & op.drop_wide) + kept), aside
    if isinstance(op, Subsets):
        return _subsets(op, layer), aside
    if isinstance(op, Narrow):
        return _down(layer & op.wide, op.shift), aside
    if isinstance(op, Block):
        moved = _block(op, layer)
        return layer, aside + moved if aside else moved
    if isinstance(op, Relayout):
        return _relayout(op, layer), aside
    return (layer + aside if aside else layer), 0


def _relayout(op: Relayout, layer: int, back: bool = False) -> int:
    """``op`` on a packed layer (``back``: its transpose, the states moved back: the same
    gather the other way, as every state it keeps moves to one index and back; the slot
    widths of the backward pass's op are those of its completion layers)."""
    source, target = (op.target, op.source) if back else (op.source, op.target)
    width, new = (op.target_bytes, op.source_bytes) if back else (op.source_bytes, op.target_bytes)
    return relayout(
        layer,
        source.widths,
        target.widths,
        width or source.bytes_per_slot,
        new or target.bytes_per_slot,
    )


def _relayout_bits(op: Relayout, support: int, back: bool = False) -> int:
    source, target = (op.target, op.source) if back else (op.source, op.target)
    return relayout_bits(support, source.widths, target.widths)


def _block(op: Block, layer: int) -> int:
    """What a block sets aside (the layer itself stays): its moves by weight, summed, then
    multiplied by it once (or stand by stand: ``_chain``)."""
    if op.stages:
        return _chain(op, layer)
    moves = (_up(layer & wide, shift) for wide, shift in zip(op.masks, op.shifts, strict=True))
    return _weighed(op, moves)


def _weighed(op: Block, moves: Iterable[int]) -> int:
    """The sum of a block's ``moves`` (one per way) times their ways' weights: the moves come
    grouped by weight (``packed_plan._Walk._block``), each group summed, then multiplied once.
    Each move is made as it is added (a generator), so that no more than two are alive."""
    result: int | None = None
    moved: int | None = None
    scale = 1
    for part, weight in zip(moves, op.scales, strict=True):
        if weight != scale and moved is not None:
            result = _plus(result, moved if scale == 1 else moved * scale)
            moved = None
        scale = weight
        moved = _plus(moved, part)
    if moved is not None:
        result = _plus(result, moved if scale == 1 else moved * scale)
    return result or 0


def _block_back(op: Block, aside: int) -> int:
    """The completions a block's states get through the layer it sets aside (whose completions
    are ``aside``, those after the code's merge)."""
    if op.stages:
        return _chain_back(op, aside)
    moves = (_down(aside, shift) & wide for wide, shift in zip(op.masks, op.shifts, strict=True))
    return _weighed(op, moves)


def _chain(op: Block, layer: int) -> int:
    """A factorized block (``packed_plan._Walk._stages``): the partial layers ``parts[j, k]``
    of the states ``j`` copies into the block (``k``: the ties' memory, ``Stage.moves``), stage
    by stage, ``G_s[j] = sum over c + i = j of C(j, c) * ((G_s-1[i] & M_s,c) << step_s,c)``
    (``c = 0``: ``G_s-1[j]`` itself), then ``C(q, m) * G_last[m]``: a few mask ops per stand
    and copies where the ways were a product of them (mission 24's spectator: 38 where there
    were 70 ways of 4 copies among 5 stands). The moves into one partial layer are summed by
    weight and multiplied once per weight."""
    parts: dict[Part, int] = {}
    for made in chain_parts(op, layer):
        parts = made
    found = parts.get((op.copies, 0), 0)
    return found if op.scale == 1 else found * op.scale


def chain_parts(op: Block, layer: int) -> Iterator[dict[Part, int]]:
    """``_chain``'s partial layers after each stage (what their slots hold is checked against
    the weight bound: ``test_packed_slots``)."""
    parts = {(0, 0): layer}
    for stage in op.stages:
        sums: dict[tuple[Part, int], int] = {}  # (partial layer, weight) -> moves summed
        for i, key, o, j, out, weight in stage.moves:
            part = parts.get((i, key))
            if part is not None:
                moved = part if o < 0 else _up(part & stage.masks[o], stage.shifts[o])
                _add(sums, ((j, out), weight), moved)
        parts = _weigh(sums)
        yield parts


#: a partial layer of a factorized block: (copies dealt so far, the ties' memory)
Part = tuple[int, int]


def _add(sums: dict[tuple[Part, int], int], key: tuple[Part, int], moved: int) -> None:
    """``moved`` added to ``sums[key]``; the first one kept as it is (no copy: ``0 + x`` is a
    pass over the layer)."""
    found = sums.get(key)
    sums[key] = moved if found is None else found + moved


def _weigh(sums: dict[tuple[Part, int], int]) -> dict[Part, int]:
    """The partial layers: per ``(partial layer, weight)``, its sum times its weight, added up
    by partial layer (those that are 0 dropped)."""
    parts: dict[Part, int] = {}
    for (part, weight), moved in sums.items():
        if moved:
            weighed = moved if weight == 1 else moved * weight
            found = parts.get(part)
            parts[part] = weighed if found is None else found + weighed
    return parts


def _chain_back(op: Block, aside: int) -> int:
    """The transposed ``_chain``: the completions ``after[j, k]`` of the partial layers, from
    the last stage's (``aside`` at ``m`` copies) back to the block's states (0 copies); a
    partial layer's completions are its moves' completions, summed by weight."""
    after: dict[Part, int] = {}
    for made in chain_parts_back(op, aside):
        after = made
    found = after.get((0, 0), 0)
    return found if op.scale == 1 else found * op.scale


def chain_parts_back(op: Block, aside: int) -> Iterator[dict[Part, int]]:
    """``_chain_back``'s partial completion layers before each stage, the last stage first."""
    after = {(op.copies, 0): aside}
    for stage in reversed(op.stages):
        sums: dict[tuple[Part, int], int] = {}
        for i, key, o, j, out, weight in stage.moves:
            later = after.get((j, out))
            if later is not None:
                moved = later if o < 0 else _down(later, stage.shifts[o]) & stage.masks[o]
                _add(sums, ((i, key), weight), moved)
        after = _weigh(sums)
        yield after


def _chain_reach(op: Block, support: int) -> tuple[int, int]:
    """``_chain`` with one bit per state (``|`` for ``+``): the states it sets aside, and the
    most states a stage's masks meet (its partial layers' reach: ``sized``)."""
    parts = {(0, 0): support}
    widest = support.bit_length()
    for stage in op.stages:
        made: dict[Part, int] = {}
        for i, key, o, j, out, _ in stage.moves:
            part = parts.get((i, key))
            if part:
                widest = max(widest, part.bit_length())
                moved = part if o < 0 else (part & stage.sources[o].bits) << stage.steps[o]
                made[j, out] = made.get((j, out), 0) | moved
        parts = made
    return parts.get((op.copies, 0), 0), widest


def _chain_reach_back(op: Block, aside: int) -> int:
    """The transposed ``_chain_reach``."""
    after = {(op.copies, 0): aside}
    for stage in reversed(op.stages):
        made: dict[Part, int] = {}
        for i, key, o, j, out, _ in stage.moves:
            later = after.get((j, out))
            if later:
                moved = later if o < 0 else (later >> stage.steps[o]) & stage.sources[o].bits
                made[i, key] = made.get((i, key), 0) | moved
        after = made
    return after.get((0, 0), 0)


def sized(plan: PackedPlan) -> None:
    """Make the wide masks of ``plan``'s ops, each as far as the last state the walk reaches
    where it is applied (``supports``): the layers go no further, and most of a wide layout
    (flags and counters on top) is never reached, so full-length masks would cost most of a solve
    to build. The backward pass applies the same masks: it is then exact on every reached state,
    all that the marginals and sampling read (a state it gets wrong is one no deal reaches).
    Each pass's ops are made at its own slot widths (``narrowed``): ``ops`` forward,
    ``back_ops`` backward; a code's copies share an op per width, and a width's masks their
    wide forms (a ``Widened`` per width)."""
    if plan.sized:
        return
    relaid(plan)
    reaching = plan.reaching if plan.reaching is not None else _reaching(plan)
    narrowed(plan, reaching)
    first = plan.ops
    shared = Widened(lambda: _masks(first))
    longest = _longest(plan, reaching)
    widens: dict[int, Widened] = {}
    made: dict[tuple[int, int], Op] = {}

    def sized_at(k: int, widths: Sequence[int]) -> Op:
        op, t = first[k], plan.code_of_op[k]
        if isinstance(op, Relayout):
            return replace(op, source_bytes=widths[t], target_bytes=widths[t + 1])
        width = widths[t]
        found = made.get((id(op), width))
        if found is None:
            widened = widens.get(width)
            if widened is None:
                widened = widens[width] = Widened(of=shared, longest=longest.get(width, {}))
            found = made[id(op), width] = _sized_op(op, reaching[id(op)], width, widened)
        return found

    plan.ops = [sized_at(k, plan.forward_bytes) for k in range(len(first))]
    plan.back_ops = [sized_at(k, plan.backward_bytes) for k in range(len(first))]
    plan.sized = True


def _longest(plan: PackedPlan, reaching: dict[int, tuple[int, int]]) -> dict[int, dict[int, int]]:
    """Per slot width, per mask's bits: the most states any op of ``plan`` applies it to at
    that width, in either pass (``_uses``). Each wide form is made that long at once: made as
    each op asks, a form asked for again longer was made again (mission 40's spectator after 8
    actions: 81 of 395 forms, 9.5 of 40 MB); a longer form serves every op (``&`` stops at
    the shorter int)."""
    found: dict[int, dict[int, int]] = {}
    for op, t in zip(plan.ops, plan.code_of_op, strict=True):
        reach = reaching.get(id(op))  # none: a ``Relayout`` put in by ``narrowed``, no masks
        uses = [] if reach is None else list(_uses(op, reach))
        for width in {forward_width(plan, t), backward_width(plan, t)}:
            longest = found.setdefault(width, {})
            for mask, states in uses:
                if longest.get(mask.bits, 0) < states:
                    longest[mask.bits] = states
    return found


def _uses(op: Op, reach: tuple[int, int]) -> Iterator[tuple[Mask, int]]:
    """The masks ``_sized_op`` widens for ``op`` and how far each."""
    states, kept = reach
    if isinstance(op, Tile):
        yield from ((mask, states) for mask in op.sources)
    elif isinstance(op, Subsets):
        yield from (
            (mask, kept) for _, tiles in op.walks for tile in tiles for mask in tile.sources
        )
    elif isinstance(op, Candidate):
        if op.tile is not None:
            yield from ((mask, kept) for mask in op.tile.sources)
        if op.drop is not None:
            yield op.drop, states
        yield op.keep, states
    elif isinstance(op, Block):
        for stage in op.stages:
            yield from ((mask, max(states, kept)) for mask in stage.sources)
        yield from ((mask, states) for mask in op.sources)
    elif isinstance(op, Narrow):
        yield op.mask, states


#: Slot widths are rounded up to a multiple of this many bytes (``narrowed``): a mask's wide
#: form is made per width (and kept across plans per width, ``packing._WIDES``), so a few
#: widths shared by the codes and by the positions of a game make fewer forms. Tests set it
#: to 1 (the least width the bound allows at every boundary).
WIDTH_STEP = 4
#: A plan is narrowed only where that saves this many bytes of big-int ops or more (the layers'
#: reach times the bytes cut a slot, over its ops, both passes): below, the second set of ops
#: and wide forms and the re-stridings cost about what they save (real positions of 5-10 ms
#: timed both ways: 40-80 KB saved, some 0.5-1 ms slower; the bench's 5-player mid-games after
#: 12 cuts, new deals each, a little slower at 256 KB, as fast at 1 MB; mission 24's 5-player
#: spectator after 8 actions saves 3.4 MB, 148 -> 89 ms). Tests set it to 0.
NARROW_BYTES = 1 << 20


def narrowed(plan: PackedPlan, reaching: dict[int, tuple[int, int]]) -> None:
    """Give each code's slots, in each pass, the bytes its weights need (``forward_bytes``,
    ``backward_bytes``), not the plan's total's everywhere: a forward layer before code ``t``
    counts the deals of the codes before it, a completion layer those of the codes from ``t``
    on (``PackedPlan.weight_bounds``), so their bytes grow from a few to the total's, each way,
    and every big-int op of a code is as much shorter. Code ``t``'s ops run forward at the
    bound of boundary ``t + 1`` (its copies dealt one by one stay below it), backward at that
    of boundary ``t``; the layer before code ``t`` is at code ``t``'s width in each pass (the
    end, at the last code's). A ``Relayout`` (the same layout, other slot bytes) ends each code
    after which a pass's width changes and whose next code has the same layout. ``reaching``:
    the states each op is applied to (``_reaching``), for the bytes it saves
    (``NARROW_BYTES``)."""
    if plan.forward_bytes or plan.final < 0 or not plan.universe:
        return
    count, top = len(plan.universe), plan.layout.bytes_per_slot
    if not plan.weight_factors or top <= WIDTH_STEP:
        plan.forward_bytes = plan.backward_bytes = (top,) * (count + 1)
        return
    ahead, behind = plan.weight_bounds()
    forward = tuple(_slot_width(ahead[min(t + 1, count)], top) for t in range(count + 1))
    backward = tuple(_slot_width(behind[min(t, count - 1)], top) for t in range(count + 1))
    saved = sum(
        reaching[id(op)][0] * tiles_of(op) * (2 * top - forward[t] - backward[t])
        for op, t in zip(plan.ops, plan.code_of_op, strict=True)
    )
    if saved < NARROW_BYTES:
        forward = backward = (top,) * (count + 1)
    plan.forward_bytes, plan.backward_bytes = forward, backward
    layouts = plan.layouts or [plan.layout] * (count + 1)
    ops: list[Op] = []
    starts: list[int] = []
    code_of_op: list[int] = []
    for t in range(count):
        starts.append(len(ops))
        ops += plan.ops[plan.starts[t] : plan.starts[t + 1]]
        changes = forward[t + 1] != forward[t] or backward[t + 1] != backward[t]
        if t + 1 < count and layouts[t + 1] is layouts[t] and changes:
            ops.append(Relayout(layouts[t], layouts[t]))
        code_of_op += [t] * (len(ops) - len(code_of_op))
    starts.append(len(ops))
    if len(ops) != len(plan.ops):
        plan.ops, plan.starts, plan.code_of_op = ops, starts, code_of_op
        plan.supports = None  # indexed by op


def _slot_width(bound: int, top: int) -> int:
    """The bytes of a slot for weights up to ``bound``, rounded up to ``WIDTH_STEP``, never
    over the plan's one width ``top``."""
    return min(top, -(-slot_bytes(bound) // WIDTH_STEP) * WIDTH_STEP)


def _masks(ops: Iterable[Op]) -> Iterator[Mask]:
    """The masks ``ops`` apply, once per op (a code's copies share theirs)."""
    seen: set[int] = set()
    for op in ops:
        if id(op) in seen:
            continue
        seen.add(id(op))
        if isinstance(op, Block):
            yield from op.sources
            for stage in op.stages:
                yield from stage.sources
        elif isinstance(op, Tile):
            yield from op.sources
        elif isinstance(op, Subsets):
            yield from _masks(tile for _, tiles in op.walks for tile in tiles)
        elif isinstance(op, Candidate):
            yield op.keep
            if op.drop is not None:
                yield op.drop
            if op.tile is not None:
                yield from op.tile.sources
        elif isinstance(op, Narrow):
            yield op.mask


#: A plan takes per-code layouts (``relaid``) when the layers' extents, summed over its codes,
#: are this many times the boxes of the digits' ranges the walk takes in them, or more: below,
#: the re-layouts at the boundaries and the masks of more layouts cost more than they save.
RELAYOUT_GAIN = 1.5
#: ... and when the slots it saves, summed over the codes, are this many bytes or more: each
#: code's layout has its masks to make (cold in the real bench: a game's positions share the
#: plan's one layout, not their re-laid ones) and each boundary its gathers, a few ms in all,
#: which a small walk does not win back (real positions timed both ways, warm and cold: under
#: 250 KB saved mostly 1-10 ms slower, over 700 KB all faster, mission 20's 5-player spectator
#: after 8 actions 4.3 MB saved, 187 -> 118 ms).
RELAYOUT_BYTES = 1 << 19


def relaid(plan: PackedPlan) -> None:
    """Give each code of ``plan`` its own layout where that pays (``RELAYOUT_GAIN``,
    ``RELAYOUT_BYTES``): each digit
    as wide as the values the walk takes in that code (``_code_unions``, ``digit_highs``), not
    the widest over all codes (a stand's range of levels, a flag or counter only while it is
    open); a ``Relayout`` ends each code whose next code's layout differs. The ops are remade in
    their code's layout: their masks by the layout (``packing.remade``), their steps by digits.
    The walk then reaches the same states, in a layer of a few times fewer slots (mission 56's
    spectator: 8.8 times). A state of a code's box the walk does not reach may move out of it
    (its digit past the width carries into the next one): it weighs 0 forward, and the backward
    layers are read only at reached states."""
    if plan.layouts is not None or plan.final < 0 or not plan.universe:
        return
    glob = plan.layout
    if len(plan.universe) * glob.size * glob.bytes_per_slot < RELAYOUT_BYTES:
        return  # it could not save that much: no walk to find out
    unions = _code_unions(plan)
    if not all(unions):
        return
    widths = [tuple(high + 1 for high in digit_highs(seen, glob.widths)) for seen in unions]
    boxes = sum(prod(found) for found in widths)
    extents = sum(seen.bit_length() for seen in unions)
    if extents < RELAYOUT_GAIN * boxes or (extents - boxes) * glob.bytes_per_slot < RELAYOUT_BYTES:
        return
    made: dict[tuple[int, ...], Layout] = {}
    layouts = [made.setdefault(found, Layout(glob.bytes_per_slot, found)) for found in widths]
    ops: list[Op] = []
    starts: list[int] = []
    code_of_op: list[int] = []
    for t, layout in enumerate(layouts):
        starts.append(len(ops))
        remake = _Remake(glob, layout)
        ops += [remake.op(op) for op in plan.ops[plan.starts[t] : plan.starts[t + 1]]]
        if t + 1 < len(layouts) and layouts[t + 1] is not layout:
            ops.append(Relayout(layout, layouts[t + 1]))
        code_of_op += [t] * (len(ops) - len(code_of_op))
    starts.append(len(ops))
    plan.ops, plan.starts, plan.code_of_op = ops, starts, code_of_op
    plan.layouts = [*layouts, layouts[-1]]
    plan.supports = None  # those of the one layout


class _Remake:
    """A code's ops remade in its layout ``layout`` from the plan's one layout ``glob``: a
    code's copies share their ops, and the ops their masks (``packing.remade``)."""

    def __init__(self, glob: Layout, layout: Layout) -> None:
        self.glob, self.layout = glob, layout
        self.masks: dict[int, Mask] = {}
        self.ops: dict[int, Op] = {}

    def op(self, op: Op) -> Op:
        found = self.ops.get(id(op))
        if found is None:
            found = self.ops[id(op)] = self._op(op)
        return found

    def _op(self, op: Op) -> Op:
        bits = self.layout.bits
        if isinstance(op, Tile):
            return self._tile(op)
        if isinstance(op, Subsets):
            return Subsets(tuple((sign, tuple(map(self.op, tiles))) for sign, tiles in op.walks))  # type: ignore[arg-type]
        if isinstance(op, Candidate):
            step = self.step(op.step)
            return Candidate(
                None if op.drop is None else self.mask(op.drop),
                self.mask(op.keep),
                step,
                step * bits,
                None if op.tile is None else self._tile(op.tile),
            )
        if isinstance(op, Narrow):
            step = self.step(op.step)
            return Narrow(self.mask(op.mask), step, step * bits)
        if isinstance(op, Block):
            steps = tuple(map(self.step, op.steps))
            return Block(
                tuple(map(self.mask, op.sources)),
                steps,
                tuple(step * bits for step in steps),
                op.scales,
                op.deals,
                stages=tuple(map(self._stage, op.stages)),
                copies=op.copies,
                scale=op.scale,
            )
        return op

    def _stage(self, stage: Stage) -> Stage:
        steps = tuple(map(self.step, stage.steps))
        return replace(
            stage,
            sources=tuple(map(self.mask, stage.sources)),
            steps=steps,
            shifts=tuple(step * self.layout.bits for step in steps),
        )

    def _tile(self, op: Tile) -> Tile:
        sources = tuple(map(self.mask, op.sources))
        steps = tuple(map(self.step, op.steps))
        return Tile(
            op.implicit,
            (),
            tuple(step * self.layout.bits for step in steps),
            tuple(mask.bits for mask in sources),
            steps,
            op.stands,
            sources,
        )

    def mask(self, mask: Mask) -> Mask:
        return remade(mask, self.layout, self.masks)

    def step(self, step: int) -> int:
        """A move of ``step`` states in the one layout (each digit up or down by less than its
        width there: its digits in mixed radix), in this layout."""
        result = 0
        for stride, new in zip(
            reversed(self.glob.strides), reversed(self.layout.strides), strict=True
        ):
            digit, step = divmod(step, stride)
            result += digit * new
        return result


def _code_unions(plan: PackedPlan) -> list[int]:
    """Per code, the states the walk (in the one layout) may reach in it: before, inside and
    after its ops (a ``Subsets``: inside its widest walk, which holds the others')."""
    reach, aside = 1, 0
    unions = []
    for t in range(len(plan.universe)):
        seen = reach
        for op in plan.ops[plan.starts[t] : plan.starts[t + 1]]:
            if isinstance(op, Tile):
                reach = _reach(op, reach)
            elif isinstance(op, Candidate):
                kept = (reach & op.keep.bits) << op.step
                seen |= kept
                if op.tile is not None:
                    kept = _reach(op.tile, kept)
                reach = kept if op.drop is None else (reach & op.drop.bits) | kept
            elif isinstance(op, Subsets):
                for tile in op.walks[0][1]:
                    reach = _reach(tile, reach)
                    seen |= reach
            elif isinstance(op, Narrow):
                reach = (reach & op.mask.bits) >> op.step
            elif isinstance(op, Block):
                moved = _block_reach(op, reach)
                aside |= moved
                seen |= moved
            else:
                reach, aside = reach | aside, 0
            seen |= reach
        unions.append(seen)
    return unions


def _sized_op(op: Op, reach: tuple[int, int], width: int, widened: Widened) -> Op:
    """``op`` with its wide masks and its shifts for slots of ``width`` bytes, its masks as far
    as ``reach``: the states before the op, and (a candidate) before its tile; (a ``Subsets``)
    as far as its widest walk reaches, for every walk, so that each is exact on every state and
    their signed sum never negative."""
    states, kept = reach
    bits = 8 * width
    if isinstance(op, Tile):
        return _sized_tile(op, states, width, widened)
    if isinstance(op, Subsets):
        sized: dict[int, Tile] = {}  # a walk's copies share a tile
        walks = []
        for sign, tiles in op.walks:
            for tile in tiles:
                if id(tile) not in sized:
                    sized[id(tile)] = _sized_tile(tile, kept, width, widened)
            walks.append((sign, tuple(sized[id(tile)] for tile in tiles)))
        return Subsets(tuple(walks))
    if isinstance(op, Candidate):
        return replace(
            op,
            tile=None if op.tile is None else _sized_tile(op.tile, kept, width, widened),
            drop_wide=0 if op.drop is None else widen(op.drop, states, width, widened),
            keep_wide=widen(op.keep, states, width, widened),
            shift=op.step * bits,
        )
    if isinstance(op, Block):
        # A stage meets partial layers a little longer than the block's source (``_reaching``).
        stages = tuple(
            replace(
                stage,
                masks=tuple(
                    widen(mask, max(states, kept), width, widened) for mask in stage.sources
                ),
                shifts=tuple(step * bits for step in stage.steps),
            )
            for stage in op.stages
        )
        return replace(
            op,
            masks=tuple(widen(mask, states, width, widened) for mask in op.sources),
            shifts=tuple(step * bits for step in op.steps),
            stages=stages,
        )
    if isinstance(op, Merge | Relayout):
        return op
    return replace(op, wide=widen(op.mask, states, width, widened), shift=op.step * bits)


def _sized_tile(op: Tile, states: int, width: int, widened: Widened) -> Tile:
    masks = tuple(widen(mask, states, width, widened) for mask in op.sources)
    return replace(op, masks=masks, shifts=tuple(step * 8 * width for step in op.steps))


def _reaching(plan: PackedPlan) -> dict[int, tuple[int, int]]:
    """Per op (by ``id``: a code's copies share one): how many states the walk may reach before
    it and, a candidate, before its tile (the most over its uses)."""
    found: dict[int, tuple[int, int]] = {}
    reach = 1
    aside = 0
    for op in plan.ops:
        states, kept_states = reach.bit_length(), 0
        if isinstance(op, Tile):
            after = _reach(op, reach)
        elif isinstance(op, Candidate):
            kept = (reach & op.keep.bits) << op.step
            kept_states = kept.bit_length()
            if op.tile is not None:
                kept = _reach(op.tile, kept)
            after = kept if op.drop is None else (reach & op.drop.bits) | kept
        elif isinstance(op, Subsets):
            after = reach
            for tile in op.walks[0][1]:  # the widest walk (``_subsets_reach``)
                after = _reach(tile, after)
                kept_states = max(kept_states, after.bit_length())
        elif isinstance(op, Narrow):
            after = (reach & op.mask.bits) >> op.step
        elif isinstance(op, Block):
            if op.stages:
                moved, kept_states = _chain_reach(op, reach)
            else:
                moved = _block_reach(op, reach)
            aside |= moved
            after = reach
        elif isinstance(op, Relayout):
            after = _relayout_bits(op, reach)
        else:
            after, aside = reach | aside, 0
        before = found.get(id(op), (0, 0))
        found[id(op)] = (max(before[0], states), max(before[1], kept_states))
        reach = after
    return found


def _subsets_reach(op: Subsets, support: int) -> int:
    """The states ``op`` may reach from ``support``: those of its first walk (the empty set of
    needs failing, every move), which holds the others'. A state in it may still weigh 0 (the
    needs not met): the supports are then a little wide, never short."""
    for tile in op.walks[0][1]:
        support = _reach(tile, support)
    return support


def _subsets_reach_back(op: Subsets, support: int) -> int:
    """The transposed ``_subsets_reach``."""
    for tile in reversed(op.walks[0][1]):
        support = _reach_back(tile, support)
    return support


def total(plan: PackedPlan, end: int) -> int:
    """The weight of the end state in the last forward layer ``end``."""
    return _read_slot(end, plan.final, forward_width(plan, len(plan.universe)))


def forward_width(plan: PackedPlan, t: int) -> int:
    """The bytes a slot of the forward layer before code ``t`` (and of code ``t``'s ops)."""
    return plan.forward_bytes[t] if plan.forward_bytes else plan.layout.bytes_per_slot


def backward_width(plan: PackedPlan, t: int) -> int:
    """The bytes a slot of the completion layer before code ``t`` (and of code ``t``'s ops in
    the backward pass)."""
    return plan.backward_bytes[t] if plan.backward_bytes else plan.layout.bytes_per_slot


def _back_ops(plan: PackedPlan) -> list[Op]:
    return plan.back_ops or plan.ops


def _read_slot(packed: int, index: int, width: int) -> int:
    """The value of one state of a layer of ``width``-byte slots (slow on a long int)."""
    bits = 8 * width
    return (packed >> (index * bits)) & ((1 << bits) - 1)


def _back(op: Op, layer: int, aside: int) -> int:
    """The completion layer before ``op`` from the one after it (the transposed op); ``aside``:
    the completions after the code's merge (what a block's states get)."""
    if isinstance(op, Tile):
        return _tile_back(op, layer)
    if isinstance(op, Subsets):
        return _subsets(op, layer, back=True)
    if isinstance(op, Candidate):
        kept = layer if op.tile is None else _tile_back(op.tile, layer)
        kept = _down(kept, op.shift) & op.keep_wide
        return kept if op.drop is None else (layer & op.drop_wide) + kept
    if isinstance(op, Block):
        return layer + _block_back(op, aside)
    if isinstance(op, Merge):
        return layer
    if isinstance(op, Relayout):
        return _relayout(op, layer, back=True)
    return _up(layer, op.shift) & op.wide


def _backs(ops: list[Op], after: int) -> list[int]:
    """The completion layers before each of a code's ``ops`` and, last, ``after`` (the one
    after them)."""
    layers = [after]
    layer, aside = after, 0
    for op in reversed(ops):
        if isinstance(op, Merge):
            aside = layer
        layer = _back(op, layer, aside)
        layers.append(layer)
    layers.reverse()
    return layers


def backward(plan: PackedPlan, reached: list[int]) -> list[int]:
    """The completion layer before every code (``len(universe) + 1`` layers, the last one the
    end).

    Only the states that the forward layers ``reached`` can reach get their exact weight: at
    every code boundary the layer is cut above the last reached state, so that the completions of
    states no deal reaches do not make the ints long."""
    layer = 1 << (plan.final * 8 * backward_width(plan, len(plan.universe)))
    layers = [layer]
    ops = _back_ops(plan)
    for t in range(len(plan.universe) - 1, -1, -1):
        aside = 0
        for op in reversed(ops[plan.starts[t] : plan.starts[t + 1]]):
            if isinstance(op, Merge):
                aside = layer
            layer = _back(op, layer, aside)
        states = -(-reached[t].bit_length() // (8 * forward_width(plan, t)))
        layer = _cut(layer, states * 8 * backward_width(plan, t))
        layers.append(layer)
    layers.reverse()
    return layers


def code_completions(plan: PackedPlan, t: int, after: int) -> list[int]:
    """The completion layers before each op of code ``t`` and, last, ``after`` (the layer after
    the code): what sampling needs inside a code, recomputed rather than kept."""
    return _backs(_back_ops(plan)[plan.starts[t] : plan.starts[t + 1]], after)


def _reach(op: Tile, support: int) -> int:
    result = support if op.implicit else 0
    for mask, step in zip(op.bitmasks, op.steps, strict=True):
        result |= (support & mask) << step
    return result


def _reach_back(op: Tile, support: int) -> int:
    result = support if op.implicit else 0
    for mask, step in zip(op.bitmasks, op.steps, strict=True):
        result |= (support >> step) & mask
    return result


def _block_reach(op: Block, support: int) -> int:
    if op.stages:
        return _chain_reach(op, support)[0]
    result = 0
    for mask, step in zip(op.sources, op.steps, strict=True):
        result |= (support & mask.bits) << step
    return result


def _block_reach_back(op: Block, aside: int) -> int:
    if op.stages:
        return _chain_reach_back(op, aside)
    result = 0
    for mask, step in zip(op.sources, op.steps, strict=True):
        result |= (aside >> step) & mask.bits
    return result


def supports(plan: PackedPlan) -> tuple[list[int], list[int]]:
    """The states reachable before every code, and those that can complete before every op:
    the passes above with one bit per state (``|`` for ``+``, so exactly the non-zero states).
    Kept on the plan."""
    if plan.supports is None:
        plan.supports = _supports(plan)
    return plan.supports


def _supports(plan: PackedPlan) -> tuple[list[int], list[int]]:
    reach = 1
    aside = 0
    reached = []
    for t in range(len(plan.universe)):
        reached.append(reach)
        for op in plan.ops[plan.starts[t] : plan.starts[t + 1]]:
            if isinstance(op, Tile):
                reach = _reach(op, reach)
            elif isinstance(op, Candidate):
                kept = (reach & op.keep.bits) << op.step
                if op.tile is not None:
                    kept = _reach(op.tile, kept)
                reach = kept if op.drop is None else (reach & op.drop.bits) | kept
            elif isinstance(op, Subsets):
                reach = _subsets_reach(op, reach)
            elif isinstance(op, Narrow):
                reach = (reach & op.mask.bits) >> op.step
            elif isinstance(op, Block):
                aside |= _block_reach(op, reach)
            elif isinstance(op, Relayout):
                reach = _relayout_bits(op, reach)
            else:
                reach, aside = reach | aside, 0
    reached.append(reach)
    done = 1 << plan.final
    completing = [done]
    aside = 0
    for op in reversed(plan.ops):
        if isinstance(op, Tile):
            done = _reach_back(op, done)
        elif isinstance(op, Subsets):
            done = _subsets_reach_back(op, done)
        elif isinstance(op, Candidate):
            kept = done if op.tile is None else _reach_back(op.tile, done)
            kept = (kept >> op.step) & op.keep.bits
            done = kept if op.drop is None else (done & op.drop.bits) | kept
        elif isinstance(op, Narrow):
            done = (done << op.step) & op.mask.bits
        elif isinstance(op, Block):
            done |= _block_reach_back(op, aside)
        elif isinstance(op, Relayout):
            done = _relayout_bits(op, done, back=True)
        else:
            aside = done
        completing.append(done)
    completing.reverse()
    return reached, completing


class PackedTables:
    """Fill-level weights and exact sampling from the layers of a packed plan."""

    def __init__(self, plan: PackedPlan, layers: list[int]) -> None:
        self.plan = plan
        self.layers = layers
        self.dp_total = total(plan, layers[-1])
        self.completions = backward(plan, layers) if self.dp_total else []
        self._fill: dict[int, dict[int, dict[int, int]]] = {}  # boundary -> stand -> level
        self._bytes: dict[int, bytes] = {}
        self._within: dict[int, list[int]] = {}  # code -> completions before each of its ops
        self._counts: dict[tuple[int, int, int], dict[tuple[int, int], int]] = {}
        self._keys_extent: int | None = None

    # ------------------------------------------------------------------ fill levels

    def fill_weights(self, stand: int, t: int) -> dict[int, int]:
        """The weight of each fill level of ``stand`` before code number ``t``."""
        levels = self.plan.levels[stand][t]
        if len(levels) == 1:
            return {levels[0]: self.dp_total}
        found = self._fill.get(t)
        if found is None:
            found = self._fill[t] = self._boundary_weights(t)
        return found.get(stand, {})

    def _boundary_weights(self, t: int) -> dict[int, dict[int, int]]:
        """Per free stand, the weight of its levels at boundary ``t``: sum F * B per level."""
        plan = self.plan
        layout = plan.layout_at(t)
        live, front_bytes, front_width, back_bytes, back_width = self._live_bytes(t)
        if not live:
            return {}
        stands = list(plan.explicit)
        active = tuple(d for d, lo, hi in plan.group_digits if lo < t <= hi)
        chunks = _chunks(layout.widths[: len(stands)], len(live))
        fold = None
        if plan.implicit is not None:
            fold = _fold_chunk(layout.widths, chunks, active, len(live))
        keys = _level_keys(layout.widths, len(stands), active, chunks, self._extent(), fold)
        offsets = [plan.levels[s][t][0] for s in stands]
        if plan.implicit is not None:
            stands.append(plan.implicit)
            offsets.append(plan.base[t] - _implicit_offset(layout.widths, len(plan.explicit)))
        else:
            keys = keys[:-1]
        sums = _accumulate(live, front_bytes, front_width, back_bytes, back_width, keys)
        if fold is not None:
            sums = _unfold(sums, fold, _implicit_span(layout.widths, len(plan.explicit), active))
        sums = _split_chunks(sums[: len(chunks)], chunks, layout.widths) + sums[len(chunks) :]
        return {
            stand: {level + offset: w for level, w in enumerate(found) if w}
            for stand, offset, found in zip(stands, offsets, sums, strict=True)
        }

    def _extent(self) -> int:
        """How many states the level keys need: up to the last live one at any boundary (most
        states of a wide layout never are, ``_level_keys``)."""
        if self._keys_extent is None:
            plan = self.plan
            reached, completing = supports(plan)
            self._keys_extent = max(
                (reached[t] & completing[plan.starts[t]]).bit_length()
                for t in range(len(plan.universe) + 1)
            )
        return self._keys_extent

    def _live_bytes(self, t: int) -> tuple[list[int], bytes, int, bytes, int]:
        """The live states at boundary ``t`` (reached forward and completing backward), the
        forward layer cut to the last of them as bytes and its bytes a slot, the same of the
        backward layer: what the sums over live states read (``_accumulate``, which takes the
        two widths apart: the layers' slots may differ, ``narrowed``). No live state gives
        empty bytes."""
        plan = self.plan
        reached, completing = supports(plan)
        live = set_bits(reached[t] & completing[plan.starts[t]])
        ahead, behind = forward_width(plan, t), backward_width(plan, t)
        if not live:
            return live, b"", ahead, b"", behind
        slots = live[-1] + 1
        return (
            live,
            _slot_bytes(self.layers[t], slots, ahead),
            ahead,
            _slot_bytes(self.completions[t], slots, behind),
            behind,
        )

    def count_weights(self, stand: int, tally: int, t: int) -> dict[tuple[int, int], int]:
        """The weight of each (fill level of ``stand``, copies of exact count ``tally`` dealt so
        far) before code number ``t``: what a stand dealt as one with others and counted
        (``symmetry.CountShareTables``) reads. After the count's last code its counter has been
        checked (it is the count's ``high``) and cleared; before its first code it is 0 (its place
        may hold another digit then); in between, it is the counter digit."""
        digit, first, last, high = self.plan.tally_digits[tally]
        if t > last or t <= first:
            done = high if t > last else 0
            return {(level, done): w for level, w in self.fill_weights(stand, t).items()}
        key = (stand, tally, t)
        found = self._counts.get(key)
        if found is None:
            found = self._counts[key] = self._joint_weights(stand, digit, t)
        return found

    def _joint_weights(self, stand: int, digit: int, t: int) -> dict[tuple[int, int], int]:
        """Sum of ``F * B`` over the live states at boundary ``t``, by (level of ``stand``,
        value of counter ``digit``): one Python step per live state, as the fill levels."""
        plan = self.plan
        layout = plan.layout_at(t)
        live, front_bytes, front_width, back_bytes, back_width = self._live_bytes(t)
        if not live:
            return {}
        explicit = len(plan.explicit)
        if stand in plan.explicit:
            level: int | None = plan.explicit.index(stand)
            active: tuple[int, ...] = ()
            offset = plan.levels[stand][t][0]
        else:
            level = None
            active = tuple(g for g, lo, hi in plan.group_digits if lo < t <= hi)
            offset = plan.base[t] - _implicit_offset(layout.widths, explicit)
        joint, span = _joint_keys(layout.widths, explicit, active, level, digit, self._extent())
        wide = layout.widths[digit]
        (sums,) = _accumulate(
            live, front_bytes, front_width, back_bytes, back_width, [(joint, span)]
        )
        return {(key // wide + offset, key % wide): w for key, w in enumerate(sums) if w}

    # ------------------------------------------------------------------ sampling

    def _slot(self, k: int, index: int) -> int:
        """The completion weight of state ``index`` before op ``k``."""
        data = self._bytes.get(k)
        if data is None:
            layer = self._completion(k)
            data = self._bytes[k] = layer.to_bytes((layer.bit_length() + 7) // 8 + 1, "little")
        plan = self.plan
        width = backward_width(
            plan, plan.code_of_op[k] if k < len(plan.ops) else len(plan.universe)
        )
        return int.from_bytes(data[index * width : (index + 1) * width], "little")

    def _completion(self, k: int) -> int:
        """The completion layer before op ``k``."""
        plan = self.plan
        if k == len(plan.ops):
            return self.completions[-1]
        t = plan.code_of_op[k]
        layers = self._within.get(t)
        if layers is None:
            layers = self._within[t] = code_completions(plan, t, self.completions[t + 1])
        return layers[k - plan.starts[t]]

    def sample(self, rng: Random) -> list[tuple[int, ...]]:
        """Every stand's codes in one world drawn with its exact probability (walk order)."""
        plan = self.plan
        dealt: list[list[int]] = [[] for _ in plan.sizes]
        for s in plan.fixed:
            for t, code in enumerate(plan.universe):
                dealt[s] += [code] * (plan.levels[s][t + 1][0] - plan.levels[s][t][0])
        state = 0
        aside = False  # the state's block was dealt: it waits for its code's merge
        for k, op in enumerate(plan.ops):
            code = plan.universe[plan.code_of_op[k]]
            if isinstance(op, Narrow):
                state -= op.step
                continue
            if isinstance(op, Relayout):
                state = reindex(state, op.source, op.target)
                continue
            if isinstance(op, Merge):
                aside = False
            if aside or isinstance(op, Merge):
                continue
            if isinstance(op, Subsets):
                state = self._draw_subsets(k, op, state, rng, dealt)
                continue
            state, deals = self._draw(k, self._branches(k, op, state), state, rng)
            aside = isinstance(op, Block) and bool(deals)
            for stand, copies in deals:
                dealt[stand] += [code] * copies
        return [tuple(sorted(codes)) for codes in dealt]

    def _draw(self, k: int, branches: list[Branch], state: int, rng: Random) -> tuple[int, Deals]:
        """One branch of op ``k`` from ``state``, in proportion to its weight (a block's ways
        to place its copies) times its completions (at ``after``: after op ``after - 1``)."""
        pick = rng.randrange(self._slot(k, state))
        for target, scale, deals, after in branches:
            pick -= scale * self._slot(after, target)
            if pick < 0:
                return target, deals
        raise AssertionError("completion weights do not add up")

    def _draw_subsets(
        self, k: int, op: Subsets, state: int, rng: Random, dealt: list[list[int]]
    ) -> int:
        """The state after op ``k`` (a ``Subsets``) from ``state``, in proportion to its ways
        there times its completions; its copies go to the stands whose levels rose (the
        explicit ones' digits), the rest to the implicit stand. The paths inside the code are
        not drawn: a stand's codes are a multiset."""
        plan = self.plan
        layout = plan.layout_at(plan.code_of_op[k])
        width = forward_width(plan, plan.code_of_op[k])
        ways = _subsets(op, 1 << (state * 8 * width))
        pick = rng.randrange(self._slot(k, state))
        for target in set_bits(_subsets_reach(op, 1 << state)):
            pick -= _read_slot(ways, target, width) * self._slot(k + 1, target)
            if pick < 0:
                break
        else:
            raise AssertionError("completion weights do not add up")
        code = plan.universe[plan.code_of_op[k]]
        rest = len(op.walks[0][1])
        for d, s in enumerate(plan.explicit):
            stride, width = layout.strides[d], layout.widths[d]
            rise = target // stride % width - state // stride % width
            dealt[s] += [code] * rise
            rest -= rise
        if rest:
            assert plan.implicit is not None
            dealt[plan.implicit] += [code] * rest
        return target

    def _branches(self, k: int, op: Tile | Candidate | Block, state: int) -> list[Branch]:
        """The next states of ``state`` through op ``k``, with their weights, the copies that
        go where, and the op whose completions they read."""
        if isinstance(op, Tile):
            return self._tile_branches(k, op, state)
        if isinstance(op, Block):
            ops = self.plan.ops
            merge = next(j for j in range(k, len(ops)) if isinstance(ops[j], Merge))
            result: list[Branch] = [(state, 1, (), k + 1)]  # its block comes later
            if op.stages:
                return result + [
                    (target, weight * op.scale, deals, merge + 1)
                    for target, weight, deals in _stage_ways(op, state)
                ]
            for mask, step, scale, deals in zip(
                op.sources, op.steps, op.scales, op.deals, strict=True
            ):
                if (mask.bits >> state) & 1:
                    result.append((state + step, scale, deals, merge + 1))
            return result
        result = []
        if op.drop is not None and (op.drop.bits >> state) & 1:
            result.append((state, 1, (), k + 1))
        if (op.keep.bits >> state) & 1:
            kept = state + op.step
            if op.tile is None:
                result.append((kept, 1, (), k + 1))
            else:
                result += self._tile_branches(k, op.tile, kept)
        return result

    def _tile_branches(self, k: int, op: Tile, state: int) -> list[Branch]:
        result: list[Branch] = []
        if op.implicit and self.plan.implicit is not None:
            result.append((state, 1, ((self.plan.implicit, 1),), k + 1))
        for mask, step, stand in zip(op.bitmasks, op.steps, op.stands, strict=True):
            if (mask >> state) & 1:
                result.append((state + step, 1, ((stand, 1),), k + 1))
        return result


def _stage_ways(op: Block, state: int) -> list[tuple[int, int, Deals]]:
    """The ways of a factorized block from one state (``_chain`` on that state alone): per way,
    the state it sets aside, its weight but ``op.scale`` and its (stand, copies)."""
    ways: dict[Part, list[tuple[int, int, Deals]]] = {(0, 0): [(state, 1, ())]}
    for stage in op.stages:
        made: dict[Part, list[tuple[int, int, Deals]]] = {}
        for i, key, o, j, out, weight in stage.moves:
            for at, before, deals in ways.get((i, key), ()):
                if o < 0:
                    made.setdefault((j, out), []).append((at, before, deals))
                elif (stage.sources[o].bits >> at) & 1:
                    dealt = (*deals, (stage.stand, stage.copies[o]))
                    moved = (at + stage.steps[o], before * weight, dealt)
                    made.setdefault((j, out), []).append(moved)
        ways = made
    return ways.get((op.copies, 0), [])


#: the copies a branch deals: (stand, copies) pairs
Deals = tuple[tuple[int, int], ...]
#: a branch of op ``k`` from a state: (the next state, its weight, the copies it deals, the op
#: before which its completions are read: ``k + 1``, or after its code's merge)
Branch = tuple[int, int, Deals, int]


def _slot_bytes(layer: int, slots: int, width: int) -> bytes:
    """The first ``slots`` slots of ``layer`` (``width`` bytes each) as bytes."""
    return _cut(layer, 8 * slots * width).to_bytes(slots * width, "little")


def _cut(layer: int, bits: int) -> int:
    """The low ``bits`` bits of ``layer``: the mask made (two long ints) and applied only where
    the layer is longer."""
    return layer & ((1 << bits) - 1) if layer.bit_length() > bits else layer


def _accumulate(
    live: list[int],
    front: bytes,
    front_width: int,
    back: bytes,
    back_width: int,
    keys: list[tuple[list[int], int]],
) -> list[list[int]]:
    """Per key list (and its number of keys), the sums of ``F * B`` over the live states by key:
    the hot loop of the marginals (one Python step per live state). A key list costs ~0.07 µs
    a live state, the product and the loop about as much again, hence the chunks of digits
    (``_chunks``) and the implicit stand's key folded into a chunk's (``_fold_chunk``). The
    layers' slots are ``front_width`` and ``back_width`` bytes; where their weights fit a
    64-bit word each, they are read as words (``_words``) and multiplied in the loop
    (``_sum_words``: a live state ~0.25 µs with two key lists, ~0.3 with three); else the
    products are read once (``_products``) and summed by up to three key lists a loop
    (``_sum_by_keys``)."""
    sums = [[0] * span for _, span in keys]
    if not live or not keys:
        return sums
    f = _words(live, front, front_width)
    b = None if f is None else _words(live, back, back_width)
    if f is not None and b is not None and len(f) + len(b) == 2 and len(keys) <= 3:
        _sum_words(live, f[0], b[0], [key for key, _ in keys], sums)
        return sums
    products = _products(live, front, front_width, back, back_width, f, b)
    loops = -(-len(keys) // 3)
    size = -(-len(keys) // loops)  # as even as can be: 4 lists as 2 + 2, not 3 + 1
    for first in range(0, len(keys), size):
        lists = [key for key, _ in keys[first : first + size]]
        _sum_by_keys(live, products, lists, sums[first : first + size])
    return sums


def _sum_words(
    live: list[int], f0: array[int], b0: array[int], lists: list[list[int]], sums: list[list[int]]
) -> None:
    """``_sum_by_keys`` of the products of two layers read as one word a weight, each made in
    the loop (a list of them made first costs ~0.03 µs a live state more)."""
    if len(lists) == 1:
        (k0,), (s0,) = lists, sums
        for i in live:
            s0[k0[i]] += f0[i] * b0[i]
    elif len(lists) == 2:
        (k0, k1), (s0, s1) = lists, sums
        for i in live:
            p = f0[i] * b0[i]
            s0[k0[i]] += p
            s1[k1[i]] += p
    else:
        (k0, k1, k2), (s0, s1, s2) = lists, sums
        for i in live:
            p = f0[i] * b0[i]
            s0[k0[i]] += p
            s1[k1[i]] += p
            s2[k2[i]] += p


def _sum_by_keys(
    live: list[int], products: list[int], lists: list[list[int]], sums: list[list[int]]
) -> None:
    """Add each live state's product to its key's sum in one to three key lists (a loop
    written out per count: a loop over the lists per live state was ~1 µs each)."""
    if len(lists) == 1:
        (k0,), (s0,) = lists, sums
        for i, p in zip(live, products, strict=True):
            s0[k0[i]] += p
    elif len(lists) == 2:
        (k0, k1), (s0, s1) = lists, sums
        for i, p in zip(live, products, strict=True):
            s0[k0[i]] += p
            s1[k1[i]] += p
    else:
        (k0, k1, k2), (s0, s1, s2) = lists, sums
        for i, p in zip(live, products, strict=True):
            s0[k0[i]] += p
            s1[k1[i]] += p
            s2[k2[i]] += p


Words = tuple["array[int]", ...] | None


def _products(
    live: list[int],
    front: bytes,
    front_width: int,
    back: bytes,
    back_width: int,
    f: Words,
    b: Words,
) -> list[int]:
    """``F * B`` of each live state: from the layers read as 64-bit words (``f``, ``b``:
    ``_words`` of each) where they fit, else cut from the layers' slots (little-endian)."""
    if f is not None and b is not None and len(f) + len(b) == 2:
        (f0,), (b0,) = f, b
        return [f0[i] * b0[i] for i in live]
    if f is not None and b is not None and len(f) + len(b) == 3:
        (low, high), (y,) = (f, b) if len(f) == 2 else (b, f)  # F * B = B * F
        return [(low[i] | high[i] << 64) * y[i] for i in live]
    if front_width == back_width == 16 and _WORDS:  # two machine words a slot
        fa, ba = array("Q", front), array("Q", back)
        return [(fa[i + i] | fa[i + i + 1] << 64) * (ba[i + i] | ba[i + i + 1] << 64) for i in live]
    from_bytes, fw, bw = int.from_bytes, front_width, back_width
    return [
        from_bytes(front[i * fw : i * fw + fw], "little")
        * from_bytes(back[i * bw : i * bw + bw], "little")
        for i in live
    ]


#: The least share of the states from the first live one to the last that must be live for
#: ``_words`` to read a layer as words: spreading its bytes costs per state, reading a word
#: instead of a slice saves per live state (measured on the spectators' boundaries of missions
#: 22, 24, 33, 35, 40, 43, 52, 5 players after 8 actions, one word a weight: 0.98 of the
#: slices' time at a fifth live, 0.87 at 0.3, 0.76 at 0.4, 0.66 at half, 0.61 at 0.6 and more;
#: about 1 below a fifth; two words for one layer: 0.98 at a fifth, 0.85 at 0.4).
WORD_DENSITY = 0.2


def _words(live: list[int], data: bytes, width: int) -> tuple[array[int], ...] | None:
    """The slots of ``data`` (``width`` bytes, little-endian) from the first live state's on as
    64-bit words at their states' indexes, at C speed: one array where every value there fits
    8 bytes, a low and a high one where they fit 16 (the bytes the values use, often half the
    slot or less: forward weights grow as backward ones shrink, spread 8 apart by strided
    slices); ``None`` where they take more, the machine has no such words or too few states are
    live (``WORD_DENSITY``).

    >>> [list(a) for a in _words([1, 2], bytes([9, 9, 9, 1, 0, 0, 2, 1, 0]), 3) or ()]
    [[0, 1, 258]]
    >>> [list(a) for a in _words([0], bytes(range(1, 10)) + bytes(9), 9) or ()]
    [[578437695752307201, 0], [9, 0]]
    """
    count = len(data) // width
    first = live[0]
    if not _WORDS or len(live) < WORD_DENSITY * (count - first):
        return None
    used = width
    while used and data[first * width + used - 1 :: width].count(0) == count - first:
        used -= 1
    if used > 16:
        return None
    found = []
    for word in range(0, max(used, 1), 8):
        spread = bytearray(8 * count)
        for k in range(word, min(used, word + 8)):
            spread[8 * first + k - word :: 8] = data[first * width + k :: width]
        found.append(array("Q", spread))
    return tuple(found)


#: The most keys a chunk of level digits may have (``_chunks``).
CHUNK_KEYS = 1024


def _chunks(widths: Sequence[int], live: int) -> tuple[tuple[int, int], ...]:
    """The explicit level digits (``widths``) cut into runs ``(first, end)`` summed over as one
    key each (a chunk's key is its digits' index, ``_chunk_values``): the loop over the live
    states adds each product once per key list, so two or three digits in one key cut most of
    that loop's time; the chunk's sums are then split by digit (``_split_chunks``), a step per
    key, so a chunk has at most ``CHUNK_KEYS`` keys and a quarter of the live states.

    >>> _chunks((8, 7, 7, 8, 3), 20000), _chunks((8, 7, 7), 100)
    (((0, 3), (3, 5)), ((0, 1), (1, 2), (2, 3)))
    """
    most = min(CHUNK_KEYS, max(1, live // 4))
    found: list[tuple[int, int]] = []
    first, keys = 0, 1
    for d, width in enumerate(widths):
        if d > first and keys * width > most:
            found.append((first, d))
            first, keys = d, 1
        keys *= width
    if widths:
        found.append((first, len(widths)))
    return tuple(found)


def _split_chunks(
    sums: list[list[int]], chunks: Sequence[tuple[int, int]], widths: Sequence[int]
) -> list[list[int]]:
    """Per level digit, its sums by value, from its chunk's sums by key (``_chunks``): the keys
    below a digit are summed out in blocks and its values read every ``width`` blocks, slices
    summed at C speed.

    >>> _split_chunks([[1, 2, 3, 4, 5, 6]], [(0, 2)], (2, 3))   # digit 0: keys 0, 2, 4 | 1, 3, 5
    [[9, 12], [3, 7, 11]]
    """
    found: list[list[int]] = []
    for (first, end), by_key in zip(chunks, sums, strict=True):
        stride = 1
        for width in widths[first:end]:
            blocks = (
                by_key
                if stride == 1
                else [sum(by_key[j : j + stride]) for j in range(0, len(by_key), stride)]
            )
            found.append([sum(blocks[value::width]) for value in range(width)])
            stride *= width
    return found


# Slots are read as 64-bit words where the machine has them, little-endian (``_words``).
_WORDS = array("Q").itemsize == 8 and sys.byteorder == "little"


def _implicit_offset(widths: tuple[int, ...], explicit: int) -> int:
    """What the implicit stand's key adds to its level minus the base (keys are >= 0)."""
    return sum(width - 1 for width in widths[:explicit])


def _implicit_span(widths: tuple[int, ...], explicit: int, active: tuple[int, ...]) -> int:
    """How many keys the implicit stand's level has (``_level_keys``)."""
    return _implicit_offset(widths, explicit) + sum(widths[d] - 1 for d in active) + 1


def _fold_chunk(
    widths: tuple[int, ...],
    chunks: tuple[tuple[int, int], ...],
    active: tuple[int, ...],
    live: int,
) -> int | None:
    """The chunk whose key the implicit stand's is folded into (``_level_keys``: one key list
    fewer in the loop over the live states, ~0.07 µs each), the one with the fewest keys; none
    where the pairs of keys would be over ``FOLD_PAIRS`` times the live states (the sums by
    pair are split afterwards, ``_unfold``: at C speed, but ~0.1 µs a pair)."""
    if not chunks:
        return None
    span = _implicit_span(widths, chunks[-1][1], active)
    keys = [prod(widths[first:end]) for first, end in chunks]
    fold = min(range(len(chunks)), key=keys.__getitem__)
    return fold if keys[fold] * span <= FOLD_PAIRS * live else None


#: The most pairs of keys a folded chunk may have per live state (``_fold_chunk``): splitting
#: the sums by pair costs ~0.1 µs a pair (two sums of long ints), a key list fewer saves ~0.07
#: µs a live state; timed per boundary on the spectators of missions 52 and 35 (5 players,
#: after 8 actions), folding gained up to 0.6 ms a boundary at 0.1-0.6 pairs a live state, about
#: nothing at 0.7-1.2 and lost above (0.5 ms at 5 pairs a live state). Off (0): the pairs' key
#: list is one more list to make per layout (``_folded_keys``), and in a first solve, what the
#: page and the bench pay, that costs more than the loop saves (35@8: 6.6 ms for its 14 folded
#: lists, ~2.5 ms saved; 21@8: 2.4 ms made); it pays in warm solves only.
FOLD_PAIRS = 0.0


def _unfold(sums: list[list[int]], fold: int, span: int) -> list[list[int]]:
    """The sums by chunk key and then by the implicit stand's key from those by pair of the
    chunk ``fold`` (``pair = chunk key * span + implicit key``, ``_level_keys``)."""
    pairs = sums[fold]
    chunk = [sum(pairs[j : j + span]) for j in range(0, len(pairs), span)]
    implicit = [sum(pairs[key::span]) for key in range(span)]
    return [*sums[:fold], chunk, *sums[fold + 1 :], implicit]


_KEYS: dict[
    tuple[tuple[int, ...], int, tuple[int, ...], tuple[tuple[int, int], ...] | None],
    tuple[int, list[tuple[list[int], int]]],
] = {}


def _level_keys(
    widths: tuple[int, ...],
    explicit: int,
    active: tuple[int, ...],
    chunks: tuple[tuple[int, int], ...] | None = None,
    extent: int | None = None,
    fold: int | None = None,
) -> list[tuple[list[int], int]]:
    """Per state index (with the number of keys): the digit of each explicit stand (digits ``0 ..
    explicit - 1``; with ``chunks``, the index of each chunk's digits instead, ``_chunks``),
    then the implicit stand's level minus the boundary's base, plus ``_implicit_offset`` (the
    ``active`` counter digits minus the explicit digits, shifted to be >= 0); with ``fold``, no
    implicit key list but chunk ``fold``'s key is the pair ``chunk key * span + implicit key``
    (``_unfold``, ``_folded_keys``). Kept across solves:
    positions often share their layouts. ``extent``: the states that need a key (at least; all
    of them if ``None``): a wide layout is mostly never live (mission 64's 5-player spectator
    after 8 actions: the live states end below 9,900 of 65,856), and keys for all its states
    were most of a first solve's marginals (~30 ms); a longer list kept serves."""
    memo = (widths, explicit, active, chunks)
    size = prod(widths)
    extent = size if extent is None else min(max(extent, 1), size)
    kept = _KEYS.get(memo)
    if kept is None or kept[0] < extent:
        offset = _implicit_offset(widths, explicit)
        signs = [-1 if d < explicit else 1 if d in active else 0 for d in range(len(widths))]
        if chunks is None:
            found = [(_digit_values(widths, d, extent), widths[d]) for d in range(explicit)]
        else:
            found = [_chunk_values(widths, first, end, extent) for first, end in chunks]
        span = _implicit_span(widths, explicit, active)
        found.append((_digit_sums(widths, signs, offset, extent), span))
        if len(_KEYS) > 16:
            _KEYS.clear()
        kept = _KEYS[memo] = (extent, found)
    if fold is None or chunks is None:
        return kept[1]
    pairs = _folded_keys(widths, explicit, active, chunks, kept[0], fold)
    return [*kept[1][:fold], pairs, *kept[1][fold + 1 : -1]]


_FOLDED: dict[
    tuple[tuple[int, ...], int, tuple[int, ...], tuple[tuple[int, int], ...], int],
    tuple[int, tuple[list[int], int]],
] = {}


def _folded_keys(
    widths: tuple[int, ...],
    explicit: int,
    active: tuple[int, ...],
    chunks: tuple[tuple[int, int], ...],
    extent: int,
    fold: int,
) -> tuple[list[int], int]:
    """Per state index, chunk ``fold``'s key paired with the implicit stand's (``_level_keys``),
    and the number of pairs; kept apart from the level keys (the same layout's boundaries fold
    or not by their live states: in one cache, the two kinds of entries evicted each other, and
    mission 64's 5-player spectator after 8 actions made 49 key lists again in a warm solve)."""
    memo = (widths, explicit, active, chunks, fold)
    kept = _FOLDED.get(memo)
    if kept is not None and kept[0] >= extent:
        return kept[1]
    offset = _implicit_offset(widths, explicit)
    signs = [-1 if d < explicit else 1 if d in active else 0 for d in range(len(widths))]
    span = _implicit_span(widths, explicit, active)
    # The pair is linear in the digits too: the chunk's digits weigh ``span`` times their
    # stride in the chunk's key more.
    first, end = chunks[fold]
    for d in range(first, end):
        signs[d] += span * prod(widths[first:d])
    found = (_digit_sums(widths, signs, offset, extent), prod(widths[first:end]) * span)
    if len(_FOLDED) > 32:  # a spectator folds at most of its boundaries, each its own layout
        _FOLDED.clear()
    _FOLDED[memo] = (extent, found)
    return found


def forget_keys() -> None:
    """Empty the cache of level keys (to time cold solves)."""
    _KEYS.clear()
    _FOLDED.clear()
    _JOINT.clear()


_JOINT: dict[
    tuple[tuple[int, ...], int, tuple[int, ...], int | None, int], tuple[int, tuple[list[int], int]]
]
_JOINT = {}


def _joint_keys(
    widths: tuple[int, ...],
    explicit: int,
    active: tuple[int, ...],
    level: int | None,
    digit: int,
    extent: int | None = None,
) -> tuple[list[int], int]:
    """Per state index, ``key * widths[digit] + counter``: ``key`` the level digit ``level`` of
    an explicit stand (``None``: the implicit stand's key, ``_level_keys``), ``counter`` the
    value of ``digit``; and the number of keys. Kept across solves and made as far as
    ``extent``, as the level keys.

    >>> _joint_keys((2, 3), 1, (), 0, 1)
    ([0, 3, 1, 4, 2, 5], 6)
    """
    memo = (widths, explicit, active, level, digit)
    size = prod(widths)
    extent = size if extent is None else min(max(extent, 1), size)
    kept = _JOINT.get(memo)
    if kept is not None and kept[0] >= extent:
        return kept[1]
    if level is None:
        keys, span = _level_keys(widths, explicit, active, None, extent)[-1]
    else:
        keys, span = _digit_values(widths, level, extent), widths[level]
    wide = widths[digit]
    counts = _digit_values(widths, digit, extent)
    # Both lists reach ``extent`` at least, in whole blocks of their own: the shorter serves.
    joint = [key * wide + count for key, count in zip(keys, counts, strict=False)]
    found = (joint, span * wide)
    if len(_JOINT) > 16:
        _JOINT.clear()
    _JOINT[memo] = (extent, found)
    return found


def _digit_values(widths: Sequence[int], digit: int, extent: int | None = None) -> list[int]:
    """Per state index, the value of ``digit`` (repeated blocks, at C speed); as far as
    ``extent`` at least (``None``: every state).

    >>> _digit_values((2, 3), 1), _digit_values((2, 3), 0, 3)
    ([0, 0, 1, 1, 2, 2], [0, 1, 0, 1])
    """
    stride, width = prod(widths[:digit]), widths[digit]
    copies = prod(widths[digit + 1 :])
    if extent is not None:  # as many blocks, and of the first one as many values, as it takes
        width = min(width, -(-extent // stride))
        copies = min(copies, -(-extent // (stride * width)))
    block = list(chain.from_iterable(repeat(v, stride) for v in range(width)))
    return block * copies


def _chunk_values(
    widths: Sequence[int], first: int, end: int, extent: int | None = None
) -> tuple[list[int], int]:
    """Per state index, the index of its digits ``first .. end - 1`` alone, and how many there
    are: the values of one digit as wide as their product (as far as ``extent`` at least).

    >>> _chunk_values((2, 3, 2), 0, 2)
    ([0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5], 6)
    """
    keys = prod(widths[first:end])
    merged = (*widths[:first], keys, *widths[end:])
    return _digit_values(merged, first, extent), keys


def _digit_sums(
    widths: Sequence[int], signs: Sequence[int], base: int = 0, extent: int | None = None
) -> list[int]:
    """Per state index, ``base + sum(signs[k] * digit[k])``: built from the top digit down, each
    row of the lowest digit copied from a table, so at C speed but for one step per row; as far
    as ``extent`` at least (``None``: every state).

    >>> _digit_sums((2, 3), (-1, 1), 5), _digit_sums((2, 3), (-1, 1), 5, 3)
    ([5, 4, 6, 5, 7, 6], [5, 4, 6, 5])
    """
    if not widths:
        return [base]
    rows: dict[int, list[int]] = {}
    sign, width = signs[0], widths[0]
    rows_needed = None if extent is None else -(-extent // width)
    higher = _digit_sums(widths[1:], signs[1:], base, rows_needed)[:rows_needed]
    for value in set(higher):
        rows[value] = [value + sign * d for d in range(width)]
    return list(chain.from_iterable(map(rows.__getitem__, higher)))
