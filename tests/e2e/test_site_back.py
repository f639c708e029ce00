"""The browser's Back and Forward (a phone's back gesture) between the box's screens
(web/js/back.js): Back from a game's screen goes to the home screen with the game kept, Forward
resumes it where it was, Back across a pass-and-play handoff shows nothing private, a reload
after Back stays on the home screen, and Back from the home screen leaves the site."""

from __future__ import annotations

import countdown_driver
import loop_driver
from harness import Watch, record_console, wait_ready
from playwright.sync_api import BrowserContext, Page, expect
from redwire_driver import QUICK, play, play_moves, saved_state, settled_decision, sure_move


def screen(page: Page) -> str | None:
    """The screen that has the page (None: the home screen)."""
    value = page.evaluate("document.documentElement.dataset.screen ?? null")
    return None if value is None else str(value)


def open_page(context: BrowserContext, watch: Watch, url: str) -> Page:
    page = context.new_page()
    record_console(page, watch)
    page.goto(url)
    wait_ready(page)
    return page


def leaves_from_home(page: Page, site_url: str) -> None:
    """Back from the home screen leaves the site (here: the tab's first, blank page)."""
    assert screen(page) is None
    page.go_back()
    assert not page.url.startswith(site_url), page.url


def test_red_wire_back_goes_home_and_forward_resumes_the_same_move(
    context: BrowserContext, site_url: str, watch: Watch
) -> None:
    page = open_page(context, watch, site_url + "?mission=1&players=2&seed=7" + QUICK)
    settled_decision(page)
    page.locator("body").click(position={"x": 1, "y": 1})  # a person's tap, as on a phone
    play_moves(page, 0, 2)
    settled_decision(page)
    moves = page.get_by_test_id("prompt").get_attribute("data-moves")
    assert screen(page) == "board"

    page.go_back()
    expect(page.get_by_test_id("continue")).to_be_visible()
    assert page.url.startswith(site_url)
    assert screen(page) is None
    expect(page.get_by_test_id("prompt")).to_have_count(0)
    assert str(len(saved_state(page).history)) == moves  # the game is kept, not lost

    page.go_forward()
    settled_decision(page)
    assert screen(page) == "board"
    assert page.get_by_test_id("prompt").get_attribute("data-moves") == moves

    # Back again, then a reload: still the home screen (the game not opened by itself).
    page.go_back()
    expect(page.get_by_test_id("continue")).to_be_visible()
    page.reload()
    wait_ready(page)
    expect(page.get_by_test_id("continue")).to_be_visible()
    assert screen(page) is None
    # Continue resumes it all the same.
    page.get_by_test_id("continue").click()
    settled_decision(page)
    assert page.get_by_test_id("prompt").get_attribute("data-moves") == moves
    page.go_back()
    expect(page.get_by_test_id("continue")).to_be_visible()
    leaves_from_home(page, site_url)


def test_red_wire_back_across_a_handoff_shows_nothing_private(
    context: BrowserContext, site_url: str, watch: Watch
) -> None:
    """Two people pass one device: after the first one's move the handoff asks for the second;
    Back shows the home screen, Forward the handoff again, never the first one's wires."""
    page = open_page(context, watch, site_url + "?mission=1&players=2&seed=7&bots=0&brief=0")
    page.wait_for_selector('[data-testid="handoff"], [data-testid="prompt"][data-decision]')
    if page.get_by_test_id("handoff").count():
        page.get_by_test_id("handoff-ready").click()
    settled_decision(page)
    first = saved_state(page).to_move
    assert first is not None
    # The first player's token: the device goes to the other one.
    play(page, sure_move(saved_state(page), first))
    expect(page.get_by_test_id("handoff")).to_be_visible()
    assert screen(page) == "handoff"

    page.go_back()
    expect(page.get_by_test_id("continue")).to_be_visible()
    assert screen(page) is None
    # No stand of anyone's on the page: the home screen holds nothing of the board.
    assert page.locator("#rw-root [data-stand], #rw-root [data-slot]").count() == 0

    page.go_forward()
    expect(page.get_by_test_id("handoff")).to_be_visible()
    assert screen(page) == "handoff"
    assert page.locator("#rw-root [data-slot]").count() == 0


def test_red_wire_back_from_the_table_screen_goes_home(
    context: BrowserContext, site_url: str, watch: Watch
) -> None:
    page = open_page(context, watch, site_url)
    assert screen(page) is None
    page.get_by_test_id("play").click()
    expect(page.get_by_test_id("table")).to_be_visible()
    assert screen(page) == "table"
    page.go_back()
    expect(page.get_by_test_id("table")).to_be_hidden()
    expect(page.get_by_test_id("play")).to_be_visible()
    assert screen(page) is None
    page.go_forward()
    expect(page.get_by_test_id("table")).to_be_visible()
    # The table's own Home button steps back in the history: Back then leaves the site.
    page.locator('#rw-table [data-early="home"]').click()
    expect(page.get_by_test_id("play")).to_be_visible()
    page.wait_for_function("history.state?.fusebox?.home === true")
    leaves_from_home(page, site_url)


def test_countdown_back_goes_home_and_forward_resumes(
    context: BrowserContext, site_url: str, watch: Watch
) -> None:
    query = "?game=countdown&players=3&seed=11&bots=1&pace=instant&level=basic"
    page = open_page(context, watch, site_url + query)
    first = countdown_driver.wait_screen(page)
    assert first.startswith("decision:"), first
    moves = len(countdown_driver.saved_state(page).history)

    page.go_back()
    expect(page.locator('#game-countdown-app [data-act="continue"]')).to_be_visible()
    assert screen(page) is None
    assert len(countdown_driver.saved_state(page).history) == moves

    page.go_forward()
    assert countdown_driver.wait_screen(page) == first
    assert len(countdown_driver.saved_state(page).history) == moves
    assert screen(page) is not None
    page.go_back()
    expect(page.locator('#game-countdown-app [data-act="continue"]')).to_be_visible()
    leaves_from_home(page, site_url)


def test_countdown_back_during_a_handoff_shows_nothing_private(
    context: BrowserContext, site_url: str, watch: Watch
) -> None:
    query = "?game=countdown&players=3&seed=5&bots=0&pace=instant"
    page = open_page(context, watch, site_url + query)
    assert countdown_driver.wait_screen(page) == "handoff"
    page.go_back()
    expect(page.locator('#game-countdown-app [data-act="continue"]')).to_be_visible()
    assert screen(page) is None
    page.go_forward()
    assert countdown_driver.wait_screen(page) == "handoff"
    state = countdown_driver.saved_state(page)
    from test_countdown_play import assert_nothing_private

    assert_nothing_private(page, state)


def test_loop_back_goes_home_and_forward_resumes(
    context: BrowserContext, site_url: str, watch: Watch
) -> None:
    page = open_page(context, watch, site_url + "?game=loop&players=2&seed=11&bots=1&pace=instant")
    first = loop_driver.wait_turn(page)
    moves = loop_driver.moves(page)

    page.go_back()
    expect(page.get_by_test_id("lp-continue")).to_be_visible()
    assert screen(page) is None
    assert loop_driver.moves(page) == moves

    page.go_forward()
    assert loop_driver.wait_turn(page) == first
    assert loop_driver.moves(page) == moves
    page.go_back()
    expect(page.get_by_test_id("lp-continue")).to_be_visible()
    leaves_from_home(page, site_url)


def test_loop_back_during_a_handoff_shows_the_handoff_again(
    context: BrowserContext, site_url: str, watch: Watch
) -> None:
    page = open_page(context, watch, site_url + "?game=loop&players=2&seed=11&bots=0&pace=instant")
    assert loop_driver.wait_turn(page) == "handoff"
    page.go_back()
    expect(page.get_by_test_id("lp-continue")).to_be_visible()
    assert screen(page) is None
    page.go_forward()
    assert loop_driver.wait_turn(page) == "handoff"


def panel_back_and_forward(page: Page, prefix: str, name: str, home: str) -> None:
    """On the board: an open panel (``name``) has an entry of its own: Back closes it, the
    board stays; Back again goes home; Forward twice: the board, then the panel again. Closed
    by its own button, it leaves no entry behind: Back then goes home at once."""
    panel = page.locator(f"#{prefix}-panel-title")
    opener = page.locator(f'[data-act="panel"][data-panel="{name}"]')
    opener.click()
    expect(panel).to_be_visible()
    page.go_back()
    expect(panel).to_have_count(0)
    assert screen(page) == "board"
    page.go_back()
    expect(page.locator(home)).to_be_visible()
    assert screen(page) is None
    page.go_forward()
    expect(opener).to_be_visible()
    assert screen(page) == "board"
    page.go_forward()
    expect(panel).to_be_visible()
    assert screen(page) == "board"
    # Closed by its own button: the panel's entry goes, Back goes home at once.
    page.locator(f'#{prefix}-root [data-act="close"]').first.click()
    expect(panel).to_have_count(0)
    page.wait_for_function("history.state?.fusebox?.panel === undefined")
    page.go_back()
    expect(page.locator(home)).to_be_visible()
    assert screen(page) is None


def test_red_wire_back_closes_an_open_panel_first(
    context: BrowserContext, site_url: str, watch: Watch
) -> None:
    page = open_page(context, watch, site_url + "?mission=1&players=2&seed=7" + QUICK)
    settled_decision(page)
    panel_back_and_forward(page, "rw", "rules", '[data-testid="continue"]')


def test_countdown_back_closes_an_open_panel_first(
    context: BrowserContext, site_url: str, watch: Watch
) -> None:
    query = "?game=countdown&players=3&seed=11&bots=1&pace=instant&level=basic"
    page = open_page(context, watch, site_url + query)
    assert countdown_driver.wait_screen(page).startswith("decision:")
    panel_back_and_forward(page, "cd", "log", '#game-countdown-app [data-act="continue"]')
