"""Vectors of exact integers packed into one Python int, and the masks that act on them.

The packed engine (``packed_plan``) keeps a whole DP layer in one int: slot ``i`` (``bytes_per_slot``
bytes wide) holds the weight of state ``i``. Adding two layers, shifting one by a state stride or
keeping the states of a mask are then single big-int operations, which CPython runs over the
machine words of the int, far faster than a Python loop over the states. A state index is in mixed
radix: each *digit* has a stride (the product of the widths below it) and a width.

Masks are built as bytes (a slot of ones is ``b"\\xff" * bytes_per_slot``), by repeating patterns,
so that building one costs a few memory copies, not a loop over the states.

>>> layout = Layout(bytes_per_slot=1, widths=(3, 2))   # digit 0: 0..2 (stride 1), digit 1: 0..1
>>> hex(layout.digit_mask(0, {1, 2}))                  # states whose digit 0 is 1 or 2
'0xffff00ffff00'
>>> hex(layout.sum_mask([-1, 1], base=0, low=0, high=0))  # states with digit 1 - digit 0 == 0
'0xff000000ff'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import reduce
from operator import mul


class Layout:
    """The mixed-radix state space of a packed layer (see the module docstring)."""

    def __init__(self, bytes_per_slot: int, widths: Sequence[int]) -> None:
        self.bytes_per_slot = bytes_per_slot
        self.bits = 8 * bytes_per_slot
        self.widths = tuple(widths)
        self.strides = tuple(reduce(mul, self.widths[:k], 1) for k in range(len(self.widths)))
        self.size = reduce(mul, self.widths, 1)  # number of states
        self.one = b"\xff" * bytes_per_slot
        self.zero = b"\x00" * bytes_per_slot

    def shift(self, digit: int, steps: int = 1) -> int:
        """The shift, in bits, that adds ``steps`` to ``digit``."""
        return steps * self.strides[digit] * self.bits

    def digit_mask(self, digit: int, values: Iterable[int]) -> int:
        """The states whose ``digit`` is in ``values``."""
        wanted = set(values)
        stride, width = self.strides[digit], self.widths[digit]
        ones, zeros = self.one * stride, self.zero * stride
        period = b"".join(ones if d in wanted else zeros for d in range(width))
        return int.from_bytes(period * (self.size // (stride * width)), "little")

    def sum_mask(self, signs: Sequence[int], base: int, low: int, high: int) -> int:
        """The states where ``base + sum(sign[k] * digit[k])`` lies in ``[low, high]``.

        Built digit by digit from the top, memoised on the partial sum, so a mask costs about as
        many byte copies as it has slots (the sum takes few values)."""
        memo: dict[tuple[int, int], bytes] = {}

        def block(k: int, partial: int) -> bytes:
            """The bytes of the states of digits ``< k``, the digits ``>= k`` summing to ``partial``."""
            if k == 0:
                return self.one if low <= partial <= high else self.zero
            found = memo.get((k, partial))
            if found is None:
                sign = signs[k - 1]
                found = b"".join(
                    block(k - 1, partial + sign * d) for d in range(self.widths[k - 1])
                )
                memo[(k, partial)] = found
            return found

        return int.from_bytes(block(len(self.widths), base), "little")

    def slot(self, packed: int, index: int) -> int:
        """The value of one state (slow on a long int: for tests and single look-ups)."""
        return (packed >> (index * self.bits)) & ((1 << self.bits) - 1)
