"""axe-core on every screen of Red Wire (home, table, campaign, briefing, board in play, handoff,
end, tutorial, projector view, replay), in the dark and the light theme: no serious or critical
finding, colour contrast and accessible names included."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from axe_check import findings
from harness import (
    Opener,
    arrow_scrolls,
    follow,
    record_console,
    tabs_to,
    wait_ready,
    watch_context,
)
from playwright.sync_api import Page, expect
from redwire_driver import (
    play,
    play_moves,
    play_to_the_end,
    saved_state,
    settled_decision,
    sure_move,
    wait_decision,
    wrong_cut,
)


def open_link(page: Page, url: str) -> None:
    """The home screen, the game in progress dropped first (no "start the shared game?" question)."""
    page.evaluate("localStorage.removeItem('fusebox.redwire.game')")
    page.goto(url)
    wait_ready(page)


def check(page: Page, screen: str, found: dict[str, list[str]]) -> None:
    for v in findings(page):
        found.setdefault(screen, []).append(f"{v['id']} ({v['impact']}): {v['nodes']}")


# The light theme is where contrast is tightest; the dark one runs with --slow.
@pytest.mark.parametrize("scheme", [pytest.param("dark", marks=pytest.mark.slow), "light"])
def test_every_screen_has_no_serious_finding(
    open_context: Opener, site_url: str, scheme: str
) -> None:
    # A returning player's profile in that scheme (the light one is the `context` fixture's):
    # its boots start from the memory snapshot; the screens are the same.
    context = open_context(color_scheme=scheme)
    watch = watch_context(context, site_url)
    page = context.new_page()
    record_console(page, watch)
    found: dict[str, list[str]] = {}

    page.goto(site_url)
    wait_ready(page)
    check(page, "home", found)
    page.get_by_test_id("play").click()
    expect(page.get_by_test_id("table")).to_be_visible()
    check(page, "table", found)
    page.get_by_test_id("table-next").click()
    expect(page.get_by_test_id("campaign")).to_be_visible()
    page.get_by_role("button", name="Save and transfer").click()
    check(page, "campaign", found)
    page.get_by_test_id("mission-1").click()
    check(page, "briefing", found)

    # Pass and play: the handoff screen, then the board in play with a miss on it.
    # Game links are followed in the booted page (the shell's route for Back and Forward), as
    # the tests of links and boots prove them the same as a visit: one boot fewer each.
    follow(page, "?mission=2&players=2&seed=5&bots=0&brief=0&pace=instant")
    expect(page.get_by_test_id("handoff")).to_be_visible()
    check(page, "handoff", found)
    page.get_by_test_id("handoff-ready").click()

    follow(page, "?mission=3&players=3&seed=9&bots=1&brief=0&pace=instant&captain=1")
    while settled_decision(page) != "turn":
        play(page, sure_move(saved_state(page), 0))
    play(page, wrong_cut(saved_state(page), 0))
    wait_decision(page)
    state = saved_state(page)
    page.locator(".rw-tile.is-tappable").first.click()
    check(page, "board", found)
    page.get_by_role("button", name="Menu").click()
    check(page, "board menu", found)
    with page.context.expect_page() as opened:
        page.get_by_test_id("projector-link").click()
    view = opened.value
    record_console(view, watch)
    wait_ready(view)
    expect(view.get_by_test_id("projector")).to_be_visible()
    check(view, "projector", found)
    view.close()
    # A page behind another one gets animation frames about once a second: every click (which
    # waits for the target to hold still over two frames) would take that long.
    page.bring_to_front()
    assert state.players == 3

    follow(page, "?mission=1&players=2&seed=7&bots=1&brief=0&pace=instant&captain=1")
    play_to_the_end(page, seat=0)
    check(page, "end", found)
    page.get_by_role("button", name="Replay this game").click()
    page.get_by_test_id("replay-first").click()
    check(page, "replay", found)

    open_link(page, site_url)
    page.get_by_test_id("tutorial").click()
    expect(page.get_by_test_id("coach")).to_be_visible()
    check(page, "tutorial", found)
    watch.stop(context)
    watch.check()
    assert not found, "\n".join(f"{screen}: {items}" for screen, items in found.items())


def test_closing_a_panel_gives_the_focus_back_to_its_button(
    follow_link: Callable[..., Page],
) -> None:
    """Menu, Rules and the log open a panel: closed by Escape or by its Close button, the focus
    goes back to the button that opened it (it went to the prompt: a keyboard or screen-reader
    user lost their place; found by the accessibility audit)."""
    page = follow_link("?mission=4&players=3&seed=7&bots=1&brief=0&pace=instant&captain=1")
    for name, closing in (("menu", "Escape"), ("rules", "Escape"), ("menu", "close")):
        button = page.locator(f'[data-act="panel"][data-panel="{name}"]').first
        button.focus()
        page.keyboard.press("Enter")
        expect(button).to_have_attribute("aria-expanded", "true")
        if closing == "Escape":
            page.keyboard.press("Escape")
        else:
            page.locator('[data-act="close"]').first.click()
        expect(button).to_have_attribute("aria-expanded", "false")
        expect(button).to_be_focused()


#: Whether the log panel's list scrolls in its box now.
LOG_SCROLLS = """() => { const b = document.querySelector('#rw-fulllog');
    return b.scrollHeight > b.clientHeight + 1; }"""


def test_the_log_panel_is_a_tab_stop_only_while_it_scrolls(
    follow_link: Callable[..., Page],
) -> None:
    """On a phone (360 x 640) the log panel's list, a few lines long, does not scroll: no tab
    stop (it would be an empty one). With enough lines it scrolls in its box: the Tab key stops
    on it and the arrow keys scroll it; axe-core finds nothing serious."""
    page = follow_link(
        "?mission=4&players=3&seed=7&bots=1&brief=0&pace=instant",
        viewport={"width": 360, "height": 640},
    )
    log_button = page.locator('[data-act="panel"][data-panel="log"]').first
    log = page.locator("#rw-fulllog")
    play_moves(page, 0, 1)  # a line or two in the log
    log_button.click()
    expect(log.locator("li").first).to_be_visible()
    expect(log).to_have_attribute("tabindex", "-1")
    assert not tabs_to(page, "#rw-fulllog")
    page.keyboard.press("Escape")
    for _ in range(40):
        assert wait_decision(page) != "over", "the log never scrolled"
        log_button.click()
        expect(log.locator("li").first).to_be_visible()
        if page.evaluate(LOG_SCROLLS):
            break
        page.keyboard.press("Escape")
        expect(log).to_have_count(0)
        play_moves(page, 0, 1)
    expect(log).to_have_attribute("tabindex", "0")
    assert tabs_to(page, "#rw-fulllog")
    assert arrow_scrolls(page, "#rw-fulllog")
    assert not findings(page)
