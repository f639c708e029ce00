"""The engine ships as a reproducible wheel with its missions inside."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def build_wheel(out: Path) -> Path:
    subprocess.run(
        [sys.executable, "-m", "hatchling", "build", "-t", "wheel", "-d", str(out)],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    (wheel,) = out.glob("fusebox-*.whl")
    return wheel


def test_wheel_is_reproducible_and_holds_the_missions(tmp_path: Path) -> None:
    first = build_wheel(tmp_path / "a")
    second = build_wheel(tmp_path / "b")
    assert first.read_bytes() == second.read_bytes()
    names = set(zipfile.ZipFile(first).namelist())
    assert {f"engine/redwire/missions/m{n:02d}.toml" for n in range(1, 9)} <= names
    assert "engine/py.typed" in names and not any(n.startswith("tests/") for n in names)
    # Imported straight from the wheel (as the page does), the missions load from inside it.
    code = (
        "import engine, engine.redwire.missions as m;"
        "assert 'fusebox-' in engine.__file__ or '.whl' in engine.__file__, engine.__file__;"
        "n = len(m.all_missions());"
        "assert n >= 9 and sorted(m.all_missions()) == list(range(1, n + 1));"
        "assert all(m.load_mission(k) == m.all_missions()[k] for k in m.mission_ids());"
        "assert 66 in m.boxed_missions() and not set(m.boxed_missions()) & set(m.mission_ids());"
        "from engine.core import games, load_game;"
        "assert list(games()) == ['redwire', 'countdown', 'loop'], games();"
        "g = load_game('redwire').new_game(5, seed=1, mission=8);"
        "print(len(g.legal_actions(g.to_move)))"
    )
    result = subprocess.run(
        [sys.executable, "-I", "-c", f"import sys; sys.path.insert(0, {str(first)!r}); {code}"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert int(result.stdout) > 0


def test_one_mission_loads_from_the_wheel_alone(tmp_path: Path) -> None:
    """A game link needs one mission: the page reads that file only, without importlib.resources."""
    wheel = build_wheel(tmp_path)
    code = (
        "import engine.redwire.missions as m;"
        "mission = m.load_mission(4);"
        "assert 'importlib.resources' not in sys.modules, 'importlib.resources was imported';"
        "assert m.all_missions.cache_info().currsize == 0, 'every mission was read';"
        "print(mission.title['en'])"
    )
    result = subprocess.run(
        [sys.executable, "-I", "-c", f"import sys; sys.path.insert(0, {str(wheel)!r}); {code}"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert result.stdout.strip() == "Everything at Once"
