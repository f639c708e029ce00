"""The packed engine's masks against their definitions, state by state (brute force).

A sum mask is built block by block, a whole block at once where every state of it is in (or out
of) the bounds; a wrong shortcut would keep or drop states the walk then deals from, so every
state of random layouts is checked here, in the bit form and in the wide form, whole and cut; and
the bits, made from the states of each signed sum (``Layout._sums``), are the states the mask's
pattern lays out (which the wide forms are made from).
"""

from __future__ import annotations

import random
from itertools import product
from random import Random

import pytest

from engine.redwire.deduction.packing import Layout, forget_masks, widen


def _digits(widths: tuple[int, ...], index: int) -> list[int]:
    found = []
    for width in widths:
        index, digit = divmod(index, width)
        found.append(digit)
    return found


def _expected(widths: tuple[int, ...], signs: list[int], base: int, low: int, high: int) -> int:
    bits = 0
    size = len(list(product(*map(range, widths))))
    for index in range(size):
        total = base + sum(s * d for s, d in zip(signs, _digits(widths, index), strict=True))
        if low <= total <= high:
            bits |= 1 << index
    return bits


@pytest.mark.parametrize("seed", range(60))
def test_sum_masks_keep_exactly_the_states_in_bounds(seed: int) -> None:
    rng = Random(seed)
    forget_masks()
    widths = tuple(rng.randint(1, 5) for _ in range(rng.randint(1, 4)))
    signs = [rng.choice((-1, 0, 1)) for _ in widths]
    width = rng.choice((1, 2, 3))
    span = rng.randint(-1, 6)
    layout = Layout(width, widths)
    # Masks of one layout and signs that differ in their bounds share their blocks: several,
    # each checked whole.
    for _ in range(4):
        base = rng.randint(-3, 6)
        low = rng.randint(-4, 8)
        high = low + (span if rng.random() < 0.7 else rng.randint(-1, 6))
        mask = layout.sum_mask(signs, base, low, high)
        expected = _expected(widths, signs, base, low, high)
        assert mask.bits == expected
        for states in {1, layout.size // 2 + 1, layout.size}:
            wide = widen(mask, states, width, {})
            cut = (1 << (states * width * 8)) - 1
            ones = (1 << (8 * width)) - 1
            slots = sum(((expected >> i) & 1) * ones << (8 * width * i) for i in range(states))
            assert wide & cut == slots


def test_sum_mask_bits_are_its_patterns_states() -> None:
    rng = random.Random(7)
    for _ in range(500):
        widths = [rng.randint(1, 5) for _ in range(rng.randint(0, 5))]
        layout = Layout(1, widths)
        signs = [rng.choice((-1, 0, 1)) for _ in widths]
        base, low = rng.randint(-3, 8), rng.randint(-2, 6)
        high = low + rng.randint(-1, 4)
        forget_masks()
        mask = layout.sum_mask(signs, base, low, high)
        assert mask.pattern is not None
        laid = int(mask.pattern(b"1", b"0", layout.size)[::-1] or b"0", 2)
        assert mask.bits == laid, (widths, signs, base, low, high)
