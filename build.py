#!/usr/bin/env python3
"""Fusebox task runner (standard library only).

    python build.py                 build the site into _site/
    python build.py serve [--port]  build, then serve it on http://127.0.0.1:8000/
    python build.py test [ARGS]     set up .venv and run ruff, mypy and pytest (engine + browser)
    python build.py bench NAME      run the benchmark tests/bench/bench_NAME.py and print figures

Everything a command needs (a virtual environment with pinned tools, the vendored browser runtime)
is set up on first use, so each command works on a fresh machine with no other step.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
REQUIREMENTS = ROOT / "requirements-dev.txt"
BENCH_DIR = ROOT / "tests" / "bench"


def log(message: str) -> None:
    print(f"[build] {message}", flush=True)


def run(cmd: list[str], **kwargs: object) -> None:
    """Run a command, echoing it; stop the task runner if it fails."""
    log(" ".join(str(c) for c in cmd))
    result = subprocess.run(cmd, cwd=kwargs.pop("cwd", ROOT), **kwargs)  # type: ignore[call-overload]
    if result.returncode != 0:
        sys.exit(result.returncode)


# --------------------------------------------------------------------------- virtual environment


def venv_python() -> Path:
    return VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def ensure_venv() -> Path:
    """Create .venv and install the pinned dev requirements when they changed."""
    stamp = VENV / ".requirements.sha256"
    wanted = hashlib.sha256(REQUIREMENTS.read_bytes()).hexdigest()
    python = venv_python()
    if not python.exists():
        log(f"creating virtual environment {VENV.relative_to(ROOT)}")
        venv.EnvBuilder(with_pip=True, clear=True).create(VENV)
    if not stamp.exists() or stamp.read_text().strip() != wanted:
        run([str(python), "-m", "pip", "install", "--quiet", "--upgrade", "pip"])
        run([str(python), "-m", "pip", "install", "--quiet", "-r", str(REQUIREMENTS)])
        stamp.write_text(wanted)
    return python


# --------------------------------------------------------------------------- tasks


def task_test(extra: list[str]) -> None:
    python = ensure_venv()
    run([str(python), "-m", "ruff", "check", "."])
    run([str(python), "-m", "ruff", "format", "--check", "."])
    run([str(python), "-m", "mypy"])
    workers = "2" if (os.cpu_count() or 1) >= 2 else "1"
    run([str(python), "-m", "pytest", "-n", workers, *extra])


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
    serve.add_argument("--port", type=int, default=8000)
    sub.add_parser("test", help="run the whole test suite", add_help=False)
    bench = sub.add_parser("bench", help="run a benchmark and print its figures")
    bench.add_argument("name")
    args, extra = parser.parse_known_args(argv)
    if args.task == "test":
        task_test(extra)
    elif args.task == "bench":
        task_bench(args.name, extra)
    else:
        parser.error("building the site is not available yet")


if __name__ == "__main__":
    main()
