"""A tiny dealer for tests and benchmarks (the engine's ``new_game`` can replace it later).

``deal`` shuffles a mission's tiles, deals them round-robin over the stands and sorts each stand;
``opening`` turns a deal into the ``Position`` of one seat at the start of the game.

>>> import random
>>> game = deal(mission_pool(8, random.Random(0)), players=5, rng=random.Random(1))
>>> len(game.stands), sum(len(s) for s in game.stands)
(5, 51)
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.redwire.deduction import AtLeastOne, Group, Pool, Position, SlotIn, Stand, class_of
from engine.redwire.deduction.codes import is_blue, is_red, red, yellow
from engine.redwire.deduction.facts import Fact


@dataclass(frozen=True)
class Game:
    """A dealt game: the public pool, the codes actually in play and every stand's codes."""

    pool: Pool
    owners: tuple[int, ...]
    stands: tuple[tuple[int, ...], ...]


def mission_pool(mission: int, rng: random.Random) -> Pool:
    """Pools of the training missions 1, 4, 5, 7 and 8 (red/yellow values drawn at random)."""
    if mission == 1:
        return Pool.standard(range(1, 7))
    values = rng.sample(range(1, 12), 5)
    if mission == 4:
        return Pool.standard(red=[red(values[0])], yellow=[yellow(values[1]), yellow(values[2])])
    if mission == 5:
        return Pool.standard(
            red=[red(values[0])], groups=[Group(tuple(yellow(v) for v in values[1:4]), 2)]
        )
    if mission == 7:
        return Pool.standard(groups=[Group((red(values[0]), red(values[1])), 1)])
    if mission == 8:
        return Pool.standard(
            groups=[
                Group((red(values[0]), red(values[1])), 1),
                Group(tuple(yellow(v) for v in values[2:5]), 2),
            ]
        )
    raise ValueError(f"no pool for mission {mission}")


def stand_owners(players: int) -> tuple[int, ...]:
    """Owner of each stand: 2 players own 2 stands each; with 3 the captain (seat 0) owns 2."""
    if players == 2:
        return (0, 0, 1, 1)
    if players == 3:
        return (0, 0, 1, 2)
    return tuple(range(players))


def shuffled_tiles(pool: Pool, rng: random.Random) -> list[int]:
    """The codes of one physical deal of ``pool`` (a random k-subset of each group), shuffled."""
    tiles = [10 * v for v, n in pool.blue for _ in range(n)] + list(pool.certain)
    for group in pool.groups:
        tiles += rng.sample(group.candidates, group.keep)
    rng.shuffle(tiles)
    return tiles


def sorted_stands(tiles: list[int], sizes: list[int]) -> list[list[int]]:
    """``tiles`` laid out in turn on stands of ``sizes``, each stand sorted.

    >>> sorted_stands([30, 10, 20, 50, 40], [2, 3])
    [[10, 30], [20, 40, 50]]
    """
    stands, start = [], 0
    for size in sizes:
        stands.append(sorted(tiles[start : start + size]))
        start += size
    return stands


def deal(pool: Pool, players: int, rng: random.Random) -> Game:
    """Keep a random k-subset of each group, shuffle, deal round-robin, sort every stand."""
    tiles = shuffled_tiles(pool, rng)
    owners = stand_owners(players)
    stands: list[list[int]] = [[] for _ in owners]
    for k, code in enumerate(tiles):
        stands[k % len(owners)].append(code)
    return Game(pool, owners, tuple(tuple(sorted(s)) for s in stands))


def token_slots(game: Game, rng: random.Random) -> dict[int, tuple[int, int]]:
    """Each player's opening info token: a random blue slot among his stands."""
    chosen: dict[int, tuple[int, int]] = {}
    for player in sorted(set(game.owners)):
        blues = [
            (s, i)
            for s, owner in enumerate(game.owners)
            if owner == player
            for i, code in enumerate(game.stands[s])
            if is_blue(code)
        ]
        if blues:
            chosen[player] = rng.choice(blues)
    return chosen


def opening(game: Game, viewer: int, tokens: dict[int, tuple[int, int]] | None = None) -> Position:
    """What ``viewer`` knows after the deal (and the opening info tokens, if given)."""
    marked = {slot: game.stands[slot[0]][slot[1]] for slot in (tokens or {}).values()}
    stands = []
    facts: list[Fact] = []
    for s, owner in enumerate(game.owners):
        if owner == viewer:
            stands.append(Stand(owner, game.stands[s]))
            continue
        stands.append(Stand(owner, tuple([None] * len(game.stands[s]))))
        facts += [
            SlotIn.classes(slot, class_of(code)) for slot, code in marked.items() if slot[0] == s
        ]
    return Position(game.pool, tuple(stands), tuple(facts), viewer)


def midgame(
    game: Game, viewer: int, turns: int, rng: random.Random, tokens: bool = True
) -> Position:
    """What ``viewer`` knows after ``turns`` random dual cuts (never on a red wire).

    Each turn a random seat points at a random uncut wire of another seat and announces a value it
    holds (its own wire's class, so it is a plausible call). A success cuts the pointed wire and one
    of the actor's wires of that value (both now public); a failure puts a token with the true class
    on the pointed wire and proves the actor holds the announced value somewhere on his stands.
    """
    known: dict[tuple[int, int], int] = {}  # slots whose code everybody sees (cut or token)
    cut: set[tuple[int, int]] = set()
    facts: list[Fact] = []
    for slot in (token_slots(game, rng) if tokens else {}).values():
        known[slot] = game.stands[slot[0]][slot[1]]
    seats = sorted(set(game.owners))
    for _ in range(turns):
        uncut = [
            (s, i)
            for s, hand in enumerate(game.stands)
            for i in range(len(hand))
            if (s, i) not in cut and not is_red(hand[i])
        ]
        actor = rng.choice(seats)
        mine = [slot for slot in uncut if game.owners[slot[0]] == actor]
        targets = [slot for slot in uncut if game.owners[slot[0]] != actor]
        if not mine or not targets:
            continue
        own = rng.choice(mine)
        value = class_of(game.stands[own[0]][own[1]])
        target = rng.choice(targets)
        code = game.stands[target[0]][target[1]]
        if class_of(code) == value:
            cut |= {target, own}
            known[target] = code
            known[own] = game.stands[own[0]][own[1]]
        else:
            known[target] = code
            actor_slots = [slot for slot in uncut if game.owners[slot[0]] == actor]
            facts.append(AtLeastOne.classes(actor_slots, value))
    stands = []
    for s, owner in enumerate(game.owners):
        hand = game.stands[s]
        shown = tuple(
            hand[i] if owner == viewer or (s, i) in known else None for i in range(len(hand))
        )
        stands.append(Stand(owner, shown, tuple(i for i in range(len(hand)) if (s, i) in cut)))
    facts = [f for f in facts if not _about_viewer(f, game, viewer)]
    return Position(game.pool, tuple(stands), tuple(facts), viewer)


def _about_viewer(fact: Fact, game: Game, viewer: int) -> bool:
    """Facts about the viewer's own stands tell him nothing."""
    return isinstance(fact, AtLeastOne) and all(game.owners[s] == viewer for s, _ in fact.slots)
