"""Every string through one catalog: English and Italian, chosen, switched and remembered."""

from __future__ import annotations

from harness import wait_ready
from playwright.sync_api import Browser, Page, expect


def test_lang_parameter_switches_and_is_remembered(page: Page, site_url: str) -> None:
    page.goto(site_url + "?lang=it")
    expect(page.locator("html")).to_have_attribute("lang", "it")
    expect(page.get_by_role("heading", name="Come si gioca")).to_be_visible()
    wait_ready(page)
    # Drawn by Python from the same catalog.
    expect(page.get_by_test_id("play")).to_have_text("Gioca a Red Wire")
    expect(page.get_by_test_id("engine-version")).to_contain_text("Versione")
    assert page.evaluate("localStorage.getItem('fusebox.lang')") == "it"

    page.goto(site_url)  # no parameter: the choice was remembered
    expect(page.locator("html")).to_have_attribute("lang", "it")
    expect(page.get_by_label("Lingua")).to_have_value("it")
    wait_ready(page)


def test_switching_in_the_page_redraws_html_and_python_text(ready_page: Page) -> None:
    expect(ready_page.get_by_test_id("play")).to_have_text("Play Red Wire")
    ready_page.get_by_label("Language").select_option("it")
    expect(ready_page.locator("html")).to_have_attribute("lang", "it")
    expect(ready_page.get_by_role("heading", name="Come si gioca")).to_be_visible()
    expect(ready_page.get_by_test_id("play")).to_have_text("Gioca a Red Wire")
    assert ready_page.evaluate("localStorage.getItem('fusebox.lang')") == "it"

    ready_page.get_by_label("Lingua").select_option("en")
    expect(ready_page.get_by_test_id("play")).to_have_text("Play Red Wire")
    expect(ready_page.get_by_role("heading", name="How to play")).to_be_visible()


def test_browser_language_is_the_default(browser: Browser, site_url: str) -> None:
    context = browser.new_context(locale="it-IT")
    page = context.new_page()
    page.goto(site_url)
    expect(page.locator("html")).to_have_attribute("lang", "it")
    expect(page.get_by_role("heading", name="Come si gioca")).to_be_visible()
    context.close()
