"""Mission 11's rules on hand-made deals: the blue value of the Number card acts as red (the
spec's FAQ point: that value explodes), nobody announces it, a hand of only such wires is
revealed, no token goes on one, and the equipment card of that number is never on the board."""

from __future__ import annotations

import pytest

from engine.redwire import (
    Cut,
    IllegalActionError,
    Pick,
    PlaceToken,
    Radar,
    Reason,
    RevealReds,
    SetupError,
    SoloCut,
    Stabilize,
    explicit_setup,
    new_game,
)
from engine.redwire.deduction import position_from_observation, solve
from engine.redwire.mechanisms import red_value
from engine.redwire.mechanisms.equipment import tray
from engine.redwire.mechanisms.red_value import RedValueReason
from engine.redwire.model import Phase

from .helpers import game, play, types

STANDS = [
    ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "1.1"],
    ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "2.1"],
    ["1", "1", "2", "2", "3", "3", "4", "4", "5", "5", "6", "6"],
    ["7", "7", "8", "8", "9", "9", "10", "10", "11", "11", "12", "12"],
]
ORDER = [7, 1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12]  # 7 is on the mission card: it acts as red


def m11(cards: list[int] | None = None, tokens: list[tuple[int, int]] | None = None):  # type: ignore[no-untyped-def]
    return game(
        11,
        4,
        STANDS,
        parts={"number_cards": {"order": ORDER}, "equipment": {"cards": cards or [1, 2, 3, 4]}},
        tokens=tokens,
    )


def test_the_value_of_the_number_card_acts_as_red_and_is_never_announced() -> None:
    state = m11()
    assert red_value.view(state.observation(None)) == {"value": 7}
    assert state.log[0].type == "red_value"
    for refused in (Cut(0, [(2, 0)], [7]), SoloCut(0, 7)):
        with pytest.raises(IllegalActionError) as err:
            state.apply(refused)
        assert err.value.reason is RedValueReason.RED_VALUE
    assert not any(
        isinstance(a, Cut | SoloCut) and 7 in getattr(a, "values", (getattr(a, "value", 0),))
        for a in state.legal_actions(0)
    )


def test_pointing_at_one_explodes_the_bomb() -> None:
    """The FAQ's point: a wire of that value explodes like a red one."""
    state = m11()
    state, events = play(state, Cut(0, [(3, 0)], [8]))  # seat 3's first wire is a 7
    assert types(events) == ["cut", "explosion"]
    assert events[0].data["outcome"] == "red" and events[0].data["red_as"] == [7]
    assert state.result == "exploded"


def unlocked_stabilizer():  # type: ignore[no-untyped-def]
    """Four turns: two 9s cut (card 9 unlocks), a miss by seat 3; seat 0 to play."""
    state = m11(cards=[1, 2, 3, 9])
    state, _ = play(state, Cut(0, [(3, 4)], [9]), Pick(0, 0, 9))
    state, _ = play(state, Cut(1, [(2, 0)], [1]), Pick(1, 1, 0))
    state, _ = play(state, Cut(2, [(0, 2)], [2]), Pick(2, 2, 2))
    state, _ = play(state, Cut(3, [(0, 3)], [8]))  # a 3: a miss, a token
    assert state.dial == 3 and state.active == 0
    return state


def test_the_stabilizer_holds_it_as_it_holds_a_red_wire() -> None:
    state = unlocked_stabilizer()
    state, _ = play(state, Stabilize(0))
    state, events = play(state, Cut(0, [(3, 1)], [8]))  # a 7: held back
    assert types(events)[:1] == ["cut"] and events[0].data["outcome"] == "red"
    assert events[0].data["stabilized"] and "explosion" not in types(events)
    assert state.result is None and not state.cut[state.wire_id(3, 1)]
    assert state.wire_id(3, 1) not in state.info  # no token: it would show the value


def test_a_detector_never_puts_its_token_on_one() -> None:
    state = m11()
    # Seat 0's Double Detector on seat 3's 7 and 8 for 12: a miss; the token avoids the 7.
    state, events = play(state, Cut(0, [(3, 0), (3, 2)], [12], "double"))
    assert next(e for e in events if e.type == "cut").data["outcome"] == "miss"
    assert state.phase is Phase.DETECTOR_TOKEN and state.pending.options == ((3, 2),)
    # Both pointed wires act as red: the bomb explodes.
    state = m11()
    state, events = play(state, Cut(0, [(3, 0), (3, 1)], [12], "double"))
    cut = next(e for e in events if e.type == "cut")
    assert cut.data["outcome"] == "red" and state.result == "exploded"


def test_a_hand_of_only_such_wires_is_revealed() -> None:
    state = m11()
    table = state.clone()
    for slot in range(2, 12):  # seat 3 is left with its two 7s
        table.mark_cut(table.wire_id(3, slot))
    table.active = 3
    assert table.legal_actions(3) == [RevealReds(3)]
    with pytest.raises(IllegalActionError):
        table.apply(Cut(3, [(0, 0)], [8]))
    after, events = table.apply(RevealReds(3))
    assert types(events)[:3] == ["reveal", "wire_cut", "wire_cut"]
    assert after.cut[after.wire_id(3, 0)] and after.cut[after.wire_id(3, 1)]


def test_no_info_token_on_one_and_no_radar_on_that_value() -> None:
    state = m11(tokens=[])
    with pytest.raises(IllegalActionError) as err:
        state.apply(PlaceToken(0, 0, 7))  # seat 0's 7
    assert err.value.reason is RedValueReason.RED_VALUE_TOKEN
    assert PlaceToken(0, 0, 7) not in state.legal_actions(0)
    # Aimed at a teammate's wire the token is refused as not his, whatever that wire holds (its
    # 7 or its 8): the refusal must not tell seat 0 what he cannot see.
    for slot in (6, 7):  # seat 1's 7 and 8
        with pytest.raises(IllegalActionError) as err:
            state.apply(PlaceToken(0, 1, slot))
        assert err.value.reason is Reason.NOT_OWN_STAND
    with pytest.raises(IllegalActionError) as err:
        state.apply(Radar(0, 7))
    assert err.value.reason in (RedValueReason.RED_VALUE, tray.TrayReason.EQUIPMENT_ABSENT)


def test_with_two_players_the_captain_places_no_token() -> None:
    state = new_game(11, 2, seed=5)
    skipped = [e.data for e in state.log if e.type == "token_skipped"]
    assert skipped == [{"seat": state.setup.captain, "reason": "mission"}]
    assert state.to_move != state.setup.captain
    four = new_game(11, 4, seed=5)
    assert four.to_move == four.setup.captain  # with more players the captain places one


def test_the_card_of_that_number_is_never_on_the_board() -> None:
    for seed in range(60):
        state = new_game(11, 5, seed=seed)
        assert red_value.value(state) not in tray.cards_of(state.setup)
    with pytest.raises(SetupError):
        explicit_setup(
            11,
            4,
            0,
            STANDS,
            parts={"number_cards": {"order": ORDER}, "equipment": {"cards": [1, 2, 3, 7]}},
        )


def test_the_odds_know_a_pointed_wire_that_held_was_of_that_value() -> None:
    """The cut event says "red" for a wire of that value: with no red wire in the mission, the
    stabilized wire is a 7 for everyone."""
    state = unlocked_stabilizer()
    state, _ = play(state, Stabilize(0), Cut(0, [(3, 1)], [8]))
    solution = solve(position_from_observation(state.observation(1)))
    assert solution.class_probabilities((3, 1)) == {7: 1}
