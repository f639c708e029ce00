"""Mission 24's rules on hand-made deals: every info token becomes an x1/x2/x3 token (how many
times the wire's value is on its stand, cut wires included), never x4 (no setup token there, no
token after a miss there), the Sticky Note on a cut wire, a token on a moved wire discarded;
what the tokens prove (a run of that length, whatever the value)."""

from __future__ import annotations

import pytest

from engine.redwire import Cut, IllegalActionError, Pick, PlaceToken, PostIt, Walkie
from engine.redwire.deduction import position_from_observation
from engine.redwire.deduction.facts import Multiplicity
from engine.redwire.mechanisms import count_tokens
from engine.redwire.mechanisms.count_tokens import CountReason

from .helpers import fill_deal, game, play, types

FIXED = {
    0: ["1", "1", "2", "3", "3", "3", "4", "5", "6", "7", "8", "9", "8.5"],
    1: ["1", "1", "2", "2", "2", "4", "4", "4", "5", "5", "5", "6", "6"],
}
STANDS = fill_deal(24, 4, 0, FIXED, red=["8.5", "10.5"])
# stand 0 (Ana): 1 1 2 3 3 3 4 5 6 7 8 8.5 9; stand 1 (Bea): 1 1 2 2 2 4 4 4 5 5 5 6 6
# stand 2 (Carlo): 3 6 7 7 7 8 8 8 9 9 9 10; stand 3 (Dario): 10 10 10 10.5 11 x4 12 x4


def m24(cards: list[int] | None = None, tokens=None):  # type: ignore[no-untyped-def]
    return game(24, 4, STANDS, parts={"equipment": {"cards": cards or [1, 4, 8, 9]}}, tokens=tokens)


def marks(state):  # type: ignore[no-untyped-def]
    part = count_tokens.view(state.observation(None))
    assert part is not None
    return [(t["stand"], t["slot"], t["count"]) for t in part["tokens"]]


def test_the_setup_token_is_a_count_token() -> None:
    state, events = play(m24(tokens=[]), PlaceToken(0, 0, 4))  # one of Ana's three 3s
    assert types(events)[0] == "count_token" and "token" not in types(events)
    assert events[0].data == {"seat": 0, "stand": 0, "slot": 4, "count": 3, "reason": "setup"}
    assert state.observation(1)["stands"][0]["slots"][4]["info"] is None  # the value unseen
    assert marks(state) == [(0, 4, 3)]
    # What it proves to Bea: the class of that wire is three times on Ana's stand.
    facts = position_from_observation(state.observation(1)).facts
    assert Multiplicity(tuple((0, i) for i in range(13)), 4, 3) in facts


def test_no_x4_token() -> None:
    state = m24(tokens=[])
    state, _ = play(state, PlaceToken(0, 0, 0), PlaceToken(1, 1, 0), PlaceToken(2, 2, 0))
    with pytest.raises(IllegalActionError) as err:
        state.apply(PlaceToken(3, 3, 5))  # one of Dario's four 11s
    assert err.value.reason is CountReason.COUNT_FOUR
    assert PlaceToken(3, 3, 5) not in state.legal_actions(3)
    state, _ = play(state, PlaceToken(3, 3, 0))
    # A miss on one of his four 12s: no token, and the log says why.
    state, events = play(state, Cut(0, ((3, 9),), (9,)))
    token = next(e for e in events if e.type == "count_token")
    assert token.data["count"] == 4 and token.data["placed"] is False
    assert (3, 9, 4) not in marks(state)


def test_a_miss_gets_the_count_of_the_true_value() -> None:
    state = m24()
    state, events = play(state, Cut(0, ((1, 3),), (1,)))  # Bea's 2 (three 2s): "1?" no
    assert types(events)[:3] == ["cut", "dial", "count_token"]
    assert events[2].data["count"] == 3 and events[2].data["reason"] == "miss"
    state, events = play(state, Cut(1, ((0, 9),), (5,)))  # Ana's 7 (one 7): x1
    assert events[2].data["count"] == 1


def test_the_sticky_note_marks_a_cut_wire_too() -> None:
    table = m24().clone()
    for stand, slot in [(0, 6), (1, 5)]:  # two 4s cut: the Sticky Note (card 4)
        table.mark_cut(table.wire_id(stand, slot))
    assert PostIt(0, 0, 6) in table.legal_actions(0)
    _, events = play(table, PostIt(0, 0, 6))  # Ana's cut 4: one 4 on her stand
    assert [e.type for e in events] == ["equipment", "count_token"]
    assert events[1].data["count"] == 1 and events[1].data["reason"] == "post_it"


def test_a_token_on_a_moved_wire_is_discarded() -> None:
    table = m24(cards=[2, 4, 8, 9]).clone()
    for stand, slot in [(0, 2), (1, 2)]:  # two 2s cut: the Walkie-Talkies (card 2)
        table.mark_cut(table.wire_id(stand, slot))
    first = marks(table)[0]  # Ana's setup token (her first legal wire)
    state, _ = play(table, Walkie(0, first[0], first[1], 1))
    state, _ = play(state, Pick(1, 1, 12))  # Bea gives her last 6
    assert first not in marks(state) and all(s != 0 or i != first[1] for s, i, _ in marks(state))
