"""Random small positions for the oracle tests: a small deck, 2-4 stands, red/yellow tiles,
"k of m" groups, known and cut slots, tokens, at-least-one facts, labels and radar-like facts.

Facts are mostly read from an actual deal (so most positions are consistent), with a few random
ones thrown in (so impossible positions are exercised too). Every random choice goes through a
``Chooser``: ``RandomChooser`` for seeded loops, ``DrawChooser`` for Hypothesis (which can then
shrink a failing position choice by choice).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol, TypeVar

from hypothesis import strategies as st

from engine.redwire.deduction import (
    RED,
    YELLOW,
    AtLeastOne,
    Group,
    Label,
    Pool,
    Position,
    SlotIn,
    SlotNotIn,
    Stand,
    class_of,
)
from engine.redwire.deduction.facts import Fact, SlotRef

MAX_TILES = 10
T = TypeVar("T")


class Chooser(Protocol):
    def integer(self, low: int, high: int) -> int:
        """An integer in [low, high]."""
        ...


class RandomChooser:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def integer(self, low: int, high: int) -> int:
        return self.rng.randint(low, high)


class DrawChooser:
    def __init__(self, draw: st.DrawFn) -> None:
        self.draw = draw

    def integer(self, low: int, high: int) -> int:
        return self.draw(st.integers(low, high))


def chance(chooser: Chooser, percent: int) -> bool:
    return chooser.integer(0, 99) < percent


def choice(chooser: Chooser, items: Sequence[T]) -> T:
    return items[chooser.integer(0, len(items) - 1)]


def sample(chooser: Chooser, items: Sequence[T], k: int) -> list[T]:
    pool = list(items)
    return [pool.pop(chooser.integer(0, len(pool) - 1)) for _ in range(k)]


def random_pool(chooser: Chooser) -> Pool:
    """Blue values with 1-4 copies, maybe certain red/yellow codes, maybe a "k of m" group."""
    while True:
        values = sorted(sample(chooser, range(1, 7), chooser.integer(1, 3)))
        blue = tuple((v, 4 - chooser.integer(0, 3)) for v in values)  # simplest: 4 copies
        singles = sample(chooser, [10 * n + r for n in range(1, 7) for r in (1, 5)], 5)
        certain = tuple(singles[: choice(chooser, [0, 0, 1, 2])])
        groups: tuple[Group, ...] = ()
        if chance(chooser, 45):
            m = chooser.integer(2, 3)
            groups = (Group(tuple(singles[2 : 2 + m]), chooser.integer(1, m - 1)),)
            certain = certain[:2]
        pool = Pool(blue, certain, groups)
        if 3 <= pool.tile_count() <= MAX_TILES:
            return pool


def split(total: int, parts: int, chooser: Chooser) -> list[int]:
    """Stand sizes: ``parts`` sizes >= 1 adding up to ``total``."""
    cuts = sorted(sample(chooser, range(1, total), parts - 1))
    return [b - a for a, b in zip([0, *cuts], [*cuts, total], strict=True)]


def random_position(chooser: Chooser) -> Position:
    """A random small position; see the module docstring."""
    pool = random_pool(chooser)
    tiles = [10 * v for v, n in pool.blue for _ in range(n)] + list(pool.certain)
    for group in pool.groups:
        tiles += sample(chooser, group.candidates, group.keep)
    tiles = sample(chooser, tiles, len(tiles))  # shuffled
    count = chooser.integer(2, min(4, len(tiles)))
    sizes = split(len(tiles), count, chooser)
    owners = list(range(count))
    if count >= 3 and chance(chooser, 30):
        owners[1] = 0  # a player with two stands
    world: list[list[int]] = []
    for size in sizes:
        world.append(sorted(tiles[:size]))
        tiles = tiles[size:]
    stands = []
    for s, hand in enumerate(world):
        shown: list[int | None] = [c if chance(chooser, 25) else None for c in hand]
        if s == 0 and chance(chooser, 50):
            shown = list(hand)  # the viewer's own stand
        cut = [i for i, c in enumerate(shown) if c is not None and chance(chooser, 50)]
        stands.append(Stand(owners[s], tuple(shown), tuple(cut)))
    slots = [(s, i) for s, hand in enumerate(world) for i in range(len(hand))]
    facts = [
        random_fact(world, slots, stands, chooser) for _ in range(choice(chooser, [0, 1, 2, 3, 4]))
    ]
    return Position(pool, tuple(stands), tuple(facts), viewer=0)


def random_fact(
    world: list[list[int]], slots: list[SlotRef], stands: list[Stand], chooser: Chooser
) -> Fact:
    """One fact, true of ``world`` nine times out of ten."""
    classes = sorted({class_of(c) for hand in world for c in hand} | {YELLOW, RED, 1, 2})
    truthful = chance(chooser, 90)
    kind = chooser.integer(0, 5)
    s, i = choice(chooser, slots)
    code = world[s][i]
    if kind == 0:  # info token: the slot's class
        return SlotIn.classes((s, i), class_of(code) if truthful else choice(chooser, classes))
    if kind == 1:  # failed cut: not this class
        wrong = [c for c in classes if c != class_of(code)] if truthful else classes
        return SlotNotIn.classes((s, i), choice(chooser, wrong))
    if kind == 2:  # the announcer holds the value: one of his slots (maybe on two stands) has it
        owner = stands[s].owner
        mine = [(t, j) for t, j in slots if stands[t].owner == owner]
        picked = sample(chooser, mine, chooser.integer(1, len(mine)))
        if truthful and (s, i) not in picked:
            picked.append((s, i))
        cls = class_of(code) if truthful else choice(chooser, classes)
        return AtLeastOne.classes(picked, cls)
    if kind == 3:  # detector-like: among a few slots anywhere, one of two classes
        picked = sample(chooser, slots, chooser.integer(2, min(3, len(slots))))
        if truthful:
            picked.append((s, i))
        return AtLeastOne.classes(picked, class_of(code), choice(chooser, classes))
    if kind == 4 and any(len(hand) >= 2 for hand in world):  # = / ≠ label
        s = choice(chooser, [t for t, hand in enumerate(world) if len(hand) >= 2])
        i = chooser.integer(0, len(world[s]) - 2)
        same = class_of(world[s][i]) == class_of(world[s][i + 1])
        return Label((s, i), same if truthful else not same)
    # radar: "yes" on a whole stand, or "no" on one slot
    cls = class_of(code) if truthful else choice(chooser, classes)
    if chance(chooser, 50):
        return AtLeastOne.classes([(s, j) for j in range(len(world[s]))], cls)
    other = [c for c in classes if c != class_of(code)] if truthful else classes
    return SlotNotIn.classes((s, i), choice(chooser, other))


@st.composite
def positions(draw: st.DrawFn) -> Position:
    """Hypothesis strategy for ``random_position``."""
    return random_position(DrawChooser(draw))
