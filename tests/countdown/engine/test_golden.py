"""Golden games replay to the same transcript; the deal and the basic bot have not drifted."""

from __future__ import annotations

import json

import pytest

from engine.countdown import Record

from .golden import CASES, files, play_case, transcript


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"p{c[0]}-s{c[1]}{'-points' if c[2] else ''}")
def test_golden_game(case: tuple[int, int, bool]) -> None:
    record_file, text_file = files(*case)
    stored = Record.from_json(json.loads(record_file.read_text(encoding="utf-8")))
    assert transcript(stored.replay()) == text_file.read_text(encoding="utf-8"), (
        "the rules changed what this record does; if intended, run python -m tests.countdown.engine.golden"
    )
    assert play_case(*case).record == stored, "the deal or the basic bot changed"
