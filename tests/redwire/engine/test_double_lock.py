"""Mission 12's rules on hand-made deals: a Number card on each equipment card is a second lock
(in any order; one pair may open both), discarded once two wires of its value are cut; the
yellow card's two cards get none, unless the option ``m12_lock_added_cards`` says so."""

from __future__ import annotations

import json

import pytest

from engine.redwire import (
    Cut,
    IllegalActionError,
    Options,
    Pick,
    Record,
    Rewind,
    new_game,
)
from engine.redwire.mechanisms import double_lock
from engine.redwire.mechanisms.equipment import tray
from engine.redwire.mechanisms.equipment.tray import TrayReason
from engine.redwire.wires import YELLOW

from .helpers import fill_deal, game, play, types

FIXED = {
    0: ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "1.1", "2.1"],
    1: ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "3.1"],
}
STANDS = fill_deal(12, 4, 0, FIXED, red=["7.5"], yellow=["1.1", "2.1", "3.1", "4.1"])
# stand 2: 1 1 2 2 3 3 4 4 4.1 5 5 6 6; stand 3: 7 7 7.5 8 8 9 9 10 10 11 11 12 12
ORDER = [9, 3, 10, 5, 2, 4, 1, 6, 7, 8, 11, 12]  # card 6: lock 9; 8: 3; 10: 10; 12: 5


def m12(  # type: ignore[no-untyped-def]
    cards: list[int],
    reserve: list[int] | None = None,
    options: Options | None = None,
    order: list[int] = ORDER,
):
    equipment: dict[str, object] = {"cards": cards}
    if reserve is not None:
        equipment["reserve"] = reserve
    return game(
        12,
        4,
        STANDS,
        parts={"number_cards": {"order": order}, "equipment": equipment},
        options=options,
    )


#: The yellow card (first on the board) gets Number card 1; the next two are 2 and 4.
YELLOW_FIRST = [1, 3, 10, 5, 2, 4, 9, 6, 7, 8, 11, 12]


def open_the_yellow_card(state):  # type: ignore[no-untyped-def]
    """Two 1s (its Number card), then two yellow wires: the yellow card acts."""
    state, _ = play(state, Cut(0, [(2, 0)], [1]), Pick(0, 0, 0))
    return play(state, Cut(1, [(0, 1)], [YELLOW]), Pick(1, 1, 3))


def test_a_card_also_waits_for_the_number_card_on_it() -> None:
    state = m12([6, 8, 10, 12])
    locks = double_lock.view(state.observation(None))
    assert locks is not None and locks["locks"][0] == {"card": 6, "value": 9, "open": False}
    state, events = play(state, Cut(0, [(2, 11)], [6]), Pick(0, 0, 7))  # two 6s cut
    assert "unlocked" not in types(events) and tray.card_state(state, 6) == "locked"
    with pytest.raises(IllegalActionError) as err:
        state.apply(Rewind(1))
    assert err.value.reason is TrayReason.EQUIPMENT_DOUBLE_LOCKED
    assert err.value.params == {"card": 6, "value": 9}
    state, events = play(state, Cut(1, [(3, 5)], [9]), Pick(1, 1, 9))  # two 9s: the lock opens
    assert [e.data for e in events if e.type == "lock_open"] == [{"card": 6, "value": 9}]
    assert [e.data for e in events if e.type == "unlocked"] == [{"card": 6}]
    assert tray.card_state(state, 6) == "usable"


def test_one_pair_opens_both_locks_when_the_values_are_equal() -> None:
    state = m12([6, 8, 10, 12])
    state, _ = play(state, Cut(0, [(2, 11)], [6]), Pick(0, 0, 7))
    state, _ = play(state, Cut(1, [(3, 5)], [9]), Pick(1, 1, 9))
    state, _ = play(state, Cut(2, [(0, 0)], [1]), Pick(2, 2, 0))
    state, events = play(state, Cut(3, [(0, 11)], [10]), Pick(3, 3, 7))  # card 10, lock 10
    assert {"card": 10} in [e.data for e in events if e.type == "unlocked"]
    assert {"card": 10, "value": 10} in [e.data for e in events if e.type == "lock_open"]


def test_the_lock_opens_first_and_the_number_comes_later() -> None:
    state = m12([6, 8, 10, 12])
    state, events = play(state, Cut(0, [(1, 2)], [3]), Pick(0, 0, 4))  # two 3s: card 8's lock
    assert [e.data for e in events if e.type == "lock_open"] == [{"card": 8, "value": 3}]
    assert tray.card_state(state, 8) == "locked"  # no 8 cut yet
    with pytest.raises(IllegalActionError) as err:
        state.apply(Rewind(1))
    assert err.value.reason is TrayReason.EQUIPMENT_LOCKED


def test_the_yellow_card_waits_for_its_number_card_too() -> None:
    state = m12([0, 8, 10, 12], reserve=[6, 11])  # the yellow card's Number card is a 9
    state, events = play(state, Cut(0, [(1, 3)], [YELLOW]), Pick(0, 0, 1))
    assert "stash" not in types(events) and tray.card_state(state, 0) == "locked"


def test_the_yellow_cards_two_cards_get_no_number_card_by_default() -> None:
    state = m12([0, 8, 10, 12], reserve=[6, 11], order=YELLOW_FIRST)
    state, events = open_the_yellow_card(state)
    assert next(e for e in events if e.type == "stash").data == {"cards": [6, 11]}
    view = double_lock.view(state.observation(0))
    assert view is not None and [lock["card"] for lock in view["locks"]] == [0, 8, 10, 12]


def test_with_the_option_they_get_the_next_number_cards() -> None:
    options = Options(m12_lock_added_cards=True)
    state = m12([0, 8, 10, 12], reserve=[6, 11], options=options, order=YELLOW_FIRST)
    before = double_lock.view(state.observation(0))
    assert before is not None and [lock["card"] for lock in before["locks"]] == [0, 8, 10, 12]
    state, _ = open_the_yellow_card(state)
    after = double_lock.view(state.observation(0))
    assert after is not None and after["locks"][-2:] == [
        {"card": 6, "value": 2, "open": False},
        {"card": 11, "value": 4, "open": False},
    ]
    # The option is in the record's setup (and nowhere else at its default).
    setup = json.loads(state.record.dumps())["setup"]
    assert setup["options"]["m12_lock_added_cards"] is True
    assert "m12_lock_added_cards" not in new_game(12, 3, seed=1).setup.to_json()["options"]
    assert Record.loads(state.record.dumps()).replay().same_as(state)
