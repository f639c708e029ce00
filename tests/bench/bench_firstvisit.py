"""First visits only, many times: does Chromium's tab crash, and how much memory does it take?

    python build.py bench firstvisit [--visits 40] [--log .cache/firstvisit-chromium.log] [--arg=--switch ...]
        [--no-jspi]

Each visit is a fresh browser profile (a new context of one headless Chromium, launched as
`bench load` launches it: harness.launch) that opens `bench load`'s game link: the plain boot,
then the service worker installs (it precaches the site, then keeps the memory snapshot inflated
in its cache). A visit ends once the site is ready offline (<html data-offline-ready>) and its
profile is closed. Counted: crashes of the page (Playwright's `page.on("crash")`), a service
worker that no longer answers, and visits that failed otherwise (a timeout, say).

Memory: while a visit runs, every renderer process of this Chromium is sampled from
/proc/<pid>/status (VmHWM, the kernel's own peak of its resident memory); a visit's peak is the
largest VmHWM of the renderers it started. The service worker runs in the page's renderer
(chrome://serviceworker-internals names the same process), so that peak holds the page, Pyodide's
heap and the service worker's install; the same figure when the board is ready is taken before
the service worker is registered (the page registers it once ready). The page's JavaScript heap
(CDP `Runtime.getHeapUsage`, WebAssembly memory not included) and its WebAssembly memory
(Pyodide's heap) are reported too. Chromium's own log (`--enable-logging=stderr --v=0`) goes to
`--log`; its lines about crashes and memory are printed at the end.

The tab crash this was written for: Chromium's allocation samplers walking off the stack V8 runs
WebAssembly on (harness.QUIET_FEATURES, which the harness's Chromium runs without). To see it,
launch Chromium as Playwright does, samplers included (`--samplers`), with the heap profiler
forced on in every renderer:
`--samplers --arg=--enable-features=HeapProfilerReporting:renderer-prob-pct/100/stable-probability/1/nonstable-probability/1`
(about half the first visits crashed, until the page itself hid WebAssembly.Suspending before
Pyodide starts: runtime.mjs `withoutStackSwitching`); `--no-jspi` hides it from an init script
too, for a build without that, so that Pyodide does not switch stacks.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import sys
import threading
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "e2e"))

from harness import (
    build,
    build_once,
    chromium_executable,
    chromium_processes,
    launch,
    wait_offline_ready,
    wait_ready,
)
from playwright.sync_api import Browser, Error, Page, sync_playwright
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

#: `bench load`'s board link: the first visit it times.
BOARD_QUERY = "?mission=1&players=3&seed=1&bots=1&brief=0&pace=normal"
#: Chromium's log to stderr, which Playwright passes on (DEBUG=pw:browser) to this process.
LOG_ARGS = ("--enable-logging=stderr", "--v=0")
#: The switch Chromium gives a process its heap profiler samples (HeapProfilerReporting).
PROFILED = "--subproc-heap-profiling"


def status_kb(pid: int) -> dict[str, int]:
    """VmHWM and VmRSS (kB) of process `pid`; empty once it is gone."""
    try:
        text = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return {}
    return {k: int(v) for k, v in re.findall(r"^(VmHWM|VmRSS):\s+(\d+) kB", text, re.M)}


def descendants() -> dict[int, str]:
    """pid -> Chromium process type ("renderer", "gpu-process", "utility", "browser"; with
    " profiled" when Chromium's heap profiler samples it: --subproc-heap-profiling) of this
    process's Chromium processes."""
    kinds = {}
    for pid, line in chromium_processes().items():
        found = re.search(r"--type=(\S+)", line)
        kind = found.group(1) if found else "browser"
        kinds[pid] = kind + (" profiled" if PROFILED in line else "")
    return kinds


@dataclass
class Sampler:
    """Samples the peak memory of this process's Chromium processes while it runs."""

    period: float = 0.1
    peaks: dict[int, dict[str, int]] = field(default_factory=dict)
    kinds: dict[int, str] = field(default_factory=dict)
    _stop: threading.Event = field(default_factory=threading.Event)

    def start(self) -> None:
        threading.Thread(target=self._run, daemon=True).start()

    def stop(self) -> None:
        self._stop.set()

    def _run(self) -> None:
        rescan = 0.0
        while not self._stop.is_set():
            now = time.monotonic()
            if now >= rescan:
                self.kinds.update(descendants())
                rescan = now + 0.5
            for pid in list(self.kinds):
                sample = status_kb(pid)
                peak = self.peaks.setdefault(pid, {"VmHWM": 0, "VmRSS": 0})
                for key, value in sample.items():
                    peak[key] = max(peak[key], value)
            time.sleep(self.period)


@dataclass
class Visit:
    seconds: float
    outcome: str  # "ok", "page crashed", "failed: ..."
    renderers: dict[int, int]  # pid -> peak VmHWM (kB)
    at_board: int  # the largest VmHWM of them when the board was ready (kB), before the
    # service worker was registered (the page registers it once ready)
    profiled: int  # how many of them Chromium's heap profiler sampled
    js_heap_mb: float | None
    wasm_mb: float | None
    worker_crashed: bool


# Keeps the WebAssembly memory a module exports (Pyodide's heap), for WASM_MB to read.
HEAP_PROBE = """
for (const name of ["instantiate", "instantiateStreaming"]) {
    const original = WebAssembly[name];
    WebAssembly[name] = async (...args) => {
        const result = await original.apply(WebAssembly, args);
        const memory = (result.instance ?? result).exports?.memory;
        if (memory instanceof WebAssembly.Memory) globalThis.__heap = memory;
        return result;
    };
}
"""
WASM_MB = "() => globalThis.__heap ? globalThis.__heap.buffer.byteLength / 1e6 : null"


def page_memory(page: Page) -> tuple[float | None, float | None]:
    cdp = page.context.new_cdp_session(page)
    try:
        heap = cdp.send("Runtime.getHeapUsage")
        js = float(heap["usedSize"]) / 1e6
    finally:
        cdp.detach()
    wasm = page.evaluate(WASM_MB)
    return js, None if wasm is None else float(wasm)


def first_visit(browser_url: str, browser: Browser, sampler: Sampler, no_jspi: bool) -> Visit:
    """One first visit in a fresh profile of ``browser``, until the site is ready offline."""
    before = set(sampler.kinds)
    context = browser.new_context()
    context.add_init_script(HEAP_PROBE)
    if no_jspi:  # Pyodide switches stacks (JSPI) only where WebAssembly.Suspending exists
        context.add_init_script("delete WebAssembly.Suspending")
    crashed: list[str] = []
    worker_crashed = False
    start = time.monotonic()
    js = wasm = None
    at_board = 0
    outcome = "ok"
    try:
        page = context.new_page()
        page.on("crash", lambda _page: crashed.append("page"))
        page.goto(browser_url)
        wait_ready(page)
        page.wait_for_selector("html[data-board-ready]", state="attached", timeout=60_000)
        at_board = max(
            (status_kb(pid).get("VmHWM", 0) for pid in new_renderers(sampler, before)), default=0
        )
        wait_offline_ready(page)
        js, wasm = page_memory(page)
        for worker in context.service_workers:
            try:
                worker.evaluate("1")
            except Error:
                worker_crashed = True
    except (Error, PlaywrightTimeoutError, AssertionError) as error:
        outcome = "page crashed" if crashed else f"failed: {str(error).splitlines()[0][:160]}"
    if crashed and outcome == "ok":
        outcome = "page crashed"
    seconds = time.monotonic() - start
    time.sleep(3 * sampler.period)  # a last sample of every renderer before they go
    renderers = {
        pid: sampler.peaks.get(pid, {}).get("VmHWM", 0)
        for pid, kind in sampler.kinds.items()
        if kind.startswith("renderer") and pid not in before
    }
    profiled = sum(sampler.kinds[pid].endswith("profiled") for pid in renderers)
    context.close()
    return Visit(seconds, outcome, renderers, at_board, profiled, js, wasm, worker_crashed)


def new_renderers(sampler: Sampler, before: set[int]) -> list[int]:
    sampler.kinds.update(descendants())
    return [p for p, k in sampler.kinds.items() if k.startswith("renderer") and p not in before]


def mib(kb: float) -> str:
    return f"{kb / 1024:.0f} MiB"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--visits", type=int, default=40)
    parser.add_argument("--log", type=Path, default=build.CACHE / "firstvisit-chromium.log")
    parser.add_argument("--quiet-log", action="store_true", help="no --enable-logging")
    parser.add_argument(
        "--samplers",
        action="store_true",
        help="launch Chromium as Playwright does, without the harness's launcher and its switch "
        "that turns Chromium's allocation samplers off (harness.QUIET_FEATURES)",
    )
    parser.add_argument(
        "--no-jspi", action="store_true", help="hide WebAssembly.Suspending (no stack switching)"
    )
    parser.add_argument(
        "--arg", action="append", default=[], help="one more Chromium switch (repeatable)"
    )
    args = parser.parse_args()

    site_dir = build_once(f"bench-{uuid.uuid4()}")
    server, site_url = build.serve_in_thread(site_dir)
    url = site_url + BOARD_QUERY
    # Playwright passes the browser's stderr on to ours with DEBUG=pw:browser: into the log.
    os.environ["DEBUG"] = "pw:browser"
    log = args.log.open("w")
    saved_stderr = os.dup(2)
    os.dup2(log.fileno(), 2)
    sampler = Sampler()
    sampler.start()
    visits: list[Visit] = []
    load_before = os.getloadavg()
    try:
        with sync_playwright() as playwright:
            extra = [*(() if args.quiet_log else LOG_ARGS), *args.arg]
            browser = (
                playwright.chromium.launch(
                    executable_path=chromium_executable(), args=[*build.CHROMIUM_ARGS, *extra]
                )
                if args.samplers
                else launch(playwright, extra=extra)
            )
            for number in range(args.visits):
                visit = first_visit(url, browser, sampler, args.no_jspi)
                visits.append(visit)
                peak = max(visit.renderers.values(), default=0)
                print(
                    f"visit {number + 1}/{args.visits}: {visit.outcome}, {visit.seconds:.1f} s, "
                    f"{len(visit.renderers)} renderer(s) ({visit.profiled} heap-profiled), peak {mib(peak)} ({mib(visit.at_board)} at the board), JS heap "
                    f"{visit.js_heap_mb or 0:.0f} MB, wasm {visit.wasm_mb or 0:.0f} MB"
                    + (", service worker gone" if visit.worker_crashed else ""),
                    file=os.fdopen(os.dup(saved_stderr), "w", closefd=True),
                    flush=True,
                )
            browser.close()
    finally:
        sampler.stop()
        os.dup2(saved_stderr, 2)
        log.close()
        server.shutdown()
    load_after = os.getloadavg()
    crashes = [v for v in visits if v.outcome == "page crashed"]
    failures = [v for v in visits if v.outcome.startswith("failed")]
    peaks = [max(v.renderers.values(), default=0) for v in visits]
    print(
        f"\n{len(visits)} first visits: {len(crashes)} page crashes, {len(failures)} other failures"
    )
    profiled = [v for v in visits if v.profiled]
    print(
        f"visits with a heap-profiled renderer: {len(profiled)}, of which crashed: "
        f"{sum(v.outcome == 'page crashed' for v in profiled)}"
    )
    for v in failures:
        print(f"  {v.outcome}")
    print(f"load average before {load_before[0]:.2f}, after {load_after[0]:.2f}")
    print(
        f"renderer peak (largest VmHWM of a visit's renderers): median {mib(statistics.median(peaks))}"
        f", max {mib(max(peaks))}; renderers per visit "
        f"{sorted({len(v.renderers) for v in visits})}"
    )
    boards = [v.at_board for v in visits if v.at_board]
    if boards:
        print(
            f"the same when the board was ready (before the service worker): median "
            f"{mib(statistics.median(boards))}, max {mib(max(boards))}"
        )
    every = sorted(kb for v in visits for kb in v.renderers.values())
    print(f"every renderer's peak: {', '.join(mib(kb) for kb in every[-8:])} (largest 8)")
    for name, values in (
        ("JS heap", [v.js_heap_mb for v in visits if v.js_heap_mb]),
        ("wasm memory", [v.wasm_mb for v in visits if v.wasm_mb]),
    ):
        if values:
            print(f"{name} at ready offline: median {statistics.median(values):.0f} MB")
    wanted = re.compile(r"crash|oom|out of memory|killed|terminat|sigbus|sigsegv|shm", re.I)
    lines = [
        line for line in args.log.read_text(errors="replace").splitlines() if wanted.search(line)
    ]
    print(f"\nChromium's log ({args.log}): {len(lines)} lines about crashes or memory")
    for line in lines[:40]:
        print(f"  {line[:240]}")


if __name__ == "__main__":
    main()
