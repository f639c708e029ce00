"""The packed engine's slot widths per code and pass (``packed_passes.narrowed``), against brute
force: the re-striding of packed layers on random layouts; the per-boundary bounds
(``PackedPlan.weight_bounds``) against the largest slot met in every layer of random positions; and
random small positions of every kind solved with every code's slots as narrow as its bound allows
(``WIDTH_STEP`` 1: the real step of 4 bytes leaves a small position's few bytes as they were), so
that a width one byte short anywhere carries into the next slot and the oracle sees it."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

import pytest

from engine.redwire.deduction import Position, packed_passes
from engine.redwire.deduction.normalize import normalize
from engine.redwire.deduction.packed_passes import (
    PackedTables,
    code_completions,
    forward,
    sized,
    step,
)
from engine.redwire.deduction.packed_plan import Block, PackedPlan, build_packed_plan, slot_bytes
from engine.redwire.deduction.packing import Layout, reindex, relayout, restride
from tests.redwire.deduction.test_oracle import check_against_oracle
from tests.redwire.deduction.test_packed_relayout import GENERATOR_IDS, GENERATORS
from tests.redwire.deduction.test_packed_slots import MAKERS


def test_relayout_moves_each_weight_to_a_slot_of_the_target_width() -> None:
    """Every weight (each fitting the narrower width) keeps its value at its digits' index in
    the target layout, in slots of the target's bytes, narrower or wider."""
    rng = random.Random(4100)
    for _ in range(400):
        digits = rng.randint(1, 3)
        width, new = rng.randint(1, 4), rng.randint(1, 4)
        source = Layout(width, [rng.randint(1, 4) for _ in range(digits)])
        target = Layout(new, [rng.randint(1, 4) for _ in range(digits)])
        same = rng.random() < 0.3
        if same:
            target = Layout(new, source.widths)
        room = 8 * min(width, new)
        weights = [
            rng.randrange(1 << room) if rng.random() < 0.6 else 0 for _ in range(source.size)
        ]
        packed = sum(w << (i * source.bits) for i, w in enumerate(weights))
        expected = 0
        for i, w in enumerate(weights):
            index = [
                i // stride % size
                for stride, size in zip(source.strides, source.widths, strict=True)
            ]
            if all(d < size for d, size in zip(index, target.widths, strict=True)):
                expected |= w << (reindex(i, source, target) * target.bits)
        assert relayout(packed, source.widths, target.widths, width, new) == expected
    data = bytes(range(1, 13))
    assert restride(data, 3, 3) == data
    assert restride(restride(data, 3, 5), 5, 3) == data


def _layers(plan: PackedPlan) -> Iterator[tuple[bool, int, int]]:
    """Every layer of both passes with its code: (forward, code, layer), forward after every op
    (and what a block sets aside), backward before every op of every code."""
    sized(plan)
    layer, aside = 1, 0
    for k, op in enumerate(plan.ops):
        layer, aside = step(op, layer, aside)
        if isinstance(op, Block):
            yield True, plan.code_of_op[k], aside
        yield True, plan.code_of_op[k], layer
    tables = PackedTables(plan, forward(plan))
    if tables.dp_total:
        for t in range(len(plan.universe)):
            for layer in code_completions(plan, t, tables.completions[t + 1]):
                yield False, t, layer


def _slots(layer: int, bits: int) -> Iterator[int]:
    assert layer >= 0
    while layer:
        yield layer & ((1 << bits) - 1)
        layer >>= bits


def test_every_slot_is_within_its_boundary_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every slot of every layer inside code ``t`` is at most the forward bound of boundary
    ``t + 1`` (forward) or the completion bound of boundary ``t`` (backward), the plan's one
    width throughout (``WIDTH_STEP`` past any width: nothing narrowed, so a bound too tight
    shows as a slot over it, not as a carry); the bounds are not far too loose either."""
    monkeypatch.setattr(packed_passes, "WIDTH_STEP", 1 << 10)
    rng = random.Random(8)
    checked = 0
    tight = 0.0
    for k in range(420):
        plan = build_packed_plan(normalize(MAKERS[k % len(MAKERS)](rng)))
        if plan is None or plan.final < 0:
            continue
        ahead, behind = plan.weight_bounds()
        bits = plan.layout.bits
        for forward_pass, t, layer in _layers(plan):
            bound = ahead[t + 1] if forward_pass else behind[t]
            most = max(_slots(layer, bits), default=0)
            assert most <= bound, (forward_pass, t, most, bound, plan.layout.widths)
            tight = max(tight, most / bound)
        assert ahead[-1] == behind[0] and slot_bytes(ahead[-1]) == plan.layout.bytes_per_slot
        checked += 1
    assert checked >= 200
    assert tight > 0.5


@pytest.fixture
def narrowest(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[PackedPlan]]:
    """Every code's slots as narrow as its bounds allow (``WIDTH_STEP`` 1, ``NARROW_BYTES`` 0),
    and the plans so far whose widths change between codes."""
    monkeypatch.setattr(packed_passes, "WIDTH_STEP", 1)
    monkeypatch.setattr(packed_passes, "NARROW_BYTES", 0)
    found: list[PackedPlan] = []
    narrowed = packed_passes.narrowed

    def recording(plan: PackedPlan, reaching: dict[int, tuple[int, int]]) -> None:
        narrowed(plan, reaching)
        if len(set(plan.forward_bytes)) > 1 or len(set(plan.backward_bytes)) > 1:
            for t in range(len(plan.universe)):  # the least that holds the bound and a spare bit
                assert plan.forward_bytes[t] == slot_bytes(plan.weight_bounds()[0][t + 1])
                assert plan.backward_bytes[t] == slot_bytes(plan.weight_bounds()[1][t])
            found.append(plan)

    monkeypatch.setattr(packed_passes, "narrowed", recording)
    yield found


@pytest.mark.parametrize(
    ("kind", "generator"),
    GENERATORS,
    ids=GENERATOR_IDS,
)
@pytest.mark.parametrize("relaid", [False, True], ids=["one-layout", "relaid"])
def test_narrowest_widths_are_exact(
    narrowest: list[PackedPlan],
    monkeypatch: pytest.MonkeyPatch,
    kind: int,
    generator: Callable[[random.Random], Position],
    relaid: bool,
) -> None:
    """Random small positions of each kind, every code's slots at the least bytes its bounds
    allow (with one layout, and with every plan re-laid: the widths then change with the
    layouts at the same ``Relayout``): every engine's and direction's totals, marginals, odds
    and drawn worlds are brute force's (``check_against_oracle``), and most of the packed plans
    do change widths between codes."""
    if relaid:
        monkeypatch.setattr(packed_passes, "RELAYOUT_GAIN", 0.0)
        monkeypatch.setattr(packed_passes, "RELAYOUT_BYTES", 0)
    checked = 0
    for seed in range(40):
        rng = random.Random(410_000 + 1000 * kind + seed)
        position = generator(rng)
        before = len(narrowest)
        check_against_oracle(position, rng)
        checked += len(narrowest) > before
    assert checked >= 10, (kind, checked)
