"""Position: validation, JSON round trips, and what normalisation settles before the DP."""

from __future__ import annotations

import json
import random

import pytest

from engine.redwire.deduction import (
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
)
from engine.redwire.deduction.normalize import normalize
from tests.redwire.deduction.random_positions import RandomChooser, random_position


def test_json_round_trip_of_random_positions() -> None:
    for seed in range(200):
        position = random_position(RandomChooser(random.Random(seed)))
        text = json.dumps(position.to_json())
        assert Position.from_json(json.loads(text)) == position


def test_class_facts_expand_to_the_codes_of_the_whole_game() -> None:
    assert SlotIn.classes((0, 0), YELLOW).codes == tuple(10 * n + 1 for n in range(1, 12))
    assert SlotNotIn.classes((0, 0), RED, 3).codes == (
        15,
        25,
        30,
        *(10 * n + 5 for n in range(3, 12)),
    )
    assert AtLeastOne.classes([(1, 0), (0, 2), (1, 0)], 4).slots == ((0, 2), (1, 0))
    with pytest.raises(ValueError):
        SlotIn.classes((0, 0), 13)


@pytest.mark.parametrize(
    ("pool", "stands", "facts", "message"),
    [
        (Pool(((1, 2),)), (Stand(0, (None,)),), (), "1 slots for 2 tiles"),
        (Pool(((1, 1),)), (Stand(0, (20,)),), (), "not in the pool"),
        (Pool(((1, 1),)), (Stand(0, (None,)),), (SlotIn((0, 1), (10,)),), "does not exist"),
        (Pool(((1, 1),)), (Stand(0, (None,)),), (Label((0, 0), True),), "does not exist"),
    ],
)
def test_malformed_positions_are_refused(
    pool: Pool,
    stands: tuple[Stand, ...],
    facts: tuple,
    message: str,  # type: ignore[type-arg]
) -> None:
    with pytest.raises(ValueError, match=message):
        Position(pool, stands, facts)


def test_malformed_parts_are_refused() -> None:
    with pytest.raises(ValueError, match="ascending"):
        Stand(0, (20, None, 10))
    with pytest.raises(ValueError, match="cut slot"):
        Stand(0, (None, 10), cut=(0,))
    with pytest.raises(ValueError, match="cannot keep"):
        Group((15, 25), 3)
    with pytest.raises(ValueError, match="twice"):
        Pool(((1, 4),), certain=(15,), groups=(Group((15, 25), 1),))
    with pytest.raises(ValueError, match="not a red or yellow"):
        Pool(((1, 4),), certain=(20,))


def test_normalisation_narrows_slots_by_sorting() -> None:
    """A token '5' on slot 2 of a stand bounds its left slots to <= 5 and its right ones to >= 5."""
    pool = Pool.standard(range(1, 9))
    stands = (Stand(0, (None,) * 16), Stand(1, (None,) * 16))
    norm = normalize(Position(pool, stands, (SlotIn.classes((0, 2), 5),)))
    assert norm.feasible
    assert max(norm.allowed[0][1]) == 50 and min(norm.allowed[0][3]) == 50
    assert norm.allowed[0][2] == frozenset({50})


def test_normalisation_settles_needs_and_labels() -> None:
    pool = Pool(((1, 2), (2, 2)))
    stands = (Stand(0, (10, None)), Stand(1, (None, None)))
    certain = AtLeastOne.classes([(0, 0), (1, 0)], 1)  # slot (0, 0) is a known 1
    single = AtLeastOne.classes([(0, 1), (1, 1)], 2)
    label = Label((0, 0), True)  # the left slot is a known 1: the right one is a 1 too
    norm = normalize(Position(pool, stands, (certain, label)))
    assert norm.needs == () and norm.labels == ()
    assert norm.allowed[0][1] == frozenset({10})
    norm = normalize(Position(pool, stands, (single, SlotNotIn.classes((1, 1), 2))))
    assert norm.needs == () and norm.allowed[0][1] == frozenset({20})
    norm = normalize(
        Position(pool, stands, (SlotIn.classes((1, 0), 1), SlotNotIn.classes((1, 0), 1)))
    )
    assert not norm.feasible
