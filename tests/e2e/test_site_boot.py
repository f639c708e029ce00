"""The home screen and the boot: plain HTML at once, then Python, all from the site itself."""

from __future__ import annotations

import re
import tomllib

import pytest
from harness import ROOT, Watch, build, record_console, same_origin, wait_ready, watch_context
from playwright.sync_api import Browser, Page, Route, expect

from engine.core.registry import games

# A first visit: the plain boot, the service worker's install, requests from the network.
pytestmark = pytest.mark.fresh_profile


def engine_version() -> str:
    return str(tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"])


def test_home_screen_shows_before_python(page: Page, site_url: str) -> None:
    """Title, game and rules are there while Python is still downloading; progress is real."""
    held: list[Route] = []

    def hold(route: Route) -> None:  # keep Python from booting until released below
        held.append(route)

    page.route("**/pyodide.asm.wasm", hold)
    page.goto(site_url)

    expect(page.get_by_role("heading", level=1)).to_have_text("Fusebox")
    expect(page.get_by_role("heading", name="Red Wire")).to_be_visible()
    expect(page.get_by_role("heading", name="How to play")).to_be_visible()
    expect(page.locator("ol.rules li")).to_have_count(5)
    expect(page.locator("#boot-status")).to_have_text(re.compile(r"Downloading Python: [\d.]+ of"))
    progress = page.locator("#boot-progress")
    expect(progress).to_be_visible()
    assert page.evaluate("performance.getEntriesByName('first-contentful-paint').length") == 1
    assert page.locator("html[data-ready]").count() == 0

    page.wait_for_timeout(200)  # nothing moves on without the interpreter
    assert page.locator("html[data-ready]").count() == 0
    assert held, "Pyodide never asked for its WebAssembly"
    for route in held:
        route.continue_()
    wait_ready(page)
    expect(page.locator("#boot")).to_be_hidden()
    assert progress.evaluate("element => element.value") == 100


def test_boots_and_shows_the_engine_version(ready_page: Page) -> None:
    card = ready_page.get_by_test_id("app").get_by_test_id("game-redwire")
    expect(card.get_by_test_id("play")).to_have_text("Play Red Wire")
    expect(ready_page.get_by_test_id("engine-version")).to_have_text(f"Version {engine_version()}")
    expect(ready_page.get_by_test_id("error-message")).to_be_hidden()


def test_the_home_screen_lists_the_games_of_the_registry(page: Page, site_url: str) -> None:
    """A card per game (of the registry, with a page package), written by the build: shown before
    Python, in the player's language, with the game's actions once Python has booted."""
    held: list[Route] = []

    def hold(route: Route) -> None:  # keep Python from booting until released below
        held.append(route)

    page.route("**/pyodide.asm.wasm", hold)
    page.goto(site_url + "?lang=it")
    cards = page.locator("#games > li")
    listed = [info for info in games().values() if info.id in {c.id for c in build.page_games()}]
    assert listed and listed[0].id == "redwire"
    expect(cards).to_have_count(len(listed))
    for card, info in zip(cards.all(), listed, strict=True):
        expect(card).to_have_attribute("data-game", info.id)
        expect(card.get_by_role("heading", level=2)).to_have_text(info.title["it"])
        expect(card).to_contain_text(info.summary["it"])
        first, last = info.players[0], info.players[-1]
        expect(card).to_contain_text(f"Da {first} a {last} giocatori")
    for route in held:
        route.continue_()
    wait_ready(page)
    expect(page.get_by_test_id("game-redwire").get_by_test_id("play")).to_have_text(
        "Gioca a Red Wire"
    )


def test_every_request_stays_on_the_site(ready_page: Page, watch: Watch, site_url: str) -> None:
    """The runtime, the wheel and the service worker's downloads all come from the site."""
    ready_page.wait_for_selector("html[data-offline-ready]", state="attached")
    paths = {url.removeprefix(site_url) for url in watch.requests}
    for expected in ("runtime/pyodide/pyodide.asm.wasm", "runtime/pyodide/python_stdlib.zip"):
        assert expected in paths
    assert any(re.fullmatch(r"pkg/[0-9a-f]{16}/fusebox-.+\.whl", path) for path in paths)
    assert "sw.js" in paths
    assert all(same_origin(url, site_url.rstrip("/")) for url in watch.requests)
    assert not any("micropip" in url for url in watch.requests)


def test_works_under_a_subpath(browser: Browser, subpath_url: str) -> None:
    """Served as /fusebox/ (a GitHub Pages project site): every request stays under it."""
    context = browser.new_context()
    seen = watch_context(context, subpath_url)
    page = context.new_page()
    record_console(page, seen)
    page.goto(subpath_url)
    wait_ready(page)
    page.wait_for_selector("html[data-offline-ready]", state="attached")
    scope = page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.scope)")
    context.close()
    assert scope == subpath_url
    seen.check()
    outside = [url for url in seen.requests if not url.startswith(subpath_url)]
    assert not outside, f"requests outside {subpath_url}: {outside}"
