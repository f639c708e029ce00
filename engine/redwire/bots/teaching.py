"""How much the team learns when one of my wires is shown (cut, or marked with a token).

The others see a stand as a sorted row in which some wires are public (cut, or marked by an info
token). Showing a wire in the middle of a long stretch of hidden wires, far from what its place
would suggest, narrows its neighbours down the most; showing one next to a public wire teaches
little. A token also gives every teammate who holds that value a certain cut, so it is worth more
on a value the others hold many copies of. These are cheap heuristics: solving the position as the
others see it would cost seconds with five players.

>>> stand = [{"cut": True, "wire": "1", "info": None}, {"cut": False, "wire": "3", "info": None},
...          {"cut": False, "wire": "5", "info": None}, {"cut": False, "wire": "8", "info": None},
...          {"cut": False, "wire": "9", "info": None}]
>>> [round(reveal_value(stand, i, low=1, high=12), 2) for i in range(1, 5)]
[0.68, 2.07, 2.07, 0.72]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

Tile = Mapping[str, Any]


def number_of_label(label: str) -> int:
    """The printed number of a label: 7 for '7', '7.1' and '7.5'."""
    return int(label.split(".", maxsplit=1)[0])


def _public_number(tile: Tile) -> int | None:
    """The number the others can read on this wire (a cut wire, or a token's value), else None."""
    if tile["cut"] and tile["wire"] is not None:
        return number_of_label(tile["wire"])
    info = tile["info"]
    if isinstance(info, int):
        return info
    return None


def reveal_value(slots: Sequence[Tile], index: int, *, low: int, high: int) -> float:
    """What showing wire ``index`` of this stand (whose labels I can read) teaches the others.

    It is the product of two things: how many hidden wires share its stretch (between the nearest
    public wires on either side), counted from its nearer end so that the middle of a stretch
    scores highest, and how far its number is from the one its place in the stretch suggests
    (a surprise teaches more), plus one so that an expected value still counts.
    """
    left, right = index - 1, index + 1
    while left >= 0 and _public_number(slots[left]) is None:
        left -= 1
    while right < len(slots) and _public_number(slots[right]) is None:
        right += 1
    low_number = _public_number(slots[left]) if left >= 0 else low
    high_number = _public_number(slots[right]) if right < len(slots) else high
    assert low_number is not None and high_number is not None
    span = right - left  # the wire's place in the stretch, in steps of (right - left)
    expected = low_number + (high_number - low_number) * (index - left) / span
    number = number_of_label(str(slots[index]["wire"]))
    centrality = min(index - left, right - index)
    surprise = abs(number - expected) / max(1, high_number - low_number)
    return centrality * (1.0 + surprise) / (1.0 + 0.5 * (centrality == 1))


def token_value(
    slots: Sequence[Tile], index: int, *, low: int, high: int, mine: int, shown: int
) -> float:
    """What an info token on wire ``index`` is worth: what it teaches (``reveal_value``) plus the
    certain cuts it offers teammates: ``mine`` copies of its value are mine, ``shown`` copies are
    already marked by tokens elsewhere (the others hold ``4 - mine`` copies)."""
    elsewhere = max(0, 4 - mine)
    return reveal_value(slots, index, low=low, high=high) + 1.5 * elsewhere - 2.0 * shown
