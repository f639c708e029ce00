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
from playwright.sync_api import Page

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
            for (const c of ['red', 'blue', 'green', 'yellow']) {
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
