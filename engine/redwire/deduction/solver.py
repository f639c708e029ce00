"""Entry points: ``solve`` a position, or only ``count_worlds``.

The method: a dynamic programme over the codes in increasing order whose state is how far each
stand is filled. Because a stand is sorted, the tiles of one code always take the next free slots
of a stand; the fill levels each stand can have (``levels``, derived from its known slots and
allowed codes) keep the state space small. A world weighs  prod_code copies! / prod_stand count!
(known slots counted too): the number of physical deals that produce it, so the DP runs on exact
integers. The forward pass gives the total; the backward pass gives every stand's fill-level
distribution before every code (hence every slot's marginal) and the tables that draw exact random
worlds.

Three engines run that DP, with the same answers:

* the *direct* one (``direct``) keeps a layer as a dict of the reachable states, like the sparse
  one, with as little to build as can be: its state holds each stand's level as it is, its steps
  join the stands' options the first time a state asks for them (joins cached across solves), and
  the backward pass walks what the forward pass recorded. Late positions have a few hundred states
  in all, and there the time went into building what a big walk needs (parts, joined tables,
  estimates), not into the walk. It takes every kind of fact;
* the *sparse* one (``plan``, ``passes``, ``sparse_tables``) keeps a layer as a dict of the
  reachable states and deals each code's copies in one step, looping over every state's ways to
  share them among its one, two or three parts (``tables``): its cost is the number of DP edges,
  low when the known wires and the facts leave few states (mid-games). It takes every kind of fact;
* the *packed* one (``packing``, ``packed_plan``, ``packed_passes``) keeps a whole layer in one
  int and deals one copy at a time with a few big-int operations over every state at once; one
  stand's level is implied by the others' (the copies dealt so far are known), so a layer of the
  5-player opening has three level digits of at most 11 values each, and the counters. It pays per
  live state only in the marginals (``F * B``). Openings and spectators, where the hidden stands
  are long and the edges many, run several times faster on it. It takes "at least one" facts
  (a flag each), exact counts (a counter each) and x1/x2/x3 tokens (a token's stand takes each
  code that may cover its slot in one block) and orders between two slots (a check after each
  code; "below": blocks again) and class relations of two slots (labels, "same" / "differ":
  blocks on their blue codes, where no colour must be remembered), and leaves other counts and
  the other class relations to the others.

``route`` sends the small and middling positions to the direct engine (``choice``: its estimated
states, its needs, the others' rough estimates); ``plan_for`` picks the engine and the direction of the walk
for the others from estimates of their times (``choice``). Stands alike (every slot allowing
the same codes, no fact but an exact count of their own: blank stands, stand-wide exclusions,
dealing quotas) are dealt as one stand; without counts their marginals are read from the merged
stand's levels, with them from its levels and counter when the packed engine walked it, else each
size and count gets one more walk (``symmetry``).

>>> from engine.redwire.deduction import Pool, Position, Stand, SlotIn
>>> pos = Position(Pool(((1, 2), (2, 1))), (Stand(0, (None, None)), Stand(1, (None,))))
>>> count_worlds(pos), count_worlds(pos.with_facts(SlotIn((0, 1), [20])))
(3, 2)
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from math import comb, factorial, prod

from engine.redwire.deduction import direct, levels, packed_passes, packed_plan
from engine.redwire.deduction.cases import MixedSolution, expand
from engine.redwire.deduction.choice import (
    Engine,
    Route,
    Variants,
    choose,
    differ_variants,
    estimate,
    first_option,
    route,
    route_by_flags,
)
from engine.redwire.deduction.direct import DirectTables
from engine.redwire.deduction.facts import SlotRef
from engine.redwire.deduction.normalize import Normalized, normalize, without_needs
from engine.redwire.deduction.normalize import forget as normalize_forget
from engine.redwire.deduction.packed_plan import PackedPlan
from engine.redwire.deduction.packing import forget_masks
from engine.redwire.deduction.passes import backward, forward
from engine.redwire.deduction.plan import Plan
from engine.redwire.deduction.position import Position
from engine.redwire.deduction.solution import Blob, Solution, Source, Walk
from engine.redwire.deduction.sparse_tables import SparseTables
from engine.redwire.deduction.symmetry import (
    CountShareTables,
    Exchangeable,
    ShareTables,
    exchangeable_groups,
    group_scale,
    merge_groups,
    merge_singles,
    single_groups,
)


def plan_for(
    position: Position, mirrored: bool | None = None, engine: Engine | None = None
) -> tuple[Plan | PackedPlan, bool]:
    """The DP plan of a position (its stands as they are, blank ones too) and whether it walks
    the mirrored problem (``None``: choose).

    ``engine``: ``"packed"`` when the packed engine can take the position, else ``"sparse"``
    (``None``: the one expected to be faster)."""
    return _plan(normalize(position), mirrored, engine)


def _plan(
    norm: Normalized, mirrored: bool | None, engine: Engine | None
) -> tuple[Plan | PackedPlan, bool]:
    return choose(norm, mirrored, engine)


def forget_caches() -> None:
    """Empty what the engines keep across solves (the packed one's masks and level keys of the
    layouts it met, the direct one's options, joins, steps and stands' parts, the stands' fill
    levels and their slots settled alone, the plans' digit places and builders): the next solve
    is timed as the first one of a process."""
    direct.forget()
    levels.forget()
    normalize_forget()
    forget_masks()
    packed_passes.forget_keys()
    packed_plan.forget()


def count_worlds(position: Position) -> int:
    """The number of physical deals consistent with ``position`` (forward pass only)."""
    cases = expand(position)
    if cases is not None:  # facts that are a choice: their cases add up
        return sum(count_worlds(case) for case in cases)
    norm = normalize(position)
    groups = single_groups(norm) if norm.feasible else []
    factor = prod(factorial(len(group)) for group in groups)
    apart: list[int] = []
    if groups:
        norm, index = merge_singles(norm, groups)
        apart = [index[group[0]] for group in groups]
    alike = exchangeable_groups(norm, apart)
    if alike:
        factor *= prod(group_scale(norm, group) for group in alike)
        norm, _ = merge_groups(norm, alike)
    way = route(norm, None, None)
    if way.direct is not None:
        if not way.direct.feasible:
            return 0
        end = direct.forward(way.direct)[0][-1]  # the forward pass alone
        return end.get(way.direct.final, 0) * way.direct.factor * factor
    plan, _ = choose(norm, None, None, way.first)
    if isinstance(plan, PackedPlan):
        if plan.final < 0:
            return 0
        return packed_passes.total(plan, packed_passes.forward(plan)[-1]) * plan.factor * factor
    if not plan.feasible:
        return 0
    return forward(plan)[-1].get(plan.final, 0) * plan.factor * factor


def solve(
    position: Position, *, mirrored: bool | None = None, engine: Engine | None = None
) -> Solution:
    """Solve ``position`` exactly: total weight, slot marginals and world sampling tables.

    ``mirrored`` forces the direction of the walk and ``engine`` the engine, when it can take the
    position (all give the same answers; by default the solver picks what it expects to be
    faster). Blank stands are dealt as one (``symmetry``). Facts that are a choice
    (``Multiplicity``) are solved case by case (``cases``).
    """
    cases = expand(position)
    if cases is not None:
        return MixedSolution(
            position, [solve(case, mirrored=mirrored, engine=engine) for case in cases]
        )
    norm = normalize(position)
    groups = single_groups(norm) if norm.feasible else []
    if not groups:
        return _solve_normalized(position, norm, (), 1, mirrored, engine)
    merged, index = merge_singles(norm, groups)
    apart = [index[group[0]] for group in groups]
    factor = prod(factorial(len(group)) for group in groups)
    solution = _solve_normalized(position, merged, apart, factor, mirrored, engine)
    return solution.with_singles(
        [
            tuple(
                (s, i)
                for s, stand in enumerate(merged.place)
                for i, at in enumerate(stand)
                if at[0] == dp
            )
            for dp in apart
        ]
    )


def _solve_normalized(
    position: Position,
    norm: Normalized,
    apart: Sequence[int],
    factor: int,
    mirrored: bool | None,
    engine: Engine | None,
) -> Solution:
    """``solve`` once normalised; ``apart``: the stands of interchangeable single slots dealt as
    one (not blank stands to merge again), whose ways to share their tiles out ``factor`` counts.
    """
    alike = exchangeable_groups(norm, apart)
    if not alike:
        way = route(norm, mirrored, engine)
        if way.direct is not None and engine is None:
            variants = differ_variants(norm, mirrored)
            differs = [s for s, _, same in norm.labels if not same]
            if variants is not None and differs[0] not in apart:
                return _solve_differ(position, norm, variants, factor, mirrored, way)
        wide = wide_needs(norm) if way.direct is None else []
        first = way.first or (first_option(norm, mirrored) if wide else None)
        if wide and estimate(norm, first) > SUBTRACT_OVER_NS:
            assert first is not None
            # Counting by subtraction walks the position twice or more: the direct engine keeps
            # the needs' flags instead, and may be faster.
            flags = route_by_flags(norm, first, mirrored) if engine is None else None
            if flags is None:
                return _solve_by_subtraction(position, norm, wide, apart, factor, mirrored, engine)
            way = Route(flags)
        if way.direct is None and first is not None:
            way = Route(None, first)
        walk = _walk(norm, factor, mirrored, engine, way)
        if walk is None:
            return Solution(position, 0)
        if walk.mirrored:
            where = tuple(
                tuple(((0, _frame(walk, norm, s)),) for s in stand) for stand in norm.place
            )
        else:
            where = tuple(tuple([((0, s),) for s in stand]) for stand in norm.place)
        return Solution(position, walk.dp_total * walk.scale, [walk], where)
    return _solve_alike(position, norm, alike, factor, mirrored, engine)


def _solve_alike(
    position: Position,
    norm: Normalized,
    alike: list[Exchangeable],
    factor: int,
    mirrored: bool | None,
    engine: Engine | None,
) -> Solution:
    """``solve`` with each group of ``alike`` stands dealt as one (``symmetry``). The marginals
    of a stand of a group without a count are a share of the merged stand's (``ShareTables``,
    no walk); in a group with one, a share of the merged stand's levels and counted tiles when the
    packed engine walked it (``CountShareTables``, no walk), else one more walk per size and count
    gives those of the stands of that size and count: it alone, beside the rest of its group
    merged. ``factor``: the scale of the single slots dealt as one."""
    merged, index = merge_groups(norm, alike)
    main = _walk(merged, prod(group_scale(norm, g) for g in alike) * factor, mirrored, engine)
    if main is None:
        return Solution(position, 0)
    walks = [main]
    # (group, size, count) -> (its walk, that walk's DP, the stand's index in it; ``None``: the
    # walk reads the main walk's merged stand, ``ShareTables``)
    alone: dict[tuple[int, int, int], tuple[int, Normalized | None, int]] = {}
    group_of: dict[int, int] = {}
    counted = [g for g, group in enumerate(alike) if group.counted]  # their counts come last
    for g, group in enumerate(alike):
        for member in group.stands:
            group_of[member] = g
            size = len(norm.allowed[member])
            kind = (g, size, group.count_of(member))
            if kind in alone:
                continue
            if not group.counted:  # its levels are a share of the merged stand's: no walk
                ways = comb(sum(len(norm.allowed[s]) for s in group.stands), size)
                assert main.scale % ways == 0  # the group's scale holds its shares' ways
                share = ShareTables(main.tables, index[member], size)
                walks.append(
                    Walk(
                        share,
                        main.universe,
                        main.mirrored,
                        main.dp_total * ways,
                        main.scale // ways,
                    )
                )
                alone[kind] = (len(walks) - 1, None, 0)
                continue
            if isinstance(main.tables, packed_passes.PackedTables):
                # The packed walk tells how many counted tiles the merged stand holds below
                # each code: the stand's levels are a share of those (``CountShareTables``).
                tally = len(merged.tallies) - len(counted) + counted.index(g)
                counts = CountShareTables(
                    main.tables, index[member], tally, size, kind[2], sum(group.counts)
                )
                ways = counts.ways()
                assert main.scale % ways == 0  # the group's scale holds its shares' ways
                walks.append(
                    Walk(
                        counts,
                        main.universe,
                        main.mirrored,
                        main.dp_total * ways,
                        main.scale // ways,
                    )
                )
                alone[kind] = (len(walks) - 1, None, 0)
                continue
            groups = [*alike[:g], group.without(member), *alike[g + 1 :]]
            split, split_index = merge_groups(norm, groups)
            ways = prod(group_scale(norm, other) for other in groups)
            walk = _walk(split, ways * factor, mirrored, engine)
            assert walk is not None  # the same worlds as the main walk's
            alone[kind] = (len(walks), split, split_index[member])
            walks.append(walk)
    where: list[tuple[tuple[Source, ...], ...]] = []
    shared: dict[int, list[tuple[int, SlotRef]]] = {s: [] for s in group_of}
    for s, stand in enumerate(norm.place):
        here: list[tuple[Source, ...]] = []
        for i, (ds, di) in enumerate(stand):
            if ds in group_of:
                kind = (group_of[ds], len(norm.allowed[ds]), alike[group_of[ds]].count_of(ds))
                k, part, at = alone[kind]
                if part is None:  # a share of the merged stand, read in the main walk's frame
                    last = len(norm.allowed[ds]) - 1
                    here.append(((k, (0, last - di if main.mirrored else di)),))
                else:
                    here.append(((k, _frame(walks[k], part, (at, di))),))
                shared[ds].append((di, (s, i)))
            else:
                here.append(((0, _frame(main, merged, (index[ds], di))),))
        where.append(tuple(here))
    blobs = tuple(
        Blob(
            _frame(main, merged, (index[group.stands[0]], 0))[0],
            group.counted,
            tuple(
                (tuple(slot for _, slot in sorted(shared[s])), k)
                for s, k in zip(group.stands, group.counts, strict=True)
            ),
        )
        for group in alike
    )
    total = main.dp_total * main.scale
    return Solution(position, total, walks, tuple(where), blobs)


#: Wide needs are counted by subtraction in positions whose estimate is over this (ns).
SUBTRACT_OVER_NS = 5e6


def wide_needs(norm: Normalized) -> list[int]:
    """The (at most two) needs whose flag would stay in the DP's state over half of the codes or
    more ("not all red" after a detector's miss, "holds a yellow wire"), widest first.

    >>> from engine.redwire.deduction import AtLeastOne, Pool, Position, Stand
    >>> pool = Pool.standard(range(1, 5))
    >>> stands = tuple(Stand(s, (None,) * 8) for s in range(2))
    >>> norm = normalize(Position(pool, stands, (AtLeastOne([(0, 0), (1, 0)], (10, 40)),)))
    >>> wide_needs(norm)
    [0]
    """
    index = {code: t for t, code in enumerate(norm.universe)}
    spans = []
    for k, need in enumerate(norm.needs):
        if len(need.slots) == 1 and len(need.codes) == 1:
            continue  # a one-stand need of one code: checked inside that stand's options
        ix = [index[c] for c in need.codes]
        span = max(ix) - min(ix) + 1
        if 2 * span >= len(norm.universe):
            spans.append((-span, k))
    return [k for _, k in sorted(spans)[:2]]


def _solve_by_subtraction(
    position: Position,
    norm: Normalized,
    wide: list[int],
    apart: Sequence[int],
    factor: int,
    mirrored: bool | None,
    engine: Engine | None,
) -> Solution:
    """``solve`` with the ``wide`` needs counted by inclusion and exclusion: the worlds that
    meet them all are every world (the needs apart) minus, for each non-empty set of them, with
    the sign of its size, the worlds where each need of the set fails (none of its slots holds
    one of its codes): a walk each, without their flags."""
    walks: list[Walk] = []
    norms: list[Normalized] = []
    for size in range(len(wide) + 1):
        for subset in combinations(wide, size):
            variant = without_needs(norm, wide, list(subset))
            walk = _walk(variant, factor, mirrored, engine)
            if walk is not None:
                walk.sign = -1 if size % 2 else 1
                walks.append(walk)
                norms.append(variant)
    total = sum(walk.sign * walk.dp_total * walk.scale for walk in walks)
    if not total or not walks or walks[0].sign < 0:
        return Solution(position, 0)
    where = _places(walks, norms, norm)
    inverse: dict[SlotRef, list[SlotRef]] = {}  # a stand of ``apart``: every slot at its first
    for s, stand in enumerate(norm.place):
        for i, dp in enumerate(stand):
            inverse.setdefault(dp, []).append((s, i))
    checks = tuple(
        (
            tuple(
                slot
                for st, ix in norm.needs[k].slots.items()
                for i in (sorted(ix) if st not in apart else [0])
                for slot in inverse[(st, i)]
            ),
            norm.needs[k].codes,
        )
        for k in wide
    )

    def fallback() -> Solution:
        return _whole(position, norm, _walk(norm, factor, mirrored, engine))

    return Solution(position, total, walks, where, (), checks, fallback)


def _solve_differ(
    position: Position,
    norm: Normalized,
    variants: Variants,
    factor: int,
    mirrored: bool | None,
    way: Route,
) -> Solution:
    """``solve`` with its one "differ" label counted by subtraction (``choice.differ_variants``):
    the worlds where the label's two slots differ are those of the first variant (the label
    dropped) minus those of the second (made "same"), each walked by the packed engine, which
    takes both. A world drawn from the first walk is drawn again while its two slots are of one
    class; ``way``: the direct engine's route, the fallback's."""
    walks: list[Walk] = []
    norms: list[Normalized] = []
    for sign, (variant, option) in zip((1, -1), variants, strict=True):
        # The option ``differ_variants`` weighed is the one ``choose`` would weigh first.
        walk = _walk(variant, factor, mirrored, "packed", Route(None, option) if option else None)
        if walk is not None:
            walk.sign = sign
            walks.append(walk)
            norms.append(variant)
    total = sum(walk.sign * walk.dp_total * walk.scale for walk in walks)
    if not total or walks[0].sign < 0:
        return Solution(position, 0)
    where = _places(walks, norms, norm)
    # The label's stand is no stand of single slots dealt as one: each of its slots is one of
    # the position's.
    at = {dp: (s, i) for s, stand in enumerate(norm.place) for i, dp in enumerate(stand)}
    s, i, _ = next(label for label in norm.labels if not label[2])
    differ = ((at[(s, i)], at[(s, i + 1)]),)

    def fallback() -> Solution:
        return _whole(position, norm, _walk(norm, factor, mirrored, None, way))

    return Solution(position, total, walks, where, (), (), fallback, (), differ)


def _places(
    walks: list[Walk], norms: list[Normalized], norm: Normalized
) -> tuple[tuple[tuple[Source, ...], ...], ...]:
    """Per slot of ``norm``, where each of ``walks`` (walking ``norms``, signed walks of one
    count) has it: what a Solution summed over several walks reads."""
    return tuple(
        tuple(
            tuple(
                (k, _frame(walk, variant, slot))
                for k, (walk, variant) in enumerate(zip(walks, norms, strict=True))
            )
            for slot in stand
        )
        for stand in norm.place
    )


def _whole(position: Position, norm: Normalized, walk: Walk | None) -> Solution:
    """The Solution of one walk of ``norm`` itself: a signed sum's fallback (the same worlds,
    walked whole), for what the sum's walks cannot give."""
    assert walk is not None  # the same worlds
    place = tuple(tuple(((0, _frame(walk, norm, s)),) for s in stand) for stand in norm.place)
    return Solution(position, walk.dp_total * walk.scale, [walk], place)


def _frame(walk: Walk, norm: Normalized, slot: SlotRef) -> SlotRef:
    """A DP slot of ``norm`` in the frame of its walk (read right to left when mirrored)."""
    stand, index = slot
    return (stand, len(norm.allowed[stand]) - 1 - index) if walk.mirrored else slot


def _walk(
    norm: Normalized,
    factor: int,
    mirrored: bool | None,
    engine: Engine | None,
    way: Route | None = None,
) -> Walk | None:
    """Both passes over ``norm`` (``None``: no world fits); ``way``: its ``route``, if already
    known."""
    if not norm.feasible:
        return None
    if way is None:
        way = route(norm, mirrored, engine)
    direct = way.direct
    if direct is not None:
        if not direct.feasible:
            return None
        found = DirectTables(direct)
        if not found.dp_total:
            return None
        walked = bool(mirrored) or way.mirrored
        return Walk(found, direct.universe, walked, found.dp_total, direct.factor * factor)
    plan, mirrored = choose(norm, mirrored, engine, way.first)
    if isinstance(plan, PackedPlan):
        if plan.final < 0:
            return None
        packed = packed_passes.PackedTables(plan, packed_passes.forward(plan))
        if not packed.dp_total:
            return None
        return Walk(packed, plan.universe, mirrored, packed.dp_total, plan.factor * factor)
    if not plan.feasible:
        return None
    layers = forward(plan)
    dp_total = layers[-1].get(plan.final, 0)
    if not dp_total:
        return None
    completions, part_weights = backward(plan, layers)
    tables = SparseTables(plan, dp_total, completions, part_weights)
    return Walk(tables, plan.universe, mirrored, dp_total, plan.factor * factor)
