"""The engine in the page's Python (Pyodide, Python 3.14) deals and replays exactly as CPython does:
a shared seed means a shared game, and a record saved anywhere replays anywhere."""

from __future__ import annotations

import json

from harness import wait_ready
from playwright.sync_api import Page

from engine.redwire import SEER, Record, new_game
from tests.redwire.engine.walk import WalkStats, walk_game

# Runs Python in the page's own interpreter (the one the app uses), through the boot module.
RUN_PYTHON = """async (code) => {
    const runtime = await import("./js/runtime.mjs");
    const pyodide = await runtime.loadPyodide();
    return pyodide.runPython(code);
}"""

CASES = [(1, 2, 7), (3, 3, 99), (5, 4, 2024), (8, 5, 12345), (8, 2, 4_000_000_000)]


def in_page(page: Page, code: str) -> object:
    return json.loads(page.evaluate(RUN_PYTHON, code))


def test_the_same_seed_deals_the_same_game(ready_page: Page) -> None:
    code = (
        "import json\nfrom engine import redwire as engine\n"
        f"json.dumps([engine.new_game(m, p, seed=s).setup.to_json() for m, p, s in {CASES!r}])"
    )
    browser_setups = in_page(ready_page, code)
    assert browser_setups == [new_game(m, p, seed=s).setup.to_json() for m, p, s in CASES]
    assert "3.14" in str(in_page(ready_page, "import json, sys; json.dumps(sys.version)"))


def test_a_cpython_record_replays_to_the_same_game_in_the_page(page: Page, site_url: str) -> None:
    page.goto(site_url)
    wait_ready(page)
    for seed, mission, players in ((31, 6, 3), (32, 8, 5)):
        final = walk_game(
            seed=seed, mission=mission, players=players, stats=WalkStats(), checks=False
        )
        text = final.record.dumps()
        code = (
            "import json\nfrom engine import redwire as engine\n"
            f"state = engine.Record.loads({text!r}).replay()\n"
            "json.dumps(state.observation('seer'))"
        )
        assert in_page(page, code) == json.loads(json.dumps(final.observation(SEER)))
        assert Record.loads(text).replay().same_as(final)


# What the page's Pyodide decided at its start: whether it runs Python on stacks of its own (JSPI).
STACK_SWITCHING = """async () => {
    const runtime = await import("./js/runtime.mjs");
    const pyodide = await runtime.loadPyodide();
    return ["Suspending" in WebAssembly, "Suspender" in WebAssembly, pyodide._module.jspiSupported];
}"""


def test_python_runs_on_the_pages_own_stack(ready_page: Page) -> None:
    # runtime.mjs hides WebAssembly.Suspending before Pyodide starts: Chromium's allocation
    # samplers crash a tab whose Python runs on JSPI stacks (bench firstvisit --samplers).
    assert ready_page.evaluate(STACK_SWITCHING) == [False, False, False]
