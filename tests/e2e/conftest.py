"""Fixtures for the browser tests: one built site per test run, served from a thread, in Chromium.

    def test_something(ready_page: Page) -> None:       # the home page, booted
        expect(ready_page.get_by_test_id("app")).to_contain_text("...")

    def test_other(page: Page, site_url: str, watch: Watch) -> None:
        page.goto(site_url + "?lang=it")
        wait_ready(page)

`page` fails its test on any console error, any request to another origin and any HTTP error
response; a test that provokes errors on purpose sets ``watch.errors_expected = True``.
With pytest-xdist every worker gets these fixtures; the build itself runs once per test run.

The browser is a **returning player's** by default: `context` and `open_context(...)` give a
profile that has visited the site before (its service worker holds the site, the memory
snapshot and its raw copy), with every page closed and the site's storage cleared between
tests. A page then boots in about 2 s instead of 4-5 s, as for a player who comes back. A test of the first visit (the
plain boot, the service worker's install, a request held on its way from the network) is marked
``@pytest.mark.fresh_profile`` and gets a new, empty profile, as does ``browser.new_context()``.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, cast

import pytest
from harness import (
    BOOT_TIMEOUT_MS,
    FOLLOW,
    Watch,
    build,
    build_once,
    launch,
    origin_of,
    record_console,
    wait_offline_ready,
    wait_ready,
    watch_context,
)
from playwright.sync_api import (
    Browser,
    BrowserContext,
    Page,
    Playwright,
    ViewportSize,
    expect,
    sync_playwright,
)

# Booting Python takes seconds, more on a busy machine: wait for it rather than flake.
expect.set_options(timeout=BOOT_TIMEOUT_MS)


BROWSER_FIXTURES = {
    "playwright",
    "browser",
    "context",
    "open_context",
    "page",
    "ready_page",
    "follow_link",
}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark `e2e` the tests here that drive Chromium (the others only read the built site)."""
    here = Path(__file__).parent
    for item in items:
        fixtures = set(getattr(item, "fixturenames", ()))
        if here in item.path.parents and fixtures & BROWSER_FIXTURES:
            item.add_marker(pytest.mark.e2e)


@pytest.fixture(scope="session")
def site_dir(testrun_uid: str) -> Path:
    """The built site (_site/), built once per test run whichever worker asks first (or by
    `build.py test` before pytest starts: it names that build's run in FUSEBOX_SITE_RUN)."""
    return build_once(os.environ.get("FUSEBOX_SITE_RUN", testrun_uid))


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
    chromium = launch(playwright, suite=True)
    yield chromium
    chromium.close()


#: The site's file a profile's keeper tab shows: same-origin, and no app boots in it.
KEEPER_FILE = "icons/icon.svg"


class ReturningProfiles:
    """Browser profiles of a returning player, one per set of context options (a viewport
    alone is not one: see :class:`SizedContext`), kept for a worker's session: made once (a
    first visit that lets the service worker cache the site), then lent to test after test,
    each time with its pages closed and the site's storage cleared."""

    def __init__(self, browser: Browser, site_url: str) -> None:
        self.browser = browser
        self.site_url = site_url
        self.profiles: dict[str, tuple[BrowserContext, Page]] = {}

    def take(self, options: dict[str, Any]) -> BrowserContext:
        key = json.dumps(options, sort_keys=True)
        if key not in self.profiles:
            context = self.browser.new_context(**options)
            # A tab kept open on a still file of the site (no app runs in it): the profile's
            # handle to clear the site's storage between tests.
            keeper = context.new_page()
            keeper.goto(self.site_url + KEEPER_FILE)
            visit = context.new_page()
            visit.goto(self.site_url)
            wait_ready(visit)
            # The site cached and the snapshot's raw copy made (the service worker makes it
            # before it is ready): every test's first boot in the profile reads that copy.
            wait_offline_ready(visit)
            visit.close()
            self.profiles[key] = (context, keeper)
        return self.profiles[key][0]

    def give_back(self, context: BrowserContext) -> None:
        """Close the test's pages (their games and clocks stop), undo what a test may set on the
        profile, and clear the site's storage (saves, settings, progress)."""
        key, keeper = next((key, k) for key, (c, k) in self.profiles.items() if c is context)
        if keeper.is_closed():  # the test closed the whole profile: the next test makes another
            del self.profiles[key]
            return
        for tab in context.pages:
            if tab is not keeper:
                tab.close()
        context.set_offline(False)
        context.unroute_all()
        context.clear_cookies()
        cdp = context.new_cdp_session(keeper)
        cdp.send(
            "Storage.clearDataForOrigin",
            {
                "origin": origin_of(self.site_url),
                "storageTypes": "local_storage,indexeddb,cookies",
            },
        )
        cdp.detach()
        # Once more from a page of the site: a closed tab's last writes (its computers were
        # playing at the instant pace) may reach the storage after the clear above, and a
        # game left saved opens the next test's link on the "a game is in progress" screen.
        keeper.evaluate("localStorage.clear(); sessionStorage.clear()")

    def close(self) -> None:
        for context, _ in self.profiles.values():
            context.close()


class SizedContext:
    """A returning profile lent at a viewport of its own: each page it opens is sized. A
    profile's first visit costs seconds of a busy machine, so a size alone does not make a new
    one (the page's media queries and ``innerWidth`` follow ``set_viewport_size`` as they
    follow the context's viewport)."""

    def __init__(self, context: BrowserContext, viewport: ViewportSize) -> None:
        self.context = context
        self.viewport = viewport

    def new_page(self) -> Page:
        page = self.context.new_page()
        page.set_viewport_size(self.viewport)
        return page

    def __getattr__(self, name: str) -> Any:
        return getattr(self.context, name)


#: Context options whose value here is Playwright's default: they do not make a profile apart.
DEFAULTS = {"has_touch": False, "is_mobile": False, "color_scheme": "light"}
#: Playwright's viewport when a context names none.
DEFAULT_VIEWPORT: ViewportSize = {"width": 1280, "height": 720}


@pytest.fixture(scope="session")
def returning_profiles(browser: Browser, site_url: str) -> Iterator[ReturningProfiles]:
    profiles = ReturningProfiles(browser, site_url)
    yield profiles
    profiles.close()


@pytest.fixture
def open_context(
    request: pytest.FixtureRequest, browser: Browser, returning_profiles: ReturningProfiles
) -> Iterator[Callable[..., BrowserContext]]:
    """``open_context(viewport=..., ...)``: a returning player's profile with those options (a
    new empty one for a test marked ``fresh_profile``); given back, cleared, after the test."""
    fresh = request.node.get_closest_marker("fresh_profile") is not None
    lent: list[BrowserContext] = []
    made: list[BrowserContext] = []
    sized: dict[str, BrowserContext] = {}  # by options: the same size twice is the same profile

    def opener(**options: Any) -> BrowserContext:
        if fresh:
            made.append(browser.new_context(**options))
            return made[-1]
        viewport = options.get("viewport")
        rest = {k: v for k, v in options.items() if k != "viewport" and DEFAULTS.get(k, ...) != v}
        base = returning_profiles.take(rest)
        if viewport is None:
            lent.append(base)
            return base
        key = json.dumps(options, sort_keys=True)
        if key not in sized:
            if base not in lent:
                lent.append(base)
                sized[key] = cast(BrowserContext, SizedContext(base, viewport))
            else:
                # A second size in one test: a profile of its own, as the test's pages
                # expect (their storage apart).
                lent.append(returning_profiles.take(options))
                sized[key] = lent[-1]
        return sized[key]

    yield opener
    for context in made:
        context.close()
    for context in dict.fromkeys(lent):
        returning_profiles.give_back(context)


#: For each game, a link that waits on a person (a briefing, a handoff): no computer plays, no
#: clock runs. A page closes its test's game with its own game's link: the shell follows a link
#: in place only for the game that has the page (another game's link loads the page again).
IDLE = {
    "redwire": "?mission=1&players=2&bots=0",
    "countdown": "?game=countdown&players=2&bots=0",
    "loop": "?game=loop&players=2&bots=0",
}


def game_of(query: str) -> str:
    """The game a link opens (a link without ``game=`` is Red Wire's, the default game's)."""
    found = re.search(r"[?&]game=(\w+)", query)
    return found.group(1) if found else "redwire"


def language_of(query: str) -> str:
    """The language a link asks for (``lang=``; English without one)."""
    found = re.search(r"[?&]lang=([\w-]+)", query)
    return found.group(1) if found else "en"


class LinkPages:
    """Booted pages kept for a worker's session, one per set of context options (a viewport
    alone is not one: the page is sized for each link), each in a profile of its own (no other
    page shares its storage). A test that opens a game link gets
    the page with the site's storage cleared and the link followed in it (``Shell.follow``,
    the page's route for Back and Forward): the game starts as it would at a first visit to
    that address, without booting Python again. A link the page cannot follow in place (a
    projector's, another game's) loads the page again, so it is still right, only slower.
    After the test the page follows a link to a briefing (its storage cleared first): the
    game closes and its computers stop. A link in another language (``lang=it``) gets a page
    booted in that language, kept for that language's links: the page takes its language when
    it boots, and a link followed in it keeps the page's."""

    def __init__(self, browser: Browser, site_url: str) -> None:
        self.browser = browser
        self.site_url = site_url
        self.pages: dict[str, tuple[Page, Watch]] = {}
        #: The game each page opened last (by the same key as ``pages``).
        self.games: dict[str, str] = {}
        #: The pages the running test opened a link in (the others are idle already).
        self.used: set[str] = set()

    def open(self, query: str, options: dict[str, Any]) -> tuple[Page, Watch]:
        # The page takes its language when it boots (a link followed in it keeps the page's),
        # so a link in another language has a page of its own, booted in that language.
        lang = language_of(query)
        # A viewport alone makes no page apart: the page is sized for the link before it is
        # followed (its media queries and innerWidth follow, as for SizedContext).
        viewport = options.get("viewport") or DEFAULT_VIEWPORT
        rest = {k: v for k, v in options.items() if k != "viewport" and DEFAULTS.get(k, ...) != v}
        key = json.dumps({**rest, "lang": lang} if lang != "en" else rest, sort_keys=True)
        self.games[key] = game_of(query)
        self.used.add(key)
        if key in self.pages and not self.pages[key][0].is_closed():
            page, seen = self.pages[key]
            for found in (seen.console_errors, seen.foreign, seen.failed):
                found.clear()
            if page.viewport_size != viewport:
                page.set_viewport_size(viewport)
            if query:
                page.evaluate(FOLLOW, query)
            else:  # the bare address is no link to follow: the home screen takes a visit
                page.evaluate("localStorage.clear(); sessionStorage.clear()")
                page.goto(self.site_url)
            wait_ready(page)
        else:
            context = self.browser.new_context(**rest, viewport=viewport)
            seen = watch_context(context, self.site_url)
            page = context.new_page()
            record_console(page, seen)
            page.goto(self.site_url + query)
            wait_ready(page)
            self.pages[key] = (page, seen)
        # The test sees the language its link asks for, as a visit to that address would.
        assert page.evaluate("document.documentElement.lang") == lang
        return page, seen

    def close_games(self) -> None:
        """Idle the pages the test used: each follows its game's idle link. (Not every page of
        the worker: the others were idled after their own tests, and following a link in each
        of them after every test cost a worker's missions file 43 s of teardown in a run.)"""
        for key in sorted(self.used):
            page, _ = self.pages.get(key, (None, None))
            if page is not None and not page.is_closed():
                page.evaluate(FOLLOW, IDLE[self.games.get(key, "redwire")])
                wait_ready(page)
        self.used.clear()

    def close(self) -> None:
        for page, _ in self.pages.values():
            page.context.close()


@pytest.fixture(scope="session")
def link_pages(browser: Browser, site_url: str) -> Iterator[LinkPages]:
    pages = LinkPages(browser, site_url)
    yield pages
    pages.close()


@pytest.fixture
def follow_link(link_pages: LinkPages) -> Iterator[Callable[..., Page]]:
    """``follow_link("?mission=9&...", viewport=...)``: a booted page showing that game link,
    as a first visit to it would (see :class:`LinkPages`); errors fail the test as for `page`."""
    watched: list[Watch] = []

    def opener(query: str, **options: Any) -> Page:
        page, seen = link_pages.open(query, options)
        watched.append(seen)
        return page

    yield opener
    link_pages.close_games()
    for seen in watched:
        seen.check()


@pytest.fixture
def context(open_context: Callable[..., BrowserContext]) -> BrowserContext:
    """A returning player's profile (an empty one for a test marked ``fresh_profile``)."""
    return open_context()


@pytest.fixture
def watch(context: BrowserContext, site_url: str) -> Iterator[Watch]:
    """Everything the context does (see harness.Watch), checked after the test by `page`."""
    seen = watch_context(context, site_url)
    yield seen
    seen.stop(context)


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
