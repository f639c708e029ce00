"""The packed engine's slots are as narrow as ``_Builder.weight_bound`` (brute force).

A slot holds one state's weight; a weight past its slot carries into the next state's, and the
solve is wrong without a word. ``weight_bound`` is the least of two bounds (the product over the
copies of their takers, and the multinomial of all the copies shared as evenly as can be, times
the choices of candidates dropped); the slot is sized from it. Here every slot of every layer,
after every op forward (and the layer a block sets aside) and before every op backward, on random
positions of every kind the packed engine takes (tokens, orders, needs checked by subsets, holes,
counts, "k of m" groups), is checked against that bound itself, not the bytes rounded up from it,
so that a bound too tight by a little fails here even where the bytes hide it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from itertools import product
from math import factorial, prod

import pytest

from engine.redwire.deduction import Position, packed_plan
from engine.redwire.deduction.normalize import normalize
from engine.redwire.deduction.packed_passes import (
    PackedTables,
    chain_parts,
    chain_parts_back,
    code_completions,
    forward,
    sized,
    step,
)
from engine.redwire.deduction.packed_plan import (
    Block,
    Merge,
    PackedPlan,
    _Builder,
    balanced,
    build_packed_plan,
)
from tests.redwire.deduction.random_positions import RandomChooser, random_position
from tests.redwire.deduction.test_oracle import quota_position
from tests.redwire.deduction.test_packed_exclusions import excluded_position, holed_position
from tests.redwire.deduction.test_packed_runs import order_position, run_position
from tests.redwire.deduction.test_packed_subsets import subsets_position


def _slots(layer: int, bits: int) -> Iterator[int]:
    assert layer >= 0
    mask = (1 << bits) - 1
    while layer:
        yield layer & mask
        layer >>= bits


def _forward_layers(plan: PackedPlan) -> Iterator[int]:
    """Every layer ``forward`` goes through, op by op, and what blocks set aside (a chain's
    partial layers too)."""
    sized(plan)
    layer, aside = 1, 0
    for op in plan.ops:
        if isinstance(op, Block):
            for parts in chain_parts(op, layer):
                yield from parts.values()
                yield -1  # counted: a chain's partial layers
        layer, aside = step(op, layer, aside)
        if isinstance(op, Block):
            yield aside
        yield layer


def _backward_parts(plan: PackedPlan, t: int, after: int) -> Iterator[int]:
    """The partial completion layers of code ``t``'s chains (``chain_parts_back``), from the
    completions after the code's ``Merge``."""
    ops = plan.ops[plan.starts[t] : plan.starts[t + 1]]
    merge = next((k for k, op in enumerate(ops) if isinstance(op, Merge)), None)
    if merge is None:
        return
    aside = code_completions(plan, t, after)[merge + 1]
    for op in ops:
        if isinstance(op, Block):
            for parts in chain_parts_back(op, aside):
                yield from parts.values()


def _bound(position: Position) -> tuple[PackedPlan, int] | None:
    norm = normalize(position)
    plan = build_packed_plan(norm)
    if plan is None or plan.final < 0:
        return None
    free = list(plan.explicit) if plan.implicit is None else [plan.implicit, *plan.explicit]
    return plan, _Builder(norm).weight_bound(free, plan.fixed)


MAKERS: list[Callable[[random.Random], Position]] = [
    lambda rng: random_position(RandomChooser(rng)),
    run_position,
    order_position,
    subsets_position,
    excluded_position,
    holed_position,
    quota_position,
]


def test_every_slot_of_every_layer_is_within_the_weight_bound(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rng = random.Random(7)
    checked = chained = 0
    tight = 0.0  # the most a slot filled of its bound: the bound must not be far too loose
    for k in range(420):
        # Every other position with every block a chain (else the ways where fewer).
        monkeypatch.setattr(packed_plan, "FACTOR_BLOCKS", "always" if k % 2 else True)
        found = _bound(MAKERS[k % len(MAKERS)](rng))
        if found is None:
            continue
        plan, bound = found
        bits = plan.layout.bits
        assert bound.bit_length() < bits  # the spare top bit
        most = 0
        for layer in _forward_layers(plan):
            if layer < 0:
                chained += 1
                continue
            most = max(most, *_slots(layer, bits), 0)
        tables = PackedTables(plan, forward(plan))
        if tables.dp_total:
            for t in range(len(plan.universe)):
                for layer in code_completions(plan, t, tables.completions[t + 1]):
                    most = max(most, *_slots(layer, bits), 0)
                for layer in _backward_parts(plan, t, tables.completions[t + 1]):
                    most = max(most, *_slots(layer, bits), 0)
                    chained += 1
        assert most <= bound, (plan.layout.widths, most, bound)
        checked += 1
        tight = max(tight, most / bound)
    assert checked >= 200
    assert chained >= 50  # partial layers of chains (``chain_parts``, ``chain_parts_back``)
    assert tight > 0.5


def test_balanced_is_the_greatest_multinomial() -> None:
    """``balanced(m, k)`` against every sharing of ``m`` copies among ``k`` stands, and it grows
    with ``m`` (a bound for every number of copies dealt so far)."""
    for bins in range(1, 5):
        for copies in range(9):
            most = max(
                factorial(copies) // prod(factorial(c) for c in counts)
                for counts in product(range(copies + 1), repeat=bins)
                if sum(counts) == copies
            )
            assert balanced(copies, bins) == most
            assert balanced(copies, bins) <= balanced(copies + 1, bins)
