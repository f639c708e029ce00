"""Golden games replay to the same transcript; bots, deals and dice have not drifted."""

from __future__ import annotations

import json

import pytest

from engine.loop import Record

from .golden import CASES, files, play_case, transcript


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"p{c[0]}-s{c[1]}")
def test_golden_game(case: tuple[int, int]) -> None:
    record_file, text_file = files(*case)
    stored = Record.from_json(json.loads(record_file.read_text(encoding="utf-8")))
    assert transcript(stored.replay()) == text_file.read_text(encoding="utf-8"), (
        "the rules changed what this record does; if intended, run python -m tests.loop.engine.golden"
    )
    assert play_case(*case).record == stored, "the deal, the dice or the bots changed"
