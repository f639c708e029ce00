"""Mission 21's rules on hand-made deals: every info token becomes an even/odd token (setup, a
miss, a detector's miss, the Sticky Note), never on a red wire, never twice on a wire; cuts
still need the exact value; what the tokens prove (the wire's parity)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from engine.redwire import Cut, IllegalActionError, Pick, PlaceToken, PostIt
from engine.redwire.deduction import position_from_observation, solve
from engine.redwire.mechanisms import parity_tokens
from engine.redwire.mechanisms.parity_tokens import ParityReason

from .helpers import fill_deal, game, play, types

FIXED = {1: ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12"]}
STANDS = fill_deal(21, 4, 0, FIXED, red=["4.5"])
# stand 0: 1 1 1 2 2 2 3 3 3 4 4 4 4.5; stand 1 (Bea): 1..12;
# stand 2: 5 5 5 6 6 6 7 7 7 8 8 8; stand 3: 9 9 9 10 10 10 11 11 11 12 12 12


def m21(cards: list[int] | None = None):  # type: ignore[no-untyped-def]
    return game(
        21,
        4,
        STANDS,
        parts={"equipment": {"cards": cards or [1, 4, 8, 9]}},
        red_markers=["4.5", "8.5"],
        tokens=[],
    )


def tokens(state):  # type: ignore[no-untyped-def]
    part = parity_tokens.view(state.observation(None))
    assert part is not None
    return [(t["stand"], t["slot"], t["parity"]) for t in part["tokens"]]


def test_the_setup_token_is_an_even_or_odd_token() -> None:
    with pytest.raises(IllegalActionError):
        m21().apply(PlaceToken(0, 0, 12))  # Ana's red wire: neither even nor odd
    state, events = play(m21(), PlaceToken(0, 0, 4))  # Ana's 2
    assert types(events)[0] == "parity_token"
    assert events[0].data == {"seat": 0, "stand": 0, "slot": 4, "parity": "even", "reason": "setup"}
    assert "token" not in types(events)
    assert state.observation(1)["stands"][0]["slots"][4]["info"] is None  # no value shown
    assert tokens(state) == [(0, 4, "even")]
    state, _ = play(state, PlaceToken(1, 1, 6), PlaceToken(2, 2, 0), PlaceToken(3, 3, 0))
    assert tokens(state) == [(0, 4, "even"), (1, 6, "odd"), (2, 0, "odd"), (3, 0, "odd")]


def setup(state):  # type: ignore[no-untyped-def]
    return play(state, *(PlaceToken(s, s, 0) for s in range(4)))[0]


def test_a_miss_gets_the_true_parity_not_the_announced_value() -> None:
    state = setup(m21())
    state, events = play(state, Cut(0, ((1, 7),), (3,)))  # Bea's 8, "3?": no
    assert types(events)[:3] == ["cut", "dial", "parity_token"]
    assert events[2].data["parity"] == "even" and events[2].data["reason"] == "miss"
    # A second miss there moves the dial again but adds no token (it would say nothing new).
    state, _ = play(state, Cut(1, ((2, 0),), (1,)))  # Bea misses on Carlo's 5 (odd)
    state, _ = play(state, Cut(2, ((3, 0),), (5,)))
    state, events = play(state, Cut(3, ((1, 7),), (9,)))
    assert "dial" in types(events) and "parity_token" not in types(events)
    assert tokens(state).count((1, 7, "even")) == 1


def test_a_detector_miss_gets_a_parity_token_on_the_owners_pick() -> None:
    state = setup(m21())
    state, events = play(state, Cut(0, ((1, 1), (1, 3)), (3,), "double"))  # Bea's 2 and 4
    assert state.phase.value == "detector_token"
    state, events = play(state, Pick(1, 1, 3))
    assert events[0].type == "parity_token" and events[0].data["parity"] == "even"


def test_the_sticky_note_places_a_parity_token_and_not_twice() -> None:
    table = setup(m21()).clone()
    for stand, slot in [(0, 9), (0, 10)]:  # two 4s cut: the Sticky Note (4)
        table.mark_cut(table.wire_id(stand, slot))
    _, events = play(table, PostIt(0, 0, 6))  # Ana's 3
    assert [e.type for e in events] == ["equipment", "parity_token"]
    assert events[1].data["reason"] == "post_it" and events[1].data["parity"] == "odd"
    with pytest.raises(IllegalActionError) as err:
        table.apply(PostIt(0, 0, 0))  # her setup token's wire
    assert err.value.reason is ParityReason.PARITY_MARKED
    assert PostIt(0, 0, 0) not in table.legal_actions(0)


def test_cuts_still_need_the_exact_value() -> None:
    state = setup(m21())
    state, events = play(state, Cut(0, ((1, 0),), (3,)))  # Bea's 1 is odd, as 3: still a miss
    assert events[0].data["outcome"] == "miss"


def test_a_parity_token_proves_the_wires_parity() -> None:
    state = setup(m21())
    state, _ = play(state, Cut(0, ((1, 7),), (3,)))  # Bea's 8: an even token
    solution = solve(position_from_observation(state.observation(2)))
    odds = solution.code_probabilities((1, 7))
    assert odds and all(code % 10 == 0 and (code // 10) % 2 == 0 for code in odds)
    assert sum(odds.values()) == Fraction(1)


# Mission 33: the same tokens for the whole mission, with red "2 of 3" and the new characters.
M33_FIXED = {1: ["1", "2", "3", "4", "5", "6", "7", "8", "8.5", "9", "10", "11", "12"]}
M33_STANDS = fill_deal(33, 4, 0, M33_FIXED, red=["4.5", "8.5"])
# stand 0: 1 1 1 2 2 2 3 3 3 4 4 4 4.5; stand 1 (Bea): 1..8 8.5 9..12;
# stand 2: 5 5 5 6 6 6 7 7 7 8 8 8; stand 3: 9 9 9 10 10 10 11 11 11 12 12 12


def m33(chosen: list[str] | None = None):  # type: ignore[no-untyped-def]
    parts = {
        "new_characters": {"characters": chosen or ["dd", "E3", "E1", "E2"]},
        "equipment": {"cards": [1, 4, 8, 9]},
    }
    return game(33, 4, M33_STANDS, parts=parts, red_markers=["4.5", "8.5", "10.5"], tokens=[])


def test_mission_33_uses_the_tokens_from_the_setup_on_and_never_on_its_red_wires() -> None:
    state = m33()
    with pytest.raises(IllegalActionError):
        state.apply(PlaceToken(0, 0, 12))  # Ana's red 4.5
    state, events = play(state, PlaceToken(0, 0, 4))
    with pytest.raises(IllegalActionError):
        state.apply(PlaceToken(1, 1, 8))  # Bea's red 8.5
    state, more = play(state, PlaceToken(1, 1, 6), PlaceToken(2, 2, 0))
    assert [e.type for e in [*events, *more]] == ["parity_token"] * 3
    state, _ = play(state, PlaceToken(3, 3, 0))
    assert tokens(state) == [(0, 4, "even"), (1, 6, "odd"), (2, 0, "odd"), (3, 0, "odd")]
    for viewer in (None, 0, 1, 2, 3):
        assert all(
            s["info"] is None for st in state.observation(viewer)["stands"] for s in st["slots"]
        )  # no value token anywhere


def test_mission_33_a_miss_and_a_new_characters_triple_scanner_miss_give_parity_tokens() -> None:
    state = m33()
    state, _ = play(state, *(PlaceToken(s, s, 0) for s in range(4)))
    state, events = play(state, Cut(0, ((1, 7),), (3,)))  # Ana misses on Bea's 8
    assert types(events)[:3] == ["cut", "dial", "parity_token"]
    assert events[2].data["parity"] == "even"
    assert state.to_move == 1
    triple = next(
        a
        for a in state.legal_actions(1)
        if isinstance(a, Cut)
        and a.tool == "own_triple"
        and a.targets == ((3, 0), (3, 1), (3, 2))
        and a.values == (10,)
    )  # Bea (E3) points at Dario's three 9s: "10?"
    state, events = play(state, triple)
    assert "dial" in types(events)
    assert state.phase.value == "detector_token" and state.to_move == 3
    state, events = play(state, Pick(3, 3, 1))  # Dario chooses the wire that gets it
    assert events[0].type == "parity_token" and events[0].data["parity"] == "odd"
    assert tokens(state)[-1] == (3, 1, "odd")
