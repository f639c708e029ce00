"""Driving the built site in Chromium: shared by the browser tests (conftest.py) and the benchmark.

Playwright cannot download its own browsers here, so it drives Debian's Chromium (or the binary
named by $FUSEBOX_CHROMIUM) through ``executable_path``.
"""

from __future__ import annotations

import fcntl
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from playwright.sync_api import (
    Browser,
    BrowserContext,
    ConsoleMessage,
    Error,
    Page,
    Playwright,
    Request,
    Response,
)
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import build  # noqa: E402  (the task runner: builds and serves the site)

__all__ = [
    "BOOT_TIMEOUT_MS",
    "FOLLOW",
    "QUIET_FEATURES",
    "ROOT",
    "Opener",
    "Watch",
    "build",
    "build_once",
    "chromium_executable",
    "chromium_processes",
    "follow",
    "forget_game",
    "launch",
    "launch_profile",
    "origin_of",
    "record_console",
    "same_origin",
    "wait_offline_ready",
    "wait_ready",
    "watch_context",
]

#: The `open_context` fixture: ``open_context(viewport=..., ...)`` gives a browser profile.
Opener = Callable[..., BrowserContext]

READY = "html[data-ready]"
FAILED = "#error:not([hidden])"
BOOT_TIMEOUT_MS = 60_000


def chromium_executable() -> str:
    executable = build.find_chromium()
    if not executable:
        raise RuntimeError("no Chromium: run `python3 build.py test`, or set FUSEBOX_CHROMIUM")
    return executable


#: What the test suite's browser adds to :data:`build.CHROMIUM_ARGS`, to spend less of a 2-core
#: machine on each of its hundreds of page boots: V8 keeps its baseline WebAssembly code (a
#: test's page lives seconds: optimising Python's WebAssembly costs more than it saves; a boot
#: took 3.0 CPU-seconds instead of 4.2). The pages and what they do are the same. Not
#: ``--process-per-site`` (2.2 CPU-seconds): the site's pages then share a renderer, and a
#: closed page's saved game came back in the next test's fresh storage (3 tests in a clean run).
#: The benchmarks launch without them, so their figures are a player's Chromium.
SUITE_ARGS = ("--js-flags=--liftoff-only",)


#: Chromium features the harness's browser runs without: Chromium's in-process samplers of
#: memory allocations (its heap profiler, which Chromium turns on for a random few renderers and
#: then gives `--subproc-heap-profiling`, and GWP-ASan, on for a random few processes). When one
#: samples an allocation made while V8 runs WebAssembly on a stack of its own (JSPI, which
#: Pyodide uses where the browser has it), it takes the stack trace by walking the frame pointers
#: and reads past the end of that stack: the renderer dies of SIGSEGV, "Page crashed" (two minidumps of
#: `bench load`'s first visits, one of each sampler; with the heap profiler forced on every
#: renderer, 2 first visits of 4 crashed). A fault of Chromium's, at random: the page, its memory
#: (about 400 MiB at most in its renderer) and this machine have no part in it.
QUIET_FEATURES = ("HeapProfilerReporting", "GwpAsanMalloc", "GwpAsanPartitionAlloc")

#: Starts :func:`chromium_executable` with Playwright's --disable-features and ours merged.
LAUNCHER = Path(__file__).with_name("chromium.sh")


def launch(playwright: Playwright, *, suite: bool = False, extra: Sequence[str] = ()) -> Browser:
    """Headless Chromium with the flags this machine needs (no sandbox, no background traffic)
    and without :data:`QUIET_FEATURES`; ``suite``: with :data:`SUITE_ARGS` too (the tests'
    browser, not the benchmarks'); ``extra``: more arguments."""
    return playwright.chromium.launch(
        executable_path=LAUNCHER, args=[*_args(suite), *extra], env=_env()
    )


def launch_profile(playwright: Playwright, user_data_dir: Path) -> BrowserContext:
    """The tests' Chromium with a real (not incognito) profile, e.g. to check that the site is
    installable."""
    return playwright.chromium.launch_persistent_context(
        user_data_dir, executable_path=LAUNCHER, args=_args(suite=True), env=_env()
    )


def _args(suite: bool) -> list[str]:
    quiet = f"--disable-features={','.join(QUIET_FEATURES)}"
    return [*build.CHROMIUM_ARGS, quiet, *(SUITE_ARGS if suite else ())]


def _env() -> dict[str, str | float | bool]:
    """The browser's environment: ours, and the browser :data:`LAUNCHER` starts."""
    return {**os.environ, "FUSEBOX_CHROMIUM_BINARY": chromium_executable()}


def chromium_processes(root: int | None = None) -> dict[int, str]:
    """pid -> command line of every Chromium process under process ``root`` (this one by
    default): the browser, and its renderers (``--type=renderer``) and other helpers."""
    root = os.getpid() if root is None else root
    parents: dict[int, int] = {}
    lines: dict[int, str] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            # Chromium rewrites its own title: its arguments may come as one string.
            line = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue  # gone meanwhile
        pid = int(entry.name)
        parents[pid] = int(stat.rsplit(")", 1)[1].split()[1])
        if "chrom" in line.split(" ", 1)[0]:
            lines[pid] = line
    mine = {}
    for pid, line in lines.items():
        ancestor = parents.get(pid)
        while ancestor and ancestor != root:
            ancestor = parents.get(ancestor)
        if ancestor == root:
            mine[pid] = line
    return mine


@contextmanager
def build_lock() -> Iterator[None]:
    """Serialize builds between processes (pytest-xdist workers, a benchmark)."""
    build.CACHE.mkdir(exist_ok=True)
    with (build.CACHE / "build.lock").open("w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def build_once(run_id: str) -> Path:
    """Build _site once for this test run (`run_id`), however many workers ask for it."""
    stamp = build.SITE_RUN_STAMP
    with build_lock():
        if not (stamp.exists() and stamp.read_text() == run_id and build.SITE.exists()):
            build.build()
            stamp.write_text(run_id)
    return build.SITE


def same_origin(url: str, origin: str) -> bool:
    """True for a request to the site's own origin (or one that needs no network at all)."""
    if urlsplit(url).scheme in {"data", "blob", "about"}:
        return True
    return origin_of(url) == origin


@dataclass
class Watch:
    """What a page did: console errors, every request, and requests that failed or left the site."""

    origin: str
    console_errors: list[str] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)
    foreign: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    errors_expected: bool = False

    def on_request(self, request: Request) -> None:
        self.requests.append(request.url)
        if not same_origin(request.url, self.origin):
            self.foreign.append(request.url)

    def on_response(self, response: Response) -> None:
        if response.status >= 400:
            self.failed.append(f"{response.status} {response.url}")

    def stop(self, context: BrowserContext) -> None:
        """Stop listening (a returning player's profile outlives the test)."""
        context.remove_listener("request", self.on_request)
        context.remove_listener("response", self.on_response)

    def check(self) -> None:
        """Fail unless the site stayed on its origin, answered every request and logged no error."""
        problems = [f"requests left the site's origin: {self.foreign}"] if self.foreign else []
        if not self.errors_expected:
            problems += [f"HTTP errors: {self.failed}"] if self.failed else []
            problems += [f"console errors: {self.console_errors}"] if self.console_errors else []
        # Everything at once: the console says why a request left the site.
        assert not problems, "\n".join(problems)


def origin_of(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def watch_context(context: BrowserContext, site_url: str) -> Watch:
    """Record everything the context does.

    Listening on the context (not the page) also sees the service worker's own requests. Nothing
    is routed: routing would turn off the HTTP cache, and the pages must behave as for a player.
    """
    seen = Watch(origin_of(site_url))
    context.on("request", seen.on_request)
    context.on("response", seen.on_response)
    return seen


def record_console(page: Page, seen: Watch) -> None:
    """Add the page's console errors and uncaught exceptions to `seen`."""

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "error":
            seen.console_errors.append(message.text)

    def on_page_error(error: Error) -> None:
        seen.console_errors.append(f"uncaught: {error}")

    page.on("console", on_console)
    page.on("pageerror", on_page_error)


def wait_ready(page: Page, timeout_ms: int = BOOT_TIMEOUT_MS) -> None:
    """Wait until Python has booted and the app is interactive (<html data-ready>).

    Fails at once, with the page's message, if the page shows its error box instead.
    """
    page.wait_for_selector(f"{READY}, {FAILED}", state="attached", timeout=timeout_ms)
    if page.locator(READY).count() == 0:
        message = page.locator("#error-message").inner_text()
        raise AssertionError(f"the page failed to start: {message!r} (details in its console)")


#: What a page shows instead of a board: its visible headings and the site's saved keys.
SHOWN = """() => ({
    headings: [...document.querySelectorAll("h1, h2, [role=status], .notice")]
        .filter((e) => e.offsetParent !== null)
        .map((e) => e.textContent.trim().slice(0, 120)),
    saved: Object.keys(localStorage).sort(),
    url: location.href,
})"""


def wait_board(page: Page) -> None:
    """Wait until a game's board (or its handoff or end screen) is up (<html data-board-ready>).

    On a timeout, fails with what the page shows instead (its headings and messages) and what the
    site has saved, so that a board that never came says which screen came."""
    try:
        page.wait_for_selector("html[data-board-ready]", state="attached")
    except PlaywrightTimeoutError:
        raise AssertionError(f"no board; the page shows {page.evaluate(SHOWN)}") from None


#: In the page: forget what the site saved, then follow ``query`` as Back or Forward would (a
#: history entry, then ``popstate``); the shell opens it without booting Python again.
FOLLOW = """query => {
    localStorage.clear();
    sessionStorage.clear();
    history.pushState(null, "", query);
    dispatchEvent(new PopStateEvent("popstate"));
}"""


def follow(page: Page, query: str) -> None:
    """Open the game link ``query`` (``?...``) in the booted ``page`` as a first visit to it
    would, the site's storage cleared first, without booting Python again (see :data:`FOLLOW`)."""
    page.evaluate(FOLLOW, query)
    wait_ready(page)


def forget_game(page: Page, site_url: str) -> None:
    """Leave the site (a game's computer players stop) and clear its saved data, so that the
    next game link deals again. (Cleared from outside: a page of the site would play on.)"""
    page.goto("about:blank")
    cdp = page.context.new_cdp_session(page)
    cdp.send(
        "Storage.clearDataForOrigin",
        {"origin": origin_of(site_url), "storageTypes": "local_storage"},
    )
    cdp.detach()


def stop_service_workers(page: Page) -> None:
    """Stop the profile's service workers, as Chromium does once one has been idle a while (30 s):
    the next request starts the site's worker again, with nothing in its memory."""
    cdp = page.context.new_cdp_session(page)
    try:
        cdp.send("ServiceWorker.enable")
        cdp.send("ServiceWorker.stopAllWorkers")
    finally:
        cdp.detach()


def wait_offline_ready(page: Page, timeout_ms: int = BOOT_TIMEOUT_MS) -> None:
    """Wait until the service worker has cached the whole site and is active."""
    page.wait_for_selector("html[data-offline-ready]", state="attached", timeout=timeout_ms)


def tabs_to(page: Page, selector: str) -> bool:
    """Whether the Tab key stops on ``selector``: with the focus on it, Shift+Tab goes to the
    tab stop before it and Tab comes back to it only if it is a tab stop itself."""
    page.locator(selector).focus()
    page.keyboard.press("Shift+Tab")
    assert page.evaluate("(s) => document.activeElement !== document.querySelector(s)", selector)
    page.keyboard.press("Tab")
    return bool(
        page.evaluate("(s) => document.activeElement === document.querySelector(s)", selector)
    )


def arrow_scrolls(page: Page, selector: str) -> bool:
    """Whether, reached by Tab, the arrow keys scroll the box ``selector``: down from its top,
    then back up."""
    assert tabs_to(page, selector)
    top = "(s) => document.querySelector(s).scrollTop"
    page.evaluate("(s) => { document.querySelector(s).scrollTop = 0; }", selector)

    def moved(key: str, start: float, sign: int) -> bool:
        for _ in range(10):
            page.keyboard.press(key)
            page.wait_for_timeout(150)  # a keyboard scroll is smooth: let it run
            if sign * (page.evaluate(top, selector) - start) > 0:
                return True
        return False

    if not moved("ArrowDown", 0, 1):
        return False
    return moved("ArrowUp", page.evaluate(top, selector), -1)
