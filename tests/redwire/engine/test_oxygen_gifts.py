"""Mission 49's rules on hand-made deals (``oxygen`` with gifts): oxygen in front of each player
(7, 6, 5, 4 each with 2-5 players); before each cut action the active player gives one teammate
of his choice, any one, as many tokens as the value he cuts (named first, then paid as the cut
is made, for every attempt: a miss too, a Solo Cut once, a detector at the announced value); a
player whose oxygen pays for none of his values skips, and anyone may pass (a step each); a
player with no wires left discards his oxygen (a gift to him is lost); no refill."""

from __future__ import annotations

import pytest

from engine.core.events import Event
from engine.redwire import (
    Cut,
    GameState,
    Radar,
    RevealReds,
    SoloCut,
    new_game,
)
from engine.redwire.errors import MissionError, Reason
from engine.redwire.mechanisms import oxygen
from engine.redwire.mechanisms.oxygen import (
    MECHANISM,
    OxygenGift,
    OxygenPart,
    OxygenPass,
    OxygenReason,
    price,
)
from engine.redwire.missions import ConfigReader, load_mission

from .helpers import game, turn_of, types, with_cut
from .helpers import play_picking_first as play
from .oxygen_stock import refused, stock, with_stock

#: Seats 0-3, captain 0; the red wires (3.5 and 6.5) with seats 0 and 1.
STANDS = [
    ["1", "1", "2", "2", "3", "3", "3.5", "4", "4", "5", "5", "6", "6"],
    ["1", "1", "2", "2", "3", "3", "4", "4", "5", "5", "6", "6", "6.5"],
    ["7", "7", "8", "8", "9", "9", "10", "10", "11", "11", "12", "12"],
    ["7", "7", "8", "8", "9", "9", "10", "10", "11", "11", "12", "12"],
]


def m49() -> GameState:
    return game(49, 4, STANDS, equipment=[1, 3, 5, 8], red_markers=["3.5", "6.5"])


def gifts(events: list[Event]) -> list[tuple[int, int, int, list[int]]]:
    return [
        (e.data["seat"], e.data["to"], e.data["price"], e.data["stock"])
        for e in events
        if e.type == "oxygen_gift"
    ]


def test_oxygen_in_front_of_each_player_and_the_value_as_the_price() -> None:
    config = load_mission(49).config(oxygen.ID)
    assert (config.price, config.take_from, config.pay_to, config.refill) == (
        "value",
        "own",
        "teammate",
        "none",
    )
    assert [price(v, "value") for v in range(1, 13)] == list(range(1, 13))
    for players, each in ((2, 7), (3, 6), (4, 5), (5, 4)):
        state = new_game(mission=49, players=players, seed=1)
        assert stock(state) == [each] * players
        view = state.observation(None)["mechanisms"]["oxygen"]
        assert view["stock"] == [each] * players and view["prices"][8] == 9
    # Mission 44 is read as before: a shared reserve, no stock.
    assert load_mission(44).config(oxygen.ID).take_from == "reserve"
    assert stock(new_game(mission=44, players=3, seed=1)) == []


def test_the_reader_refuses_an_oxygen_not_built() -> None:
    reader = ConfigReader("m99")
    relay = {"tokens_per_player": 3, "price": "value", "take_from": "own", "refill": "captain"}
    with pytest.raises(MissionError):
        MECHANISM.configure((), relay, reader)


def test_no_cut_before_the_receiver_is_named() -> None:
    state = m49()
    cut = Cut(0, ((1, 0),), (1,))
    assert refused(state, cut) is OxygenReason.OXYGEN_GIFT_FIRST
    legal = state.legal_actions(0)
    assert not [a for a in legal if isinstance(a, Cut | SoloCut)]
    assert [a for a in legal if isinstance(a, OxygenGift)] == [OxygenGift(0, s) for s in (1, 2, 3)]
    named, events = play(state, OxygenGift(0, 2))
    assert types(events) == ["oxygen_gift_to"] and named.active == 0  # the turn goes on
    assert cut in named.legal_actions(0)
    assert named.observation(3)["mechanisms"]["oxygen"]["gift_to"] == 2  # public


def test_the_cut_pays_its_value_to_the_teammate_named_not_the_targets_owner() -> None:
    state, _ = play(m49(), OxygenGift(0, 2))
    after, events = play(state, Cut(0, ((1, 4),), (3,)))  # at seat 1's wire, a 3
    assert types(events)[:2] == ["oxygen_gift", "cut"]
    assert gifts(events) == [(0, 2, 3, [2, 5, 8, 5])]
    assert stock(after) == [2, 5, 8, 5]
    assert after.part(oxygen.ID, OxygenPart).gift_to is None  # the next turn names again


def test_a_missed_cut_is_paid_too_and_a_solo_cut_once() -> None:
    state, _ = play(m49(), OxygenGift(0, 1))
    after, events = play(state, Cut(0, ((1, 11),), (5,)))  # seat 1's wire 12 is a 6
    assert gifts(events) == [(0, 1, 5, [0, 10, 5, 5])]
    assert after.dial == state.dial - 1
    solo = with_cut(m49(), [(1, 0), (1, 1)])  # seat 1's 1s are gone
    state, _ = play(solo, OxygenGift(0, 3))
    after, events = play(state, SoloCut(0, 1))
    assert gifts(events) == [(0, 3, 1, [4, 5, 5, 6])] and after.cut_count(1) == 4


def test_a_detector_pays_the_announced_value() -> None:
    state, _ = play(m49(), OxygenGift(0, 3))
    _after, events = play(state, Cut(0, ((1, 8), (1, 9)), (5,), "double"))
    assert gifts(events) == [(0, 3, 5, [0, 5, 5, 10])]


def test_a_cut_dearer_than_ones_oxygen_is_refused_and_not_offered() -> None:
    state, _ = play(with_stock(m49(), 3, 5, 5, 5), OxygenGift(0, 1))
    dear = Cut(0, ((1, 8),), (4,))
    assert refused(state, dear) is OxygenReason.OXYGEN_SHORT_OWN
    values = {a.values[0] for a in state.legal_actions(0) if isinstance(a, Cut)}
    assert values == {1, 2, 3}


def test_the_receiver_is_named_once_and_never_oneself() -> None:
    state = m49()
    assert refused(state, OxygenGift(0, 0)) is Reason.NOT_YOURSELF
    assert refused(state, OxygenGift(1, 2)) is Reason.NOT_YOUR_TURN
    named, _ = play(state, OxygenGift(0, 2))
    assert refused(named, OxygenGift(0, 3)) is OxygenReason.OXYGEN_GIFT_CHOSEN
    assert OxygenPass(0) in named.legal_actions(0)  # he may still pass: a step


def test_oxygen_that_pays_for_nothing_leaves_only_the_pass() -> None:
    state = turn_of(with_stock(m49(), 5, 5, 6, 5), 2)  # seat 2 holds 7-12 only
    assert refused(state, OxygenGift(2, 0)) is OxygenReason.OXYGEN_CANNOT_PAY
    turn = [a for a in state.legal_actions(2) if not isinstance(a, Radar)]
    assert turn == [OxygenPass(2)]
    after, events = play(state, OxygenPass(2))
    assert types(events)[:2] == ["oxygen_pass", "dial"]
    assert events[0].data == {"seat": 2, "stock": 6}
    assert after.dial == state.dial - 1 and after.active == 3 and stock(after) == [5, 5, 6, 5]


def test_no_wires_left_discards_ones_oxygen_and_a_gift_to_him_is_lost() -> None:
    # Seat 1 holds only a 6 and his red wire; the captain cuts the 6 with him and gives him the
    # price: seat 1 keeps it while his red wire is uncut, then reveals it and discards it all.
    state = with_stock(with_cut(m49(), [(1, slot) for slot in range(11)]), 6, 5, 5, 5)
    state, events = play(state, OxygenGift(0, 1), Cut(0, ((1, 11),), (6,)))
    assert stock(state) == [0, 11, 5, 5] and "oxygen_discard" not in types(events)
    assert state.active == 1
    after, events = play(state, RevealReds(1))
    assert ("oxygen_discard", {"seat": 1, "lost": 11}) in [(e.type, e.data) for e in events]
    assert stock(after) == [0, 0, 5, 5]
    # A gift to a teammate without wires is lost (any teammate may be named).
    state = turn_of(with_stock(after, 6, 0, 5, 5), 0)
    state, _ = play(state, OxygenGift(0, 1))
    after, events = play(state, Cut(0, ((2, 0),), (4,)))  # a miss (a 7), paid 4 into nothing
    gift = next(e for e in events if e.type == "oxygen_gift")
    assert gift.data["lost"] is True and stock(after) == [2, 0, 5, 5]


def test_revealing_reds_and_equipment_are_free_and_nothing_refills() -> None:
    reds = turn_of(with_cut(m49(), [(1, s) for s in range(12)]), 1)
    assert reds.legal_actions(1)[0] == RevealReds(1)
    assert OxygenGift(1, 0) not in reds.legal_actions(1)
    _after, events = play(with_stock(reds, 0, 0, 0, 0), RevealReds(1))
    assert gifts(events) == []
    eights = [(2, 2), (2, 3)]  # two 8s cut: the Radar (card 8) unlocks
    state = turn_of(with_stock(with_cut(m49(), eights), 0, 0, 0, 0), 1)
    after, _ = play(state, Radar(3, 5))
    assert stock(after) == [0, 0, 0, 0]
    # A whole round of passes: nobody's oxygen comes back.
    empty = with_stock(m49(), 0, 0, 0, 0)
    after, events = play(empty, *(OxygenPass(seat) for seat in range(3)))
    assert stock(after) == [0, 0, 0, 0] and "oxygen_refill" not in types(events)


def test_the_gift_and_the_pass_tell_the_solver_nothing() -> None:
    from engine.redwire.deduction import position_from_observation, solve

    state = m49()
    named, _ = play(state, OxygenGift(0, 2))
    passed, _ = play(named, OxygenPass(0))
    totals = {
        solve(position_from_observation(s.observation(1))).total for s in (state, named, passed)
    }
    assert len(totals) == 1


@pytest.mark.parametrize("level", ["random", "cautious", "expert"])
def test_every_level_passes_when_its_oxygen_pays_for_nothing(level: str) -> None:
    from engine.redwire.bots import make_bot
    from tests.redwire.bots.checks import check_explanation

    waiting = turn_of(with_stock(m49(), 5, 5, 6, 5), 2)
    legal = [a for a in waiting.legal_actions(2) if not isinstance(a, Radar)]
    bot = make_bot(level, 7)
    assert bot.choose(waiting.observation(2), legal) == OxygenPass(2)
    check_explanation(bot.explain(), waiting, 2)
    if level != "random":
        assert bot.explain().key == "oxygen_pass_own"


@pytest.mark.parametrize("level", ["cautious", "expert"])
def test_bots_give_to_the_next_teammate_and_make_the_dearest_sure_cut(level: str) -> None:
    from engine.redwire.bots import make_bot
    from tests.redwire.bots.checks import check_explanation

    state = with_stock(m49(), 9, 4, 2, 2)
    bot = make_bot(level, 3)
    assert bot.choose(state.observation(0), state.legal_actions(0)) == OxygenGift(0, 1)
    check_explanation(bot.explain(), state, 0)
    assert bot.explain().key == "oxygen_gift_next" and bot.explain().params["partner"] == 1
    # Seat 1 without wires: his oxygen is gone, the gift goes to the seat after him.
    empty = with_cut(state, [(1, slot) for slot in range(13)])
    assert bot.choose(empty.observation(0), empty.legal_actions(0)) == OxygenGift(0, 2)
    # Seat 1's 1s and 6s are gone: Solo Cuts of 1 and of 6 are both sure; the 6 hands more on.
    sure = with_cut(state, [(1, 0), (1, 1), (1, 10), (1, 11)])
    named, _ = play(sure, OxygenGift(0, 1))
    legal = named.legal_actions(0)
    assert {SoloCut(0, 1), SoloCut(0, 6)} <= set(legal)
    assert bot.choose(named.observation(0), legal) == SoloCut(0, 6)
    check_explanation(bot.explain(), named, 0)
    assert bot.explain().key == "oxygen_dear"


def test_the_gift_is_typed_in_the_terminal() -> None:
    from engine.redwire.cli import format_action, parse_action, render_board

    state = m49()
    assert format_action(OxygenGift(0, 2)) == "oxgift 3"
    assert parse_action("oxgift 3", 0, state) == OxygenGift(0, 2)
    assert parse_action("pass", 0, state) == OxygenPass(0)
    named, _ = play(state, OxygenGift(0, 2))
    board = render_board(named.observation(0), ["A", "B", "C", "D"])
    assert "oxygen: A 5, B 5, C 5, D 5" in board and "goes to C" in board


def test_no_gift_where_oxygen_is_not_given() -> None:
    from tests.redwire.engine.test_oxygen import m44

    state = m44()
    assert not [a for a in state.legal_actions(0) if isinstance(a, OxygenGift)]
    assert refused(state, OxygenGift(0, 1)) is OxygenReason.OXYGEN_NO_GIFT
    plain = new_game(mission=1, players=3, seed=1)
    assert refused(plain, OxygenGift(0, 1)) is OxygenReason.NO_OXYGEN
