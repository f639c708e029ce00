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
    skip = page.get_by_role("link", name="Skip to the game")
    expect(skip).to_be_focused()
    expect(skip).to_be_in_viewport()
    page.keyboard.press("Tab")
    expect(page.get_by_label("Language")).to_be_focused()
    # The boot status is announced politely, and the progress bar has a name.
    expect(page.locator("#boot-status")).to_have_attribute("role", "status")
    expect(page.locator("#boot-progress")).to_have_attribute("aria-label", "Loading progress")
    wait_ready(page)
    context.close()


def test_reduced_motion_turns_off_transitions(browser: Browser, site_url: str) -> None:
    context = browser.new_context(reduced_motion="reduce")
    page = context.new_page()
    page.goto(site_url)
    duration = page.evaluate(
        "getComputedStyle(document.getElementById('boot-progress'), '::-webkit-progress-value')"
        ".transitionDuration"
    )
    assert duration == "0s"
    wait_ready(page)
    context.close()
