"""Mission 27's rules on hand-made deals: no personal equipment (no Double Detector); once two
yellow wires are cut, at the end of that turn, as many drawn info tokens as players, taken from
the captain clockwise and placed on a matching wire or beside the stand; the draw unseen before."""

from __future__ import annotations

import pytest

from engine.redwire import Cut, IllegalActionError, Pick, explicit_setup, start
from engine.redwire.mechanisms import token_draft
from engine.redwire.mechanisms.token_draft import DraftReason, TakeToken
from engine.redwire.wires import YELLOW

from .helpers import fill_deal, game, play, types

FIXED = {
    0: ["1", "1", "2", "2", "2.1", "3", "3", "4", "4", "4.5", "5", "5", "5.1", "6"],
    1: ["1", "1", "2", "2", "3", "3", "4", "4", "5", "5", "6", "6", "7"],
}
STANDS = fill_deal(27, 4, 0, FIXED, red=["4.5"], yellow=["2.1", "5.1", "7.1", "9.1"])
# stand 2 (Carlo): 6 7 7 7 7.1 8 8 8 8 9 9 9 9; stand 3 (Dario): 9.1 10 x4 11 x4 12 x4


def m27():  # type: ignore[no-untyped-def]
    parts = {"equipment": {"cards": [1, 4, 8, 9]}, "token_draft": {"drawn": [7, "yellow", 12, 1]}}
    return game(27, 4, STANDS, parts=parts)


def test_no_double_detector() -> None:
    state = m27()
    assert "double_detector" not in {m.id for m in state.mechanisms}
    assert not any(isinstance(a, Cut) and a.tool for a in state.legal_actions(0))
    with pytest.raises(IllegalActionError):
        state.apply(Cut(0, ((2, 1), (2, 2)), (7,), "double"))


def test_two_players_the_captain_places_no_setup_token() -> None:
    stands = fill_deal(27, 2, 0, {}, red=["4.5"], yellow=["2.1", "5.1", "7.1", "9.1"])
    parts = {"equipment": {"cards": [1, 4]}, "token_draft": {"drawn": [1, 2]}}
    setup = explicit_setup(27, 2, 0, stands, parts=parts)
    state = start(setup)
    assert state.to_move == 1 and state.log[0].type == "token_skipped"


def test_two_yellows_cut_bring_the_drawn_tokens() -> None:
    state = m27()
    assert token_draft.view(state.observation(1)) == {"state": "waiting", "drawn": [], "taken": []}
    state, events = play(state, Cut(0, ((2, 4),), (YELLOW,)), Pick(0, 0, 4))
    start_event = next(e for e in events if e.type == "draft_start")
    assert start_event.data["values"] == [7, "yellow", 12, 1] and "turn" not in types(events)
    assert state.phase.value == "draft_take" and state.to_move == 0
    with pytest.raises(IllegalActionError) as err:
        state.apply(TakeToken(0, 3))
    assert err.value.reason is DraftReason.DRAFT_NOT_LEFT
    state, events = play(state, TakeToken(0, YELLOW))  # Ana: her other yellow
    assert state.phase.value == "draft_place" and state.pending.options == ((0, 12),)
    state, events = play(state, Pick(0, 0, 12))
    assert events[0].type == "token" and events[0].data["reason"] == "reward"
    state, events = play(state, TakeToken(1, 7), Pick(1, 1, 12))  # Bea's 7
    state, events = play(state, TakeToken(2, 1))  # Carlo holds no 1
    assert events[-1].type == "reward_beside" and state.to_move == 3
    assert {a.value for a in state.legal_actions(3) if isinstance(a, TakeToken)} == {12}
    state, events = play(state, TakeToken(3, 12), Pick(3, 3, 9))
    assert types(events)[-3:] == ["token", "draft_done", "turn"] and state.to_move == 1
    part = token_draft.view(state.observation(None))
    assert part is not None and part["state"] == "done" and len(part["taken"]) == 4
