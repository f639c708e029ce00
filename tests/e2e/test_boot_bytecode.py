"""The page compiles no standard-library module in the browser: each one it imports after
Pyodide's own boot comes precompiled from the site's stdlib.zip (build.py's STDLIB_BYTECODE)."""

from __future__ import annotations

import json
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from harness import build, wait_ready
from playwright.sync_api import Browser, Page

# The plain boot compiles the modules it imports: a first visit's (the snapshot holds them).
pytestmark = pytest.mark.fresh_profile

#: A whole game of computers (setup, every kind of decision, the end screen).
GAME = "?mission=8&players=5&seed=3&bots=all&level=expert&brief=0&pace=instant"

#: Pyodide alone, from the site's own vendored runtime: the modules its boot imports by itself.
BARE_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>bare Pyodide</title></head><body>
<script type="module">
import { loadPyodide } from "./runtime/pyodide/pyodide.mjs";
window.pyodide = await loadPyodide();
document.documentElement.setAttribute("data-ready", "");
</script></body></html>
"""

# Where each standard-library module in the page came from (the app's interpreter, via the boot
# module). Pyodide's standard library is /lib/python314.zip, sources only.
MODULE_FILES = """async () => {
    const runtime = await import("./js/runtime.mjs");
    const pyodide = await runtime.loadPyodide();
    return pyodide.runPython(`
import json, sys
json.dumps({name: getattr(module, "__file__", None) or "" for name, module in list(sys.modules.items())})
`);
}"""


@pytest.fixture(scope="module")
def bare_modules(browser: Browser, site_dir: Path) -> Iterator[set[str]]:
    with tempfile.TemporaryDirectory(prefix="fusebox-bare-") as tmp:
        (Path(tmp) / "runtime").symlink_to(site_dir / "runtime")
        (Path(tmp) / "index.html").write_text(BARE_PAGE, encoding="utf-8")
        server, url = build.serve_in_thread(Path(tmp))
        try:
            page = browser.new_page()
            page.goto(url)
            wait_ready(page)
            names = page.evaluate(
                "JSON.parse(window.pyodide.runPython("
                "'import json, sys; json.dumps(sorted(sys.modules))'))"
            )
            page.close()
        finally:
            server.shutdown()
    yield set(names)


def test_no_standard_module_is_compiled_in_the_page(
    page: Page, site_url: str, bare_modules: set[str]
) -> None:
    page.goto(site_url + GAME)
    wait_ready(page)
    page.wait_for_selector("html[data-screen='end']", state="attached", timeout=120_000)
    files: dict[str, str] = json.loads(page.evaluate(MODULE_FILES))

    from_sources = {
        name
        for name, file in files.items()
        if file.startswith("/lib/python314.zip/") and name not in bare_modules
    }
    assert not from_sources, (
        f"the page compiles {sorted(from_sources)} from source at every visit: "
        "add their top-level names to STDLIB_BYTECODE in build.py"
    )
    precompiled = {name for name, file in files.items() if "/stdlib.zip/" in file}
    # PyScript imports html; a game link reads its mission (tomllib); the bots count in fractions.
    assert {"html", "html.entities", "tomllib", "fractions"} <= precompiled
    assert all(name.split(".")[0] in build.STDLIB_BYTECODE for name in precompiled)
