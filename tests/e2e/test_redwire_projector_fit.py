"""Sticker C's cards and the last missions' panels, seen on a projector and on a phone.

* On a 1920 x 1080 projector nobody scrolls the window: mission 55 with five players (five
  challenge cards, five equipment cards of which three are rule sticker C's doubles) shows every
  stand, every equipment card and the log's latest line, and no part of the table sits in a
  scroll box of its own (before, the side column scrolled: the cards and the log were below its
  fold, out of sight).
* On a 360 x 640 phone no equipment card's name runs out of its card beside a wide "10-10" label.
* Mission 63's oxygen discs and the reserve's frame stand out from the panel in both colour
  schemes (in the light one they were white on cream).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

import pytest
from harness import Opener, Watch, record_console, wait_ready
from playwright.sync_api import Page, ViewportSize, expect
from redwire_driver import take_device

from engine.redwire import new_game
from engine.redwire.mechanisms.equipment import tray

PHONE: ViewportSize = {"width": 360, "height": 640}
GAME = "?mission=55&players=5&seed=2&bots=0&pace=instant&brief=0"

#: Every part of the projected table that must be seen: its box, and whether an ancestor inside
#: the board clips it in a scroll box.
MEASURE = """() => {
    const seen = (e) => {
        const b = e.getBoundingClientRect();
        let clipped = false;
        for (let p = e.parentElement; p && p.id !== 'rw-board'; p = p.parentElement) {
            const o = getComputedStyle(p).overflowY;
            if ((o === 'auto' || o === 'scroll' || o === 'hidden') && p.scrollHeight > p.clientHeight + 1)
                clipped = true;
        }
        return {top: b.top, bottom: b.bottom, left: b.left, right: b.right, clipped};
    };
    const all = (s) => [...document.querySelectorAll(s)].map(seen);
    return {
        width: innerWidth, height: innerHeight,
        scrollWidth: document.documentElement.scrollWidth,
        stands: all('#rw-team .rw-tile'),
        cards: all('#rw-side .rw-card'),
        log: all('[data-testid="projector-log"] li:first-child'),
        // The equipment's heading and its first card (in one column: the heading above it).
        heading: [...document.querySelectorAll('#rw-side .rw-cards')].map((list) => {
            const h = list.previousElementSibling.getBoundingClientRect();
            const c = list.querySelector('.rw-card').getBoundingClientRect();
            return {left: Math.abs(h.left - c.left), gap: c.top - h.bottom};
        }),
    };
}"""


def test_a_long_mission_fits_a_projector(page: Page, site_url: str, watch: Watch) -> None:
    cards = tray.cards_of(new_game(mission=55, players=5, seed=2).setup)
    assert {22, 99, 1111} <= set(cards)  # three of sticker C's doubles are dealt
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.goto(site_url + GAME)
    wait_ready(page)
    take_device(page)  # pass and play: the game is saved, its first seat's board shown
    view = page.context.new_page()
    view.set_viewport_size({"width": 1920, "height": 1080})
    record_console(view, watch)
    view.goto(site_url + "?view=table")
    wait_ready(view)
    expect(view.locator("#rw-side .rw-card")).to_have_count(len(cards))
    box = view.evaluate(MEASURE)
    assert box["scrollWidth"] <= box["width"]
    parts = {"stands": box["stands"], "cards": box["cards"], "log": box["log"]}
    assert all(parts.values()), parts
    for name, boxes in parts.items():
        for b in boxes:
            inside = b["top"] >= 0 and b["bottom"] <= box["height"]
            inside = inside and b["left"] >= 0 and b["right"] <= box["width"]
            assert inside and not b["clipped"], (name, b, box["height"])
    assert all(h["left"] < 30 and 0 <= h["gap"] < 80 for h in box["heading"]), box["heading"]
    view.close()


#: Each equipment card's name: how far its text reaches past the card's inner right edge.
NAMES = """() => [...document.querySelectorAll('#rw-board .rw-card')].map((card) => {
    const name = card.querySelector('.rw-card-name');
    const inner = card.getBoundingClientRect().right - parseFloat(getComputedStyle(card).paddingRight);
    const range = document.createRange();
    range.selectNodeContents(name);
    const text = Math.max(...[...range.getClientRects()].map((r) => r.right));
    return {name: name.textContent, past: text - inner, wider: name.scrollWidth - name.clientWidth};
})"""


@pytest.mark.parametrize("lang", ["en", "it"])
def test_sticker_c_card_names_stay_inside_their_cards_on_a_phone(
    follow_link: Callable[..., Page], lang: str
) -> None:
    """Mission 55, five players, on a 360 x 640 phone: the Disintegrator (10-10) and the
    Grappling Hook (11-11) beside their wide labels; no card's name runs out of its card (it
    did: "Disintegrator", one long word, was cut by the card's edge)."""
    assert {1010, 1111} <= set(tray.cards_of(new_game(mission=55, players=5, seed=6).setup))
    page = follow_link(
        f"?mission=55&players=5&seed=6&bots=0&pace=instant&brief=0&lang={lang}", viewport=PHONE
    )
    take_device(page)
    expect(page.locator('.rw-card[data-panel="card:1010"]')).to_be_visible()
    names = page.evaluate(NAMES)
    assert len(names) == 5
    assert all(n["past"] <= 0.5 and n["wider"] <= 0 for n in names), names


#: The contrast of each oxygen disc's ring against the background it is drawn on (WCAG's ratio).
RINGS = """() => {
    const rgb = (c) => (c.match(/[\\d.]+/g) || []).map(Number);
    const lum = ([r, g, b]) => {
        const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
        return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    const back = (e) => {
        for (let p = e.parentElement; p; p = p.parentElement) {
            const c = rgb(getComputedStyle(p).backgroundColor);
            if (c.length === 3 || c[3] > 0.5) return c;
        }
        return [255, 255, 255];
    };
    return [...document.querySelectorAll('.rw-oxy, .rw-oxy-card')].map((e) => {
        const a = lum(rgb(getComputedStyle(e).borderTopColor)), b = lum(back(e));
        return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    });
}"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_oxygen_discs_are_seen_on_the_panel(
    follow_link: Callable[..., Page], scheme: Literal["light", "dark"]
) -> None:
    """Mission 63 (the oxygen relay), five players, on a phone in either colour scheme: every
    oxygen disc and the reserve's frame are ringed in a colour that stands out from the panel
    (3:1 at least). In the light scheme they were white on cream (1.1:1): unseen."""
    page = follow_link("?mission=63&players=5&seed=3&bots=0&pace=instant&brief=0", viewport=PHONE)
    # The scheme on the page the link tests share: set back (Playwright's "light") after.
    page.emulate_media(color_scheme=scheme)
    try:
        take_device(page)
        expect(page.locator(".rw-oxy").first).to_be_attached()
        ratios = page.evaluate(RINGS)
    finally:
        page.emulate_media(color_scheme="light")
    assert ratios and min(ratios) >= 3, ratios


#: The projectors whose pictures the table must fit, the sweep's hardest missions on them
#: (tests/bench/bench_fit.py: in Italian, 55's five challenge cards and 63's four paragraphs of
#: oxygen rules ended 308 and 246 px below a 1920 x 1080 screen, 863 and 711 px below 1280 x 720).
PROJECTORS: list[ViewportSize] = [{"width": 1920, "height": 1080}, {"width": 1280, "height": 720}]

#: The whole projected table: how far any part reaches past the screen, what a scroll box of
#: the page cuts of it, and how far the window scrolls.
WHOLE_TABLE = """() => {
    const W = innerWidth, H = innerHeight;
    let past = 0, clipped = 0;
    const parts = document.querySelectorAll('#rw-top > *, #rw-team .rw-tile, #rw-side > *, '
        + '#rw-side .rw-card, #rw-events li, .rw-mission-part > *');
    for (const e of parts) {
        const b = e.getBoundingClientRect();
        if (!b.width || !b.height) continue;
        past = Math.max(past, b.bottom - H, b.right - W, -b.left, -b.top);
        for (let p = e.parentElement; p && p.id !== 'rw-board'; p = p.parentElement) {
            const s = getComputedStyle(p), o = p.getBoundingClientRect();
            if (s.overflowX !== 'visible' && (b.left < o.left - 0.5 || b.right > o.right + 0.5))
                clipped = Math.max(clipped, b.right - o.right, o.left - b.left);
        }
    }
    const root = document.documentElement;
    return {parts: parts.length, past, clipped,
            scrolls: root.scrollHeight - H, sideways: root.scrollWidth - W};
}"""


@pytest.mark.parametrize("mission", [55, 63])
def test_the_longest_missions_fit_both_projectors_in_italian(
    follow_link: Callable[..., Page], open_context: Opener, site_url: str, mission: int
) -> None:
    """The game is dealt in a booted page (English: no boot of its own); the projector of the
    same profile, in Italian (the longer texts), is measured at 1920 x 1080 and 1280 x 720: every
    part of the table on the screen, none cut by a scroll box, the window never scrolls."""
    game = follow_link(f"?mission={mission}&players=5&seed=1&bots=0&pace=instant&brief=0")
    take_device(game)
    view = game.context.new_page()
    try:
        view.set_viewport_size(PROJECTORS[0])
        view.goto(site_url + "?view=table&lang=it")
        wait_ready(view)
        expect(view.locator("#rw-team .rw-tile").first).to_be_visible()
        expect(view.locator("#rw-side .rw-card").first).to_be_visible()
        for size in PROJECTORS:
            view.set_viewport_size(size)
            view.wait_for_function(f"() => innerHeight === {size['height']}")
            m = view.evaluate(WHOLE_TABLE)
            assert m["parts"] > 40, m
            fits = m["past"] <= 0.5 and m["clipped"] <= 0.5
            assert fits and m["scrolls"] <= 0 and m["sideways"] <= 0, (size, m)
    finally:
        view.close()


#: The projector's log and what is around it, once the log is scrolled to ``scroll`` ("top" or
#: "end"): the window's size and length, the log box, its newest (first) and oldest (last) line,
#: the status line under the table.
LOG_PLACES = """(scroll) => {
    const log = document.querySelector('[data-testid="projector-log"]');
    log.scrollTop = scroll === "top" ? 0 : log.scrollHeight;
    const box = (e) => { const b = e.getBoundingClientRect(); return [b.top, b.bottom]; };
    return {
        height: innerHeight,
        page: document.documentElement.scrollHeight,
        lines: log.querySelectorAll("li").length,
        scrolls: log.scrollHeight > log.clientHeight + 1,
        tabindex: log.getAttribute("tabindex"),
        log: box(log),
        newest: box(log.querySelector("li:first-child")),
        oldest: box(log.querySelector("li:last-child")),
        status: box(document.getElementById("rw-projector-status")),
    };
}"""


#: Whether the log's "More below" cue is as ``shown`` says: shown over the log's bottom edge (and
#: on the screen), or hidden.
LOG_CUE = """(shown) => {
    const cue = document.querySelector('#rw-events .scroll-more');
    const log = document.querySelector('[data-testid="projector-log"]');
    if (!cue || !log) return false;
    const c = cue.getBoundingClientRect(), l = log.getBoundingClientRect();
    const visible = getComputedStyle(cue).visibility === "visible" && c.height > 0;
    if (!shown) return !visible;
    return visible && c.top < l.bottom && l.bottom <= c.bottom + 1 && c.bottom <= innerHeight;
}"""


def test_a_long_games_log_scrolls_in_its_own_box_on_a_projector(
    page: Page, site_url: str, watch: Watch
) -> None:
    """A long game on a 1920 x 1080 and a 1280 x 720 projector: the whole log is there, newest
    first, in a box that ends at the screen's bottom; its latest lines in view, the older ones
    reached by scrolling the box (a tab stop for the keyboard, a "More below" cue while there
    are); the window itself never
    scrolls and the status line under the table stays on the screen. Before, the projector
    showed the last ten lines only (the older ones could not be reached), never in a box of its
    own: ten long lines could push the page below the screen."""
    page.goto(site_url + "?mission=4&players=5&seed=3&bots=all&pace=instant&brief=0")
    wait_ready(page)
    page.wait_for_selector("html[data-screen='end']", state="attached", timeout=120_000)
    view = page.context.new_page()
    record_console(view, watch)
    view.set_viewport_size({"width": 1920, "height": 1080})
    view.goto(site_url + "?view=table")
    wait_ready(view)
    expect(view.get_by_test_id("projector-log")).to_be_visible()
    sizes: list[ViewportSize] = [{"width": 1920, "height": 1080}, {"width": 1280, "height": 720}]
    for size in sizes:
        view.set_viewport_size(size)  # the same window, resized: the log's room follows
        view.wait_for_timeout(300)
        top = view.evaluate(LOG_PLACES, "top")
        assert top["lines"] > 30, top  # the whole log, not its last ten lines
        assert top["page"] <= top["height"], (size, top)  # the window does not scroll
        assert top["status"][1] <= top["height"], (size, top)
        assert top["scrolls"] and top["tabindex"] == "0", (size, top)
        # It takes the room there is: the status line under it ends near the screen's bottom
        # (the page's own margin under it: 23 px at 1080 lines; the first size is the one the
        # window opened at, measured at its first drawing, before the boot's progress box was
        # hidden: 90 px were left empty).
        assert top["log"][1] <= top["status"][0], top
        assert top["height"] - top["status"][1] < 40, (size, top)
        # The latest line in view at its top.
        assert top["log"][0] - 1 <= top["newest"][0] and top["newest"][1] <= top["log"][1] + 1
        # The oldest line: a scroll away, in view once scrolled.
        # From the back of a room, where no scroll bar is seen: "More below" over the box's
        # bottom edge while older lines are out of view (nothing said so).
        view.wait_for_function(LOG_CUE, arg=True)
        end = view.evaluate(LOG_PLACES, "end")
        assert end["oldest"][0] >= end["log"][0] - 1 and end["oldest"][1] <= end["log"][1] + 1
        assert end["page"] <= end["height"], (size, end)
        # Scrolled to its oldest line: no more below, no cue.
        view.wait_for_function(LOG_CUE, arg=False)
    view.close()


#: The font size of the projector's small texts (the players' badges: "Computer", "DD", the
#: captain's; the value track's numbers), each against the projected page's body text.
SMALL_TEXTS = """() => {
    const body = parseFloat(getComputedStyle(document.documentElement).fontSize);
    const sizes = (s) => [...document.querySelectorAll(s)]
        .filter((e) => e.checkVisibility())
        .map((e) => parseFloat(getComputedStyle(e).fontSize));
    return {body, badges: sizes('#rw-team .rw-badge'), track: sizes('#rw-top .rw-track-cell')};
}"""


def test_the_badges_and_the_track_are_read_from_the_back_of_a_room(
    follow_link: Callable[..., Page], site_url: str
) -> None:
    """The projector shows the same picture at 1280 x 720 as at 1920 x 1080 (sized by the
    screen's height); its players' badges ("Computer", "DD") and the value track's numbers were
    three quarters of its body text and less (8-9 px on a 720-line screen, 12-13 px on a
    1080-line one), too small to read from the back of a room: now at least its body text.
    The game's own board on a phone keeps its small badges (its layout tests)."""
    game = follow_link("?mission=31&players=5&seed=1&bots=1&pace=instant&brief=0")
    view = game.context.new_page()
    try:
        view.set_viewport_size(PROJECTORS[0])
        view.goto(site_url + "?view=table")
        wait_ready(view)
        expect(view.locator("#rw-team .rw-badge").first).to_be_visible()
        for size in PROJECTORS:
            view.set_viewport_size(size)
            view.wait_for_function(f"() => innerHeight === {size['height']}")
            m = view.evaluate(SMALL_TEXTS)
            assert len(m["badges"]) >= 5 and len(m["track"]) == 12, m
            assert min(m["badges"] + m["track"]) >= m["body"] - 0.01, (size, m)
    finally:
        view.close()
