"""A player never sees a Python traceback: a short message on the page, the details in the console."""

from __future__ import annotations

import pytest
from harness import Watch
from playwright.sync_api import Page, Route, expect

# A first visit: the plain boot, the service worker's install, requests from the network.
pytestmark = pytest.mark.fresh_profile

BROKEN_ENTRY = 'raise RuntimeError("the board fell over")\n'


def test_a_python_error_shows_a_short_message(page: Page, site_url: str, watch: Watch) -> None:
    watch.errors_expected = True

    def broken_main(route: Route) -> None:
        route.fulfill(body=BROKEN_ENTRY, content_type="text/x-python")

    page.route("**/main.py", broken_main)
    page.goto(site_url)
    message = page.get_by_test_id("error-message")
    expect(message).to_have_text("Something went wrong. Reload the page to try again.")
    body = page.locator("body").inner_text()
    assert "Traceback" not in body and "RuntimeError" not in body
    assert any("the board fell over" in error for error in watch.console_errors)
    assert page.locator("html[data-ready]").count() == 0


def test_an_app_error_is_reported_in_the_players_language(
    page: Page, site_url: str, watch: Watch
) -> None:
    """An exception inside the app (here: the engine failing to import) goes through errors.py."""
    watch.errors_expected = True
    page.route(
        "**/*.whl", lambda route: route.fulfill(body=b"not a zip", content_type="application/zip")
    )
    page.goto(site_url + "?lang=it")
    message = page.get_by_test_id("error-message")
    expect(message).to_have_text("Qualcosa è andato storto. Ricarica la pagina per riprovare.")
    assert "Traceback" not in page.locator("body").inner_text()
    assert any("Traceback" in error for error in watch.console_errors)


def test_a_failed_download_offers_a_retry(page: Page, site_url: str, watch: Watch) -> None:
    watch.errors_expected = True
    page.route("**/python_stdlib.zip", lambda route: route.fulfill(status=503, body=b""))
    page.goto(site_url)
    expect(page.get_by_test_id("error-message")).to_have_text(
        "The game could not start. Check your connection and try again."
    )
    expect(page.get_by_role("button", name="Try again")).to_be_visible()
