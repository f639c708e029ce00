"""The packed engine's class relations of two slots (``packed_plan.class_relations``: labels of
neighbours, ``SameClass`` anywhere, "same" or "differ"), their blue codes dealt in blocks that
cover both slots or neither ("same") or not both ("differ"), against brute force: random
spectator-like positions with relations read from the deal (one in five false), on slots that
may hold yellow and red wires now and then (two reds side by side under a "=" label: the stand's
level is the memory), beside needs and shown wires."""

from __future__ import annotations

import random

from engine.redwire.deduction import AtLeastOne, Fact, Position, Stand
from engine.redwire.deduction.codes import class_of, colour_rank
from engine.redwire.deduction.facts import Label, SameClass
from engine.redwire.deduction.normalize import normalize
from engine.redwire.deduction.packed_plan import PackedPlan
from engine.redwire.deduction.solver import plan_for
from tests.redwire.deduction.dealing import shuffled_tiles, sorted_stands
from tests.redwire.deduction.oracle import enumerate_deals
from tests.redwire.deduction.random_positions import RandomChooser, random_pool, split
from tests.redwire.deduction.test_oracle import check_against_oracle


def label_position(rng: random.Random) -> Position:
    """2-4 hidden sorted stands (a wire shown now and then); one or two labels on neighbours and
    now and then a "same class" or "different classes" of two slots anywhere (of two yellow or
    red wires half the time there are two), read from the deal, one in five false; now and then
    a need on a stand."""
    chooser = RandomChooser(rng)
    while True:
        pool = random_pool(chooser)
        if 5 <= pool.tile_count() <= 10:
            break
    tiles = shuffled_tiles(pool, rng)
    sizes = split(len(tiles), rng.randint(2, min(4, len(tiles))), chooser)
    world = sorted_stands(tiles, sizes)
    shown = [[c if rng.random() < 0.1 else None for c in hand] for hand in world]
    facts: list[Fact] = []
    wide = [s for s, hand in enumerate(world) if len(hand) >= 2]
    for s in rng.sample(wide, min(len(wide), rng.randint(1, 2))):
        i = rng.randrange(len(world[s]) - 1)
        same = class_of(world[s][i]) == class_of(world[s][i + 1])
        facts.append(Label((s, i), same != (rng.random() < 0.2)))
    if rng.random() < 0.4:
        slots = [(s, i) for s, hand in enumerate(world) for i in range(len(hand))]
        coloured = [(s, i) for s, i in slots if colour_rank(world[s][i])]
        a, b = rng.sample(coloured if len(coloured) > 1 and rng.random() < 0.5 else slots, 2)
        same = class_of(world[a[0]][a[1]]) == class_of(world[b[0]][b[1]])
        facts.append(SameClass(a, b, same != (rng.random() < 0.2)))
    for s, hand in enumerate(world):
        if rng.random() < 0.3:
            facts.append(AtLeastOne([(s, i) for i in range(len(hand))], (rng.choice(hand),)))
    stands = tuple(Stand(s, tuple(hand)) for s, hand in enumerate(shown))
    return Position(pool, stands, tuple(facts), viewer=None)


def test_packed_engine_keeps_class_relations_exactly() -> None:
    """Positions with labels and class relations the packed engine takes: every engine's and
    direction's totals, marginals, odds and drawn worlds are brute force's
    (``check_against_oracle``), with "same" and "differ" on the implicit stand and on explicit
    ones, a colour beside a "same" label, relations of two stands, and some positions with no
    world."""
    same = differ = coloured = apart = implicit = explicit = empty = checked = seed = 0
    while checked < 120 and seed < 6000:
        seed += 1
        rng = random.Random(810_000 + seed)
        position = label_position(rng)
        norm = normalize(position)
        relations = [((s, i), (s, i + 1), kind) for s, i, kind in norm.labels]
        relations += [(p.first, p.second, p.relation == "same") for p in norm.pairs]
        if not norm.feasible or not relations:
            continue
        plan, _ = plan_for(position, engine="packed")
        if not isinstance(plan, PackedPlan) or plan.final < 0:
            continue
        tied = {slot[0] for a, b, _ in relations for slot in (a, b)}
        implicit += plan.implicit in tied
        explicit += bool(tied & set(plan.explicit))
        same += any(kind for _, _, kind in relations)
        differ += any(not kind for _, _, kind in relations)
        apart += any(a[0] != b[0] for a, b, _ in relations)
        coloured += any(
            kind and any(colour_rank(c) for c in norm.allowed[a[0]][a[1]])
            for a, _, kind in relations
        )
        truth = enumerate_deals(position)
        check_against_oracle(position, rng, truth)
        empty += not truth.total
        checked += 1
    assert checked == 120, (checked, seed)
    counts = (same, differ, coloured, apart, implicit, explicit, empty)
    assert same >= 40 and differ >= 60 and implicit >= 50 and explicit >= 50, counts
    assert coloured >= 3 and apart >= 15 and empty >= 5, counts
