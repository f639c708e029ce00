"""Mission 52's rules on hand-made deals (``bluffer:all``): every seat's two false setup tokens
(a red wire allowed, a yellow one not), the false token of the announced value on any miss (a
detector's too, and "not yellow" with two players), the Sticky Note's false token, equipment
for everyone, the Label cards left out, and what the tokens prove (NOT that value, red still
possible under a setup token)."""

from __future__ import annotations

import pytest

from engine.core.events import Event
from engine.redwire import (
    YELLOW,
    Cut,
    GameState,
    IllegalActionError,
    Pick,
    PlaceToken,
    PostIt,
    new_game,
)
from engine.redwire.actions import Action
from engine.redwire.bots import make_bot
from engine.redwire.deduction import position_from_observation, solve
from engine.redwire.deduction.codes import RED
from engine.redwire.errors import Reason
from engine.redwire.mechanisms import bluffer
from engine.redwire.mechanisms.bluffer import BluffReason, FalseToken
from engine.redwire.mechanisms.equipment.post_it import PostItReason
from engine.redwire.mechanisms.equipment.radar import Radar
from engine.redwire.mechanisms.equipment.tray import TrayDeal
from engine.redwire.wires import cut_value

from .helpers import fill_deal, game, play, types

FIXED = {0: ["1", "1", "1", "2", "2", "2", "3", "3", "3", "4", "4.5", "5", "5"]}
STANDS = fill_deal(52, 3, 0, FIXED, red=["4.5", "8.5", "10.5"])
# seat 0: stand 0 = 1 1 1 2 2 2 3 3 3 4 4.5 5 5, stand 1 = 1 2 3 4 4 4 5 5 6 6 6 6 7;
# seat 1: stand 2 = 7 7 7 8 8 8 8 8.5 9 9 9 9 10; seat 2: stand 3 = 10 10 10 10.5 11x4 12x4


def m52(cards: list[int] | None = None) -> GameState:
    return game(
        52,
        3,
        STANDS,
        parts={"equipment": {"cards": cards or [4, 8, 2]}},
        red_markers=["4.5", "8.5", "10.5"],
        tokens=[],
    )


def setup(state: GameState) -> tuple[GameState, list[Event]]:
    """Seat 0: its red 4.5 "not 4", its 2 "not 3"; seat 1: its 7 "not 6", its red 8.5 "not 9";
    seat 2: its 10 "not 9", its 12 "not 11"."""
    return play(
        state,
        FalseToken(0, 0, 10, 4),
        FalseToken(0, 0, 3, 3),
        FalseToken(1, 2, 0, 6),
        FalseToken(1, 2, 7, 9),
        FalseToken(2, 3, 0, 9),
        FalseToken(2, 3, 8, 11),
    )


def refused(state: GameState, action: Action, reason: object) -> None:
    with pytest.raises(IllegalActionError) as err:
        state.apply(action)
    assert err.value.reason is reason


def test_every_seat_places_two_false_tokens_a_red_wire_allowed() -> None:
    state = m52()
    assert state.to_move == 0
    refused(state, PlaceToken(0, 0, 0), BluffReason.BLUFF_ONLY)
    refused(state, FalseToken(0, 0, 0, 1), BluffReason.BLUFF_TRUE)  # his 1 is a 1
    state, events = play(state, FalseToken(0, 0, 10, 4))  # the red 4.5: "not 4"
    assert events[0].data == {
        "seat": 0,
        "stand": 0,
        "slot": 10,
        "value": 4,
        "reason": "setup",
        "red_ok": True,
    }
    assert state.to_move == 0  # a second one
    refused(state, FalseToken(0, 0, 10, 3), BluffReason.BLUFF_TWICE)
    state, _ = play(state, FalseToken(0, 0, 3, 3))
    assert state.to_move == 1  # then every other seat, two each
    state, events = setup(m52())
    assert state.phase.value == "turn" and state.to_move == 0
    assert types(events).count("false_token") == 6
    assert not state.info  # no true token anywhere
    view = bluffer.view(state.observation(2))
    assert view is not None and view["bluffer"] is None
    assert view["tokens"][0] == {"stand": 0, "slot": 10, "value": 4}


def test_a_miss_on_any_wire_gets_the_announced_value() -> None:
    state, _ = setup(m52())
    state, events = play(state, Cut(0, ((2, 3),), (5,)))  # seat 1's 8, said to be a 5
    assert types(events) == ["cut", "dial", "false_token", "turn"]
    assert events[2].data == {"seat": 1, "stand": 2, "slot": 3, "value": 5, "reason": "miss"}
    assert state.wire_id(2, 3) not in state.info
    # seat 1 misses on seat 2's 11s with his Double Detector: seat 2 picks where it goes
    state, events = play(
        state,
        Cut(
            1,
            (
                (3, 4),
                (3, 5),
            ),
            (7,),
            "double",
        ),
    )
    assert state.phase.value == "detector_token" and state.to_move == 2
    state, events = play(state, Pick(2, 3, 5))
    false = [e.data for e in events if e.type == "false_token"]
    assert false == [{"seat": 2, "stand": 3, "slot": 5, "value": 7, "reason": "miss"}]


def test_equipment_for_everyone_and_a_false_sticky_note() -> None:
    state, _ = setup(m52(cards=[4, 8, 2]))
    table = state.clone()
    for w, code in enumerate(table.codes):
        if code == 40 and table.position_of(w)[0] == 1 and table.cut_count(4) < 2:
            table.mark_cut(w)  # two 4s cut: the Sticky Note is usable
        if code == 80 and table.position_of(w)[0] == 2 and table.cut_count(8) < 2:
            table.mark_cut(w)  # two 8s cut: the Radar too
    assert Radar(1, 7) in table.legal_actions(1)  # nobody is kept from the equipment
    refused(table, PostIt(1, 2, 1), BluffReason.BLUFF_STICKY)
    assert not [a for a in table.legal_actions(1) if isinstance(a, PostIt)]
    refused(table, FalseToken(1, 2, 1, 7), BluffReason.BLUFF_TRUE)
    refused(table, FalseToken(1, 2, 7, 3), Reason.NOT_BLUE)  # the 8.5
    refused(table, FalseToken(1, 2, 0, 9), PostItReason.ALREADY_MARKED)  # its setup token
    after, events = table.apply(FalseToken(1, 2, 1, 6))  # during seat 0's turn: any time
    assert types(events) == ["equipment", "false_token"]
    assert events[0].data == {"seat": 1, "card": 4}
    assert events[1].data["reason"] == "post_it" and events[1].data["value"] == 6
    assert after.to_move == 0 and after.wire_id(2, 1) not in after.info
    assert not [a for a in after.legal_actions(1) if isinstance(a, FalseToken)]  # card spent


def test_the_label_cards_are_left_out() -> None:
    for seed in range(12):
        deal = new_game(52, 5, seed).setup.parts["equipment"]
        assert isinstance(deal, TrayDeal) and len(deal.cards) == 5
        assert not {1, 12} & set(deal.cards)


def test_what_the_false_tokens_prove() -> None:
    state, _ = setup(m52())
    state, _ = play(state, Cut(0, ((2, 3),), (5,)))  # seat 1's 8: "not 5", and not red
    odds = solve(position_from_observation(state.observation(2))).class_probabilities
    assert 4 not in odds((0, 10)) and RED in odds((0, 10))  # a setup token may lie on a red
    assert 3 not in odds((0, 3)) and 6 not in odds((2, 0)) and 9 not in odds((2, 7))
    assert 5 not in odds((2, 3)) and RED not in odds((2, 3))


def test_two_players_four_yellow_wires_and_a_false_yellow_token() -> None:
    fixed = {0: ["1", "1", "1", "1", "2", "2", "2", "2", "2.1", "3", "3", "3", "3", "4"]}
    stands = fill_deal(
        52, 2, 0, fixed, red=["4.5", "8.5", "10.5"], yellow=["2.1", "5.1", "7.1", "9.1"]
    )
    state = game(
        52,
        2,
        stands,
        parts={"equipment": {"cards": [4, 8]}},
        red_markers=["4.5", "8.5", "10.5"],
        yellow_markers=["2.1", "5.1", "7.1", "9.1"],
        tokens=[],
    )
    refused(state, FalseToken(0, 0, 8, 3), BluffReason.BLUFF_YELLOW)
    state, _ = play(state, FalseToken(0, 0, 0, 2), FalseToken(0, 1, 0, 9))
    assert state.to_move == 1  # two tokens for the player, over his two stands
    hand = state.hand(1)
    first = [(st, sl) for st, sl, _ in hand if st == 2][:2]
    state, _ = play(state, *(FalseToken(1, st, sl, 12) for st, sl in first))
    target = next((st, sl) for st, sl, code in state.hand(1) if code % 10 == 0 and st == 3)
    state, events = play(state, Cut(0, (target,), (YELLOW,)))  # a blue wire said to be yellow
    false = [e.data for e in events if e.type == "false_token"]
    assert false == [
        {"seat": 1, "stand": target[0], "slot": target[1], "value": "yellow", "reason": "miss"}
    ]
    view = bluffer.view(state.observation(0))
    assert view is not None and view["tokens"][-1]["value"] == "yellow"
    odds = solve(position_from_observation(state.observation(0))).class_probabilities(target)
    assert YELLOW not in odds and RED not in odds


@pytest.mark.parametrize("level", ["cautious", "expert"])
def test_the_bots_place_false_tokens_and_use_the_sticky_note(level: str) -> None:
    state = m52(cards=[4, 8, 2])
    bot = make_bot(level, 3)
    action = bot.choose(state.observation(0), state.legal_actions(0))
    assert isinstance(action, FalseToken) and bot.explain().key == "bluff_token"
    assert action.value != cut_value(state.code_at(action.stand, action.slot))
    state, _ = setup(state)
    table = state.clone()
    for w, code in enumerate(table.codes):
        if code == 40 and table.position_of(w)[0] == 1 and table.cut_count(4) < 2:
            table.mark_cut(w)
    note = bot.choose(table.observation(0), table.legal_actions(0))
    assert isinstance(note, FalseToken) and bot.explain().key == "bluff_note"
    assert table.is_legal(note)
