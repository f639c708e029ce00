"""Rule sticker C's cards in the bots' hands (hand-made mission-58 deal of the engine tests): the
thinking levels use the Fast Pass instead of a guess and the Single Wire Label at once, each with
its reason; the Grappling Hook on the teammate's wire likeliest to complete a Solo Cut; the random level
may choose them too (they are legal moves like any)."""

from __future__ import annotations

import pytest

from engine.redwire.bots import make_bot
from engine.redwire.mechanisms.equipment.fast_pass import FastPass
from engine.redwire.mechanisms.equipment.hook import Hook
from engine.redwire.mechanisms.equipment.single_label import SingleLabel
from tests.redwire.bots.checks import check_explanation
from tests.redwire.engine.helpers import turn_of, with_cut
from tests.redwire.engine.test_grappling_hook import unlocked
from tests.redwire.engine.test_sticker_c import NINES, TWOS, fresh


@pytest.mark.parametrize("level", ["cautious", "expert"])
def test_no_certain_cut_so_the_fast_pass_cuts_a_pair_of_mine(level: str) -> None:
    state = with_cut(fresh([99]), NINES)
    bot = make_bot(level, 1)
    action = bot.choose(state.observation(0), state.legal_actions(0))
    # Seat 0 holds two 2s, two 3s, and no cut is certain: a pair it holds exactly twice.
    assert isinstance(action, FastPass) and action.value == 3, action
    assert bot.explain().key == "fast_pass"
    check_explanation(bot.explain(), state, 0)


def test_the_expert_puts_the_single_wire_label_on_an_uncut_single_at_once() -> None:
    """(A certain cut is there, a token shows it: the cautious level cuts first, the expert
    uses the free card first.)"""
    state = with_cut(fresh([22]), TWOS)
    bot = make_bot("expert", 1)
    action = bot.choose(state.observation(0), state.legal_actions(0))
    assert isinstance(action, SingleLabel) and action.stand == 0, action
    slots = state.observation(0)["stands"][0]["slots"]
    assert not slots[action.slot]["cut"]
    assert bot.explain().key == "single_label"
    check_explanation(bot.explain(), state, 0)


@pytest.mark.parametrize("level", ["cautious", "expert"])
def test_no_certain_cut_so_the_hook_takes_the_likely_last_copy_of_a_value(level: str) -> None:
    """Seat 2 holds two 4s and one more is cut: a teammate's wire that is likely the last 4
    is worth the Grappling Hook (a certain Solo Cut if it is), before any guess."""
    state = turn_of(with_cut(unlocked(), [(0, 5), (1, 4)]), 2)
    bot = make_bot(level, 1)
    action = bot.choose(state.observation(2), state.legal_actions(2))
    assert isinstance(action, Hook) and (action.stand, action.slot, action.into) == (0, 4, 2)
    assert bot.explain().key == "hook_solo" and bot.explain().params["value"] == 4
    check_explanation(bot.explain(), state, 2)
