"""The 10-10 Disintegrator (rule sticker C, spec §7.5): when the fourth 10 is cut it draws a random
info token from the supply and every player cuts all their remaining wires of its value; on
hand-made mission-58 deals whose supply order the setup gives."""

from __future__ import annotations

import pytest

from engine.core.events import Event
from engine.redwire import Cut, Pick, SetupError
from engine.redwire.deal import explicit_setup
from engine.redwire.mechanisms.equipment import disintegrator, tray
from engine.redwire.options import Options
from engine.redwire.record import Record
from engine.redwire.state import GameState

from .helpers import fill_deal, game, play, types, with_cut

# Stand 0 (seat 0): 1 2 3 4 5 6 7 7 8 9 10 10 11 (10s at slots 10, 11; 7s at 6, 7)
# Stand 1 (seat 1): 1 2 3 4 5 6 7 8 9 10 10 11 10.5 (10s at slots 9, 10; a 7 at 6)
FIXED = {
    0: ["1", "2", "3", "4", "5", "6", "7", "7", "8", "9", "10", "10", "11"],
    1: ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "10", "11", "10.5"],
}
STANDS = fill_deal(58, 4, 0, FIXED, red=["10.5", "11.5"])
REST = list(tray.TOKEN_SUPPLY)


def order(*first: int) -> list[int]:
    """The supply's 24 tokens with ``first`` drawn first, the rest in ascending order."""
    rest = list(REST)
    for value in first:
        rest.remove(value)
    return [*first, *rest]


def fresh(tokens: list[int], options: Options | None = None) -> GameState:
    """The deal with the Disintegrator and cards 1, 3, 5 on the board, two 10s cut already."""
    parts = {"equipment": {"cards": [1010, 1, 3, 5], "tokens": tokens}}
    state = game(58, 4, STANDS, parts=parts, options=options)
    return with_cut(state, [(0, 10), (1, 9)])


def fourth_ten(state: GameState) -> tuple[GameState, list[Event]]:
    """Seat 0 cuts seat 1's 10 and his own: the third and fourth 10s."""
    after, events = play(state, Cut(0, ((1, 10),), (10,)), Pick(0, 0, 11))
    return after, events


def test_the_fourth_10_draws_a_token_and_every_player_cuts_that_value() -> None:
    state = fresh(order(7))
    assert tray.card_state(state, 1010) == "locked"
    after, events = fourth_ten(state)
    kinds = types(events)
    fired = kinds.index("disintegrator")
    drawn = events[fired]
    assert drawn.data["value"] == 7
    sevens = [(0, 6), (0, 7), (1, 6), (3, 0)]  # stand 3 holds the fourth 7 (ascending fill)
    assert after.codes[after.wire_id(3, 0)] == 70
    assert sorted(map(tuple, drawn.data["cut"])) == sevens
    assert kinds[fired + 1 : fired + 5] == ["wire_cut"] * 4
    cutters = [e.data["seat"] for e in events[fired + 1 : fired + 5]]
    assert cutters == [0, 0, 1, 3]  # each wire cut by its owner
    assert all(after.cut[after.wire_id(st, sl)] for st, sl in sevens)
    assert kinds.count("validated") == 2 and 7 in after.validated
    assert tray.card_state(after, 1010) == "used"
    assert after.result is None and after.to_move == 1  # the turn goes on as usual


def test_a_value_with_no_wire_left_cuts_nothing_and_spends_the_card() -> None:
    state = with_cut(fresh(order(7)), [(0, 6), (0, 7), (1, 6), (3, 0)])
    after, events = fourth_ten(state)
    drawn = next(e for e in events if e.type == "disintegrator")
    assert drawn.data == {"value": 7, "cut": [], "kept": []}
    assert types(events).count("wire_cut") == 2
    assert tray.card_state(after, 1010) == "used"


def test_the_finite_supply_draws_only_a_token_nobody_has_placed() -> None:
    state = fresh(order(7, 7, 4), Options(faithful_token_supply=True))
    table = state.clone()
    table.info[table.wire_id(3, 0)] = 7  # both 7 tokens lie in front of wires
    table.info[table.wire_id(3, 1)] = 7
    assert disintegrator.draw(table) == 4
    table.info.pop(table.wire_id(3, 1))
    assert disintegrator.draw(table) == 7  # one 7 is still in the supply
    assert disintegrator.draw(fresh(order(7, 7, 4))) == 7  # unlimited: the first token


def test_cutting_the_last_wires_defuses_the_bomb_once() -> None:
    state = fresh(order(7))
    table = state.clone()
    keep = {(0, 6), (0, 7), (1, 6), (3, 0), (0, 11), (1, 10), (1, 12)}
    for stand, wires in enumerate(table.stands):
        for slot in range(len(wires)):
            if (stand, slot) not in keep:
                table.mark_cut(table.wire_id(stand, slot))
    table.mark_cut(table.wire_id(1, 12))  # the red 10.5 revealed
    after, events = fourth_ten(table)
    assert after.result == "won" and types(events).count("won") == 1
    assert types(events)[-1] == "won"


def test_the_setup_orders_the_whole_supply_and_a_record_replays_it() -> None:
    with pytest.raises(SetupError):
        explicit_setup(58, 4, 0, STANDS, parts={"equipment": {"cards": [1010, 1, 3, 5]}})
    with pytest.raises(SetupError):
        explicit_setup(
            58, 4, 0, STANDS, parts={"equipment": {"cards": [1010, 1, 3, 5], "tokens": REST[1:]}}
        )
    with pytest.raises(SetupError):  # no card draws a token: no order
        explicit_setup(
            58, 4, 0, STANDS, parts={"equipment": {"cards": [1, 3, 5, 7], "tokens": REST}}
        )
    state = fresh(order(9))
    raw = state.setup.to_json()["parts"]["equipment"]
    assert raw["tokens"][0] == 9 and sorted(raw["tokens"]) == REST
    seen = state.observation(0)
    assert set(seen["mechanisms"]["equipment"]) == {"cards"}  # the order is hidden from all
    assert "9, 1, 1" not in str(seen)


def test_a_random_deal_with_the_card_shuffles_the_supply_and_a_record_replays_it() -> None:
    from engine.redwire import new_game

    game55 = new_game(mission=55, players=4, seed=8)  # card 10-10 on the board
    assert 1010 in tray.cards_of(game55.setup)
    assert sorted(tray.token_order(game55)) == REST
    record = Record.from_json(Record(game55.setup, ()).to_json())
    assert tray.token_order(record.replay()) == tray.token_order(game55)
    plain = new_game(mission=55, players=4, seed=0)
    assert 1010 not in tray.cards_of(plain.setup) and tray.token_order(plain) == ()


def test_flipped_wires_stay_uncut_and_the_mission_rules_hold() -> None:
    """Mission 56 (seed 14: the card on the board; the flipped wires, an 8, an 11 and a 6, are
    seen by the teammates only): a 6 drawn, the flipped 6 is kept, the others are cut."""
    from dataclasses import replace

    from engine.redwire import new_game
    from engine.redwire.mechanisms.equipment.disintegrator import MECHANISM

    state = new_game(56, 3, 14)
    table = state.clone()
    deal = tray._deal_of(table.setup.parts["equipment"])
    parts = {**table.setup.parts, "equipment": replace(deal, tokens=tuple(order(6)))}
    table.setup = replace(table.setup, parts=parts)
    flipped = next(w for w in table.own_hidden if table.codes[w] == 60)
    for wire, code in enumerate(table.codes):
        if code == 100:
            table.mark_cut(wire)
    events: list[Event] = []
    MECHANISM.after_cuts(table, events)
    drawn = events[0].data
    assert drawn["value"] == 6 and list(table.position_of(flipped)) in drawn["kept"]
    assert not table.cut[flipped]  # its owner cannot see it: the card leaves it
    assert [table.cut[w] for w, c in enumerate(table.codes) if c == 60].count(True) == 3
    assert len(drawn["kept"]) == 3  # every flipped wire, whatever its value
