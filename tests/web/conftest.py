"""The page's Python package (web/fusebox_web) is importable here, outside the browser.

Only the modules that do not touch the page can be imported (``dom``, ``errors``, ``main``,
``app`` and ``redwire.controller`` need Pyodide's ``js``).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "web"
for path in (WEB, ROOT):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

from fusebox_web.shell.i18n import Catalog, load_catalogs  # noqa: E402


@pytest.fixture(scope="session", params=["en", "it"])
def catalog(request: pytest.FixtureRequest) -> Catalog:
    """The shipped catalogs, in each language."""
    return load_catalogs(WEB / "i18n", request.param)
