"""Dice as multisets: the choices a roll offers.

>>> subsets((6, 4, 6))
[(4,), (6,), (4, 6), (6, 6), (4, 6, 6)]
>>> contains((1, 3, 5), (3, 5)), contains((1, 3, 5), (5, 5))
(True, False)
>>> positions((4, 6, 4), red=0, dice=(4,))      # a black 4 before the red one
[2]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache
from itertools import combinations


@cache
def subsets(roll: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every distinct non-empty sub-multiset of a roll, sorted, fewest dice first."""
    found = {
        tuple(sorted(combo))
        for size in range(1, len(roll) + 1)
        for combo in combinations(roll, size)
    }
    return sorted(found, key=lambda s: (len(s), s))


def contains(roll: Sequence[int], dice: Sequence[int]) -> bool:
    """True when ``dice`` is a sub-multiset of ``roll``."""
    have = Counter(roll)
    have.subtract(dice)
    return min(have.values(), default=0) >= 0


def positions(roll: Sequence[int], red: int | None, dice: Sequence[int]) -> list[int]:
    """Positions in ``roll`` of the chosen values, black dice before the red one.

    Which physical die is taken never changes the game; this keeps the red die in the pool
    when a black die of the same value can go instead (so the page can show which die moved).
    """
    taken: list[int] = []
    for value in sorted(dice):
        order = [i for i, v in enumerate(roll) if v == value and i not in taken]
        order.sort(key=lambda i: i == red)
        if not order:
            raise ValueError(f"{value} is not in the roll {list(roll)}")
        taken.append(order[0])
    return sorted(taken)
