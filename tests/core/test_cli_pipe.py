"""The command line read by a pipe that closes early (``replay game.json | head``)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_a_reader_that_stops_early_gets_no_traceback(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    engine = [sys.executable, "-m", "engine"]
    play = [*engine, "play", "--mission", "8", "--players", "5", "--seed", "3", "--bots", "all"]
    subprocess.run([*play, "--save", str(record)], cwd=ROOT, capture_output=True, check=True)
    replay = subprocess.Popen(
        [*engine, "replay", str(record)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert replay.stdout is not None and replay.stderr is not None
    first = replay.stdout.readline()
    replay.stdout.close()  # as `head -1` does once it has its line
    errors = replay.stderr.read()
    replay.wait(timeout=60)
    assert first.strip()
    assert "Traceback" not in errors and "BrokenPipeError" not in errors, errors
