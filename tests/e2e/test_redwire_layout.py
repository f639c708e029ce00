"""Red Wire at a real table: one screen on a phone (360 x 640) and on a laptop (1280 x 800).

Mission 8 with five players (and with two, whose stands hold up to 14 wires): whichever
teammate's wire you tap, your own stand, that wire, every value you may name and the confirm
button are on the screen at once, without scrolling sideways; the decision panel takes at most
35% of the phone's height; every wire, value and button is at least 24 x 24 CSS px.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from redwire_driver import play, saved_state, settled_box, settled_decision, sure_move, tile

SELECTED = re.compile(r"\bis-selected\b")
GAME = "?mission=8&players={players}&seed=7&bots=1&pace=instant&brief=0&lang={lang}"

#: Boxes of what must be on screen, the page's widths and the dock's height, in one call.
MEASURE = """() => {
    const box = (e) => { const b = e.getBoundingClientRect();
        return {x: b.left, y: b.top, w: b.width, h: b.height}; };
    const all = (s) => [...document.querySelectorAll(s)].map(box);
    return {
        innerWidth, innerHeight, scrollY,
        scrollWidth: document.documentElement.scrollWidth,
        own: all('.rw-player--mine .rw-tile'),
        selected: all('.rw-tile.is-selected'),
        values: all('[data-act="value"]'),
        confirm: all('[data-act="confirm"]'),
        dock: box(document.getElementById('rw-dock')),
        // Tap targets by their layout size (a wire flipping into place is narrow for a moment).
        targets: [...document.querySelectorAll('#rw-board button, #rw-board [data-act]')]
            .map((e) => ({x: 0, y: 0, w: e.offsetWidth, h: e.offsetHeight})),
    };
}"""


def open_board(follow_link: Callable[..., Page], size: tuple[int, int], query: str) -> Page:
    """The board of ``query`` at ``size``, at the person's first turn, followed in a booted
    page (conftest's ``follow_link``; a link in Italian gets a page booted in Italian, kept for
    the Italian links: the page takes its language when it boots)."""
    width, height = size
    options: dict[str, Any] = {
        "viewport": {"width": width, "height": height},
        "has_touch": width < 600,
        "is_mobile": width < 600,
    }
    page = follow_link(query, **options)
    while settled_decision(page) != "turn":
        play(page, sure_move(saved_state(page), 0))
    return page


def on_screen(box: dict[str, float], width: int, height: int) -> bool:
    return (
        box["x"] >= 0
        and box["y"] >= 0
        and box["x"] + box["w"] <= width + 0.5
        and (box["y"] + box["h"] <= height + 0.5)
    )


def check_one_screen(page: Page, width: int, height: int, phone: bool) -> dict[str, Any]:
    m: dict[str, Any] = page.evaluate(MEASURE)
    assert m["innerWidth"] == width, "the page widened the layout viewport (sideways overflow)"
    assert m["scrollWidth"] <= width, "the page scrolls sideways"
    assert m["selected"] and m["values"] and m["confirm"] and m["own"]
    for name in ("own", "selected", "values", "confirm"):
        for box in m[name]:
            assert on_screen(box, width, height), (name, box)
    if phone:
        assert m["dock"]["h"] <= 0.35 * height, f"the dock takes {m['dock']['h']} px"
    for box in m["targets"]:
        if box["w"] and box["h"]:  # hidden panels have no box
            assert box["w"] >= 24 and box["h"] >= 24, box
    return m


@pytest.mark.parametrize(
    "width,height,players,lang",
    [(360, 640, 5, "en"), (360, 640, 5, "it"), (360, 640, 2, "en"), (1280, 800, 5, "en")],
)
def test_your_stand_the_wire_the_values_and_confirm_on_one_screen(
    follow_link: Callable[..., Page],
    width: int,
    height: int,
    players: int,
    lang: str,
) -> None:
    query = GAME.format(players=players, lang=lang)
    page = open_board(follow_link, (width, height), query)
    state = saved_state(page)
    phone = width < 600
    teammates = [st for st in range(len(state.owners)) if state.owners[st] != 0]
    figures = []
    # A wire of every teammate's stand, the last stand (the farthest from yours) included.
    # As the player sees it: the board at the top of the page (the test's own clicks above may
    # have scrolled it: Playwright scrolls a sticky dock's buttons into view), then real taps at
    # the points on the screen: a wire covered by anything would not be selected.
    page.evaluate("window.scrollTo(0, 0)")
    for stand in teammates:
        slot = next(slot for slot, _ in state.uncut(stand))
        box = settled_box(tile(page, stand, slot))
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        expect(tile(page, stand, slot)).to_have_class(SELECTED)
        m = check_one_screen(page, width, height, phone)
        figures.append(round(m["dock"]["h"]))
        assert m["scrollY"] == 0 or phone, "a laptop shows the board without scrolling"
    print(f"{width}x{height} {players} players {lang}: dock heights {figures}")


#: The phone's hardest missions by the sweep (tests/bench/bench_fit.py), at a table where the
#: dock was tallest: 64 with two players (three buttons for the flipped wires, a prompt of four
#: lines; 369 px before their short names and the folded prompt), 56 with two (333 px), 54 with
#: five in Italian, the longer language (the wire pile's five buttons and the oxygen; 245 px).
HARDEST_PHONE = [(64, 2, "en"), (56, 2, "en"), (54, 5, "it"), (64, 2, "it")]


@pytest.mark.parametrize("mission,players,lang", HARDEST_PHONE)
def test_the_hardest_missions_keep_the_decision_on_one_phone_screen(
    follow_link: Callable[..., Page],
    mission: int,
    players: int,
    lang: str,
) -> None:
    """At the first turn, a tap on the farthest teammate's wire: your stand, that wire, every
    value you may name and the confirm button on the 360 x 640 screen at once, no sideways
    scrolling, the dock at most 35% of the height, every target at least 24 x 24 px. The
    prompt's mission sentences fold behind "More" and unfold with it (by keyboard too)."""
    query = f"?mission={mission}&players={players}&seed=1&bots=1&pace=instant&brief=0&lang={lang}"
    page = open_board(follow_link, (360, 640), query)
    state = saved_state(page)
    stand = max(st for st in range(len(state.owners)) if state.owners[st] != 0)
    slot = next(slot for slot, _ in state.uncut(stand))
    page.evaluate("window.scrollTo(0, 0)")
    box = settled_box(tile(page, stand, slot))
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    expect(tile(page, stand, slot)).to_have_class(SELECTED)
    m = check_one_screen(page, 360, 640, phone=True)
    print(f"mission {mission} {players}p {lang}: dock {round(m['dock']['h'])} px")
    # Nothing lost: the folded sentences are in the prompt, shown by "More" (Enter), hidden by
    # "Less", and the selection stays.
    notes = page.locator("#rw-prompt-notes")
    more = page.get_by_test_id("prompt-more")
    expect(notes).to_be_hidden()
    expect(more).to_have_attribute("aria-expanded", "false")
    more.focus()
    page.keyboard.press("Enter")
    expect(notes).to_be_visible()
    expect(more).to_have_attribute("aria-expanded", "true")
    assert len(notes.inner_text().strip()) > 20
    expect(tile(page, stand, slot)).to_have_class(SELECTED)
    page.get_by_test_id("prompt-more").click()
    expect(notes).to_be_hidden()


#: Boards whose own stand, the last, ended below a laptop's or a projector's screen while the
#: wires' height counted a frame of 10rem around the stands (the board's top line takes two
#: lines there): mission 1 with five players (short stands, so the tallest wires) 50 px below
#: 1280 x 720 and 1280 x 800, mission 31 with five 43 px below 1920 x 1080; and, while it
#: counted two lines of top line, mission 54 in Italian (a long title, eleven red wires'
#: markers: three lines) 40 px below 1280 x 720 (its tiles 17 px).
WHOLE_STAND = [
    (1280, 720, 1, "en"),
    (1280, 800, 1, "en"),
    (1920, 1080, 31, "en"),
    (1280, 720, 54, "it"),
]


@pytest.mark.parametrize("width,height,mission,lang", WHOLE_STAND)
def test_your_whole_stand_is_on_a_laptop_or_projector_screen_with_five_players(
    follow_link: Callable[..., Page], width: int, height: int, mission: int, lang: str
) -> None:
    query = f"?mission={mission}&players=5&seed=1&bots=1&pace=instant&brief=0&lang={lang}"
    page = follow_link(query, viewport={"width": width, "height": height})
    settled_decision(page)
    page.evaluate("window.scrollTo(0, 0)")
    # The whole stand: its name, its badges and its frame too, not only the wires.
    box = page.locator(".rw-player--mine").bounding_box()
    assert box is not None
    bottoms = page.locator(".rw-player--mine .rw-tile").evaluate_all(
        "tiles => tiles.map((t) => t.getBoundingClientRect().bottom)"
    )
    assert bottoms, "no stand of yours"
    assert box["y"] + box["height"] <= height + 0.5, (
        f"your stand ends {box['y'] + box['height'] - height:.0f} px below"
    )
    assert max(bottoms) <= height + 0.5, f"your stand ends {max(bottoms) - height:.0f} px below"
