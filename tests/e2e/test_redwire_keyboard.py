"""A whole mission by keyboard: the focus is always on something (and seen), arrow keys move
along the wires and along the values, Enter picks, and after every action the focus is on the
next useful control (a teammate's wire when your turn comes, the wire to choose when a choice
opens), never lost to the page."""

from __future__ import annotations

from harness import wait_ready
from playwright.sync_api import Page
from redwire_driver import focused, key_play, saved_state, sure_move, wait_decision

GAME = "?mission=1&players=3&seed=3&bots=1&pace=instant&brief=0&captain=1"


def test_a_whole_mission_by_keyboard(page: Page, site_url: str) -> None:
    page.goto(site_url + GAME)
    wait_ready(page)
    moves = 0
    while (decision := wait_decision(page)) != "over":
        at = focused(page)
        assert at is not None, f"the focus fell to the page ({decision})"
        assert at["outline"] != "none" and at["outlineWidth"] >= 2, f"focus not seen: {at}"
        if decision == "turn":
            assert at["act"] == "tile", f"your turn: the focus is on {at}"
            state = saved_state(page)
            assert state.owners[int(at["stand"])] != 0, "your turn starts on a teammate's wire"
        elif decision in ("setup_token", "own_cut"):
            assert at["act"] == "tile", f"a choice of wire: the focus is on {at}"
        state = saved_state(page)
        before = len(state.history)
        key_play(page, sure_move(state, 0), state)
        page.wait_for_selector(
            f'[data-testid="prompt"]:not([data-moves="{before}"]), [data-testid="end"]'
        )
        moves += 1
    assert saved_state(page).result == "won"
    assert moves >= 5
