"""Mission 58's rules on hand-made deals (``double_detector:unlimited`` and ``no_tokens``): no
setup token, no token after any miss (a plain cut's, a detector's: its owner is asked nothing),
a Double Detector usable on every turn, the Sticky Note and the Spare Batteries left out, and
what a miss then proves (only that the wires pointed at are not the announced value)."""

from __future__ import annotations

import pytest

from engine.redwire import Cut, GameState, IllegalActionError, Pick, new_game
from engine.redwire.bots import make_bot
from engine.redwire.deduction import position_from_observation, solve
from engine.redwire.deduction.codes import RED
from engine.redwire.mechanisms import double_detector
from engine.redwire.mechanisms.equipment.post_it import PostIt
from engine.redwire.mechanisms.equipment.tray import TrayDeal, TrayReason
from engine.redwire.wires import Colour, colour_of
from tests.redwire.bots.checks import check_explanation

from .helpers import fill_deal, game, play, turn_of, types, with_cut

STANDS = fill_deal(58, 3, 0, {}, red=["4.5", "8.5"])
# seat 0: stand 0 = 1x4 2x4 3x4 4, stand 1 = 4 4 4 4.5 5x4 6x4 7;
# seat 1: stand 2 = 7 7 7 8x4 8.5 9x4; seat 2: stand 3 = 10x4 11x4 12x4
CARDS = {"equipment": {"cards": [3, 8, 2]}}


def m58(stands: list[list[str]] = STANDS, red: tuple[str, ...] = ("4.5", "8.5")) -> GameState:
    return game(58, 3, stands, parts=CARDS, red_markers=list(red))


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_nobody_places_a_setup_token(players: int) -> None:
    state = new_game(58, players, seed=players)
    skipped = [e.data for e in state.log if e.type == "token_skipped"]
    captain = state.setup.captain
    assert [d["seat"] for d in skipped] == [(captain + i) % players for i in range(players)]
    assert {d["reason"] for d in skipped} == {"mission"}
    assert state.phase.value == "turn" and not state.info
    reds = sum(1 for code in state.codes if colour_of(code) is Colour.RED)
    assert reds == (3 if players == 2 else 2)
    assert double_detector.unlimited_in(state.observation(0))


def test_a_failed_cut_places_no_token() -> None:
    state, events = play(m58(), Cut(0, ((2, 3),), (1,)))  # seat 1's 8, said to be a 1
    assert types(events) == ["cut", "dial", "turn"]
    assert not state.info and state.dial == 2


def test_a_detector_miss_asks_nobody_for_a_token_and_the_detector_stays_ready() -> None:
    # seat 0 points at seat 1's 8 and red 8.5, announcing 1: no explosion, no token to place
    state, events = play(m58(), Cut(0, ((2, 6), (2, 7)), (1,), "double"))
    assert types(events) == ["character", "cut", "dial", "turn"]
    assert state.phase.value == "turn" and state.to_move == 1 and not state.info
    assert not double_detector.used(state, 0)
    assert double_detector.view(state.observation(1)) == {
        "characters": [{"seat": s, "used": False} for s in range(3)],
        "unlimited": True,
    }


def test_the_double_detector_works_on_every_turn() -> None:
    state, _ = play(m58(), Cut(0, ((3, 0), (3, 4)), (1,), "double"))  # a 10 and an 11: miss
    state = turn_of(state, 0)
    assert any(isinstance(a, Cut) and a.tool == "double" for a in state.legal_actions(0))
    state, events = play(state, Cut(0, ((2, 0), (2, 1)), (7,), "double"))  # two 7s: a hit
    assert state.phase.value == "detector_cut" and state.to_move == 1
    state, events = play(state, Pick(1, 2, 1), Pick(0, 1, 12))
    assert types(events) == ["wire_cut", "wire_cut", "turn"]
    assert not double_detector.used(state, 0)
    state = turn_of(state, 0)
    assert any(isinstance(a, Cut) and a.tool == "double" for a in state.legal_actions(0))


def test_a_red_pair_explodes_as_usual() -> None:
    fixed = {2: ["7", "7", "7", "8", "8", "8", "8", "8.5", "9", "9", "9", "9.5"]}
    state = m58(fill_deal(58, 3, 0, fixed, red=["8.5", "9.5"]), ("8.5", "9.5"))
    state, events = play(state, Cut(0, ((2, 7), (2, 11)), (1,), "double"))
    assert state.result == "exploded" and "dial" not in types(events)


def test_the_sticky_note_and_the_spare_batteries_are_left_out() -> None:
    for seed in range(12):
        deal = new_game(58, 5, seed).setup.parts["equipment"]
        assert isinstance(deal, TrayDeal) and not {4, 7} & set(deal.cards)
    with pytest.raises(IllegalActionError) as err:
        m58().apply(PostIt(0, 0, 0))
    assert err.value.reason is TrayReason.EQUIPMENT_ABSENT
    assert "new_characters" not in {m.id for m in m58().mechanisms}


def test_a_triple_detector_miss_places_no_token_either() -> None:
    state = turn_of(with_cut(m58(), [(0, 8), (0, 9)]), 2)  # two 3s cut: card 3 unlocked
    state, events = play(state, Cut(2, ((2, 0), (2, 3), (2, 8)), (10,), "triple"))
    assert types(events)[-2:] == ["dial", "turn"] and not state.info
    assert state.to_move == 0


def test_what_a_miss_proves() -> None:
    state, _ = play(m58(), Cut(0, ((2, 3),), (1,)))  # seat 1's 8: not 1, not red
    state, _ = play(state, Cut(1, ((3, 0), (3, 4)), (7,), "double"))  # seat 2's 10, 11: not 7
    odds = solve(position_from_observation(state.observation(2))).class_probabilities
    assert 1 not in odds((2, 3)) and RED not in odds((2, 3))
    seen_by_0 = solve(position_from_observation(state.observation(0))).class_probabilities
    assert 7 not in seen_by_0((3, 0)) and 7 not in seen_by_0((3, 4))
    assert len(seen_by_0((3, 0))) > 1  # nothing more: no token says what it is


@pytest.mark.parametrize("level", ["random", "cautious", "expert"])
def test_the_bots_use_the_detector_from_their_observation_and_say_why(level: str) -> None:
    state = new_game(58, 4, 1)
    seat = state.to_move
    assert seat is not None
    legal = state.legal_actions(seat)
    bot = make_bot(level, 1)
    action = bot.choose(state.observation(seat), legal)
    assert action in legal
    check_explanation(bot.explain(), state, seat)
    if level != "random":  # nothing is known yet: two wires at once beat any single cut
        assert isinstance(action, Cut) and action.tool == "double"
        assert bot.explain().key == "cut_detector" and bot.explain().params["tool"] == "double"
