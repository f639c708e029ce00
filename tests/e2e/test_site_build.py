"""The built folder: reproducible, self-contained, content-addressed, fully precached."""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest
from harness import build

OWN_TEXT_FILES = ("index.html", "sw.js", "manifest.webmanifest", "main.py")


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def site_files(site: Path) -> dict[str, Path]:
    return {p.relative_to(site).as_posix(): p for p in site.rglob("*") if p.is_file()}


def test_the_wheel_is_reproducible() -> None:
    python = build.venv_python()
    first_name, first = build.build_wheel(python)
    second_name, second = build.build_wheel(python)
    assert first_name == second_name and re.fullmatch(r"fusebox-.+-py3-none-any\.whl", first_name)
    assert first == second, "two builds of the same sources gave different wheels"


def test_bytecode_is_reproducible_and_hash_checked(site_dir: Path, tmp_path: Path) -> None:
    """A second compilation, in a Node of its own, gives the very bytes the site's build got
    (the build's are in its cache, keyed by the hash of the same inputs)."""
    modules = build.ensure_runtime()
    wheel_name, wheel = build.build_wheel(build.venv_python())
    archives = {wheel_name: wheel, build.APP_ARCHIVE: build.app_archive()}
    built = build.compile_bytecode(modules, archives)
    for name, data in archives.items():
        (tmp_path / name).write_bytes(data)
    (tmp_path / "a").mkdir()
    command = [
        "node",
        str(build.RUNTIME_SPEC / "bytecode.mjs"),
        str(modules / "pyodide"),
        str(tmp_path / "a"),
        "--stdlib",
        ",".join(build.STDLIB_BYTECODE),
        *(str(tmp_path / name) for name in archives),
    ]
    subprocess.run(command, check=True, capture_output=True)
    for name in built:
        again = (tmp_path / "a" / name).read_bytes()
        assert again == built[name], f"the same sources compiled to different bytes: {name}"
    # Pyodide's standard library: the modules its boot imports as bytecode only, the rest as is.
    pristine = zipfile.ZipFile(modules / "pyodide" / build.PYODIDE_STDLIB)
    with zipfile.ZipFile(tmp_path / "a" / build.PYODIDE_STDLIB) as archive:
        entries = set(archive.namelist())
        booted = {n for n in entries if n.endswith(".pyc")}
        assert {"asyncio/__init__.pyc", "typing.pyc", "json/decoder.pyc"} <= booted
        assert not {n.removesuffix("c") for n in booted} & entries, "source beside bytecode"
        assert entries == {n + "c" if n + "c" in booted else n for n in pristine.namelist()}
    assert (site_dir / "runtime/pyodide" / build.PYODIDE_STDLIB).read_bytes() == (
        tmp_path / "a" / build.PYODIDE_STDLIB
    ).read_bytes()
    with zipfile.ZipFile(tmp_path / "a" / build.STDLIB_ARCHIVE) as archive:
        # Bytecode only (Pyodide's standard library holds the sources), every listed module.
        compiled = archive.namelist()
        assert compiled and all(n.endswith(".pyc") for n in compiled)
        tops = {n.split("/")[0].removesuffix(".pyc") for n in compiled}
        assert tops == set(build.STDLIB_BYTECODE)
        header = archive.read("html/entities.pyc")[:8]
        assert int.from_bytes(header[4:8], "little") == 0b01, "not an unchecked hash .pyc"
    with zipfile.ZipFile(tmp_path / "a" / wheel_name) as archive:
        names = set(archive.namelist())
        sources = {n for n in names if n.endswith(".py")}
        assert sources and {f"{n}c" for n in sources} <= names
        header = archive.read(next(iter(sorted(sources))) + "c")[:8]
        assert int.from_bytes(header[4:8], "little") == 0b11, "not a hash-checked .pyc"
    shipped = list(site_dir.glob("pkg/*/*.whl"))
    assert len(shipped) == 1 and shipped[0].name == wheel_name


def test_archives_are_content_addressed(site_dir: Path) -> None:
    boot = json.loads(
        re.search(
            r'<script type="application/json" id="fusebox-boot">(.*?)</script>',
            (site_dir / "index.html").read_text(),
        ).group(1)  # type: ignore[union-attr]
    )
    names = [url.rsplit("/", 1)[1] for url in boot["archives"]]
    # The standard library's compiled modules first: ahead of Pyodide's own on sys.path.
    assert names == [build.STDLIB_ARCHIVE, names[1], build.APP_ARCHIVE]
    assert names[1].startswith("fusebox-") and names[1].endswith(".whl")
    for url in boot["archives"]:
        folder = url.split("/")[1]
        assert folder == digest((site_dir / url).read_bytes())[:16]
        assert boot["downloads"][url] == (site_dir / url).stat().st_size


def test_the_service_worker_precaches_every_file(site_dir: Path) -> None:
    text = (site_dir / "sw.js").read_text()
    precache = json.loads(re.search(r"^const PRECACHE = (.*);$", text, re.M).group(1))  # type: ignore[union-attr]
    files = site_files(site_dir)
    del files["sw.js"]
    assert set(precache["files"]) == set(files)
    for name, path in files.items():
        assert precache["files"][name] == digest(path.read_bytes())[:16], name
    # The version: a hash of that list, of which file is the snapshot and of the worker's code.
    worker = digest((build.WEB / "sw.js").read_bytes())[:16]
    listing = {"files": precache["files"], "snapshot": precache["snapshot"], "worker": worker}
    assert precache["version"] == digest(json.dumps(listing, sort_keys=True).encode())[:16]
    # Which file is the gzipped memory snapshot: the worker keeps it inflated once precached.
    boot = json.loads(
        re.search(
            r'<script type="application/json" id="fusebox-boot">(.*?)</script>',
            (site_dir / "index.html").read_text(),
        ).group(1)  # type: ignore[union-attr]
    )
    assert precache["snapshot"] == boot["snapshot"] and boot["snapshot"] in precache["files"]


def test_a_change_to_the_service_worker_alone_is_a_new_version(
    site_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A deploy that changes web/sw.js and nothing else is a new version, so a new cache name:
    the new worker installs (reusing every file of the old cache, all unchanged) and nothing the
    old one remembered in its cache (a quota refusal, say) outlives it. The same files and code
    written again keep the version."""
    site = tmp_path / "site"
    shutil.copytree(site_dir, site)
    text = (site / "sw.js").read_text()
    precache = json.loads(re.search(r"^const PRECACHE = (.*);$", text, re.M).group(1))  # type: ignore[union-attr]
    assert build.write_service_worker(site, precache["snapshot"]) == precache["version"]
    assert (site / "sw.js").read_text() == text
    web = tmp_path / "web"
    web.mkdir()
    (web / "sw.js").write_text((build.WEB / "sw.js").read_text() + "// one line more\n")
    monkeypatch.setattr(build, "WEB", web)
    version = build.write_service_worker(site, precache["snapshot"])
    assert version != precache["version"]
    changed = (site / "sw.js").read_text()
    assert f'"version": "{version}"' in changed and changed.endswith("// one line more\n")
    assert f'"files": {json.dumps(precache["files"], sort_keys=True)}' in changed  # all reused


def test_the_site_names_no_other_origin(site_dir: Path) -> None:
    """The site's own files load nothing from elsewhere, and every path is relative."""
    own = [site_dir / name for name in OWN_TEXT_FILES]
    own += [*site_dir.glob("js/*"), *site_dir.glob("css/*")]
    for path in own:
        text = path.read_text()
        assert not re.search(r"https?://(?!www\.w3\.org/)", text), path.name
    html = (site_dir / "index.html").read_text()
    for target in re.findall(r'(?:href|src)="([^"]+)"', html):
        assert not target.startswith(("/", "http:", "https:")), target


def test_pyodide_can_fetch_no_package(site_dir: Path) -> None:
    lock = json.loads((site_dir / "runtime/pyodide/pyodide-lock.json").read_text())
    assert lock["packages"] == {}
    assert lock["info"]["python"].startswith("3.")


@pytest.mark.parametrize("unused", ["codemirror", "xterm", "toml", "mpy-", "pyodide_graph"])
def test_unused_pyscript_chunks_are_not_shipped(site_dir: Path, unused: str) -> None:
    assert not [p for p in (site_dir / "runtime/pyscript").iterdir() if p.name.startswith(unused)]
