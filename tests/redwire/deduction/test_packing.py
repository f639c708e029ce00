"""The packed engine's masks against their definitions, state by state (brute force).

A sum mask is built block by block, a whole block at once where every state of it is in (or out
of) the bounds; a wrong shortcut would keep or drop states the walk then deals from, so every
state of random layouts is checked here, in the bit form and in the wide form, whole and cut. The
wide forms are made from the bits a byte at a time (``packing.spread``), and kept by their bits
(``packing.widen``): checked against a slot made state by state, for every bytes per slot and
length, whole bytes or not, and as the cached forms grow and serve shorter requests; a digit's
mask from its runs (``packing.periodic``), checked against ``spread`` of its bits.
"""

from __future__ import annotations

import random
from itertools import product
from random import Random

import pytest

from engine.redwire.deduction.packing import (
    Layout,
    Mask,
    Widened,
    forget_masks,
    periodic,
    spread,
    widen,
)


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
            wide = widen(mask, states, width, Widened())
            cut = (1 << (states * width * 8)) - 1
            ones = (1 << (8 * width)) - 1
            slots = sum(((expected >> i) & 1) * ones << (8 * width * i) for i in range(states))
            assert wide & cut == slots


def _slots(bits: int, states: int, width: int) -> int:
    """The wide form made a byte string per state (the definition)."""
    one, zero = b"\xff" * width, bytes(width)
    text = b"".join(one if bits >> i & 1 else zero for i in range(states))
    return int.from_bytes(text, "little")


def test_spread_is_a_slot_of_ones_per_state_kept() -> None:
    rng = random.Random(11)
    for _ in range(400):
        width = rng.randint(1, 17)
        size = rng.randint(0, 70)
        bits = rng.getrandbits(size + 9)  # set bits above the states too: they must not count
        states = rng.randint(0, size)
        assert spread(bits, states, width) == _slots(bits, states, width), (bits, states, width)


@pytest.mark.parametrize("seed", range(20))
def test_digit_masks_widen_from_their_runs_as_from_their_bits(seed: int) -> None:
    """A digit's mask is widened from its runs (``periodic``), not its bits: on random layouts,
    digits, values (some out of the digit's range), slot widths and reaches (0, cut inside a
    run or a block, the whole layout, past it), the same int as ``spread`` of its bits, and as
    the slots made state by state."""
    rng = Random(seed)
    for _ in range(60):
        widths = tuple(rng.randint(1, 5) for _ in range(rng.randint(1, 4)))
        layout = Layout(rng.randint(1, 17), widths)
        digit = rng.randrange(len(widths))
        values = {rng.randrange(-1, 7) for _ in range(rng.randint(0, 4))}
        mask = layout._digit_mask(digit, frozenset(values))  # not the cache: a layout each
        assert mask.runs is not None
        width = rng.randint(1, 17)
        for states in {0, 1, layout.size, layout.size + 3, rng.randint(0, layout.size)}:
            made = periodic(mask.runs, states, width)
            assert made == spread(mask.bits, states, width), (widths, digit, values, states)
            assert made == _slots(mask.bits, min(states, layout.size), width)


def _layout_and_digits(rng: Random) -> tuple[Layout, list[Mask]]:
    """A random small layout (1-4 digits of 1-4 values, 1, 2 or 15 bytes a slot, the masks'
    cache emptied) and four digit masks on it."""
    forget_masks()
    widths = tuple(rng.randint(1, 4) for _ in range(rng.randint(1, 4)))
    layout = Layout(rng.choice((1, 2, 15)), widths)
    digits = [
        layout.digit_mask(rng.randrange(len(widths)), {rng.randrange(4), rng.randrange(4)})
        for _ in range(4)
    ]
    return layout, digits


@pytest.mark.parametrize("seed", range(20))
def test_compound_masks_of_equal_bits_share_one_form(seed: int) -> None:
    """Masks made by ``&`` and ``|`` anew per op, of equal bits, are made once per plan and
    width (``Widened.alike``) and serve each other as far as the form reaches; unequal ones
    never share: every form is the slots of its own bits."""
    rng = Random(seed)
    layout, digits = _layout_and_digits(rng)
    width = layout.bytes_per_slot
    made = Widened(lambda: digits)
    for digit in digits:  # made: each compound mask is then made from its parts
        widen(digit, layout.size, width, made)
    forms: dict[int, tuple[int, int]] = {}
    alive = []  # a plan keeps its masks alive (``Widened.forms`` is by ``id``)
    for _ in range(30):  # the same recipes again and again: new objects, equal bits
        first, second = rng.sample(digits, 2)
        mask = first | second if rng.random() < 0.4 else first & second
        alive.append(mask)
        states = rng.randint(1, layout.size)
        wide = widen(mask, states, width, made)
        cut = (1 << (8 * width * states)) - 1
        assert wide & cut == _slots(mask.bits, states, width)
        assert wide & ~cut & ~_slots(mask.bits, wide.bit_length() // (8 * width), width) == 0
        before = forms.get(mask.bits)
        if before is not None and before[0] >= states:
            assert wide is before[1]  # served, not made again
        entry = made.alike.get(mask.bits)
        if entry is not None:
            forms[mask.bits] = entry


def test_widen_serves_each_length_exactly() -> None:
    """Cached forms (by bits) grow when a longer one is asked for, serve shorter requests as
    far as those go, and masks with equal bits share them."""
    rng = random.Random(5)
    forget_masks()
    pool = [rng.getrandbits(rng.randint(1, 90)) for _ in range(12)]
    for _ in range(600):
        bits, width = rng.choice(pool), rng.choice((1, 2, 5, 15))
        states = rng.randint(1, 100)
        made = Widened()
        mask = Mask(bits)
        wide = widen(mask, states, width, made)
        cut = (1 << (8 * width * states)) - 1
        assert wide & cut == _slots(bits, states, width), (bits, states, width)
        # a wider form may serve, never a wrong one: above ``states``, only slots of the mask
        assert wide & ~cut & ~_slots(bits, wide.bit_length() // (8 * width), width) == 0
        shorter = rng.randint(1, states)
        assert widen(mask, shorter, width, made) == wide  # the plan's own form serves


@pytest.mark.parametrize("seed", range(30))
def test_compound_masks_widen_from_their_parts_or_their_bits(seed: int) -> None:
    """A mask made by ``&`` and ``|`` is widened from its parts' forms where they are made,
    kept or shared, else from its own bits: every way gives the slots of its bits."""
    rng = Random(seed)
    layout, masks = _layout_and_digits(rng)
    width = layout.bytes_per_slot
    masks += [
        layout.sum_mask([rng.choice((-1, 1)) for _ in layout.widths], rng.randint(0, 3), 0, 1)
        for _ in range(3)
    ]
    for _ in range(12):  # chains and trees, parts used once or more
        first, second = rng.sample(masks, 2)
        masks.append(first | second if rng.random() < 0.4 else first & second)
    uses = rng.sample(masks, 6)
    made = Widened(lambda: uses)
    for mask in rng.sample(masks, len(masks)):
        states = rng.randint(1, layout.size)
        wide = widen(mask, states, width, made)
        cut = (1 << (8 * width * states)) - 1
        assert wide & cut == _slots(mask.bits, states, width)
        # above ``states``, only slots of the mask (a ``|`` of a longer part's and a shorter
        # part's forms has some of them: the walk reads no state there)
        assert wide & ~cut & ~_slots(mask.bits, wide.bit_length() // (8 * width), width) == 0
