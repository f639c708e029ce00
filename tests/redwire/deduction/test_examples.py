"""Named examples: the weighting of worlds, spelled out on decks small enough to count by hand."""

from __future__ import annotations

from fractions import Fraction

import pytest

from engine.redwire.deduction import (
    RED,
    YELLOW,
    AtLeastOne,
    Detector,
    DualCut,
    Group,
    Label,
    Pool,
    Position,
    SlotIn,
    SlotNotIn,
    Stand,
    count_worlds,
    odds,
    solve,
)

# Deck {1, 1, 2}: blue 1 twice, blue 2 once. Stand A has two slots, stand B one.
DECK_112 = Pool(((1, 2), (2, 1)))


def test_deck_112_stand_a_holds_both_ones_one_time_in_three() -> None:
    """Three equally likely physical deals: A={1a,1b}, A={1a,2}, A={1b,2}; so P(A={1,1}) = 1/3,
    not the 1/2 of counting the two worlds {1,1}|{2} and {1,2}|{1} alike."""
    position = Position(DECK_112, (Stand(0, (None, None)), Stand(1, (None,))))
    solution = solve(position)
    assert solution.total == 3
    assert solution.code_probabilities((1, 0)) == {10: Fraction(2, 3), 20: Fraction(1, 3)}
    assert solution.code_probabilities((0, 0)) == {10: Fraction(1)}
    assert solution.code_probabilities((0, 1)) == {10: Fraction(1, 3), 20: Fraction(2, 3)}
    assert solution.marginals()[(1, 0)] == pytest.approx({1: 2 / 3, 2: 1 / 3})


@pytest.mark.parametrize("cut", [(0,), ()], ids=["cut", "token"])
def test_known_slots_count_in_the_weight_of_a_world(cut: tuple[int, ...]) -> None:
    """The trap: A's first slot is known to be a 1 (cut, or marked by a token). Only A's second slot
    and B are hidden, and the two worlds look alike from the hidden slots alone (one 1 and one 2
    between them), but A={1,1} is one physical deal while A={1,2} is two (either 1 in front)."""
    position = Position(DECK_112, (Stand(0, (10, None), cut), Stand(1, (None,))))
    solution = solve(position)
    assert solution.total == 3
    assert solution.probability((0, 1), [1]) == Fraction(1, 3)
    assert solution.probability((1, 0), [1]) == Fraction(2, 3)


def test_the_viewers_own_stand_counts_too() -> None:
    """Blue 1 x3 and 2 x1. The viewer (A) holds 1, 1; B and C share a 1 and the 2. Only B's and C's
    slots are hidden: 2 worlds, each one physical deal once A's two 1s are fixed... but the
    viewer's two 1s can be any two of three, which multiplies both worlds alike."""
    pool = Pool(((1, 3), (2, 1)))
    position = Position(pool, (Stand(0, (10, 10)), Stand(1, (None,)), Stand(2, (None,))), viewer=0)
    solution = solve(position)
    assert solution.total == 6  # 3 ways for A's pair, times 2 for who gets the 2
    assert solution.probability((1, 0), [2]) == Fraction(1, 2)


def test_a_k_of_m_group_weighs_each_kept_subset_alike() -> None:
    """Red "1 of 2" (1.5 or 3.5) with blue 2 x2. Stands of one and two slots. The red is in play
    half the time either way; its position differs: 1.5 sorts first, 3.5 last."""
    pool = Pool(((2, 2),), groups=(Group((15, 35), 1),))
    position = Position(pool, (Stand(0, (None,)), Stand(1, (None, None))))
    solution = solve(position)
    assert solution.total == 6  # per kept red: 3 physical deals
    assert solution.code_probabilities((0, 0)) == {
        15: Fraction(1, 6),
        20: Fraction(2, 3),
        35: Fraction(1, 6),
    }
    assert solution.code_probabilities((1, 0)) == {15: Fraction(1, 3), 20: Fraction(2, 3)}
    assert solution.code_probabilities((1, 1)) == {20: Fraction(2, 3), 35: Fraction(1, 3)}


def test_yellow_is_one_class_across_codes() -> None:
    """Yellows 2.1 and 4.1, blue 1 x2 and 5 x2 on two stands of three: a yellow token on A's
    middle slot allows both yellow codes; the class probability adds them up."""
    pool = Pool(((1, 2), (5, 2)), certain=(21, 41))
    base = Position(pool, (Stand(0, (None, None, None)), Stand(1, (None, None, None))))
    position = base.with_facts(SlotIn.classes((0, 1), YELLOW))
    solution = solve(position)
    probabilities = solution.class_probabilities((0, 1))
    assert probabilities == {YELLOW: Fraction(1)}
    assert set(solution.code_probabilities((0, 1))) == {21, 41}


def test_labels_same_and_different() -> None:
    """Blue 1 x2, 2 x2 on two stands of two. '=' on A forces A={1,1} or {2,2}; '≠' the mixed A."""
    pool = Pool(((1, 2), (2, 2)))
    base = Position(pool, (Stand(0, (None, None)), Stand(1, (None, None))))
    same = solve(base.with_facts(Label((0, 0), True)))
    differ = solve(base.with_facts(Label((0, 0), False)))
    assert same.total == 2 and differ.total == 4  # 1 + 1 deals; 2 x 2 deals
    assert same.total + differ.total == solve(base).total
    assert differ.code_probabilities((0, 0)) == {10: Fraction(1)}


def test_at_least_one_across_two_stands_of_one_player() -> None:
    """A player with two stands of one slot announced a 2: one of them holds it."""
    pool = Pool(((1, 2), (2, 1)))
    stands = (Stand(0, (None,)), Stand(0, (None,)), Stand(1, (None,)))
    position = Position(pool, stands).with_facts(AtLeastOne.classes([(0, 0), (1, 0)], 2))
    solution = solve(position)
    assert solution.total == 4  # the 2 on stand 0 or 1 (2 ways each for the 1s)
    assert solution.probability((2, 0), [2]) == 0
    assert solution.probability((0, 0), [2]) == Fraction(1, 2)


def test_impossible_positions_have_no_world() -> None:
    pool = Pool(((1, 2),))
    position = Position(pool, (Stand(0, (None,)), Stand(1, (None,))))
    assert count_worlds(position.with_facts(SlotNotIn.classes((0, 0), 1))) == 0
    assert not solve(position.with_facts(AtLeastOne.classes([(0, 0)], 2))).feasible
    with pytest.raises(ValueError, match="no world"):
        solve(position.with_facts(SlotNotIn.classes((0, 0), 1))).code_weights((0, 0))


def test_odds_of_a_detector_and_of_a_dual_cut() -> None:
    """Blue 1 x2, blue 2 and red 1.5 on two stands of two: C(4, 2) = 6 physical deals."""
    pool = Pool(((1, 2), (2, 1)), certain=(15,))
    position = Position(pool, (Stand(0, (None, None)), Stand(1, (None, None))))
    solution = solve(position)
    assert solution.total == 6
    cut = odds(solution, DualCut((0, 0), (1,)))
    assert cut.success == Fraction(5, 6)  # A's first slot is a 1 unless A = {1.5, 2}
    assert cut.explosion == Fraction(1, 6)
    detector = odds(solution, Detector.whole_stand(position, 0, (2,)))
    assert detector.success == Fraction(1, 2)  # the 2 is on A in 3 deals of 6
    assert detector.explosion == 0  # A never holds two reds
    assert detector.mistake == Fraction(1, 2)
    both_red = odds(solution, Detector(((0, 0),), (2,)))
    assert both_red.explosion == Fraction(1, 6)
    with pytest.raises(ValueError):
        odds(solution, DualCut((0, 0), (RED,)))
