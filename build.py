#!/usr/bin/env python3
"""Fusebox task runner (standard library only).

    python build.py                 build the site into _site/
    python build.py serve [--port]  build, then serve it on http://127.0.0.1:8000/
    python build.py test [ARGS]     set up .venv and run ruff, mypy and pytest (engine + browser)
    python build.py bench NAME      run the benchmark tests/bench/bench_NAME.py and print figures

Everything a command needs (a virtual environment with pinned tools, the vendored browser runtime,
Chromium for the browser tests) is set up on first use, so each command works on a fresh machine
with no other step.
"""

from __future__ import annotations

import argparse
import functools
import gzip
import hashlib
import html
import io
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import venv
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parent
# The page's shell renders the home screen's game cards and merges the catalogs (pure modules).
sys.path.insert(1, str(ROOT / "web"))
VENV = ROOT / ".venv"
REQUIREMENTS = ROOT / "requirements-dev.txt"
BENCH_DIR = ROOT / "tests" / "bench"
WEB = ROOT / "web"
SITE = ROOT / "_site"
CACHE = ROOT / ".cache"

# The runtime (Pyodide + PyScript) comes from npm, pinned exactly by this package.json and its lock.
RUNTIME_SPEC = WEB / "runtime"
RUNTIME_SPEC_FILES = ("package.json", "package-lock.json", ".npmrc")


# Pyodide files the page needs at boot. The npm package ships no wheels, and its lock points at a
# CDN for every package; the site vendors none of them, so it ships an empty package list instead
# (see write_pyodide_lock): nothing can then be fetched from outside the site by accident.
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")

# The PyScript files the page loads: core.js, its chunk, and the plugins' entry chunks (PyScript
# imports every plugin for the MicroPython config the page does not use; the Python config turns
# them off). Not vendored: the editor and terminal (CodeMirror, xterm), MicroPython, TOML configs,
# zip `files` and the package graph, none of which the page uses.
PYSCRIPT_CHUNKS = {
    "core",
    "error",
    "deprecations-manager",
    "donkey",
    "py-editor",
    "py-game",
    "py-terminal",
}

# Sources under web/ that the build transforms instead of copying as they are.
WEB_NOT_COPIED = {"runtime", "fusebox_web", "i18n", "index.html", "sw.js"}

# Arguments for the Debian Chromium used by the browser tests and the benchmark.
CHROMIUM_ARGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
)

# The page's Python package (web/fusebox_web and the catalogs), as the site ships it.
APP_ARCHIVE = "fusebox_web.zip"
STDLIB_ARCHIVE = "stdlib.zip"
# Pyodide's standard library as the site ships it (runtime/pyodide/): the modules Pyodide's own
# boot imports are bytecode there (web/runtime/bytecode.mjs), not compiled at every first visit.
PYODIDE_STDLIB = "python_stdlib.zip"

# Standard-library modules the page imports after Pyodide's own boot (top-level names; a package
# goes in whole). Pyodide ships its standard library as sources only, so each of these would be
# compiled in the browser on every visit (html.entities, imported by PyScript, alone ~60 ms); the
# build compiles them once into STDLIB_ARCHIVE, which the page puts ahead of the standard library.
# tests/e2e/test_boot_bytecode.py fails when the page starts compiling another one.
STDLIB_BYTECODE = ("datetime", "fractions", "html", "numbers", "tomllib")

# A fixed timestamp for the archives the build writes, so the same sources give the same bytes.
ZIP_EPOCH = (1980, 1, 1, 0, 0, 0)

# Where the page writes the archives in Pyodide's file system (a memory snapshot refers to them
# by these paths), and the environment of the page's Python: the same in a snapshot boot and a
# plain boot (a fixed hash seed: sets of strings iterate in the same order at every visit).
ARCHIVE_FOLDER = "/home/pyodide/fusebox"
PYTHON_ENV = {"PYTHONHASHSEED": "0", "LANG": "C.UTF-8"}

# The memory snapshot a returning player's page starts from (web/runtime/snapshot.mjs), gzipped.
SNAPSHOT_ARCHIVE = "snapshot.bin.gz"
# Where the service worker keeps the snapshot inflated, once it has precached the site (web/sw.js,
# keepRaw): the gzip's address without ".gz", in the same versioned cache. No such file is
# in the site, and nothing ever fetches that address from the network.
SNAPSHOT_RAW = SNAPSHOT_ARCHIVE.removesuffix(".gz")
# Modules never put in the snapshot: command-line entry points, not page code.
SNAPSHOT_SKIP = ("__main__", "cli")


def log(message: str) -> None:
    print(f"[build] {message}", flush=True)


def run(cmd: list[str], **kwargs: object) -> None:
    """Run a command, echoing it; stop the task runner if it fails."""
    log(" ".join(str(c) for c in cmd))
    cwd = kwargs.pop("cwd", ROOT)
    result = subprocess.run(cmd, check=False, cwd=cwd, **kwargs)  # type: ignore[call-overload]
    if result.returncode != 0:
        sys.exit(result.returncode)


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


from fusebox_web.shell.games import GameCard, card_messages  # noqa: E402
from fusebox_web.shell.home import CARD_MARKUP, games_html  # noqa: E402
from fusebox_web.shell.i18n import MODULE_STRINGS, merge_parts, read_parts  # noqa: E402

# --------------------------------------------------------------------------- virtual environment


def venv_python() -> Path:
    return VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def ensure_venv() -> Path:
    """Create .venv and install the pinned dev requirements when they changed."""
    stamp = VENV / ".requirements.sha256"
    wanted = sha256(REQUIREMENTS.read_bytes())
    python = venv_python()
    if not python.exists():
        log(f"creating virtual environment {VENV.relative_to(ROOT)}")
        venv.EnvBuilder(with_pip=True, clear=True).create(VENV)
    if not stamp.exists() or stamp.read_text().strip() != wanted:
        run([str(python), "-m", "pip", "install", "--quiet", "--upgrade", "pip"])
        run([str(python), "-m", "pip", "install", "--quiet", "-r", str(REQUIREMENTS)])
        stamp.write_text(wanted)
    return python


# --------------------------------------------------------------------------- chromium


def find_chromium() -> str | None:
    """The browser for the tests: $FUSEBOX_CHROMIUM (e.g. a CI image's Chrome), else `chromium`."""
    override = os.environ.get("FUSEBOX_CHROMIUM")
    if override:
        return override if Path(override).exists() else shutil.which(override)
    return shutil.which("chromium")


def ensure_chromium() -> str:
    """Install Debian's chromium when it is missing (as root, or through passwordless sudo)."""
    found = find_chromium()
    if found:
        return found
    if os.name == "posix" and os.geteuid() == 0:
        prefix: list[str] = []
    elif shutil.which("sudo"):
        prefix = ["sudo", "-n"]
    else:
        sys.exit("chromium is missing: install it, or set FUSEBOX_CHROMIUM to a Chrome binary")
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    run([*prefix, "apt-get", "update", "-q"], env=env)
    run([*prefix, "apt-get", "install", "-y", "-q", "--no-install-recommends", "chromium"], env=env)
    found = find_chromium()
    if not found:
        sys.exit("apt-get installed chromium, but no `chromium` binary is on PATH")
    return found


# --------------------------------------------------------------------------- runtime (npm)


def ensure_runtime() -> Path:
    """Install the pinned runtime with `npm ci` into .cache/, keyed by the lock file's hash.

    Returns the node_modules folder. The install happens outside _site so that only the files the
    page needs are copied into the site, and a second build reuses the install.
    """
    lock_hash = sha256(b"".join((RUNTIME_SPEC / name).read_bytes() for name in RUNTIME_SPEC_FILES))
    target = CACHE / "runtime" / lock_hash[:16]
    modules = target / "node_modules"
    stamp = target / ".installed"
    if stamp.exists():
        return modules
    npm = shutil.which("npm")
    if not npm:
        sys.exit("npm is missing: install Node.js (with npm) to build the site")
    shutil.rmtree(target, ignore_errors=True)
    target.mkdir(parents=True)
    for name in RUNTIME_SPEC_FILES:
        shutil.copy2(RUNTIME_SPEC / name, target / name)
    run([npm, "ci", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"], cwd=target)
    stamp.write_text(lock_hash)
    return modules


def runtime_versions() -> dict[str, str]:
    """The exact versions pinned in web/runtime/package.json."""
    spec = json.loads((RUNTIME_SPEC / "package.json").read_text())
    return dict(spec["dependencies"])


def vendor_pyodide(modules: Path, out: Path) -> None:
    source = modules / "pyodide"
    out.mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copyfile(source / name, out / name)
    write_pyodide_lock(source / "pyodide-lock.json", out / "pyodide-lock.json")


def write_pyodide_lock(source: Path, target: Path) -> None:
    """Keep the lock's `info` (Pyodide checks it) and drop every package: none is vendored."""
    info = json.loads(source.read_text())["info"]
    target.write_text(json.dumps({"info": info, "packages": {}}, sort_keys=True))


def vendor_pyscript(modules: Path, out: Path) -> None:
    source = modules / "@pyscript" / "core"
    out.mkdir(parents=True)
    shutil.copyfile(source / "dist" / "core.js", out / "core.js")
    for path in sorted((source / "dist").glob("*.js")):
        # Rollup names a chunk NAME-HASH.js with an 8-character hash (which may contain "-").
        if path.stem[:-9] in PYSCRIPT_CHUNKS and path.stem[-9] == "-":
            shutil.copyfile(path, out / path.name)
    shutil.copyfile(source / "LICENSE", out / "LICENSE.txt")


# --------------------------------------------------------------------------- python archives


def build_wheel(python: Path) -> tuple[str, bytes]:
    """Build the engine wheel with the pinned hatchling; same sources give the same bytes.

    hatchling writes reproducible wheels (sorted entries, fixed timestamps); SOURCE_DATE_EPOCH is
    pinned too so that a value set in the caller's environment cannot leak into the archive.
    """
    with tempfile.TemporaryDirectory(prefix="fusebox-wheel-") as tmp:
        env = dict(os.environ, SOURCE_DATE_EPOCH="315532800")
        run([str(python), "-m", "hatchling", "build", "-t", "wheel", "-d", tmp], env=env)
        wheels = list(Path(tmp).glob("*.whl"))
        if len(wheels) != 1:
            sys.exit(f"expected one wheel, hatchling wrote {[w.name for w in wheels]}")
        return wheels[0].name, wheels[0].read_bytes()


def zip_bytes(files: dict[str, bytes]) -> bytes:
    """A deterministic zip: sorted names, fixed timestamps and permissions."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for name in sorted(files):
            info = zipfile.ZipInfo(name, date_time=ZIP_EPOCH)
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, files[name])
    return buffer.getvalue()


def app_archive() -> bytes:
    """The page's Python package `fusebox_web`, data files included.

    Code in it reads its data files with importlib.resources (the archive stays zipped), and the
    message catalogs from the page itself.
    """
    files = {
        path.relative_to(WEB).as_posix(): path.read_bytes()
        for path in iter_files(WEB / "fusebox_web")
        # The games' card.html and the modules' own strings are written into the page by the
        # build (the markup and the inlined catalogs), not read by the app.
        if "__pycache__" not in path.parts
        and path.suffix not in (".pyc", ".html")
        and not path.name.endswith(MODULE_STRINGS)
    }
    return zip_bytes(files)


def compile_bytecode(modules: Path, archives: dict[str, bytes]) -> dict[str, bytes]:
    """The archives with a hash-checked .pyc beside every .py, compiled by the site's own Pyodide,
    STDLIB_ARCHIVE: the STDLIB_BYTECODE modules of its standard library, compiled, and
    PYODIDE_STDLIB: Pyodide's standard library with the modules its boot imports compiled.

    Runs web/runtime/bytecode.mjs in Node (see there why); the result is cached in .cache/ by the
    hash of its inputs, so an unchanged engine costs nothing on the next build.
    """
    script = RUNTIME_SPEC / "bytecode.mjs"
    key = hashlib.sha256(script.read_bytes())
    key.update((modules / "pyodide" / "pyodide-lock.json").read_bytes())
    key.update(",".join(STDLIB_BYTECODE).encode())
    for name in sorted(archives):
        key.update(name.encode() + b"\0" + sha256(archives[name]).encode())
    cached = CACHE / "bytecode" / key.hexdigest()[:16]
    outputs = [*archives, STDLIB_ARCHIVE, PYODIDE_STDLIB]
    if not all((cached / name).exists() for name in outputs):
        node = shutil.which("node")
        if not node:
            sys.exit("node is missing: install Node.js to build the site")
        with tempfile.TemporaryDirectory(prefix="fusebox-bytecode-") as tmp:
            sources = [Path(tmp) / name for name in archives]
            for path in sources:
                path.write_bytes(archives[path.name])
            out = Path(tmp) / "out"
            out.mkdir()
            stdlib = ["--stdlib", ",".join(STDLIB_BYTECODE)]
            run(
                [node, str(script), str(modules / "pyodide"), str(out), *stdlib, *map(str, sources)]
            )
            cached.mkdir(parents=True, exist_ok=True)
            for name in outputs:
                shutil.copyfile(out / name, cached / name)
    return {name: (cached / name).read_bytes() for name in outputs}


def snapshot_packages(cards: list[GameCard]) -> list[str]:
    """The packages whose every module goes in the snapshot: the shell and the engine's core,
    and each game of the page, its page package and its engine (``engine.<id>``)."""
    games = [name for card in cards for name in (f"engine.{card.id}", f"fusebox_web.{card.id}")]
    return ["engine.core", "fusebox_web.shell", *games]


@dataclass(frozen=True)
class Snapshot:
    """A memory snapshot of the page's Python (gzipped) and what is in it."""

    data: bytes
    size: int
    modules: list[str]
    left_out: dict[str, str]

    @functools.cached_property
    def raw_sha256(self) -> str:
        """The SHA-256 of the snapshot inflated: what the page checks the service worker's
        inflated copy against before starting from it (that copy has no gzip CRC)."""
        return sha256(gzip.decompress(self.data))


def make_snapshot(
    modules: Path, python_stdlib: Path, archives: dict[str, bytes], packages: list[str]
) -> Snapshot:
    """The page's Python after importing `packages` and the STDLIB_BYTECODE modules, as a memory
    snapshot made by the site's own Pyodide in Node (web/runtime/snapshot.mjs; see there what it
    holds and why it is reproducible), gzipped for the page's DecompressionStream.

    `python_stdlib` is the standard library the site ships (the snapshot remembers where each
    module is in it), `archives` the site's archives in their sys.path order. Cached in .cache/
    by the hash of every input, like the bytecode.
    """
    script = RUNTIME_SPEC / "snapshot.mjs"
    arguments = [
        "--folder",
        ARCHIVE_FOLDER,
        "--env",
        json.dumps(PYTHON_ENV, sort_keys=True),
        "--stdlib",
        ",".join(STDLIB_BYTECODE),
        "--packages",
        ",".join(packages),
        "--skip",
        ",".join(SNAPSHOT_SKIP),
    ]
    key = hashlib.sha256(script.read_bytes())
    for name in PYODIDE_FILES:  # the snapshot fits only the Pyodide build that made it
        key.update(sha256((modules / "pyodide" / name).read_bytes()).encode())
    key.update(sha256(python_stdlib.read_bytes()).encode())
    key.update("\0".join(arguments).encode())
    for name, data in archives.items():
        key.update(name.encode() + b"\0" + sha256(data).encode())
    cached = CACHE / "snapshot" / key.hexdigest()[:16]
    if not (cached / SNAPSHOT_ARCHIVE).exists():
        node = shutil.which("node")
        if not node:
            sys.exit("node is missing: install Node.js to build the site")
        with tempfile.TemporaryDirectory(prefix="fusebox-snapshot-") as tmp:
            paths = [Path(tmp) / name for name in archives]
            for path in paths:
                path.write_bytes(archives[path.name])
            raw = Path(tmp) / "snapshot.bin"
            # Time zone information is read once at start-up: the build's must not depend on the
            # machine (the page reads its own again, see fusebox_web.shell.thaw).
            env = dict(os.environ, TZ="UTC")
            stdlib = ["--python-stdlib", str(python_stdlib)]
            command = [node, str(script), str(modules / "pyodide"), str(raw), *stdlib, *arguments]
            run([*command, *map(str, paths)], env=env)
            data = gzip.compress(raw.read_bytes(), compresslevel=9, mtime=0)
            cached.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(raw.with_name("snapshot.bin.json"), cached / "report.json")
            (cached / SNAPSHOT_ARCHIVE).write_bytes(data)
    report = json.loads((cached / "report.json").read_text())
    return Snapshot(
        (cached / SNAPSHOT_ARCHIVE).read_bytes(),
        report["bytes"],
        report["modules"],
        report["left_out"],
    )


def write_content_addressed(site: Path, name: str, data: bytes) -> str:
    """Write `data` under pkg/<hash>/<name> and return the site-relative URL.

    The hash is in the folder, not the name: a wheel's file name must stay a valid wheel name, and
    a new build with new bytes must never be served under an address a browser has cached.
    """
    url = f"pkg/{sha256(data)[:16]}/{name}"
    path = site / url
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return url


# --------------------------------------------------------------------------- site


@dataclass(frozen=True)
class BuildResult:
    """What a build produced: the folder, the precache version and the boot downloads."""

    site: Path
    version: str
    wheel_url: str
    boot_bytes: int
    snapshot_url: str


def iter_files(folder: Path) -> Iterator[Path]:
    for path in sorted(folder.rglob("*")):
        if path.is_file():
            yield path


def copy_web(site: Path) -> None:
    """Copy the static parts of web/ (HTML, CSS, JS, icons, the PyScript entry) as they are."""
    for path in iter_files(WEB):
        relative = path.relative_to(WEB)
        if relative.parts[0] in WEB_NOT_COPIED or "__pycache__" in relative.parts:
            continue
        target = site / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, target)


def page_games() -> list[GameCard]:
    """The games of the registry that have a page package (fusebox_web/<id>/page.py), in the
    home screen's order. Scanned here, once, so that the page never scans for them at boot."""
    from engine.core.registry import games

    cards = []
    for info in games().values():
        if (WEB / "fusebox_web" / info.id / "page.py").exists():
            cards.append(GameCard.from_info(info))
        else:
            log(f"{info.id}: registered, but no web/fusebox_web/{info.id}/page.py: not on the page")
    return cards


def catalogs(cards: list[GameCard]) -> dict[str, dict[str, str]]:
    """Every language's messages: the shell's and each game's (web/i18n/<part>/<lang>.json), and
    the games' card texts from the registry (game.<id>.title, .summary, .players)."""
    parts = read_parts(WEB / "i18n")
    try:
        shell = merge_parts(parts)
        return merge_parts({"web/i18n": shell, "the registry": card_messages(cards, shell)})
    except ValueError as error:
        sys.exit(f"web/i18n: {error}")


def card_markup(cards: list[GameCard]) -> dict[str, str]:
    """Each game's own static markup for its card (web/fusebox_web/<id>/card.html), if any."""
    found = {}
    for card in cards:
        path = WEB / "fusebox_web" / card.id / CARD_MARKUP
        if path.exists():
            found[card.id] = path.read_text(encoding="utf-8").strip()
    return found


def game_styles(cards: list[GameCard]) -> str:
    """A stylesheet link for each game that has one (web/css/<id>.css), and a module script for
    each game that has one (web/js/<id>.js: what the game's card does before Python boots)."""
    links = [
        f'<link rel="stylesheet" href="css/{card.id}.css">'
        for card in cards
        if (WEB / "css" / f"{card.id}.css").exists()
    ]
    links += [
        f'<script type="module" src="js/{card.id}.js"></script>'
        for card in cards
        if (WEB / "js" / f"{card.id}.js").exists()
    ]
    return "\n    ".join(links)


def boot_manifest(
    site: Path, archives: list[str], snapshot: str, raw: dict[str, object]
) -> dict[str, object]:
    """What web/js/runtime.mjs needs: the archives to install (where, in this sys.path order),
    the memory snapshot to start from when a cache has it (gzipped, and where the service worker
    keeps it inflated, with the SHA-256 and length the page checks that copy against), Python's
    environment, and the sizes behind the progress bar (a first visit's downloads: the snapshot
    is not one of them)."""
    downloads = [f"runtime/pyodide/{name}" for name in PYODIDE_FILES if name != "pyodide.mjs"]
    downloads += archives
    return {
        "archives": archives,
        "folder": ARCHIVE_FOLDER,
        "env": PYTHON_ENV,
        "snapshot": snapshot,
        "snapshot_raw": raw,
        "downloads": {url: (site / url).stat().st_size for url in downloads},
    }


def preload_links(site: Path, manifest: dict[str, object]) -> str:
    """Start downloading the archives and PyScript's chunks while the HTML is parsed.

    js/runtime.mjs imports PyScript only once Pyodide has booted; preloaded, its modules (core.js,
    its chunk, the plugins) are downloaded and compiled by then, instead of loading one after
    another on the boot's critical path. Pyodide's own large files are not preloaded: it asks
    for them as soon as js/runtime.mjs runs, and over HTTP/1.1 (six connections per host) ten
    megabytes of preloaded WebAssembly would queue the page's small modules behind them.
    `crossorigin` makes each archive preload match the boot script's same-origin `fetch()`
    (mode cors, credentials same-origin), so that the file is downloaded once.
    """
    archives = manifest["archives"]
    assert isinstance(archives, list)
    chunks = ["core.js", *sorted(p.name for p in (site / "runtime" / "pyscript").glob("*-*.js"))]
    links = [f'<link rel="modulepreload" href="runtime/pyscript/{name}">' for name in chunks]
    links += [
        f'<link rel="preload" href="{html.escape(url)}" as="fetch" crossorigin>' for url in archives
    ]
    return "\n    ".join(links)


def json_script(element_id: str, value: object) -> str:
    # "</" cannot end the script element early once escaped; JSON.parse reads "<\/" as "</".
    text = json.dumps(value, ensure_ascii=False, sort_keys=True).replace("</", "<\\/")
    return f'<script type="application/json" id="{element_id}">{text}</script>'


def fill_marker(source: str, marker: str, text: str) -> str:
    tag = f"<!-- build:{marker} -->"
    if source.count(tag) != 1:
        sys.exit(f"web/index.html must contain {tag} exactly once")
    return source.replace(tag, text)


def render_index(site: Path, manifest: dict[str, object], cards: list[GameCard]) -> None:
    """Fill the build markers of web/index.html: inline data (boot manifest, catalogs, games),
    preloads, the home screen's game cards and the games' stylesheets."""
    source = (WEB / "index.html").read_text()
    messages = catalogs(cards)
    data = "\n    ".join(
        [
            json_script("fusebox-boot", manifest),
            json_script("fusebox-catalogs", messages),
            json_script("fusebox-games", [card.to_json() for card in cards]),
        ]
    )
    source = fill_marker(source, "data", data)
    source = fill_marker(source, "preload", preload_links(site, manifest))
    source = fill_marker(source, "games", games_html(cards, messages["en"], card_markup(cards)))
    source = fill_marker(source, "styles", game_styles(cards))
    (site / "index.html").write_text(source)


def write_service_worker(site: Path, snapshot: str) -> str:
    """Write sw.js with the precache list (every file of the site and its content hash) and
    the path of the gzipped memory snapshot (the worker keeps it inflated once precached).

    The version is a hash of that list, of the snapshot's path and of the worker's own code, so
    any changed byte anywhere, sw.js included, yields a new service worker (a new cache, nothing
    of the old one's memory kept but its unchanged files), and the worker can keep unchanged
    files (same hash) from the previous version's cache.
    """
    files = {
        p.relative_to(site).as_posix(): sha256(p.read_bytes())[:16]
        for p in iter_files(site)
        if p != site / "sw.js"  # an earlier sw.js (a site written again): not a file to list
    }
    if snapshot not in files:
        raise ValueError(f"{snapshot}: the snapshot is not a file of the site")
    code = (WEB / "sw.js").read_text()
    version = precache_version(files, snapshot, code)
    precache = {"version": version, "files": files, "snapshot": snapshot}
    header = (
        "// Generated by build.py: the files to precache with their content hashes, and the\n"
        "// gzipped memory snapshot among them.\n"
        f"const PRECACHE = {json.dumps(precache, sort_keys=True)};\n"
    )
    (site / "sw.js").write_text(header + code)
    return version


def precache_version(files: dict[str, str], snapshot: str, code: str) -> str:
    """The service worker's version (its cache's name): a hash of every file of the site (path and
    content hash), of which is the snapshot, and of the worker's code (web/sw.js)."""
    listed = {"files": files, "snapshot": snapshot, "worker": sha256(code.encode())[:16]}
    return sha256(json.dumps(listed, sort_keys=True).encode())[:16]


def build(out: Path = SITE) -> BuildResult:
    """Build the whole site into `out` (replaced only once the new build is complete)."""
    python = ensure_venv()
    modules = ensure_runtime()
    staging = out.with_name(out.name + ".tmp")
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir(parents=True)
    vendor_pyodide(modules, staging / "runtime" / "pyodide")
    vendor_pyscript(modules, staging / "runtime" / "pyscript")
    wheel_name, wheel = build_wheel(python)
    compiled = compile_bytecode(modules, {wheel_name: wheel, APP_ARCHIVE: app_archive()})
    python_stdlib = staging / "runtime" / "pyodide" / PYODIDE_STDLIB
    python_stdlib.write_bytes(compiled[PYODIDE_STDLIB])
    # In their sys.path order: the compiled standard library first, then the engine, the page.
    archives = {name: compiled[name] for name in (STDLIB_ARCHIVE, wheel_name, APP_ARCHIVE)}
    urls = [write_content_addressed(staging, name, data) for name, data in archives.items()]
    cards = page_games()
    snapshot = make_snapshot(modules, python_stdlib, archives, snapshot_packages(cards))
    for name, why in sorted(snapshot.left_out.items()):
        log(f"snapshot: {name} left out (imported from its archive when needed): {why}")
    snapshot_url = write_content_addressed(staging, SNAPSHOT_ARCHIVE, snapshot.data)
    log(
        f"snapshot: {len(snapshot.modules)} modules, {snapshot.size / 1e6:.1f} MB of memory, "
        f"{len(snapshot.data) / 1e6:.2f} MB gzipped"
    )
    copy_web(staging)
    raw = {
        "url": snapshot_url.removesuffix(SNAPSHOT_ARCHIVE) + SNAPSHOT_RAW,
        "sha256": snapshot.raw_sha256,
        "bytes": snapshot.size,
    }
    manifest = boot_manifest(staging, urls, snapshot_url, raw)
    render_index(staging, manifest, cards)
    version = write_service_worker(staging, snapshot_url)
    swap_into_place(staging, out)
    downloads = manifest["downloads"]
    assert isinstance(downloads, dict)
    boot_bytes = sum(downloads.values())
    log(f"built {out.relative_to(ROOT) if out.is_relative_to(ROOT) else out} (version {version})")
    return BuildResult(out, version, urls[1], boot_bytes, snapshot_url)


def swap_into_place(staging: Path, out: Path) -> None:
    old = out.with_name(out.name + ".old")
    shutil.rmtree(old, ignore_errors=True)
    if out.exists():
        out.rename(old)
    staging.rename(out)
    shutil.rmtree(old, ignore_errors=True)


# --------------------------------------------------------------------------- server


class SiteHandler(SimpleHTTPRequestHandler):
    """Serves a built site under a base path, with the headers a static host like GitHub Pages sends."""

    base = "/"
    quiet = True
    extensions_map = {
        **SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
        ".webmanifest": "application/manifest+json",
        ".whl": "application/zip",
        ".gz": "application/gzip",
        ".json": "application/json",
        ".svg": "image/svg+xml",
    }

    def send_head(self):  # type: ignore[no-untyped-def]
        path = self.path.split("?", 1)[0]
        if path == self.base.rstrip("/") or (path == "/" and self.base != "/"):
            self.send_response(HTTPStatus.MOVED_PERMANENTLY)
            self.send_header("Location", self.base)
            self.end_headers()
            return None
        if not path.startswith(self.base):
            self.send_error(HTTPStatus.NOT_FOUND)
            return None
        return super().send_head()

    def translate_path(self, path: str) -> str:
        return super().translate_path("/" + path.removeprefix(self.base))

    def end_headers(self) -> None:
        # GitHub Pages lets browsers cache every file for ten minutes; do the same so that local
        # runs (and the benchmark's warm loads) see what players see.
        self.send_header("Cache-Control", "max-age=600")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        if not self.quiet:
            super().log_message(format, *args)


class SiteServer(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: object, client_address: object) -> None:
        # A browser closing a connection mid-download (a reload, a closed tab) is not an error.
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)  # type: ignore[arg-type]


def normalize_base(base: str) -> str:
    """`fusebox`, `/fusebox` and `/fusebox/` all mean the subpath `/fusebox/`."""
    parts = [part for part in base.split("/") if part]
    return "/" + "".join(f"{part}/" for part in parts)


def make_server(directory: Path, port: int = 0, base: str = "/", quiet: bool = True) -> SiteServer:
    """An HTTP server for `directory` on 127.0.0.1 (port 0 picks a free port)."""
    handler = type("Handler", (SiteHandler,), {"base": normalize_base(base), "quiet": quiet})
    return SiteServer(("127.0.0.1", port), functools.partial(handler, directory=str(directory)))


def serve_in_thread(directory: Path, base: str = "/") -> tuple[SiteServer, str]:
    """Serve `directory` from a daemon thread; returns the server and the site's URL."""
    server = make_server(directory, base=base)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_port}{normalize_base(base)}"


# --------------------------------------------------------------------------- tasks


def task_build() -> None:
    build()


def task_serve(port: int, base: str) -> None:
    result = build()
    server = make_server(result.site, port, base, quiet=False)
    url = f"http://127.0.0.1:{server.server_port}{normalize_base(base)}"
    print(f"Serving Fusebox at {url}  (Ctrl+C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


# The test run a site build belongs to (tests/e2e/harness.py `build_once` builds once per run).
SITE_RUN_STAMP = CACHE / "build.run"


def task_test(extra: list[str]) -> None:
    python = ensure_venv()
    ensure_chromium()
    # The whole suite needs the site: build it while the linters run (each of them, like the
    # build, keeps one core busy), instead of in the first browser test while the other waits.
    builder = (
        subprocess.Popen([sys.executable, str(Path(__file__).resolve()), "build"], cwd=ROOT)
        if not extra
        else None
    )
    run([str(python), "-m", "ruff", "check", "."])
    run([str(python), "-m", "ruff", "format", "--check", "."])
    run([str(python), "-m", "mypy"])
    # The site's own Python: the task runner, the page's package, the browser tests and benchmark.
    mine = [
        "build.py",
        "web/fusebox_web",
        "tests/e2e",
        "tests/web",
        "tests/bench/bench_load.py",
        "tests/bench/bench_firstvisit.py",
    ]
    paths = dict(os.environ, MYPYPATH=os.pathsep.join(["tests/e2e", "web"]))
    run([str(python), "-m", "mypy", "--explicit-package-bases", *mine], env=paths)
    env = dict(os.environ)
    if builder is not None:
        if builder.wait() != 0:
            sys.exit(builder.returncode)
        run_id = f"prebuilt-{os.getpid()}-{time.time_ns()}"
        SITE_RUN_STAMP.write_text(run_id)
        env["FUSEBOX_SITE_RUN"] = run_id
    workers = "2" if (os.cpu_count() or 1) >= 2 else "1"
    run([str(python), "-m", "pytest", "-n", workers, *extra], env=env)


def task_bench(name: str, extra: list[str]) -> None:
    script = BENCH_DIR / f"bench_{name}.py"
    if not script.exists():
        known = sorted(p.stem.removeprefix("bench_") for p in BENCH_DIR.glob("bench_*.py"))
        sys.exit(f"unknown benchmark {name!r}; known: {', '.join(known)}")
    python = ensure_venv()
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    run([str(python), str(script), *extra], env=env)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="build.py", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="task")
    sub.add_parser("build", help="build the site into _site/ (the default task)")
    serve = sub.add_parser("serve", help="build, then serve the site locally")
    serve.add_argument("--port", type=int, default=8000, help="port on 127.0.0.1 (default 8000)")
    serve.add_argument("--base", default="/", help="serve under this subpath, e.g. /fusebox/")
    sub.add_parser("test", help="run the whole test suite", add_help=False)
    bench = sub.add_parser(
        "bench",
        help="run a benchmark and print its figures (legal: the legal-move listing per mission)",
    )
    bench.add_argument("name")
    args, extra = parser.parse_known_args(argv)
    if args.task == "test":
        task_test(extra)
    elif args.task == "bench":
        task_bench(args.name, extra)
    elif extra:
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    elif args.task == "serve":
        task_serve(args.port, args.base)
    else:
        task_build()


if __name__ == "__main__":
    main()
