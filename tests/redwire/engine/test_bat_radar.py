"""Mission 18's rules on hand-made deals: each turn a Number card, the radar on its value and a
named cutter; the next turn to the left of the active player (FAQ); a named player without the
value (B16: a token and a step, or not allowed with the option); cards discarded and reshuffled."""

from __future__ import annotations

import pytest

from engine.redwire import Cut, IllegalActionError, Options, Pick, SoloCut, explicit_setup, start
from engine.redwire.mechanisms import bat_radar
from engine.redwire.mechanisms.bat_radar import BAT_NAME, BAT_TOKEN, BatReason, NameCutter

from .helpers import fill_deal, play, types

FIXED = {
    0: ["1", "1", "1", "1", "2", "2", "2", "2", "3", "3", "3", "4", "4"],
    1: ["3", "4", "4", "5", "5", "5", "5", "6", "6", "6", "6", "7", "7"],
}
STANDS = fill_deal(18, 4, 0, FIXED, red=["6.5", "9.5"])
# stand 2: 7 7 8 8 8 8 9 9 9 9 9.5 10 10 (13); stand 3: 6.5 10 10 11 11 11 11 12 12 12 12 (12)
ORDERS = [[2, 5, 7, 1, 3, 4, 6, 8, 9, 10, 11, 12]] + [list(range(12, 0, -1))] * 7


def m18(options: Options | None = None):  # type: ignore[no-untyped-def]
    setup = explicit_setup(
        18, 4, 0, STANDS, parts={"bat_radar": {"orders": ORDERS}}, options=options
    )
    return start(setup)


def test_each_turn_turns_up_a_card_and_the_radar_answers() -> None:
    state = m18()
    assert [e.type for e in state.log][:4] == ["token_skipped"] * 4  # no setup tokens
    assert state.phase is BAT_NAME and state.to_move == 0
    radar = next(e for e in state.log if e.type == "radar")
    assert radar.data == {"seat": 0, "value": 2, "answers": [True, False, False, False]}
    assert bat_radar.view(state.observation(1))["current"] == 2  # type: ignore[index]


def test_the_named_player_cuts_that_value_and_the_turn_passes_from_the_active_one() -> None:
    state = m18()
    state, _ = play(state, NameCutter(0, 0))  # seat 0 holds all four 2s
    with pytest.raises(IllegalActionError) as err:
        state.apply(SoloCut(0, 1))
    assert err.value.reason is BatReason.BAT_VALUE
    assert all(
        isinstance(a, SoloCut | Cut) and 2 in getattr(a, "values", (getattr(a, "value", 0),))
        for a in state.legal_actions(0)
    )
    state, events = play(state, SoloCut(0, 2))
    assert state.active == 1  # seat 1's turn: its card is 5
    assert next(e for e in events if e.type == "radar").data["value"] == 5
    # Seat 1 names seat 2 (who holds no 5): a step, and seat 2's token of its choice.
    state, events = play(state, NameCutter(1, 0))
    assert types(events) == ["name_cutter", "dial"] and state.phase is BAT_TOKEN
    state, events = play(state, Pick(0, 0, 0))
    assert types(events)[:2] == ["token", "turn"]
    assert state.active == 2  # to the left of seat 1 (the active player), not of seat 0


def test_a_named_holder_cuts_and_the_next_turn_skips_the_named_one() -> None:
    state = m18()
    state, _ = play(state, NameCutter(0, 0), SoloCut(0, 2))
    state, _ = play(state, NameCutter(1, 1))  # card 5: seat 1 cuts with 5
    assert state.active == 1 and state.phase.value == "turn"
    state, _ = play(state, SoloCut(1, 5))
    assert state.active == 2


def test_with_the_option_only_a_holder_may_be_named() -> None:
    state = m18(Options(m18_unheld="forbidden"))
    assert [a.named for a in state.legal_actions(0)] == [0]
    with pytest.raises(IllegalActionError) as err:
        state.apply(NameCutter(0, 1))
    assert err.value.reason is BatReason.BAT_HOLDER


def test_a_fully_cut_card_is_discarded_and_the_deck_reshuffled() -> None:
    state = m18()
    table = state.clone()
    for w, code in enumerate(table.codes):  # every 7 cut already
        if code == 70:
            table.mark_cut(w)
    table.set_part(bat_radar.ID, bat_radar.BatPart(deck=(5, 7, 1), current=2, owner=0))
    after, value = bat_radar._draw(table)
    assert value == 5 and after.used == (2,)
    table.set_part(bat_radar.ID, after)
    after, value = bat_radar._draw(table)
    assert value == 1 and after.gone == (7,)  # 7 discarded for good, 1 turned up
    table.set_part(bat_radar.ID, after)
    after, value = bat_radar._draw(table)  # the deck is empty: the used cards reshuffled
    assert value == 5 and after.shuffles == 1 and after.deck == (2, 1)
