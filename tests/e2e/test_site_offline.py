"""After one visit the service worker has the whole site: the game loads with the network cut.

And the site can be installed as an app."""

from __future__ import annotations

from pathlib import Path

from harness import Watch, launch_profile, wait_offline_ready, wait_ready
from playwright.sync_api import BrowserContext, Page, Playwright, Response, expect


def test_offline_reload_after_one_visit(
    ready_page: Page, context: BrowserContext, watch: Watch
) -> None:
    wait_offline_ready(ready_page)
    expect(ready_page.locator("#offline-status")).to_have_text("Ready to play offline")

    from_worker: list[bool] = []

    def on_response(response: Response) -> None:
        from_worker.append(response.from_service_worker)

    context.set_offline(True)
    ready_page.on("response", on_response)
    ready_page.reload()
    wait_ready(ready_page)
    expect(ready_page.get_by_test_id("engine-version")).to_be_visible()
    assert from_worker and all(from_worker), "the offline load did not come from the worker"

    # And once more with a language switch, which needs nothing from the network either.
    ready_page.goto(ready_page.url + "?lang=it")
    wait_ready(ready_page)
    expect(ready_page.get_by_test_id("play")).to_have_text("Gioca a Red Wire")


def test_the_site_is_installable(playwright: Playwright, site_url: str, tmp_path: Path) -> None:
    """Manifest, icons and service worker satisfy Chromium's install criteria."""
    context = launch_profile(playwright, tmp_path / "profile")
    page = context.pages[0] if context.pages else context.new_page()
    page.goto(site_url)
    wait_ready(page)
    wait_offline_ready(page)
    cdp = context.new_cdp_session(page)
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    manifest = cdp.send("Page.getAppManifest")
    context.close()
    assert errors == []
    assert manifest["errors"] == []
