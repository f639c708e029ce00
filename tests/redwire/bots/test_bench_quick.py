"""The bot benchmark's quick mode runs end to end (its figures are not asserted: it is a benchmark)."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "bench" / "bench_bots.py"


def load_bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_bots", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_bots"] = module  # the worker pool pickles its jobs by module name
    spec.loader.exec_module(module)
    return module


def test_quick_run_prints_the_table_and_resumes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bench = load_bench()
    results = tmp_path / "bots.json"
    argv = ["--quick", "--missions", "1", "--players", "3", "--workers", "1"]
    argv += ["--levels", "random,cautious", "--openings", "1", "--results", str(results)]
    bench.main(argv)
    first = capsys.readouterr().out
    assert "2 chunks of up to 10 games to play" in first  # one per level
    row = next(line for line in first.splitlines() if line.startswith("| 1 | 3 |"))
    assert row.count("%") == 2  # a win rate for each level
    saved = json.loads(results.read_text(encoding="utf-8"))
    assert saved["code"] == bench.fingerprint()
    assert sum(chunk["games"] for chunk in saved["chunks"].values()) == 2 * 4

    bench.main(argv)  # everything is saved: nothing is played again
    assert "0 chunks of up to 10 games to play" in capsys.readouterr().out

    saved["code"] = "other code"
    results.write_text(json.dumps(saved), encoding="utf-8")
    bench.main(argv)
    assert "saved results are of other code: starting over" in capsys.readouterr().out
