"""Records and page saves written by the format-1 code (main at 0eedd75, before the engine
moved to engine/redwire) load and replay to the very same events today."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.redwire import SEER, Record

V1 = Path(__file__).resolve().parents[1] / "fixtures" / "v1"
NAMES = json.loads((V1 / "index.json").read_text())


def test_the_fixtures_cover_every_mission_and_player_count() -> None:
    assert len(NAMES) == 64
    assert {tuple(n.split("-")[:2]) for n in NAMES} == {
        (f"m{m}", f"p{p}") for m in range(1, 9) for p in range(2, 6)
    }


@pytest.mark.parametrize("name", NAMES)
def test_a_format_1_record_replays_to_the_same_events(name: str) -> None:
    text = (V1 / f"{name}.record.json").read_text()
    assert json.loads(text)["version"] == 1
    _, events = Record.loads(text).replay_events()
    expected = json.loads((V1 / f"{name}.events.json").read_text())
    assert [e.view(SEER) for e in events] == expected


def test_a_format_1_setup_moves_its_equipment_under_parts() -> None:
    """Version 2 keeps the equipment cards under setup.parts; the cards and their board order
    are those version 1 stored, and the record is written back at version 2."""
    for name in NAMES:
        raw = json.loads((V1 / f"{name}.record.json").read_text())
        migrated = Record.from_json(raw).to_json()
        assert migrated["version"] == 2 and "equipment" not in migrated["setup"]
        cards = migrated["setup"]["parts"].get("equipment", {"cards": []})["cards"]
        assert cards == raw["setup"]["equipment"]
