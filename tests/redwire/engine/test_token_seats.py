"""Mission 40's token replacement by seat on hand-made deals: the owner of the wire being marked
decides the kind (Italian card: x1/x2/x3 for the captain and the 3rd and 5th players, even/odd
for the 2nd and 4th), for the setup tokens, the misses and the Sticky Note; an x-token may mark a
cut wire, an even/odd one may not; a token on a wire the Walkie-Talkies move is discarded; the
English edition gives x1/x2/x3 tokens to everyone; the captain places a setup token, but with two
players he places none and the 2nd player one even/odd token; what both kinds prove in one game."""

from __future__ import annotations

import pytest

from engine.redwire import Cut, Pick, PlaceToken, PostIt, Walkie
from engine.redwire.deduction import position_from_observation
from engine.redwire.deduction.facts import Multiplicity, SlotIn
from engine.redwire.mechanisms import count_tokens, parity_tokens
from engine.redwire.mechanisms.token_seats import place_of
from engine.redwire.options import Options
from tests.redwire.bots.checks import LEVEL_AND_COUNT

from .helpers import fill_deal, game, play, types

RED = ["2.5", "6.5", "8.5"]
CAPTAIN = ["1", "1", "2", "3", "3", "3", "5", "7", "9", "10", "11", "12", "2.5"]
STANDS = fill_deal(40, 4, 1, {1: CAPTAIN}, red=RED)
# Captain seat 1 (place 1, x-tokens): 1 1 2 2.5 3 3 3 5 7 9 10 11 12
# seat 2 (place 2, even/odd): 5 6 6 6 6 6.5 7 7 7 8 8 8 8
# seat 3 (place 3, x-tokens): 8.5 9 9 9 10 10 10 11 11 11 12 12 12
# seat 0 (place 4, even/odd): 1 1 2 2 2 3 4 4 4 4 5 5


def m40(cards: list[int] | None = None, options: Options | None = None):  # type: ignore[no-untyped-def]
    return game(
        40,
        4,
        STANDS,
        captain=1,
        options=options,
        parts={"equipment": {"cards": cards or [1, 4, 8, 9]}},
    )


def parity_marks(state):  # type: ignore[no-untyped-def]
    part = parity_tokens.view(state.observation(None))
    return None if part is None else [(t["stand"], t["slot"], t["parity"]) for t in part["tokens"]]


def count_marks(state):  # type: ignore[no-untyped-def]
    part = count_tokens.view(state.observation(None))
    assert part is not None
    return [(t["stand"], t["slot"], t["count"]) for t in part["tokens"]]


def test_places_count_clockwise_from_the_captain() -> None:
    assert [place_of(seat, 1, 4) for seat in range(4)] == [4, 1, 2, 3]


def test_setup_tokens_by_seat_the_captain_too_with_four_players() -> None:
    # "Captain places no setup token" is the card's two-player line (spec §9.1, §12 A3): with
    # four players the captain places his own, an x-token (two 1s on his stand: x2).
    state = m40()
    setup = [e for e in state.log if e.type in ("token_skipped", "parity_token", "count_token")]
    assert [(e.type, e.data["seat"]) for e in setup] == [
        ("count_token", 1),
        ("parity_token", 2),
        ("count_token", 3),
        ("parity_token", 0),
    ]
    assert setup[0].data["stand"] == 1 and setup[0].data["count"] == 2
    assert not state.info  # no true-value token anywhere
    obs = state.observation(0)["mechanisms"]
    assert obs["count_tokens"]["seats"] == [1, 3] and obs["parity_tokens"]["seats"] == [0, 2]


def test_a_miss_marks_by_the_owner_of_the_wire() -> None:
    state = m40()
    state, events = play(state, Cut(1, ((2, 1),), (5,)))  # the captain misses seat 2's 6
    assert types(events)[:3] == ["cut", "dial", "parity_token"]
    assert events[2].data == {"seat": 2, "stand": 2, "slot": 1, "parity": "even", "reason": "miss"}
    state, events = play(state, Cut(2, ((3, 4),), (7,)))  # seat 2 misses seat 3's 10 (three 10s)
    assert types(events)[:3] == ["cut", "dial", "count_token"]
    assert events[2].data["count"] == 3 and events[2].data["stand"] == 3
    state, events = play(state, Cut(3, ((1, 8),), (9,)))  # seat 3 misses the captain's 7
    assert types(events)[:3] == ["cut", "dial", "count_token"]
    assert events[2].data["count"] == 1 and events[2].data["seat"] == 1
    assert not state.info


def test_the_sticky_note_x_token_on_a_cut_wire_even_odd_not() -> None:
    table = m40().clone()
    for stand, slot in [(0, 6), (0, 7), (1, 2)]:  # two 4s cut (card 4), the captain's 2 cut
        table.mark_cut(table.wire_id(stand, slot))
    captain = table.legal_actions(1)
    assert PostIt(1, 1, 2) in captain  # his cut 2: an x1 token
    _, events = play(table, PostIt(1, 1, 2))
    assert types(events) == ["equipment", "count_token"] and events[1].data["count"] == 1
    seat0 = table.legal_actions(0)
    assert PostIt(0, 0, 6) not in seat0 and PostIt(0, 0, 5) in seat0  # even/odd: uncut only
    _, events = play(table, PostIt(0, 0, 5))  # her 3
    assert types(events) == ["equipment", "parity_token"] and events[1].data["parity"] == "odd"
    assert events[1].data["reason"] == "post_it"
    # Neither kind on a red wire: the captain's 2.5 is never offered.
    assert PostIt(1, 1, 3) not in captain


def test_an_even_odd_token_on_a_moved_wire_is_discarded() -> None:
    table = m40(cards=[2, 4, 8, 9]).clone()
    for stand, slot in [(0, 2), (0, 3)]:  # two 2s cut: the Walkie-Talkies (card 2)
        table.mark_cut(table.wire_id(stand, slot))
    assert (0, 0, "odd") in parity_marks(table)  # seat 0's setup token on her first 1
    state, _ = play(table, Walkie(0, 0, 0, 2))
    state, _ = play(state, Pick(2, 2, 6))  # seat 2 gives a 7 back
    marks = parity_marks(state)  # the 1 now on seat 2's stand lost its token
    assert len(marks) == 1 and state.code_at(marks[0][0], marks[0][1]) == 50  # seat 2's 5


def test_the_english_edition_gives_count_tokens_to_everyone() -> None:
    state = m40(options=Options(edition="EN"))
    setup = [e.type for e in state.log if e.type.endswith("token") or e.type == "token_skipped"]
    assert setup == ["count_token"] * 4
    assert parity_marks(state) is None  # no even/odd token in play, none drawn
    state, events = play(state, Cut(1, ((2, 1),), (5,)))
    assert types(events)[:3] == ["cut", "dial", "count_token"] and events[2].data["count"] == 4
    assert events[2].data["placed"] is False  # four 6s on seat 2's stand: no x4 token


def test_two_players_the_second_places_one_even_odd_token() -> None:
    stands = fill_deal(40, 2, 0, {}, red=RED)
    state = game(40, 2, stands, parts={"equipment": {"cards": [1, 4]}})
    setup = [(e.type, e.data["seat"]) for e in state.log if "token" in e.type]
    assert setup == [("token_skipped", 0), ("parity_token", 1)]


def test_the_solver_reads_both_kinds_in_one_game() -> None:
    state = m40()
    state, _ = play(state, Cut(1, ((2, 1),), (5,)))
    facts = position_from_observation(state.observation(3)).facts
    assert SlotIn.parity((2, 1), True) in facts and SlotIn.parity((2, 0), False) in facts
    assert Multiplicity(tuple((3, i) for i in range(13)), 1, 3) in facts


@pytest.mark.parametrize("edition", ["IT", "EN"])
@pytest.mark.parametrize(("level", "players"), LEVEL_AND_COUNT)
def test_bots_play_mission_40_legally_each_seat_with_its_own_kind(
    level: str, players: int, edition: str
) -> None:
    from engine.redwire import new_game
    from engine.redwire.bots import make_bot
    from engine.redwire.bots.characters import table_characters
    from tests.redwire.bots.checks import check_explanation

    chosen, _ = table_characters(
        40, players, captain=None, levels=[level] * players, picks=[], seed=players
    )
    state = new_game(40, players, 400 + players, chosen=chosen, options=Options(edition=edition))
    bots = [make_bot(level, 40 + seat) for seat in range(players)]
    kinds = {"count_token": set(), "parity_token": set()}  # type: dict[str, set[int]]
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        legal = state.legal_actions(seat)
        action = bots[seat].choose(state.observation(seat), legal)
        assert action in legal
        check_explanation(bots[seat].explain(), state, seat)
        if isinstance(action, PlaceToken) and level != "random":
            assert (
                bots[seat]
                .explain()
                .key.startswith(
                    "parity_token"
                    if place_of(seat, state.setup.captain, players) % 2 == 0 and edition == "IT"
                    else "count_token"
                )
            )
        state, events = state.apply(action)
        for e in events:
            if e.type in kinds:
                kinds[e.type].add(place_of(e.data["seat"], state.setup.captain, players))
    assert kinds["count_token"] <= ({1, 3, 5} if edition == "IT" else {1, 2, 3, 4, 5})
    assert kinds["parity_token"] <= ({2, 4} if edition == "IT" else set())
    assert not state.info  # never a true-value token
