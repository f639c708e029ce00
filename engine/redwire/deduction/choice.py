"""Which engine walks a position, and in which direction: estimates of their times.

Every engine and both directions of the walk give the same answers; only the time differs, by up
to several times. ``route`` sends the small positions (late in a game) to the direct engine
(``direct``), from its estimate of the states it will keep (``direct.estimate``), its needs and, on
the positions in between (up to ``DIRECT_WIDE_UP_TO`` estimated states), the rough estimates
below; over that, the positions the packed engine cannot take (inexact counts, class relations
that need a colour remembered, no stand that can be implicit), and the big ones (others' rough estimate over ``BIG_NS``) where its
plain per-state time is under the packed engine's rough estimate (a packed layer too wide for
its masks to stay cached); the other big ones go to the packed engine, never to the sparse one
(``_packed_over_direct``), and the direct engine walks its big ones in the direction the others
prefer (``prefers_mirror``). For the others, the rough estimates from the
fill levels alone (``packed_plan.rough_costs``) pick the engine in the direction
``prefers_mirror`` likes (the levels ``route`` built for the direct engine's estimate are that
option's when it walks the same direction and no need is on one stand and one code). When the cheaper estimate is over ``BIG_NS``, the choice is worth a
millisecond more: the direction with the cheaper rough estimate is taken and, where the packed
engine can take the position and the rough estimates are within ``CLEAR`` of each other, its plan
is built, re-laid and narrowed as the solve will (``walk_sizes``: a few hundredths of a walk) and
its supports computed: they count the states the sparse engine will visit and the bytes the
packed engine's first solve in a game goes over and the wide masks it makes (those the game's
earlier solves did not keep), and the times follow from constants fitted (least squares on the
relative error) on real positions timed as the real bench times them (``SPARSE_*``,
``PACKED_*``; ``tests/bench/bench_route.py``). Building the plans of both directions would pick better still, but
their masks would not stay in the cache (``packing.MASK_CACHE_BYTES``) across the solves of a
game.

>>> from engine.redwire.deduction import Pool, Position, Stand
>>> from engine.redwire.deduction.normalize import normalize
>>> pos = Position(Pool(((1, 2), (2, 1))), (Stand(0, (None, None)), Stand(1, (None,))))
>>> plan, mirrored = choose(normalize(pos), None, "sparse")
>>> type(plan).__name__, mirrored
('Plan', False)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from engine.redwire.deduction import direct, packing
from engine.redwire.deduction.direct import DirectPlan, build_direct_plan, direct_levels
from engine.redwire.deduction.levels import Levels, local_needs, stand_levels
from engine.redwire.deduction.normalize import Normalized, with_label
from engine.redwire.deduction.packed_passes import _masks, _reaching, narrowed, relaid, supports
from engine.redwire.deduction.packed_plan import (
    PackedPlan,
    build_packed_plan,
    rough_costs,
    takes,
)
from engine.redwire.deduction.plan import Plan, build_plan

Engine = Literal["sparse", "packed", "direct"]

# The direct engine (``direct``) walks the positions whose estimated states (``direct.estimate``)
# are under ``DIRECT_BELOW``; up to ``DIRECT_UP_TO``, those with ``DIRECT_NEEDS`` needs or more
# (each need the packed engine tracks doubles its layer) and those where its time (a fixed part
# and a time per estimated state) is under the rough estimate of the others (the sparse one's
# times ``SPARSE_UNDER``: on small positions it takes longer than its estimate says); up to
# ``DIRECT_WIDE_UP_TO``, those where that time is under the others' rough estimate; never over
# it. Fitted on ~1,200 positions of real games and ~120 mid-games of the benchmark, timed on every
# engine (and the per-state time again on ~1,000 real positions of 1,000 estimated states or more
# after the direct engine's passes got faster).
DIRECT_BELOW = 1500
DIRECT_NEEDS = 3
DIRECT_UP_TO = 6000
DIRECT_WIDE_UP_TO = 40000
DIRECT_FIXED_MS = 0.3
DIRECT_STATE_MS = 1.0e-3
SPARSE_UNDER = 1.5
# Positions with wide needs that the others would count by subtraction (``route_by_flags``): the
# direct engine walks them up to ``DIRECT_FLAGS_UP_TO`` estimated states, each one over
# ``DIRECT_UP_TO`` costing ``DIRECT_BIG_STATE_MS``.
DIRECT_FLAGS_UP_TO = 25000
DIRECT_BIG_STATE_MS = 2.5e-3

#: Over this rough estimate (ns), both directions are weighed, and close calls refined.
BIG_NS = 5e6
#: Rough estimates this far apart are trusted without counting the states.
CLEAR = 3.0
# Fitted times (ms): the sparse engine per reachable and per live state, and a fixed part.
SPARSE_REACHED_MS = 0.0034
SPARSE_LIVE_MS = 0.0053
SPARSE_FIXED_MS = 1.9
# The packed engine's first solve in a game (``walk_sizes``): per MB its ops' big-int operations
# go over and per MB of wide masks it spreads from bits, and a fixed part (the plan, the
# marginals' keys, the heap's new pages). Fitted (least squares on the relative error,
# ``tests/bench/bench_route.py --fit``) on 138 positions of the default real bench of 5 ms or
# more that the packed engine takes, each timed as the bench does (its first solve inside the
# process that played the game), the engine forced: median |log(estimate / time)| 0.25 (90%:
# 0.55), the rough estimate's 0.44 (1.04); the one layout's bytes counted before (a warm walk's)
# said 4-8 ms where the first solve took 9-41 (missions 24's, 38's, 39's and 55's spectators).
# The masks' bytes are most of it: the ops' bytes come out at 0.27 ms a MB beside them (1.2
# alone: the two grow together). With the masks joined from their parts' (``WalkSizes.joined``)
# the median is 0.21, but the ops' bytes then come out at 0.02 ms a MB, which a warm walk belies
# (mission 40's 5-player spectator: ~100 ms over 92 MB): kept out.
MB = 1 << 20
PACKED_SWEPT_MS = 0.27
PACKED_SPREAD_MS = 8.6
PACKED_FIXED_MS = 9.8
#: After a refined close call the sparse engine is taken only where its estimate is this many
#: times under the packed one's. Why: its constants are a warm walk's, the packed one's a first
#: solve's, whose fixed part (9.8 ms) decides small calls; taken at par, 7 of the real bench's
#: 7,114 positions went from packed to sparse (10-25 ms; mission 46's 4-player spectator after
#: 16 actions, 19's, 24's, 16's, 55's 5-player ones after 16-32, 40's 4-player seat 3 after 8):
#: as fast on a first solve (best of 3, each engine forced: 8-16 ms either way), 3-16 ms slower
#: in the bench, which keeps the best of 3 solves under 50 ms (the packed engine's later
#: solves find its masks kept). Their ratios were 1.02-1.41; mission 8's 5-player spectator
#: after 24 actions (1.72) walks sparse as before (13 ms, 20 packed).
SPARSE_REFINED_BY = 1.5


@dataclass
class _Option:
    """One direction of the walk: its problem, levels, estimates and the packed plan if built."""

    mirrored: bool
    walked: Normalized
    levels: Levels | None
    sparse: float  # estimated ns
    packed: float | None
    packed_plan: PackedPlan | None = None
    #: ``route`` weighed the packed engine against the direct one and took it (``choose``)
    packed_over_direct: bool = False
    known: Known | None = None  # ``route``'s problem and levels, for the other direction

    def best(self, engine: Engine | None) -> float:
        if engine == "sparse" or self.packed is None:
            return self.sparse
        if engine == "packed":
            return self.packed
        return min(self.sparse, self.packed)


@dataclass
class Route:
    """How a position is walked: by the direct engine (``direct``; ``mirrored``: it walks the
    mirrored problem though none was asked for), or else by the others, with the first option
    ``choose`` weighs if it was already built (``first``)."""

    direct: DirectPlan | None
    first: _Option | None = None
    mirrored: bool = False


def route(norm: Normalized, mirrored: bool | None, engine: Engine | None) -> Route:
    """Whether the direct engine walks ``norm`` (``mirrored``: the direction, ``None``: the codes
    in increasing order), from its estimated states, its needs and, between ``DIRECT_BELOW`` and
    ``DIRECT_WIDE_UP_TO``, the rough estimates of the other engines."""
    if engine not in (None, "direct"):
        return Route(None)
    walked = norm.mirrored() if mirrored else norm
    if engine == "direct" or not walked.feasible:
        return Route(build_direct_plan(walked))
    levels = direct_levels(walked)
    if not all(map(all, levels[2])):
        return Route(build_direct_plan(walked, levels))  # no world
    states = direct.estimate(levels[2], walked.universe)
    known = (bool(mirrored), walked, levels)
    if states > DIRECT_WIDE_UP_TO:
        first = _option(norm, prefers_mirror(norm) if mirrored is None else mirrored, known)
        if first.packed is not None and first.best(None) <= BIG_NS:
            return Route(None, first)
        if first.packed is not None and _packed_over_direct(first, states):
            return Route(None, first)
        # The packed engine cannot take it (inexact counts, class relations of two slots that
        # need a colour remembered, no stand that can be implicit): the direct engine walks it faster than the
        # sparse one (by a quarter, geometric mean over 76 positions of missions 13-22 of
        # 40,000 estimated states or more, spectators' and seats', timed on both). Or it can, but its estimate is over the direct
        # engine's at its plain per-state time: a layer too wide for its masks to stay cached
        # (mission 35's 5-player spectator, whose stands' "not an 11" let the packed engine
        # take it: 571 ms there, 392 ms direct).
        if mirrored is None and first.mirrored:
            # The direction the others like (``prefers_mirror``) leaves the direct engine's
            # forward pass fewer dead states as well: mission 31's 5-player spectator after 8
            # actions, 30,188 states forward (20,609 live) and ~400 ms in increasing order,
            # 20,609 and ~200 ms mirrored.
            return Route(build_direct_plan(first.walked), mirrored=True)
        return Route(build_direct_plan(walked, levels))
    if states < DIRECT_BELOW or (len(walked.needs) >= DIRECT_NEEDS and states <= DIRECT_UP_TO):
        return Route(build_direct_plan(walked, levels))
    first = _option(norm, prefers_mirror(norm) if mirrored is None else mirrored, known)
    others = first.best(None)
    if states <= DIRECT_UP_TO and (first.packed is None or first.sparse < first.packed):
        others *= SPARSE_UNDER
    if 1e6 * (DIRECT_FIXED_MS + DIRECT_STATE_MS * states) < others:
        return Route(build_direct_plan(walked, levels))
    return Route(None, first)


def _packed_over_direct(first: _Option, states: int) -> bool:
    """Whether the packed engine should walk a big position (over ``DIRECT_WIDE_UP_TO``
    estimated direct states, the others' rough estimate over ``BIG_NS``) rather than the direct
    engine: its rough estimate under the direct engine's at its plain per-state time. The sparse engine is not weighed: on such positions it
    was the slowest of the three on every real one timed (mission 41's 4-player spectator after
    8 actions: 1,030 ms sparse, 204 direct, 377 packed, where the sparse estimate said 73 ms;
    missions 8's and 48's 5-player spectators: 230-260 sparse, 115-160 the others). The rough
    estimate alone, not a counted one (``_refine``): on such wide layers building the packed
    plan to count its states took as long as the direct walk (mission 41's: ~200 ms). Marks the
    option so that ``choose`` takes the packed engine in its direction."""
    assert first.packed is not None
    first.packed_over_direct = first.packed < 1e6 * DIRECT_STATE_MS * states
    return first.packed_over_direct


# A "differ" label the packed engine cannot take (two slots that may both be yellow, or both red:
# their class is the colour, which a block does not see) is counted by subtraction where the
# direct engine's estimated states are over ``DIRECT_WIDE_UP_TO`` and the packed engine's rough
# estimates of the two walks (the label dropped; made "same") add up to under this share of the
# direct engine's time at its plain per-state time. Mission 43's 5-player spectator after 16
# actions (red 4.5, 7.5, 9.5 beside each other): 187,642 states; 70 + 90 ms estimated (0.85 of
# the direct time); as the real bench times it (the first solve in its game, CPU, load 1-5)
# 115-137 ms subtracted, 260 direct. After 24 actions: 127,119 states, 54 + 72 estimated (0.99):
# 73-87 ms subtracted, 104-191 direct (the estimates are the warm walks'; the direct engine's
# first solve pays more beside its warm one than the packed walks do). Its seats (42,423 and
# 51,922 states, 1.22 and 1.33) stay direct (15-53 ms) either way.
DIFFER_SHARE = 1.2


def _direct_walk(norm: Normalized, mirrored: bool | None) -> tuple[Normalized, Levels, int] | None:
    """The problem the direct engine would walk (``norm``, mirrored if ``mirrored``), its levels
    and its estimated states; ``None`` where some stand has no level to walk."""
    walked = norm.mirrored() if mirrored else norm
    levels = direct_levels(walked)
    if not all(map(all, levels[2])):
        return None
    return walked, levels, direct.estimate(levels[2], walked.universe)


#: ``differ_variants``: each problem with the option its cost was weighed by (``None``: an
#: infeasible one), which ``choose`` walks (its estimates and builder are found again otherwise:
#: a tenth of mission 43's spectators' planning)
Variants = tuple[tuple[Normalized, _Option | None], tuple[Normalized, _Option | None]]


def differ_variants(norm: Normalized, mirrored: bool | None) -> Variants | None:
    """The two problems whose worlds' difference is ``norm``'s (its one "differ" label that keeps
    the packed engine out, dropped; made "same"), when walking both on the packed engine should
    be faster than the direct engine's walk (``DIFFER_SHARE``); else ``None``."""
    differs = [k for k, (_, _, same) in enumerate(norm.labels) if not same]
    if len(differs) != 1 or not norm.feasible or takes(norm):
        return None
    found = _direct_walk(norm, mirrored)
    if found is None or found[2] <= DIRECT_WIDE_UP_TO:
        return None  # the direct walk is short: nothing to settle
    states = found[2]
    dropped = with_label(norm, differs[0], None)
    same = with_label(norm, differs[0], True)
    if not (takes(dropped) and (takes(same) or not same.feasible)):
        return None  # another fact keeps it out
    costs = 0.0
    options: list[_Option | None] = [None, None]
    for k, variant in enumerate((dropped, same) if same.feasible else (dropped,)):
        option = options[k] = first_option(variant, mirrored)
        if option.packed is None:
            return None
        costs += option.packed
    if costs < DIFFER_SHARE * 1e6 * DIRECT_STATE_MS * states:
        return (dropped, options[0]), (same, options[1])
    return None


def route_by_flags(norm: Normalized, first: _Option, mirrored: bool | None) -> DirectPlan | None:
    """The direct plan of ``norm`` when it should walk a position whose wide needs the others
    would count by subtraction (two walks or more), keeping their flags instead: the direct
    engine's time under the sparse engine's twice (the packed engine, where it is the cheaper,
    keeps the flags as well and walks it)."""
    if first.packed is not None and first.packed <= first.sparse:
        return None
    found = _direct_walk(norm, mirrored)
    if found is None or found[2] > DIRECT_FLAGS_UP_TO:
        return None
    walked, levels, states = found
    ms = DIRECT_FIXED_MS + DIRECT_STATE_MS * min(states, DIRECT_UP_TO)
    ms += DIRECT_BIG_STATE_MS * max(states - DIRECT_UP_TO, 0)
    if 1e6 * ms < 2 * SPARSE_UNDER * first.sparse:
        return build_direct_plan(walked, levels)
    return None


def choose(
    norm: Normalized,
    mirrored: bool | None,
    engine: Engine | None,
    first: _Option | None = None,
) -> tuple[Plan | PackedPlan, bool]:
    """The plan to walk and whether it is the mirrored problem (``mirrored`` / ``engine``: forced
    if given; ``engine="packed"`` falls back to the sparse engine where it cannot take it;
    ``first``: the option of the direction ``choose`` weighs first, if already built)."""
    if first is None:
        first = _option(norm, prefers_mirror(norm) if mirrored is None else mirrored)
    if first.packed_over_direct and engine is None:
        plan = first.packed_plan or build_packed_plan(first.walked, levels=first.levels)
        if plan is not None:
            return plan, first.mirrored
    best = first
    if mirrored is None and engine is None and first.best(None) > BIG_NS:
        second = _option(norm, not first.mirrored, first.known)
        best = min((first, second), key=lambda option: option.best(None))
    close = best.packed is not None and max(best.packed, best.sparse) < CLEAR * min(
        best.packed, best.sparse
    )
    if engine is None and close and best.best(None) > BIG_NS:
        _refine(best)  # a close call: count the states
    walked, levels = best.walked, best.levels
    use_packed = engine == "packed" or (
        engine is None and best.packed is not None and best.packed <= best.sparse
    )
    if use_packed and levels is not None:
        plan = best.packed_plan or build_packed_plan(walked, levels=levels)
        if plan is not None:
            return plan, best.mirrored
    return build_plan(walked, levels), best.mirrored


def first_option(norm: Normalized, mirrored: bool | None) -> _Option:
    """The option ``choose`` weighs first (``mirrored``: forced if given)."""
    return _option(norm, prefers_mirror(norm) if mirrored is None else mirrored)


def estimate(norm: Normalized, first: _Option | None = None) -> float:
    """The rough time (ns) of the cheaper engine on ``norm``, in the direction ``choose`` takes
    first (``first``: that option, if already built)."""
    return (first or _option(norm, prefers_mirror(norm))).best(None)


#: What ``route`` built already: the direction it looked at, that problem and its
#: ``direct_levels`` (each stand alone, without the one-stand needs).
Known = tuple[bool, Normalized, Levels]


def _option(norm: Normalized, mirrored: bool, known: Known | None = None) -> _Option:
    """One direction of the walk, its levels and rough estimates. ``known``: ``route``'s problem
    and levels, reused when they are this direction's (its levels are this option's when no need
    is on one stand and one code: a fifth of the planning of an opening)."""
    same = known if known is not None and known[0] == mirrored else None
    walked = same[1] if same is not None else norm.mirrored() if mirrored else norm
    if not walked.feasible:
        return _Option(mirrored, walked, None, 0.0, None, known=known)
    needs = local_needs(walked)
    levels = same[2] if same is not None and not needs else stand_levels(walked, needs)
    packed, sparse = rough_costs(walked, levels)
    return _Option(mirrored, walked, levels, sparse, packed, known=known)


def _refine(option: _Option) -> None:
    """Both estimates from the states the walk will meet, where the packed engine can take it:
    the packed one as its first solve in a game pays (``walk_sizes``), the sparse one from the
    states it will visit."""
    if option.packed is None or option.levels is None or not takes(option.walked):
        return
    plan = build_packed_plan(option.walked, levels=option.levels)
    if plan is None or plan.final < 0:
        return
    sizes = walk_sizes(plan)
    option.packed_plan = plan
    option.packed = 1e6 * (
        PACKED_SWEPT_MS * sizes.swept / MB + PACKED_SPREAD_MS * sizes.spread / MB + PACKED_FIXED_MS
    )
    # The sparse engine pays per edge, which the states alone do not count: on a wide hidden
    # stand (a spectator's, beside X wires dealt as one) each state has hundreds of ways to take
    # a code's copies, and its time was 2 to 4 times the states' estimate (mission 56's 5-player
    # spectator: 112 ms estimated, 385 ms walked, the packed engine's 153 ms). The rough
    # estimate counts those edges (over every state the levels allow): the sparse engine is
    # taken as no faster than it says.
    sparse = 1e6 * (
        SPARSE_REACHED_MS * sizes.reached + SPARSE_LIVE_MS * sizes.live + SPARSE_FIXED_MS
    )
    option.sparse = SPARSE_REFINED_BY * max(sparse, option.sparse)


@dataclass
class WalkSizes:
    """What a packed plan's first solve goes over (``walk_sizes``)."""

    #: bytes the ops' big-int operations go over: per op, its states times its slot bytes (each
    #: pass at its own width) times its masks plus one (the layer itself)
    swept: int
    #: bytes of wide masks a solve makes from bits (``packing.spread``), not kept from the
    #: game's earlier solves (``packing._WIDES``)
    spread: int
    #: bytes of wide masks made from their parts' (``&``, ``|``: cheap, but new memory)
    joined: int
    reached: int  # states reached, summed over the codes (the sparse engine's)
    live: int  # states reached that can complete (the marginals')


def walk_sizes(plan: PackedPlan) -> WalkSizes:
    """The sizes of ``plan``'s walk as the solve will make it: ``sized``'s first steps
    (``relaid``: per-code layouts; ``narrowed``: per-code slot widths) are made on the plan
    (the solve finds them made), then each op's states (``_reaching``) and masks counted at
    each pass's width. Why not the one layout's layer bytes times the plan's bytes a slot: the
    per-code layouts and widths cut those by 2 to 9 times on the big spectators, and the wide
    masks a first solve makes (up to half of it) do not show in a warm solve's bytes at all."""
    relaid(plan)
    reaching = plan.reaching = _reaching(plan)  # the solve's ``sized`` finds them
    narrowed(plan, reaching)
    swept = spread = joined = 0
    done: set[tuple[int, int]] = set()
    states = 1
    for op, t in zip(plan.ops, plan.code_of_op, strict=True):
        states = max(reaching.get(id(op), (states, 0)))  # a ``Relayout``: the op's before it
        masks = list(_masks((op,)))
        for width in (plan.forward_bytes[t], plan.backward_bytes[t]):
            swept += states * width * (len(masks) + 1)
            for mask in masks:
                if (width, id(mask)) in done:
                    continue
                done.add((width, id(mask)))
                kept = packing._WIDES.get((width, mask.bits))
                if kept is not None and kept[0] >= states:
                    continue
                if mask.parts:
                    joined += states * width
                else:
                    spread += states * width
    reached, completing = supports(plan)
    reach = sum(bin(bits).count("1") for bits in reached)
    live = sum(
        bin(reached[t] & completing[plan.starts[t]]).count("1") for t in range(len(plan.universe))
    )
    return WalkSizes(swept, spread, joined, reach, live)


def prefers_mirror(norm: Normalized) -> bool:
    """Walk the codes from the top when the known slots of partly hidden stands sit mostly in the
    upper half of the codes.

    Why: the forward pass explores every prefix it can reach and learns only later which ones
    cannot be completed; the constraints it meets first prune early, those it meets last leave
    dead states behind (up to a third of them on some openings). The answer is the same either
    way; only the time differs.
    """
    index = {code: t for t, code in enumerate(norm.universe)}
    middle = (len(norm.universe) - 1) / 2
    balance = 0.0
    for stand in norm.allowed:
        pinned = [index[min(codes)] for codes in stand if len(codes) == 1]
        if len(pinned) < len(stand):
            balance += sum(t - middle for t in pinned)
    return balance > 0
