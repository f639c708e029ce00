"""Random small positions for the oracle tests: a small deck, 2-4 stands (maybe one with no owner,
maybe with unsorted slots), red/yellow tiles, "k of m" groups, known and cut slots, tokens,
at-least-one facts, labels and radar-like facts, counts (x1/x2/x3, negative tokens, dealing
quotas), parity tokens, false tokens, class and order relations between any two slots.

Facts are mostly read from an actual deal (so most positions are consistent), with a few random
ones thrown in (so impossible positions are exercised too). Every random choice goes through a
``Chooser``: ``RandomChooser`` for seeded loops, ``DrawChooser`` for Hypothesis (which can then
shrink a failing position choice by choice).
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Sequence
from typing import Protocol, TypeVar

from hypothesis import strategies as st

from engine.redwire.deduction import (
    RED,
    YELLOW,
    AtLeastOne,
    Count,
    Group,
    Label,
    Pool,
    Position,
    SlotIn,
    SlotNotIn,
    Stand,
    class_of,
)
from engine.redwire.deduction.facts import Fact, Order, SameClass, SlotRef

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


def random_position(chooser: Chooser, most_stands: int = 4) -> Position:
    """A random small position of 2 to ``most_stands`` stands; see the module docstring."""
    pool = random_pool(chooser)
    tiles = [10 * v for v, n in pool.blue for _ in range(n)] + list(pool.certain)
    for group in pool.groups:
        tiles += sample(chooser, group.candidates, group.keep)
    tiles = sample(chooser, tiles, len(tiles))  # shuffled
    count = chooser.integer(2, min(most_stands, len(tiles)))
    sizes = split(len(tiles), count, chooser)
    owners: list[int | None] = list(range(count))
    if count >= 3 and chance(chooser, 30):
        owners[1] = 0  # a player with two stands
    if count >= 3 and chance(chooser, 10):
        owners[-1] = None  # wires nobody holds (Nano's, a pile)
    world: list[list[int]] = []
    loose: list[frozenset[int]] = []
    for size in sizes:
        hand, tiles = tiles[:size], tiles[size:]
        unsorted = frozenset(i for i in range(size) if chance(chooser, 4))
        extra, ordered = iter(hand[: len(unsorted)]), iter(sorted(hand[len(unsorted) :]))
        world.append([next(extra) if i in unsorted else next(ordered) for i in range(size)])
        loose.append(unsorted)
    dealt = swapped(world, loose, chooser) if chance(chooser, 12) else []
    stands = []
    for s, hand in enumerate(world):
        shown: list[int | None] = [c if chance(chooser, 25) else None for c in hand]
        if s == 0 and chance(chooser, 50):
            shown = list(hand)  # the viewer's own stand
        cut = [i for i, c in enumerate(shown) if c is not None and chance(chooser, 50)]
        stands.append(Stand(owners[s], tuple(shown), tuple(cut), loose[s]))
    slots = [(s, i) for s, hand in enumerate(world) for i in range(len(hand))]
    facts = [
        random_fact(world, slots, stands, chooser) for _ in range(choice(chooser, [0, 1, 2, 3, 4]))
    ]
    return Position(pool, tuple(stands), tuple(facts), viewer=0, dealt=tuple(map(tuple, dealt)))


def swapped(
    world: list[list[int]], loose: list[frozenset[int]], chooser: Chooser
) -> list[list[SlotRef]]:
    """Swap a wire between two stands with no unsorted slot, as the Walkie-Talkies do (each is
    inserted after the wires of an equal code), in ``world``; where each wire was dealt."""
    dealt = [[(s, i) for i in range(len(hand))] for s, hand in enumerate(world)]
    sorted_stands = [s for s, unsorted in enumerate(loose) if not unsorted]
    if len(sorted_stands) < 2:
        return []
    a, b = sample(chooser, sorted_stands, 2)
    i, j = chooser.integer(0, len(world[a]) - 1), chooser.integer(0, len(world[b]) - 1)
    given, given_from = world[a].pop(i), dealt[a].pop(i)
    taken, taken_from = world[b].pop(j), dealt[b].pop(j)
    k = bisect_right(world[b], given)
    world[b].insert(k, given)
    dealt[b].insert(k, given_from)
    k = bisect_right(world[a], taken)
    world[a].insert(k, taken)
    dealt[a].insert(k, taken_from)
    return dealt


def random_fact(
    world: list[list[int]], slots: list[SlotRef], stands: list[Stand], chooser: Chooser
) -> Fact:
    """One fact, true of ``world`` nine times out of ten."""
    classes = sorted({class_of(c) for hand in world for c in hand} | {YELLOW, RED, 1, 2})
    truthful = chance(chooser, 90)
    kind = chooser.integer(0, 9)
    if kind >= 6:
        return random_new_fact(kind, world, slots, stands, classes, truthful, chooser)
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


def random_new_fact(
    kind: int,
    world: list[list[int]],
    slots: list[SlotRef],
    stands: list[Stand],
    classes: list[int],
    truthful: bool,
    chooser: Chooser,
) -> Fact:
    """The fact kinds of the campaign (``random_fact`` kinds 6-9), true nine times out of ten."""
    s, i = choice(chooser, slots)
    code = world[s][i]
    if kind == 6:  # x1/x2/x3 or a negative token: how many of a class on one stand
        cls = class_of(code) if chance(chooser, 70) else choice(chooser, classes)
        held = sum(1 for c in world[s] if class_of(c) == cls)
        if not truthful:
            held = chooser.integer(0, 3)
        stand = [(s, j) for j in range(len(world[s]))]
        return Count.classes(stand, cls, low=held, high=held)
    if kind == 7:  # a dealing quota over one owner's stands, or a range over any slots
        owner = stands[s].owner
        picked = [(t, j) for t, j in slots if stands[t].owner == owner]
        if chance(chooser, 50):
            picked = sample(chooser, slots, chooser.integer(1, len(slots)))
        cls = choice(chooser, classes)
        held = sum(1 for t, j in picked if class_of(world[t][j]) == cls)
        low = max(0, held - chooser.integer(0, 1))
        high = held + chooser.integer(0, 1)
        if not truthful:
            low = high = held + 1
        return Count.classes(picked, cls, low=low, high=high)
    other = choice(chooser, [slot for slot in slots if slot != (s, i)])
    second = world[other[0]][other[1]]
    if kind == 8:  # a label whose wires moved, or a parity token
        if chance(chooser, 30) and class_of(code) > 0:
            even = class_of(code) % 2 == 0 if truthful else chance(chooser, 50)
            return SlotIn.parity((s, i), even=even)
        same = class_of(code) == class_of(second)
        return SameClass((s, i), other, same if truthful else not same)
    low, high = sorted(((s, i), other), key=lambda slot: world[slot[0]][slot[1]])
    strict = world[low[0]][low[1]] < world[high[0]][high[1]] and chance(chooser, 60)
    if not truthful:
        low, high = high, low
    return Order(low, high, strict)


@st.composite
def positions(draw: st.DrawFn) -> Position:
    """Hypothesis strategy for ``random_position``."""
    return random_position(DrawChooser(draw))
