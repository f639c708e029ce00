"""Mission 47's rules on hand-made deals (``arithmetic``): to cut, two face-up Number cards are
first added or subtracted, and the result (a held value 1-12) is the value of the turn's cut;
the two cards are discarded at once, and all twelve laid out again when none is left; a player
who cannot or will not calculate passes, the detonator one step (option ``m47_pass_discards``:
two cards of his choice discarded too); the calculated value's last wire stays, the Coffee Mug
no longer replaces the cut; a hand of only red wires reveals them; the calculation proves the
calculator holds the result, the pass proves nothing."""

from __future__ import annotations

import pytest

from engine.redwire import (
    Cut,
    GameState,
    IllegalActionError,
    Reason,
    RevealReds,
    SoloCut,
    Walkie,
    new_game,
)
from engine.redwire.deduction.facts import AtLeastOne
from engine.redwire.mechanisms import number_cards
from engine.redwire.mechanisms.arithmetic import (
    ArithPass,
    ArithReason,
    Calculate,
    results,
)
from engine.redwire.mechanisms.equipment.coffee import CoffeeMug
from engine.redwire.options import Options

from .helpers import TWO_STANDS, fill_deal, game, refused, types
from .helpers import play_picking_first as play

#: Seats 0-3, captain 0: stand 2 holds 6 6 6 7 8 8 8 8 9 9 9 9; stand 3: 10, 11, 12 four times.
STANDS = fill_deal(47, 4, 0, TWO_STANDS, red=["4.5", "8.5"])


def m47(cards: list[int] | None = None, options: Options | None = None) -> GameState:
    parts = {
        "equipment": {"cards": cards or [1, 4, 8, 9]},
        "number_cards": {"order": list(range(1, 13))},
    }
    return game(47, 4, STANDS, parts=parts, options=options, red_markers=["4.5", "8.5", "11.5"])


def test_the_mission_deals_as_the_setup_table_says() -> None:
    for players, reds in ((2, 3), (3, 2), (5, 2)):
        state = new_game(47, players, seed=4)
        codes = [
            state.code_at(stand, slot)
            for stand in range(len(state.stands))
            for slot in range(len(state.stands[stand]))
        ]
        assert sum(1 for code in codes if code % 10 == 5) == reds
        cards = number_cards.part(state)
        assert sorted(cards.row) == list(range(1, 13)) and not cards.deck
    equipment = {m.id for m in new_game(47, 3, seed=4).mechanisms}
    assert "either_or" not in equipment


def test_a_cut_comes_only_after_a_calculation_of_a_held_value() -> None:
    state = m47()
    legal = state.legal_actions(0)
    assert not [a for a in legal if isinstance(a, Cut | SoloCut)]
    assert {a.result for a in legal if isinstance(a, Calculate)} == {1, 2, 3, 7}
    refused(state, Cut(0, ((2, 3),), (7,)), ArithReason.ARITH_FIRST)
    refused(state, SoloCut(0, 1), ArithReason.ARITH_FIRST)
    state, events = play(state, Calculate(0, 3, 4, "+"))
    assert events[0].data == {"seat": 0, "first": 3, "second": 4, "sign": "+", "value": 7}
    assert 3 not in number_cards.row(state) and 4 not in number_cards.row(state)
    assert number_cards.part(state).discarded == (3, 4)
    refused(state, Cut(0, ((2, 0),), (3,)), ArithReason.ARITH_CUT)
    refused(state, SoloCut(0, 1), ArithReason.ARITH_CUT)
    refused(state, Calculate(0, 5, 2, "-"), ArithReason.ARITH_DONE)
    refused(state, ArithPass(0), ArithReason.ARITH_DONE)
    assert Cut(0, ((2, 3),), (7,)) in state.legal_actions(0)
    state, events = play(state, Cut(0, ((2, 3),), (7,)))
    assert "dial" not in types(events) and state.to_move == 1
    # The next turn starts afresh: a calculation first.
    assert not [a for a in state.legal_actions(1) if isinstance(a, Cut)]


def test_a_difference_and_a_solo_cut() -> None:
    state, events = play(m47(), Calculate(0, 12, 11, "-"), SoloCut(0, 1))
    assert [e.type for e in events][:1] == ["calculate"] and events[0].data["value"] == 1
    assert "dial" not in types(events) and state.to_move == 1


def test_the_refused_calculations() -> None:
    state = m47()
    refused(state, Calculate(0, 2, 3, "+"), ArithReason.ARITH_HELD)  # 5: not held
    refused(state, Calculate(0, 12, 5, "+"), ArithReason.ARITH_RANGE)  # 17
    refused(state, Calculate(0, 3, 7, "-"), ArithReason.ARITH_RANGE)  # -4
    refused(state, Calculate(0, 5, 5, "-"), ArithReason.ARITH_CARDS)  # one card twice
    refused(state, Calculate(1, 1, 3, "+"), Reason.NOT_YOUR_TURN)
    after, _ = play(state, Calculate(0, 3, 4, "+"), Cut(0, ((2, 3),), (7,)))
    refused(after, Calculate(1, 3, 1, "+"), ArithReason.ARITH_CARDS)  # 3 was discarded
    with pytest.raises(IllegalActionError) as err:
        state.apply(Calculate(0, 12, 5, "+"))
    assert "17" in str(err.value)


def test_every_card_gone_lays_out_all_twelve_again() -> None:
    table = m47().clone()
    number_cards.discard_from_row(table, (1, 2, 3, 5, 6, 8, 9, 10, 11, 12))
    state, events = play(table, Calculate(0, 7, 4, "-"))  # 3, the last two cards
    assert types(events) == ["calculate", "numbers_relaid"]
    assert number_cards.row(state) == tuple(range(1, 13))
    assert number_cards.part(state).discarded == ()


def test_the_pass_moves_the_detonator_and_discards_nothing_by_default() -> None:
    state = m47()
    dial = state.dial
    refused(state, ArithPass(0, (1, 2)), ArithReason.ARITH_NO_DISCARD)
    state, events = play(state, ArithPass(0))
    assert types(events)[:2] == ["arith_pass", "dial"] and state.dial == dial - 1
    assert number_cards.row(state) == tuple(range(1, 13)) and state.to_move == 1


def test_the_pass_on_the_last_step_explodes() -> None:
    table = m47().clone()
    table.dial = 1
    state, events = play(table, ArithPass(0))
    assert state.result == "exploded" and "explosion" in types(events)


def test_the_french_note_discards_two_cards_of_the_passers_choice() -> None:
    state = m47(options=Options(m47_pass_discards=True))
    passes = [a for a in state.legal_actions(0) if isinstance(a, ArithPass)]
    assert len(passes) == 66 and ArithPass(0) not in passes
    refused(state, ArithPass(0), ArithReason.ARITH_DISCARD)
    refused(state, ArithPass(0, (4, 4)), ArithReason.ARITH_DISCARD)
    state, events = play(state, ArithPass(0, (2, 9)))
    assert events[0].data == {"seat": 0, "discard": [2, 9]} and "dial" in types(events)
    assert number_cards.part(state).discarded == (2, 9)


def test_the_calculated_values_last_wire_stays_and_the_coffee_mug_waits() -> None:
    table = m47(cards=[2, 4, 11, 9]).clone()
    for stand, slot in [(1, 0), (1, 1), (3, 4), (3, 5)]:  # two 2s, two 11s: cards 2, 11 usable
        table.mark_cut(table.wire_id(stand, slot))
    assert CoffeeMug(0, 2) in table.legal_actions(0)  # before the calculation: no cut yet
    state, _ = play(table, Calculate(0, 3, 1, "-"))  # 2: seat 0 holds one
    refused(state, Walkie(0, 0, 4, 2), ArithReason.ARITH_KEEP)
    assert Walkie(0, 0, 9, 2) in state.legal_actions(0)
    refused(state, CoffeeMug(0, 2), ArithReason.ARITH_CUT)


def test_only_red_wires_left_reveals_them_without_a_calculation() -> None:
    table = m47().clone()
    for slot in range(12):  # Bea's every wire but her red one
        table.mark_cut(table.wire_id(1, slot))
    state, _ = play(table, Calculate(0, 4, 3, "-"), SoloCut(0, 1))
    legal = state.legal_actions(1)
    assert RevealReds(1) in legal
    assert not [a for a in legal if isinstance(a, Calculate | ArithPass)]


def test_the_calculation_tells_everyone_the_result_is_held() -> None:
    from engine.redwire.deduction import position_from_observation

    def facts(state: GameState) -> set[object]:
        return set(position_from_observation(state.observation(2)).facts)

    start = m47()
    calculated, _ = play(start, Calculate(0, 3, 4, "+"))
    new = facts(calculated) - facts(start)
    assert new == {AtLeastOne(tuple((0, slot) for slot in range(13)), (70,))}
    passed, _ = play(start, ArithPass(0))
    assert not [f for f in facts(passed) - facts(start) if not str(f).startswith("Dial")]


def test_results_lists_each_pair_once_per_sign() -> None:
    ways = results([2, 5, 9])
    assert ways[7] == [(2, 5, "+"), (9, 2, "-")] and ways[3] == [(5, 2, "-")]
    assert 14 not in ways and ways[4] == [(9, 5, "-")]


def test_another_mission_refuses_both_actions_in_words() -> None:
    state = new_game(44, 3, seed=1)
    for action in (Calculate(0, 3, 4, "+"), ArithPass(0)):
        with pytest.raises(IllegalActionError) as err:
            state.apply(action)
        assert err.value.reason is ArithReason.ARITH_ABSENT


@pytest.mark.parametrize("level", ["cautious", "expert"])
def test_bots_calculate_a_sure_cut_and_pass_only_when_nothing_is_made(level: str) -> None:
    from engine.redwire.bots import make_bot
    from tests.redwire.bots.checks import check_explanation

    # Ana holds all four 1s and all four 3s: a calculation of either is a sure Solo Cut.
    state = m47()
    bot = make_bot(level, 3)
    action = bot.choose(state.observation(0), state.legal_actions(0))
    check_explanation(bot.explain(), state, 0)
    assert isinstance(action, Calculate) and action.result in (1, 3)  # both Solo Cuts: sure
    assert bot.explain().key == "calculate" and bot.explain().params["percent"] == 100
    # A row that makes none of Ana's values (1, 2, 3, 7): the pass, said so.
    table = state.clone()
    number_cards.discard_from_row(table, (1, 3, 4, 5, 6, 7, 8, 9, 10, 11))  # 2, 12: 10 or 14
    legal = table.legal_actions(0)
    assert not [a for a in legal if isinstance(a, Calculate)]
    assert bot.choose(table.observation(0), legal) == ArithPass(0)
    check_explanation(bot.explain(), table, 0)
    assert bot.explain().key == "arith_pass"


@pytest.mark.parametrize("level", ["random", "cautious", "expert"])
@pytest.mark.parametrize("players", [2, 5])
def test_bots_play_mission_47_legally_with_reasons(level: str, players: int) -> None:
    from engine.redwire.bots import make_bot
    from engine.redwire.bots.characters import table_characters
    from tests.redwire.bots.checks import check_explanation

    chosen, _ = table_characters(
        47, players, captain=None, levels=[level] * players, picks=[], seed=players
    )
    state = new_game(47, players, 470 + players, chosen=chosen)
    bots = [make_bot(level, 47 + seat) for seat in range(players)]
    kinds: set[str] = set()
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        legal = state.legal_actions(seat)
        action = bots[seat].choose(state.observation(seat), legal)
        assert action in legal
        check_explanation(bots[seat].explain(), state, seat)
        kinds.add(action.type)
        state, _ = state.apply(action)
        assert len(state.history) < 2000
    assert state.result in ("won", "exploded") and "calculate" in kinds


def test_the_calculation_and_the_pass_are_typed_in_the_terminal() -> None:
    from engine.redwire.cli import ParseError, format_action, parse_action, render_board

    state = m47()
    assert format_action(Calculate(0, 4, 3, "+")) == "calc 3 + 4"
    assert parse_action("calc 7 - 3", 0, state) == Calculate(0, 7, 3, "-")
    assert parse_action("calc 3+4", 0, state) == Calculate(0, 3, 4, "+")
    assert parse_action("pass", 0, state) == ArithPass(0) == parse_action("arpass", 0, state)
    assert parse_action("arpass 9 2", 0, state) == ArithPass(0, (2, 9))
    with pytest.raises(ParseError):
        parse_action("calc 7 3", 0, state)
    after, _ = play(state, Calculate(0, 3, 4, "+"))
    board = render_board(after.observation(1), ["A", "B", "C", "D"])
    assert "Number cards: 1 2 5 6 7 8 9 10 11 12; this turn 3 + 4 = 7" in board
