"""The packed marginals' sums of ``F * B`` by key (``packed_passes``): the box of states at C
speed (``_box``, ``_linear_sums``) and the loop over live states (``_accumulate``) against
brute force on random layers and keys (narrow and wide slots, forward and backward layers of
different byte widths, no live state, one, few, most), then random small positions solved
with the box forced wherever the weights fit a word and never (``BOX_DENSITY``,
``BOX_LEAST``)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

import pytest

from engine.redwire.deduction import Position, packed_passes
from engine.redwire.deduction.packed_passes import (
    LinearKey,
    _accumulate,
    _box,
    _chunks,
    _level_keys,
    _level_linear,
    _linear_sums,
    _split_chunks,
)
from engine.redwire.deduction.packing import Layout
from tests.redwire.deduction.test_count_shares import (
    test_counted_shares_are_exact as check_counted_shares,
)
from tests.redwire.deduction.test_oracle import check_against_oracle
from tests.redwire.deduction.test_packed_relayout import GENERATORS


def _digits(layout: Layout, index: int) -> list[int]:
    return [
        index // stride % width for stride, width in zip(layout.strides, layout.widths, strict=True)
    ]


def _brute(
    layout: Layout, live: list[int], front: list[int], back: list[int], keys: list[LinearKey]
) -> list[list[int]]:
    """Per linear key, the sums of ``F * B`` over the live states by key, one state at a time."""
    found = [[0] * span for _, _, span in keys]
    for i in live:
        digits = _digits(layout, i)
        for (coefs, base, _), sums in zip(keys, found, strict=True):
            sums[base + sum(c * d for c, d in zip(coefs, digits, strict=True))] += (
                front[i] * back[i]
            )
    return found


def _packed(values: list[int], width: int, end: int) -> bytes:
    """The first ``end`` values as slots of ``width`` bytes, little-endian (``_live_bytes``)."""
    return b"".join(v.to_bytes(width, "little") for v in values[:end])


def _weights(rng: random.Random, size: int, states: set[int], nbytes: int) -> list[int]:
    """A weight at each of ``states`` of at most ``nbytes`` bytes (some of them the greatest),
    0 elsewhere."""
    top = (1 << (8 * nbytes)) - 1
    return [
        (top if rng.random() < 0.1 else rng.randint(1, top)) if i in states else 0
        for i in range(size)
    ]


def _layers(
    rng: random.Random, case: int
) -> tuple[Layout, int, tuple[int, ...], list[int], list[int], list[int], int, int]:
    """A random layout, its explicit digits and active counters, live states (none, one, few or
    most: ``case``), forward and backward weights (set beyond the live states too: reached
    but not completing, or the other way) and their slot widths in bytes."""
    layout = Layout(1, [rng.randint(1, 6) for _ in range(rng.randint(1, 5))])
    explicit = rng.randint(0, len(layout.widths))
    active = tuple(d for d in range(explicit, len(layout.widths)) if rng.random() < 0.5)
    share = (0.0, 0.0, 0.2, 0.9)[case]
    reached = {i for i in range(layout.size) if rng.random() < share + 0.1}
    completing = {i for i in range(layout.size) if rng.random() < share + 0.1}
    live = sorted(reached & completing)
    if case == 0:
        live = []
    elif case == 1 or not live:
        live = [rng.randrange(layout.size)]
    reached |= set(live)
    completing |= set(live)
    front_bytes, back_bytes = rng.randint(1, 9), rng.randint(1, 9)
    front_width = front_bytes + rng.choice((0, 0, 1, 5, 8))  # narrow to wide (17 bytes) slots
    back_width = back_bytes + rng.choice((0, 0, 1, 5, 8))
    front = _weights(rng, layout.size, reached, front_bytes)
    back = _weights(rng, layout.size, completing, back_bytes)
    for i in range(layout.size):  # no state outside the live ones holds both weights
        if i not in live and front[i] and back[i]:
            (front if rng.random() < 0.5 else back)[i] = 0
    return layout, explicit, active, live, front, back, front_width, back_width


def _joint_keys_of(
    layout: Layout, explicit: int, active: tuple[int, ...], rng: random.Random
) -> list[LinearKey]:
    """The level keys, then a level key joint with another digit (as ``_joint_weights``)."""
    keys = _level_linear(layout.widths, explicit, active)
    digit = rng.randrange(len(layout.widths))
    wide = layout.widths[digit]
    coefs, base, span = rng.choice(keys)
    joint = tuple(wide * c + (d == digit) for d, c in enumerate(coefs))
    return [*keys, (joint, base * wide, span * wide)]


@pytest.mark.parametrize("case", [0, 1, 2, 3], ids=["none-live", "one-live", "few-live", "most"])
def test_box_sums_are_brute_force(monkeypatch: pytest.MonkeyPatch, case: int) -> None:
    """Forced wherever every weight fits a 64-bit word (``BOX_DENSITY``, ``BOX_LEAST`` 0), the
    box's sums by every level key and a joint one are brute force's, the forward and backward
    layers' slot widths apart; with a weight of more than 8 bytes, or no live state, it leaves the
    sums to the loop. With ``BOX_DENSITY`` above 1 it never takes them."""
    monkeypatch.setattr(packed_passes, "BOX_DENSITY", 0.0)
    monkeypatch.setattr(packed_passes, "BOX_LEAST", 0)
    rng = random.Random(8100 + case)
    boxed = 0
    for _ in range(300):
        layout, explicit, active, live, front, back, fw, bw = _layers(rng, case)
        keys = _joint_keys_of(layout, explicit, active, rng)
        end = live[-1] + 1 if live else 0
        front_bytes, back_bytes = _packed(front, fw, end), _packed(back, bw, end)
        if not live:
            assert _box(live, front_bytes, fw, back_bytes, bw, layout.widths) is None
            continue
        found = _box(live, front_bytes, fw, back_bytes, bw, layout.widths)
        wide = max(front[:end]).bit_length() > 64 or max(back[:end]).bit_length() > 64
        if wide:
            assert found is None
            continue
        assert found is not None
        assert _linear_sums(found, layout.widths, keys) == _brute(layout, live, front, back, keys)
        boxed += 1
        monkeypatch.setattr(packed_passes, "BOX_DENSITY", 1.01)
        assert _box(live, front_bytes, fw, back_bytes, bw, layout.widths) is None
        monkeypatch.setattr(packed_passes, "BOX_DENSITY", 0.0)
    assert boxed >= (0 if case == 0 else 100), boxed


@pytest.mark.parametrize("case", [1, 2, 3], ids=["one-live", "few-live", "most"])
def test_loop_sums_are_brute_force(case: int) -> None:
    """The loop over live states (one slot width for both layers), its level digits summed in
    chunks and split (``_chunks``, ``_split_chunks``), gives brute force's sums by level key."""
    rng = random.Random(8200 + case)
    for _ in range(300):
        layout, explicit, active, live, front, back, fw, bw = _layers(rng, case)
        width = max(fw, bw)
        end = live[-1] + 1
        chunks = _chunks(layout.widths[:explicit], len(live))
        keys = _level_keys(layout.widths, explicit, active, chunks, end)
        sums = _accumulate(live, _packed(front, width, end), _packed(back, width, end), width, keys)
        sums = _split_chunks(sums[: len(chunks)], chunks, layout.widths) + sums[len(chunks) :]
        expected = _brute(layout, live, front, back, _level_linear(layout.widths, explicit, active))
        assert sums == expected


@pytest.fixture(params=[0.0, 1.01], ids=["box", "loop"])
def boxed_sums(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> Iterator[list[int]]:
    """The box forced wherever the weights fit a word (``BOX_DENSITY``, ``BOX_LEAST`` 0), or
    never (``BOX_DENSITY`` above 1); and a count of the sums it took."""
    monkeypatch.setattr(packed_passes, "BOX_DENSITY", request.param)
    monkeypatch.setattr(packed_passes, "BOX_LEAST", 0)
    taken = [0]
    sums = packed_passes._linear_sums

    def counting(*args: object) -> list[list[int]]:
        taken[0] += 1
        return sums(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(packed_passes, "_linear_sums", counting)
    yield taken
    assert (taken[0] > 0) == (request.param == 0.0), taken


@pytest.mark.parametrize(
    ("kind", "generator"),
    GENERATORS[:4],
    ids=["random", "quota", "runs", "orders"],
)
def test_marginals_by_box_and_by_loop_are_exact(
    boxed_sums: list[int], kind: int, generator: Callable[[random.Random], Position]
) -> None:
    """Random small positions, the box forced and never: every engine's and direction's totals,
    marginals, odds and drawn worlds are brute force's (``check_against_oracle``)."""
    for seed in range(40):
        rng = random.Random(820_000 + 1000 * kind + seed)
        check_against_oracle(generator(rng), rng)


def test_counted_shares_by_box_are_exact(boxed_sums: list[int]) -> None:
    """The counted shares' joint weights (``PackedTables.count_weights``), the box forced and
    never, are brute force's (``test_count_shares``)."""
    check_counted_shares()
