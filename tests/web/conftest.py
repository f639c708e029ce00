"""The page's Python package (web/fusebox_web) is importable here, outside the browser.

Only the modules that do not touch the page can be imported (``dom``, ``errors``, ``main``,
``app`` and ``redwire.controller`` need Pyodide's ``js``).
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "web"
for path in (WEB, ROOT):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

from fusebox_web.shell.i18n import Catalog, load_catalogs  # noqa: E402


@pytest.fixture(autouse=True)
def no_running_loop() -> Iterator[None]:
    """No event loop marked as running in this thread while a test here runs.

    Playwright's sync API (the browser tests, which pytest-xdist may run earlier in the same
    worker) keeps its loop marked as running in the main thread for the whole session: then
    ``asyncio.run`` here would refuse to start ("cannot be called from a running event loop").
    """
    running = asyncio.events._get_running_loop()
    asyncio.events._set_running_loop(None)
    try:
        yield
    finally:
        asyncio.events._set_running_loop(running)


@pytest.fixture(scope="session", params=["en", "it"])
def catalog(request: pytest.FixtureRequest) -> Catalog:
    """The shipped catalogs, in each language."""
    return load_catalogs(WEB / "i18n", request.param)
