"""Saved data in the browser's localStorage, for every game: versioned envelopes, migrations, bad
data set aside (never deleted), and export / import per game or of the whole box.

A game declares its saved data with :class:`GameSaves`: one
:class:`~engine.core.record.Envelope` per kind (its current version and the migrations that bring
older versions up to date). Each kind lives under the key ``fusebox.<game>.<kind>`` as JSON
``{"format": "fusebox.<game>.<kind>", "version": N, "data": ...}``. Reading something that does
not fit (hand-edited, damaged, newer than this page) never deletes it: the raw text is moved to
``fusebox.<game>.quarantine.<kind>.<n>`` and the caller gets a ``problem`` to tell the player,
then starts fresh. An older version is migrated as it is read (and saved at the current version
the next time the game saves). Each quarantined value is listed (:meth:`GameSaves.quarantined`:
its kind, when it was set aside and why, from the index ``fusebox.<game>.quarantine``) and can be
put back (:meth:`GameSaves.restore`), the value it replaces being set aside in its turn.

The page's localStorage is reached through a tiny :class:`Store` interface (``shell.dom`` wraps
the browser's; tests use :class:`MemoryStore`).

>>> from engine.core.record import Envelope
>>> saves = GameSaves("demo", {"progress": Envelope("demo", "progress", 1)})
>>> store = MemoryStore()
>>> saves.write(store, "progress", {"won": 2})
>>> store.get("fusebox.demo.progress")
'{"format":"fusebox.demo.progress","version":1,"data":{"won":2}}'
>>> saves.read(store, "progress", lambda data: data["won"]).value
2
>>> store.set("fusebox.demo.progress", "{oops")
>>> loaded = saves.read(store, "progress", lambda data: data)
>>> loaded.value, loaded.problem, [q.key for q in saves.quarantined(store)]
(None, 'not JSON', ['fusebox.demo.quarantine.progress.1'])
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from engine.core.errors import RecordError
from engine.core.record import Envelope

PREFIX = "fusebox."
#: The whole box's export: every game's export in one file.
BOX_EXPORT_FORMAT = "fusebox.export"
EXPORT_VERSION = 1

T = TypeVar("T")


def games_changed(key: str | None, games: Sequence[str]) -> list[str]:
    """The games whose saved data another window of the site changed, from the key of a
    ``storage`` event (None: that window cleared the site's storage, every game's data).

    >>> games_changed("fusebox.redwire.game", ["redwire", "countdown"])
    ['redwire']
    >>> games_changed("fusebox.countdown.quarantine.game.1", ["redwire", "countdown"])
    ['countdown']
    >>> games_changed(None, ["redwire", "countdown"])
    ['redwire', 'countdown']
    >>> games_changed("fusebox.lang", ["redwire"]), games_changed("fusebox.last", ["redwire"])
    ([], [])
    >>> games_changed("fusebox.redwirex.game", ["redwire"]), games_changed("other", ["redwire"])
    ([], [])
    """
    if key is None:
        return list(games)
    return [game for game in games if key.startswith(f"{PREFIX}{game}.")]


class Store(Protocol):
    """The part of localStorage the page uses."""

    def get(self, key: str) -> str | None: ...

    def set(self, key: str, value: str) -> None: ...

    def remove(self, key: str) -> None: ...

    def keys(self) -> list[str]: ...


class MemoryStore:
    """A Store in memory (tests, and the page when the browser refuses storage)."""

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


@dataclass(frozen=True)
class Quarantined:
    """A value set aside: under ``key``, of ``kind``, since ``at`` (seconds since 1970; None
    when it was set aside before the page kept dates), because of ``problem``."""

    key: str
    kind: str
    at: float | None
    problem: str
    text: str


class BadData(ValueError):
    """Saved data that cannot be used; the message says what is wrong (for the console)."""


@dataclass(frozen=True)
class Loaded(Generic[T]):
    """What :meth:`GameSaves.read` found: a value, or nothing; ``problem`` when bad data was set
    aside (under the key ``quarantined``)."""

    value: T | None = None
    problem: str | None = None
    quarantined: str | None = None


@dataclass(frozen=True)
class GameSaves:
    """The saved data of one game: its kinds, each with its envelope (version, migrations).

    ``required`` are the kinds an exported file must hold to be imported.
    """

    game: str
    kinds: Mapping[str, Envelope]
    required: tuple[str, ...] = ()

    def key(self, kind: str) -> str:
        """``fusebox.<game>.<kind>``."""
        return f"{PREFIX}{self.game}.{kind}"

    @property
    def quarantine_prefix(self) -> str:
        return f"{PREFIX}{self.game}.quarantine."

    @property
    def quarantine_index(self) -> str:
        """The key of the list of quarantined values: when and why each was set aside."""
        return f"{PREFIX}{self.game}.quarantine"

    @property
    def export_format(self) -> str:
        return f"{PREFIX}{self.game}.export"

    # ------------------------------------------------------------------ one value

    def wrap(self, kind: str, data: object) -> dict[str, Any]:
        """``data`` in its envelope, at the current version."""
        return self.kinds[kind].wrap({"data": data})

    def unwrap(self, kind: str, raw: object) -> Any:
        """The data of an envelope already parsed from JSON, migrated; raises BadData."""
        try:
            envelope = self.kinds[kind].read(raw)
        except RecordError as error:
            raise BadData(str(error)) from None
        if "data" not in envelope:
            raise BadData(f"{self.key(kind)}: no data")
        return envelope["data"]

    def write(self, store: Store, kind: str, data: object) -> None:
        """Save ``data`` (JSON-able) under the kind's key, in its envelope."""
        text = json.dumps(self.wrap(kind, data), separators=(",", ":"), ensure_ascii=False)
        store.set(self.key(kind), text)

    def remove(self, store: Store, kind: str) -> None:
        store.remove(self.key(kind))

    def read(
        self, store: Store, kind: str, parse: Callable[[Any], T], now: float | None = None
    ) -> Loaded[T]:
        """Load and check a kind; bad data is quarantined (kept under another key), never lost.

        ``parse`` turns the envelope's data into the value and raises (ValueError, KeyError,
        TypeError, or the engine's errors) when it does not fit. ``now`` dates a quarantine
        (seconds since 1970; the clock's time by default).
        """
        text = store.get(self.key(kind))
        if text is None:
            return Loaded()
        try:
            raw = json.loads(text)
        except ValueError:
            return self._set_aside(store, kind, text, "not JSON", now)
        try:
            return Loaded(parse(self.unwrap(kind, raw)))
        except Exception as error:  # anything a damaged save can provoke: set it aside
            problem = f"{type(error).__name__}: {error}"
            return self._set_aside(store, kind, text, problem, now)

    def _set_aside(
        self, store: Store, kind: str, text: str, problem: str, now: float | None
    ) -> Loaded[Any]:
        return Loaded(None, problem, self.quarantine(store, kind, text, problem, now))

    def quarantine(
        self, store: Store, kind: str, text: str, problem: str = "", now: float | None = None
    ) -> str:
        """Move ``text`` from the kind's key to a new quarantine key, noting when and why in the
        index; returns that key."""
        base = f"{self.quarantine_prefix}{kind}."
        taken = set(store.keys())
        n = 1
        while f"{base}{n}" in taken:
            n += 1
        store.set(f"{base}{n}", text)
        store.remove(self.key(kind))
        index = self._index(store)
        index[f"{base}{n}"] = {
            "kind": kind,
            "at": time.time() if now is None else now,
            "problem": problem,
        }
        self._write_index(store, index)
        return f"{base}{n}"

    def _index(self, store: Store) -> dict[str, dict[str, Any]]:
        """The quarantine index; an unreadable one reads as empty (the values stay listed)."""
        try:
            raw = json.loads(store.get(self.quarantine_index) or "{}")
        except ValueError:
            return {}
        return (
            {k: v for k, v in raw.items() if isinstance(v, dict)} if isinstance(raw, dict) else {}
        )

    def _write_index(self, store: Store, index: dict[str, dict[str, Any]]) -> None:
        if index:
            store.set(self.quarantine_index, json.dumps(index, separators=(",", ":")))
        else:
            store.remove(self.quarantine_index)

    def quarantined(self, store: Store) -> list[Quarantined]:
        """Every value set aside, newest first (those without a date last, by key)."""
        index = self._index(store)
        found = []
        for key in list(store.keys()):
            if not key.startswith(self.quarantine_prefix):
                continue
            kind = key.removeprefix(self.quarantine_prefix).rsplit(".", 1)[0]
            info = index.get(key, {})
            at = info.get("at")
            found.append(
                Quarantined(
                    key,
                    kind,
                    float(at)
                    if isinstance(at, (int, float)) and not isinstance(at, bool)
                    else None,
                    str(info.get("problem", "")),
                    store.get(key) or "",
                )
            )
        return sorted(found, key=lambda q: (q.at is None, -(q.at or 0), q.key))

    def restore(self, store: Store, key: str, now: float | None = None) -> str:
        """Put a quarantined value back under its kind's key (the value there now, if any, is
        set aside in its place); returns the kind. The caller then reads it as usual: if it
        still does not fit, it goes back to the quarantine."""
        text = store.get(key)
        if text is None or not key.startswith(self.quarantine_prefix):
            raise BadData(f"nothing is kept under {key}")
        kind = key.removeprefix(self.quarantine_prefix).rsplit(".", 1)[0]
        if kind not in self.kinds:
            raise BadData(f"{key}: no such kind of saved data")
        current = store.get(self.key(kind))
        store.remove(key)
        index = self._index(store)
        index.pop(key, None)
        self._write_index(store, index)
        if current is not None:
            self.quarantine(store, kind, current, "replaced by a restored copy", now)
        store.set(self.key(kind), text)
        return kind

    # ------------------------------------------------------------------ files

    def export(self, store: Store) -> dict[str, Any]:
        """Every saved kind of the game, as one JSON object the player can keep.

        Unreadable data stays in storage; the export holds what is usable.
        """
        parts: dict[str, Any] = {}
        for kind in self.kinds:
            text = store.get(self.key(kind))
            if text is None:
                continue
            try:
                parts[kind] = json.loads(text)
            except ValueError:
                continue
        return {"format": self.export_format, "version": EXPORT_VERSION, **parts}

    def export_text(self, store: Store) -> str:
        return json.dumps(self.export(store), indent=1, ensure_ascii=False)

    def import_parts(self, text: str) -> dict[str, dict[str, Any]]:
        """The envelopes of an exported file, by kind; raises BadData if it is not one.

        The file may be this game's export or the whole box's (:func:`export_box`). Every
        envelope is checked (and would be migrated) before anything is replaced.
        """
        try:
            raw = json.loads(text)
        except ValueError:
            raise BadData("not JSON") from None
        if isinstance(raw, dict) and raw.get("format") == BOX_EXPORT_FORMAT:
            raw = _box_games(raw).get(self.game)
            if raw is None:
                raise BadData(f"the file holds nothing of {self.game}")
        if not isinstance(raw, dict) or raw.get("format") != self.export_format:
            raise BadData("not a Fusebox export")
        if raw.get("version") != EXPORT_VERSION:
            raise BadData(f"export version {raw.get('version')!r} is not supported")
        parts: dict[str, dict[str, Any]] = {}
        for kind in self.kinds:
            part = raw.get(kind)
            if part is not None:
                self.unwrap(kind, part)
                parts[kind] = part
        missing = [kind for kind in self.required if kind not in parts]
        if missing:
            raise BadData(f"no {', '.join(missing)} in the file")
        return parts


def _box_games(raw: dict[str, Any]) -> dict[str, Any]:
    if raw.get("version") != EXPORT_VERSION:
        raise BadData(f"export version {raw.get('version')!r} is not supported")
    games = raw.get("games")
    if not isinstance(games, dict):
        raise BadData("no games in the file")
    return games


def export_box(store: Store, saves: Sequence[GameSaves]) -> str:
    """Every game's saved data as one file: ``{"format": "fusebox.export", "games": {...}}``.

    >>> from engine.core.record import Envelope
    >>> demo = GameSaves("demo", {"progress": Envelope("demo", "progress", 1)}, ("progress",))
    >>> store = MemoryStore()
    >>> demo.write(store, "progress", {"won": 2})
    >>> text = export_box(store, [demo])
    >>> demo.import_parts(text)["progress"]["data"]
    {'won': 2}
    """
    games = {saved.game: saved.export(store) for saved in saves}
    box = {"format": BOX_EXPORT_FORMAT, "version": EXPORT_VERSION, "games": games}
    return json.dumps(box, indent=1, ensure_ascii=False)
