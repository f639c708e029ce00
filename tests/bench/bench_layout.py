"""How the solver lays out one position: its DP stands, the packed engine's digits, and the
layers it walks; with ``--fold``, whether an X-wire group could be folded into a sorted stand.

    python tests/bench/bench_layout.py --position 56,5,560500,8,s [--fold]
    python tests/bench/bench_layout.py --json FILE [--fold]

Written for issue 7's slow spectators with wires outside the sorted order (missions 20, 35, 56):
their X wires are already one DP stand (``symmetry.single_groups``), one level digit ``0..k``
whatever ``k``, and that digit is most of their cost. Prints, per DP stand, its size, the codes its
slots allow, its digit (implicit, explicit and its width, or fixed) and the boundaries where its
level is bounded (``packed_plan._Builder._interval_bounds``); then, per code, the ops, the layer's
length and its reached and live states.

``--fold`` checks the identity a fold would rest on. An X group of ``k`` slots allowing the codes
``S``, beside a sorted stand ``I`` of ``m`` slots whose other slots allow ``S`` too and whose one
constraint is its end slot holding ``S``'s first (or last) code ``e``, is one stand ``J`` of ``m + k``
slots allowing ``S`` (no digit for the X wires), each world of ``J`` holding ``L`` copies of ``e``
standing for ``C(m + k, k) - C(m + k - L, k - L)`` ways to share its tiles out (Vandermonde:
``sum prod C(c_t, x_t) = C(sum c_t, k)``, less the shares that leave ``I`` no ``e``). It counts the
worlds both ways (``J`` split by ``L`` with an exact count each) and times both walks. The
marginals are what such a fold leaves open: ``I``'s levels inside ``J`` depend on ``L`` and on
``J``'s level together.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import replace
from math import comb, factorial, prod
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from engine.redwire.deduction import Position, count_worlds
from engine.redwire.deduction.choice import choose, route
from engine.redwire.deduction.normalize import Normalized, Tally, normalize
from engine.redwire.deduction.packed_passes import forward, supports
from engine.redwire.deduction.packed_plan import PackedPlan, _Builder, tiles_of
from engine.redwire.deduction.solver import _walk
from engine.redwire.deduction.symmetry import (
    _regroup,
    exchangeable_groups,
    merge_singles,
    single_groups,
)


def merged(position: Position) -> tuple[Normalized, list[int], int]:
    """The position as the solver walks it: normalised, its groups of single slots dealt as one
    stand each; their stands' indices and the ways to share their tiles out."""
    norm = normalize(position)
    groups = single_groups(norm) if norm.feasible else []
    if not groups:
        return norm, [], 1
    norm, index = merge_singles(norm, groups)
    return norm, [index[g[0]] for g in groups], prod(factorial(len(g)) for g in groups)


def codes_text(norm: Normalized, codes: frozenset[int]) -> str:
    """A slot's codes: all of the universe, or their range and count."""
    if len(codes) == len(norm.universe):
        return "any"
    return f"{min(codes)}..{max(codes)} ({len(codes)})"


def describe(position: Position) -> None:
    """Print the DP stands, the engine and, if packed, its digits and layers."""
    norm, apart, _ = merged(position)
    alike = exchangeable_groups(norm, apart)
    way = route(norm, None, None)
    if way.direct is not None or alike:
        engine = "direct" if way.direct is not None else "alike stands merged first"
        print(f"walked by: {engine} (no packed layout to show)")
        return
    plan, mirrored = choose(norm, None, None, way.first)
    if not isinstance(plan, PackedPlan):
        print("walked by: sparse")
        return
    walked = norm.mirrored() if mirrored else norm
    builder = _Builder(walked)
    widths = plan.layout.widths
    print(f"walked by: packed, mirrored {mirrored}; widths {widths}, {prod(widths)} states")
    for s, slots in enumerate(walked.allowed):
        if s in plan.fixed:
            digit = "fixed"
        elif s == plan.implicit:
            digit = "implicit"
        else:
            d = plan.explicit.index(s)
            digit = f"digit {d} (width {widths[d]})"
        kind = f"X group of {len(slots)}" if s in apart else "sorted"
        allowed = sorted({codes_text(walked, codes) for codes in slots})
        bounds = sorted(builder._interval_bounds(s)) if s not in plan.fixed else []
        print(f"  stand {s}: {kind}, {len(slots)} slots, codes {allowed}, {digit}, bounds {bounds}")
    layers = forward(plan)
    reached, completing = supports(plan)
    print("code   ops          layer KB  reached    live  widths (per-code layouts, relaid)")
    for t, code in enumerate(plan.universe):
        ops = plan.ops[plan.starts[t] : plan.starts[t + 1]]
        letters = "".join(type(op).__name__[0] * tiles_of(op) for op in ops)
        live = (reached[t] & completing[plan.starts[t]]).bit_count()
        kb = (layers[t].bit_length() + 7) // 8 // 1024
        own = plan.layout_at(t).widths if plan.layouts is not None else ""
        print(f"{code:5}  {letters:12} {kb:8} {reached[t].bit_count():8} {live:7}  {own}")


def fold_candidates(norm: Normalized, apart: list[int]) -> list[tuple[int, int, int]]:
    """Pairs (X group, sorted stand, end code ``e``) that ``--fold`` checks: the sorted stand's
    slots all allow the group's codes but one end slot, which holds only the first (or last) of
    them, and no fact names either stand."""
    named = {s for need in norm.needs for s in need.slots}
    named |= {s for tally in norm.tallies for s in tally.slots}
    named |= {s for s, _, _ in norm.labels} | {s for s, _, _ in norm.runs}
    named |= {slot[0] for pair in norm.pairs for slot in (pair.first, pair.second)}
    found = []
    for x in apart:
        codes = norm.allowed[x][0]
        if x in named:
            continue
        for s, slots in enumerate(norm.allowed):
            if s in apart or s in named or len(slots) < 2:
                continue
            for at, e in ((0, min(codes)), (len(slots) - 1, max(codes))):
                rest = [c for i, c in enumerate(slots) if i != at]
                if slots[at] == frozenset((e,)) and all(c == codes for c in rest):
                    found.append((x, s, e))
                    break
    return found


def count_normalized(norm: Normalized) -> int:
    """The worlds of ``norm`` (its DP weights), by one forward pass of the walk the solver picks."""
    walk = _walk(norm, 1, None, None)
    return 0 if walk is None else walk.dp_total * walk.scale


def check_fold(position: Position) -> None:
    """Count the worlds with each candidate X group folded into its sorted stand, and time the
    walks (both passes, no marginals) with and without the fold."""
    norm, apart, factor = merged(position)
    pairs = fold_candidates(norm, apart)
    if not pairs:
        print("fold: no X group beside a sorted stand whose only constraint is an end code")
        return
    truth = count_worlds(position)
    for x, s, e in pairs:
        k, m = len(norm.allowed[x]), len(norm.allowed[s])
        n = m + k
        joined, index = _regroup(norm, [[s, x]], [norm.allowed[x][0]])
        stand = index[s]
        every = frozenset(range(n))
        total = 0
        for copies in range(min(norm.copies[e], n) + 1):
            count = Tally({stand: every}, frozenset((e,)), copies, copies)
            ways = comb(n, k) - (comb(n - copies, k - copies) if copies <= k else 0)
            total += ways * count_normalized(replace(joined, tallies=(*joined.tallies, count)))
        folded = factor * total
        print(f"fold: X group {x} ({k} slots) into stand {s} ({m} slots, end code {e}):")
        print(
            f"  worlds {truth} as walked, {folded} folded: {'equal' if folded == truth else 'DIFFER'}"
        )
        for name, walked in (("as walked", norm), ("folded (J alone)", joined)):
            best = float("inf")
            for _ in range(3):
                start = time.process_time()
                _walk(walked, 1, None, None)
                best = min(best, (time.process_time() - start) * 1e3)
            print(f"  {name}: both passes {best:.1f} ms CPU (best of 3)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--position", help="a real position: M,P,SEED,ACTIONS,VIEWER")
    source.add_argument("--json", help="a file holding a position's JSON")
    parser.add_argument("--fold", action="store_true", help="check the X groups' fold")
    args = parser.parse_args()
    if args.position:
        from tests.bench.real_positions import PositionKey, position_of

        position = position_of(PositionKey.parse(args.position))
    else:
        position = Position.from_json(json.loads(Path(args.json).read_text()))
    describe(position)
    if args.fold:
        check_fold(position)


if __name__ == "__main__":
    main()
