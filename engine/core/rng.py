"""A small seeded random generator that gives the same numbers on every Python.

Why not :class:`random.Random`? Its documentation only promises that ``random()`` keeps its sequence
across Python versions; ``shuffle``, ``randrange`` and ``sample`` may change. A shared seed must give
the same deal in CPython 3.11 and in the browser's Python 3.14, so the deal uses SplitMix64 (a
well-known 64-bit mixer) with unbiased bounded integers by rejection sampling.

>>> rng = Rng(7)
>>> [rng.below(10) for _ in range(5)]
[7, 4, 6, 3, 4]
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK64 = (1 << 64) - 1


class Rng:
    """SplitMix64: tiny state, good statistical quality, trivially portable."""

    __slots__ = ("_state",)

    def __init__(self, seed: int) -> None:
        self._state = seed & _MASK64

    def next64(self) -> int:
        self._state = (self._state + 0x9E3779B97F4A7C15) & _MASK64
        z = self._state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        pool = list(items)
        self.shuffle(pool)
        return pool[:k]

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]
