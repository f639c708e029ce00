"""Random small positions for the oracle tests: a small deck, 2-4 stands, red/yellow tiles,
"k of m" groups, known and cut slots, tokens, at-least-one facts, labels and radar-like facts.

Facts are mostly read from an actual deal (so most positions are consistent), with a few random
ones thrown in (so impossible positions are exercised too).
"""

from __future__ import annotations

import random

from engine.deduction import (
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
from engine.deduction.facts import Fact

MAX_TILES = 10


def random_pool(rng: random.Random) -> Pool:
    """Blue values with 1-4 copies, maybe certain red/yellow codes, maybe a "k of m" group."""
    while True:
        values = sorted(rng.sample(range(1, 7), rng.randint(1, 3)))
        blue = tuple((v, rng.randint(1, 4)) for v in values)
        singles = rng.sample([10 * n + r for n in range(1, 7) for r in (1, 5)], 5)
        certain = tuple(singles[: rng.choice([0, 0, 1, 2])])
        groups: tuple[Group, ...] = ()
        if rng.random() < 0.45:
            m = rng.randint(2, 3)
            groups = (Group(tuple(singles[2 : 2 + m]), rng.randint(1, m - 1)),)
            certain = certain[:2]
        pool = Pool(blue, certain, groups)
        if 3 <= pool.tile_count() <= MAX_TILES:
            return pool


def split(total: int, parts: int, rng: random.Random) -> list[int]:
    """Stand sizes: ``parts`` sizes >= 1 adding up to ``total``."""
    cuts = sorted(rng.sample(range(1, total), parts - 1))
    return [b - a for a, b in zip([0, *cuts], [*cuts, total], strict=True)]


def random_position(rng: random.Random) -> Position:
    """A random small position; see the module docstring."""
    pool = random_pool(rng)
    tiles = [10 * v for v, n in pool.blue for _ in range(n)] + list(pool.certain)
    for group in pool.groups:
        tiles += rng.sample(group.candidates, group.keep)
    rng.shuffle(tiles)
    count = rng.randint(2, min(4, len(tiles)))
    sizes = split(len(tiles), count, rng)
    owners = list(range(count))
    if count >= 3 and rng.random() < 0.3:
        owners[1] = 0  # a player with two stands
    world: list[list[int]] = []
    for size in sizes:
        world.append(sorted(tiles[:size]))
        tiles = tiles[size:]
    stands = []
    facts: list[Fact] = []
    for s, hand in enumerate(world):
        shown = [c if rng.random() < 0.25 else None for c in hand]
        if s == 0 and rng.random() < 0.5:
            shown = list(hand)  # the viewer's own stand
        cut = [i for i, c in enumerate(shown) if c is not None and rng.random() < 0.5]
        stands.append(Stand(owners[s], tuple(shown), tuple(cut)))
    slots = [(s, i) for s, hand in enumerate(world) for i in range(len(hand))]
    for _ in range(rng.choice([0, 1, 2, 3, 4])):
        facts.append(random_fact(world, slots, stands, rng))
    return Position(pool, tuple(stands), tuple(facts), viewer=0)


def random_fact(
    world: list[list[int]], slots: list[tuple[int, int]], stands: list[Stand], rng: random.Random
) -> Fact:
    """One fact, true of ``world`` nine times out of ten."""
    classes = sorted({class_of(c) for hand in world for c in hand} | {YELLOW, RED, 1, 2})
    truthful = rng.random() < 0.9
    kind = rng.randrange(6)
    s, i = rng.choice(slots)
    code = world[s][i]
    if kind == 0:  # info token: the slot's class
        cls = class_of(code) if truthful else rng.choice(classes)
        return SlotIn.classes((s, i), cls)
    if kind == 1:  # failed cut: not this class
        wrong = [c for c in classes if c != class_of(code)] if truthful else classes
        return SlotNotIn.classes((s, i), rng.choice(wrong))
    if kind == 2:  # the announcer holds the value: at least one of his slots has it
        owner = stands[s].owner
        mine = [(t, j) for t, j in slots if stands[t].owner == owner]
        picked = rng.sample(mine, rng.randint(1, len(mine)))
        if truthful and (s, i) not in picked:
            picked.append((s, i))
        return AtLeastOne.classes(picked, class_of(code) if truthful else rng.choice(classes))
    if kind == 3:  # detector-like: among a few slots anywhere, one of two classes
        picked = rng.sample(slots, rng.randint(2, min(3, len(slots))))
        other = rng.choice(classes)
        if truthful:
            picked.append((s, i))
        return AtLeastOne.classes(picked, class_of(code), other)
    if kind == 4 and any(len(hand) >= 2 for hand in world):  # = / ≠ label
        s = rng.choice([t for t, hand in enumerate(world) if len(hand) >= 2])
        i = rng.randrange(len(world[s]) - 1)
        same = class_of(world[s][i]) == class_of(world[s][i + 1])
        return Label((s, i), same if truthful else not same)
    # radar "yes" on a whole stand, or "no" on one slot
    cls = class_of(code) if truthful else rng.choice(classes)
    if rng.random() < 0.5:
        return AtLeastOne.classes([(s, j) for j in range(len(world[s]))], cls)
    other = [c for c in classes if c != class_of(code)] if truthful else classes
    return SlotNotIn.classes((s, i), rng.choice(other))
