"""Boot benchmark: how fast the site gets to "ready" in headless Chromium, against bare Pyodide.

    python build.py bench load [--runs 5]

For each run, a fresh browser profile loads a game link twice (a mission-1 deal with computer
teammates, as a shared link opens it): cold (empty caches, no service worker) and warm (the
returning visitor: HTTP cache, and the service worker once it has cached the site; the saved game
is cleared so the link deals again). Reported as the median over the runs:
  - board ready: navigation start -> <html data-board-ready> (the game's board is interactive);
  - ready: navigation start -> <html data-ready> (Python booted, the app drawn);
  - painted: first contentful paint (the home screen);
  - bytes: bytes transferred over the network (resource timing);
and the same for a bare page that loads the same vendored pyodide.mjs and runs `1+1`, served from
a second origin so that the site's service worker never sees it. Then a game is played by clicks
(mission 8, five players, four computer teammates) and the page's own measures of every click
handler (draw included) and of every computer move are reported. Targets: board ready <= 1.10 x
the bare boot (cold and warm), home screen painted <= 300 ms, each click answered <= 100 ms.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "e2e"))

from harness import build, build_once, launch, wait_offline_ready, wait_ready
from playwright.sync_api import Browser, Page, sync_playwright
from redwire_driver import play_moves

READY_RATIO = 1.10
PAINT_MS = 300
CLICK_MS = 100
#: The link whose board is timed: three players, the two others computers, no briefing.
BOARD_QUERY = "?mission=1&players=3&seed=1&bots=1&brief=0&pace=normal"
#: The game played for the click and computer-move figures.
PLAY_QUERY = "?mission=8&players=5&seed=4&bots=1&brief=0&pace=instant"

BARE_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>bare Pyodide</title></head><body>
<script type="module">
import { loadPyodide } from "./runtime/pyodide/pyodide.mjs";
const pyodide = await loadPyodide();
document.body.textContent = String(pyodide.runPython("1+1"));
document.documentElement.setAttribute("data-ready", "");
</script></body></html>
"""

# Records when <html data-ready> and <html data-board-ready> appear, in the page's own clock
# (0 = navigation start).
READY_PROBE = """
new MutationObserver((_, observer) => {
    const html = document.documentElement;
    if (html.hasAttribute("data-ready") && window.__readyAt === undefined)
        window.__readyAt = performance.now();
    if (html.hasAttribute("data-board-ready") && window.__boardAt === undefined)
        window.__boardAt = performance.now();
    if (window.__boardAt !== undefined) observer.disconnect();
}).observe(document, {
    attributes: true, subtree: true, attributeFilter: ["data-ready", "data-board-ready"],
});
"""

MEASURE = """() => {
    const paint = performance.getEntriesByName("first-contentful-paint")[0];
    const entries = [...performance.getEntriesByType("navigation"),
                     ...performance.getEntriesByType("resource")];
    return {
        ready: window.__readyAt,
        board: window.__boardAt === undefined ? window.__readyAt : window.__boardAt,
        paint: paint ? paint.startTime : null,
        bytes: entries.reduce((sum, e) => sum + (e.transferSize || 0), 0),
        marks: Object.fromEntries(performance.getEntriesByType("mark")
            .filter((m) => m.name.startsWith("fusebox:"))
            .map((m) => [m.name.slice(8), m.startTime])),
    };
}"""


# The boot stages marked by the page (web/js/runtime.mjs, fusebox_web): when each one started.
STAGES = (
    ("boot", "Pyodide starts"),
    ("pyscript", "PyScript asks for it"),
    ("pyodide", "Pyodide booted"),
    ("app", "app starts"),
    ("ready", "app ready"),
)


@dataclass
class Load:
    board_ms: float
    ready_ms: float
    paint_ms: float
    bytes: int
    marks: dict[str, float]


def measure(page: Page, url: str) -> Load:
    page.goto(url)
    wait_ready(page)
    if "?" in url:  # a game link: wait for its board (the bare page has none)
        page.wait_for_selector("html[data-board-ready]", state="attached", timeout=60_000)
    figures = page.evaluate(MEASURE)
    paint = figures["paint"] or float("nan")
    return Load(figures["board"], figures["ready"], paint, figures["bytes"], figures["marks"])


def settle_site(page: Page) -> None:
    """Between the cold and the warm load: the site is cached offline, the dealt game forgotten."""
    wait_offline_ready(page)
    page.evaluate("localStorage.clear()")


def play_and_time(browser: Browser, url: str) -> tuple[list[float], list[float]]:
    """Play a game by clicks; the page's measures of each click and each computer move (ms)."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(url)
    wait_ready(page)
    play_moves(page, 0, 12)
    clicks = page.evaluate("performance.getEntriesByName('fusebox:click').map(e => e.duration)")
    bots = page.evaluate("performance.getEntriesByName('fusebox:bot').map(e => e.duration)")
    context.close()
    return clicks, bots


def visit_twice(browser: Browser, url: str, settle: Callable[[Page], None]) -> tuple[Load, Load]:
    """A cold load in a fresh profile, then `settle` (e.g. wait for offline), then a warm load."""
    context = browser.new_context()
    context.add_init_script(READY_PROBE)
    page = context.new_page()
    cold = measure(page, url)
    settle(page)
    warm = measure(page, url)
    context.close()
    return cold, warm


def median(loads: list[Load], attribute: str) -> float:
    return float(statistics.median(getattr(load, attribute) for load in loads))


def folder_size(folder: Path) -> tuple[int, int]:
    files = [p for p in folder.rglob("*") if p.is_file()]
    return sum(p.stat().st_size for p in files), len(files)


def mb(count: float) -> str:
    return f"{count / 1_000_000:.2f} MB"


def verdict(ok: bool) -> str:
    return "ok" if ok else "MISSED"


def report(
    site: dict[str, list[Load]],
    bare: dict[str, list[Load]],
    site_dir: Path,
    clicks: list[float],
    bots: list[float],
) -> None:
    runs = len(site["cold"])
    print(f"\nFusebox boot, headless Chromium, median of {runs} runs\n")
    print(f"{'':22}{'cold':>12}{'warm':>12}")
    for label, source, attribute, unit in (
        ("board ready (site)", site, "board_ms", "ms"),
        ("ready (site)", site, "ready_ms", "ms"),
        ("ready (bare Pyodide)", bare, "ready_ms", "ms"),
        ("painted (site)", site, "paint_ms", "ms"),
        ("transferred (site)", site, "bytes", "B"),
        ("transferred (bare)", bare, "bytes", "B"),
    ):
        cells = [median(source[kind], attribute) for kind in ("cold", "warm")]
        shown = [f"{c:.0f} ms" if unit == "ms" else mb(c) for c in cells]
        print(f"{label:22}{shown[0]:>12}{shown[1]:>12}")
    print("\nsite boot stages (ms after navigation start)")
    for mark, label in STAGES:
        cells = [
            statistics.median(load.marks[mark] for load in site[kind]) for kind in ("cold", "warm")
        ]
        print(f"  {label:20}{cells[0]:>12.0f}{cells[1]:>12.0f}")
    total, count = folder_size(site_dir)
    print(f"\nsite size: {mb(total)} in {count} files")
    print(
        f"\nplayed by clicks: {len(clicks)} clicks, median {statistics.median(clicks):.0f} ms, "
        f"max {max(clicks):.0f} ms; {len(bots)} computer moves, median "
        f"{statistics.median(bots):.0f} ms, max {max(bots):.0f} ms"
    )
    print("\ntargets:")
    for kind in ("cold", "warm"):
        ratio = median(site[kind], "board_ms") / median(bare[kind], "ready_ms")
        ok = ratio <= READY_RATIO
        print(f"  board ready {kind}: {ratio:.2f} x bare Pyodide (<= {READY_RATIO}) {verdict(ok)}")
    for kind in ("cold", "warm"):
        paint = median(site[kind], "paint_ms")
        print(f"  painted {kind}: {paint:.0f} ms (<= {PAINT_MS} ms) {verdict(paint <= PAINT_MS)}")
    worst = max(clicks)
    print(f"  each click: max {worst:.0f} ms (<= {CLICK_MS} ms) {verdict(worst <= CLICK_MS)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()

    site_dir = build_once(f"bench-{uuid.uuid4()}")
    with tempfile.TemporaryDirectory(prefix="fusebox-bare-") as tmp:
        # The bare page uses the very same vendored runtime files.
        (Path(tmp) / "runtime").symlink_to(site_dir / "runtime")
        (Path(tmp) / "index.html").write_text(BARE_PAGE)
        site_server, site_url = build.serve_in_thread(site_dir)
        bare_server, bare_url = build.serve_in_thread(Path(tmp))
        site: dict[str, list[Load]] = {"cold": [], "warm": []}
        bare: dict[str, list[Load]] = {"cold": [], "warm": []}
        with sync_playwright() as playwright:
            browser = launch(playwright)
            board_url = site_url + BOARD_QUERY
            # One untimed load of each warms the OS file cache and Chromium itself.
            visit_twice(browser, board_url, settle_site)
            visit_twice(browser, bare_url, lambda page: None)
            for run in range(args.runs):
                for results, url, settle in (
                    (site, board_url, settle_site),
                    (bare, bare_url, lambda page: None),
                ):
                    cold, warm = visit_twice(browser, url, settle)
                    results["cold"].append(cold)
                    results["warm"].append(warm)
                print(f"run {run + 1}/{args.runs} done", flush=True)
            clicks, bots = play_and_time(browser, site_url + PLAY_QUERY)
            browser.close()
        site_server.shutdown()
        bare_server.shutdown()
    report(site, bare, site_dir, clicks, bots)


if __name__ == "__main__":
    main()
