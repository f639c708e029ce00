"""The packed engine's factorized blocks (``packed_plan.Stage``, ``packed_passes._chain``)
against the blocks dealt way by way and against brute force.

A code whose run may cover an x1/x2/x3 token's slot is dealt to the token stands in one block;
where the stands' options are independent, the block is a chain of per-stand stages over
partial layers (``_Walk._stages``). Random small spectator-like positions of 4-5 stands with
tokens on several of them (the implicit stand too), needs (flags, some on two stands at once,
which keep the enumeration) and exact counts (counters): the chain's layers at every code
boundary, its total and every stand's fill levels are those of the enumerated blocks
(``FACTOR_BLOCKS`` off; and where the plan picks the cheaper of the two per block) where no need or count lies on two of a block's stands (there the ways,
each read on the block's source state, set a need's flag twice: the chain does not), and every
engine's totals, marginals, odds and drawn worlds are brute force's
(``check_against_oracle``)."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from engine.redwire.deduction import AtLeastOne, Fact, Position, Stand, packed_plan
from engine.redwire.deduction.facts import Count
from engine.redwire.deduction.normalize import normalize
from engine.redwire.deduction.packed_passes import PackedTables, forward
from engine.redwire.deduction.packed_plan import Block, PackedPlan, build_packed_plan
from tests.redwire.deduction.dealing import shuffled_tiles, sorted_stands
from tests.redwire.deduction.oracle import enumerate_deals
from tests.redwire.deduction.random_positions import RandomChooser, random_pool, split
from tests.redwire.deduction.test_oracle import check_against_oracle
from tests.redwire.deduction.test_packed_labels import label_position
from tests.redwire.deduction.test_packed_runs import order_position, token_facts


def block_position(rng: random.Random) -> Position:
    """4-5 hidden sorted stands (a wire shown now and then); x1/x2/x3 tokens on hidden blue
    wires of two to four of them, read from the deal, one in ten false; now and then a need
    on a stand (on one or two of its codes) or on two stands, and an exact count of a code on
    a stand ("one 2 on this stand")."""
    chooser = RandomChooser(rng)
    while True:
        pool = random_pool(chooser)
        if 7 <= pool.tile_count() <= 10 and any(n >= 2 for _, n in pool.blue):
            break
    tiles = shuffled_tiles(pool, rng)
    sizes = split(len(tiles), rng.randint(4, 5), chooser)
    world = sorted_stands(tiles, sizes)
    shown = [[c if rng.random() < 0.08 else None for c in hand] for hand in world]
    facts: list[Fact] = []
    facts += token_facts(
        rng, world, shown, rng.sample(range(len(world)), rng.randint(2, 4)), lambda: 1
    )
    for s, hand in enumerate(world):
        slots = [(s, i) for i in range(len(hand))]
        if rng.random() < 0.25:
            codes = tuple(rng.sample(sorted(set(hand)), min(len(set(hand)), rng.randint(1, 2))))
            facts.append(AtLeastOne(slots, codes))
        if rng.random() < 0.25:
            code = rng.choice(hand)
            held = hand.count(code)
            facts.append(Count(tuple(slots), (code,), held, held))
    if rng.random() < 0.5:
        a, b = rng.sample(range(len(world)), 2)
        code = rng.choice(world[a])
        slots = [(s, i) for s in (a, b) for i in range(len(world[s]))]
        facts.append(AtLeastOne(slots, (code,)))
    stands = tuple(Stand(s, tuple(hand)) for s, hand in enumerate(shown))
    return Position(pool, stands, tuple(facts), viewer=None)


def _stages(plan: PackedPlan) -> list[Block]:
    return [op for op in plan.ops if isinstance(op, Block) and op.stages]


def _tables(position: Position) -> tuple[PackedPlan, list[int], PackedTables] | None:
    plan = build_packed_plan(normalize(position))
    if plan is None or plan.final < 0:
        return None
    layers = forward(plan)
    return plan, layers, PackedTables(plan, layers)


def _shared(plan: PackedPlan, position: Position) -> bool:
    """Whether a need or an exact count lies on two stands of one block: a flag or counter two
    stages move (the chain reads it as the stand before left it; the ways read it on the
    source state, and set a flag twice)."""
    norm = normalize(position)
    facts = [fact.slots for fact in (*norm.needs, *norm.tallies)]
    return any(
        len(set(slots) & {stage.stand for stage in block.stages}) >= 2
        for block in _stages(plan)
        for slots in facts
    )


def test_factorized_blocks_are_the_enumerated_ones_and_brute_force(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    checked = implicit = wide = facts = shared = wrong = seed = 0
    while checked < 100 and seed < 3000:
        seed += 1
        rng = random.Random(810_000 + seed)
        position = block_position(rng)
        norm = normalize(position)
        if not norm.feasible or not norm.runs:
            continue
        monkeypatch.setattr(packed_plan, "FACTOR_BLOCKS", "always")
        found = _tables(position)
        if found is None:
            continue
        plan, layers, tables = found
        chained = _stages(plan)
        if not chained:
            continue
        truth = enumerate_deals(position)
        check_against_oracle(position, rng, truth)
        monkeypatch.setattr(packed_plan, "FACTOR_BLOCKS", True)  # the cheaper, where right
        mixed = _tables(position)
        monkeypatch.setattr(packed_plan, "FACTOR_BLOCKS", False)
        enumerated = _tables(position)
        assert enumerated is not None and mixed is not None
        assert mixed[1] == layers
        assert mixed[2].dp_total == tables.dp_total
        other, other_layers, other_tables = enumerated
        assert not _stages(other)
        assert other.layout.widths == plan.layout.widths
        if _shared(plan, position):
            shared += 1
            wrong += other_tables.dp_total != truth.total
        else:
            # The same layout: the layers at every code boundary are the same ints.
            assert other_layers == layers
            assert tables.dp_total == other_tables.dp_total
            free = [s for s in (plan.implicit, *plan.explicit) if s is not None]
            for t in range(len(plan.universe) + 1):
                for s in free:
                    weights = tables.fill_weights(s, t)
                    assert weights == other_tables.fill_weights(s, t), (s, t)
                    assert weights == mixed[2].fill_weights(s, t), (s, t)
        stages = [stage for block in chained for stage in block.stages]
        implicit += any(stage.stand == plan.implicit for stage in stages)
        wide += any(len(block.stages) >= 3 for block in chained)
        facts += bool(norm.tallies or norm.needs)
        checked += 1
    assert checked == 100, (checked, seed)
    assert implicit >= 25 and wide >= 15 and facts >= 40, (implicit, wide, facts)
    # The ways got a need on two token stands wrong (``_Walk._stages``); the chain does not.
    assert shared >= 5 and wrong >= 3, (shared, wrong)


@pytest.mark.parametrize(("make", "least"), [(order_position, 10), (label_position, 3)])
def test_factorized_blocks_keep_ties(
    make: Callable[[random.Random], Position], least: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Blocks with ties (an order "below" between two slots: not both of one code; a label of
    neighbours, "same" or "differ": a blue code on both or neither, or not both), every block a
    chain (``FACTOR_BLOCKS`` "always": the ties in its partial layers' keys), against brute
    force."""
    monkeypatch.setattr(packed_plan, "FACTOR_BLOCKS", "always")
    checked = tied = seed = 0
    while checked < 40 and seed < 3000:
        seed += 1
        rng = random.Random(820_000 + seed)
        position = make(rng)
        norm = normalize(position)
        if not norm.feasible or not (norm.pairs or norm.labels):
            continue
        found = _tables(position)
        if found is None:
            continue
        chained = _stages(found[0])
        tied += any(move[1] for block in chained for stage in block.stages for move in stage.moves)
        check_against_oracle(position, rng, enumerate_deals(position))
        checked += 1
    assert checked == 40, (checked, seed)
    assert tied >= least, tied  # chains with a tie remembered
