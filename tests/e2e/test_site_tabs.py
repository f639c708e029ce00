"""Two tabs of the site at once: a tab whose game another tab changed stops, and says so,
instead of saving its older game over the other tab's (they share one localStorage)."""

from __future__ import annotations

import json

from harness import Watch, record_console, wait_ready
from playwright.sync_api import BrowserContext, expect
from redwire_driver import (
    PROGRESS_KEY,
    QUICK,
    play,
    play_moves,
    saved,
    saved_state,
    settled_decision,
    sure_move,
)

from engine.redwire import Record
from engine.redwire.campaign import Campaign

FIRST = "?mission=1&players=2&seed=7" + QUICK
SECOND = "?mission=2&players=2&seed=9" + QUICK
STOPPED = "This game was changed in another tab or window of this site"


def test_a_tab_stops_when_another_tab_plays_and_never_saves_over_it(
    context: BrowserContext, site_url: str, watch: Watch
) -> None:
    first = context.new_page()
    record_console(first, watch)
    first.goto(site_url + FIRST)
    wait_ready(first)
    settled_decision(first)
    play_moves(first, 0, 2)
    older = saved_state(first)  # what the first tab still shows

    # A second tab: the shared link asks before it replaces the game, then is played on.
    second = context.new_page()
    record_console(second, watch)
    second.goto(site_url + SECOND)
    wait_ready(second)
    second.locator('[data-act="link-start"]').click()
    settled_decision(second)
    play_moves(second, 0, 2)
    newer = saved_state(second)
    assert newer.setup.mission == 2

    # The first tab no longer offers its older board (a move there would save mission 1 over
    # the second tab's mission 2): its home card says why, and the saved game is the second's.
    first.bring_to_front()
    expect(first.get_by_test_id("prompt")).to_have_count(0)
    expect(first.get_by_test_id("home")).to_contain_text(STOPPED)
    expect(first.get_by_test_id("continue")).to_contain_text("Mission 2")
    assert first.evaluate("document.documentElement.dataset.boardReady") is None
    assert Record.from_json(saved(first)["record"]).replay().same_as(newer)
    assert not older.same_as(newer)

    # Continue there goes on with the second tab's game, where it was left; a move made in the
    # first tab now stops the second one in its turn.
    first.get_by_test_id("continue").click()
    settled_decision(first)
    moves = len(newer.history)
    assert first.get_by_test_id("prompt").get_attribute("data-moves") == str(moves)
    play(first, sure_move(newer, 0))
    first.wait_for_selector(f'[data-testid="prompt"]:not([data-moves="{moves}"])')
    expect(second.get_by_test_id("prompt")).to_have_count(0)
    expect(second.get_by_test_id("home")).to_contain_text(STOPPED)
    assert len(saved_state(first).history) > moves


def test_the_table_screen_keeps_the_missions_another_tab_won(
    context: BrowserContext, site_url: str, watch: Watch
) -> None:
    """The table screen (drawn before the boot, web/js/redwire.js) saves the table beside the
    campaign: it must save it beside the campaign saved now, not the one read when the screen
    opened. Before, a change of the table in one tab wrote its older campaign over the missions
    won in another tab meanwhile."""
    first = context.new_page()
    record_console(first, watch)
    first.goto(site_url)
    wait_ready(first)
    first.get_by_test_id("play").click()
    expect(first.get_by_test_id("table")).to_be_visible()

    # Meanwhile another tab wins mission 1 (its save, as the game writes it).
    won = Campaign().finished(mission=1, players=3, captain=0, won=True)
    seats = [{"kind": k, "name": "", "level": "expert"} for k in ("human", *["bot"] * 4)]
    data = {"campaign": won.to_json(), "table": {"players": 3, "seats": seats, "options": {}}}
    envelope = {"format": "fusebox.redwire.progress", "version": 1, "data": data}
    second = context.new_page()
    second.goto(site_url + "icons/icon.svg")  # a file of the site: no game runs in this tab
    second.evaluate("([k, v]) => localStorage.setItem(k, v)", [PROGRESS_KEY, json.dumps(envelope)])

    # The first tab's table changes: four players, saved with the mission won elsewhere.
    group = first.get_by_test_id("table").get_by_role("group", name="Number of players")
    group.get_by_role("button", name="4").click()
    saved_now = json.loads(first.evaluate(f"localStorage.getItem({PROGRESS_KEY!r})"))["data"]
    assert saved_now["table"]["players"] == 4
    assert Campaign.from_json(saved_now["campaign"]).status(1) == "won"
