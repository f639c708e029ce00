"""Mission 23's rules on hand-made deals: the Number card turned up after the setup tokens; its
value cut only four at once (the special action: right, cut; wrong, the bomb explodes; the
actor need not hold any); the face-down equipment deck, its top card discarded at each round's
end, the rest turned up usable at once after the four are cut."""

from __future__ import annotations

import pytest

from engine.redwire import Cut, IllegalActionError, Pick, PlaceToken, Radar, SoloCut
from engine.redwire.mechanisms import four_at_once
from engine.redwire.mechanisms.equipment import tray
from engine.redwire.mechanisms.four_at_once import FourAtOnce, FourReason

from .helpers import fill_deal, game, play, types

FIXED = {0: ["1", "1", "1", "2", "2", "2", "3", "3", "3", "4", "4", "4", "4.5"]}
STANDS = fill_deal(23, 4, 0, FIXED, red=["4.5"])
# stand 1: 1 2 3 4 5 5 5 5 6 6 6 6; stand 2: 7x4 8x4 9x4; stand 3: 10x4 11x4 12x4
ORDER = [12, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]  # the Number card: 12
DECK = [1, 3, 4, 6, 7, 8, 9]


def m23(tokens=None):  # type: ignore[no-untyped-def]
    return game(
        23,
        4,
        STANDS,
        parts={"equipment": {"cards": DECK}, "number_cards": {"order": ORDER}},
        red_markers=["4.5", "6.5", "9.5"],
        tokens=tokens,
    )


def test_the_number_card_is_turned_up_after_the_setup_tokens() -> None:
    state = m23(tokens=[])
    assert four_at_once.view(state.observation(0))["value"] is None  # type: ignore[index]
    state, events = play(state, *(PlaceToken(s, s, 0) for s in range(4)))
    assert types(events)[-2:] == ["turn", "number_up"] and events[-1].data == {"value": 12}
    assert four_at_once.view(state.observation(0))["value"] == 12  # type: ignore[index]
    equipment = tray.view(state.observation(0))
    assert equipment is not None and equipment["face_down"] == 7 and equipment["cards"] == []


def test_no_ordinary_cut_may_announce_the_value() -> None:
    # Dario, captain, holds the four 12s: no Solo Cut, no Dual Cut, no detector may say 12.
    fixed = {3: ["1", "2", "3", "4", "5", "6", "7", "8", "9", "12", "12", "12", "12"]}
    stands = fill_deal(23, 4, 3, fixed, red=["4.5"])
    state = game(
        23,
        4,
        stands,
        captain=3,
        parts={"equipment": {"cards": DECK}, "number_cards": {"order": ORDER}},
        red_markers=["4.5", "6.5", "9.5"],
    )
    assert state.to_move == 3
    for action in (
        SoloCut(3, 12),
        Cut(3, ((0, 0),), (12,)),
        Cut(3, ((0, 0), (0, 1)), (12,), "double"),
    ):
        with pytest.raises(IllegalActionError) as err:
            state.apply(action)
        assert err.value.reason is FourReason.FOUR_TOGETHER
        assert action not in state.legal_actions(3)
    assert Cut(3, ((0, 0),), (1,)) in state.legal_actions(3)
    assert FourAtOnce(3) in state.legal_actions(3)


def test_the_four_at_once_cut_them_and_turn_the_deck_up() -> None:
    state = m23()
    state, events = play(state, FourAtOnce(0))
    assert state.phase.value == "four_point" and len(state.pending.options) > 40
    state, events = play(state, *(Pick(0, 3, slot) for slot in (8, 9, 10, 11)))
    cut = next(e for e in events if e.type == "four_cut")
    assert cut.data["outcome"] == "hit" and cut.data["targets"] == [[3, s] for s in (8, 9, 10, 11)]
    assert types(events).count("wire_cut") == 4 and types(events).count("equipment_revealed") == 7
    assert state.cut_count(12) == 4 and state.phase.value == "turn" and state.to_move == 1
    assert state.cut_count(8) == 0 and tray.card_state(state, 8) == "usable"
    assert Radar(1, 5) in state.legal_actions(1)
    assert FourAtOnce(1) not in state.legal_actions(1)


def test_a_wrong_four_explodes_the_bomb() -> None:
    state = m23()
    state, events = play(state, FourAtOnce(0), *(Pick(0, 3, slot) for slot in (7, 8, 9, 10)))
    assert state.result == "exploded"
    assert events[-1].type == "explosion" and events[-1].data["cause"] == "four"


def test_each_round_discards_the_top_card_until_the_four_are_cut() -> None:
    state = m23()
    state, _ = play(state, Cut(0, ((1, 0),), (1,)), Pick(0, 0, 0))  # Ana: Bea's 1
    state, _ = play(state, Cut(1, ((0, 3),), (2,)), Pick(1, 1, 1))  # Bea: Ana's 2
    state, events = play(state, SoloCut(2, 7))  # Carlo
    assert "equipment_discarded" not in types(events)
    state, events = play(state, SoloCut(3, 10))  # Dario: the round ends before Ana's turn
    assert types(events)[-2:] == ["turn", "equipment_discarded"]
    assert events[-1].data == {"left": 6} and state.to_move == 0
    equipment = tray.view(state.observation(0))
    assert equipment is not None and equipment["face_down"] == 6
