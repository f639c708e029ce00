"""The packed engine's needs on one code checked inside it by inclusion and exclusion
(``packed_plan.Subsets``: the code's copies dealt once per set of its needs, their slots barred,
the walks summed with the set's sign) instead of a flag each: mission 33's and 31's "stand 2 holds
a 10" on several stands at once. Against brute force, on spectator-like positions with several
needs on one code (whole stands, some of their slots, slots on two stands), now and then needs on
a second code, a need on two codes (a flag beside them) and a "k of m" group."""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence

from engine.redwire.deduction import AtLeastOne, Fact, Position, SlotIn, Stand, solve
from engine.redwire.deduction.codes import class_of
from engine.redwire.deduction.normalize import normalize
from engine.redwire.deduction.packed_plan import PackedPlan, Subsets
from engine.redwire.deduction.solver import plan_for
from tests.redwire.deduction.dealing import shuffled_tiles, sorted_stands
from tests.redwire.deduction.oracle import enumerate_deals
from tests.redwire.deduction.random_positions import RandomChooser, random_pool, split
from tests.redwire.deduction.test_oracle import check_against_oracle


def _needs_on(code: int, world: Sequence[Sequence[int]], rng: random.Random) -> list[Fact]:
    """Needs on ``code`` alone that the world meets: on most stands holding it, the whole stand
    or some of its slots around a copy; now and then one over slots of two stands."""
    facts: list[Fact] = []
    holders = [s for s, hand in enumerate(world) if code in hand]
    for s in holders:
        if rng.random() < 0.8:
            hand = world[s]
            at = rng.choice([i for i, c in enumerate(hand) if c == code])
            if rng.random() < 0.5:
                slots = list(range(len(hand)))
            else:
                slots = sorted(
                    {at} | set(rng.sample(range(len(hand)), rng.randint(0, min(2, len(hand)))))
                )
            facts.append(AtLeastOne([(s, i) for i in slots], (code,)))
    if holders and rng.random() < 0.3:
        s = rng.choice(holders)
        others = [t for t, hand in enumerate(world) if t != s and hand]
        if not others:
            return facts
        other = rng.choice(others)
        at = world[s].index(code)
        facts.append(AtLeastOne([(s, at), (other, rng.randrange(len(world[other])))], (code,)))
    return facts


def subsets_position(rng: random.Random) -> Position:
    """3-4 hidden sorted stands, half the time one of them named by no need, needs on one code
    (``_needs_on``: on the implicit stand too, their slots barred by masks on its level), a wire
    shown or a token now and then."""
    chooser = RandomChooser(rng)
    while True:
        pool = random_pool(chooser)
        if 7 <= pool.tile_count() <= 10 and len(pool.universe()) >= 3:
            break
    tiles = shuffled_tiles(pool, rng)
    sizes = split(len(tiles), rng.randint(3, 4), chooser)
    world = sorted_stands(tiles, sizes)
    free = rng.randrange(len(world)) if rng.random() < 0.5 else None  # no need names it
    named: list[Sequence[int]] = [hand if s != free else () for s, hand in enumerate(world)]
    codes = sorted({c for hand in named for c in hand})
    shared = [c for c in codes if sum(c in hand for hand in named) >= 2]
    first = rng.choice(shared or codes)
    facts = _needs_on(first, named, rng)
    if rng.random() < 0.4:
        facts += _needs_on(rng.choice(codes), named, rng)
    if rng.random() < 0.3:  # a need on two codes keeps a flag beside them
        s = rng.choice([s for s in range(len(world)) if s != free])
        hand = world[s]
        two = (rng.choice(hand), rng.choice(sorted(pool.universe())))
        facts.append(AtLeastOne([(s, i) for i in range(len(hand))], two))
    stands = []
    for s, hand in enumerate(world):
        stands.append(Stand(s, tuple(c if rng.random() < 0.1 else None for c in hand)))
        if rng.random() < 0.2:
            i = rng.randrange(len(hand))
            facts.append(SlotIn.classes((s, i), class_of(hand[i])))
    return Position(pool, tuple(stands), tuple(facts), viewer=None)


def _subsets(position: Position) -> tuple[int, bool]:
    """The most needs one ``Subsets`` of the packed plan of ``position`` checks (0: none, or the
    packed engine does not take it), and whether one of them names the implicit stand."""
    plan, mirrored = plan_for(position, engine="packed")
    if not isinstance(plan, PackedPlan) or plan.final < 0:
        return 0, False
    walks = [len(op.walks) for op in plan.ops if isinstance(op, Subsets)]
    norm = normalize(position)
    walked = norm.mirrored() if mirrored else norm
    # A need with a flag never names the implicit stand: one that names it is checked by Subsets.
    named = any(plan.implicit in need.slots for need in walked.needs)
    return max(walks, default=1).bit_length() - 1, named


def test_needs_on_one_code_checked_by_subsets_are_exact() -> None:
    """Positions whose packed plan checks needs by ``Subsets``: every engine's and direction's
    totals, marginals, odds and drawn worlds are brute force's; two needs or more on one code
    now and then."""
    checked = 0
    several = 0
    implicit = 0
    seed = 0
    while checked < 60 and seed < 3000:
        seed += 1
        rng = random.Random(780_000 + seed)
        position = subsets_position(rng)
        needs, named = _subsets(position)
        if not needs:
            continue
        check_against_oracle(position, rng)
        checked += 1
        several += needs >= 2
        implicit += named
    assert checked == 60, checked
    assert several >= 12, several  # two needs or more on one code: 16 of the 60
    assert implicit >= 25, implicit  # a need on the implicit stand: 37 of the 60


def test_worlds_drawn_through_subsets_have_their_probabilities() -> None:
    """Worlds drawn by the packed engine across a ``Subsets`` (its copies shared out from the
    levels before and after the code): frequencies within five standard deviations of brute
    force's probabilities."""
    draws = 2000
    checked = 0
    seed = 0
    while checked < 4 and seed < 3000:
        seed += 1
        rng = random.Random(790_000 + seed)
        position = subsets_position(rng)
        if _subsets(position)[0] < 2:
            continue
        truth = enumerate_deals(position)
        if len(truth.worlds) < 3:
            continue
        solution = solve(position, engine="packed")
        drawn = Counter(solution.sample(rng) for _ in range(draws))
        assert set(drawn) <= set(truth.worlds)
        for world, weight in truth.worlds.items():
            p = weight / truth.total
            spread = 5 * math.sqrt(draws * p * (1 - p)) + 1
            assert abs(drawn[world] - draws * p) <= spread, (world, drawn[world], draws * p)
        checked += 1
    assert checked == 4, checked
