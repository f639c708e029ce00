"""The solver against brute force: exact equality on hundreds of random small positions.

Every position is solved twice: by the DP (``solve``) and by enumerating every physical deal of
its tiles (``oracle``). Totals, every slot's code distribution, the odds of a dual cut and of a
detector, and the sampled worlds must all agree exactly.
"""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import HealthCheck, given, settings

from engine.redwire.deduction import RED, Detector, DualCut, Position, SlotNotIn, odds, solve
from engine.redwire.deduction.codes import class_of
from engine.redwire.deduction.normalize import normalize
from engine.redwire.deduction.packed_plan import PackedPlan
from engine.redwire.deduction.plan import CodeStep, Plan
from engine.redwire.deduction.solver import Engine, plan_for
from engine.redwire.deduction.symmetry import blank_stands, single_groups
from tests.redwire.deduction.dealing import shuffled_tiles, sorted_stands
from tests.redwire.deduction.oracle import Enumeration, enumerate_deals, restrict
from tests.redwire.deduction.random_positions import RandomChooser, positions, random_position

ENGINES: tuple[Engine, ...] = ("sparse", "packed", "direct")
SEEDS_PER_CHUNK = 50
CHUNKS = 11  # 550 random positions


def check_against_oracle(
    position: Position, rng: random.Random, truth: Enumeration | None = None
) -> None:
    """Assert that the solver and the brute force agree on ``position`` (``truth``: its
    enumeration, when it was already made)."""
    truth = enumerate_deals(position) if truth is None else truth
    # Both directions of the walk, both engines (the packed one where it can take the position).
    for mirrored, engine in product((False, True), ENGINES):
        solution = solve(position, mirrored=mirrored, engine=engine)
        assert solution.total == truth.total
        if not truth.total:
            assert not solution.feasible
            continue
        for s, stand in enumerate(position.stands):
            for i in range(len(stand)):
                expected = {c: Fraction(n, truth.total) for c, n in truth.counts[(s, i)].items()}
                assert solution.code_probabilities((s, i)) == expected, (s, i, mirrored, engine)
        world = solution.sample(rng)
        assert world in truth.worlds
    if truth.total:
        solution = solve(position)
        check_odds(position, solution_odds=lambda a: odds(solution, a), truth=truth, rng=rng)


def check_odds(position: Position, solution_odds, truth: Enumeration, rng: random.Random) -> None:  # type: ignore[no-untyped-def]
    """A random dual cut and a random detector: exact odds against the enumerated worlds."""
    uncut = [(s, i) for s, st in enumerate(position.stands) for i in st.uncut()]
    if not uncut:
        return
    classes = sorted({class_of(c) for c in position.pool.universe()} - {RED})
    if not classes:
        return
    values = tuple(rng.sample(classes, min(len(classes), rng.randint(1, 2))))
    target = rng.choice(uncut)
    stand = target[0]
    on_stand = [(stand, i) for i in position.stands[stand].uncut()]
    pointed = tuple(rng.sample(on_stand, rng.randint(1, len(on_stand))))
    for action in (DualCut(target, values), Detector(pointed, values)):
        expected = brute_odds(truth, action.targets, values)
        got = solution_odds(action)
        assert (got.success, got.explosion, got.mistake) == expected, action


def brute_odds(
    truth: Enumeration, targets: tuple[tuple[int, int], ...], values: tuple[int, ...]
) -> tuple[Fraction, Fraction, Fraction]:
    success = explosion = 0
    for world, weight in truth.worlds.items():
        pointed = [class_of(world[s][i]) for s, i in targets]
        if any(c in values for c in pointed):
            success += weight
        elif all(c == RED for c in pointed):
            explosion += weight
    total = truth.total
    return (
        Fraction(success, total),
        Fraction(explosion, total),
        Fraction(total - success - explosion, total),
    )


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_solver_equals_brute_force_on_random_positions(chunk: int) -> None:
    for seed in range(chunk * SEEDS_PER_CHUNK, (chunk + 1) * SEEDS_PER_CHUNK):
        rng = random.Random(seed)
        position = random_position(RandomChooser(rng))
        check_against_oracle(position, rng)


def test_solver_equals_brute_force_with_multiplicity_facts() -> None:
    """x1/x2/x3 tokens (the class of a wire, whatever it is, occurs n times on its stand): one to
    three of them, on hidden or known slots, on random sorted positions."""
    from engine.redwire.deduction.facts import Multiplicity

    checked = 0
    seed = 0
    while checked < 60:
        seed += 1
        rng = random.Random(200_000 + seed)
        position = random_position(RandomChooser(rng))
        if position.dealt or any(stand.unsorted for stand in position.stands):
            continue
        truth = enumerate_deals(position)
        if not truth.total:
            continue
        world = rng.choice(list(truth.worlds))
        facts = []
        for _ in range(rng.randint(1, 3)):
            s = rng.randrange(len(position.stands))
            size = len(position.stands[s])
            # A whole stand (the DP takes it), or now and then part of it (solved by cases).
            first, end = (0, size) if rng.random() < 0.7 else sorted(rng.sample(range(size + 1), 2))
            slots = tuple((s, j) for j in range(first, end))
            at = rng.randrange(len(slots))
            cls = class_of(world[s][first + at])
            count = sum(1 for c in world[s][first:end] if class_of(c) == cls)
            if rng.random() < 0.1:  # now and then a false one: no world, or fewer
                count = min(len(slots), count + 1)
            facts.append(Multiplicity(slots, at, count))
        check_against_oracle(position.with_facts(*facts), rng)
        checked += 1


def test_solver_equals_brute_force_with_many_stands() -> None:
    """Five to seven stands, where the sparse engine deals a code to three parts or more (small
    decks: the brute force grows fast with the stands)."""
    checked = 0
    seed = 0
    while checked < 25:  # the brute force grows fast with the stands
        seed += 1
        rng = random.Random(100_000 + seed)
        position = random_position(RandomChooser(rng), most_stands=7)
        if len(position.stands) < 5 or position.pool.tile_count() > 8:
            continue
        plan, _ = plan_for(position, engine="sparse")
        steps = plan.steps if isinstance(plan, Plan) else []
        if any(isinstance(step, CodeStep) and len(step.parts) >= 3 for step in steps):
            check_against_oracle(position, rng)
            checked += 1


def unsorted_position(rng: random.Random, pair: bool = False) -> Position:
    """A spectator-like position: 2-4 stands, most with one or two wires outside the sorted order
    (each anywhere on its stand), few wires shown, now and then a miss (``SlotNotIn``) on an
    unsorted slot or a random fact; ``pair``: one stand's first and last wires are both unsorted
    and known to be in order (left <= right: mission 64's flipped pair, an ``Order`` fact drawn
    ``together``, or now and then a plain one)."""
    from engine.redwire.deduction import AtLeastOne, Count, Fact, Order, Stand
    from tests.redwire.deduction.random_positions import random_fact, random_pool, split

    chooser = RandomChooser(rng)
    pool = random_pool(chooser)
    tiles = shuffled_tiles(pool, rng)
    count = rng.randint(2, min(4, len(tiles)))
    sizes = split(len(tiles), count, chooser)
    paired = next((s for s, n in enumerate(sizes) if n >= 2), None) if pair else None
    world: list[list[int]] = []
    loose: list[frozenset[int]] = []
    for s, size in enumerate(sizes):
        hand, tiles = tiles[:size], tiles[size:]
        if s == paired:
            ends = sorted(hand[:2])
            unsorted = frozenset({0, size - 1})
            middle = iter(sorted(hand[2:]))
            world.append([ends[0], *(next(middle) for _ in range(size - 2)), ends[1]])
        else:
            unsorted = frozenset(rng.sample(range(size), min(size, rng.choice([0, 1, 1, 1, 2]))))
            extra, ordered = iter(hand[: len(unsorted)]), iter(sorted(hand[len(unsorted) :]))
            world.append([next(extra) if i in unsorted else next(ordered) for i in range(size)])
        loose.append(unsorted)
    stands = [
        Stand(s, tuple(c if rng.random() < 0.15 else None for c in hand), (), loose[s])
        for s, hand in enumerate(world)
    ]
    facts: list[Fact] = []
    universe = pool.universe()
    for s, unsorted in enumerate(loose):
        for i in unsorted:
            if rng.random() < 0.3:  # a miss: a code the slot does not hold
                wrong = [c for c in universe if c != world[s][i]]
                if wrong:
                    facts.append(SlotNotIn((s, i), (rng.choice(wrong),)))
    if len(world) >= 2 and rng.random() < 0.4:  # "holds the value" or a count over two stands
        two = rng.sample(range(len(world)), 2)
        named = [(s, i) for s in two for i in range(len(world[s]))]
        code = rng.choice([world[s][i] for s, i in named])
        if rng.random() < 0.5:
            facts.append(AtLeastOne(named, (code,)))
        else:
            held = sum(1 for s, i in named if world[s][i] == code)
            facts.append(Count(named, (code,), held, held))
    if paired is not None:
        # Mission 64's pair is drawn together (one place of the deal); a plain order (two
        # places, the same weights as two X wires) stays a fact of its own now and then.
        together = rng.random() < 0.75
        facts.append(Order((paired, 0), (paired, sizes[paired] - 1), False, together))
    slots = [(s, i) for s, hand in enumerate(world) for i in range(len(hand))]
    if rng.random() < 0.3:
        facts.append(random_fact(world, slots, stands, chooser))
    return Position(pool, tuple(stands), tuple(facts), viewer=None)


def test_solver_equals_brute_force_with_many_unsorted_slots() -> None:
    """Positions with several wires outside the sorted order (interchangeable ones are dealt as
    one stand, ``symmetry.single_groups``): every engine and direction as brute force."""
    grouped = counted = 0
    for seed in range(400_000, 400_050):
        rng = random.Random(seed)
        position = unsorted_position(rng)
        norm = normalize(position)
        merged = bool(norm.feasible and single_groups(norm))
        grouped += merged
        counted += merged and bool(norm.needs or norm.tallies)
        check_against_oracle(position, rng)
    assert grouped >= 12 and counted >= 3  # the merging is exercised, with counts too


def implied_counts_position(rng: random.Random) -> tuple[Position, Enumeration]:
    """An ``unsorted_position`` with "held the value" facts told twice, as a game tells them
    when an X wire turns out not to hold the value: over a stand with its unsorted slots and
    over its sorted slots alone, and now and then a true count over more slots or codes; and
    its brute-force enumeration (the unsorted position's, restricted to the facts added)."""
    from engine.redwire.deduction import AtLeastOne, Fact

    base = unsorted_position(rng)
    deals = enumerate_deals(base)
    world = deals.worlds
    if not world:
        return base, deals
    hands = rng.choice(sorted(world))
    facts: list[Fact] = list(base.facts)
    for s, stand in enumerate(base.stands):
        sorted_slots = [(s, i) for i in range(len(stand)) if i not in stand.unsorted]
        if not sorted_slots or rng.random() < 0.3:
            continue
        code = hands[s][rng.choice(sorted_slots)[1]]
        facts.append(AtLeastOne(sorted_slots, (code,)))
        everything = [(s, i) for i in range(len(stand))]
        facts.append(AtLeastOne(everything, (code,)))
        if rng.random() < 0.5:  # a wider one: more codes, and the next stand's slots
            more = [(t, i) for t in range(len(base.stands)) for i in range(len(base.stands[t]))]
            wider = sorted({code, *rng.sample(sorted(base.pool.universe()), 2)})
            facts.append(AtLeastOne(more, tuple(wider)))
    position = Position(base.pool, base.stands, tuple(facts), viewer=None)
    return position, restrict(deals, base, position)


def test_counts_another_count_implies_are_dropped_exactly(monkeypatch: pytest.MonkeyPatch) -> None:
    """A count that another implies (its slots and codes hold the other's, and it asks for no
    more) is dropped by ``normalize``: the X wires it named are then dealt as one
    (``single_groups``), with brute force's answers."""
    from engine.redwire.deduction import normalize as module

    dropped: list[int] = []
    without_implied = module._without_implied

    def counted(counts):  # type: ignore[no-untyped-def]
        kept = without_implied(counts)
        dropped.append(len(counts) - len(kept))
        return kept

    monkeypatch.setattr(module, "_without_implied", counted)
    merged = 0
    for seed in range(420_000, 420_040):
        rng = random.Random(seed)
        position, truth = implied_counts_position(rng)
        norm = normalize(position)
        merged += bool(norm.feasible and single_groups(norm))
        check_against_oracle(position, rng, truth)
    assert sum(n > 0 for n in dropped) >= 10 and merged >= 10  # the dropping is exercised


def quota_position(rng: random.Random) -> Position:
    """A spectator-like position of 3-4 sorted stands where stands alike are dealt as one
    (``symmetry.exchangeable_groups``): two hidden stands or more with a dealing quota (exactly
    as many of some codes as the deal gave them, over the whole stand: mission 13's "one red on
    each"), stands with a stand-wide exclusion (no slot holds some codes the deal gave them none
    of: mission 13's stands with no red, mission 18's with no 6), blank ones, and now and then a
    stand with a wire shown or a random fact."""
    from engine.redwire.deduction import Count, Fact, Stand
    from tests.redwire.deduction.random_positions import random_fact, random_pool, split

    chooser = RandomChooser(rng)
    while True:
        pool = random_pool(chooser)
        if not 6 <= pool.tile_count() <= 10:
            continue
        tiles = shuffled_tiles(pool, rng)
        sizes = split(len(tiles), rng.randint(3, 4), chooser)
        world = sorted_stands(tiles, sizes)
        universe = pool.universe()
        counted = frozenset(rng.sample(universe, rng.randint(1, min(2, len(universe)))))
        held = [sum(1 for c in hand if c in counted) for hand in world]
        quotas = [s for s, hand in enumerate(world) if 0 < held[s] < len(hand)]
        if len(quotas) >= 2:
            break
    stands: list[Stand] = []
    facts: list[Fact] = []
    for s, hand in enumerate(world):
        kind = "quota" if s in quotas else rng.choice(["exclusion", "blank", "shown", "quota"])
        shown = tuple(c if kind == "shown" and rng.random() < 0.4 else None for c in hand)
        stands.append(Stand(s, shown))
        slots = [(s, i) for i in range(len(hand))]
        if kind == "quota":
            facts.append(Count(slots, tuple(sorted(counted)), held[s], held[s]))
        elif kind == "exclusion":
            absent = tuple(sorted(set(universe) - set(hand)))
            if absent:
                left = rng.sample(absent, rng.randint(1, len(absent)))
                facts.extend(SlotNotIn(slot, tuple(sorted(left))) for slot in slots)
    if rng.random() < 0.2:
        slots = [(s, i) for s, hand in enumerate(world) for i in range(len(hand))]
        facts.append(random_fact(world, slots, stands, RandomChooser(rng)))
    return Position(pool, tuple(stands), tuple(facts), viewer=None)


def test_solver_equals_brute_force_with_stands_alike_dealt_as_one() -> None:
    """Stands whose slots allow the same codes and whose only fact is a quota of their own
    (exactly k of some codes) are dealt as one stand with the quotas added up, each stand's
    marginals from a walk where it is dealt alone: the same totals, marginals, odds and drawn
    worlds as brute force, on positions where such groups form (with quotas in most)."""
    from engine.redwire.deduction import count_worlds
    from engine.redwire.deduction.symmetry import exchangeable_groups

    checked = counted = 0
    seed = 0
    while checked < 40:
        seed += 1
        rng = random.Random(420_000 + seed)
        position = quota_position(rng)
        norm = normalize(position)
        groups = exchangeable_groups(norm) if norm.feasible else []
        if not groups:
            continue
        counted += any(group.counted for group in groups)
        check_against_oracle(position, rng)
        assert count_worlds(position) == enumerate_deals(position).total  # the forward pass alone
        checked += 1
    assert counted >= 20


def test_solver_equals_brute_force_with_an_ordered_unsorted_pair() -> None:
    """A stand's first and last wires outside the sorted order, known to be in order (mission
    64's flipped pair: ``Order(left, right, together=True)``, one place of the deal), beside
    other unsorted slots."""
    for seed in range(410_000, 410_025):
        rng = random.Random(seed)
        check_against_oracle(unsorted_position(rng, pair=True), rng)


def test_wide_needs_counted_by_subtraction(monkeypatch: pytest.MonkeyPatch) -> None:
    """Needs over many codes, counted by inclusion and exclusion (in every position, not only
    the big ones), sampled by rejection: the same answers as brute force."""
    from engine.redwire.deduction import choice, solver
    from engine.redwire.deduction.normalize import normalize

    monkeypatch.setattr(solver, "SUBTRACT_OVER_NS", -1.0)
    monkeypatch.setattr(choice, "DIRECT_WIDE_UP_TO", -1)  # no position is small: no direct engine
    checked = 0
    seed = 0
    while checked < 40:
        seed += 1
        rng = random.Random(200_000 + seed)
        position = random_position(RandomChooser(rng))
        norm = normalize(position)
        if norm.feasible and solver.wide_needs(norm) and not blank_stands(norm)[1:]:
            check_against_oracle(position, rng)
            checked += 1


def test_direct_engine_caches_emptied_mid_solve(monkeypatch: pytest.MonkeyPatch) -> None:
    """The direct engine's caches across solves (interned options, halves, joins: keyed by the
    identities of what they are made of) emptied whenever they grow past a tiny limit, in the
    middle of solves and between them: every answer as brute force's, warm or cold, and the
    forward pass alone (``count_worlds``) gives the same total."""
    from engine.redwire.deduction import count_worlds, direct

    monkeypatch.setattr(direct, "_CACHE_LIMIT", 4)
    monkeypatch.setattr(direct, "_STEPS_LIMIT", 3)
    direct.forget()
    for seed in range(300_000, 300_060):
        rng = random.Random(seed)
        position = random_position(RandomChooser(rng), most_stands=5)
        truth = enumerate_deals(position)
        for _ in range(2):  # the second solve meets what the first one cached
            solution = solve(position, engine="direct")
            assert solution.total == truth.total == count_worlds(position)
            if not truth.total:
                continue
            for s, stand in enumerate(position.stands):
                for i in range(len(stand)):
                    assert solution.code_weights((s, i)) == truth.counts[(s, i)], (seed, s, i)


def test_direct_engine_parts_shared_across_positions_alike() -> None:
    """A position solved after others with the same stands and fewer or other facts (a bot's
    "what if" positions, a game's next one) by the direct engine, which keeps each stand's part
    of the steps (``_COLUMNS``, by the identities of its levels and runs and by its facts), its
    options (``_ROWS``) and its steps (``_DIRECT_STEPS``) across solves: every answer as brute
    force's, slot by slot."""
    from dataclasses import replace

    from engine.redwire.deduction import count_worlds, direct

    direct.forget()
    checked = 0
    for seed in range(310_000, 310_080):
        rng = random.Random(seed)
        position = random_position(RandomChooser(rng), most_stands=5)
        facts = list(position.facts)
        variants = [replace(position, facts=tuple(facts[:k])) for k in range(len(facts) + 1)]
        variants += [replace(position, facts=tuple(facts[k + 1 :])) for k in range(len(facts))]
        for variant in variants:
            truth = enumerate_deals(variant)
            solution = solve(variant, engine="direct")
            assert solution.total == truth.total == count_worlds(variant), seed
            if not truth.total:
                continue
            checked += 1
            for s, stand in enumerate(variant.stands):
                for i in range(len(stand)):
                    assert solution.code_weights((s, i)) == truth.counts[(s, i)], (seed, s, i)
    assert checked >= 200, checked
    assert direct._COLUMNS and direct._DIRECT_STEPS


@settings(
    max_examples=60,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.large_base_example],
)
@given(positions())
def test_solver_equals_brute_force_hypothesis(position: Position) -> None:
    check_against_oracle(position, random.Random(0))


def test_random_positions_cover_every_kind_of_fact() -> None:
    """The generator does exercise what the oracle test claims to cover."""
    from engine.redwire.deduction import AtLeastOne, Count, Label, Order, SameClass, SlotIn
    from engine.redwire.deduction.facts import parity_codes

    seen: set[str] = set()
    for seed in range(CHUNKS * SEEDS_PER_CHUNK):
        position = random_position(RandomChooser(random.Random(seed)))
        seen |= {type(f).__name__ for f in position.facts}
        for fact in position.facts:
            if isinstance(fact, SlotIn) and fact.codes in (parity_codes(True), parity_codes(False)):
                seen.add("parity")
            if isinstance(fact, Count) and fact.high == 0:
                seen.add("count 0")
            if isinstance(fact, Count) and len({s for s, _ in fact.slots}) > 1:
                seen.add("count across stands")
            if isinstance(fact, Order):
                seen.add("strict order" if fact.strict else "order")
        if any(st.unsorted for st in position.stands):
            seen.add("unsorted")
        if any(st.owner is None for st in position.stands):
            seen.add("no owner")
        if position.pool.groups:
            seen.add("group")
        if any(st.cut for st in position.stands):
            seen.add("cut")
        if len({st.owner for st in position.stands}) < len(position.stands):
            seen.add("two stands")
        if any(
            isinstance(f, AtLeastOne) and len({s for s, _ in f.slots}) > 1 for f in position.facts
        ):
            seen.add("across stands")
        if not solve(position).feasible:
            seen.add("impossible")
    expected = {
        SlotIn.__name__,
        SlotNotIn.__name__,
        AtLeastOne.__name__,
        Label.__name__,
        Count.__name__,
        SameClass.__name__,
        "parity",
        "count 0",
        "count across stands",
        "order",
        "strict order",
        "unsorted",
        "no owner",
        "group",
        "cut",
        "two stands",
        "across stands",
        "impossible",
    }
    assert expected <= seen


def test_the_packed_engine_takes_many_random_positions() -> None:
    """The oracle test does exercise the packed engine: with no fixed stand, one, two or more,
    with and without "k of m" counters and need flags."""
    taken = 0
    fixed: set[int] = set()
    extra: set[tuple[bool, bool]] = set()
    for seed in range(CHUNKS * SEEDS_PER_CHUNK):
        position = random_position(RandomChooser(random.Random(seed)))
        plan, _ = plan_for(position, engine="packed")
        if isinstance(plan, PackedPlan) and plan.final >= 0:
            taken += 1
            fixed.add(min(len(plan.fixed), 2))
            extra.add((bool(plan.group_digits), bool(plan.need_digits)))
    assert taken >= 200, taken
    assert fixed == {0, 1, 2}
    assert extra == {(False, False), (False, True), (True, False), (True, True)}, extra


def test_direct_engine_steps_shared_across_the_positions_of_real_games() -> None:
    """Steps of the same signature share their memos and halves across solves (``_STEPS``): the
    positions of real games, every seat's and a spectator's, solved in order by the direct engine
    with what the earlier ones cached give the sparse engine's answers, slot by slot."""
    from engine.redwire.deduction import direct, position_from_observation
    from tests.redwire.deduction.real_games import play_game

    direct.forget()
    checked = 0
    for mission, players, seed in ((8, 5, 41), (4, 3, 42), (13, 4, 43), (2, 2, 44)):
        game = play_game(mission, players, seed, ("expert",) * players)
        for state in game.states[4::3]:
            for viewer in (*range(players), None):
                position = position_from_observation(state.observation(viewer))
                hidden = position.hidden_slots()
                if len(hidden) > 30:
                    continue
                fast = solve(position, engine="direct")
                slow = solve(position, engine="sparse")
                assert fast.total == slow.total, (mission, seed, viewer)
                if fast.feasible:
                    for slot in hidden:
                        assert fast.code_weights(slot) == slow.code_weights(slot), slot
                checked += 1
    assert checked >= 100 and direct._STEPS


def test_big_positions_the_packed_engine_cannot_take_go_direct() -> None:
    """Over ``DIRECT_WIDE_UP_TO`` estimated states, a position is walked by the direct engine
    unless the packed engine can take it (mission 13's quotas are exact counts: it takes them,
    a counter each), with the sparse engine's answers either way (positions of real games: a
    spectator's, and seat 0's)."""
    from engine.redwire.deduction import choice, position_from_observation
    from engine.redwire.deduction.direct import direct_levels, estimate
    from engine.redwire.deduction.normalize import normalize
    from tests.redwire.deduction.real_games import play_game

    game = play_game(13, 3, 650_003, ("expert",) * 3)
    found = 0
    for state in game.states[1:12]:
        for viewer in (None, 0):
            position = position_from_observation(state.observation(viewer))
            norm = normalize(position)
            states = estimate(direct_levels(norm)[2], norm.universe)
            if not choice.DIRECT_WIDE_UP_TO < states < 120_000:
                continue
            way = choice.route(norm, None, None)
            assert way.direct is not None or (way.first and way.first.packed is not None)
            fast, slow = solve(position), solve(position, engine="sparse")
            assert fast.total == slow.total
            for slot in position.hidden_slots():
                assert fast.code_weights(slot) == slow.code_weights(slot), slot
            found += 1
            if found == 2:
                return
    raise AssertionError(f"found {found} such positions")
