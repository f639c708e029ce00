"""After one visit the service worker has the whole site: the game loads with the network cut.

And the site can be installed as an app."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

from harness import Watch, build, launch_profile, wait_offline_ready, wait_ready
from playwright.sync_api import Browser, BrowserContext, Page, Playwright, Response, expect


def test_offline_reload_after_one_visit(
    ready_page: Page, context: BrowserContext, watch: Watch
) -> None:
    wait_offline_ready(ready_page)
    expect(ready_page.locator("#offline-status")).to_have_text("Ready to play offline")

    from_worker: list[bool] = []

    def on_response(response: Response) -> None:
        from_worker.append(response.from_service_worker)

    context.set_offline(True)
    ready_page.on("response", on_response)
    ready_page.reload()
    wait_ready(ready_page)
    expect(ready_page.get_by_test_id("engine-version")).to_be_visible()
    assert from_worker and all(from_worker), "the offline load did not come from the worker"

    # And once more with a language switch, which needs nothing from the network either.
    ready_page.goto(ready_page.url + "?lang=it")
    wait_ready(ready_page)
    expect(ready_page.get_by_test_id("play")).to_have_text("Gioca a Red Wire")


def test_the_site_is_installable(playwright: Playwright, site_url: str, tmp_path: Path) -> None:
    """Manifest, icons and service worker satisfy Chromium's install criteria."""
    context = launch_profile(playwright, tmp_path / "profile")
    page = context.pages[0] if context.pages else context.new_page()
    page.goto(site_url)
    wait_ready(page)
    wait_offline_ready(page)
    cdp = context.new_cdp_session(page)
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    manifest = cdp.send("Page.getAppManifest")
    context.close()
    assert errors == []
    assert manifest["errors"] == []


# The service worker's own SHA-256 (web/sw.js, Sha256), taken out of the served sw.js in a page of
# the site (its top level only declares things and adds listeners), against FIPS 180-4's vectors,
# against Web Crypto at every length around the padding's edges fed in random pieces, and on
# every file of the site as it streams from the server (in the pieces a stream gives), against
# Web Crypto on the whole file and against the build's hash in PRECACHE. Mismatches, by name.
SHA256_CHECK = """async (site) => {
    const source = await (await fetch(site + "sw.js", { cache: "no-store" })).text();
    const { Sha256, PRECACHE } = new Function(`${source}\\nreturn { Sha256, PRECACHE };`)();
    const webCrypto = async (bytes) => [...new Uint8Array(await crypto.subtle.digest("SHA-256", bytes))]
        .map((b) => b.toString(16).padStart(2, "0")).join("");
    const text = (s) => new TextEncoder().encode(s);
    const wrong = [];
    const vectors = {
        "": "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
        "abc": "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
        "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq":
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
        "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu":
            "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1",
    };
    for (const [message, digest] of Object.entries(vectors)) {
        if (new Sha256().update(text(message)).hex() !== digest) wrong.push(`vector ${message}`);
    }
    const million = new Sha256();  // a million "a", in pieces of 1000
    for (let i = 0; i < 1000; i++) million.update(text("a".repeat(1000)));
    if (million.hex() !== "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0") {
        wrong.push("vector a million a");
    }
    for (let length = 0; length <= 260; length++) {
        const bytes = crypto.getRandomValues(new Uint8Array(length));
        const sha = new Sha256();
        for (let at = 0; at < length; ) {
            const step = 1 + Math.floor(Math.random() * 100);
            sha.update(bytes.subarray(at, at + step));
            at += step;
        }
        if (sha.hex() !== (await webCrypto(bytes))) wrong.push(`random, ${length} bytes`);
    }
    let pieces = 0;
    for (const [path, hash] of Object.entries(PRECACHE.files)) {
        const response = await fetch(site + path, { cache: "no-store" });
        const sha = new Sha256();
        for (const reader = response.clone().body.getReader(); ; ) {
            const { done, value } = await reader.read();
            if (done) break;
            sha.update(value);
            pieces += 1;
        }
        const whole = await webCrypto(await response.arrayBuffer());
        const streamed = sha.hex();
        if (streamed !== whole || streamed.slice(0, 16) !== hash) wrong.push(path);
    }
    return { wrong, files: Object.keys(PRECACHE.files).length, pieces };
}"""


def test_the_service_workers_sha256_is_sha256(page: Page, site_url: str) -> None:
    """The hash the service worker checks each precached file with, in pieces (Web Crypto has no
    SHA-256 fed piece by piece): FIPS 180-4's vectors, Web Crypto on random bytes of
    every length from 0 to 260 in random pieces, and every file of the site as the network
    gives it, which all hash as the build says (the check refuses no sound file)."""
    page.goto(site_url + "icons/icon.svg")  # a page of the site where no app runs
    found = page.evaluate(SHA256_CHECK, site_url)
    assert found["wrong"] == []
    assert found["files"] > 20
    assert found["pieces"] > found["files"]  # the large files came in many pieces


# Wait (a minute at most) until the install of the site's service worker has ended (registered
# again here: the same registration while the page's install runs, a new try if it already
# failed): the worker's state then, and which caches hold `url`.
INSTALL_ENDED = """async (url) => {
    const registration = await navigator.serviceWorker.register("sw.js");
    const worker = registration.installing ?? registration.waiting ?? registration.active;
    const deadline = performance.now() + 60_000;
    while (!["redundant", "activated"].includes(worker.state) && performance.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const holding = [];
    for (const name of await caches.keys()) {
        if (await (await caches.open(name)).match(url)) holding.push(name);
    }
    return { state: worker.state, holding, caches: await caches.keys() };
}"""


def test_a_file_whose_bytes_do_not_match_its_hash_never_enters_the_cache(
    browser: Browser, site_dir: Path, tmp_path: Path
) -> None:
    """A host that serves a file other than the build's (a deploy half done, say): the service
    worker hashes each file it downloads in pieces (never held whole), and one whose hash is
    wrong is refused: in no cache once the install has ended, and the install fails (the site
    is not said to be ready offline; the next visit tries again). The file changed is the memory
    snapshot, one byte in its middle (9 MB: many pieces), and a small one in a second copy of
    the site. The page itself boots all the same. A fresh profile, a copy of the site on an
    address of its own."""
    precache = json.loads(
        re.search(r"^const PRECACHE = (.*);$", (site_dir / "sw.js").read_text(), re.M).group(1)  # type: ignore[union-attr]
    )
    for changed in (precache["snapshot"], "icons/icon.svg"):
        site = tmp_path / changed.replace("/", "_")
        shutil.copytree(site_dir, site)
        data = bytearray((site / changed).read_bytes())
        data[len(data) // 2] ^= 0x01
        (site / changed).write_bytes(bytes(data))
        server, url = build.serve_in_thread(site)
        context = browser.new_context()
        try:
            page = context.new_page()
            page.goto(url)
            wait_ready(page)
            ended = page.evaluate(INSTALL_ENDED, url + changed)
            assert ended["state"] == "redundant", changed  # its install failed
            assert ended["holding"] == [], changed
            assert page.locator("html").get_attribute("data-offline-ready") is None, changed
            # The check ran on this file: the install started caching, and the sound files
            # that streamed in are there.
            assert ended["caches"], changed
        finally:
            context.close()
            server.shutdown()
