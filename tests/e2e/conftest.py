"""Fixtures for the browser tests: one built site per test run, served from a thread, in Chromium.

    def test_something(ready_page: Page) -> None:       # the home page, booted
        expect(ready_page.get_by_test_id("app")).to_contain_text("...")

    def test_other(page: Page, site_url: str, watch: Watch) -> None:
        page.goto(site_url + "?lang=it")
        wait_ready(page)

`page` fails its test on any console error, any request to another origin and any HTTP error
response; a test that provokes errors on purpose sets ``watch.errors_expected = True``.
With pytest-xdist every worker gets these fixtures; the build itself runs once per test run.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from harness import (
    BOOT_TIMEOUT_MS,
    Watch,
    build,
    build_once,
    launch,
    record_console,
    wait_ready,
    watch_context,
)
from playwright.sync_api import Browser, BrowserContext, Page, Playwright, expect, sync_playwright

# Booting Python takes seconds, more on a busy machine: wait for it rather than flake.
expect.set_options(timeout=BOOT_TIMEOUT_MS)


BROWSER_FIXTURES = {"playwright", "browser", "context", "page", "ready_page"}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark `e2e` the tests here that drive Chromium (the others only read the built site)."""
    here = Path(__file__).parent
    for item in items:
        fixtures = set(getattr(item, "fixturenames", ()))
        if here in item.path.parents and fixtures & BROWSER_FIXTURES:
            item.add_marker(pytest.mark.e2e)


@pytest.fixture(scope="session")
def site_dir(testrun_uid: str) -> Path:
    """The built site (_site/), built once per test run whichever worker asks first."""
    return build_once(testrun_uid)


@pytest.fixture(scope="session")
def site_url(site_dir: Path) -> Iterator[str]:
    """The site served at the root of a free port: http://127.0.0.1:PORT/."""
    server, url = build.serve_in_thread(site_dir)
    yield url
    server.shutdown()


@pytest.fixture(scope="session")
def subpath_url(site_dir: Path) -> Iterator[str]:
    """The same site under a subpath, as GitHub Pages serves a project: .../fusebox/."""
    server, url = build.serve_in_thread(site_dir, base="/fusebox/")
    yield url
    server.shutdown()


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    with sync_playwright() as running:
        yield running


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    chromium = launch(playwright)
    yield chromium
    chromium.close()


@pytest.fixture
def context(browser: Browser) -> Iterator[BrowserContext]:
    """A fresh browser profile: no cache, no service worker, no localStorage."""
    fresh = browser.new_context()
    yield fresh
    fresh.close()


@pytest.fixture
def watch(context: BrowserContext, site_url: str) -> Watch:
    """Everything the context does (see harness.Watch), checked after the test by `page`."""
    return watch_context(context, site_url)


@pytest.fixture
def page(context: BrowserContext, watch: Watch) -> Iterator[Page]:
    """A page in the fresh context that fails the test on errors or on leaving the site."""
    tab = context.new_page()
    record_console(tab, watch)
    yield tab
    watch.check()


@pytest.fixture
def ready_page(page: Page, site_url: str) -> Page:
    """The home page, once Python has booted and the app is interactive."""
    page.goto(site_url)
    wait_ready(page)
    return page
