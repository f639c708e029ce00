"""Building the packed plan faster must build the same plan: the places of the counters and need
flags (``packed_plan._rank_places``, the sets of places active summed once each) against the plain
sum over every code of every order, on random spans; the blocks' sharings made once per code
(``_Walk._sharings_of``) and their ways from starts found once per stand and code
(``_fit_starts``, ``_implicit_blocks``) against each block's own enumeration and ways
(``_Walk._block``, ``_block_ways`` as they were), the whole plan's ops equal, on random small
positions with x1/x2/x3 tokens, orders and labels."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import fields, is_dataclass
from itertools import permutations
from math import factorial

import pytest

from engine.redwire.deduction import Position, packed_plan
from engine.redwire.deduction.facts import SlotRef
from engine.redwire.deduction.normalize import normalize
from engine.redwire.deduction.packed_plan import (
    FACTOR_BLOCKS,
    Block,
    PackedPlan,
    Tie,
    Way,
    _both,
    _broken,
    _chain_wins,
    _intervals,
    _places,
    _rank_places,
    _union,
    _Walk,
    build_packed_plan,
)
from engine.redwire.deduction.packing import Mask
from tests.redwire.deduction.test_packed_blocks import block_position
from tests.redwire.deduction.test_packed_labels import label_position
from tests.redwire.deduction.test_packed_runs import order_position, run_position
from tests.redwire.deduction.test_packed_slots import MAKERS


def _plain_rank(widths: list[int], spans: list[list[tuple[int, int]]]) -> list[int]:
    """``_rank_places`` as it was first written: every order, each summed code by code."""
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


def _random_spans(rng: random.Random) -> tuple[list[int], list[list[tuple[int, int]]]]:
    places, codes = rng.randint(1, 6), rng.randint(1, 20)
    widths = [rng.randint(2, 5) for _ in range(places)]
    spans = []
    for _ in range(places):
        found = []
        for _ in range(rng.randint(1, 3)):
            first = rng.randrange(codes)
            found.append((first, rng.randint(first, codes - 1)))
        spans.append(found)
    return widths, spans


def test_rank_places_is_the_plain_sums_order() -> None:
    """The same order as the plain sum, ties included (the first of the shortest)."""
    rng = random.Random(1201)
    for _ in range(3000):
        widths, spans = _random_spans(rng)
        assert _rank_places(widths, spans) == _plain_rank(widths, spans), (widths, spans)


def test_places_are_kept_and_given_afresh() -> None:
    """``_places`` gives the same places from its cache, in lists of its caller's own."""
    packed_plan.forget()
    tops = [(0, 2, 3), (5, 5, 2), (5, 5, 2), (1, 6, 2)]
    first = _places(tops)
    expected = (list(first[0]), list(first[1]))
    assert expected == ([1, 1, 2, 0], [2, 3, 2])  # the 2-wide flags 1-6 lowest: longest active
    first[0].append(99)  # a caller's list: the cache's copy is not touched
    first[1][0] = 7
    assert _places(tops) == expected
    packed_plan.forget()
    assert _places(tops) == expected


def _plain_block(self: _Walk, t: int, code: int, q: int, m: int, stands: list[int]) -> Block:
    """``_Walk._block`` as it was first written: each block's sharings enumerated anew."""
    dealt = self.dealt + q - m
    ties = self.ties.get(t, [])
    apart = [tie for tie in ties if not tie[2]]
    ways = [self._ways_of(t, code, s, dealt, q, ties, m) for s in stands]
    if packed_plan.FACTOR_BLOCKS and (
        packed_plan.FACTOR_BLOCKS == "always"
        or self._shared(t, code, stands)
        or (not ties and _chain_wins(m, ways))
    ):
        stages = self._stages(m, stands, ways, ties)
        return Block(
            (),
            (),
            (),
            (),
            (),
            stages=stages,
            copies=m,
            scale=factorial(q) // factorial(m) // factorial(q - m),
        )
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
            if total + c <= m and not _both(apart, covered | also)
        ]
        found = [way for way in found if way[1] is None or way[1].bits]
    moves = [
        (mask, step, weight, deals)
        for total, mask, step, weight, deals, covered in found
        if total == m and mask is not None and not _broken(ties, covered)
    ]
    moves.sort(key=lambda move: move[2])
    ways_of = factorial(q) // factorial(q - m)
    return Block(
        tuple(mask for mask, _, _, _ in moves),
        tuple(step for _, step, _, _ in moves),
        tuple(step * self.layout.bits for _, step, _, _ in moves),
        tuple(ways_of // weight for _, _, weight, _ in moves),
        tuple(deals for _, _, _, deals in moves),
    )


def _plain_fits(
    allowed: tuple[frozenset[int], ...], runs: list[tuple[int, int]], code: int, a: int, c: int
) -> bool:
    """Whether ``c`` copies of ``code`` may lie on slots ``a .. a + c - 1`` (as first written)."""
    if not all(code in allowed[j] for j in range(a, a + c)):
        return False
    return all(n == c for i, n in runs if a <= i < a + c)


def _plain_block_ways(
    self: _Walk, t: int, code: int, s: int, dealt: int, most: int, ties: list[Tie]
) -> list[tuple[int, Mask | None, int, frozenset[SlotRef]]]:
    """``_Walk._block_ways`` as it was first written: each start and length tried anew."""
    runs = [(i, n) for stand, i, n in self.norm.runs if stand == s]
    marks = sorted({i for a, b, _ in ties for stand, i in (a, b) if stand == s})
    allowed = self.norm.allowed[s]
    layout = self.layout

    def covers(a: int, c: int) -> frozenset[SlotRef]:
        return frozenset((s, i) for i in marks if a <= i < a + c)

    ways: list[tuple[int, Mask | None, int, frozenset[SlotRef]]] = [(0, None, 0, frozenset())]
    if s == self.implicit:
        size = self.builder.sizes[s]
        at = self._level_at(t, s, dealt, None)
        counted = [
            (self.digit_of[(2, k)], tally.high)
            for tally, _, k in self.tallies
            if s in tally.slots and code in tally.codes
        ]
        for c in range(1, most + 1):
            found: dict[frozenset[SlotRef], list[int]] = {}
            for a in range(size - c + 1):
                if _plain_fits(allowed, runs, code, a, c):
                    found.setdefault(covers(a, c), []).append(a)
            for covered, starts in found.items():
                mask = _union([at(a, b) for a, b in _intervals(starts)])
                for digit, high in counted:
                    mask &= self.digit_mask(digit, frozenset(range(high - c + 1)))
                step = c * sum(layout.strides[d] for d, _ in counted)
                ways.append((c, mask, step, covered))
        return ways
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
    for c in range(1, most + 1):
        meets: dict[tuple[tuple[int, ...], frozenset[SlotRef]], set[int]] = {}
        for v in range(width):
            a = low + v
            if a + c <= high and _plain_fits(allowed, runs, code, a, c):
                met = tuple(len(slots & set(range(a, a + c))) for slots, _, _ in facts)
                meets.setdefault((met, covers(a, c)), set()).add(v)
        for (met, covered), values in meets.items():
            ways += [
                (c, mask, step, covered)
                for c, mask, step in self._fact_ways(c, d, values, facts, met)
            ]
    return ways


_kept_moves = _Walk._explicit_moves


def _anew(
    self: _Walk,
    t: int,
    code: int,
    apart: frozenset[int],
    barred: dict[int, frozenset[int]] | None,
) -> list[tuple[Mask, int, int]]:
    """``_Walk._explicit_moves`` made anew for every copy, as ``_tile`` first made them."""
    self._moves = {}
    return _kept_moves(self, t, code, apart, barred)


def _shape(value: object) -> object:
    """``value`` (an op, a mask, a tuple of them) as plain tuples: a mask by its bits, its
    recipe and its parts (masks compare by identity, and each plan makes its own)."""
    if isinstance(value, Mask):
        return ("mask", value.bits, value.union, value.recipe, value.runs, _shape(value.parts))
    if isinstance(value, (tuple, list)):
        return tuple(_shape(item) for item in value)
    if is_dataclass(value) and not isinstance(value, type):
        return (type(value).__name__, *(_shape(getattr(value, f.name)) for f in fields(value)))
    return value


def _ways_blocks(plan: PackedPlan) -> int:
    """The blocks dealt way by way (not by stages) of more than one way."""
    return sum(1 for op in plan.ops if isinstance(op, Block) and len(op.sources) > 1)


@pytest.mark.parametrize("factor", [FACTOR_BLOCKS, False])
@pytest.mark.parametrize(
    ("make", "least", "reused"),
    [
        (block_position, 80, 80),
        (order_position, 30, 5),
        (label_position, 5, 10),
        (run_position, 10, 20),
    ],
)
def test_sharings_made_once_give_each_blocks_own(
    make: Callable[[random.Random], Position],
    least: int,
    reused: int,
    factor: bool | str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The plan with each code's sharings and ways made once has the ops of the plan whose every
    block enumerates its own (masks by their bits and parts, steps, scales, deals, in order)."""
    monkeypatch.setattr(packed_plan, "FACTOR_BLOCKS", factor)
    shared = [0]  # blocks whose sharings were made for another block of their code
    made = _Walk._sharings_of

    def counted(
        self: _Walk, t: int, code: int, q: int, stands: list[int], *rest: list[Tie]
    ) -> list[Way]:
        shared[0] += (t, tuple(stands)) in self._sharings
        return made(self, t, code, q, stands, *rest)

    monkeypatch.setattr(_Walk, "_sharings_of", counted)
    checked = seed = 0
    while checked < least and seed < 3000:
        seed += 1
        position = make(random.Random(1_210_000 + seed))
        norm = normalize(position)
        if not norm.feasible or (not norm.runs and not norm.pairs and not norm.labels):
            continue
        plan = build_packed_plan(norm)
        if plan is None or plan.final < 0 or not _ways_blocks(plan):
            continue
        with monkeypatch.context() as patched:
            patched.setattr(_Walk, "_block", _plain_block)
            patched.setattr(_Walk, "_block_ways", _plain_block_ways)
            patched.setattr(_Walk, "_explicit_moves", _anew)
            plain = build_packed_plan(norm)
        assert plain is not None
        assert _shape(plain.ops) == _shape(plan.ops), seed
        assert plain.starts == plan.starts
        assert plain.layout.widths == plan.layout.widths
        assert plain.layout.bytes_per_slot == plan.layout.bytes_per_slot
        checked += 1
    assert checked == least, (checked, seed)
    assert shared[0] >= reused, shared


def test_copies_share_their_explicit_moves(monkeypatch: pytest.MonkeyPatch) -> None:
    """The copies of a code dealt one by one (the implicit stand's holes, ``Subsets`` walks,
    candidates) share their explicit stands' moves (``_Walk._explicit_moves``): the plan's ops
    are those of a plan that makes them anew for every copy (random positions of every kind)."""
    reused = [0]

    def counted(
        self: _Walk,
        t: int,
        code: int,
        apart: frozenset[int],
        barred: dict[int, frozenset[int]] | None,
    ) -> list[tuple[Mask, int, int]]:
        key = (t, apart, tuple(sorted(barred.items())) if barred else ())
        reused[0] += key in self._moves
        return _kept_moves(self, t, code, apart, barred)

    for k, make in enumerate(MAKERS):
        checked = seed = 0
        while checked < 25 and seed < 2000:
            seed += 1
            norm = normalize(make(random.Random(1_220_000 + 10_000 * k + seed)))
            if not norm.feasible:
                continue
            with monkeypatch.context() as patched:
                patched.setattr(_Walk, "_explicit_moves", counted)
                plan = build_packed_plan(norm)
            if plan is None or plan.final < 0:
                continue
            with monkeypatch.context() as patched:
                patched.setattr(_Walk, "_explicit_moves", _anew)
                plain = build_packed_plan(norm)
            assert plain is not None
            assert _shape(plain.ops) == _shape(plan.ops), (k, seed)
            checked += 1
        assert checked == 25, (k, checked, seed)
    assert reused[0] >= 30, reused


def _plain_chain_wins(
    m: int, ways: list[list[tuple[int, Mask | None, int, frozenset[SlotRef]]]]
) -> bool:
    """``_chain_wins`` as first written."""
    counts = []
    for options in ways:
        per = [0] * (m + 1)
        for c, mask, _, _ in options:
            if c and mask is not None and mask.bits:
                per[c] += 1
        if any(per):
            counts.append(per)
    sharings = [1] + [0] * m
    for per in counts:
        sharings = [
            sharings[j] + sum(sharings[j - c] * per[c] for c in range(1, j + 1))
            for j in range(m + 1)
        ]
    most = [max(c for c in range(m + 1) if per[c]) for per in counts]
    reached = {0}
    ops = 0
    for p, per in enumerate(counts):
        rest = sum(most[p + 1 :])
        ends = {i for i in reached if m - i <= rest}
        for i in reached:
            for c in range(1, m - i + 1):
                if per[c] and m - i - c <= rest:
                    ops += per[c]
                    ends.add(i + c)
        reached = ends
    return ops < sharings[m]


def test_chain_wins_as_first_written() -> None:
    """The same choice of chain or ways on random blocks' options (empty masks, none, several
    options per number of copies)."""
    rng = random.Random(1230)
    chains = 0
    for _ in range(4000):
        m = rng.randint(1, 5)
        ways = [
            [(0, None, 0, frozenset())]
            + [
                (rng.randint(1, m), rng.choice([None, Mask(0), Mask(1), Mask(6)]), 0, frozenset())
                for _ in range(rng.randint(0, 6))
            ]
            for _ in range(rng.randint(1, 4))
        ]
        found = _chain_wins(m, ways)
        assert found == _plain_chain_wins(m, ways), (m, ways)
        chains += found
    assert 20 < chains < 3980, chains  # both answers met
