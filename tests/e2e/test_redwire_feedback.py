"""A miss and a hit are seen, heard and counted: the wire and its new token stay marked and in
view, the detonator reads as mistakes left and moves (only when motion is allowed), a screen
reader hears the whole action; a lone person is not asked to pick their only matching wire."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, ViewportSize, expect
from redwire_driver import (
    computers_tokens,
    play,
    resume_at,
    saved_state,
    sure_cut,
    sure_move,
    tile,
    wait_decision,
    wrong_cut,
)

from engine.redwire import Cut
from engine.redwire.wires import cut_value

# The captain is the person (seat 0); the computers think for a while, so the board holds still.
GAME = "?mission=1&players=3&seed=11&bots=1&pace=slow&brief=0&captain=1"
PHONE: ViewportSize = {"width": 360, "height": 640}


def to_my_first_turn(page: Page) -> None:
    """The person's setup token by touch, the computers' placed in CPython (at the slow pace
    they take 2.2 s each in the page) and the game opened through the page's resume path."""
    assert wait_decision(page, 60_000) == "setup_token"
    play(page, sure_move(saved_state(page), 0))
    resume_at(page, computers_tokens(page, 1))
    assert wait_decision(page) == "turn"


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_a_miss_is_seen_heard_and_counted(follow_link: Callable[..., Page], motion: str) -> None:
    page = follow_link(GAME, viewport=PHONE, is_mobile=True, has_touch=True)
    # The player's motion setting, on the page both variants share (only CSS reads it: a media
    # query follows it at once); set back after the test for the page's next game.
    page.emulate_media(reduced_motion=motion)  # type: ignore[arg-type]
    try:
        miss_seen_heard_and_counted(page, motion)
    finally:
        page.emulate_media(reduced_motion="no-preference")


def miss_seen_heard_and_counted(page: Page, motion: str) -> None:
    to_my_first_turn(page)
    expect(page.get_by_test_id("mistakes-left")).to_have_text("2 mistakes left")

    state = saved_state(page)
    action = wrong_cut(state, 0)
    stand, slot = action.targets[0]
    truth = state.code_at(stand, slot) // 10
    play(page, action)

    target = tile(page, stand, slot)
    expect(target).to_have_class(re.compile(r"\bis-news--miss\b"))
    expect(target).to_have_attribute("aria-label", re.compile(f"info token {truth}, last miss$"))
    expect(target.locator(".rw-token")).to_be_in_viewport(ratio=1)
    expect(target).to_be_in_viewport(ratio=1)
    expect(page.get_by_test_id("mistakes-left")).to_have_text("1 mistake left")
    dial = page.get_by_test_id("detonator")
    expect(dial).to_have_class(re.compile(r"\bis-ticked\b"))
    expect(dial).to_have_attribute("aria-label", "Detonator: 1 mistake left")
    # The whole action, for a screen reader: the cut, the true value, the detonator.
    live = page.locator("#rw-live")
    expect(live).to_have_attribute("aria-live", "polite")
    expect(live).to_contain_text("You point at")
    expect(live).to_contain_text(f"No, it is {truth}.")
    expect(live).to_contain_text("Detonator: 1 mistake left.")
    # The last event is on the screen too, not only in the full log.
    expect(page.get_by_test_id("last-event")).to_be_in_viewport()
    animation = dial.evaluate("e => getComputedStyle(e).animationName")
    assert animation == ("rw-shake" if motion == "no-preference" else "none")


def test_a_hit_is_marked_and_a_lone_person_skips_the_only_pick(
    follow_link: Callable[..., Page],
) -> None:
    page = follow_link(GAME, viewport=PHONE)
    to_my_first_turn(page)
    state = saved_state(page)
    own = [code for st in range(len(state.owners)) if state.owners[st] == 0
           for _, code in state.uncut(st)]  # fmt: skip
    single = [
        a for a in state.legal_actions(0)
        if isinstance(a, Cut) and a.tool is None and len(a.values) == 1
        and cut_value(state.code_at(*a.targets[0])) == a.values[0]
        and sum(1 for code in own if cut_value(code) == a.values[0]) == 1
    ]  # fmt: skip
    action = single[0] if single else sure_cut(state, 0)
    before = len(state.history)
    play(page, action)
    expect(tile(page, *action.targets[0])).to_have_class(re.compile(r"\bis-news--hit\b"))
    if single:
        # No "cut one of your own 7s" step: the only matching wire was cut at once.
        page.wait_for_function(
            f"JSON.parse(localStorage.getItem('fusebox.redwire.game')).data.record.actions.length"
            f" >= {before + 2}"
        )
        assert saved_state(page).history[before + 1].to_json()["type"] == "pick"
        expect(page.get_by_test_id("prompt")).not_to_have_attribute("data-decision", "own_cut")
