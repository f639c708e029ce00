"""Mission 14's rules on hand-made deals: the rookie's miss explodes the bomb (a single cut or a
detector), a teammate's miss only moves the dial, and the rookie may not use the Stabilizer."""

from __future__ import annotations

import pytest

from engine.redwire import Cut, IllegalActionError, Pick, new_game
from engine.redwire.bots.knowledge import Knowledge
from engine.redwire.mechanisms import rookie
from engine.redwire.mechanisms.equipment.stabilizer import Stabilize
from engine.redwire.mechanisms.rookie import RookieReason

from .helpers import fill_deal, game, play, types

FIXED = {
    0: ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "2.1"],
    1: ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "6.1"],
}
STANDS = fill_deal(14, 4, 0, FIXED, red=["3.5", "8.5"], yellow=["2.1", "6.1"])


def m14(seat: int = 1, cards: list[int] | None = None):  # type: ignore[no-untyped-def]
    return game(
        14,
        4,
        STANDS,
        parts={"rookie": {"seat": seat}, "equipment": {"cards": cards or [1, 2, 3, 4]}},
        yellow_markers=["2.1", "6.1", "10.1"],
    )


def test_a_teammates_miss_moves_the_dial_the_rookies_explodes() -> None:
    state = m14(seat=1)
    assert rookie.view(state.observation(None)) == {"rookie": 1}
    state, events = play(state, Cut(0, [(2, 0)], [12]))  # seat 0 misses: one step
    assert "dial" in types(events) and state.result is None
    state, events = play(state, Cut(1, [(2, 0)], [12]))  # the rookie misses: boom
    assert types(events) == ["cut", "explosion"]
    assert events[-1].data == {"cause": "rookie"} and state.result == "exploded"


def test_the_rookies_hit_is_a_hit_and_a_detector_miss_explodes() -> None:
    state = m14(seat=0)
    state, events = play(state, Cut(0, [(2, 0)], [1]), Pick(0, 0, 0))  # stand 2 starts with a 1
    assert state.result is None and "explosion" not in types(events)
    state = m14(seat=0)
    state, events = play(state, Cut(0, [(2, 0), (2, 1)], [12], "double"))
    assert types(events)[-1] == "explosion" and state.result == "exploded"


def test_the_rookie_may_not_use_the_stabilizer() -> None:
    state = m14(seat=0, cards=[9, 1, 2, 3])
    state, _ = play(state, Cut(0, [(1, 9)], [9]), Pick(0, 0, 9))  # two 9s: card 9 unlocks
    state, _ = play(state, Cut(1, [(0, 0)], [1]), Pick(1, 1, 0))
    state, _ = play(state, Cut(2, [(1, 1)], [2]), Pick(2, 2, 2))
    while state.active != 0:
        seat = state.to_move
        assert seat is not None
        sure = next(
            a
            for a in state.legal_actions(seat)
            if not isinstance(a, Cut)
            or (a.tool is None and state.code_at(*a.targets[0]) == 10 * a.values[0])
        )
        state, _ = play(state, sure)
    assert state.active == 0
    assert Stabilize(0) not in state.legal_actions(0)
    with pytest.raises(IllegalActionError) as err:
        state.apply(Stabilize(0))
    assert err.value.reason is RookieReason.ROOKIE_STABILIZER


def test_the_rookies_odds_count_every_miss_as_an_explosion() -> None:
    state = new_game(14, 4, seed=2)
    while state.phase.value == "setup_token":
        state, _ = state.apply(state.legal_actions(state.to_move)[0])
    seat = rookie.rookie(state)
    other = (seat + 1) % 4
    target = next((st, sl) for st, owner in enumerate(state.owners) if owner != seat for sl in [0])
    mine = Knowledge(state.observation(seat)).cut_odds([target], [1])
    assert mine.explosion == pytest.approx(1.0 - mine.success) and mine.mistake == 0.0
    target = next((st, 0) for st, owner in enumerate(state.owners) if owner != other)
    theirs = Knowledge(state.observation(other)).cut_odds([target], [1])
    assert theirs.mistake > 0.0
