"""Two tabs of the site at once: a tab whose game another tab changed stops, and says so,
instead of saving its older game over the other tab's (they share one localStorage)."""

from __future__ import annotations

from harness import Watch, record_console, wait_ready
from playwright.sync_api import BrowserContext, expect
from redwire_driver import QUICK, play, play_moves, saved, saved_state, settled_decision, sure_move

from engine.redwire import Record

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
