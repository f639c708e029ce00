"""Saved data in the browser's localStorage: versioned envelopes, and bad data set aside.

Every value is a JSON envelope ``{"format": "fusebox.redwire.<kind>", "version": 1, "data": ...}``.
Reading something that is not valid (hand-edited, damaged, from another version) never deletes
it: the raw text is moved to ``fusebox.redwire.quarantine.<kind>.<n>`` and the caller gets a
``problem`` to tell the player, then starts fresh.

The page's localStorage is reached through a tiny :class:`Store` interface (``controller`` wraps
the browser's; tests use :class:`MemoryStore`).

>>> store = MemoryStore()
>>> write(store, PROGRESS, {"missions": {}})
>>> read(store, PROGRESS, lambda data: data).value
{'missions': {}}
>>> store.set(GAME, "{oops")
>>> loaded = read(store, GAME, lambda data: data)
>>> loaded.value, loaded.problem, sorted(store.keys())
(None, 'not JSON', ['fusebox.redwire.progress', 'fusebox.redwire.quarantine.game.1'])
>>> store.get('fusebox.redwire.quarantine.game.1')
'{oops'
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

PREFIX = "fusebox.redwire."
PROGRESS = PREFIX + "progress"  # campaign progress and the table (names, seats, options)
GAME = PREFIX + "game"  # the game in progress: its record and whose view the device shows
QUARANTINE = PREFIX + "quarantine."
VERSION = 1
EXPORT_FORMAT = PREFIX + "export"

T = TypeVar("T")


class Store(Protocol):
    """The part of localStorage the game uses."""

    def get(self, key: str) -> str | None: ...

    def set(self, key: str, value: str) -> None: ...

    def remove(self, key: str) -> None: ...

    def keys(self) -> list[str]: ...


class MemoryStore:
    """A Store in memory (tests, and the page when storage is disabled)."""

    def __init__(self, items: dict[str, str] | None = None) -> None:
        self.items: dict[str, str] = dict(items or {})

    def get(self, key: str) -> str | None:
        return self.items.get(key)

    def set(self, key: str, value: str) -> None:
        self.items[key] = value

    def remove(self, key: str) -> None:
        self.items.pop(key, None)

    def keys(self) -> list[str]:
        return list(self.items)


class BadData(ValueError):
    """Saved data that cannot be used; the message says what is wrong (for the console)."""


@dataclass(frozen=True)
class Loaded(Generic[T]):
    """What :func:`read` found: a value, or nothing; ``problem`` when bad data was set aside."""

    value: T | None = None
    problem: str | None = None
    quarantined: str | None = None


def kind_of(key: str) -> str:
    return key.removeprefix(PREFIX)


def envelope(key: str, data: object) -> dict[str, Any]:
    return {"format": PREFIX + kind_of(key), "version": VERSION, "data": data}


def write(store: Store, key: str, data: object) -> None:
    """Save ``data`` (JSON-able) under ``key`` in its envelope."""
    store.set(key, json.dumps(envelope(key, data), separators=(",", ":"), ensure_ascii=False))


def unwrap(key: str, raw: object) -> object:
    """The data of an envelope already parsed from JSON; raises BadData."""
    if not isinstance(raw, dict) or raw.get("format") != PREFIX + kind_of(key):
        raise BadData("not a Red Wire save")
    if raw.get("version") != VERSION:
        raise BadData(f"version {raw.get('version')!r} is not supported")
    if "data" not in raw:
        raise BadData("no data")
    return raw["data"]


def read(store: Store, key: str, parse: Callable[[Any], T]) -> Loaded[T]:
    """Load and check ``key``; bad data is quarantined (kept under another key), never lost.

    ``parse`` turns the envelope's data into the value and raises (ValueError, KeyError,
    TypeError, or the engine's errors) when it does not fit.
    """
    text = store.get(key)
    if text is None:
        return Loaded()
    try:
        raw = json.loads(text)
    except ValueError:
        return _set_aside(store, key, text, "not JSON")
    try:
        return Loaded(parse(unwrap(key, raw)))
    except Exception as error:  # anything a damaged save can provoke: set it aside
        return _set_aside(store, key, text, f"{type(error).__name__}: {error}")


def _set_aside(store: Store, key: str, text: str, problem: str) -> Loaded[Any]:
    kept = quarantine(store, key, text)
    return Loaded(None, problem, kept)


def quarantine(store: Store, key: str, text: str) -> str:
    """Move ``text`` from ``key`` to a new quarantine key; returns that key."""
    base = QUARANTINE + kind_of(key) + "."
    taken = set(store.keys())
    n = 1
    while f"{base}{n}" in taken:
        n += 1
    store.set(f"{base}{n}", text)
    store.remove(key)
    return f"{base}{n}"


def export_text(store: Store) -> str:
    """Every save of the game, as one JSON file the player can keep."""
    parts: dict[str, Any] = {}
    for key in (PROGRESS, GAME):
        text = store.get(key)
        if text is None:
            continue
        try:
            parts[kind_of(key)] = json.loads(text)
        except ValueError:
            continue  # unreadable data stays in storage; the export holds what is usable
    return json.dumps({"format": EXPORT_FORMAT, "version": VERSION, **parts}, indent=1)


def import_parts(text: str) -> dict[str, dict[str, Any]]:
    """The envelopes of an exported file, by key; raises BadData if it is not one."""
    try:
        raw = json.loads(text)
    except ValueError:
        raise BadData("not JSON") from None
    if not isinstance(raw, dict) or raw.get("format") != EXPORT_FORMAT:
        raise BadData("not a Fusebox export")
    if raw.get("version") != VERSION:
        raise BadData(f"export version {raw.get('version')!r} is not supported")
    parts: dict[str, dict[str, Any]] = {}
    for key in (PROGRESS, GAME):
        part = raw.get(kind_of(key))
        if part is not None:
            unwrap(key, part)
            parts[key] = part
    if PROGRESS not in parts:
        raise BadData("no progress in the file")
    return parts
