"""The shell's saved data: envelopes per game and kind, migrations, quarantine, box exports."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fusebox_web.redwire import storage as redwire_storage
from fusebox_web.shell.storage import BadData, GameSaves, MemoryStore, export_box

from engine.core.record import Envelope

FIXTURES = Path(__file__).resolve().parents[1] / "redwire" / "fixtures" / "v1"


def add_level(raw: dict[str, object]) -> dict[str, object]:
    """A migration: version 2 of the demo progress counts levels too."""
    data = dict(raw["data"])  # type: ignore[call-overload]
    data["levels"] = []
    return {**raw, "data": data}


V1 = GameSaves("demo", {"progress": Envelope("demo", "progress", 1)}, ("progress",))
V2 = GameSaves("demo", {"progress": Envelope("demo", "progress", 2, {1: add_level})}, ("progress",))


def test_an_older_version_is_migrated_as_it_is_read_and_saved_at_the_new_one() -> None:
    store = MemoryStore()
    V1.write(store, "progress", {"won": 3})
    loaded = V2.read(store, "progress", lambda data: data)
    assert loaded.value == {"won": 3, "levels": []} and loaded.problem is None
    V2.write(store, "progress", loaded.value)
    saved = json.loads(store.get("fusebox.demo.progress") or "")
    assert saved == {
        "format": "fusebox.demo.progress",
        "version": 2,
        "data": {"won": 3, "levels": []},
    }


def test_a_newer_version_is_set_aside_not_lost() -> None:
    store = MemoryStore()
    V2.write(store, "progress", {"won": 1, "levels": []})
    text = store.get("fusebox.demo.progress")
    loaded = V1.read(store, "progress", lambda data: data, now=1_700_000_000)
    assert loaded.value is None and loaded.problem and "newer" in loaded.problem
    assert store.get("fusebox.demo.progress") is None
    assert store.get("fusebox.demo.quarantine.progress.1") == text
    [kept] = V1.quarantined(store)
    assert (kept.key, kept.kind, kept.at, kept.text) == (
        "fusebox.demo.quarantine.progress.1",
        "progress",
        1_700_000_000,
        text,
    )
    assert "newer" in kept.problem
    # A second bad save gets the next quarantine key: nothing is overwritten.
    store.set("fusebox.demo.progress", "[")
    assert V1.read(store, "progress", lambda data: data).quarantined == (
        "fusebox.demo.quarantine.progress.2"
    )
    assert store.get("fusebox.demo.quarantine.progress.1") == text


def test_red_wire_keeps_its_keys_and_formats() -> None:
    assert redwire_storage.PROGRESS == "fusebox.redwire.progress"
    assert redwire_storage.GAME == "fusebox.redwire.game"
    assert redwire_storage.QUARANTINE == "fusebox.redwire.quarantine."
    assert redwire_storage.EXPORT_FORMAT == "fusebox.redwire.export"
    items = json.loads((FIXTURES / "page-localstorage.json").read_text())
    store = MemoryStore(items)
    for key, text in items.items():
        data = redwire_storage.read(store, key, lambda data: data).value
        redwire_storage.write(store, key, data)
        # Written again by the new page, byte for byte what the format-1 page wrote.
        assert store.get(key) == text


def test_the_whole_box_exports_and_each_game_imports_its_part() -> None:
    items = json.loads((FIXTURES / "page-localstorage.json").read_text())
    store = MemoryStore(items)
    box = export_box(store, [redwire_storage.SAVES, V1])
    raw = json.loads(box)
    assert raw["format"] == "fusebox.export" and sorted(raw["games"]) == ["demo", "redwire"]
    parts = redwire_storage.import_parts(box)
    assert {key: json.dumps(part, separators=(",", ":")) for key, part in parts.items()} == items
    with pytest.raises(BadData, match="no progress"):
        V1.import_parts(box)  # the demo game had saved nothing
    with pytest.raises(BadData):
        redwire_storage.import_parts(json.dumps({"format": "fusebox.export", "version": 1}))


def test_a_format_1_export_imports() -> None:
    text = (FIXTURES / "page-export.json").read_text()
    parts = redwire_storage.import_parts(text)
    assert sorted(parts) == [redwire_storage.GAME, redwire_storage.PROGRESS]


def test_quarantined_values_are_listed_with_their_dates_and_restored() -> None:
    store = MemoryStore()
    store.set("fusebox.demo.progress", "{oops")
    V1.read(store, "progress", lambda data: data, now=100.0)
    # A quarantine from before the page kept dates is listed too, without one.
    store.set("fusebox.demo.quarantine.progress.7", "old")
    V1.write(store, "progress", {"won": 1})
    store.set("fusebox.demo.progress", "[")
    V1.read(store, "progress", lambda data: data, now=200.0)
    listed = V1.quarantined(store)
    assert [(q.key, q.at) for q in listed] == [
        ("fusebox.demo.quarantine.progress.2", 200.0),
        ("fusebox.demo.quarantine.progress.1", 100.0),
        ("fusebox.demo.quarantine.progress.7", None),
    ]
    assert listed[1].problem == "not JSON" and listed[1].text == "{oops"

    # Restoring puts the value back under its key; what was there is set aside, not lost.
    V1.write(store, "progress", {"won": 2})
    current = store.get("fusebox.demo.progress")
    assert V1.restore(store, "fusebox.demo.quarantine.progress.1", now=300.0) == "progress"
    assert store.get("fusebox.demo.progress") == "{oops"
    kept = {q.text: q for q in V1.quarantined(store)}
    assert current in kept and kept[current].at == 300.0
    assert "{oops" not in kept
    with pytest.raises(BadData):
        V1.restore(store, "fusebox.demo.quarantine.progress.9")
