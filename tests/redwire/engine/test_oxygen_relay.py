"""Mission 63's rules on hand-made deals (``oxygen`` with ``relay`` and ``captain_tokens``):
every token starts in front of the captain (14, 18, 24, 30 with 2-5 players); a cut action pays
its value into the reserve on the card (a miss too, a Solo Cut once); at the end of his turn the
player gives all his oxygen to the next seat on his left that has wires (and oxygen never stays
with a seat without wires); the turn that opens a round takes the whole reserve (the captain's,
or the first seat after him with wires, §12 A9); whoever can pay must play, and the forced skip
is a step and proves what the skipper does not hold."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.redwire import Cut, GameState, SoloCut, new_game
from engine.redwire.deduction import position_from_observation, solve
from engine.redwire.errors import MissionError
from engine.redwire.mechanisms import oxygen
from engine.redwire.mechanisms.equipment.fast_pass import FastPass
from engine.redwire.mechanisms.oxygen import MECHANISM, OxygenPart, OxygenPass, OxygenReason
from engine.redwire.missions import ConfigReader, load_mission

from .helpers import game, turn_of, types, with_cut
from .helpers import play_picking_first as play
from .oxygen_stock import refused, reserve, stock, with_stock

#: Seats 0-3, captain 0: 13, 13, 12 and 12 wires, a red on each of seats 2 and 3.
STANDS = [
    ["1", "1", "1", "1", "2", "2", "2", "2", "3", "3", "3", "3", "4"],
    ["4", "4", "4", "5", "5", "5", "5", "6", "6", "6", "6", "7", "7"],
    ["5.5", "7", "7", "8", "8", "8", "8", "9", "9", "9", "9", "10"],
    ["9.5", "10", "10", "10", "11", "11", "11", "11", "12", "12", "12", "12"],
]


def m63() -> GameState:
    """Each seat marks its last wire (a 4, a 7, a 10, a 12)."""
    return game(63, 4, STANDS, equipment=[1, 2, 4, 8], tokens=[(0, 12), (1, 12), (2, 11), (3, 11)])


def test_every_token_starts_in_front_of_the_captain() -> None:
    config = load_mission(63).config(oxygen.ID)
    assert (config.price, config.take_from, config.pay_to, config.refill) == (
        "value",
        "own",
        "reserve",
        "captain",
    )
    assert config.relay and config.captain_only and not config.free_pass
    for players, tokens in ((2, 14), (3, 18), (4, 24), (5, 30)):
        state = new_game(mission=63, players=players, seed=3)
        captain = state.setup.captain
        assert stock(state) == [tokens if s == captain else 0 for s in range(players)]
        part = oxygen.view(state.observation(None))
        assert part is not None and part["relay"] and part["tokens"] == tokens
        assert part["reserve"] == 0


def test_a_cut_pays_its_value_into_the_reserve_and_the_rest_goes_left() -> None:
    after, events = play(m63(), SoloCut(0, 1))  # four 1s: one payment of 1
    assert types(events)[:2] == ["oxygen_paid", "solo"]
    paid = next(e for e in events if e.type == "oxygen_paid")
    assert paid.data == {"seat": 0, "value": 1, "price": 1, "reserve": 1, "stock": 23}
    relay = next(e for e in events if e.type == "oxygen_relay")
    assert relay.data == {"seat": 0, "to": 1, "given": 23, "stock": [0, 23, 0, 0]}
    assert types(events).index("oxygen_relay") < types(events).index("turn")
    assert stock(after) == [0, 23, 0, 0] and reserve(after) == 1 and after.active == 1
    state = turn_of(with_stock(m63(), 0, 23, 0, 0), 1)
    missed, _ = play(state, Cut(1, ((2, 1),), (4,)))  # a 7, not a 4: paid all the same
    assert reserve(missed) == 4 and stock(missed) == [0, 0, 19, 0]
    assert missed.dial == m63().dial - 1


def test_the_round_opener_takes_the_whole_reserve() -> None:
    state, _ = play(m63(), SoloCut(0, 1))  # pays 1, 23 go to seat 1
    state, _ = play(state, Cut(1, ((2, 1),), (7,)))  # a hit: pays 7, 16 go to seat 2
    state, _ = play(state, Cut(2, ((1, 12),), (7,)))  # pays 7, 9 go to seat 3
    assert stock(state) == [0, 0, 0, 9] and reserve(state) == 15
    state, events = play(state, OxygenPass(3))  # 9 pays for none of his 10-12: a skip
    assert types(events)[:2] == ["oxygen_pass", "dial"]
    collect = next(e for e in events if e.type == "oxygen_collect")
    assert collect.data == {"seat": 0, "took": 15, "stock": 24}
    assert types(events).index("turn") < types(events).index("oxygen_collect")
    assert stock(state) == [24, 0, 0, 0] and reserve(state) == 0 and state.active == 0


def test_a_captain_without_wires_the_next_player_takes_the_reserve() -> None:
    state = turn_of(with_stock(with_cut(m63(), [(0, i) for i in range(13)]), 0, 0, 0, 12), 3)
    table = state.clone()
    table.set_part(oxygen.ID, replace(table.part(oxygen.ID, OxygenPart), reserve=15, last=2))
    after, events = play(table, Cut(3, ((2, 11),), (10,)))
    assert after.active == 1
    relay = next(e for e in events if e.type == "oxygen_relay")
    assert (relay.data["to"], relay.data["given"]) == (1, 2)  # the captain has no wires
    collect = next(e for e in events if e.type == "oxygen_collect")
    assert collect.data == {"seat": 1, "took": 25, "stock": 27}


def test_oxygen_never_stays_with_a_seat_without_wires() -> None:
    # Seat 1 holds 10 oxygen and one wire left, a 7 that seat 2 cuts with his own 7.
    state = with_cut(m63(), [(1, i) for i in range(12)])
    state = turn_of(with_stock(state, 0, 10, 12, 0), 2)
    after, events = play(state, Cut(2, ((1, 12),), (7,)))
    relays = [e.data for e in events if e.type == "oxygen_relay"]
    assert relays == [
        {"seat": 2, "to": 3, "given": 5, "stock": [0, 10, 0, 5]},
        {"seat": 1, "to": 2, "given": 10, "stock": [0, 0, 10, 5]},
    ]
    assert after.active == 3 and stock(after) == [0, 0, 10, 5] and reserve(after) == 7


def test_a_cut_the_oxygen_cannot_pay_is_refused_and_whoever_can_play_must() -> None:
    state = turn_of(with_stock(m63(), 0, 6, 0, 0), 1)  # seat 1 holds 4-7: 4s to 6s are paid
    assert refused(state, Cut(1, ((2, 1),), (7,))) is OxygenReason.OXYGEN_SHORT_OWN
    assert refused(state, OxygenPass(1)) is OxygenReason.OXYGEN_MUST_PLAY
    assert OxygenPass(1) not in state.legal_actions(1)


def test_the_forced_skip_is_a_step_passes_the_oxygen_on_and_proves_what_is_not_held() -> None:
    short = turn_of(with_stock(m63(), 0, 3, 0, 0), 1)  # 3 pays for none of seat 1's 4-7
    legal = short.legal_actions(1)
    assert OxygenPass(1) in legal and not [a for a in legal if isinstance(a, Cut | SoloCut)]
    before = solve(position_from_observation(short.observation(3)))
    assert before.code_probabilities((1, 0)).get(30, 0) > 0
    after, events = play(short, OxygenPass(1))
    skip = next(e for e in events if e.type == "oxygen_pass")
    assert skip.data == {"seat": 1, "stock": 3, "holds_none_of": [1, 2, 3]}
    assert after.dial == short.dial - 1 and after.active == 2 and stock(after) == [0, 0, 3, 0]
    solution = solve(position_from_observation(after.observation(3)))
    for slot in range(13):
        odds = solution.code_probabilities((1, slot))
        assert not any(odds.get(10 * v, 0) for v in (1, 2, 3))


def test_the_reader_refuses_a_relay_not_built() -> None:
    reader = ConfigReader("m99")
    relay = {
        "captain_tokens": 14,
        "price": "depth",
        "take_from": "own",
        "pay_to": "reserve",
        "refill": "captain",
        "free_pass": False,
        "relay": True,
    }
    with pytest.raises(MissionError):  # priced by depth: not built
        MECHANISM.configure((), relay, reader)
    with pytest.raises(MissionError):  # both kinds of tokens
        MECHANISM.configure((), {**relay, "price": "value", "tokens_per_player": 3}, reader)
    built = MECHANISM.configure((), {**relay, "price": "value"}, reader)
    assert built.relay and built.captain_only and built.total(4) == 14


def test_the_fast_pass_pays_its_value_as_a_solo_cut() -> None:
    """Equipment 9-9 is a Solo Cut (its card), so a cut action: it pays its value into the
    reserve like any cut, and one the oxygen cannot pay is refused."""
    state = game(
        63, 4, STANDS, equipment=[1, 2, 4, 99], tokens=[(0, 12), (1, 12), (2, 11), (3, 11)]
    )
    state = with_cut(state, [(2, 7), (2, 8), (2, 9), (2, 10)])  # the four 9s: card 9-9
    after, events = play(state, FastPass(0, 3, 0, 8, 0, 9))  # two of his 3s
    assert types(events)[:2] == ["oxygen_paid", "equipment"]
    assert reserve(after) == 3 and stock(after) == [0, 21, 0, 0]  # 24 - 3, relayed left
    short = with_stock(state, 2, 0, 0, 0)
    assert refused(short, FastPass(0, 3, 0, 8, 0, 9)) is OxygenReason.OXYGEN_SHORT_OWN
    offered = {a.value for a in short.legal_actions(0) if isinstance(a, FastPass)}
    assert offered == {1, 2}
