"""Golden games replay to the same transcript; the deal and the basic bot have not drifted."""

from __future__ import annotations

import json

import pytest

from engine.countdown import Options, Record

from .golden import CASES, files, play_case, transcript


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"p{c[0]}-s{c[1]}{'-points' if c[2] else ''}")
def test_golden_game(case: tuple[int, int, bool]) -> None:
    record_file, text_file = files(*case)
    stored = Record.from_json(json.loads(record_file.read_text(encoding="utf-8")))
    assert transcript(stored.replay()) == text_file.read_text(encoding="utf-8"), (
        "the rules changed what this record does; if intended, run python -m tests.countdown.engine.golden"
    )
    assert play_case(*case).record == stored, "the deal or the basic bot changed"


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"p{c[0]}-s{c[1]}{'-points' if c[2] else ''}")
def test_golden_records_hold_every_option_a_fresh_record_writes(
    case: tuple[int, int, bool],
) -> None:
    """A golden record is what the engine writes today: an option added to the engine (§12 A12
    and A13 were) is in it once the records are made again with the command above."""
    record_file, _ = files(*case)
    stored = json.loads(record_file.read_text(encoding="utf-8"))["setup"]["options"]
    fresh = play_case(*case).record.to_json()["setup"]["options"]
    assert list(stored) == list(fresh), "run python -m tests.countdown.engine.golden"
    assert stored == fresh


#: The options a record written before §12 A12 and A13 were rule options lacks.
NEWER_OPTIONS = ("siren_agents_may_act", "frisked_card_playable")


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"p{c[0]}-s{c[1]}{'-points' if c[2] else ''}")
def test_an_older_record_without_the_newer_options_replays_with_their_defaults(
    case: tuple[int, int, bool],
) -> None:
    """A record saved before those options existed (a save, a shared game) still loads: the
    missing options take their defaults, the ones every such game was played with, and the
    game replays to the very same transcript."""
    record_file, text_file = files(*case)
    raw = json.loads(record_file.read_text(encoding="utf-8"))
    for name in NEWER_OPTIONS:
        assert name in raw["setup"]["options"]
        del raw["setup"]["options"][name]
    older = Record.from_json(raw)
    defaults = Options()
    for name in NEWER_OPTIONS:
        assert getattr(older.setup.options, name) == getattr(defaults, name) is True
    assert transcript(older.replay()) == text_file.read_text(encoding="utf-8")
    # Saved again, it is today's record: the options written in full.
    assert (
        older.to_json()["setup"]["options"] == play_case(*case).record.to_json()["setup"]["options"]
    )
