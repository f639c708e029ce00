"""The packed engine's per-code layouts (``packed_passes.relaid``: each code's digits as wide as
the walk takes them there, a ``Relayout`` between codes whose layouts differ), against brute
force: the re-layout of packed layers and of bit sets on random layouts, then random small
positions of every kind the packed engine takes, with re-layouts forced
(``RELAYOUT_GAIN`` and ``RELAYOUT_BYTES`` 0: every plan re-laid, where its own estimate would
keep one layout for every small one)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

import pytest

from engine.redwire.deduction import Position, packed_passes
from engine.redwire.deduction.packed_plan import PackedPlan, Relayout
from engine.redwire.deduction.packing import (
    Layout,
    digit_highs,
    reindex,
    relayout,
    relayout_bits,
)
from tests.redwire.deduction.random_positions import RandomChooser, random_position
from tests.redwire.deduction.test_oracle import check_against_oracle, quota_position
from tests.redwire.deduction.test_packed_exclusions import excluded_position, holed_position
from tests.redwire.deduction.test_packed_labels import label_position
from tests.redwire.deduction.test_packed_runs import order_position, run_position
from tests.redwire.deduction.test_packed_subsets import subsets_position


def _digits(layout: Layout, index: int) -> list[int]:
    return [
        index // stride % width for stride, width in zip(layout.strides, layout.widths, strict=True)
    ]


def test_relayout_moves_each_state_to_its_digits_in_the_other_layout() -> None:
    """Every state both layouts have room for keeps its weight (and its bit) at the index of its
    digits; the others are dropped; ``digit_highs`` is each digit's greatest value in a set."""
    rng = random.Random(5600)
    for _ in range(400):
        digits = rng.randint(1, 4)
        source = Layout(rng.randint(1, 3), [rng.randint(1, 5) for _ in range(digits)])
        target = Layout(source.bytes_per_slot, [rng.randint(1, 5) for _ in range(digits)])
        weights = [
            rng.randrange(1 << source.bits) if rng.random() < 0.5 else 0 for _ in range(source.size)
        ]
        packed = sum(w << (i * source.bits) for i, w in enumerate(weights))
        bits = sum(1 << i for i, w in enumerate(weights) if w)
        expected = expected_bits = 0
        for i, w in enumerate(weights):
            if w and all(
                d < width for d, width in zip(_digits(source, i), target.widths, strict=True)
            ):
                j = reindex(i, source, target)
                assert _digits(target, j) == _digits(source, i)
                expected |= w << (j * target.bits)
                expected_bits |= 1 << j
        assert relayout(packed, source.widths, target.widths, source.bytes_per_slot) == expected
        assert relayout_bits(bits, source.widths, target.widths) == expected_bits
        if bits:
            found = [
                max(_digits(source, i)[d] for i in range(source.size) if bits >> i & 1)
                for d in range(digits)
            ]
            assert digit_highs(bits, source.widths) == found


GENERATORS: list[tuple[int, Callable[[random.Random], Position]]] = [
    (1, lambda rng: random_position(RandomChooser(rng))),
    (2, quota_position),
    (3, run_position),
    (4, order_position),
    (5, subsets_position),
    (6, label_position),
    (7, excluded_position),
    (8, holed_position),
]
#: the test ids of ``GENERATORS``, in their order (``GENERATOR_IDS[:4]`` for the first four)
GENERATOR_IDS = ["random", "quota", "runs", "orders", "subsets", "labels", "excluded", "holed"]


@pytest.fixture
def relaid_plans(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[PackedPlan]]:
    """Every plan re-laid (``RELAYOUT_GAIN``, ``RELAYOUT_BYTES`` 0), and the plans so far that
    took a ``Relayout``."""
    monkeypatch.setattr(packed_passes, "RELAYOUT_GAIN", 0.0)
    monkeypatch.setattr(packed_passes, "RELAYOUT_BYTES", 0)
    found: list[PackedPlan] = []
    relaid = packed_passes.relaid

    def recording(plan: PackedPlan) -> None:
        relaid(plan)
        if any(isinstance(op, Relayout) for op in plan.ops):
            found.append(plan)

    monkeypatch.setattr(packed_passes, "relaid", recording)
    yield found


@pytest.mark.parametrize(
    ("kind", "generator"),
    GENERATORS,
    ids=GENERATOR_IDS,
)
def test_forced_relayouts_are_exact(
    relaid_plans: list[PackedPlan], kind: int, generator: Callable[[random.Random], Position]
) -> None:
    """Random small positions of each kind, every plan re-laid: every engine's and direction's
    totals, marginals, odds and drawn worlds are brute force's (``check_against_oracle``), and
    most of the packed plans do change layouts between codes."""
    checked = 0
    for seed in range(60):
        rng = random.Random(561_000 + 1000 * kind + seed)
        position = generator(rng)
        before = len(relaid_plans)
        check_against_oracle(position, rng)
        checked += len(relaid_plans) > before
    print(kind, checked)
    assert checked >= 10, (kind, checked)
