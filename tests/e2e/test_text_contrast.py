"""Text that says something keeps a 4.5:1 contrast (WCAG 1.4.3) where an audit with axe-core
found it did not: a used equipment card and Double Detector badge of Red Wire (dimmed as a
whole), Countdown's green wires and Snip letters (white on green), the missing cards of Loop the
Loop's flight plans (dimmed placeholders), and Loop's green cards and dimmed "over" points in
the dark theme. Measured here in the light theme (the tighter one) and
the dark one, from the colours the page computes, opacity included."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from harness import wait_board
from playwright.sync_api import Page, expect
from redwire_driver import play, saved_state, sure_cut, sure_move, tile, wait_decision

#: The contrast of each matching element's text against what lies behind it: every ancestor's
#: background and opacity composited as the browser paints them (flat colours), over white.
CONTRAST = """(selector) => {
    const rgba = (css) => {
        const m = css.match(/rgba?\\(([^)]+)\\)/);
        if (!m) return [0, 0, 0, 0];
        const p = m[1].split(/[ ,\\/]+/).filter(Boolean).map(Number);
        return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
    };
    // Premultiplied "source over".
    const over = (top, under) => top.map((v, i) => v + under[i] * (1 - top[3]));
    const pre = ([r, g, b, a]) => [r * a, g * a, b * a, a];
    const paint = (chain, text) => {
        // chain: from the element up to <html>; each group is its background, then its
        // content, faded by its opacity as one layer.
        let inner = text ? pre(text) : [0, 0, 0, 0];
        for (const el of chain) {
            const style = getComputedStyle(el);
            const layer = over(inner, pre(rgba(style.backgroundColor)));
            inner = layer.map((v) => v * Number(style.opacity));
        }
        const px = over(inner, [255, 255, 255, 1]);
        return px.slice(0, 3);
    };
    const lum = (c) => {
        const [r, g, b] = c.map((v) => {
            v /= 255;
            return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    return [...document.querySelectorAll(selector)].map((el) => {
        const chain = [];
        for (let e = el; e; e = e.parentElement) chain.push(e);
        const fg = lum(paint(chain, rgba(getComputedStyle(el).color)));
        const bg = lum(paint(chain, null));
        const ratio = (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05);
        return [el.className + ": " + el.textContent.trim().slice(0, 20), ratio];
    });
}"""

AA = 4.5


def low(page: Page, selector: str) -> list[tuple[str, float]]:
    """The texts under ``selector`` below AA; fails if there is none to measure."""
    measured = page.evaluate(CONTRAST, selector)
    assert measured, f"nothing matches {selector}"
    return [(what, round(ratio, 2)) for what, ratio in measured if ratio < AA]


SCHEMES = ["light", pytest.param("dark", marks=pytest.mark.slow)]


@pytest.mark.parametrize("scheme", SCHEMES)
def test_a_used_card_and_badge_of_red_wire_stay_readable(
    follow_link: Callable[..., Page], scheme: str
) -> None:
    page = follow_link(
        "?mission=4&players=3&seed=7&bots=1&brief=0&pace=instant&captain=1",
        color_scheme=scheme,
    )
    wait_board(page)
    # Marked used as the board marks them once played (the texts and classes the page draws).
    page.evaluate(
        """() => {
            for (const c of document.querySelectorAll('#rw-board .rw-card')) {
                c.classList.add('is-used');
            }
            for (const b of document.querySelectorAll('#rw-board .rw-badge--dd')) {
                b.classList.add('is-used');
            }
        }"""
    )
    texts = (
        ".rw-card.is-used :is(.rw-card-no, .rw-card-name, .rw-card-state), .rw-badge--dd.is-used"
    )
    assert low(page, texts) == []


@pytest.mark.parametrize("scheme", SCHEMES)
def test_countdown_colours_keep_their_white_or_dark_text_readable(
    follow_link: Callable[..., Page], scheme: str
) -> None:
    page = follow_link("?game=countdown&players=3&seed=11&bots=1&pace=instant", color_scheme=scheme)
    wait_board(page)
    # Every colour a wire of the combination or a Snip letter can take, with the classes the
    # end screen and the board give them.
    page.evaluate(
        """() => {
            const root = document.querySelector('#cd-root');
            const colours = ['red', 'blue', 'green', 'yellow', 'black', 'white', 'orange',
                             'purple'];
            const list = document.createElement('ol');
            list.className = 'cd-wires test-contrast';
            for (const c of colours) {
                list.insertAdjacentHTML('beforeend',
                    `<li class="cd-wire is-up is-${c}">${c}</li>`
                    + `<li><span class="cd-snip is-${c}">${c[0].toUpperCase()}</span></li>`);
            }
            root.append(list);
        }"""
    )
    assert low(page, ".test-contrast :is(.cd-wire, .cd-snip)") == []


#: Both themes here: Loop's colours differ between them.
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_loop_cards_and_the_missing_cards_of_a_flight_plan_are_readable(
    follow_link: Callable[..., Page], scheme: str
) -> None:
    page = follow_link("?game=loop&players=3&seed=11&bots=1&pace=instant", color_scheme=scheme)
    wait_board(page)
    # At the start every plan's cards are missing: placeholders that name the manoeuvre.
    assert low(page, ".lp-slot") == []
    # A card of each colour, as the board draws one (fusebox_web.loop.render.card_html).
    page.evaluate(
        """() => {
            const box = document.createElement('div');
            box.className = 'lp-hand-cards test-contrast';
            // Each colour as it is in the hand and done with in the flight (is-done: it was
            // dimmed, and a green card's name fell to 4.3:1).
            for (const c of ['red', 'blue', 'green', 'yellow', 'red is-done', 'blue is-done',
                             'green is-done', 'yellow is-done']) {
                box.insertAdjacentHTML('beforeend', `<span class="lp-card lp-${c}">`
                    + `<span class="lp-card-name">${c}</span><span class="lp-card-d">7</span>`
                    + '<span class="lp-card-pts"><span class="lp-exact">4</span>'
                    + '<span class="lp-over">2</span></span></span>');
            }
            document.querySelector('#lp-hand').append(box);
        }"""
    )
    shown = ".test-contrast :is(.lp-card-name, .lp-card-d, .lp-exact, .lp-over)"
    assert low(page, shown) == []


#: Mark with data-test-text the elements under ``selector`` that hold text of their own (a
#: colour stripe or an empty box is no text); how many.
OWN_TEXT = """(selector) => {
    let n = 0;
    for (const el of document.querySelectorAll(`${selector}, ${selector} *`)) {
        const own = [...el.childNodes].some((c) => c.nodeType === 3 && c.textContent.trim());
        if (own && el.checkVisibility()) {
            el.setAttribute("data-test-text", "");
            n += 1;
        }
    }
    return n;
}"""

#: Each button under ``selector``: its face painted flat in the colour of its hatch's stripes
#: (the stripe, the one translucent colour of its background image, over its background), or
#: back as it was (``undo``). How many buttons had a hatch.
ON_THE_HATCH = """([selector, undo]) => {
    let n = 0;
    for (const el of document.querySelectorAll(selector)) {
        if (undo) {
            el.style.backgroundColor = el.style.backgroundImage = "";
            continue;
        }
        const style = getComputedStyle(el);
        const parse = (css) => css.match(/[\\d.]+/g).map(Number);
        const stripe = (style.backgroundImage.match(/rgba\\([^)]+\\)/g) || [])
            .map(parse)
            .find((c) => c[3] > 0 && c[3] < 1);
        if (!stripe) continue;
        const [r, g, b] = parse(style.backgroundColor);
        const a = stripe[3];
        const mixed = [r, g, b].map((v, i) => Math.round(stripe[i] * a + v * (1 - a)));
        el.style.backgroundImage = "none";
        el.style.backgroundColor = `rgb(${mixed.join(", ")})`;
        n += 1;
    }
    return n;
}"""

#: How each button under ``selector`` tells it cannot be used, besides its colours.
CUES = """(selector) => [...document.querySelectorAll(selector)].map((el) => {
    const style = getComputedStyle(el);
    return [style.borderTopStyle, style.backgroundImage.startsWith("repeating-linear-gradient"),
            style.cursor, Number(style.opacity)];
})"""


def disabled_readable(page: Page, disabled: str) -> list[tuple[str, float]]:
    """The texts of the buttons ``disabled`` (and of what they hold) below AA, on their face
    and on their hatch's stripes; each of them marked by a dashed edge, a hatch and the "not
    allowed" pointer, never dimmed as a whole."""
    cues = page.evaluate(CUES, disabled)
    assert cues, f"nothing matches {disabled}"
    assert page.evaluate(OWN_TEXT, disabled) > 0
    found = low(page, "[data-test-text]")
    assert all(cue == ["dashed", True, "not-allowed", 1] for cue in cues), (found, cues)
    assert page.evaluate(ON_THE_HATCH, [disabled, False]) == len(cues)
    found += [(f"on the hatch: {what}", ratio) for what, ratio in low(page, "[data-test-text]")]
    page.evaluate(ON_THE_HATCH, [disabled, True])
    return found


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_disabled_controls_of_the_three_games_are_readable_and_marked_beyond_colour(
    follow_link: Callable[..., Page], scheme: str
) -> None:
    """Countdown's disabled buttons (its hand between turns, a choice that does not apply) were
    dimmed to 2.3-3.3:1 by an opacity, and that rule, written for any element, dimmed Red Wire's
    own wires that cannot be picked (2.5:1) and its disabled buttons too; Loop's were dimmed to
    2.5:1. Every game's disabled button now keeps its text at 4.5:1 (on its hatch too) and is
    marked by a dashed edge and a hatch; a Red Wire wire that cannot be picked is not dimmed."""
    # Countdown: every button of the board marked as the board marks one that does not apply
    # (aria-disabled: it stays focusable and says why when pressed).
    page = follow_link("?game=countdown&players=3&seed=11&bots=1&pace=instant", color_scheme=scheme)
    wait_board(page)
    page.evaluate(
        """() => { for (const b of document.querySelectorAll('#cd-board button')) {
            b.setAttribute('aria-disabled', 'true'); } }"""
    )
    assert disabled_readable(page, '#cd-board button[aria-disabled="true"]') == []

    # Loop: its buttons disabled as it disables them (`disabled`).
    page = follow_link("?game=loop&players=3&seed=11&bots=1&pace=instant", color_scheme=scheme)
    wait_board(page)
    page.evaluate(
        """() => { for (const b of document.querySelectorAll('#lp-board :is(.lp-btn, .lp-chip)'))
            { b.disabled = true; } }"""
    )
    assert disabled_readable(page, "#lp-board button:disabled") == []

    # Red Wire: the confirm button before a choice is whole (as drawn), the chips marked as the
    # replay marks its steps; the viewer's own wires that cannot be picked keep their colours.
    page = follow_link(
        "?mission=4&players=3&seed=7&bots=1&brief=0&pace=instant&captain=1",
        color_scheme=scheme,
    )
    wait_board(page)
    if wait_decision(page) == "setup_token":
        play(page, sure_move(saved_state(page), 0))
    assert wait_decision(page) == "turn"
    target = sure_cut(saved_state(page), 0).targets[0]
    tile(page, *target).click()  # no value named yet: nothing to confirm
    expect(page.get_by_test_id("confirm")).to_have_attribute("aria-disabled", "true")
    page.evaluate(
        """() => { for (const b of document.querySelectorAll('#rw-board .rw-chip')) {
            b.setAttribute('aria-disabled', 'true'); } }"""
    )
    assert disabled_readable(page, '#rw-board button[aria-disabled="true"]:not(.rw-tile)') == []
    wires = '#rw-board .rw-tile[aria-disabled="true"]:not(.is-cut, .rw-tile--back) .rw-n'
    assert page.locator(wires).count() > 0
    assert low(page, wires) == []


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_red_wire_cut_wires_show_their_value_readably(
    follow_link: Callable[..., Page], scheme: str
) -> None:
    """A cut wire's value is what the whole table deduces from: it was dimmed with the whole tile
    (opacity 0.5: 2.4:1 in the light theme, 2.9-3.6:1 in the dark one). Now its face is a tint
    of its colour, its value at 4.5:1 and more, for blue, yellow and red wires alike; still told
    apart from an uncut wire by the dashed edge and the cut mark."""
    page = follow_link(
        "?mission=4&players=3&seed=7&bots=all&brief=0&pace=fast", color_scheme=scheme
    )
    wait_board(page)
    page.wait_for_function(
        "document.querySelectorAll('#rw-board .rw-tile.is-cut').length >= 6", timeout=60_000
    )
    # Every colour a cut wire can have, as the board draws one (its classes, a face, a value).
    page.evaluate(
        """() => {
            const stand = document.querySelector('#rw-board .rw-tile.is-cut').parentElement;
            for (const colour of ['blue', 'yellow', 'red']) {
                const tile = document.querySelector('#rw-board .rw-tile.is-cut').cloneNode(true);
                tile.className = `rw-tile rw-tile--${colour} is-cut test-cut`;
                stand.append(tile);
            }
        }"""
    )
    assert low(page, "#rw-board .rw-tile.is-cut .rw-n") == []
    cues = page.evaluate(
        """() => [...document.querySelectorAll('#rw-board .rw-tile.is-cut')].map((t) =>
            [getComputedStyle(t).borderTopStyle, Boolean(t.querySelector('.rw-cutmark'))])"""
    )
    assert cues and all(cue == ["dashed", True] for cue in cues), cues


#: Red Wire's mission parts once done with, as the board marks them: (mission, the part, the
#: state's class). Each was dimmed as a whole (opacity 0.6-0.75) and never measured: mission
#: 39's Number cards done with or face down and mission 57's covered pairs fell to 3.6:1 in the
#: light theme.
DONE_PARTS = [
    (39, ".rw-ncard", "is-done"),
    (39, ".rw-ncard", "is-down"),
    (57, ".rw-cpair", "is-covered"),
    (55, ".rw-chal", "is-done"),
    (45, ".rw-vol-seat", "is-passed"),
]


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("mission,part,state", DONE_PARTS)
def test_red_wire_parts_done_with_stay_readable(
    follow_link: Callable[..., Page], scheme: str, mission: int, part: str, state: str
) -> None:
    page = follow_link(
        f"?mission={mission}&players=4&seed=1&bots=1&brief=0&pace=instant", color_scheme=scheme
    )
    wait_board(page)
    marked = page.evaluate(
        """([part, state]) => {
            const found = [...document.querySelectorAll(`#rw-board ${part}`)];
            for (const el of found) el.classList.add(state);
            return found.length;
        }""",
        [part, state],
    )
    assert marked, f"no {part} on mission {mission}'s board"
    assert page.evaluate(OWN_TEXT, f"#rw-board {part}") > 0
    assert low(page, "[data-test-text]") == []
    # A Number card's state is said besides its colour: in words with a sign, and a dashed edge.
    if part in (".rw-ncard", ".rw-cpair"):
        edges = page.evaluate(
            "(s) => [...document.querySelectorAll(s)].map((e) => getComputedStyle(e).borderTopStyle)",
            f"#rw-board {part}.{state}",
        )
        assert set(edges) == {"dashed"}, edges
