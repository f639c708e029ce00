"""Countdown played through the page: a person against computers on a phone, pass and play with
nothing private on screen at any handoff, a reload that resumes.

Every game comes from a game link with a fixed seed: the test reads the page's save back with the
engine (countdown_driver) and plays with clicks, as a person would.
"""

from __future__ import annotations

from countdown_driver import GAME_KEY, play_move, saved, saved_state, wait_screen
from fusebox_web.countdown.log_text import line
from fusebox_web.countdown.words import Words
from fusebox_web.shell.i18n import load_catalogs
from harness import ROOT, wait_ready
from playwright.sync_api import Browser, Page, ViewportSize, expect

from engine.countdown import GameState

PHONE: ViewportSize = {"width": 360, "height": 640}
WEB = ROOT / "web"


def open_link(page: Page, url: str) -> None:
    page.goto(url)
    wait_ready(page)
    page.wait_for_selector("html[data-board-ready]", state="attached")


def test_a_person_plays_a_whole_game_against_computers_on_a_phone(
    browser: Browser, site_url: str
) -> None:
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    open_link(page, site_url + "?game=countdown&players=3&seed=11&bots=1&pace=instant&level=basic")
    assert "seed" not in page.url
    expect(page).to_have_title("Countdown — Fusebox")
    moves = 0
    while True:
        screen = wait_screen(page)
        if screen == "end":
            break
        assert screen.startswith("decision:"), screen
        # Nothing of the board is wider than the phone.
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        play_move(page, 0, moves)
        moves += 1
        assert moves < 400
    state = saved_state(page)
    assert state.is_over and moves > 5
    expect(page.get_by_test_id("result")).to_be_visible()
    # The end reveals everything: the combination, and every hand.
    for position, colour in enumerate(state.combination):
        expect(
            page.get_by_test_id("end-combination").locator("li").nth(position)
        ).to_have_attribute("data-colour", colour)
    expect(page.get_by_test_id("reveal").locator("> li")).to_have_count(3)
    assert not errors, errors
    context.close()


def private_lines(state: GameState) -> set[str]:
    """Every sentence of the log that only one seat may read (what they drew, the colour they
    scanned, the hand they frisked, the card taken from them), as the page would write it."""
    catalog = load_catalogs(WEB / "i18n", "en")
    words = Words(catalog, [catalog.t(f"cd.name.{seat + 1}") for seat in range(state.players)])
    found = set()
    for event in state.log:
        for seat in event.secret:
            shown = line(event.view(seat), words)
            if shown.private:
                found.add(shown.text)
    return found


def assert_nothing_private(page: Page, state: GameState) -> None:
    """The handoff screen, scanned against the true deal: no hand, no notes, no wire with its
    colour, no frisked hand, no private notice, and none of the log's private sentences."""
    root = page.locator("#cd-root")
    for selector in (
        '[data-testid="hand"]',
        "[data-act=card]",
        "[data-kind]",
        "[data-note]",
        "[data-colour]",
        '[data-testid="frisked-hand"]',
        '[data-testid="private-notice"]',
        '[data-testid="notes"]',
    ):
        assert root.locator(selector).count() == 0, selector
    text = root.inner_text()
    leaks = [sentence for sentence in private_lines(state) if sentence in text]
    assert not leaks, leaks


def test_pass_and_play_shows_nothing_private_at_any_handoff(page: Page, site_url: str) -> None:
    open_link(page, site_url + "?game=countdown&players=3&seed=5&bots=0&pace=instant")
    handoffs = 0
    moves = 0
    while True:
        screen = wait_screen(page)
        if screen == "end":
            break
        state = saved_state(page)
        if screen == "handoff":
            handoffs += 1
            seat = state.to_move
            assert seat is not None
            expect(page.get_by_test_id("handoff-reason")).to_be_visible()
            assert_nothing_private(page, state)
            page.locator('[data-act="handoff"]').click()
            continue
        seat = state.to_move
        assert seat is not None
        # The holder sees their own hand only.
        hand = page.get_by_test_id("hand")
        expect(hand).to_have_attribute("data-seat", str(seat))
        expect(hand.locator('[data-act="card"]')).to_have_count(len(state.hands[seat]))
        play_move(page, seat, moves)
        moves += 1
        if moves >= 60:
            break
    assert handoffs >= 6


def test_a_reload_resumes_the_game(page: Page, site_url: str) -> None:
    open_link(page, site_url + "?game=countdown&players=2&seed=9&bots=1&pace=instant&level=random")
    for step in range(6):
        if wait_screen(page) != "decision:play" and step:
            break
        play_move(page, 0, step)
    wait_screen(page)
    before = saved(page, GAME_KEY)["record"]["actions"]
    prompt = page.get_by_test_id("prompt").get_attribute("data-moves")
    page.reload()
    wait_ready(page)
    page.wait_for_selector("html[data-board-ready]", state="attached")
    expect(page.get_by_test_id("prompt")).to_have_attribute("data-moves", str(prompt))
    assert saved(page, GAME_KEY)["record"]["actions"] == before
    expect(page).to_have_title("Countdown — Fusebox")
