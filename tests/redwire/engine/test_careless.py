"""Mission 28's rules on hand-made deals: the captain has no character card (no Double Detector,
shown as absent), may use no equipment card (he still gives a wire to the Walkie-Talkies), and
his missed Dual Cut explodes the bomb; the bots count his misses as explosions."""

from __future__ import annotations

import pytest

from engine.redwire import Cut, IllegalActionError, Pick, Radar, Walkie
from engine.redwire.bots.knowledge import Knowledge
from engine.redwire.mechanisms import double_detector
from engine.redwire.mechanisms.careless import CarelessReason

from .helpers import fill_deal, game, play

STANDS = fill_deal(28, 4, 0, {}, red=["4.5", "8.5"], yellow=["2.1", "5.1", "7.1", "9.1"])


def m28(cards: list[int] | None = None):  # type: ignore[no-untyped-def]
    return game(28, 4, STANDS, parts={"equipment": {"cards": cards or [2, 4, 8, 9]}})


def unlocked(state, values):  # type: ignore[no-untyped-def]
    table = state.clone()
    for value in values:
        for wire, code in enumerate(table.codes):
            if code == 10 * value and table.cut_count(value) < 2:
                table.mark_cut(wire)
    return table


def test_no_double_detector_for_the_captain() -> None:
    state = m28()
    obs = state.observation(1)
    assert double_detector.absent_in(obs, 0) and not double_detector.absent_in(obs, 1)
    with pytest.raises(IllegalActionError) as err:
        state.apply(Cut(0, ((1, 0), (1, 1)), (1,), "double"))
    assert err.value.reason is CarelessReason.CARELESS_NO_DETECTOR
    assert not any(isinstance(a, Cut) and a.tool for a in state.legal_actions(0))


def test_no_equipment_card_for_the_captain_but_the_walkie_talkies_partner() -> None:
    state = unlocked(m28(), [8, 2])
    with pytest.raises(IllegalActionError) as err:
        state.apply(Radar(0, 5))
    assert err.value.reason is CarelessReason.CARELESS_NO_EQUIPMENT
    assert state.is_legal(Radar(1, 5))
    state, _ = play(state, Walkie(1, 1, 12, 0))  # Bea gives a wire to the captain
    assert state.to_move == 0 and any(isinstance(a, Pick) for a in state.legal_actions(0))


def test_the_captains_miss_explodes_and_the_bots_know_it() -> None:
    state = m28()
    assert Knowledge(state.observation(0)).miss_explodes
    assert not Knowledge(state.observation(1)).miss_explodes
    wrong = next(
        a
        for a in state.legal_actions(0)
        if isinstance(a, Cut)
        and a.values[0] != state.code_at(*a.targets[0]) // 10
        and state.code_at(*a.targets[0]) % 10 == 0
    )
    state, events = play(state, wrong)
    assert state.result == "exploded" and events[-1].data["cause"] == "careless"
