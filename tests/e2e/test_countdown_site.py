"""Countdown in the page: its home card and table, the board on a phone and on a projector, the
keyboard, Italian, bad game links and damaged saves."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from countdown_driver import GAME_KEY, TABLE_KEY, saved, saved_state, wait_screen
from harness import (
    Opener,
    arrow_scrolls,
    follow,
    forget_game,
    tabs_to,
    wait_board,
    wait_ready,
)
from playwright.sync_api import Page, ViewportSize, expect

from engine.countdown.actions import PlayCard

PHONE: ViewportSize = {"width": 360, "height": 640}
PROJECTOR: ViewportSize = {"width": 1920, "height": 1080}
FIVE = "?game=countdown&players=5&seed=7&bots=1&pace=instant"

# Every button, input and link of the game's root that is shown, with its box.
CONTROLS = """(selector) => [...document.querySelectorAll(selector)]
    .filter((e) => e.offsetParent !== null)
    .map((e) => { const r = e.getBoundingClientRect();
                  return {act: e.getAttribute("data-act"), text: e.textContent.trim(),
                          left: r.left, right: r.right, top: r.top, bottom: r.bottom,
                          width: r.width, height: r.height}; })"""


def open_board(page: Page, url: str) -> None:
    page.goto(url)
    wait_ready(page)
    wait_board(page)


def follow_board(follow_link: Callable[..., Page], query: str, **options: Any) -> Page:
    """The game link ``query`` in a booted page (conftest's ``follow_link``), its board up."""
    page = follow_link(query, **options)
    wait_board(page)
    return page


def test_the_home_card_and_the_table_deal_the_chosen_game(page: Page, site_url: str) -> None:
    page.goto(site_url)
    wait_ready(page)
    card = page.locator("#game-countdown")
    expect(card.get_by_role("heading", name="Countdown", exact=True)).to_be_visible()
    expect(page.locator("#game-redwire")).to_be_visible()  # beside Red Wire
    card.locator('[data-act="open-table"]').click()
    expect(page.get_by_test_id("game-countdown").get_by_test_id("table")).to_be_visible()
    expect(page).to_have_title("Countdown — Fusebox")
    page.locator('[data-act="players"][data-value="3"]').click()
    page.locator("#cd-name-0").fill("Ada")
    page.locator("#cd-name-0").dispatch_event("change")
    page.locator('[data-act="seat-kind"][data-seat="1"][data-value="bot"]').click()
    page.locator("#cd-level-1").select_option("random")
    page.locator('[data-act="option"][data-option="points"][data-value="true"]').click()
    page.locator('[data-act="start"]').click()
    wait_board(page)
    table = saved(page, TABLE_KEY)
    assert table["players"] == 3 and table["seats"][0]["name"] == "Ada"
    assert table["seats"][1]["kind"] == "bot" and table["seats"][1]["level"] == "random"
    state = saved_state(page)
    assert state.players == 3 and state.setup.options.points
    expect(page.get_by_test_id("player-0")).to_contain_text("Ada")
    expect(page.get_by_test_id("scores")).to_be_visible()


def test_the_board_fits_a_phone_and_a_projector(open_context: Opener, site_url: str) -> None:
    """Five players. On a phone: no sideways scrolling, every control at least 40 px tall, and
    what to do now (the dock, with every choice of the decision) in view wherever the board is
    scrolled (in English and in Italian, whose words are longer). On a projector: the whole
    board on one screen, the countdown readable across a room."""
    # One returning profile for every size: a second one would be a first visit of its own
    # (the service worker's install), seconds of work that prove nothing here. The projector's
    # page is sized before it loads, as a projector's window is.
    context = open_context(viewport=PHONE)
    for viewport, language in ((PHONE, "en"), (PHONE, "it"), (PROJECTOR, "en")):
        width, height = viewport["width"], viewport["height"]
        page = context.new_page()
        page.set_viewport_size(viewport)
        open_board(page, site_url + FIVE + f"&lang={language}")
        assert wait_screen(page) == "decision:play"
        page.locator('[data-act="card"]').first.click()
        expect(page.locator('#cd-dock [data-act="play"]')).to_have_count(4)
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        controls = page.evaluate(CONTROLS, "#cd-root button, #cd-root input, #cd-root select")
        assert controls and all(c["left"] >= 0 and c["right"] <= width for c in controls)
        assert min(c["height"] for c in controls) >= 40, controls
        dock = "#cd-dock button"
        if width < 1000:
            for where in ("0", "document.documentElement.scrollHeight / 2", "1e6"):
                page.evaluate(f"window.scrollTo(0, {where})")
                shown = page.evaluate(CONTROLS, dock)
                assert len(shown) >= 6  # four agents, end of the phase, choose again
                assert all(c["top"] >= 0 and c["bottom"] <= height for c in shown), (where, shown)
        else:
            page.evaluate("window.scrollTo(0, 0)")
            board = page.locator("#cd-board").bounding_box()
            assert board is not None and board["y"] + board["height"] <= height, board
            count = page.get_by_test_id("countdown").evaluate(
                "n => parseFloat(getComputedStyle(n).fontSize)"
            )
            assert count >= 48
        forget_game(page, site_url)  # the next game link deals again
        page.close()


def test_a_turn_by_keyboard_alone(page: Page, site_url: str) -> None:
    """Tab to a card, Enter picks it, Escape lets it go; Tab to an agent, Enter plays."""
    open_board(page, site_url + "?game=countdown&players=2&seed=9&bots=1&pace=instant")
    assert wait_screen(page) == "decision:play"
    state = saved_state(page)
    before = len(state.history)
    action = next(a for a in state.legal_actions(0) if isinstance(a, PlayCard))
    card = page.locator(f'[data-act="card"][data-kind="{action.card}"]').first
    card.focus()
    page.keyboard.press("Enter")
    expect(card).to_have_attribute("aria-pressed", "true")
    page.keyboard.press("Escape")
    expect(page.locator('[data-act="card"][aria-pressed="true"]')).to_have_count(0)
    card.focus()
    page.keyboard.press("Space")
    expect(card).to_have_attribute("aria-pressed", "true")
    target = page.locator(f'[data-act="play"][data-agent="{action.agent}"]')
    for _ in range(40):  # Tab from the card to the agent's button
        page.keyboard.press("Tab")
        if target.evaluate("b => b === document.activeElement"):
            break
    else:
        raise AssertionError("the agent's button is not reachable with Tab")
    page.keyboard.press("Enter")
    page.wait_for_function(
        f"JSON.parse(localStorage.getItem({GAME_KEY!r})).data.record.actions.length > {before}"
    )
    assert saved_state(page).history[before] == action


def test_the_game_speaks_italian(page: Page, site_url: str) -> None:
    open_board(page, site_url + "?lang=it&game=countdown&players=3&seed=4&bots=1&pace=instant")
    expect(page).to_have_title("Conto alla rovescia — Fusebox")
    wait_screen(page)
    expect(page.locator("#cd-heading")).to_have_text("Conto alla rovescia")
    expect(page.get_by_test_id("hand")).to_contain_text("La tua mano")
    expect(page.locator('[data-act="end-play"]')).to_have_text("Termina la fase di gioco")


def test_bad_game_links_are_refused_with_a_message(page: Page, site_url: str) -> None:
    """The first bad link is visited (a boot); the others are followed in that page (its route
    for Back and Forward, which does what a boot at the address does), sparing a boot each."""
    for visit, (query, words) in enumerate(
        (
            ("?game=countdown&players=9&seed=7", "the number of players must be 2 to 5"),
            ("?game=countdown&mission=3", "Countdown has no “mission” in its links"),
            ("?game=countdown&seed=tomorrow", "the game number (the seed)"),
            ("?game=countdown&bots=some", "which seats are computers"),
            ("?game=countdown&level=genius", "the computers' level"),
            ("?game=countdown&points=maybe", "the Points variant"),
            ("?game=countdown&players=3&first=4", "the first player"),
            ("?game=countdown&first=5", "the first player"),  # the table has 4 seats
        )
    ):
        if visit == 0:
            page.goto(site_url + query)
            wait_ready(page)
        else:
            follow(page, query)
        notice = page.get_by_test_id("game-countdown").get_by_test_id("table").locator(".cd-notice")
        expect(notice).to_contain_text("This game link cannot be used")
        expect(notice).to_contain_text(words)
        assert saved(page, GAME_KEY) is None, query  # no game was dealt
        assert "game=" not in page.url, page.url  # the bad address is not kept
        page.evaluate("localStorage.clear()")


def test_a_bad_link_says_why_and_keeps_the_game_in_progress(page: Page, site_url: str) -> None:
    """``?game=countdown&mission=3`` (a Red Wire parameter) showed nothing and stayed in the
    address, the game in progress on screen as if the link had not been followed; a reload read
    it again. Now, as Red Wire's bad links do, the page says what is wrong, the address loses the
    link, and the game in progress is kept: Continue goes back to it, and a reload resumes it."""
    page.goto(site_url + "?game=countdown&players=3&seed=5&bots=0&pace=instant")
    wait_ready(page)
    assert wait_screen(page) == "handoff"
    before = saved(page)
    page.goto(site_url + "?game=countdown&mission=3&lang=it")
    wait_ready(page)
    table = page.get_by_test_id("game-countdown").get_by_test_id("table")
    expect(table.locator(".cd-notice")).to_have_text(
        "Questo link di partita non si può usare: i link di Conto alla rovescia non hanno "
        "«mission» (possono dare players, seed, bots, level, pace, first, points e memory)"
    )
    assert page.url.endswith("/?lang=it"), page.url
    assert saved(page) == before  # nothing dealt, nothing lost
    table.locator('[data-act="continue"]').click()
    assert wait_screen(page) == "handoff"
    page.reload()
    wait_ready(page)
    assert wait_screen(page) == "handoff" and saved(page) == before


def test_a_damaged_save_is_set_aside_with_a_message(page: Page, site_url: str) -> None:
    damaged = json.dumps({"format": "fusebox.countdown.game", "version": 1, "data": {"x": 1}})
    page.goto(site_url)
    wait_ready(page)
    page.evaluate(f"localStorage.setItem({GAME_KEY!r}, {damaged!r})")
    page.reload()
    wait_ready(page)
    expect(page.locator("#game-countdown .cd-notice")).to_contain_text(
        "Your saved game could not be read: it was set aside"
    )
    kept = page.evaluate(
        "Object.keys(localStorage).filter((k) => k.startsWith('fusebox.countdown.quarantine.'))"
    )
    assert len(kept) == 1 and page.evaluate(f"localStorage.getItem({kept[0]!r})") == damaged
    assert page.evaluate(f"localStorage.getItem({GAME_KEY!r})") is None
    # A new game can be dealt at once.
    page.locator('#game-countdown [data-act="open-table"]').click()
    page.locator('[data-act="start"]').click()
    wait_board(page)
    assert saved(page, GAME_KEY) is not None


def test_a_points_match_goes_on_game_after_game(follow_link: Callable[..., Page]) -> None:
    """The Points variant: after a game the end screen shows the scores and deals the next game
    (the first player moves one seat on); computers never deal it before a person has looked."""
    page = follow_board(
        follow_link, "?game=countdown&players=2&seed=3&bots=all&points=1&pace=instant"
    )
    assert wait_screen(page) == "end"
    state = saved_state(page)
    assert state.phase.value == "next_game" and state.game == 1
    expect(page.get_by_test_id("match")).to_be_visible()
    expect(page.locator('[data-act="next-game"]')).to_be_visible()
    page.wait_for_timeout(300)
    assert saved_state(page).game == 1  # nobody dealt the next game
    first = state.first
    page.locator('[data-act="next-game"]').click()
    page.wait_for_function(
        f"JSON.parse(localStorage.getItem({GAME_KEY!r})).data.record.actions.length"
        f" > {len(state.history)}"
    )
    assert wait_screen(page) == "end"  # the computers played game 2 to its end
    after = saved_state(page)
    assert after.game == 2 and after.first == (first + 1) % 2
    assert sum(after.scores) >= sum(state.scores) and all(
        a >= b for a, b in zip(after.scores, state.scores, strict=True)
    )


def test_the_board_fits_a_1280_by_720_projector(follow_link: Callable[..., Page]) -> None:
    """The common projector too: five players, the whole board on the first screen, no sideways
    scrolling, the countdown still readable across a room (two thirds of 1080's 48 px); a card
    chosen, every control of the board and of the dock on that screen, none smaller than
    24 x 24 px."""
    page = follow_board(follow_link, FIVE, viewport={"width": 1280, "height": 720})
    assert wait_screen(page) == "decision:play"
    assert page.evaluate("document.documentElement.scrollWidth") <= 1280
    page.evaluate("window.scrollTo(0, 0)")
    board = page.locator("#cd-board").bounding_box()
    assert board is not None and board["y"] + board["height"] <= 720, board
    count = page.get_by_test_id("countdown").evaluate(
        "n => parseFloat(getComputedStyle(n).fontSize)"
    )
    assert count >= 32
    page.locator('[data-act="card"]').first.click()
    expect(page.locator('#cd-dock [data-act="play"]')).to_have_count(4)
    page.evaluate("window.scrollTo(0, 0)")
    controls = page.evaluate(CONTROLS, "#cd-root button, #cd-root input, #cd-root select")
    assert len(controls) >= 12  # three panel buttons, six cards, four agents, two more
    for c in controls:
        assert c["left"] >= 0 and c["right"] <= 1280 and c["top"] >= 0 and c["bottom"] <= 720, c
        assert c["width"] >= 24 and c["height"] >= 24, c


#: The played cards whose words spill out of their agent's box (left, right, and the box's).
SPILLED = """() => [...document.querySelectorAll('.cd-played')].map((e) => {
    const box = e.closest('.cd-agent').getBoundingClientRect();
    const r = e.getBoundingClientRect();
    return [e.innerText, r.left, r.right, box.left, box.right];
}).filter(([, left, right, boxLeft, boxRight]) => left < boxLeft - 0.5 || right > boxRight + 0.5)"""


def test_a_played_cards_italian_name_stays_inside_its_agent_on_a_projector(
    follow_link: Callable[..., Page],
) -> None:
    """On a 1280 x 720 projector in Italian, "Scansione" and "Tronchese blu" under an agent ran
    over its box's border (57 px of words in a 50 px box; English names fit). Five computers
    play until such a card lies on an agent: every played card's words are inside its box."""
    query = "?game=countdown&players=5&seed=5&bots=all&pace=fast&lang=it"
    page = follow_board(follow_link, query, viewport={"width": 1280, "height": 720})
    long_name = page.locator(".cd-played", has_text="Scansione").or_(
        page.locator(".cd-played", has_text="Tronchese")
    )
    expect(long_name.first).to_be_visible(timeout=60_000)
    assert page.evaluate(SPILLED) == []


def test_the_end_screens_log_is_a_tab_stop_once_it_scrolls(
    follow_link: Callable[..., Page],
) -> None:
    """On a phone (360 x 640) the end screen's whole log, folded, is no tab stop; unfolded (no
    redraw: only its size changes) it scrolls in its box, and the Tab key stops on it and the
    arrow keys scroll it."""
    page = follow_board(
        follow_link,
        "?game=countdown&players=2&seed=3&bots=all&pace=instant",
        viewport={"width": 360, "height": 640},
    )
    assert wait_screen(page) == "end"
    log = page.locator(".cd-details .cd-full-log")
    expect(log).to_have_attribute("tabindex", "-1")
    page.locator(".cd-details > summary").click()
    expect(log).to_be_visible()
    assert page.evaluate(
        "() => { const b = document.querySelector('.cd-details .cd-full-log');"
        " return b.scrollHeight > b.clientHeight + 1; }"
    )
    expect(log).to_have_attribute("tabindex", "0")
    page.evaluate("() => { document.querySelector('.cd-details .cd-full-log').id = 'cd-end-log'; }")
    assert tabs_to(page, "#cd-end-log")
    assert arrow_scrolls(page, "#cd-end-log")
