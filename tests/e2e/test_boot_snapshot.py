"""A returning player's page starts Python from the build's memory snapshot; a first visit never
downloads it before its board; anything wrong with it gives the plain boot, silently.

The snapshot (build.py's make_snapshot, web/runtime/snapshot.mjs) is Python's memory once the
page's code is imported; web/js/runtime.mjs uses it when the service worker's cache has it and
says which boot ran in <html data-boot>: "snapshot-raw" from the raw copy the service worker keeps
inflated in its cache (made once it has precached the site, or taken over from the older version
when the snapshot did not change), once its SHA-256 is checked (web/js/snapshot-worker.js);
"snapshot" from the gzip, when there is no sound raw copy, after which the service worker makes
the copy again (<html data-raw-snapshot="kept">).
"""

from __future__ import annotations

import gzip
import hashlib
import json
import re
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from harness import (
    build,
    forget_game,
    origin_of,
    record_console,
    stop_service_workers,
    wait_board,
    wait_offline_ready,
    wait_ready,
    watch_context,
)
from playwright.sync_api import Browser, BrowserContext, Page, expect
from redwire_driver import saved

from engine.redwire import Record, new_game

#: A game link that opens its board at once (a computer teammate, no briefing).
BOARD = "?mission=1&players=3&seed=1&bots=1&brief=0&pace=normal"
#: A whole game of computers, seeded: the same game whichever way Python started.
WHOLE_GAME = "?mission=3&players=3&seed=2024&bots=all&level=expert&brief=0&pace=instant"

# Python in the page's own interpreter, through the boot module.
RUN_PYTHON = """async (code) => {
    const runtime = await import("./js/runtime.mjs");
    const pyodide = await runtime.loadPyodide();
    return pyodide.runPython(code);
}"""

# Damage the snapshot in every cache that holds it, in the page: its 9 MB never cross to the test
# (sent in base64 through the DevTools protocol they took seconds each way). The sound bytes are
# kept in the same cache under another address ("?sound": no boot looks there), to put back.
# A corrupted byte fails gzip's check (as a truncated stream does); "another Pyodide build" is the
# same memory with the build id in Pyodide's header (magic, sizes, then the id) zeroed. The raw
# copy, if the service worker kept one, is deleted (a boot would start from it); a boot from the
# sound gzip makes it again.
DAMAGE = """async ([url, kind]) => {
    const gzip = async (bytes, how) => new Uint8Array(await new Response(
        new Blob([bytes]).stream().pipeThrough(how)).arrayBuffer());
    const made = {
        "a corrupted byte": async (good) => {
            const bytes = good.slice();
            bytes[3_000_000] ^= 0x55;
            return bytes;
        },
        "not gzip": async () => new TextEncoder().encode("<!doctype html><title>Not found</title>"),
        "another Pyodide build": async (good) => {
            const raw = await gzip(good, new DecompressionStream("gzip"));
            raw.fill(0, 16, 48);
            return gzip(raw, new CompressionStream("gzip"));
        },
        "sound": async (good) => good,
    };
    let found = 0;
    for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        await cache.delete(url.replace(/\\.gz$/, ""));
        const sound = url + "?sound";
        if (!(await cache.match(sound))) {
            const held = await cache.match(url);
            if (!held) continue;
            await cache.put(sound, held);
        }
        found += 1;
        if (kind === "missing") {
            await cache.delete(url);
            continue;
        }
        const good = new Uint8Array(await (await cache.match(sound)).arrayBuffer());
        await cache.put(url, new Response(await made[kind](good)));
    }
    return found;
}"""


def warned(messages: list[str]) -> list[str]:
    """The console's warnings and errors, but for Chromium's note that the page's preloaded
    `main.py` was not used within a few seconds of the load event: that times Python's boot (PyScript
    asks for `main.py` once Pyodide is up), which a loaded machine makes slower than that; it says
    nothing about the worker (it failed these tests at load 12)."""
    late_preload = "was preloaded using link preload but not used within a few seconds"
    return [m for m in messages if m.startswith(("warning: ", "error: ")) and late_preload not in m]


def boot_manifest(site_dir: Path) -> dict[str, Any]:
    html = (site_dir / "index.html").read_text()
    found = re.search(r'<script type="application/json" id="fusebox-boot">(.*?)</script>', html)
    assert found
    return dict(json.loads(found.group(1)))


def in_page(page: Page, code: str) -> Any:
    return json.loads(page.evaluate(RUN_PYTHON, code))


def open_board(page: Page, url: str) -> str:
    """Open a game link, wait for its board; which boot ran. After a boot from the gzip, wait
    until the service worker has kept the raw copy (or failed to): a test that changes the
    cache next must not race with it."""
    page.goto(url)
    wait_ready(page)
    wait_board(page)
    expect(page.locator("#error")).to_be_hidden()
    boot = str(page.evaluate("document.documentElement.dataset.boot"))
    if boot == "snapshot":
        page.wait_for_selector("html[data-raw-snapshot]", state="attached", timeout=60_000)
    return boot


def raw_kept(page: Page) -> str | None:
    """How keeping the raw copy went after this boot: "kept", "failed", or None (not asked)."""
    kept = page.evaluate("document.documentElement.dataset.rawSnapshot ?? null")
    return None if kept is None else str(kept)


# Where the raw copy is, in which caches, and its SHA-256 there (computed in the page: the 38 MB
# stay there).
RAW_COPIES = """async (url) => {
    const found = {};
    for (const name of await caches.keys()) {
        const held = await (await caches.open(name)).match(url);
        if (!held) continue;
        const digest = await crypto.subtle.digest("SHA-256", await held.arrayBuffer());
        found[name] = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0"))
            .join("");
    }
    return found;
}"""


# Delete the raw copy from every cache; in how many it was.
DELETE_RAW = """async (url) => {
    let found = 0;
    for (const name of await caches.keys()) {
        if (await (await caches.open(name)).delete(url)) found += 1;
    }
    return found;
}"""


# Ask the page's service worker to keep the gzipped file `path` inflated, as the page does after a
# boot from the gzip (web/js/runtime.mjs, keepRawSnapshot); its answer.
KEEP_RAW = """(path) => new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = ({ data }) => resolve(data);
    navigator.serviceWorker.controller.postMessage({ keepRaw: path }, [channel.port2]);
})"""


#: A still file of the site: a page of its origin where no app boots.
KEEPER = "icons/icon.svg"
#: Where a service worker's cache remembers that the storage refused its raw copy (web/sw.js).
REFUSED = "__raw_refused__.json"


def precache_version(site_dir: Path) -> str:
    """The version of the site's service worker (its cache is fusebox-<version>)."""
    found = re.search(r'"version": "(\w+)"', (site_dir / "sw.js").read_text())
    assert found
    return found.group(1)


def play_whole_game(page: Page, url: str) -> tuple[str, list[str], dict[str, Any]]:
    """Open a game link of computers only and let them play it to its end: which boot ran,
    what the page had fetched when its board was ready, and the game's record."""
    boot = open_board(page, url)
    before_ready = page.evaluate("performance.getEntriesByType('resource').map((e) => e.name)")
    page.wait_for_selector("html[data-screen='end']", state="attached", timeout=120_000)
    return boot, before_ready, saved(page)["record"]


# Every module the page imported from the site's archives or Pyodide's standard library after a
# snapshot boot, beyond what the snapshot brought (fusebox_web.shell.thaw.restored).
IMPORTED_LATER = """
import json, sys
from fusebox_web.shell import thaw
def origin(module):
    return getattr(module, "__file__", None) or ""
json.dumps(sorted(
    name for name in set(sys.modules) - thaw.restored
    if "/fusebox/" in origin(sys.modules[name]) or origin(sys.modules[name]).startswith("/lib/")
))
"""

# What a plain boot computes at start-up, which the snapshot must not freeze.
ENVIRONMENT = """
import json, os, random, sys, time
json.dumps({
    "environ": dict(os.environ),
    "path": sys.path,
    "zone": [time.timezone, time.altzone, time.daylight, list(time.tzname)],
    "local": time.strftime("%Y %z", time.localtime(0)),
    "hash": [sys.flags.hash_randomization, hash("fusebox")],
    "random": random.random(),
})
"""


@pytest.fixture
def rome(browser: Browser, site_url: str) -> Iterator[tuple[Page, BrowserContext]]:
    """A page in a fresh profile whose clock is in Rome's time zone (UTC+1, summer time)."""
    context = browser.new_context(timezone_id="Europe/Rome")
    watch = watch_context(context, site_url)
    page = context.new_page()
    record_console(page, watch)
    yield page, context
    context.close()
    watch.check()


def test_a_first_visit_boots_plainly_then_the_same_game_and_environment_from_the_snapshot(
    rome: tuple[Page, BrowserContext], site_url: str, site_dir: Path
) -> None:
    """One first visit (in Rome's time zone) and the returning player's two boots after it,
    online and offline: what used to be three tests of a first visit each (six boots more).

    - A first visit boots plainly and never downloads the snapshot before its board; the
      service worker then precaches it and keeps it inflated in this version's cache, and the
      returning player's very first return boots from that raw copy (no gunzip, its SHA-256
      checked). Without the raw copy (deleted here), the next boot, offline, is from the gzip,
      and the service worker makes the copy again.
    - Nothing random is frozen in the snapshot: the same seed plays the same game (deal, every
      computer's choice) as after a plain boot, and as CPython deals it; and the snapshot holds
      all that a game's board and its computer players import.
    - The snapshot freezes no randomness, time zone or environment: each boot reads its own.
    """
    page, context = rome
    manifest = boot_manifest(site_dir)
    url, raw = manifest["snapshot"], manifest["snapshot_raw"]
    requests: list[str] = []
    context.on("request", lambda request: requests.append(request.url))
    plain, before_ready, plain_record = play_whole_game(page, site_url + WHOLE_GAME)
    assert plain == "plain"
    assert not [name for name in before_ready if "snapshot" in name]
    assert raw_kept(page) is None  # a first visit's service worker has nothing to inflate yet
    plain_env = in_page(page, ENVIRONMENT)
    # Then the service worker precaches it for the next visit, and keeps it inflated: the
    # build's very bytes, in this version's cache only (it goes with the version), under an
    # address of its own.
    wait_offline_ready(page)
    assert page.evaluate("async (url) => Boolean(await caches.match(url))", site_url + url)
    inflated = gzip.decompress((site_dir / url).read_bytes())
    sound = build.sha256(inflated)
    assert raw == {"url": url.removesuffix(".gz"), "sha256": sound, "bytes": len(inflated)}
    current = f"fusebox-{precache_version(site_dir)}"
    assert page.evaluate(RAW_COPIES, site_url + raw["url"]) == {current: sound}
    forget_game(page, site_url)

    # The returning player's first return, online: the snapshot boot, from the raw copy (no
    # gunzip, checked), plays the very same seeded game.
    snapshot, _, snapshot_record = play_whole_game(page, site_url + WHOLE_GAME)
    assert snapshot == "snapshot-raw"
    assert raw_kept(page) is None  # nothing to keep: it was there
    checked = page.evaluate("performance.getEntriesByName('fusebox:snapshot-digest').length")
    assert checked == 1
    assert snapshot_record == plain_record
    assert len(snapshot_record["actions"]) > 10
    replayed = Record.from_json(snapshot_record).replay()
    assert replayed.setup == new_game(mission=3, players=3, seed=2024).setup
    # Read before this test's own Python below imports anything.
    later = in_page(page, IMPORTED_LATER)
    assert not later, (
        f"the page imported {later} after a snapshot boot: a standard-library module imported "
        "inside a function goes in STDLIB_BYTECODE (build.py); an app or engine module here "
        "could not be imported by the snapshot's build (see its log)"
    )
    assert in_page(page, "import json, sys; json.dumps(sys.version)").startswith("3.14")
    first = in_page(page, ENVIRONMENT)

    # Offline, without the raw copy (evicted, say): the snapshot again, from the gzip; then the
    # service worker, asked by the page, makes the copy again.
    assert page.evaluate(DELETE_RAW, site_url + raw["url"]) == 1
    forget_game(page, site_url)
    context.set_offline(True)
    assert open_board(page, site_url + BOARD) == "snapshot"
    assert page.evaluate("performance.getEntriesByName('fusebox:snapshot-gunzip').length") == 1
    assert raw_kept(page) == "kept"
    assert page.evaluate(RAW_COPIES, site_url + raw["url"]) == {current: sound}
    second = in_page(page, ENVIRONMENT)
    # A module the snapshot does not hold (a command-line entry point) still comes from the
    # archives on sys.path: games opened later import this way.
    code = (
        "import json, sys, engine.redwire.cli as cli; "
        "from fusebox_web.shell import thaw; "
        "json.dumps(['engine.redwire.cli' in thaw.restored, cli.__file__])"
    )
    in_snapshot, where = in_page(page, code)
    assert not in_snapshot and ".whl/engine/redwire/cli.py" in where

    # The snapshot was built in UTC; the page is in Rome, at every boot.
    assert plain_env["zone"] == [-3600, -7200, 1, ["UTC+0100", "UTC+0200"]]
    assert plain_env["local"] == "1970 +0100"
    for booted in (first, second):
        assert {k: v for k, v in booted.items() if k != "random"} == {
            k: v for k, v in plain_env.items() if k != "random"
        }
    assert len({plain_env["random"], first["random"], second["random"]}) == 3
    # The raw copy's address is never asked of the network (the service worker's own requests
    # included).
    assert not [r for r in requests if r.endswith("/" + build.SNAPSHOT_RAW)]


#: In the page: the good snapshot back where it was, and its spare copy ("?sound") gone.
RESTORE = """async (url) => {
    for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        const sound = await cache.match(url + "?sound");
        if (!sound) continue;
        await cache.put(url, sound);
        await cache.delete(url + "?sound");
    }
}"""


def test_a_snapshot_that_cannot_be_used_gives_the_plain_boot_silently(
    page: Page, site_url: str, site_dir: Path
) -> None:
    """Damaged, evicted from the cache, or a browser that cannot gunzip it: the plain boot.
    A returning player's profile (its service worker holds the snapshot), lent by the suite:
    the good snapshot is put back in its cache after the test, whatever happens."""
    url = site_url + boot_manifest(site_dir)["snapshot"]
    raw_url = site_url + boot_manifest(site_dir)["snapshot_raw"]["url"]
    damaged = ("a corrupted byte", "not gzip", "another Pyodide build")
    # The returning player's boot, from the snapshot (its raw copy if an earlier test's boot
    # left one); the cache is changed from this page (caches are per origin).
    assert open_board(page, site_url + BOARD) in ("snapshot", "snapshot-raw")
    warnings: list[str] = []
    page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    try:
        for kind in damaged:
            assert page.evaluate(DAMAGE, [url, kind]) == 1, kind
            forget_game(page, site_url)
            assert open_board(page, site_url + BOARD) == "plain", kind
            assert raw_kept(page) is None, kind  # no boot from the gzip: nothing asked
            # Asked all the same, the service worker stores nothing: the gzip's check fails the
            # stream it writes (for a gzip of another build, Pyodide would refuse the copy).
            if kind != "another Pyodide build":
                kept = page.evaluate(KEEP_RAW, boot_manifest(site_dir)["snapshot"])
                assert kept["kept"] is False and page.evaluate(RAW_COPIES, raw_url) == {}, kind
        assert sum("without the memory snapshot" in text for text in warnings) == len(damaged)
        # Nor does it keep anything but a gzipped file of its version, under its own address.
        for path in ("index.html", "sw.js", "pkg/0000000000000000/snapshot.bin.gz"):
            kept = page.evaluate(KEEP_RAW, path)
            assert kept == {
                "kept": False,
                "error": f"Error: {path}: not a gzipped file of this version",
            }
        # The good bytes back: the snapshot boot again (the cache itself was sound all along).
        page.evaluate(DAMAGE, [url, "sound"])
        forget_game(page, site_url)
        assert open_board(page, site_url + BOARD) == "snapshot"
        # Missing from the cache (evicted): the plain boot, and no request for it.
        page.evaluate(DAMAGE, [url, "missing"])
        forget_game(page, site_url)
        requests: list[str] = []
        page.on("request", lambda request: requests.append(request.url))
        assert open_board(page, site_url + BOARD) == "plain"
        assert not [r for r in requests if "snapshot" in r]
        # Back in the cache, in a browser without stream decompression (this page's): the
        # plain boot, and no request for it either.
        assert page.evaluate(DAMAGE, [url, "sound"]) == 1
        page.add_init_script("delete globalThis.DecompressionStream")
        forget_game(page, site_url)
        requests.clear()
        assert open_board(page, site_url + BOARD) == "plain"
        assert not [r for r in requests if "snapshot" in r]
    finally:
        if not page.url.startswith(site_url):
            open_board(page, site_url + BOARD)
        page.evaluate(RESTORE, url)
        # And the raw copy made again, as the profile had it (a returning player's).
        page.evaluate(KEEP_RAW, boot_manifest(site_dir)["snapshot"])


# Spoil the raw copy the service worker kept, in the page (its 38 MB never cross to the test):
# one byte changed or cut short, in this version's cache; or a stale copy (another build's
# memory, of the same length: Pyodide's build id zeroed) in an older version's cache, this one's
# deleted (caches.match looks in every cache). Whether there was a copy to spoil.
SPOIL_RAW = """async ([url, kind, older]) => {
    for (const name of await caches.keys()) {
        let cache = await caches.open(name);
        const held = await cache.match(url);
        if (!held) continue;
        let bytes = new Uint8Array(await held.arrayBuffer());
        if (kind === "one byte changed") bytes[20_000_000] ^= 0x01;
        else if (kind === "cut short") bytes = bytes.subarray(0, 30_000_000);
        else {
            bytes.fill(0, 16, 48);
            await cache.delete(url);
            cache = await caches.open(older);
        }
        await cache.put(url, new Response(bytes));
        return true;
    }
    return false;
}"""


@contextmanager
def quota(page: Page, site_url: str, size: int) -> Iterator[None]:
    """The site's origin with this storage quota, for the duration (the browser keeps it only
    while the DevTools session that set it is attached)."""
    cdp = page.context.new_cdp_session(page)
    override = {"origin": origin_of(site_url)}
    cdp.send("Storage.overrideQuotaForOrigin", {**override, "quotaSize": size})
    try:
        yield
    finally:
        cdp.send("Storage.overrideQuotaForOrigin", override)
        cdp.detach()


def test_a_raw_copy_that_fails_its_check_is_refused_and_made_again(
    page: Page, site_url: str, site_dir: Path
) -> None:
    """The raw copy has no gzip CRC: the page checks its length and SHA-256 (the build's, in the
    boot manifest) first. A copy changed by one byte, cut short, or stale (another build's, left
    in an older version's cache) is refused: the boot is from the gzip instead, still from the
    snapshot and silently (no warning, no error), the bad copy is deleted and the service worker
    makes a sound one again. A quota that refuses the copy leaves the boot from the gzip too,
    and the service worker does not try again in this version (each try is a gunzip of its own):
    the refusal is remembered in this version's cache. A returning player's profile, lent by the
    suite."""
    manifest = boot_manifest(site_dir)
    raw = site_url + manifest["snapshot_raw"]["url"]
    sound = manifest["snapshot_raw"]["sha256"]
    current = f"fusebox-{precache_version(site_dir)}"
    older = "fusebox-0000000000000000"
    refused = site_url + REFUSED
    board = site_url + BOARD
    messages: list[str] = []
    page.on("console", lambda m: messages.append(f"{m.type}: {m.text}"))
    try:
        # The returning player: a raw copy in the cache (made once the site was cached, or made
        # again after this boot if an earlier test's left none).
        if open_board(page, board) == "snapshot":
            assert raw_kept(page) == "kept"
            forget_game(page, site_url)
            assert open_board(page, board) == "snapshot-raw"
        kinds = ("one byte changed", "cut short", "stale, in an older version's cache")
        for kind in kinds:
            assert page.evaluate(SPOIL_RAW, [raw, kind, older]), kind
            forget_game(page, site_url)
            assert open_board(page, board) == "snapshot", kind
            assert raw_kept(page) == "kept", kind
            assert page.evaluate(RAW_COPIES, raw) == {current: sound}, kind
        spoilt = [m for m in messages if "raw snapshot was refused" in m]
        assert len(spoilt) == len(kinds) and all(m.startswith("info: ") for m in spoilt)
        assert not warned(messages)
        # A quota with room for a few megabytes more, not for the copy: the boot is from the
        # gzip, silently, no copy is kept, and the refusal is remembered in this version's cache.
        assert page.evaluate(DELETE_RAW, raw) == 1
        usage = page.evaluate("async () => (await navigator.storage.estimate()).usage")
        with quota(page, site_url, usage + 4_000_000):
            forget_game(page, site_url)
            assert open_board(page, board) == "snapshot"
            assert raw_kept(page) == "failed"
            assert page.evaluate(RAW_COPIES, raw) == {}
            assert list(page.evaluate(RAW_COPIES, refused)) == [current]
            tried = [m for m in messages if "not kept" in m]
            assert len(tried) == 1 and "QuotaExceededError" in tried[0]
            # The next boot, still from the gzip, does not make the service worker try again.
            forget_game(page, site_url)
            assert open_board(page, board) == "snapshot"
            assert raw_kept(page) == "failed"
        # Nor does one with room again: not before a new version (or the refusal forgotten).
        forget_game(page, site_url)
        assert open_board(page, board) == "snapshot"
        assert raw_kept(page) == "failed"
        tried = [m for m in messages if "not kept" in m]
        assert len(tried) == 3 and all("not tried again in this version" in m for m in tried[1:])
        assert all("QuotaExceededError" in m and m.startswith("info: ") for m in tried)
        assert not warned(messages)
        # The refusal forgotten, with room: kept after the next boot from the gzip, used by the
        # one after.
        assert page.evaluate(DELETE_RAW, refused) == 1
        forget_game(page, site_url)
        assert open_board(page, board) == "snapshot"
        assert raw_kept(page) == "kept"
        forget_game(page, site_url)
        assert open_board(page, board) == "snapshot-raw"
    finally:
        if not page.url.startswith(site_url):
            page.goto(site_url + "icons/icon.svg")  # a page of the site: its caches
        page.evaluate("(name) => caches.delete(name)", older)
        page.evaluate(DELETE_RAW, refused)


def test_a_storage_too_full_even_for_the_refusal_is_remembered_by_the_worker(
    page: Page, site_url: str, site_dir: Path
) -> None:
    """Storage so full that the service worker can write nothing, neither the raw copy nor the
    entry that remembers its refusal (web/sw.js, REFUSED): the page boots from the gzip all the
    same, the player sees nothing wrong (the board, no error box, no warning or error in the
    console), and the worker remembers the refusal in its memory and in a cookie (which the
    storage quota does not count): it tries the copy (a gunzip of its own) once, not at every
    boot of its life, even once there is room again, nor in a worker started anew (the browser
    stops an idle one), until a new version. A returning player's profile, lent by the suite:
    its raw copy is made again after the test."""
    manifest = boot_manifest(site_dir)
    raw = site_url + manifest["snapshot_raw"]["url"]
    refused = site_url + REFUSED
    board = site_url + BOARD
    messages: list[str] = []
    page.on("console", lambda m: messages.append(f"{m.type}: {m.text}"))

    def tries() -> list[str]:
        return [m for m in messages if "not kept" in m]

    try:
        # The returning player, with a raw copy (made again here if an earlier test left none).
        if open_board(page, board) == "snapshot":
            assert raw_kept(page) == "kept"
        assert page.evaluate(DELETE_RAW, raw) == 1
        assert page.evaluate(RAW_COPIES, refused) == {}
        usage = page.evaluate("async () => (await navigator.storage.estimate()).usage")
        with quota(page, site_url, usage):  # not a byte more
            for boot in range(3):
                forget_game(page, site_url)
                assert open_board(page, board) == "snapshot", boot  # from the gzip
                expect(page.locator("#error")).to_be_hidden()
                assert raw_kept(page) == "failed", boot
                assert page.evaluate(RAW_COPIES, raw) == {}, boot
                assert page.evaluate(RAW_COPIES, refused) == {}, boot  # nowhere to remember it
            first, *again = tries()
            assert "QuotaExceededError" in first and "not tried again" not in first, first
            assert len(again) == 2, tries()
            assert all("not tried again in this version" in m for m in again), again
            assert all("QuotaExceededError" in m for m in again), again
            # Nothing of the refused copy is left taking room.
            after = page.evaluate("async () => (await navigator.storage.estimate()).usage")
            assert after <= usage, (usage, after)
        # Room again: this worker still remembers (until a new version, or its end).
        forget_game(page, site_url)
        assert open_board(page, board) == "snapshot"
        assert raw_kept(page) == "failed"
        assert "not tried again in this version" in tries()[-1]
        assert len(tries()) == 4
        # The refusal outlives the worker (the browser stops an idle one within a minute): it
        # is in a cookie too (the quota does not count it), named for this version. A worker
        # started anew does not try again.
        cookie = refusal_cookie(page, site_url)
        assert cookie is not None, "no refusal cookie"
        assert cookie["value"] == f"{precache_version(site_dir)}:QuotaExceededError"
        assert cookie["path"] == "/"
        stop_service_workers(page)
        forget_game(page, site_url)
        assert open_board(page, board) == "snapshot"
        assert raw_kept(page) == "failed"
        assert "not tried again in this version" in tries()[-1]
        assert "QuotaExceededError" in tries()[-1]
        assert len(tries()) == 5
        # Another version's cookie is not this one's refusal: a worker started anew tries again,
        # once (here with room: the copy is made, the cookie deleted, and the boot after reads it).
        other = "0000000000000000:QuotaExceededError"
        page.context.add_cookies(
            [
                {
                    "name": REFUSAL_COOKIE,
                    "value": other,
                    "domain": cookie["domain"],
                    "path": cookie["path"],
                    "secure": cookie["secure"],
                    "sameSite": cookie["sameSite"],
                }
            ]
        )
        stop_service_workers(page)
        forget_game(page, site_url)
        assert open_board(page, board) == "snapshot"
        assert raw_kept(page) == "kept"
        assert refusal_cookie(page, site_url) is None
        forget_game(page, site_url)
        assert open_board(page, board) == "snapshot-raw"
        assert len(tries()) == 5
        assert all(m.startswith("info: ") for m in tries())
        assert not warned(messages), messages
    finally:
        if not page.url.startswith(site_url):
            page.goto(site_url + KEEPER)  # a page of the site: its caches
        page.evaluate(DELETE_RAW, refused)
        page.context.clear_cookies(name=REFUSAL_COOKIE)
        stop_service_workers(page)  # no refusal left in a worker's memory for the next tests
        page.evaluate(KEEP_RAW, manifest["snapshot"])


#: The cookie where the service worker remembers a refusal its cache could not hold (web/sw.js).
REFUSAL_COOKIE = "fusebox-raw-refused"


def refusal_cookie(page: Page, site_url: str) -> Any:
    """The service worker's refusal cookie for this site, or None."""
    found = page.context.cookies(site_url)
    return next((c for c in found if c["name"] == REFUSAL_COOKIE), None)


# Mark the raw copy in the current cache (a header no copy the service worker makes has), to tell
# a copy taken over by the next version from one it inflated again. Whether there was one.
TAG_RAW = """async (url) => {
    for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        const held = await cache.match(url);
        if (!held) continue;
        const bytes = await held.arrayBuffer();
        await cache.put(url, new Response(bytes, { headers: { "X-Fusebox-Test": name } }));
        return true;
    }
    return false;
}"""

# Where each raw copy at these addresses is: cache name -> address -> its test header (or "").
RAW_PLACES = """async (urls) => {
    const found = {};
    for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const url of urls) {
            const held = await cache.match(url);
            if (held) (found[name] ??= {})[url] = held.headers.get("X-Fusebox-Test") ?? "";
        }
    }
    return found;
}"""

#: An older version's cache, there before the site's service worker installs.
OLDER = "fusebox-0000000000000000"
# Make that cache, with a snapshot and its raw copy (at an address no build uses); its name.
OLDER_CACHE = """async (site) => {
    const cache = await caches.open("fusebox-0000000000000000");
    await cache.put(site + "pkg/0000000000000000/snapshot.bin.gz", new Response(new Uint8Array(1000)));
    await cache.put(site + "pkg/0000000000000000/snapshot.bin", new Response(new Uint8Array(4000)));
    return (await caches.keys()).join(" ");
}"""

# Look for a new version of the service worker and wait (a minute at most) until version `name`
# has taken over, its older caches deleted: the names of the caches then.
NEW_VERSION = """async (name) => {
    const registration = await navigator.serviceWorker.getRegistration();
    await registration.update();
    const deadline = performance.now() + 60_000;
    for (;;) {
        const names = await caches.keys();
        const done = names.length === 1 && names[0] === name;
        if (done || performance.now() > deadline) return names;
        await new Promise((resolve) => setTimeout(resolve, 100));
    }
}"""


def publish(site: Path, snapshot: str | None = None, note: str = "") -> str:
    """Make the copy of the site in `site` a new version (a new file, `note.txt`) and, given
    `snapshot`, move its memory snapshot there (the boot manifest says so): its cache name."""
    manifest = boot_manifest(site)
    if snapshot is not None:
        (site / snapshot).parent.mkdir(parents=True)
        (site / manifest["snapshot"]).rename(site / snapshot)
        index = site / "index.html"
        old = manifest["snapshot"].removesuffix(".gz")
        index.write_text(index.read_text().replace(old, snapshot.removesuffix(".gz")))
    (site / "note.txt").write_text(note)
    return f"fusebox-{build.write_service_worker(site, snapshot or manifest['snapshot'])}"


def test_the_raw_copy_is_made_at_the_install_taken_over_by_a_new_version_or_made_anew(
    browser: Browser, site_dir: Path, tmp_path: Path
) -> None:
    """The service worker makes the raw copy once it has cached a version; a failure fails
    nothing; it keeps one version's files. A copy of the site, served on an address of its own
    (its own quota), updated in place three times:

    - first visit under a quota with room for the site's files, not for the raw copy: the
      service worker installs all the same (ready offline), remembers the refusal, and the
      first return boots from the gzip without a second try; an older version's cache (its
      snapshot, its raw copy), there before, is deleted once it is active;
    - room again, a new version (the same snapshot): it tries again, at its install;
    - another (the same snapshot): the older version's copy is taken over (checked at boot like
      any copy), not inflated again; the first boot after the update reads it;
    - another, whose snapshot changed (moved with it): its copy is inflated anew.
    After each update, the older version's cache is gone (its raw copy with it)."""
    site = tmp_path / "site"
    shutil.copytree(site_dir, site)
    manifest = boot_manifest(site)
    raw = manifest["snapshot_raw"]["url"]
    site_bytes = sum(p.stat().st_size for p in site.rglob("*") if p.is_file())
    assert manifest["snapshot_raw"]["bytes"] > 20_000_000  # no room for it below
    server, url = build.serve_in_thread(site)
    context = browser.new_context()
    watch = watch_context(context, url)
    messages: list[str] = []
    try:
        # The quota is set from a tab of the site's origin where no app runs (the browser asks
        # for a favicon there: not the page watched).
        keeper = context.new_page()
        keeper.goto(url + KEEPER)
        assert keeper.evaluate(OLDER_CACHE, url) == OLDER
        page = context.new_page()
        record_console(page, watch)
        page.on("console", lambda m: messages.append(f"{m.type}: {m.text}"))
        first = f"fusebox-{precache_version(site)}"
        with quota(keeper, url, site_bytes + 10_000_000):
            page.goto(url + BOARD)
            wait_ready(page)
            wait_offline_ready(page)
            assert page.evaluate("caches.keys()") == [first]
            assert page.evaluate(RAW_PLACES, [url + raw]) == {}
            assert page.evaluate(RAW_PLACES, [url + REFUSED]) == {first: {url + REFUSED: ""}}
            forget_game(page, url)
            assert open_board(page, url + BOARD) == "snapshot"
            assert raw_kept(page) == "failed"
        tried = [m for m in messages if "not kept" in m]
        assert len(tried) == 1 and "not tried again in this version" in tried[0], tried
        assert "QuotaExceededError" in tried[0]

        # Room again, a new version tries again: made at its install.
        second = publish(site, note="second")
        assert page.evaluate(NEW_VERSION, second) == [second]
        assert page.evaluate(RAW_PLACES, [url + raw, url + REFUSED]) == {second: {url + raw: ""}}

        # A new version, the same snapshot: the copy is taken over, not inflated again.
        assert page.evaluate(TAG_RAW, url + raw)
        third = publish(site, note="third")
        assert page.evaluate(NEW_VERSION, third) == [third]
        assert page.evaluate(RAW_PLACES, [url + raw]) == {third: {url + raw: second}}
        forget_game(page, url)
        assert open_board(page, url + BOARD) == "snapshot-raw"

        # Another, whose snapshot changed (its address with it): inflated anew.
        moved = "pkg/ffffffffffffffff/" + build.SNAPSHOT_ARCHIVE
        fourth = publish(site, moved, note="fourth")
        assert page.evaluate(NEW_VERSION, fourth) == [fourth]
        new_raw = url + moved.removesuffix(".gz")
        assert page.evaluate(RAW_PLACES, [url + raw, new_raw]) == {fourth: {new_raw: ""}}
    finally:
        context.close()
        server.shutdown()
    watch.check()


# ------------------------------------------------------------------------------- the build


def test_the_snapshot_is_content_addressed_and_not_a_first_visit_download(site_dir: Path) -> None:
    boot = boot_manifest(site_dir)
    url = boot["snapshot"]
    data = (site_dir / url).read_bytes()
    assert url.endswith("/" + build.SNAPSHOT_ARCHIVE)
    assert url.split("/")[1] == build.sha256(data)[:16]
    assert url not in boot["downloads"]
    assert f'href="{url}"' not in (site_dir / "index.html").read_text()  # not preloaded
    inflated = gzip.decompress(data)
    assert inflated[:4] == (1886286592).to_bytes(4, "little")  # Pyodide's magic
    # Where the service worker keeps it inflated, and what the page checks that copy against:
    # an address of its own, no file of the site (never fetched), not precached.
    raw = boot["snapshot_raw"]
    assert raw == {
        "url": url.removesuffix(".gz"),
        "sha256": hashlib.sha256(inflated).hexdigest(),
        "bytes": len(inflated),
    }
    assert not (site_dir / raw["url"]).exists()
    assert f'"{raw["url"]}"' not in (site_dir / "sw.js").read_text()


def test_the_snapshot_holds_the_page_and_its_games(site_dir: Path) -> None:
    """Derived from the packages: every module of the shell, of each game's page package and
    engine (so a module added or renamed is in the next build), the page's standard library."""
    boot = boot_manifest(site_dir)
    modules = build.ensure_runtime()
    archives = {url.rsplit("/", 1)[1]: (site_dir / url).read_bytes() for url in boot["archives"]}
    cards = build.page_games()
    stdlib = site_dir / "runtime/pyodide" / build.PYODIDE_STDLIB
    snapshot = build.make_snapshot(modules, stdlib, archives, build.snapshot_packages(cards))
    assert snapshot.data == (site_dir / boot["snapshot"]).read_bytes()
    assert snapshot.left_out == {}
    held = set(snapshot.modules)
    web = build.WEB
    for card in cards:
        for package, root in ((f"fusebox_web.{card.id}", web), (f"engine.{card.id}", build.ROOT)):
            folder = root / package.replace(".", "/")
            for path in folder.rglob("*.py"):
                parts = path.relative_to(root).with_suffix("").parts
                name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
                if parts[-1] in build.SNAPSHOT_SKIP:
                    assert name not in held
                else:
                    assert name in held, name
    assert {"fusebox_web.shell.main", "engine.core.rng", "html.entities", "tomllib"} <= held


def test_the_snapshot_is_reproducible(site_dir: Path, tmp_path: Path, monkeypatch: Any) -> None:
    """Made again from nothing (no cached snapshot), the same sources give the same bytes."""
    boot = boot_manifest(site_dir)
    archives = {url.rsplit("/", 1)[1]: (site_dir / url).read_bytes() for url in boot["archives"]}
    # The pinned runtime as the build installed it (npm ci checks every file against the lock:
    # a second install is the same files, and 7 s of a busy machine); the snapshot's own cache
    # is empty, so Node makes it again.
    modules = build.ensure_runtime()
    monkeypatch.setattr(build, "CACHE", tmp_path)
    stdlib = site_dir / "runtime/pyodide" / build.PYODIDE_STDLIB
    packages = build.snapshot_packages(build.page_games())
    again = build.make_snapshot(modules, stdlib, archives, packages)
    assert not (build.CACHE / "runtime").exists()  # nothing installed again
    assert (tmp_path / "snapshot").is_dir()  # made here, not read from the build's cache
    assert again.data == (site_dir / boot["snapshot"]).read_bytes()
