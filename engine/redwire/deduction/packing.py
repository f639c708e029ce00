"""Vectors of exact integers packed into one Python int, and the masks that act on them.

The packed engine (``packed_plan``) keeps a whole DP layer in one int: slot ``i`` (``bytes_per_slot``
bytes wide) holds the weight of state ``i``. Adding two layers, shifting one by a state stride or
keeping the states of a mask are then single big-int operations, which CPython runs over the
machine words of the int, far faster than a Python loop over the states. A state index is in mixed
radix: each *digit* has a stride (the product of the widths below it) and a width.

A mask is a set of states, one bit per state (an int): the *supports* (which states are non-zero)
walk with them (the same walk with ``|`` for ``+``, a hundred times shorter), and the weights with
their *wide* form, a slot of ones per state kept (``widen``), made from the bits a byte of them
at a time (eight slots looked up at once: C loops, no Python step per state), a digit's mask
from its runs (``periodic``: a block of byte runs repeated, without reading its bits). The bit form is
made at once and kept across plans; the wide form only as far as the states the walk reaches (most
of a wide layout is never reached: flags and counters on top are mostly 0), the widest so far kept
by its bits (``_WIDES``: the masks a plan builds by ``&`` and ``|`` are new objects every plan);
a mask built so is made from its parts' wide forms where those are at hand or shared by the
plan's masks (a few big-int ops), else from its own bits, and then not kept (its parts are).

>>> forget_masks()                                     # a cached mask may be wider already
>>> layout = Layout(bytes_per_slot=1, widths=(3, 2))   # digit 0: 0..2 (stride 1), digit 1: 0..1
>>> mask = layout.digit_mask(0, {1, 2})                # states whose digit 0 is 1 or 2
>>> bin(mask.bits), hex(widen(mask, 2, 1, Widened()))  # the wide form as far as state 1
('0b110110', '0xff00')
>>> hex(widen(mask, layout.size, layout.bytes_per_slot, Widened()))
'0xffff00ffff00'
>>> bin(layout.sum_mask([-1, 1], base=0, low=0, high=0).bits)  # digit 1 - digit 0 == 0
'0b10001'
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import reduce
from operator import mul


@dataclass(slots=True, frozen=True, eq=False)
class Mask:
    """A set of states: ``bits``, one bit per state; ``parts``: the two masks it is the ``&`` of
    (or the ``|``, if ``union``), whose wide forms may make its own (``widen``); ``recipe``: how
    a layout made it (``Layout.digit_mask``, ``sum_mask``), so that another layout of the same
    digits makes the same set of states in its own indices (``remade``); ``runs``: a digit's
    mask as a block of runs repeated (``Runs``), from which its wide form is made without
    reading its bits (``periodic``)."""

    bits: int
    parts: tuple[Mask, ...] = ()
    union: bool = False
    recipe: tuple[object, ...] = ()
    runs: Runs | None = None

    def __and__(self, other: Mask) -> Mask:
        return Mask(self.bits & other.bits, (self, other))

    def __or__(self, other: Mask) -> Mask:
        return Mask(self.bits | other.bits, (self, other), union=True)


@dataclass(slots=True, frozen=True)
class Runs:
    """A digit's mask in a layout: the digit has stride ``stride`` and width ``width``; a block
    of ``stride * width`` states holds a run of ``stride`` states per value of it, kept if the
    value is in ``values``; the block is repeated ``repeat`` times (the digits above)."""

    stride: int
    width: int
    values: frozenset[int]
    repeat: int


@dataclass(slots=True)
class Widened:
    """One plan's wide forms: ``forms``, by ``id`` of a mask (kept alive by the plan), its
    (states, form); ``shared``: the ``id`` of the masks the plan uses twice or more, directly or
    as a part (``shared_parts`` of what ``masks`` gives), found when first asked for (a plan
    whose compound masks' parts are all kept never asks: most solves but a layout's first).
    ``of``: the same plan's forms at another slot width (``packed_passes.sized``), whose
    ``shared`` these are too (found once per plan: a walk over all its masks). ``longest``: by
    bits, the most states the plan applies a mask to at this width (``packed_passes._longest``):
    a form is made that long the first time (not made again when a later op asks further).
    ``alike``: by bits, the forms made from parts (not kept in ``_WIDES``): the plan's masks
    made by ``&`` and ``|`` are new objects per op, many with equal bits (mission 43's
    spectator after 16 actions: 437 such forms made, 103 different, 17 of 23 MB again)."""

    masks: Callable[[], Iterable[Mask]] = tuple
    forms: dict[int, tuple[int, int]] = field(default_factory=dict)
    found: set[int] | None = None
    of: Widened | None = None
    longest: dict[int, int] = field(default_factory=dict)
    alike: dict[int, tuple[int, int]] = field(default_factory=dict)

    @property
    def shared(self) -> set[int]:
        if self.of is not None:
            return self.of.shared
        if self.found is None:
            self.found = shared_parts(self.masks())
        return self.found


def shared_parts(masks: Iterable[Mask]) -> set[int]:
    """The ``id`` of the masks used twice or more by ``masks`` (each a use) and their parts
    (each compound mask a use of each of its parts, once): their wide forms, made once, make
    those of the compound masks over them by ``&`` and ``|``, a tenth of the cost of making
    each from its bits (mission 24's spectator: 630 block masks over 85 digit and sum masks)."""
    uses: dict[int, int] = {}
    seen: set[int] = set()
    stack = list(masks)
    while stack:
        mask = stack.pop()
        uses[id(mask)] = uses.get(id(mask), 0) + 1
        if mask.parts and id(mask) not in seen:
            seen.add(id(mask))
            stack += mask.parts
    return {key for key, count in uses.items() if count > 1}


def widen(mask: Mask, states: int, bytes_per_slot: int, made: Widened) -> int:
    """The wide form of ``mask`` over (at least) its first ``states`` states: a slot of ones per
    state kept (0 above them). ``made``: the plan's wide forms made so far; a longer one
    serves, as ``&`` stops at the shorter int. A compound mask is made from its parts' forms
    where each is made already or shared (made once for several), else from its own bits: its
    parts used by it alone would each cost as much."""
    found = made.forms.get(id(mask))
    if found is not None and found[0] >= states:
        return found[1]
    if states <= 0:
        return 0
    states = max(states, made.longest.get(mask.bits, 0))
    key = (bytes_per_slot, mask.bits)
    kept = _WIDES.get(key)
    if (kept is None or kept[0] < states) and mask.parts:
        kept = made.alike.get(mask.bits)
    if kept is not None and kept[0] >= states:
        wide = kept[1]
    elif mask.parts and all(_cheap(part, states, bytes_per_slot, made) for part in mask.parts):
        first, second = (widen(part, states, bytes_per_slot, made) for part in mask.parts)
        wide = first | second if mask.union else first & second
        made.alike[mask.bits] = (states, wide)
    else:
        wide = (
            spread(mask.bits, states, bytes_per_slot)
            if mask.runs is None
            else periodic(mask.runs, states, bytes_per_slot)
        )
        _keep_wide(key, states, wide)
    made.forms[id(mask)] = (states, wide)
    return wide


def _cheap(mask: Mask, states: int, bytes_per_slot: int, made: Widened) -> bool:
    """Whether ``mask``'s wide form is made already (this plan's or kept), shared, or made by
    ``&`` and ``|`` of such forms (a way's mask over several stands is a chain of them)."""
    found = made.forms.get(id(mask)) or _WIDES.get((bytes_per_slot, mask.bits))
    if (found is not None and found[0] >= states) or id(mask) in made.shared:
        return True
    alike = made.alike.get(mask.bits) if mask.parts else None
    if alike is not None and alike[0] >= states:
        return True
    return bool(mask.parts) and all(
        _cheap(part, states, bytes_per_slot, made) for part in mask.parts
    )


def spread(bits: int, states: int, bytes_per_slot: int) -> int:
    """The slots of ``bits``' first ``states`` states: ``bytes_per_slot`` bytes of ones where its
    bit is set, of zeros where not. Each byte of the bits is looked up (its eight slots) and the
    pieces joined: a mask per copy (mission 40's spectator) made a byte string per state from a
    pattern of blocks, then parsed it, half of a first solve's time.

    >>> hex(spread(0b101, 3, 2)), hex(spread(0b1111, 2, 1))
    ('0xffff0000ffff', '0xffff')
    """
    table = _SPREADS.get(bytes_per_slot)
    if table is None:
        one, zero = b"\xff" * bytes_per_slot, bytes(bytes_per_slot)
        table = _SPREADS[bytes_per_slot] = [
            b"".join(one if byte >> bit & 1 else zero for bit in range(8)) for byte in range(256)
        ]
    data = (bits & ((1 << states) - 1)).to_bytes((states + 7) // 8, "little")
    return int.from_bytes(b"".join(map(table.__getitem__, data)), "little")


def periodic(runs: Runs, states: int, bytes_per_slot: int) -> int:
    """``spread`` of a digit's mask made from its ``runs``, not its bits: a block of runs of
    ones and zeros (each one string of bytes), repeated by the string's repetition, then parsed
    once. Only the parse reads a byte at a time: ``spread`` also looked up and joined a piece
    per eight states, about as long again (1.1 against 1.8-2.1 ms a MB made; the digits'
    masks are most of those a first solve makes).

    >>> hex(periodic(Runs(1, 3, frozenset({1, 2}), 2), 5, 1))
    '0xff00ffff00'
    """
    kept = [value for value in runs.values if 0 <= value < runs.width]
    if not kept:
        return 0
    period = runs.stride * runs.width
    # past the block's last kept run only zeros: not parsed
    last = (runs.repeat - 1) * period + (max(kept) + 1) * runs.stride
    states = min(states, last)
    if states <= 0:
        return 0
    size = runs.stride * bytes_per_slot
    one, zero = b"\xff" * size, bytes(size)
    block = b"".join(one if value in runs.values else zero for value in range(runs.width))
    full, rest = divmod(states * bytes_per_slot, len(block))
    return int.from_bytes(block * full + block[:rest], "little")


#: per bytes per slot: the slots of each byte of bits (``spread``)
_SPREADS: dict[int, list[bytes]] = {}


def _repeat_bits(block: int, period: int, count: int) -> int:
    """``block`` (``period`` bits) repeated ``count`` times, by doubling: a few big-int ops, not
    a string of a byte per state to parse (what made a digit's mask on a wide layout slow).

    >>> bin(_repeat_bits(0b01, 2, 3))
    '0b10101'
    """
    result, have = block, 1
    while 2 * have <= count:
        result |= result << (have * period)
        have *= 2
    if have < count:
        result |= _repeat_bits(block, period, count - have) << (have * period)
    return result


class Layout:
    """The mixed-radix state space of a packed layer (see the module docstring)."""

    def __init__(self, bytes_per_slot: int, widths: Sequence[int]) -> None:
        self.bytes_per_slot = bytes_per_slot
        self.bits = 8 * bytes_per_slot
        self.widths = tuple(widths)
        self.strides = tuple(reduce(mul, self.widths[:k], 1) for k in range(len(self.widths)))
        self.size = reduce(mul, self.widths, 1)  # number of states

    def digit_mask(self, digit: int, values: Iterable[int]) -> Mask:
        """The states whose ``digit`` is in ``values``."""
        wanted = frozenset(values)
        return _cached(  # keyed by ints only: a key holding a set stays tracked by the collector
            ("digit", self.widths, digit, tuple(sorted(wanted))),
            lambda: self._digit_mask(digit, wanted),
        )

    def _digit_mask(self, digit: int, wanted: frozenset[int]) -> Mask:
        stride, width = self.strides[digit], self.widths[digit]
        period = stride * width
        repeat = self.size // period

        run = (1 << stride) - 1
        block = sum(run << (d * stride) for d in wanted if 0 <= d < width)
        return Mask(
            _repeat_bits(block, period, repeat),
            recipe=("digit", digit, wanted),
            runs=Runs(stride, width, wanted, repeat),
        )

    def sum_mask(self, signs: Sequence[int], base: int, low: int, high: int) -> Mask:
        """The states where ``base + sum(sign[k] * digit[k])`` lies in ``[low, high]``: those
        whose signed sum is each value in the range (``_sums``), put together."""
        key = ("sum", self.widths, tuple(signs), base, low, high)
        recipe = ("sum", tuple(signs), base, low, high)
        return _cached(
            key, lambda: Mask(self._sum_bits(tuple(signs), low - base, high - base), recipe=recipe)
        )

    def _sum_bits(self, signs: tuple[int, ...], low: int, high: int) -> int:
        sums = self._sums(signs)
        bits = 0
        for value in range(low, high + 1):
            bits |= sums.get(value, 0)
        return bits

    def _sums(self, signs: tuple[int, ...]) -> dict[int, int]:
        """Per value of ``sum(signs[k] * digit[k])``, the bits of its states: from the lowest
        digit up, each value's states below laid side by side for each value of the digit.
        Kept with the layout's masks (one per signs: the masks of a plan share a few)."""
        key = ("sums", self.widths, signs)
        found = _SUMS.get(key)
        if found is None:
            found = {0: 1}
            size = 1
            for sign, width in zip(signs, self.widths, strict=True):
                rows: dict[int, int] = {}
                for d in range(width):
                    for value, bits in found.items():
                        rows[value + sign * d] = rows.get(value + sign * d, 0) | bits << (d * size)
                found, size = rows, size * width
            if len(_SUMS) >= 64:
                _SUMS.clear()
            _SUMS[key] = found
        return found

    def slot(self, packed: int, index: int) -> int:
        """The value of one state (slow on a long int: for single look-ups)."""
        return (packed >> (index * self.bits)) & ((1 << self.bits) - 1)


def remade(mask: Mask, layout: Layout, memo: dict[int, Mask]) -> Mask:
    """``mask`` (made by another layout of the same digits) made by ``layout``: the same set of
    digit values, in ``layout``'s indices (a digit value ``layout`` has no room for is left
    out). ``memo``: by ``id``, the masks remade so far for ``layout`` (a plan's compound masks
    share their parts)."""
    found = memo.get(id(mask))
    if found is not None:
        return found
    recipe = mask.recipe
    if recipe and recipe[0] == "digit":
        _, digit, wanted = recipe
        found = layout.digit_mask(digit, wanted)  # type: ignore[arg-type]
    elif recipe:
        _, signs, base, low, high = recipe
        found = layout.sum_mask(signs, base, low, high)  # type: ignore[arg-type]
    elif mask.parts:
        first, second = (remade(part, layout, memo) for part in mask.parts)
        found = first | second if mask.union else first & second
    else:
        assert not mask.bits, "a mask not made by a layout cannot be remade"
        found = mask
    memo[id(mask)] = found
    return found


def digit_highs(bits: int, widths: Sequence[int]) -> list[int]:
    """Per digit of a layout of ``widths``, the greatest value it takes in the states of ``bits``
    (not 0): from the top digit down, the rows of each value of a digit are folded together by
    ``|`` (a few big-int ops per value, on ints a digit shorter each time).

    >>> digit_highs(0b000010_000100, (3, 2, 2))   # states 2 (2, 0, 0) and 7 (1, 0, 1)
    [2, 0, 1]
    """
    strides = [reduce(mul, widths[:k], 1) for k in range(len(widths))]
    highs = [0] * len(widths)
    for k in range(len(widths) - 1, -1, -1):
        stride = strides[k]
        top = (bits.bit_length() - 1) // stride
        highs[k] = top
        low = (1 << stride) - 1
        folded = 0
        for value in range(top + 1):
            folded |= (bits >> (value * stride)) & low
        bits = folded
    return highs


def relayout(
    packed: int,
    source: Sequence[int],
    target: Sequence[int],
    width: int,
    target_width: int | None = None,
) -> int:
    """The packed layer ``packed`` (``width`` bytes a slot) of a layout of widths ``source`` in
    the layout of widths ``target`` (the same digits), ``target_width`` bytes a slot (``None``:
    ``width``; every weight must fit in it): every state both have room for moves to its index
    there, the others are dropped (and those only ``target`` has are 0). One digit's width at a
    time (the narrowed ones first: the later passes copy fewer bytes), each a gather of rows
    (``_rewidth``); the slots narrowed first, widened last, for the same reason
    (``restride``)."""
    new_width = width if target_width is None else target_width
    if not packed or (tuple(source) == tuple(target) and new_width == width):
        return packed
    data: bytes | bytearray = packed.to_bytes((packed.bit_length() + 7) // 8, "little")
    if new_width < width:
        data, width = restride(data, width, new_width), new_width
    widths = list(source)
    order = sorted(range(len(widths)), key=lambda d: target[d] > widths[d])
    for digit in order:
        if widths[digit] != target[digit]:
            data = _rewidth(data, widths, digit, target[digit], width)
            widths[digit] = target[digit]
    if new_width > width:
        data = restride(data, width, new_width)
    return int.from_bytes(data, "little")


def restride(data: bytes | bytearray, width: int, new: int) -> bytearray:
    """``data`` (slots of ``width`` bytes) in slots of ``new`` bytes, each slot's low bytes
    kept (a narrower slot: its weight fits, the bytes left out are 0): one strided slice per
    byte of a slot, at C speed.

    >>> bytes(restride(bytes([1, 0, 0, 2, 0, 0]), 3, 2)), bytes(restride(b"\\x01\\x02", 1, 2))
    (b'\\x01\\x00\\x02\\x00', b'\\x01\\x00\\x02\\x00')
    """
    slots = -(-len(data) // width)
    if len(data) < slots * width:
        data = bytes(data) + bytes(slots * width - len(data))
    out = bytearray(slots * new)
    for byte in range(min(width, new)):
        out[byte::new] = data[byte::width]
    return out


def _rewidth(
    data: bytes | bytearray, widths: Sequence[int], digit: int, new: int, width: int
) -> bytearray:
    """``data`` (slots of ``width`` bytes, layout ``widths``) with ``digit`` ``new`` values wide:
    per row of the digits above it, the slots of its first values kept are one contiguous run of
    bytes, moved by one slice each (few rows), or every byte of that run taken across the rows by
    one strided slice each (few bytes a run: a low digit); never a Python step per state."""
    below = reduce(mul, widths[:digit], 1) * width
    old_row, new_row = below * widths[digit], below * new
    run = below * min(widths[digit], new)
    rows = -(-len(data) // old_row)
    if len(data) < rows * old_row:
        data = bytes(data) + bytes(rows * old_row - len(data))
    out = bytearray(rows * new_row)
    if rows <= run:
        for row in range(rows):
            out[row * new_row : row * new_row + run] = data[row * old_row : row * old_row + run]
    else:
        for byte in range(run):
            out[byte::new_row] = data[byte::old_row]
    return out


def relayout_bits(bits: int, source: Sequence[int], target: Sequence[int]) -> int:
    """``relayout`` of a set of states (one bit each): as a byte per state and back."""
    if not bits or tuple(source) == tuple(target):
        return bits
    data = bits.to_bytes((bits.bit_length() + 7) // 8, "little")
    spread_out = b"".join(map(_BYTE_BITS.__getitem__, data))
    moved = relayout(int.from_bytes(spread_out, "little"), source, target, 1)
    raw = moved.to_bytes(-(-moved.bit_length() // 64) * 8, "little")
    result = 0
    for bit in range(8):  # byte m of the ``bit``-th slice: state 8m + bit, 0 or 1
        result |= int.from_bytes(raw[bit::8], "little") << bit
    return result


#: per byte of bits, its eight states as a byte each (0 or 1)
_BYTE_BITS = [bytes((value >> bit) & 1 for bit in range(8)) for value in range(256)]


def reindex(index: int, source: Layout, target: Layout) -> int:
    """The index in ``target`` of the state of index ``index`` in ``source`` (same digits)."""
    result = 0
    for stride, width, new_stride in zip(
        source.strides, source.widths, target.strides, strict=True
    ):
        result += (index // stride % width) * new_stride
    return result


_MASKS: dict[Hashable, Mask] = {}
_SUMS: dict[Hashable, dict[int, int]] = {}  # ``Layout._sums``
_MASK_BYTES = [0]
#: Bits only (a wide form is ``8 * bytes_per_slot`` times longer and has its own budget,
#: ``WIDE_CACHE_BYTES``): five 5-player games' spectators and seats of missions 33, 35, 40, 24
#: and 64 keep 3.4 MB of them, so 8 MB holds a game's layouts and keeps the two caches' ceiling
#: near the 64 MB the masks had when their wide forms were counted with them.
MASK_CACHE_BYTES = 1 << 23


def _cached(key: Hashable, build: Callable[[], Mask]) -> Mask:
    """A mask kept across plans (the positions a game goes through share their layouts), up to
    ``MASK_CACHE_BYTES`` of them, then the cache starts again."""
    found = _MASKS.get(key)
    if found is None:
        found = build()
        size = found.bits.bit_length() // 8
        if _MASK_BYTES[0] + size > MASK_CACHE_BYTES:
            _MASKS.clear()
            _MASK_BYTES[0] = 0
        _MASKS[key] = found
        _MASK_BYTES[0] += size
    return found


#: The widest wide form made so far per (bytes per slot, bits): (states, form), within
#: ``WIDE_CACHE_BYTES`` (then the cache starts again). Keyed by the bits, not the mask: the
#: masks of a plan's blocks and holes (``&``, ``|`` of cached ones) are new every plan, and
#: the positions of a game (or the same one solved again) share many of them.
_WIDES: dict[tuple[int, int], tuple[int, int]] = {}
_WIDE_BYTES = [0]
WIDE_CACHE_BYTES = 1 << 26


def _keep_wide(key: tuple[int, int], states: int, wide: int) -> None:
    size = states * key[0]
    old = _WIDES.get(key)
    if old is not None:
        _WIDE_BYTES[0] -= old[0] * key[0]
    if _WIDE_BYTES[0] + size > WIDE_CACHE_BYTES:
        _WIDES.clear()
        _WIDE_BYTES[0] = 0
    _WIDES[key] = (states, wide)
    _WIDE_BYTES[0] += size


def forget_masks() -> None:
    """Empty the caches of masks (to time cold solves)."""
    _MASKS.clear()
    _SUMS.clear()
    _MASK_BYTES[0] = 0
    _WIDES.clear()
    _WIDE_BYTES[0] = 0


def set_bits(support: int) -> list[int]:
    """The indices of the set bits of ``support``, ascending.

    >>> set_bits(0b1010_0001)
    [0, 5, 7]
    """
    data = support.to_bytes((support.bit_length() + 7) // 8, "little")
    return [
        base + bit
        for base, byte in zip(range(0, 8 * len(data), 8), data, strict=True)
        if byte
        for bit in _BITS[byte]
    ]


_BITS = [tuple(bit for bit in range(8) if value >> bit & 1) for value in range(256)]
