"""x1/x2/x3 facts (``Multiplicity``) and counts against brute force, where a run of equal codes is
not the whole story: a yellow or red class holds several codes (which need not lie side by side
on a stand), and a wire outside the sorted order (an X wire, mission 64's flipped pair) may hold
the class anywhere on its stand. Facts are given twice now and then, as a game may tell them.

``--multiplicity-positions N`` sweeps N random positions (120 by default).
"""

from __future__ import annotations

import random

import pytest

from engine.redwire.deduction import Count, Pool, Position, Stand, class_of
from engine.redwire.deduction.codes import BLUE_VALUES
from engine.redwire.deduction.facts import Fact, Multiplicity, SlotIn, class_codes
from tests.redwire.deduction.oracle import enumerate_deals
from tests.redwire.deduction.random_positions import RandomChooser, random_position
from tests.redwire.deduction.test_oracle import check_against_oracle, unsorted_position


def test_two_yellows_of_different_codes_are_one_class() -> None:
    """The report of issue 7/13: seed 200,056's position, an x2 on stand 0's first wire (told
    twice) and an x3 on stand 1's middle one. The one world holds 3.1 and 5.1 on stand 0: two
    yellow wires, one class (yellow) of two codes, which no run of equal codes holds; the brute
    force's one deal is right, the solver used to count none."""
    position = random_position(RandomChooser(random.Random(200_056)))
    x2 = Multiplicity(((0, 0), (0, 1), (0, 2)), at=0, count=2)
    x3 = Multiplicity(((1, 0), (1, 1), (1, 2)), at=1, count=3)
    both = position.with_facts(x2, x2, x3)
    truth = enumerate_deals(both)
    assert truth.total == 1 and list(truth.worlds) == [((31, 51, 60), (30, 30, 30))]
    check_against_oracle(both, random.Random(0))


def test_a_red_class_between_blue_wires() -> None:
    """x1 on the first wire of a hidden sorted stand whose one deal is 1.5, 2, 2.5: two red
    wires, one class, two places apart, so the x1 is false and no world is left (a run of
    equal codes saw a lone 1.5 and kept the deal)."""
    pool = Pool(((2, 2),), (15, 25))
    stands = (Stand(0, (None, None, None)), Stand(1, (20,)))
    x1 = Multiplicity(((0, 0), (0, 1), (0, 2)), at=0, count=1)
    position = Position(pool, stands, (x1,), viewer=1)
    assert enumerate_deals(position).total == 0
    check_against_oracle(position, random.Random(0))


def test_an_unsorted_wire_may_hold_the_value_of_an_x1() -> None:
    """x1 on a blue wire of a stand whose first and last wires are outside the sorted order (a
    flipped pair): the sorted neighbours differ, but the far unsorted wire may hold the value
    too, and then the x1 is false."""
    pool = Pool(((1, 2), (2, 2), (3, 1)))
    stands = (
        Stand(0, (None, None, None, None), (), frozenset({0, 3})),
        Stand(1, (None,)),
    )
    x1 = Multiplicity(tuple((0, i) for i in range(4)), at=1, count=1)
    blue = SlotIn((0, 1), class_codes(BLUE_VALUES))
    position = Position(pool, stands, (x1, blue), viewer=None)
    check_against_oracle(position, random.Random(0))


def test_an_x1_counted_without_its_owners_flipped_wire() -> None:
    """Equipment 2-2 on mission 56: the owner's x1 counts the wires he sees, so its fact leaves
    his uncut flipped wire (the stand's last, outside the sorted order) out; that wire may then
    hold the labelled value, for a teammate who sees it and for the owner who does not."""
    pool = Pool(((1, 2), (2, 2), (3, 2)))
    stands = (
        Stand(0, (None, None, None, None), (), frozenset({3})),
        Stand(1, (None, None)),
    )
    x1 = Multiplicity(tuple((0, i) for i in range(3)), at=1, count=1)
    blue = SlotIn((0, 1), class_codes(BLUE_VALUES))
    for viewer in (None, 0):
        position = Position(pool, stands, (x1, blue), viewer=viewer)
        truth = enumerate_deals(position)
        assert any(world[0][1] == world[0][3] for world in truth.worlds)
        check_against_oracle(position, random.Random(0))


def multiplicity_position(rng: random.Random) -> Position | None:
    """A random small position (sorted, with unsorted slots or moved wires) with one to four
    x1/x2/x3 facts or counts read from one of its worlds (a whole stand or part of one, at any
    slot, on a wire of any colour, sometimes marked blue as the game marks it), one told twice
    now and then, one false now and then; None when the position has no world."""
    base = (
        unsorted_position(rng, pair=rng.random() < 0.3)
        if rng.random() < 0.35
        else random_position(RandomChooser(rng))
    )
    worlds = enumerate_deals(base).worlds
    if not worlds:
        return None
    world = rng.choice(sorted(worlds))
    facts: list[Fact] = []
    for _ in range(rng.randint(1, 4)):
        s = rng.randrange(len(base.stands))
        size = len(base.stands[s])
        first, end = (0, size) if rng.random() < 0.7 else sorted(rng.sample(range(size + 1), 2))
        slots = tuple((s, j) for j in range(first, end))
        at = rng.randrange(len(slots))
        cls = class_of(world[s][first + at])
        held = sum(1 for c in world[s][first:end] if class_of(c) == cls)
        if rng.random() < 0.1:  # a false one: fewer worlds, or none
            held = min(len(slots), held + 1)
        fact: Fact = Multiplicity(slots, at, held)
        if rng.random() < 0.2:  # a count of a known class instead (an x-token's value seen)
            fact = Count(slots, class_codes([cls]), held, held)
        facts.append(fact)
        if cls > 0 and rng.random() < 0.3:
            facts.append(SlotIn(slots[at], class_codes(BLUE_VALUES)))
        if rng.random() < 0.2:
            facts.append(fact)  # told twice
    return base.with_facts(*facts)


def test_multiplicity_facts_on_random_positions(request: pytest.FixtureRequest) -> None:
    """Every engine and direction as brute force on random positions with x-token facts."""
    wanted = request.config.getoption("--multiplicity-positions")
    checked = seed = 0
    while checked < wanted:
        seed += 1
        rng = random.Random(500_000 + seed)
        position = multiplicity_position(rng)
        if position is None:
            continue
        check_against_oracle(position, rng)
        checked += 1


def test_an_x1_beside_mission_64s_flipped_pair_in_a_real_game() -> None:
    """Mission 64, four expert seats, seed 91,038 (found comparing the solvers before and after
    the fix on real games): an x1 token (card 2-2) on a hidden wire of a stand whose ends are its
    owner's flipped pair. Seen by seats 1 and 2 after 38 actions, the neighbour relations kept
    the worlds where that wire shares its value with a flipped wire (about 1.2 times the deals);
    the replay refuses the token there."""
    from engine.redwire.deduction import position_from_observation, solve
    from tests.redwire.deduction.real_games import enumerate_worlds, play_game

    game = play_game(64, 4, 91_038, ("expert",) * 4)
    state = game.states[38]
    assert any(e.type == "single_label" for e in state.log), "the game no longer has its x1"
    for viewer in (1, 2):
        position = position_from_observation(state.observation(viewer))
        loose = [
            f
            for f in position.facts
            if isinstance(f, Multiplicity)
            and position.code(f.slots[f.at]) is None
            and any(i in position.stands[s].unsorted for s, i in f.slots)
        ]
        assert loose, viewer
        truth = enumerate_worlds(game, 38, viewer, 400)
        assert truth is not None and truth.total
        solution = solve(position)
        assert solution.total == truth.total, viewer
        for slot in truth.weights:
            assert solution.code_probabilities(slot) == truth.distribution(slot), (viewer, slot)
