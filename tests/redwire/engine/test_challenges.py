"""Mission 55's Challenge cards on hand-made deals: the cards face up and the detonator next to
the skull; each condition met discards its card and moves the detonator back (the streaks of
team turns, the validation tokens, the stands' cut patterns); card 1's red call (a red wire is
cut, anything else explodes); card 9's claim by the stand's owner, and what it proves."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pytest

from engine.redwire import GameState, IllegalActionError, SetupError, SoloCut
from engine.redwire.deduction import position_from_observation, solve
from engine.redwire.mechanisms import challenges
from engine.redwire.mechanisms.challenges import ChallengeClaim, ChallengeReason, RedCall

from .helpers import fill_deal, game, play, types, with_cut

RED = ["3.5", "9.5"]


def m55(
    fixed: Mapping[int, Sequence[str | int]],
    cards: Sequence[int],
    numbers: Sequence[int] = (),
    captain: int = 0,
) -> GameState:
    stands = fill_deal(55, 4, captain, fixed, red=RED)
    parts = {
        "challenges": {"cards": list(cards), "numbers": list(numbers)},
        "equipment": {"cards": [2, 4, 6, 8]},
    }
    return game(55, 4, stands, captain=captain, parts=parts)


# Seat 0 holds all four 5s, seat 1 the 6s, seat 2 the 7s, seat 3 the 8s: four Solo Cuts in turn.
SOLOS: dict[int, Sequence[str | int]] = {
    0: ["1", "1", "1", "1", "2", "2", "3.5", "5", "5", "5", "5", "10", "11"],
    1: ["2", "2", "3", "3", "3", "3", "4", "6", "6", "6", "6", "10", "11"],
    2: ["4", "4", "4", "7", "7", "7", "7", "9", "9", "9", "9", "12"],
    3: ["8", "8", "8", "8", "9.5", "10", "10", "11", "11", "12", "12", "12"],
}


def test_the_cards_lie_face_up_and_the_dial_starts_next_to_the_skull() -> None:
    state = m55(SOLOS, [1, 8, 3, 10], numbers=[6, 2])
    obs = state.observation(2)
    assert obs["dial"]["left"] == 1 and obs["dial"]["start"] == 1
    view = challenges.view(obs)
    assert view is not None
    assert view["face_up"] == [1, 8, 3, 10] and view["numbers"] == [6, 2]
    with pytest.raises(SetupError, match="card 8"):
        m55(SOLOS, [1, 8, 3, 10])  # card 8 needs its two Number cards


def test_solo_cuts_in_a_row_and_rising_values_and_eighteen_move_the_dial_back() -> None:
    state = m55(SOLOS, [5, 7, 4, 9])
    state, events = play(state, SoloCut(0, 5))
    assert "challenge_done" not in types(events)
    state, events = play(state, SoloCut(1, 6))
    done = [e.data["card"] for e in events if e.type == "challenge_done"]
    assert done == [5] and state.dial == 2
    state, events = play(state, SoloCut(2, 7))
    # 5-6-7 rising (card 7) and the first three validation tokens 5+6+7 = 18 (card 4).
    done = [e.data["card"] for e in events if e.type == "challenge_done"]
    assert sorted(done) == [4, 7] and state.dial == 4
    view = challenges.view(state.observation(None))
    assert view is not None and view["face_up"] == [9] and view["done"] == [5, 4, 7]


def test_four_even_turns_in_a_row_and_the_first_two_validations() -> None:
    fixed = {
        0: ["1", "1", "1", "1", "2", "2", "2", "2", "3.5", "5", "5", "10", "11"],
        1: ["3", "3", "3", "3", "4", "4", "4", "4", "5", "6", "6", "10", "11"],
        2: ["5", "6", "6", "7", "7", "7", "7", "9", "9", "9", "9", "12"],
        3: ["8", "8", "8", "8", "9.5", "10", "10", "11", "11", "12", "12", "12"],
    }
    state = m55(fixed, [2, 8, 6, 3], numbers=[4, 2])
    state, events = play(state, SoloCut(0, 2), SoloCut(1, 4))
    assert [e.data["card"] for e in events if e.type == "challenge_done"] == [8]
    # Seat 2 cuts no even value: the streak restarts after him.
    state, events = play(state, SoloCut(2, 7), SoloCut(3, 8), SoloCut(0, 1))
    assert "challenge_done" not in types(events)
    fresh = m55(fixed, [2, 1, 6, 3])
    fresh, events = play(fresh, SoloCut(0, 2), SoloCut(1, 4), SoloCut(2, 7))
    assert "challenge_done" not in types(events)
    view = challenges.view(fresh.observation(None))
    assert view is not None and view["turns"] == [2, 4, 7] and view["solos"] == [True] * 3


@pytest.mark.parametrize(
    ("card", "cut"),
    [
        (3, [0, 1, 4, 5, 8, 9, 12]),  # uncut: 2-3, 6-7, 10-11: pairs split by cut wires
        (6, [1, 3, 5, 7, 9, 11]),  # uncut 0, 2, 4, 6, 8, 10, 12: each flanked by cut wires
        (10, [2, 3, 4, 5, 6, 7, 8]),  # seven cut, both end pairs uncut
    ],
)
def test_a_stand_pattern_is_met_after_the_next_cut(card: int, cut: list[int]) -> None:
    state = m55(SOLOS, [card, 1, 2, 4])
    state = with_cut(state, [(1, slot) for slot in cut])
    state, events = play(state, SoloCut(0, 5))
    assert [e.data["card"] for e in events if e.type == "challenge_done"] == [card]
    assert state.dial == 2


def test_patterns_that_fall_short_are_not_met() -> None:
    assert not challenges.pairs([False, False, True, True])  # one pair only
    assert not challenges.pairs([False, True, False, False])  # a single wire
    assert challenges.isolated([False, True, False, True, False, False]) == 2
    assert not challenges.bookends([False, True] + [True] * 7 + [False, False])


def test_a_red_call_on_a_red_wire_cuts_it_and_meets_card_1() -> None:
    state = m55(SOLOS, [1, 2, 3, 4])
    assert RedCall(0, 3, 4) in state.legal_actions(0)
    assert all(a.stand != 0 for a in state.legal_actions(0) if isinstance(a, RedCall))
    after, events = play(state, RedCall(0, 3, 4))
    assert types(events)[:3] == ["red_call", "wire_cut", "challenge_done"]
    assert after.dial == 2 and after.active == 1 and after.result is None
    assert not any(isinstance(a, RedCall) for a in after.legal_actions(1))


def test_a_red_call_on_a_blue_wire_explodes_and_refusals_change_nothing() -> None:
    state = m55(SOLOS, [1, 2, 3, 4])
    after, events = play(state, RedCall(0, 3, 3))
    assert after.result == "exploded" and events[-1].data["cause"] == "red_call"
    for action, reason in [
        (RedCall(0, 0, 6), ChallengeReason.CHALLENGE_NOT_TEAMMATE),
        (RedCall(1, 3, 4), None),  # not his turn: the core's refusal
    ]:
        with pytest.raises(IllegalActionError) as err:
            state.apply(action)
        if reason is not None:
            assert err.value.reason is reason
    other = m55(SOLOS, [2, 3, 4, 5])
    with pytest.raises(IllegalActionError) as err:
        other.apply(RedCall(0, 3, 4))
    assert err.value.reason is ChallengeReason.CHALLENGE_NO_CALL


def test_card_9_is_claimed_by_its_owner_and_proves_his_hand() -> None:
    fixed = dict(SOLOS)
    fixed[2] = ["1", "1", "3", "3", "3", "3", "7", "7", "7", "7", "9", "9"]
    fixed[1] = ["2", "2", "2", "3.5", "4", "4", "4", "6", "6", "6", "6", "10", "11"]
    fixed[0] = ["1", "1", "2", "4", "5", "5", "5", "5", "8", "10", "10", "11", "11"]
    fixed[3] = ["8", "8", "8", "9", "9", "9.5", "10", "11", "12", "12", "12", "12"]
    state = m55(fixed, [9, 2, 3, 4])
    assert ChallengeClaim(2, 2) in state.legal_actions(2)  # any time, even on another's turn
    assert not any(isinstance(a, ChallengeClaim) for a in state.legal_actions(1))
    with pytest.raises(IllegalActionError) as err:
        state.apply(ChallengeClaim(1, 1))
    assert err.value.reason is ChallengeReason.CHALLENGE_NOT_MET
    with pytest.raises(IllegalActionError) as err:
        state.apply(ChallengeClaim(0, 2))  # not his stand
    assert err.value.reason is ChallengeReason.CHALLENGE_NOT_MET
    after, events = play(state, ChallengeClaim(2, 2))
    assert types(events) == ["challenge_claim", "challenge_done", "dial"] and after.dial == 2
    odds = solve(position_from_observation(after.observation(0)))
    for slot in range(12):
        probs = odds.code_probabilities((2, slot))
        assert all((code // 10) % 2 == 1 for code, p in probs.items() if p > 0), probs
    with pytest.raises(IllegalActionError) as err:
        after.apply(ChallengeClaim(2, 2))
    assert err.value.reason is ChallengeReason.CHALLENGE_NO_CLAIM
