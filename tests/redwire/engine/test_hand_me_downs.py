"""Mission 65's rules on hand-made deals (``number_cards:hands`` and ``hand_me_downs``): the twelve
Number cards dealt face up in front of the players; every cut of the player whose turn it is must
be of a value on one of his face-up cards (a Solo Cut too; revealing red wires is free); holding
none of them he skips, one step (offered only then); at the end of every turn he gives a card to a
teammate (after a skip, a Coffee Mug, revealing reds too; nothing with no card); a value cut to
its fourth wire turns its card face down, still given; the option ``m65_stranded_loss``; the skip
proves the skipper holds none of his values."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.redwire import (
    Cut,
    GameState,
    IllegalActionError,
    Reason,
    RevealReds,
    SoloCut,
    new_game,
)
from engine.redwire.deduction.facts import Count
from engine.redwire.errors import SetupError
from engine.redwire.mechanisms import number_cards
from engine.redwire.mechanisms.equipment.coffee import CoffeeMug
from engine.redwire.mechanisms.equipment.fast_pass import FastPass
from engine.redwire.mechanisms.hand_me_downs import GiveNumber, HandReason, HandSkip
from engine.redwire.options import Options

from .helpers import fill_deal, game, refused, types, with_cut
from .helpers import play_picking_first as play

FIXED = {
    0: ["1", "1", "1", "1", "1.5", "2", "2", "2", "2", "3", "3", "3", "3"],
    1: ["4", "4", "4", "4", "5", "5", "5", "5", "6", "6", "6", "6", "6.5"],
}
#: Three players, captain 0 (stands 0 and 1); Bea (stand 2): 7 7 7 7 8 8 8 8 9 9 9 9 10;
#: Cid (stand 3): 10 10 10 11 11 11 11 11.5 12 12 12 12.
STANDS = fill_deal(65, 3, 0, FIXED, red=["1.5", "6.5", "11.5"])
#: Dealt from the captain: Ana 1 4 7 10, Bea 2 5 6 11 (none she holds), Cid 3 8 9 12.
ORDER = [1, 2, 3, 4, 5, 8, 7, 6, 9, 10, 11, 12]


def m65(options: Options | None = None) -> GameState:
    parts = {"equipment": {"cards": [1, 11, 8]}, "number_cards": {"order": ORDER}}
    return game(65, 3, STANDS, parts=parts, options=options, red_markers=["1.5", "6.5", "11.5"])


def hands(state: GameState) -> tuple[tuple[int, ...], ...]:
    return number_cards.hands(state)


def test_the_cards_are_dealt_face_up_from_the_captain_as_evenly_as_possible() -> None:
    assert hands(m65()) == ((1, 4, 7, 10), (2, 5, 6, 11), (3, 8, 9, 12))
    sizes = {p: [len(h) for h in hands(new_game(65, p, seed=3))] for p in (3, 4, 5)}
    assert sizes[3] == [4, 4, 4] and sizes[4] == [3, 3, 3, 3]
    five = new_game(65, 5, seed=3)
    captain = five.setup.captain
    assert sorted(hands(five)[s] for s in range(5)) == sorted(hands(five))
    assert [len(hands(five)[(captain + i) % 5]) for i in range(5)] == [3, 3, 2, 2, 2]
    with pytest.raises(SetupError):
        new_game(65, 2, seed=3)
    state = new_game(65, 4, seed=3)
    assert "either_or" not in {m.id for m in state.mechanisms}
    assert sum(1 for s in state.stands for w in s if state.codes[w] % 10 == 5) == 3


def test_a_cut_must_be_of_a_value_on_the_players_face_up_cards() -> None:
    state = m65()
    refused(state, SoloCut(0, 2), HandReason.HAND_VALUE)  # he holds every 2, no card 2
    refused(state, Cut(0, ((2, 0),), (3,)), HandReason.HAND_VALUE)
    refused(state, HandSkip(0), HandReason.HAND_CAN_CUT)  # whoever can cut must cut
    legal = state.legal_actions(0)
    assert {a.value for a in legal if isinstance(a, SoloCut)} == {1, 4}
    assert {a.values for a in legal if isinstance(a, Cut)} == {(1,), (4,)}
    with pytest.raises(IllegalActionError) as err:
        state.apply(SoloCut(0, 2))
    assert "1, 4, 7, 10" in str(err.value)


def test_a_done_value_turns_its_card_down_and_every_turn_ends_with_a_gift() -> None:
    state, events = play(m65(), SoloCut(0, 1))
    down = next(e for e in events if e.type == "hand_down")
    assert down.data == {"value": 1, "seat": 0}
    assert state.phase.value == "hand_give" and state.to_move == 0
    assert state.observation(2)["mechanisms"]["number_cards"]["hands"][0][0] == {
        "value": 1,
        "down": True,
    }
    refused(state, GiveNumber(0, 2, 1), HandReason.HAND_NOT_HELD)
    refused(state, GiveNumber(0, 4, 0), Reason.NOT_YOURSELF)
    gifts = [a for a in state.legal_actions(0) if isinstance(a, GiveNumber)]
    assert len(gifts) == 8  # four cards, two teammates
    state, events = play(state, GiveNumber(0, 1, 1))  # a face-down card may be given
    assert events[0].data == {"seat": 0, "value": 1, "to": 1, "down": True}
    assert hands(state)[:2] == ((4, 7, 10), (1, 2, 5, 6, 11))
    assert types(events)[1] == "turn" and state.to_move == 1


def test_holding_none_of_his_values_he_skips_one_step_then_gives() -> None:
    state, _ = play(m65(), SoloCut(0, 1), GiveNumber(0, 4, 2))
    legal = state.legal_actions(1)
    assert HandSkip(1) in legal and not [a for a in legal if isinstance(a, Cut | SoloCut)]
    dial = state.dial
    state, events = play(state, HandSkip(1))
    assert events[0].data == {"seat": 1, "values": [2, 5, 6, 11]}
    assert state.dial == dial - 1 and state.phase.value == "hand_give"
    state, _ = play(state, GiveNumber(1, 6, 0))
    assert state.to_move == 2 and hands(state)[0] == (1, 6, 7, 10)


def test_the_skip_tells_everyone_the_skipper_holds_none_of_his_values() -> None:
    from engine.redwire.deduction import position_from_observation

    state, _ = play(m65(), SoloCut(0, 1), GiveNumber(0, 4, 2), HandSkip(1))
    facts = set(position_from_observation(state.observation(2)).facts)
    wires = tuple((2, slot) for slot in range(13))
    for value in (2, 5, 6, 11):
        assert Count(wires, (10 * value,), 0, 0) in facts


def test_the_coffee_mug_replaces_the_cut_and_the_gift_still_follows() -> None:
    state = with_cut(m65(), [(3, 3), (3, 4)])  # two 11s: the Coffee Mug is unlocked
    assert CoffeeMug(0, 2) in state.legal_actions(0)
    state, events = play(state, CoffeeMug(0, 2))
    assert "dial" not in types(events) and state.phase.value == "hand_give"
    state, _ = play(state, GiveNumber(0, 10, 2))
    assert state.to_move == 2 and hands(state)[2] == (3, 8, 9, 10, 12)


def test_red_wires_are_revealed_freely_and_a_player_without_cards_gives_nothing() -> None:
    only_red = [(0, s) for s in range(13) if s != 4] + [(1, s) for s in range(12)]
    state = with_cut(m65(), only_red)
    assert RevealReds(0) in state.legal_actions(0) and HandSkip(0) not in state.legal_actions(0)
    state, _ = play(state, RevealReds(0))
    assert state.phase.value == "hand_give" and state.to_move == 0
    table = m65().clone()
    cards = number_cards.part(table)
    table.set_part(
        "number_cards", replace(cards, hands=((1, 2, 4, 5, 6, 7, 10, 11), (), cards.hands[2]))
    )
    table.active = 0
    state, _ = play(table, SoloCut(0, 1), GiveNumber(0, 10, 2))
    assert HandSkip(1) in state.legal_actions(1)  # no card: no value to cut
    state, events = play(state, HandSkip(1))
    assert (
        events[0].data["values"] == [] and state.to_move == 2 and "give_number" not in types(events)
    )


def test_a_face_up_card_stranded_loses_only_with_the_option() -> None:
    bea_done = [(2, s) for s in range(13)]
    state, events = play(with_cut(m65(), bea_done), SoloCut(0, 1), GiveNumber(0, 4, 2))
    assert state.result is None and state.to_move == 2  # default: no extra loss
    strict = with_cut(m65(Options(m65_stranded_loss=True)), bea_done)
    state, events = play(strict, SoloCut(0, 1), GiveNumber(0, 4, 2))
    assert state.result == "exploded" and types(events)[-2:] == ["hand_stranded", "explosion"]
    assert events[-2].data == {"seats": [1], "values": [2, 5, 6, 11]}


@pytest.mark.parametrize("level", ["cautious", "expert"])
def test_bots_skip_when_stuck_and_give_a_card_its_receiver_holds(level: str) -> None:
    from engine.redwire.bots import make_bot
    from tests.redwire.bots.checks import check_explanation

    bot = make_bot(level, 65)
    state, _ = play(m65(), SoloCut(0, 1))
    action = bot.choose(state.observation(0), state.legal_actions(0))
    check_explanation(bot.explain(), state, 0)
    # Bea's setup token shows a 7: Ana, who holds none, gives her the 7.
    assert action == GiveNumber(0, 7, 1) and bot.explain().key == "give_held"
    state, _ = play(state, GiveNumber(0, 4, 2))
    assert bot.choose(state.observation(1), state.legal_actions(1)) == HandSkip(1)
    check_explanation(bot.explain(), state, 1)
    assert bot.explain().key == "hand_skip"


def test_another_mission_refuses_both_actions_in_words() -> None:
    state = new_game(47, 3, seed=1)
    for action in (HandSkip(0), GiveNumber(0, 3, 1)):
        with pytest.raises(IllegalActionError) as err:
            state.apply(action)
        assert err.value.reason is HandReason.HAND_ABSENT


def test_the_skip_and_the_gift_are_typed_in_the_terminal() -> None:
    from engine.redwire.cli import format_action, parse_action, render_board

    state = m65()
    assert format_action(HandSkip(0)) == "handskip" and parse_action(
        "handskip", 0, state
    ) == HandSkip(0)
    assert format_action(GiveNumber(0, 7, 1)) == "handgive 7 2"
    assert parse_action("handgive 7 2", 0, state) == GiveNumber(0, 7, 1)
    board = render_board(state.observation(0), ["Ana", "Bea", "Cid"])
    assert "Ana: 1 4 7 10; Bea: 2 5 6 11; Cid: 3 8 9 12" in board


def test_the_fast_pass_is_a_solo_cut_of_one_of_his_values() -> None:
    """Equipment 9-9 is a Solo Cut (its card): like every cut of the player whose turn it is, it
    must be of a value on one of his face-up cards."""
    parts = {"equipment": {"cards": [1, 11, 99]}, "number_cards": {"order": ORDER}}
    state = game(65, 3, STANDS, parts=parts, red_markers=["1.5", "6.5", "11.5"])
    state = with_cut(state, [(2, 8), (2, 9), (2, 10), (2, 11)])  # Bea's four 9s: card 9-9
    assert {a.value for a in state.legal_actions(0) if isinstance(a, FastPass)} == {1, 4}
    refused(state, FastPass(0, 2, 0, 5, 0, 6), HandReason.HAND_VALUE)  # two 2s: no card 2
    state, events = play(state, FastPass(0, 4, 1, 0, 1, 1))  # two 4s: his card 4
    assert types(events)[:3] == ["equipment", "wire_cut", "wire_cut"]
    assert state.phase.value == "hand_give"
