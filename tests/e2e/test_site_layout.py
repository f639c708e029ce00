"""Phone to projector, keyboard and screen readers, reduced motion."""

from __future__ import annotations

import pytest
from harness import wait_ready
from playwright.sync_api import Browser, expect


@pytest.mark.parametrize("width,height", [(360, 640), (1920, 1080)])
def test_fits_the_screen_without_sideways_scrolling(
    browser: Browser, site_url: str, width: int, height: int
) -> None:
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.goto(site_url)
    expect(page.get_by_role("heading", name="Red Wire")).to_be_in_viewport()
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    wait_ready(page)
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    select = page.get_by_label("Language").bounding_box()
    assert select and select["height"] >= 44, "touch targets are at least 44 px tall"
    context.close()


def test_keyboard_reaches_the_language_menu_and_the_game(browser: Browser, site_url: str) -> None:
    context = browser.new_context()
    page = context.new_page()
    page.goto(site_url)
    page.keyboard.press("Tab")
    skip = page.get_by_role("link", name="Skip to the games")
    expect(skip).to_be_focused()
    expect(skip).to_be_in_viewport()
    page.keyboard.press("Tab")
    expect(page.get_by_label("Language")).to_be_focused()
    # The boot status is announced politely, and the progress bar has a name.
    expect(page.locator("#boot-status")).to_have_attribute("role", "status")
    expect(page.locator("#boot-progress")).to_have_attribute("aria-label", "Loading progress")
    wait_ready(page)
    context.close()


# Every CSS rule of the page that moves something, with the media conditions around it.
MOVING_RULES = """() => {
    // A scroll-driven animation (an animation-timeline other than time) that changes only
    // visibility or opacity is not motion: it is a state of the scroll position, moved only by
    // the player's own scrolling (Loop the Loop's "More below" cue), so it may stay on.
    const steady = new Set(["visibility", "opacity"]);
    const keyframes = new Map();
    const collect = (rules) => {
        for (const rule of rules) {
            if (rule.type === CSSRule.KEYFRAMES_RULE) {
                const props = new Set();
                for (const frame of rule.cssRules) {
                    for (const name of frame.style) props.add(name);
                }
                keyframes.set(rule.name, props);
            } else if (rule.cssRules) collect(rule.cssRules);
        }
    };
    for (const sheet of document.styleSheets) collect(sheet.cssRules);
    const scrollState = (style, animation) => {
        const timeline = style.getPropertyValue("animation-timeline");
        const props = keyframes.get(animation);
        return Boolean(timeline) && timeline !== "auto" && props !== undefined
            && [...props].every((name) => steady.has(name));
    };
    const found = [];
    const walk = (rules, media) => {
        for (const rule of rules) {
            if (rule.cssRules) walk(rule.cssRules, rule.conditionText ? [...media, rule.conditionText] : media);
            const style = rule.style;
            if (!style) continue;
            const durations = style.getPropertyValue("transition-duration");
            const animation = style.getPropertyValue("animation-name");
            const moves = (durations && !/^0s(, 0s)*$/.test(durations))
                || (animation && animation !== "none" && !scrollState(style, animation));
            if (moves) found.push({ selector: rule.selectorText, media });
        }
    };
    for (const sheet of document.styleSheets) walk(sheet.cssRules, []);
    return found;
}"""


def test_motion_only_when_the_player_allows_it(browser: Browser, site_url: str) -> None:
    """Every transition or animation sits under `prefers-reduced-motion: no-preference`."""
    context = browser.new_context(reduced_motion="reduce")
    page = context.new_page()
    page.goto(site_url)
    moving = page.evaluate(MOVING_RULES)
    assert moving, "the page has no motion at all: this test checks nothing"
    for rule in moving:
        assert any("prefers-reduced-motion: no-preference" in m for m in rule["media"]), rule
    assert page.evaluate("matchMedia('(prefers-reduced-motion: no-preference)').matches") is False
    wait_ready(page)
    context.close()
