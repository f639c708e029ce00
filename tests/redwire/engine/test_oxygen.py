"""Mission 44's rules on hand-made deals (``oxygen``): a shared reserve of 2 tokens a player;
before each cut action the active player takes the price of the value he cuts by its depth (1-4:
1, 5-8: 2, 9-12: 3), for every attempt (a miss is paid too; a Solo Cut once; a detector at the
announced value); at the start of the captain's turn every token goes back; a player the reserve
cannot pay for skips and the detonator moves one step, and anyone may pass so of his own will;
revealing red wires and equipment cost nothing."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.core.events import Event
from engine.redwire import (
    Cut,
    GameState,
    IllegalActionError,
    Radar,
    RevealReds,
    SoloCut,
    new_game,
)
from engine.redwire.mechanisms import oxygen
from engine.redwire.mechanisms.oxygen import OxygenPart, OxygenPass, OxygenReason, price
from engine.redwire.missions import load_mission
from tests.redwire.bots.checks import LEVEL_AND_COUNT

from .helpers import game, turn_of, types, with_cut
from .helpers import play_picking_first as play

#: Seats 0-3, captain 0; seat 3 also holds the red wire (3.5, sorted first: its wire 1).
STANDS = [
    ["1", "1", "2", "2", "3", "3", "4", "4", "5", "5", "6", "6"],
    ["1", "1", "2", "2", "3", "3", "4", "4", "5", "5", "6", "6"],
    ["7", "7", "8", "8", "9", "9", "10", "10", "11", "11", "12", "12"],
    ["7", "7", "8", "8", "9", "9", "10", "10", "11", "11", "12", "12", "3.5"],
]


def m44(captain: int = 0) -> GameState:
    return game(
        44, 4, STANDS, captain=captain, equipment=[1, 3, 5, 8], red_markers=["3.5", "6.5", "9.5"]
    )


def reserve(state: GameState) -> int:
    return state.part(oxygen.ID, OxygenPart).reserve


def with_reserve(state: GameState, left: int) -> GameState:
    table = state.clone()
    table.set_part(oxygen.ID, replace(table.part(oxygen.ID, OxygenPart), reserve=left))
    return table


def paid(events: list[Event]) -> list[tuple[int, int, int]]:
    return [
        (e.data["seat"], e.data["price"], e.data["reserve"]) for e in events if e.type == "oxygen"
    ]


def test_mission_table_and_prices_by_depth() -> None:
    config = load_mission(44).config(oxygen.ID)
    assert (config.tokens_per_player, config.price, config.refill) == (2, "depth", "captain")
    assert [price(v) for v in range(1, 13)] == [1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3]
    start = m44()
    assert reserve(start) == 8
    assert start.observation(2)["mechanisms"]["oxygen"]["prices"][8] == 3
    for players in (2, 3, 5):
        assert reserve(new_game(mission=44, players=players, seed=1)) == 2 * players


def test_each_cut_takes_its_price_before_it_is_resolved() -> None:
    state = m44()
    after, events = play(state, Cut(0, ((1, 0),), (1,)))  # a 1: depth 1
    assert types(events)[:2] == ["oxygen", "cut"]
    assert paid(events) == [(0, 1, 7)]
    after, events = play(after, Cut(1, ((0, 9),), (5,)))  # a 5: depth 2
    assert paid(events) == [(1, 2, 5)]
    after, events = play(after, Cut(2, ((3, 5),), (9,)))  # a 9: depth 3
    assert paid(events) == [(2, 3, 2)]
    obs = after.observation(None)["mechanisms"]["oxygen"]
    assert obs["reserve"] == 2 and obs["taken"] == [1, 2, 3, 0]


def test_a_missed_cut_is_paid_too() -> None:
    state = m44()
    after, events = play(state, Cut(0, ((1, 11),), (5,)))  # seat 1's wire 12 is a 6
    assert paid(events) == [(0, 2, 6)]
    assert after.dial == state.dial - 1


def test_a_solo_cut_is_paid_once_for_all_its_wires() -> None:
    state = with_cut(m44(), [(1, 10), (1, 11)])  # seat 1's two 6s are gone
    assert SoloCut(0, 6) in state.legal_actions(0)
    after, events = play(state, SoloCut(0, 6))
    assert paid(events) == [(0, 2, 6)]
    assert after.cut_count(6) == 4  # both of the captain's 6s, for one payment


def test_a_detector_pays_the_announced_value() -> None:
    state = m44()
    _after, events = play(state, Cut(0, ((1, 8), (1, 9)), (5,), "double"))
    assert paid(events) == [(0, 2, 6)]


def test_a_cut_the_reserve_cannot_pay_is_refused_and_not_offered() -> None:
    state = turn_of(with_reserve(m44(), 2), 2)  # seat 2 holds 7-12 only
    dear = Cut(2, ((3, 5),), (9,))
    with pytest.raises(IllegalActionError) as err:
        state.apply(dear)
    assert err.value.reason is OxygenReason.OXYGEN_SHORT
    legal = state.legal_actions(2)
    assert dear not in legal
    assert {a.values[0] for a in legal if isinstance(a, Cut)} == {7, 8}


def test_forced_skip_moves_the_dial() -> None:
    state = turn_of(with_reserve(m44(), 1), 2)  # 7-12 cost 2 or 3: nothing affordable
    turn = [a for a in state.legal_actions(2) if not isinstance(a, Radar)]
    assert turn == [OxygenPass(2)]
    after, events = play(state, OxygenPass(2))
    assert types(events)[:2] == ["oxygen_pass", "dial"]
    assert events[0].data == {"seat": 2, "reserve": 1}
    assert after.dial == state.dial - 1 and after.active == 3
    assert reserve(after) == 1


def test_voluntary_pass_with_a_full_reserve() -> None:
    state = m44()
    assert OxygenPass(0) in state.legal_actions(0)
    after, events = play(state, OxygenPass(0))
    assert after.dial == state.dial - 1 and after.active == 1
    assert paid(events) == []
    assert OxygenPass(1) not in state.legal_actions(1)  # never out of turn


def test_a_pass_on_the_last_step_explodes() -> None:
    state = m44().clone()
    state.dial = 1
    after, events = play(state, OxygenPass(0))
    assert after.result == "exploded" and "explosion" in types(events)


def test_the_reserve_fills_again_as_the_captains_turn_begins() -> None:
    state, events = play(
        m44(),
        Cut(0, ((1, 0),), (1,)),  # 1: 7 left
        Cut(1, ((0, 9),), (5,)),  # 2: 5 left
        Cut(2, ((3, 5),), (9,)),  # 3: 2 left
        Cut(3, ((2, 0),), (7,)),  # 2: 0 left, then the captain's turn
    )
    refill = [e for e in events if e.type == "oxygen_refill"]
    assert len(refill) == 1 and refill[0].data == {"seat": 0, "reserve": 8}
    assert types(events)[-2:] == ["turn", "oxygen_refill"]
    assert reserve(state) == 8 and state.active == 0
    # The captain's own cut is paid from the full reserve.
    _after, events = play(state, Cut(0, ((1, 1),), (1,)))
    assert paid(events)[0][0] == 0 and paid(events)[0][2] == 8 - 1


def test_without_wires_the_captain_lets_the_next_seat_open_the_round() -> None:
    empty = [(0, slot) for slot in range(12)]
    state = turn_of(with_cut(m44(), empty), 1)
    state, events = play(
        state,
        Cut(1, ((3, 1),), (1,)),  # a miss (seat 3's wire 2 is a 7): paid 1
    )
    assert paid(events) == [(1, 1, 7)]
    state, events = play(state, OxygenPass(2), OxygenPass(3))
    refill = [e for e in events if e.type == "oxygen_refill"]
    assert [e.data["seat"] for e in refill] == [1]  # seat 0 has no wires: seat 1 opens the round
    assert reserve(state) == 8


def test_revealing_red_wires_is_free_and_no_pass_then() -> None:
    state = turn_of(with_cut(m44(), [(3, slot) for slot in range(1, 13)]), 3)
    assert state.legal_actions(3)[0] == RevealReds(3)
    assert OxygenPass(3) not in state.legal_actions(3)
    _after, events = play(with_reserve(state, 0), RevealReds(3))
    assert paid(events) == [] and "oxygen_pass" not in types(events)


def test_equipment_costs_nothing() -> None:
    eights = [(2, 2), (2, 3)]  # two 8s cut: the Radar (card 8) unlocks
    state = turn_of(with_reserve(with_cut(m44(), eights), 0), 1)
    radar = Radar(3, 5)  # on seat 1's turn, by seat 3
    assert radar in state.legal_actions(3)
    after, events = play(state, radar)
    assert paid(events) == [] and reserve(after) == 0


def test_the_pass_tells_the_solver_nothing() -> None:
    from engine.redwire.deduction import position_from_observation, solve

    state = turn_of(with_reserve(m44(), 1), 2)
    after, _ = play(state, OxygenPass(2))
    before_odds = solve(position_from_observation(state.observation(1)))
    after_odds = solve(position_from_observation(after.observation(1)))
    assert before_odds.total == after_odds.total


@pytest.mark.parametrize("level", ["random", "cautious", "expert", "simple"])
def test_every_level_passes_when_the_reserve_pays_for_no_cut(level: str) -> None:
    from engine.redwire.bots import make_bot
    from tests.redwire.bots.checks import check_explanation

    waiting = turn_of(with_reserve(m44(), 1), 2)
    legal = [a for a in waiting.legal_actions(2) if not isinstance(a, Radar)]
    bot = make_bot(level, 7)
    assert bot.choose(waiting.observation(2), legal) == OxygenPass(2)
    check_explanation(bot.explain(), waiting, 2)
    if level != "random":
        assert bot.explain().key == "oxygen_pass"


@pytest.mark.parametrize("level", ["cautious", "expert"])
def test_of_two_sure_cuts_the_cheaper_while_teammates_still_need_air(level: str) -> None:
    from engine.redwire.bots import make_bot
    from tests.redwire.bots.checks import check_explanation

    # Seat 1's 1s and 6s are gone: the captain may Solo-Cut his 1s (1 oxygen) or 6s (2).
    state = with_cut(m44(), [(1, 0), (1, 1), (1, 10), (1, 11)])
    legal = state.legal_actions(0)
    assert {SoloCut(0, 1), SoloCut(0, 6)} <= set(legal)
    bot = make_bot(level, 3)
    assert bot.choose(state.observation(0), legal) == SoloCut(0, 1)
    check_explanation(bot.explain(), state, 0)
    assert bot.explain().key == "oxygen_cheap"
    # With air to spare for everyone still to play (the last seat of the round), as usual.
    spare = turn_of(with_cut(m44(), [(0, 0), (0, 1), (0, 10), (0, 11)]), 3)  # seat 3: last
    legal = spare.legal_actions(3)
    bot.choose(spare.observation(3), legal)
    assert bot.explain().key != "oxygen_cheap"


@pytest.mark.parametrize(("level", "players"), LEVEL_AND_COUNT)
def test_bots_play_mission_44_legally_and_pass_only_when_nothing_is_affordable(
    level: str, players: int
) -> None:
    from engine.redwire.bots import make_bot
    from engine.redwire.bots.characters import table_characters
    from tests.redwire.bots.checks import check_explanation

    chosen, _ = table_characters(
        44, players, captain=None, levels=[level] * players, picks=[], seed=players
    )
    state = new_game(44, players, 440 + players, chosen=chosen)
    bots = [make_bot(level, 44 + seat) for seat in range(players)]
    steps = 0
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        legal = state.legal_actions(seat)
        action = bots[seat].choose(state.observation(seat), legal)
        assert action in legal
        check_explanation(bots[seat].explain(), state, seat)
        if isinstance(action, OxygenPass) and level != "random":
            assert not [a for a in legal if isinstance(a, Cut | SoloCut | RevealReds)]
        state, _ = state.apply(action)
        steps += 1
        assert steps < 2000
    assert state.result in ("won", "exploded")


def test_the_pass_is_typed_in_the_terminal() -> None:
    from engine.redwire.cli import format_action, parse_action, render_board

    state = m44()
    assert format_action(OxygenPass(0)) == "oxpass"
    assert parse_action("oxpass", 0, state) == OxygenPass(0)
    assert parse_action("pass", 0, state) == OxygenPass(0)  # the plain word, where oxygen is
    assert "oxygen: 8 of 8" in render_board(state.observation(0), ["A", "B", "C", "D"])


def test_no_pass_without_oxygen() -> None:
    state = new_game(mission=1, players=3, seed=1)
    while state.phase.value == "setup_token":
        seat = state.to_move
        assert seat is not None
        state, _ = state.apply(state.legal_actions(seat)[0])
    seat = state.to_move
    assert seat is not None and OxygenPass(seat) not in state.legal_actions(seat)
    with pytest.raises(IllegalActionError) as err:
        state.apply(OxygenPass(seat))
    assert err.value.reason is OxygenReason.NO_OXYGEN
