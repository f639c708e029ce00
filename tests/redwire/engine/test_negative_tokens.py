"""Mission 22's rules on hand-made deals: two tokens beside the stand at setup, of values the
player does not hold (one beside each stand with two stands; fewer when fewer values are
missing); the gift once two yellow wires are cut (from the captain clockwise, a token for the
left neighbour, placed on a wire of its value or beside the stand); what they prove."""

from __future__ import annotations

import pytest

from engine.redwire import Cut, IllegalActionError, Pick, PlaceToken, explicit_setup, start
from engine.redwire.deduction import position_from_observation, solve
from engine.redwire.mechanisms import negative_tokens
from engine.redwire.mechanisms.negative_tokens import GiveToken, NegativeReason, NegativeToken
from engine.redwire.wires import YELLOW

from .helpers import fill_deal, play, refused, types

FIXED = {
    0: ["1", "1", "2", "2", "2.1", "3", "3", "4", "4", "4.5", "5", "5", "5.1", "6"],
    1: ["1", "1", "2", "2", "3", "3", "4", "4", "5", "5", "6", "6", "7"],
}
STANDS = fill_deal(22, 4, 0, FIXED, red=["4.5"], yellow=["2.1", "5.1", "7.1", "9.1"])
# stand 2 (Carlo): 6 7 7 7 7.1 8 8 8 8 9 9 9 9; stand 3 (Dario): 9.1 10 10 10 10 11.. 12..


def m22(stands=STANDS, players: int = 4):  # type: ignore[no-untyped-def]
    cards = [1, 4, 8, 9, 3][:players]
    setup = explicit_setup(22, players, 0, stands, parts={"equipment": {"cards": cards}})
    return start(setup)


def setup_done(state):  # type: ignore[no-untyped-def]
    """Ana: no 7, no 12; Bea: no 8, no yellow; Carlo: no 1, no 12; Dario: no 1, no 2."""
    tokens = [(0, 0, 7), (0, 0, 12), (1, 1, 8), (1, 1, YELLOW), (2, 2, 1), (2, 2, 12)]
    tokens += [(3, 3, 1), (3, 3, 2)]
    return play(state, *(NegativeToken(*t) for t in tokens))[0]


def test_two_tokens_beside_the_stand_of_values_not_held() -> None:
    state = m22()
    refused(state, PlaceToken(0, 0, 0), NegativeReason.NEGATIVE_ONLY)
    refused(state, NegativeToken(0, 0, 3), NegativeReason.NEGATIVE_HELD)
    refused(state, NegativeToken(0, 0, YELLOW), NegativeReason.NEGATIVE_HELD)  # her 2.1
    state, events = play(state, NegativeToken(0, 0, 7))
    assert events[0].type == "negative_token" and events[0].data == {
        "seat": 0,
        "stand": 0,
        "value": 7,
    }
    assert state.to_move == 0  # a second one
    refused(state, NegativeToken(0, 0, 7), NegativeReason.NEGATIVE_TWICE)
    state, _ = play(state, NegativeToken(0, 0, 12))
    assert state.to_move == 1
    state, _ = play(state, NegativeToken(1, 1, YELLOW))  # Bea: no yellow
    part = negative_tokens.view(state.observation(2))
    assert part is not None and [(t["seat"], t["value"]) for t in part["tokens"]] == [
        (0, 7),
        (0, 12),
        (1, "yellow"),
    ]


def test_a_token_proves_the_hand_holds_none() -> None:
    state = setup_done(m22())
    solution = solve(position_from_observation(state.observation(1)))
    for slot in range(14):  # Ana holds no 7 and no 12
        odds = solution.code_probabilities((0, slot))
        assert odds.get(70, 0) == 0 and odds.get(120, 0) == 0


def test_two_stands_one_token_beside_each() -> None:
    stands = fill_deal(22, 2, 0, {}, red=["4.5"], yellow=["2.1", "5.1", "7.1", "9.1"])
    state = m22(stands, players=2)
    first = next(a for a in state.legal_actions(0) if isinstance(a, NegativeToken))
    state, _ = play(state, first)
    refused(
        state,
        NegativeToken(0, first.stand, next(v for v in (10, 11, 12) if v != first.value)),
        NegativeReason.NEGATIVE_STAND,
    )
    assert {a.stand for a in state.legal_actions(0)} == {1 - first.stand}


def test_fewer_missing_values_fewer_tokens() -> None:
    # Ana holds every value but 12: one token, and everyone learns she holds all the others.
    fixed = {0: ["1", "2", "2.1", "3", "4", "4.5", "5", "6", "7", "8", "9", "10", "11", "11"]}
    stands = fill_deal(22, 4, 0, fixed, red=["4.5"], yellow=["2.1", "5.1", "7.1", "9.1"])
    state = m22(stands)
    assert {a.value for a in state.legal_actions(0)} == {12}
    state, events = play(state, NegativeToken(0, 0, 12))
    assert types(events)[:2] == ["negative_token", "negative_short"]
    assert events[1].data == {"seat": 0, "values": [12]}
    assert state.to_move == 1


def test_holding_every_value_lays_none() -> None:
    fixed = {0: ["1", "2", "2.1", "3", "4", "4.5", "5", "6", "7", "8", "9", "10", "11", "12"]}
    stands = fill_deal(22, 4, 0, fixed, red=["4.5"], yellow=["2.1", "5.1", "7.1", "9.1"])
    state = m22(stands)
    assert state.to_move == 1
    skipped = next(e for e in state.log if e.type == "token_skipped")
    assert skipped.data == {"seat": 0, "reason": "holds_all"}


def test_two_yellows_cut_start_the_gift_from_the_captain() -> None:
    state = setup_done(m22())
    state, events = play(state, Cut(0, ((2, 4),), (YELLOW,)))  # Carlo's 7.1: hit
    state, events = play(state, Pick(0, 0, 4))  # Ana cuts her 2.1: two yellows cut
    assert "gift_start" in types(events) and "turn" not in types(events)
    assert state.phase.value == "gift_give" and state.to_move == 0
    assert {a.value for a in state.legal_actions(0) if isinstance(a, GiveToken)} == {
        *range(1, 13),
        YELLOW,
    }
    # Ana gives Bea a 7: Bea holds one, she puts it there.
    state, events = play(state, GiveToken(0, 7))
    assert state.phase.value == "gift_place" and state.to_move == 1
    state, events = play(state, Pick(1, 1, 12))
    assert events[0].type == "token" and events[0].data["reason"] == "gift"
    assert state.phase.value == "gift_give" and state.to_move == 1
    # Bea gives Carlo a 1: he holds none, it goes beside his stand.
    state, events = play(state, GiveToken(1, 1))
    assert events[1].type == "gift_beside" and events[1].data["seat"] == 2
    with pytest.raises(IllegalActionError):
        state.apply(GiveToken(3, 12))  # not Dario's decision yet
    state, _ = play(state, GiveToken(2, 12), Pick(3, 3, 9))
    state, events = play(state, GiveToken(3, YELLOW), Pick(0, 0, 12))  # Ana's last yellow
    assert types(events)[-3:] == ["token", "gift_done", "turn"]
    assert state.phase.value == "turn" and state.to_move == 1 and state.turn_number == 2
    part = negative_tokens.view(state.observation(None))
    assert part is not None and part["gift"] == "done"
    # It happens once: the next turn ends as usual.
    state, events = play(state, Cut(1, ((2, 1),), (7,)), Pick(1, 1, 12))  # Carlo's 7, hers
    assert "gift_start" not in types(events) and state.to_move == 2


def test_a_gift_beside_proves_none_uncut() -> None:
    state = setup_done(m22())
    state, _ = play(state, Cut(0, ((2, 4),), (YELLOW,)), Pick(0, 0, 4))
    state, _ = play(state, GiveToken(0, 7), Pick(1, 1, 12), GiveToken(1, 3))  # Carlo: no 3
    solution = solve(position_from_observation(state.observation(3)))
    for slot in range(13):
        assert solution.code_probabilities((2, slot)).get(30, 0) == 0
