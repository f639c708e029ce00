"""Boot benchmark: how fast the site gets to "ready" in headless Chromium, against bare Pyodide.

    python build.py bench load [--runs 5]

For each run, a fresh browser profile loads the page twice: cold (empty caches, no service worker)
and warm (the returning visitor: HTTP cache, and the service worker once it has cached the site).
Reported as the median over the runs:
  - ready: navigation start -> <html data-ready> (Python booted, app drawn: "board ready");
  - painted: first contentful paint (the home screen);
  - bytes: bytes transferred over the network (resource timing);
and the same for a bare page that loads the same vendored pyodide.mjs and runs `1+1`, served from
a second origin so that the site's service worker never sees it. Targets: ready <= 1.15 x the bare
boot (cold and warm), home screen painted <= 300 ms.
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

READY_RATIO = 1.15
PAINT_MS = 300

BARE_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>bare Pyodide</title></head><body>
<script type="module">
import { loadPyodide } from "./runtime/pyodide/pyodide.mjs";
const pyodide = await loadPyodide();
document.body.textContent = String(pyodide.runPython("1+1"));
document.documentElement.setAttribute("data-ready", "");
</script></body></html>
"""

# Records when <html data-ready> appears, in the page's own clock (0 = navigation start).
READY_PROBE = """
new MutationObserver((_, observer) => {
    if (!document.documentElement.hasAttribute("data-ready")) return;
    window.__readyAt = performance.now();
    observer.disconnect();
}).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-ready"] });
"""

MEASURE = """() => {
    const paint = performance.getEntriesByName("first-contentful-paint")[0];
    const entries = [...performance.getEntriesByType("navigation"),
                     ...performance.getEntriesByType("resource")];
    return {
        ready: window.__readyAt,
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
    ready_ms: float
    paint_ms: float
    bytes: int
    marks: dict[str, float]


def measure(page: Page, url: str) -> Load:
    page.goto(url)
    wait_ready(page)
    figures = page.evaluate(MEASURE)
    paint = figures["paint"] or float("nan")
    return Load(figures["ready"], paint, figures["bytes"], figures["marks"])


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


def report(site: dict[str, list[Load]], bare: dict[str, list[Load]], site_dir: Path) -> None:
    runs = len(site["cold"])
    print(f"\nFusebox boot, headless Chromium, median of {runs} runs\n")
    print(f"{'':22}{'cold':>12}{'warm':>12}")
    for label, source, attribute, unit in (
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
    print("\ntargets:")
    for kind in ("cold", "warm"):
        ratio = median(site[kind], "ready_ms") / median(bare[kind], "ready_ms")
        ok = ratio <= READY_RATIO
        print(f"  ready {kind}: {ratio:.2f} x bare Pyodide (<= {READY_RATIO}) {verdict(ok)}")
    for kind in ("cold", "warm"):
        paint = median(site[kind], "paint_ms")
        print(f"  painted {kind}: {paint:.0f} ms (<= {PAINT_MS} ms) {verdict(paint <= PAINT_MS)}")


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
            # One untimed load of each warms the OS file cache and Chromium itself.
            visit_twice(browser, site_url, wait_offline_ready)
            visit_twice(browser, bare_url, lambda page: None)
            for run in range(args.runs):
                for results, url, settle in (
                    (site, site_url, wait_offline_ready),
                    (bare, bare_url, lambda page: None),
                ):
                    cold, warm = visit_twice(browser, url, settle)
                    results["cold"].append(cold)
                    results["warm"].append(warm)
                print(f"run {run + 1}/{args.runs} done", flush=True)
            browser.close()
        site_server.shutdown()
        bare_server.shutdown()
    report(site, bare, site_dir)


if __name__ == "__main__":
    main()
