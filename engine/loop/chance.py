"""Chance during play: dice and reshuffles, drawn from a stream numbered by the game's chance
events.

Each chance event of a game (a roll, a re-roll, a reshuffled discard pile) gets its own
generator, seeded from the game's seed and the event's number. The outcome is stored in the
record with the action that caused it, so a replay reads it instead of rolling; a game resumed
from a record goes on with the same dice it would have had, and an old record keeps its dice even
if this generator ever changes.

>>> roll(7, 0, 3), roll(7, 0, 3) == roll(7, 0, 3), roll(7, 1, 3)
((1, 1, 3), True, (5, 3, 2))
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.rng import Rng

_MASK64 = (1 << 64) - 1
_SALT = 0xD1B54A32D192ED03  # an odd constant from the 64-bit golden-ratio family


def stream(seed: int, index: int) -> Rng:
    """The generator of chance event number ``index`` of the game dealt from ``seed``."""
    base = Rng(seed ^ 0x4C4F4F50).next64()  # "LOOP": apart from the deal's stream
    return Rng((base ^ ((index + 1) * _SALT)) & _MASK64)


def roll(seed: int, index: int, count: int) -> tuple[int, ...]:
    """``count`` six-sided dice."""
    rng = stream(seed, index)
    return tuple(1 + rng.below(6) for _ in range(count))


def shuffled(seed: int, index: int, cards: Sequence[str]) -> tuple[str, ...]:
    """The cards in a new random order (top first)."""
    pile = list(cards)
    stream(seed, index).shuffle(pile)
    return tuple(pile)
