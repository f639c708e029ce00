"""The packed engine's x1/x2/x3 tokens (``Normalized.runs``: the run of equal codes over a hidden
blue slot holds exactly ``n`` slots), a digit each while a code that may cover the slot is dealt
(``packed_plan._Walk._run_moves``, ``_run_folds``), against brute force: random spectator-like
positions with tokens on explicit stands and on the implicit one, several on one stand now and
then, false ones now and then (fewer worlds, or none), beside needs, shown wires and "k of m"
groups."""

from __future__ import annotations

import random
from collections.abc import Callable

from engine.redwire.deduction import AtLeastOne, Fact, Position, Stand
from engine.redwire.deduction.codes import BLUE_VALUES, class_of, is_blue
from engine.redwire.deduction.facts import Multiplicity, Order, SlotIn, class_codes
from engine.redwire.deduction.normalize import normalize
from engine.redwire.deduction.packed_plan import PackedPlan
from engine.redwire.deduction.solver import plan_for
from tests.redwire.deduction.dealing import shuffled_tiles, sorted_stands
from tests.redwire.deduction.oracle import enumerate_deals
from tests.redwire.deduction.random_positions import RandomChooser, random_pool, split
from tests.redwire.deduction.test_oracle import check_against_oracle


def run_position(rng: random.Random) -> Position:
    """2-4 hidden sorted stands (a wire shown now and then); on one to three of them an x1/x2/x3
    token or two on a hidden blue wire (marked blue, as the game marks it), read from the deal,
    one in ten false; now and then a need on a stand."""
    chooser = RandomChooser(rng)
    while True:
        pool = random_pool(chooser)
        if 5 <= pool.tile_count() <= 10 and len(pool.blue) >= 2:
            break
    tiles = shuffled_tiles(pool, rng)
    sizes = split(len(tiles), rng.randint(2, min(4, len(tiles))), chooser)
    world = sorted_stands(tiles, sizes)
    shown = [[c if rng.random() < 0.12 else None for c in hand] for hand in world]
    facts: list[Fact] = []
    stands = rng.sample(range(len(world)), rng.randint(1, min(3, len(world))))
    facts += token_facts(rng, world, shown, stands, lambda: rng.choice((1, 1, 2)))
    for s, hand in enumerate(world):
        if rng.random() < 0.25:
            facts.append(AtLeastOne([(s, i) for i in range(len(hand))], (rng.choice(hand),)))
    stands = tuple(Stand(s, tuple(hand)) for s, hand in enumerate(shown))
    return Position(pool, stands, tuple(facts), viewer=None)


def token_facts(
    rng: random.Random,
    world: list[list[int]],
    shown: list[list[int | None]],
    stands: list[int],
    tokens: Callable[[], int],
) -> list[Fact]:
    """x1/x2/x3 tokens read from the deal ``world``, on ``tokens()`` hidden blue wires of each
    of ``stands`` (marked blue, as the game marks them), one in ten false."""
    facts: list[Fact] = []
    blue = class_codes(BLUE_VALUES)
    for s in stands:
        hand = world[s]
        places = [i for i, c in enumerate(hand) if is_blue(c) and shown[s][i] is None]
        for i in rng.sample(places, min(len(places), tokens())):
            held = sum(1 for c in hand if class_of(c) == class_of(hand[i]))
            if rng.random() < 0.1:  # a false one
                held = max(1, min(3, held + rng.choice((-1, 1))))
            facts.append(
                Multiplicity(tuple((s, j) for j in range(len(hand))), i, min(held, 3, len(hand)))
            )
            facts.append(SlotIn((s, i), blue))
    return facts


def _runs_walked(position: Position) -> tuple[bool, bool] | None:
    """``(a token on an explicit stand, a token on the implicit stand)`` when the packed engine
    takes ``position`` with tokens it keeps a digit for, else ``None``."""
    norm = normalize(position)
    if not norm.feasible or not norm.runs:
        return None
    plan, _ = plan_for(position, engine="packed")
    if not isinstance(plan, PackedPlan) or plan.final < 0:
        return None
    ruled = {s for s, _, _ in norm.runs}
    return bool(ruled & set(plan.explicit)), plan.implicit in ruled


def test_packed_engine_keeps_x_tokens_exactly() -> None:
    """Positions with x1/x2/x3 tokens the packed engine takes: every engine's and direction's
    totals, marginals, odds and drawn worlds are brute force's (``check_against_oracle``), with
    tokens on explicit stands and on the implicit one, and some positions with no world."""
    explicit = implicit = empty = checked = seed = 0
    while checked < 150 and seed < 3000:
        seed += 1
        rng = random.Random(780_000 + seed)
        position = run_position(rng)
        kind = _runs_walked(position)
        if kind is None:
            continue
        explicit += kind[0]
        implicit += kind[1]
        truth = enumerate_deals(position)
        check_against_oracle(position, rng, truth)
        empty += not truth.total
        checked += 1
    assert checked == 150, checked
    assert explicit >= 40 and implicit >= 20 and empty >= 5, (explicit, implicit, empty)


def order_position(rng: random.Random) -> Position:
    """2-4 hidden sorted stands and a wire or two nobody holds (Nano's), each tied by "at most"
    or "below" orders to slots of the stands (mission 43: the wire lies between two neighbours, read from
    the deal, one in four false), now and then an order between two stands' slots, a need or an
    x1/x2/x3 token; a wire shown now and then."""
    chooser = RandomChooser(rng)
    while True:
        pool = random_pool(chooser)
        if 5 <= pool.tile_count() <= 10:
            break
    tiles = shuffled_tiles(pool, rng)
    loose = rng.randint(1, 2)
    sizes = split(len(tiles) - loose, rng.randint(2, min(3, len(tiles) - loose)), chooser)
    world = [*sorted_stands(tiles[loose:], sizes), *([c] for c in tiles[:loose])]
    shown = [[c if rng.random() < 0.12 else None for c in hand] for hand in world]
    facts: list[Fact] = []
    slots = [(s, i) for s, hand in enumerate(world[: len(sizes)]) for i in range(len(hand))]
    for p in range(len(sizes), len(world)):
        code = world[p][0]
        strict = rng.random() < 0.5
        below = [slot for slot in slots if world[slot[0]][slot[1]] < code + (not strict)]
        above = [slot for slot in slots if world[slot[0]][slot[1]] > code - (not strict)]
        if rng.random() < 0.25:  # a false one
            below, above = above, below
        if below:
            facts.append(Order(rng.choice(below), (p, 0), strict=strict))
        if above:
            facts.append(Order((p, 0), rng.choice(above), strict=strict))
    if rng.random() < 0.3:
        a, b = rng.sample(slots, 2)
        if world[a[0]][a[1]] > world[b[0]][b[1]]:
            a, b = b, a
        facts.append(Order(a, b))
    for s, hand in enumerate(world[: len(sizes)]):
        if rng.random() < 0.2:
            facts.append(AtLeastOne([(s, i) for i in range(len(hand))], (rng.choice(hand),)))
    stands = tuple(
        Stand(s if s < len(sizes) else None, tuple(hand)) for s, hand in enumerate(shown)
    )
    return Position(pool, stands, tuple(facts), viewer=None)


def test_packed_engine_keeps_orders_exactly() -> None:
    """Positions with "at most" and "below" orders between two slots (``Pair``, ``le`` and
    ``lt``) the packed engine takes: every engine's and direction's totals, marginals, odds and
    drawn worlds are brute force's, with an order's slot on the implicit stand and on explicit
    ones, and some positions with no world."""
    implicit = explicit = empty = below = checked = seed = 0
    while checked < 60 and seed < 3000:
        seed += 1
        rng = random.Random(790_000 + seed)
        position = order_position(rng)
        norm = normalize(position)
        if not norm.feasible or not norm.pairs:
            continue
        plan, _ = plan_for(position, engine="packed")
        if not isinstance(plan, PackedPlan) or plan.final < 0:
            continue
        ordered = {s for pair in norm.pairs for s in (pair.first[0], pair.second[0])}
        implicit += plan.implicit in ordered
        explicit += bool(ordered & set(plan.explicit))
        below += any(pair.relation == "lt" for pair in norm.pairs)
        truth = enumerate_deals(position)
        check_against_oracle(position, rng, truth)
        empty += not truth.total
        checked += 1
    assert checked == 60, checked
    assert implicit >= 10 and explicit >= 10 and empty >= 1, (implicit, explicit, empty)
    assert below >= 15, below
