"""Sum masks (``packing.Layout.sum_mask``): their bits, made from the states of each signed sum
(``Layout._sums``), are the states their pattern lays out (which the wide forms are made from),
on random layouts, signs and ranges."""

from __future__ import annotations

import random

from engine.redwire.deduction.packing import Layout, forget_masks


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
