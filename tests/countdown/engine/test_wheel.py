"""The card data ships in the wheel and is read from inside it (as the page reads it)."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

from tests.redwire.engine.test_wheel import build_wheel


def test_the_card_data_loads_from_the_wheel(tmp_path: Path) -> None:
    wheel = build_wheel(tmp_path)
    assert "engine/countdown/cards.json" in zipfile.ZipFile(wheel).namelist()
    code = (
        "import engine.countdown.cards as c, engine;"
        "assert 'fusebox-' in engine.__file__ or '.whl' in engine.__file__, engine.__file__;"
        "data = c.load_cards();"
        "assert 'importlib.resources' not in sys.modules;"
        "from engine.countdown import new_game;"
        "g = new_game(5, seed=3);"
        "print(sum(data.actions.values()), len(g.legal_actions(g.to_move)) > 0)"
    )
    result = subprocess.run(
        [sys.executable, "-I", "-c", f"import sys; sys.path.insert(0, {str(wheel)!r}); {code}"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert result.stdout.split() == ["66", "True"]
