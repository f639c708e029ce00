"""Mission 64's flipped pairs by the rule itself: a third model, for the solver and the oracle.

The rule (§9.2 mission 64): after the deal every player turns two of his wires round without
looking (any two of his tiles, equally likely) and his teammates, who see them, put the lower at
the far left of his stand and the higher at the far right (two stands a player: the lower at the
far left of his first, the higher at the far right of his last); the rest stay sorted.

This model shares nothing with the solver's or the oracle's weighting: it deals the tiles (each
code's copies distinct tiles, every deal of them equally likely), then for each seat takes every
pair of his tiles, lays them out by the rule, and adds up the probability of every layout. A
viewer's marginals are then read off the layouts that show him what he sees.

* ``small_worlds``: every deal of a small deck (values ``1..V``, four copies, all dealt) to
  one stand a seat, then every flip: the exact distribution of the post-flip layouts;
* ``layout_weight``: the probability weight of one post-flip layout of a real game's setup,
  summed over every pre-flip deal and every pair of tiles that the rule maps onto it (the
  deals are rebuilt by putting each seat's two flipped wires back on his stands in every way
  the deal's stand sizes allow, and the rule is then applied forwards to check each).
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction

from tests.redwire.deduction.real_games import (
    PlayedGame,
    _apart,
    _dealt_at,
    _physical_deals,
    _replay,
    candidate_layouts,
    log_views,
    unseen_slots,
)

Layout = tuple[tuple[int, ...], ...]  # per stand, its codes left to right


def deal_weight(stands: Sequence[Sequence[int]], copies: dict[int, int]) -> int:
    """Tile deals that give these sorted stands (codes as multisets): per code, its copies are
    distinct tiles, so ``copies! / (left over)!`` ways to hand them out, over the orders within
    a stand (a stand is sorted: the order its tiles came in does not show)."""
    weight = 1
    total = Counter(c for stand in stands for c in stand)
    for code, n in total.items():
        weight *= math.factorial(copies[code]) // math.factorial(copies[code] - n)
    for stand in stands:
        for n in Counter(stand).values():
            weight //= math.factorial(n)
    return weight


def flips(hand: Sequence[Sequence[int]]) -> Iterator[tuple[tuple[int, int], tuple[int, int]]]:
    """Every pair of a seat's tiles (each tile a (stand, index) place on his sorted stands, in
    order), each pair once: the flip draws one of them, all equally likely."""
    places = [(k, i) for k, stand in enumerate(hand) for i in range(len(stand))]
    yield from itertools.combinations(places, 2)


def lay_out(
    hand: Sequence[Sequence[int]], pair: tuple[tuple[int, int], tuple[int, int]]
) -> tuple[tuple[int, ...], ...]:
    """The rule: the two tiles leave their stands, the lower goes at the far left of the first
    stand, the higher at the far right of the last; the rest keep their sorted order."""
    taken = {pair[0], pair[1]}
    low, high = sorted(hand[k][i] for k, i in pair)
    rest = [[c for i, c in enumerate(stand) if (k, i) not in taken] for k, stand in enumerate(hand)]
    rest[0].insert(0, low)
    rest[-1].append(high)
    return tuple(tuple(stand) for stand in rest)


def _hands(counts: Counter[int], sizes: Sequence[int]) -> Iterator[tuple[tuple[int, ...], ...]]:
    """Every way (as sorted multisets) to deal the tiles ``counts`` to stands of ``sizes``."""
    if not sizes:
        if not +counts:
            yield ()
        return
    codes = sorted(c for c in counts if counts[c])
    for stand in itertools.combinations_with_replacement(codes, sizes[0]):
        need = Counter(stand)
        if all(counts[c] >= n for c, n in need.items()):
            for rest in _hands(counts - need, sizes[1:]):
                yield (stand, *rest)


def small_worlds(values: int, sizes: Sequence[int]) -> dict[Layout, Fraction]:
    """Every post-flip layout of a deck of blue ``1..values`` (four copies, codes ``10 v``) all
    dealt to one stand a seat of ``sizes``, with its probability.

    >>> worlds = small_worlds(2, [4, 4])
    >>> sum(worlds.values())
    Fraction(1, 1)
    >>> worlds[((10, 10, 10, 10), (20, 20, 20, 20))]
    Fraction(1, 70)
    """
    copies = {10 * v: 4 for v in range(1, values + 1)}
    deals = list(_hands(Counter(copies), sizes))
    total = sum(deal_weight(d, copies) for d in deals)
    worlds: dict[Layout, Fraction] = {}
    for deal in deals:
        chance = Fraction(deal_weight(deal, copies), total)
        choices = [list(flips([stand])) for stand in deal]
        for picked in itertools.product(*choices):
            layout = tuple(
                lay_out([stand], pair)[0] for stand, pair in zip(deal, picked, strict=True)
            )
            share = chance / math.prod(len(c) for c in choices)
            worlds[layout] = worlds.get(layout, 0) + share
    return worlds


def marginals(
    worlds: dict[Layout, Fraction], seen: dict[tuple[int, int], int]
) -> dict[tuple[int, int], dict[int, Fraction]]:
    """Per slot the viewer does not see, the probability of each code, over the layouts that
    show him ``seen`` (slot -> code)."""
    kept = {
        layout: p
        for layout, p in worlds.items()
        if all(layout[s][i] == code for (s, i), code in seen.items())
    }
    total = sum(kept.values())
    found: dict[tuple[int, int], dict[int, Fraction]] = {}
    for layout, p in kept.items():
        for s, stand in enumerate(layout):
            for i, code in enumerate(stand):
                if (s, i) not in seen:
                    slot = found.setdefault((s, i), {})
                    slot[code] = slot.get(code, 0) + p / total
    return {slot: dict(sorted(codes.items())) for slot, codes in found.items()}


def layout_weight(
    layout: Sequence[Sequence[int]],
    owners: Sequence[int],
    dealt_sizes: Sequence[int],
    copies: dict[int, int],
) -> Fraction:
    """The probability weight (up to a factor that is the same for every layout of this deal's
    stand sizes) of a post-flip ``layout`` (per stand its codes; each seat's flipped pair at the
    far left of his first stand and the far right of his last): the sum over the pre-flip deals
    and pairs of tiles that the rule lays out as ``layout``, each deal weighted by its tile deals
    and each pair of a seat's ``n`` tiles by ``1 / C(n, 2)``."""
    seats = sorted(set(owners))
    per_seat: list[Fraction] = []
    for seat in seats:
        own = [st for st, owner in enumerate(owners) if owner == seat]
        now = [list(layout[st]) for st in own]
        low, high = now[0].pop(0), now[-1].pop()
        sizes = [dealt_sizes[st] for st in own]
        hands = set()
        # Put the two back, each on any of his stands, in sorted place: every pre-flip hand
        # that might lay out as this one (the rule, applied below, keeps only those that do).
        for a, b in itertools.product(range(len(own)), repeat=2):
            hand = [list(stand) for stand in now]
            hand[a].append(low)
            hand[b].append(high)
            if [len(stand) for stand in hand] == sizes:
                hands.add(tuple(tuple(sorted(stand)) for stand in hand))
        target = tuple(tuple(stand) for stand in [layout[st] for st in own])
        weight = Fraction(0)
        n = sum(sizes)
        for hand in hands:
            hits = sum(1 for pair in flips(hand) if lay_out(hand, pair) == target)
            weight += Fraction(hits, math.comb(n, 2)) / math.prod(
                math.factorial(k) for stand in hand for k in Counter(stand).values()
            )
        per_seat.append(weight)
    # The tiles' copies (the same codes in every layout of these tiles) times each seat's part.
    total = Counter(c for stand in layout for c in stand)
    shared = math.prod(
        math.factorial(copies[c]) // math.factorial(copies[c] - k) for c, k in total.items()
    )
    return shared * math.prod(per_seat)


def dealt_sizes(total: int, players: int, captain: int) -> list[int]:
    """The stands' sizes as dealt, before the flips: round-robin from the captain's first stand
    (B2), so the first ``total % stands`` stands of the dealing order get one more."""
    from engine.redwire.deal import deal_order

    order = deal_order(players, captain)
    sizes = [0] * len(order)
    for k in range(total):
        sizes[order[k % len(order)]] += 1
    return sizes


@dataclass
class Physical:
    """A real game's position by the rule: per unseen slot its distribution; the same with each
    flipped wire weighed as a place of its own (``two_places``: the model that counts a pair of
    equal values twice, to show the test tells them apart); the consistent worlds."""

    marginals: dict[tuple[int, int], dict[int, Fraction]]
    two_places: dict[tuple[int, int], dict[int, Fraction]]
    worlds: int


def physical_truth(game: PlayedGame, k: int, viewer: int | None, most: int) -> Physical | None:
    """The exact marginals of the unseen wires after ``k`` actions, seen by ``viewer``: every
    layout of the unseen tiles that a replay of the game shows him as he saw it (the oracle's
    replay: what he can see is the engine's own), weighted by ``layout_weight``. None: more than
    ``most`` layouts to replay."""
    layouts = candidate_layouts(game, k, viewer, most)
    if layouts is None:
        return None
    state = game.states[k]
    setup = state.setup
    obs = state.observation(viewer)
    unseen = {state.stands[s][i] for s, i in unseen_slots(obs)}
    views = log_views(game, k, viewer)
    sizes = dealt_sizes(sum(map(len, setup.stands)), setup.players, setup.captain)
    firsts = [sum(map(len, setup.stands[:s])) for s in range(len(setup.stands))]
    weights: dict[tuple[int, int], Counter[int]] = {}
    separate: dict[tuple[int, int], Counter[int]] = {}
    dealt_at, apart = _dealt_at(game.states[0]), _apart(game.states[0])
    kept = 0
    for codes in layouts:
        replayed = _replay(game, k, viewer, codes, views, obs)
        if replayed is None or replayed.observation(viewer) != obs:
            continue
        layout = [
            tuple(codes[first + i] for i in range(len(stand)))
            for first, stand in zip(firsts, setup.stands, strict=True)
        ]
        copies = {c: 4 if c % 10 == 0 else 1 for stand in layout for c in stand}
        weight = layout_weight(layout, state.owners, sizes, copies)
        apart_weight = _physical_deals(codes, dealt_at, apart)
        kept += 1
        for s, stand in enumerate(replayed.stands):
            for i, wire in enumerate(stand):
                if wire in unseen:
                    weights.setdefault((s, i), Counter())[codes[wire]] += weight
                    separate.setdefault((s, i), Counter())[codes[wire]] += apart_weight
    return Physical(_shares(weights), _shares(separate), kept)


def _shares(
    weights: dict[tuple[int, int], Counter[int]],
) -> dict[tuple[int, int], dict[int, Fraction]]:
    """Per slot, each code's share of the slot's weights (exact fractions)."""
    return {
        slot: {c: Fraction(w) / sum(per.values()) for c, w in sorted(per.items()) if w}
        for slot, per in weights.items()
    }
