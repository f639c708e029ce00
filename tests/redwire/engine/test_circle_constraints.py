"""Mission 61's circling constraint cards on hand-made deals: each seat's own card A-E (the
table's extra cards with 2 and 3 players) as setup data; the captain's keep / pass clockwise /
pass anticlockwise before each round, the table's cards taking their places in the circle; a cut
one's own card forbids refused with the state unchanged (G-L included); the skip on one's own
card (the detonator still, the deduction reads it) and the explosion after a whole round of
skips; the any-time trade for the F-L pile's top card (one detonator step, refused once the pile
is empty); H and L for their holder only; red always revealed; the bots' choices and reasons.

The 3-player ascending deal: seat 0 holds the 1s to 6s and the red 4.5 (stands 0 and 1), seat 1
the 7s to 9s (stand 2), seat 2 the 10s to 12s (stand 3); the ring is [0, left spot, 1, 2]."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from engine.redwire import Cut, IllegalActionError, SoloCut
from engine.redwire.deal import explicit_setup
from engine.redwire.deduction import position_from_observation, solve
from engine.redwire.errors import SetupError
from engine.redwire.mechanisms import constraints
from engine.redwire.mechanisms.constraints import (
    ConstraintReason,
    DrawConstraint,
    PassConstraints,
    SkipTurn,
)
from engine.redwire.wires import RED, cut_value

from .helpers import fill_deal, game, play, types


def m61(seats: str, spots: str = "", players: int = 3, pile: str = "FGHIJKL"):  # type: ignore[no-untyped-def]
    """The ascending deal with these cards (seats in seat order, table spots left then right)."""
    red = ["4.5"] if players > 2 else ["4.5", "8.5"]
    return game(
        61,
        players,
        fill_deal(61, players, 0, {}, red=red),
        parts={
            "equipment": {"cards": [1, 4, 6, 9][:players]},
            "constraints": {"seats": list(seats), "table": list(spots), "pile": list(pile)},
        },
    )


def _with_card(state, seat: int, letter: str):  # type: ignore[no-untyped-def]
    """A hand-made later position: ``seat`` holds ``letter`` (as if drawn from the pile)."""
    table = state.clone()
    part = table.parts["constraints"]
    cards = tuple(letter if i == seat else c for i, c in enumerate(part.cards))
    table.parts["constraints"] = replace(part, cards=cards)
    return table


def _cards(state) -> tuple[list[str | None], list[str]]:  # type: ignore[no-untyped-def]
    view = constraints.view(state.observation(None))
    assert view is not None
    return [e["card"] for e in view["seats"]], view.get("spots", [])


def _snapshot(state) -> str:  # type: ignore[no-untyped-def]
    return json.dumps(state.observation(None), sort_keys=True, default=str)


def test_the_cards_are_setup_data_and_the_pile_order_is_unseen() -> None:
    state = m61("ABC", "D")
    view = constraints.view(state.observation(1))
    assert view is not None and view["circle"] and view["ring"] == [0, None, 1, 2]
    assert _cards(state) == (["A", "B", "C"], ["D"])
    assert view["pile"] == 7 and "FGHIJKL" not in json.dumps(view)  # a count, not the order
    with pytest.raises(SetupError):  # a card dealt twice
        explicit_setup(
            61,
            3,
            0,
            fill_deal(61, 3, 0, {}, red=["4.5"]),
            parts={
                "constraints": {"seats": ["A", "B", "A"], "table": ["D"], "pile": list("FGHIJKL")}
            },
        )
    with pytest.raises(SetupError):  # 3 players: one card on the table, not two
        explicit_setup(
            61,
            3,
            0,
            fill_deal(61, 3, 0, {}, red=["4.5"]),
            parts={
                "constraints": {"seats": list("ABC"), "table": list("DE"), "pile": list("FGHIJKL")}
            },
        )


def test_the_captain_decides_before_the_round_and_the_table_cards_take_their_places() -> None:
    state = m61("ABC", "D")
    assert state.phase.value == "constraint_pass" and state.to_move == 0
    ways = [a for a in state.legal_actions(0) if isinstance(a, PassConstraints)]
    assert [a.way for a in ways] == ["keep", "clockwise", "anticlockwise"]
    assert not any(isinstance(a, (Cut, SoloCut)) for a in state.legal_actions(0))
    # Ring [0, left, 1, 2] holds [A, D, B, C]; clockwise every card moves one position on.
    after, events = play(state, PassConstraints(0, "clockwise"))
    assert events[0].data == {
        "seat": 0,
        "way": "clockwise",
        "cards": ["C", "D", "B"],
        "spots": ["A"],
    }
    assert _cards(after) == (["C", "D", "B"], ["A"]) and after.phase.value == "turn"
    after, _ = play(state, PassConstraints(0, "anticlockwise"))
    assert _cards(after) == (["D", "C", "A"], ["B"])
    after, events = play(state, PassConstraints(0, "keep"))
    assert _cards(after) == (["A", "B", "C"], ["D"]) and types(events) == ["constraints_pass"]
    with pytest.raises(IllegalActionError) as err:  # only the captain decides
        state.apply(PassConstraints(1, "keep"))
    assert err.value.reason.value == "not_your_decision"


def test_two_players_pass_through_both_table_spots() -> None:
    state = m61("AB", "DE", players=2)  # ring [0, left, 1, right] holds [A, D, B, E]
    after, _ = play(state, PassConstraints(0, "clockwise"))
    assert _cards(after) == (["E", "D"], ["A", "B"])
    after, _ = play(state, PassConstraints(0, "anticlockwise"))
    assert _cards(after) == (["D", "E"], ["B", "A"])


def test_a_cut_ones_own_card_forbids_is_refused_and_changes_nothing() -> None:
    state, _ = play(m61("ABC", "D"), PassConstraints(0, "keep"))
    before = _snapshot(state)
    with pytest.raises(IllegalActionError) as err:
        state.apply(SoloCut(0, 1))  # card A: even values only
    assert err.value.reason is ConstraintReason.CONSTRAINT_VALUE
    assert _snapshot(state) == before
    assert SoloCut(0, 2) in state.legal_actions(0) and SoloCut(0, 1) not in state.legal_actions(0)
    # Card K (no Solo Cut), the seat's own: refused with the card's words.
    state, _ = play(_with_card(m61("ABC", "D"), 0, "K"), PassConstraints(0, "keep"))
    with pytest.raises(IllegalActionError) as err:
        state.apply(SoloCut(0, 2))
    assert err.value.reason is ConstraintReason.CONSTRAINT_OWN
    assert str(err.value).endswith("May not make a Solo Cut.")


def test_a_seat_its_own_card_stops_skips_and_the_deduction_reads_it() -> None:
    state, _ = play(m61("ACD", "B"), PassConstraints(0, "keep"), SoloCut(0, 2))
    assert state.active == 1 and SkipTurn(1) in state.legal_actions(1)  # 7-9 under C (1-6)
    assert not any(isinstance(a, (Cut, SoloCut)) for a in state.legal_actions(1))
    dial = state.dial
    state, events = play(state, SkipTurn(1))
    assert events[0].type == "constraint_skip" and state.dial == dial
    assert events[0].data["card"] == "C" and events[0].data["none_of"] == [1, 2, 3, 4, 5, 6]
    odds = solve(position_from_observation(state.observation(2)))
    for slot in range(12):
        assert all(odds.code_probabilities((2, slot)).get(10 * v, 0) == 0 for v in range(1, 7))
    # Seat 2 (10-12 under D) can cut: he may not skip.
    with pytest.raises(IllegalActionError) as err:
        state.apply(SkipTurn(2))
    assert err.value.reason is ConstraintReason.CONSTRAINT_OWN_CAN_ACT
    # A round with a cut goes on: the next one opens with the captain's decision.
    state, events = play(state, SoloCut(2, 10))
    assert state.result is None and state.phase.value == "constraint_pass"


def test_a_whole_round_where_nobody_could_cut_explodes_the_bomb() -> None:
    state, _ = play(m61("DCE", "A"), PassConstraints(0, "keep"))
    events: list = []  # type: ignore[type-arg]
    for seat in (0, 1, 2):
        assert state.result is None and state.active == seat
        state, events = play(state, SkipTurn(seat))
    assert events[-1].type == "explosion" and events[-1].data == {"cause": "constraint_stuck"}
    assert state.result == "exploded"


def test_any_player_trades_his_card_at_any_time_for_a_detonator_step() -> None:
    state = m61("DCE", "A")
    assert state.phase.value == "constraint_pass"  # the captain's decision, not seat 2's turn
    dial = state.dial
    state, events = play(state, DrawConstraint(2))
    assert types(events) == ["constraint_draw", "dial"]
    assert events[0].data == {"seat": 2, "old": "E", "new": "F"} and state.dial == dial - 1
    view = constraints.view(state.observation(0))
    assert view is not None and view["pile"] == 6 and view["discarded"] == ["E"]
    assert _cards(state) == (["D", "C", "F"], ["A"]) and state.phase.value == "constraint_pass"
    # The pile runs out: no more trades (our reading), refused with the state unchanged.
    table = state.clone()
    table.dial = 20
    state = table
    for letter in "GHIJKL":
        state, events = play(state, DrawConstraint(1))
        assert events[0].data["new"] == letter
    assert DrawConstraint(1) not in state.legal_actions(1)
    before = _snapshot(state)
    with pytest.raises(IllegalActionError) as err:
        state.apply(DrawConstraint(1))
    assert err.value.reason is ConstraintReason.CONSTRAINT_PILE_EMPTY
    assert _snapshot(state) == before


def test_a_trade_on_the_last_step_explodes_the_bomb() -> None:
    table = m61("DCE", "A").clone()
    table.dial = 1
    state, events = play(table, DrawConstraint(0))
    assert events[-1].type == "explosion" and state.result == "exploded"


def test_card_h_withholds_the_token_of_a_miss_aimed_at_its_holder() -> None:
    state, _ = play(_with_card(m61("ACD", "B"), 1, "H"), PassConstraints(0, "keep"))
    tokens = dict(state.info)
    state, events = play(state, Cut.ordered(0, ((2, 0),), (2,)))  # seat 1's 7, announced 2
    assert "constraint_no_token" in types(events) and "token" not in types(events)
    assert dict(state.info) == tokens


def test_card_l_doubles_the_step_of_its_holders_miss_only() -> None:
    table = _with_card(m61("ABC", "D"), 0, "L")
    table.dial = 6
    state, _ = play(table, PassConstraints(0, "keep"))
    state, events = play(state, Cut.ordered(0, ((2, 0),), (2,)))
    assert "constraint_double" in types(events) and state.dial == 4
    # Seat 1 (card B, odd) misses: one step.
    state, events = play(state, Cut.ordered(1, ((3, 0),), (7,)))
    assert "constraint_double" not in types(events) and state.dial == 3


def test_revealing_red_wires_is_never_restricted() -> None:
    state, _ = play(m61("DCE", "A"), PassConstraints(0, "keep"))
    for stand, slot, code in list(state.hand(0)):
        if cut_value(code) != RED:
            state.mark_cut(state.stands[stand][slot])
    assert any(a.type == "reveal" for a in state.legal_actions(0))
    assert SkipTurn(0) not in state.legal_actions(0)


@pytest.mark.parametrize("level", ["cautious", "expert"])
def test_the_bots_pass_trade_or_skip_from_their_observation(level: str) -> None:
    from engine.redwire.bots import make_bot
    from tests.redwire.bots.checks import check_explanation

    bot = make_bot(level, 5)
    # Cards [D, A(table), C, E]: clockwise gives seat 0 card E (4-9: his 4s, 5s, 6s), seat 1 D
    # (his 7-9 all), seat 2 C (1-6)...; the captain picks a way and says why.
    state = m61("DCE", "A")
    action = bot.choose(state.observation(0), state.legal_actions(0))
    why = bot.explain()
    assert isinstance(action, PassConstraints) and action.way != "keep"
    assert why.key == f"constraints_{action.way}" and why.params["letter"]
    check_explanation(why, state, 0)
    # Seat 1 under C holds nothing it lets him cut: with steps to spare he trades his card...
    state, _ = play(m61("ACD", "B"), PassConstraints(0, "keep"), SoloCut(0, 2))
    table = state.clone()
    table.dial = 4
    action = bot.choose(table.observation(1), table.legal_actions(1))
    assert action == DrawConstraint(1) and bot.explain().key == "constraint_draw"
    check_explanation(bot.explain(), table, 1)
    # ...with the detonator near the skull he skips.
    table.dial = 2
    action = bot.choose(table.observation(1), table.legal_actions(1))
    assert action == SkipTurn(1) and bot.explain().key == "constraint_skip_own"
    check_explanation(bot.explain(), table, 1)
