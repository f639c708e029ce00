"""Vectors of exact integers packed into one Python int, and the masks that act on them.

The packed engine (``packed_plan``) keeps a whole DP layer in one int: slot ``i`` (``bytes_per_slot``
bytes wide) holds the weight of state ``i``. Adding two layers, shifting one by a state stride or
keeping the states of a mask are then single big-int operations, which CPython runs over the
machine words of the int, far faster than a Python loop over the states. A state index is in mixed
radix: each *digit* has a stride (the product of the widths below it) and a width.

A mask is a set of states, one bit per state (an int): the *supports* (which states are non-zero)
walk with them (the same walk with ``|`` for ``+``, a hundred times shorter), and the weights with
their *wide* form, a slot of ones per state kept (``widen``). Both are built by repeating patterns
of bytes, a few memory copies rather than a loop over the states. The bit form is made at once and
kept across plans; the wide form only as far as the states the walk reaches (most of a wide layout
is never reached: flags and counters on top are mostly 0), the widest so far kept with the mask.

>>> forget_masks()                                     # a cached mask may be wider already
>>> layout = Layout(bytes_per_slot=1, widths=(3, 2))   # digit 0: 0..2 (stride 1), digit 1: 0..1
>>> mask = layout.digit_mask(0, {1, 2})                # states whose digit 0 is 1 or 2
>>> bin(mask.bits), hex(widen(mask, 2, 1, {}))         # the wide form as far as state 1
('0b110110', '0xff00')
>>> hex(widen(mask, layout.size, layout.bytes_per_slot, {}))
'0xffff00ffff00'
>>> bin(layout.sum_mask([-1, 1], base=0, low=0, high=0).bits)  # digit 1 - digit 0 == 0
'0b10001'
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import reduce
from operator import mul

#: (unit of a kept state, of a dropped one, states) -> the units of at least the first ``states``
#: states, lowest first
Pattern = Callable[[bytes, bytes, int], bytes]


@dataclass(slots=True, frozen=True, eq=False)
class Mask:
    """A set of states: ``bits``, one bit per state; the wide form is made by ``widen``, from
    ``pattern`` (a digit's or a sum's mask) or from ``parts`` (their ``&``, or ``|`` if
    ``union``)."""

    bits: int
    pattern: Pattern | None = None
    parts: tuple[Mask, ...] = ()
    union: bool = False
    #: a pattern's widest wide form made so far, per bytes per slot: (states, form), kept with
    #: the mask across plans (the positions of a game share layouts), within the cache's bytes
    wides: dict[int, tuple[int, int]] = field(default_factory=dict)

    def __and__(self, other: Mask) -> Mask:
        return Mask(self.bits & other.bits, parts=(self, other))

    def __or__(self, other: Mask) -> Mask:
        return Mask(self.bits | other.bits, parts=(self, other), union=True)


Widened = dict[int, tuple[int, int]]  # id of a mask -> (states, its wide form over them)


def widen(mask: Mask, states: int, bytes_per_slot: int, made: Widened) -> int:
    """The wide form of ``mask`` over (at least) its first ``states`` states: a slot of ones per
    state kept. ``made``: the wide forms already made (one plan's, its masks kept alive by it); a
    longer one serves, as ``&`` stops at the shorter int."""
    found = made.get(id(mask))
    if found is not None and found[0] >= states:
        return found[1]
    if states <= 0:
        return 0
    if mask.pattern is not None:
        kept = mask.wides.get(bytes_per_slot)
        if kept is not None and kept[0] >= states:
            wide = kept[1]
        else:
            one, zero = b"\xff" * bytes_per_slot, bytes(bytes_per_slot)
            text = mask.pattern(one, zero, states)[: states * bytes_per_slot]
            wide = int.from_bytes(text, "little")
            size = states * bytes_per_slot
            if _MASK_BYTES[0] + size <= MASK_CACHE_BYTES:
                mask.wides[bytes_per_slot] = (states, wide)
                _MASK_BYTES[0] += size
    else:
        forms = [widen(part, states, bytes_per_slot, made) for part in mask.parts]
        wide = forms[0] | forms[1] if mask.union else forms[0] & forms[1]
    made[id(mask)] = (states, wide)
    return wide


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

    def mask(self, pattern: Pattern) -> Mask:
        """The mask whose states ``pattern`` lays out (its bits made now, over every state)."""
        return Mask(int(pattern(b"1", b"0", self.size)[::-1] or b"0", 2), pattern)

    def digit_mask(self, digit: int, values: Iterable[int]) -> Mask:
        """The states whose ``digit`` is in ``values``."""
        wanted = frozenset(values)
        return _cached(
            ("digit", self.widths, digit, wanted),
            lambda: self._digit_mask(digit, wanted),
        )

    def _digit_mask(self, digit: int, wanted: frozenset[int]) -> Mask:
        stride, width = self.strides[digit], self.widths[digit]
        period = stride * width
        repeat = self.size // period

        def pattern(one: bytes, zero: bytes, states: int) -> bytes:
            ones, zeros = one * stride, zero * stride
            block = b"".join(ones if d in wanted else zeros for d in range(width))
            return block * min(repeat, -(-states // period))

        run = (1 << stride) - 1
        block = sum(run << (d * stride) for d in wanted if 0 <= d < width)
        return Mask(_repeat_bits(block, period, repeat), pattern)

    def sum_mask(self, signs: Sequence[int], base: int, low: int, high: int) -> Mask:
        """The states where ``base + sum(sign[k] * digit[k])`` lies in ``[low, high]``.

        Built digit by digit from the top, memoised on the partial sum, so a mask costs about as
        many byte copies as it has slots (the sum takes few values)."""
        key = ("sum", self.widths, tuple(signs), base, low, high)
        return _cached(key, lambda: self._sum_mask(signs, base, low, high))

    def _sum_mask(self, signs: Sequence[int], base: int, low: int, high: int) -> Mask:
        sizes = [reduce(mul, self.widths[:k], 1) for k in range(len(self.widths) + 1)]
        # The least and the greatest sum the digits below ``k`` can add: a block whose every
        # state is in (or out of) the bounds is one run of bytes, without a call per state (most
        # blocks are: only those near a bound are mixed; mission 21's spectators, whose hole
        # masks are sum masks, spent a fifth of a cold solve in those calls).
        least, most = [0], [0]
        for sign, width in zip(signs, self.widths, strict=True):
            least.append(least[-1] + min(0, sign * (width - 1)))
            most.append(most[-1] + max(0, sign * (width - 1)))

        def pattern(one: bytes, zero: bytes, states: int) -> bytes:
            # A full block depends on its partial sum only as measured from ``low`` (with
            # ``high - low``): the masks of one layout and signs that differ in their bounds alone
            # (a hole mask per copy, the implicit stand's level moving copy by copy) share them.
            memo = _blocks((self.widths, tuple(signs), high - low, one, zero))

            def block(k: int, partial: int, limit: int) -> bytes:
                """The first ``limit`` states of digits ``< k`` (or all of them), the digits
                ``>= k`` summing to ``partial``."""
                if partial + most[k] < low or partial + least[k] > high:
                    return zero * min(limit, sizes[k])
                if low <= partial + least[k] and partial + most[k] <= high:
                    return one * min(limit, sizes[k])
                sign, width = signs[k - 1], self.widths[k - 1]
                if limit < sizes[k]:  # a prefix: as many blocks below as it takes
                    count = -(-limit // sizes[k - 1])
                    return b"".join(
                        block(k - 1, partial + sign * d, limit - d * sizes[k - 1])
                        for d in range(count)
                    )
                found = memo.get((k, partial - low))
                if found is None:
                    found = b"".join(
                        block(k - 1, partial + sign * d, sizes[k]) for d in range(width)
                    )
                    _keep_block(memo, (k, partial - low), found)
                return found

            return block(len(self.widths), base, states)

        return Mask(self._sum_bits(signs, base, low, high), pattern)

    def _sum_bits(self, signs: Sequence[int], base: int, low: int, high: int) -> int:
        """The bits of ``sum_mask``: those of the states whose signed sum is each value in the
        range (``_sums``), put together. A byte per state from the pattern made the first solve
        of a position with a sum mask per copy slow (mission 40's spectator: 0.3 s of 0.6)."""
        sums = self._sums(tuple(signs))
        bits = 0
        for value in range(low - base, high - base + 1):
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


_MASKS: dict[Hashable, Mask] = {}
_SUMS: dict[Hashable, dict[int, int]] = {}  # ``Layout._sums``
_MASK_BYTES = [0]
MASK_CACHE_BYTES = 1 << 26


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


def forget_masks() -> None:
    """Empty the cache of masks (to time cold solves)."""
    _MASKS.clear()
    _SUMS.clear()
    _MASK_BYTES[0] = 0
    _BLOCKS.clear()
    _BLOCK_BYTES[0] = 0


#: The full blocks of sum masks (``Layout._sum_mask``), by layout, signs, ``high - low`` and units:
#: (digit, partial sum minus ``low``) -> the block's bytes; within ``BLOCK_CACHE_BYTES``.
_BLOCKS: dict[Hashable, dict[tuple[int, int], bytes]] = {}
_BLOCK_BYTES = [0]
BLOCK_CACHE_BYTES = 1 << 24


def _blocks(key: Hashable) -> dict[tuple[int, int], bytes]:
    found = _BLOCKS.get(key)
    if found is None:
        found = _BLOCKS[key] = {}
    return found


def _keep_block(memo: dict[tuple[int, int], bytes], key: tuple[int, int], block: bytes) -> None:
    """Keep ``block`` in ``memo`` within the cache's bytes (then the cache starts again; the
    blocks a mask is being built from stay in its own ``memo``)."""
    if _BLOCK_BYTES[0] + len(block) > BLOCK_CACHE_BYTES:
        _BLOCKS.clear()
        _BLOCK_BYTES[0] = 0
    memo[key] = block
    _BLOCK_BYTES[0] += len(block)


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
