"""Mission 9's rules on hand-made deals: the Number cards' row and the Sequence card (side A),
the FAQ's blocked player (the bomb explodes), and the yellow card of rule sticker A."""

from __future__ import annotations

import pytest

from engine.redwire import Cut, IllegalActionError, Pick, SetupError, SoloCut, explicit_setup
from engine.redwire.mechanisms import number_cards, sequence
from engine.redwire.mechanisms.equipment import tray
from engine.redwire.mechanisms.sequence import SequenceReason, Stuck
from engine.redwire.wires import YELLOW

from .helpers import fill_deal, game, play, types

STANDS = [
    ["1", "1", "1", "4", "4", "5", "5", "7", "7", "9", "9", "10", "10"],
    ["2", "2", "2", "4", "4", "5", "5", "7", "7", "11", "11", "12", "12"],
    ["3", "3", "3", "3.1", "8.1", "9", "9", "10", "10", "11", "11", "12", "12"],
    ["1", "2", "3", "6", "6", "6", "6", "7.5", "8", "8", "8", "8"],
]


def m9(row: list[int], cards: list[int] | None = None, reserve: list[int] | None = None):  # type: ignore[no-untyped-def]
    equipment: dict[str, object] = {"cards": cards or [7, 9, 10, 12]}
    if reserve is not None:
        equipment["reserve"] = reserve
    order = row + [v for v in range(1, 13) if v not in row]
    return game(
        9,
        4,
        STANDS,
        parts={"number_cards": {"order": order}, "equipment": equipment},
    )


def test_a_value_further_along_the_row_cannot_be_announced() -> None:
    state = m9([5, 9, 10])
    assert sequence.view(state.observation(None)) == {
        "side": "A",
        "need": 2,
        "current": 5,
        "blocked": [9, 10],
    }
    for refused in (
        Cut(0, [(1, 9)], [9]),  # a Dual Cut
        Cut(0, [(1, 9), (1, 10)], [10], "double"),  # the Double Detector
    ):
        with pytest.raises(IllegalActionError) as err:
            state.apply(refused)
        assert err.value.reason is SequenceReason.BLOCKED_VALUE
    announced = {v for a in state.legal_actions(0) if isinstance(a, Cut) for v in a.values}
    assert announced == {1, 4, 5, 7}  # 9 and 10 are held but blocked; 5 is the current one


def test_two_wires_of_the_current_value_open_the_next() -> None:
    state = m9([5, 9, 10])
    state, events = play(state, Cut(0, [(1, 5)], [5]), Pick(0, 0, 5))
    assert "sequence" in types(events)
    seq = next(e for e in events if e.type == "sequence")
    assert seq.data == {"done": 5, "next": 9}
    obs = state.observation(2)
    assert sequence.view(obs) == {"side": "A", "need": 2, "current": 9, "blocked": [10]}
    row = number_cards.view(obs)
    assert row is not None and row["row"][0] == {"value": 5, "down": True}
    # 9 is open now: seat 2 holds 9s and may announce them; 10 is still blocked.
    assert any(isinstance(a, Cut) and a.values == (9,) for a in state.legal_actions(1)) is False
    state, _ = play(state, Cut(1, [(0, 3)], [4]), Pick(1, 1, 3))
    values = {v for a in state.legal_actions(2) if isinstance(a, Cut) for v in a.values}
    assert 9 in values and 10 not in values


def test_a_blocked_player_says_so_and_the_bomb_explodes() -> None:
    """FAQ: a player whose only possible cuts are blocked values makes the bomb explode."""
    state = m9([5, 8, 6])
    with pytest.raises(IllegalActionError) as err:
        state.apply(Stuck(0))
    assert err.value.reason is SequenceReason.NOT_STUCK
    state, _ = play(
        state,
        Cut(0, [(3, 0)], [1]),
        Pick(0, 0, 0),
        Cut(1, [(3, 1)], [2]),
        Pick(1, 1, 0),
        Cut(2, [(3, 2)], [3]),
        Pick(2, 2, 0),
    )
    # Seat 3 holds four 6s, four 8s and the red wire: 6 and 8 wait for 5.
    assert state.active == 3
    assert state.legal_actions(3) == [Stuck(3)]
    with pytest.raises(IllegalActionError) as err:
        state.apply(SoloCut(3, 6))
    assert err.value.reason is SequenceReason.BLOCKED_VALUE
    state, events = play(state, Stuck(3))
    assert types(events) == ["stuck", "explosion"]
    assert events[0].data == {"seat": 3, "blocked": [8, 6]}
    assert state.result == "exploded"


def test_the_yellow_card_lays_its_two_face_down_cards_on_the_board() -> None:
    state = m9([5, 9, 10], cards=[0, 4, 6, 8], reserve=[9, 11])
    obs = state.observation(0)
    shown = tray.view(obs)
    assert shown is not None and [c["card"] for c in shown["cards"]] == [0, 4, 6, 8]
    assert "stabilizer" not in obs["mechanisms"]  # card 9 waits face down in the reserve
    state, _ = play(
        state,
        Cut(0, [(1, 5)], [5]),
        Pick(0, 0, 5),
        Cut(1, [(0, 3)], [4]),
        Pick(1, 1, 3),
    )
    state, events = play(state, SoloCut(2, YELLOW))
    assert "stash" in types(events)
    assert next(e for e in events if e.type == "stash").data == {"cards": [9, 11]}
    assert tray.card_state(state, 0) == "used"
    assert tray.card_state(state, 9) == "locked" and tray.card_state(state, 11) == "locked"
    obs = state.observation(0)
    assert "stabilizer" in obs["mechanisms"]
    shown = tray.view(obs)
    assert shown is not None and [c["card"] for c in shown["cards"]] == [0, 4, 6, 8, 9, 11]


def test_a_card_of_the_reserve_is_usable_at_once_when_its_value_is_cut() -> None:
    state = m9([5, 9, 10], cards=[0, 6, 7, 8], reserve=[4, 11])
    state, _ = play(state, Cut(0, [(1, 3)], [4]), Pick(0, 0, 3))
    state, events = play(state, Cut(1, [(0, 5)], [5]), Pick(1, 1, 5), SoloCut(2, YELLOW))
    added = [e.data["card"] for e in events if e.type == "unlocked"]
    assert 4 in added and tray.card_state(state, 4) == "usable"


def test_the_reserve_must_be_given_with_the_yellow_card() -> None:
    order = list(range(1, 13))
    with pytest.raises(SetupError):
        explicit_setup(
            9,
            4,
            0,
            STANDS,
            parts={"number_cards": {"order": order}, "equipment": {"cards": [0, 4, 6, 8]}},
        )
    with pytest.raises(SetupError):
        explicit_setup(
            9,
            4,
            0,
            STANDS,
            parts={"number_cards": {"order": order[:11]}, "equipment": {"cards": [1, 4, 6, 8]}},
        )


def test_side_b_needs_all_four_wires_of_the_current_value() -> None:
    """Mission 16: two 5s cut do not open the next value; the four do."""
    stands = fill_deal(
        16,
        4,
        0,
        {0: ["1", "1", "1", "4", "4", "5", "5", "7", "7", "9", "9", "10", "10"]},
        red=["7.5"],
        yellow=["3.1", "8.1"],
    )
    order = [5, 9, 10] + [v for v in range(1, 13) if v not in (5, 9, 10)]
    state = game(
        16,
        4,
        stands,
        parts={"number_cards": {"order": order}, "equipment": {"cards": [7, 9, 10, 12]}},
        yellow_markers=["3.1", "8.1", "11.1"],
    )
    assert sequence.view(state.observation(None))["need"] == 4  # type: ignore[index]
    five = next(
        a
        for a in state.legal_actions(0)
        if isinstance(a, Cut) and a.tool is None and a.values == (5,)
        and state.code_at(*a.targets[0]) == 50
    )  # fmt: skip
    state, events = play(state, five)
    state, events = play(state, state.legal_actions(0)[0])  # my own 5
    assert state.cut_count(5) == 2 and "sequence" not in types(events)
    assert sequence.view(state.observation(None))["current"] == 5  # type: ignore[index]
    table = state.clone()
    for w, code in enumerate(table.codes):  # the other two 5s cut (as if by teammates)
        if code == 50 and not table.cut[w]:
            table.mark_cut(w)
    events: list = []  # type: ignore[type-arg]
    sequence.MECHANISM.after_cuts(table, events)
    assert [e.data for e in events] == [{"done": 5, "next": 9}]
