"""A log box a keyboard user has focused keeps the focus and its place when a computer's move
redraws it (shell/regions.py draws the region anew: a new box, its twin focused again).

Each game's log box (``markup.scroll_stop`` with an id) is found by the Tab key once it scrolls;
then the game goes on by itself (computers only) and each redraw replaces the box. The focus must
be on the new box (not on <body>), and its scroll place sensible: a log whose newest line was in
view shows the newest line (Red Wire's newest-first log at its top, Countdown's at its end), one
scrolled back to older lines keeps showing the same lines at the same place. Before the fix
every redraw put the new box at its first line: Countdown's newest lines left the view at every
move, and Red Wire's reader of older lines was sent back to the top."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from harness import wait_board, wait_ready
from playwright.sync_api import Page, expect

PHONE = {"width": 360, "height": 640}

#: The box's scroll place, a line's text and its place in the box (px from the box's top), and
#: the page's focus. ``window.__box`` marks this box, to see when a redraw replaced it.
PLACE = """([selector, line]) => {
    const box = document.querySelector(selector);
    window.__box = box;
    const item = box.querySelectorAll("li")[line < 0 ? box.querySelectorAll("li").length + line : line];
    return {
        top: box.scrollTop,
        height: box.scrollHeight,
        client: box.clientHeight,
        lines: box.querySelectorAll("li").length,
        first: box.querySelector("li").textContent,
        last: [...box.querySelectorAll("li")].at(-1).textContent,
        text: item.textContent,
        at: item.getBoundingClientRect().top - box.getBoundingClientRect().top,
        focus: document.activeElement.id || document.activeElement.tagName,
        same: document.activeElement === box,
    };
}"""

#: The line of the box whose text is ``text``: its place in the box (px from the box's top).
LINE_AT = """([selector, text]) => {
    const box = document.querySelector(selector);
    const item = [...box.querySelectorAll("li")].find((li) => li.textContent === text);
    return item ? item.getBoundingClientRect().top - box.getBoundingClientRect().top : null;
}"""

#: Whether the box scrolls by more than a few lines.
SCROLLS = """(selector) => {
    const box = document.querySelector(selector);
    return Boolean(box) && box.scrollHeight > box.clientHeight + 80;
}"""


def tab_to(page: Page, selector: str, limit: int = 150) -> None:
    """Press Tab until the focus is on ``selector`` (a keyboard user's way there)."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate("(s) => document.activeElement.matches(s)", selector):
            return
    raise AssertionError(f"Tab never reached {selector}")


def scroll_until(page: Page, selector: str, key: str, done: str) -> None:
    """Press ``key`` (the focus on the box) until ``done(box)`` holds: a keyboard scroll is
    smooth, and a redraw in the middle of one may stop it."""
    for _ in range(40):
        page.keyboard.press(key)
        page.wait_for_timeout(150)
        if page.evaluate(f"(s) => ({done})(document.querySelector(s))", selector):
            return
    raise AssertionError(f"{key} never scrolled {selector} as wanted")


def after_redraw(
    page: Page, selector: str, line: int, focused: bool = True
) -> tuple[dict[str, Any], dict[str, Any]]:
    """The box's place now (line ``line`` measured), then once a redraw has replaced it with
    more lines (the same line measured again, found by its text)."""
    before = page.evaluate(PLACE, [selector, line])
    assert before["same"] or not focused, f"the focus is not on the box: {before['focus']}"
    page.wait_for_function(
        """(s) => { const b = document.querySelector(s);
            return b && b !== window.__box && b.querySelectorAll("li").length > 0; }""",
        arg=selector,
        timeout=30_000,
    )
    after = page.evaluate(PLACE, [selector, line])
    after["was_at"] = page.evaluate(LINE_AT, [selector, before["text"]])
    return before, after


def test_red_wire_log_panel_keeps_the_focus_and_its_place_after_a_computer_move(
    follow_link: Callable[..., Page],
) -> None:
    page = follow_link("?mission=4&players=3&seed=7&bots=all&brief=0&pace=normal", viewport=PHONE)
    wait_board(page)
    box = "#rw-fulllog"
    page.locator('[data-act="panel"][data-panel="log"]').first.click()
    page.wait_for_function(SCROLLS, arg=box, timeout=60_000)
    tab_to(page, box)

    # The newest line (first: the log is newest first) in view: it stays at the top, and the
    # new newest line is there.
    scroll_until(page, box, "Home", "(b) => b.scrollTop === 0")
    before, after = after_redraw(page, box, 0)
    assert after["same"], f"the focus went to {after['focus']}"
    assert after["lines"] > before["lines"]
    assert after["top"] == 0
    assert after["first"] != before["first"]  # the newest line, in view

    # Scrolled back to the oldest lines: the same lines stay where they were (new ones come
    # above them, out of view), the focus on the new box.
    scroll_until(page, box, "End", "(b) => b.scrollTop + b.clientHeight >= b.scrollHeight - 1")
    before, after = after_redraw(page, box, -1)
    assert after["same"], f"the focus went to {after['focus']}"
    assert after["lines"] > before["lines"]
    assert after["last"] == before["last"]
    assert after["was_at"] is not None and abs(after["was_at"] - before["at"]) <= 2, (
        before,
        after,
    )
    assert after["top"] + after["client"] >= after["height"] - 2


def test_countdown_log_panel_keeps_the_focus_and_its_end_in_view_after_a_computer_move(
    follow_link: Callable[..., Page],
) -> None:
    """Countdown's log is oldest first: opened, it shows its end (before, its first lines)."""
    page = follow_link("?game=countdown&players=5&seed=5&bots=all&pace=normal", viewport=PHONE)
    wait_board(page)
    box = "#cd-full-log"
    button = page.locator('[data-act="panel"][data-panel="log"]').first
    button.click()
    page.wait_for_function(SCROLLS, arg=box, timeout=60_000)
    # Opened again on a long log: at its newest line (its end), not at its first.
    button.click()
    expect(page.locator(box)).to_have_count(0)
    button.click()
    opened = page.evaluate(PLACE, [box, -1])
    assert opened["top"] + opened["client"] >= opened["height"] - 1 and opened["top"] > 0, opened
    tab_to(page, box)

    # Its end in view (the newest line, last): after the redraw, the new end is.
    at_end = "(b) => b.scrollTop + b.clientHeight >= b.scrollHeight - 1"
    scroll_until(page, box, "End", at_end)
    before, after = after_redraw(page, box, -1)
    assert after["same"], f"the focus went to {after['focus']}"
    assert after["lines"] > before["lines"]
    assert after["top"] + after["client"] >= after["height"] - 1, after
    assert after["top"] > 0

    # Scrolled back a little (neither end): the lines read stay where they were.
    scroll_until(page, box, "Home", "(b) => b.scrollTop === 0")
    scroll_until(page, box, "ArrowDown", "(b) => b.scrollTop >= 40")
    before, after = after_redraw(page, box, 3)
    assert after["same"], f"the focus went to {after['focus']}"
    assert before["top"] > 0 and before["top"] + before["client"] < before["height"] - 1
    assert after["was_at"] is not None and abs(after["was_at"] - before["at"]) <= 2, (
        before,
        after,
    )


def test_red_wire_projector_log_keeps_the_lines_a_teacher_scrolled_to(
    follow_link: Callable[..., Page],
) -> None:
    """The projector's log (newest first, in a box that ends at the screen's bottom) scrolled
    back by the teacher to the game's first lines: the next move's redraw (and the projector's
    measure of the room it has) leave those lines where they were."""
    page = follow_link(
        "?mission=4&players=5&seed=3&bots=all&brief=0&pace=fast",
        viewport={"width": 1280, "height": 720},
    )
    wait_board(page)
    view = page.context.new_page()
    view.set_viewport_size({"width": 1280, "height": 720})
    view.goto(page.url.split("?")[0] + "?view=table")
    wait_ready(view)
    box = "#rw-projector-log"
    view.wait_for_function(SCROLLS, arg=box, timeout=60_000)
    view.evaluate(
        "(s) => { const b = document.querySelector(s); b.scrollTop = b.scrollHeight; }", box
    )
    before, after = after_redraw(view, box, -1, focused=False)
    assert after["lines"] > before["lines"]
    assert after["last"] == before["last"]  # the game's first line
    assert after["was_at"] is not None and abs(after["was_at"] - before["at"]) <= 2, (before, after)
    assert view.evaluate("document.documentElement.scrollHeight") <= 720
    view.close()
