"""Brute force: enumerate the physical deals of a small position, with exact fractions.

Every tile is a distinct object; a deal hands each stand a set of tiles of its size (the order inside
a stand is then forced by sorting), every kept "k of m" subset taken in turn. An unsorted slot is
dealt one tile of its own (the model of X wires: the rest of its stand is sorted without it), but
two unsorted slots drawn together (mission 64's flipped pair) are dealt two tiles, in order. Wires
may have moved since the deal (``Position.dealt``): the stands are dealt as they were, then the
wires are laid where they are now, and the stands must be sorted then too. A deal counts when the
stands agree with every known slot and every fact. This is the definition the
solver must match, written as plainly as possible and sharing no code with it.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass, field
from fractions import Fraction

from engine.redwire.deduction import AtLeastOne, Label, Position, SlotIn, SlotNotIn, class_of
from engine.redwire.deduction.facts import Count, Fact, Multiplicity, Order, SameClass


@dataclass
class Enumeration:
    """Consistent deals: their number, and per slot how many of them put each code there."""

    total: int = 0
    counts: dict[tuple[int, int], dict[int, int]] = field(default_factory=dict)
    worlds: dict[tuple[tuple[int, ...], ...], int] = field(default_factory=dict)

    def probability(self, slot: tuple[int, int], code: int) -> Fraction:
        return Fraction(self.counts.get(slot, {}).get(code, 0), self.total)


def tile_sets(position: Position) -> Iterator[list[tuple[int, int]]]:
    """Every possible set of physical tiles in play, as (code, copy number) pairs."""
    pool = position.pool
    base = [(10 * v, k) for v, n in pool.blue for k in range(n)] + [(c, 0) for c in pool.certain]
    choices = [itertools.combinations(g.candidates, g.keep) for g in pool.groups]
    for kept in itertools.product(*choices):
        yield base + [(c, 0) for subset in kept for c in subset]


def deals(
    tiles: list[tuple[int, int]],
    sizes: list[int],
    known: list[dict[int, int]] | None = None,
) -> Iterator[list[list[int]]]:
    """Every way to hand the tiles to stands of the given sizes; each stand's codes sorted.
    ``known[k]``: codes that the ``k``-th hand must hold at given places (sorted order); a hand
    that does not is dropped as it is dealt, before the later stands are dealt around it."""
    if not sizes:
        yield []
        return
    wanted = known[0] if known else {}
    for chosen in itertools.combinations(range(len(tiles)), sizes[0]):
        hand = sorted(tiles[k][0] for k in chosen)
        if any(hand[j] != code for j, code in wanted.items()):
            continue
        picked = set(chosen)
        rest = [t for k, t in enumerate(tiles) if k not in picked]
        for others in deals(rest, sizes[1:], known[1:] if known else None):
            yield [hand, *others]


def holds(fact: Fact, stands: list[list[int]]) -> bool:
    """Whether a fact is true of a dealt world."""
    if isinstance(fact, SlotIn):
        return stands[fact.slot[0]][fact.slot[1]] in fact.codes
    if isinstance(fact, SlotNotIn):
        return stands[fact.slot[0]][fact.slot[1]] not in fact.codes
    if isinstance(fact, AtLeastOne):
        return any(stands[s][i] in fact.codes for s, i in fact.slots)
    if isinstance(fact, Count):
        held = sum(1 for s, i in fact.slots if stands[s][i] in fact.codes)
        return fact.low <= held <= fact.high
    if isinstance(fact, Label):
        (s, i), (_, j) = fact.slot, fact.right
        return (class_of(stands[s][i]) == class_of(stands[s][j])) == fact.same
    if isinstance(fact, SameClass):
        (s, i), (t, j) = fact.first, fact.second
        return (class_of(stands[s][i]) == class_of(stands[t][j])) == fact.same
    if isinstance(fact, Order):
        (s, i), (t, j) = fact.first, fact.second
        low, high = stands[s][i], stands[t][j]
        return low < high or (low == high and not fact.strict)
    if isinstance(fact, Multiplicity):
        (s, i) = fact.slots[fact.at]
        wanted = class_of(stands[s][i])
        return sum(1 for t, j in fact.slots if class_of(stands[t][j]) == wanted) == fact.count
    raise TypeError(fact)


def parts_of(position: Position) -> list[list[tuple[int, int]]]:
    """The groups of slots, as dealt, that are dealt a set of tiles each: the sorted slots of a
    stand, every unsorted slot alone, but the two unsorted slots of an ``Order(..,
    together=True)`` (a pair of tiles drawn at once, mission 64's flipped pair): one group, in
    order, lower first. A slot is named where it was dealt (``dealt``)."""
    origins = position.dealt or [
        [(s, i) for i in range(len(stand))] for s, stand in enumerate(position.stands)
    ]
    loose = {origins[s][i] for s, stand in enumerate(position.stands) for i in stand.unsorted}
    together = [
        [origins[s][i] for s, i in (fact.first, fact.second)]
        for fact in position.facts
        if isinstance(fact, Order) and fact.together
    ]
    together = [pair for pair in together if all(slot in loose for slot in pair)]
    paired = {slot for pair in together for slot in pair}
    dealt = sorted(slot for stand in origins for slot in stand)
    parts = []
    for s in sorted({s for s, _ in dealt}):
        here = [slot for slot in dealt if slot[0] == s]
        ordered = [slot for slot in here if slot not in loose]
        if ordered:
            parts.append(ordered)
        parts += [[slot] for slot in here if slot in loose and slot not in paired]
    return parts + together


def sorted_now(position: Position, stands: list[list[int]]) -> bool:
    """Whether every stand is sorted as it lies now (its unsorted slots apart)."""
    for stand, codes in zip(position.stands, stands, strict=True):
        ordered = [codes[i] for i in range(len(codes)) if i not in stand.unsorted]
        if ordered != sorted(ordered):
            return False
    return True


def enumerate_deals(position: Position) -> Enumeration:
    """Count the consistent physical deals of ``position`` (keep decks small: ~10 tiles)."""
    result = Enumeration()
    parts = parts_of(position)
    sizes = [len(part) for part in parts]
    origins = position.dealt or [
        [(s, i) for i in range(len(stand))] for s, stand in enumerate(position.stands)
    ]
    # Each slot as it lies now, by where it was dealt: (part, place in the part's sorted hand).
    place = {slot: (k, j) for k, part in enumerate(parts) for j, slot in enumerate(part)}
    now = [[place[origin] for origin in stand] for stand in origins]
    # A known slot's code, at the place it was dealt: ``deals`` drops a hand that contradicts
    # it as it is dealt (the same deals are counted as when each whole deal is checked).
    known: list[dict[int, int]] = [{} for _ in parts]
    for s, stand in enumerate(position.stands):
        for i, code in enumerate(stand.slots):
            if code is not None:
                k, j = now[s][i]
                known[k][j] = code
    for tiles in tile_sets(position):
        for hands in deals(tiles, sizes, known):
            stands = [[hands[k][j] for k, j in stand] for stand in now]
            if not sorted_now(position, stands):
                continue
            if not all(holds(fact, stands) for fact in position.facts):
                continue
            _count(result, stands, 1)
    return result


def _count(result: Enumeration, stands: list[list[int]], deals: int) -> None:
    """Add ``deals`` consistent deals of one world to ``result``."""
    result.total += deals
    world = tuple(tuple(stand) for stand in stands)
    result.worlds[world] = result.worlds.get(world, 0) + deals
    for s, stand in enumerate(stands):
        for i, code in enumerate(stand):
            per_code = result.counts.setdefault((s, i), {})
            per_code[code] = per_code.get(code, 0) + deals


def restrict(enumeration: Enumeration, base: Position, position: Position) -> Enumeration:
    """``enumerate_deals(position)`` from ``enumeration``, that of ``base``: a position with the
    same pool, stands and deal and some of its facts (dealt the same way: ``parts_of``). Those
    deals where every fact of ``position`` holds too: whether a deal counts depends on its world
    alone (the codes on the stands: ``holds`` and ``sorted_now`` read nothing else), so the
    deals kept are exactly those a new enumeration would count; only the dealing is not done
    again."""
    same = (base.pool, base.stands, base.dealt) == (position.pool, position.stands, position.dealt)
    assert same and parts_of(base) == parts_of(position), "not the same deals"
    assert all(fact in position.facts for fact in base.facts), "a fact of the base was dropped"
    result = Enumeration()
    for world, deals in enumeration.worlds.items():
        stands = [list(stand) for stand in world]
        if all(holds(fact, stands) for fact in position.facts):
            _count(result, stands, deals)
    return result
