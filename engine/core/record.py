"""The record envelope every game's saves and replays share, with versioned migrations.

A record is JSON: ``{"format": "fusebox.<game>.<kind>", "version": N, ...}``. Reading one checks
the format, then brings an older version up to date one step at a time through the migrations a
game registers, so a file written by any released version keeps loading.

>>> env = Envelope("demo", "record", version=2, migrations={1: lambda raw: {**raw, "moves": []}})
>>> env.read({"format": "fusebox.demo.record", "version": 1})
{'format': 'fusebox.demo.record', 'version': 2, 'moves': []}
>>> env.read({"format": "fusebox.demo.record", "version": 3})
Traceback (most recent call last):
engine.core.errors.RecordError: fusebox.demo.record version 3 is newer than this program (it reads 1 to 2)
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from .errors import FuseboxError, IllegalActionError, RecordError

Migration = Callable[[dict[str, Any]], dict[str, Any]]
S = TypeVar("S")
A = TypeVar("A")
T = TypeVar("T")


def format_name(game: str, kind: str) -> str:
    """``fusebox.<game>.<kind>``: the ``format`` field of a game's saved data."""
    return f"fusebox.{game}.{kind}"


@dataclass(frozen=True)
class Envelope:
    """One kind of saved data of one game, at its current ``version``.

    ``migrations[v]`` turns a version-``v`` object into a version ``v + 1`` one (it may raise
    RecordError for data it cannot carry over).
    """

    game: str
    kind: str
    version: int
    migrations: Mapping[int, Migration] = field(default_factory=dict)

    @property
    def format(self) -> str:
        return format_name(self.game, self.kind)

    @property
    def oldest(self) -> int:
        version = self.version
        while version - 1 in self.migrations:
            version -= 1
        return version

    def wrap(self, body: Mapping[str, Any]) -> dict[str, Any]:
        """``body`` under the envelope's format and current version."""
        return {"format": self.format, "version": self.version, **body}

    def read(self, raw: object) -> dict[str, Any]:
        """The object at the current version; raises RecordError with a one-line reason."""
        if not isinstance(raw, dict):
            raise RecordError(f"not a {self.format} (expected a JSON object)")
        if raw.get("format") != self.format:
            raise RecordError(f"not a {self.format} (format {raw.get('format')!r})")
        version = raw.get("version")
        if isinstance(version, bool) or not isinstance(version, int):
            raise RecordError(f"{self.format}: version must be a whole number")
        if version > self.version:
            raise RecordError(
                f"{self.format} version {version} is newer than this program "
                f"(it reads {self.oldest} to {self.version})"
            )
        if version < self.oldest:
            raise RecordError(
                f"{self.format} version {version} is not supported "
                f"(this program reads {self.oldest} to {self.version})"
            )
        data = dict(raw)
        while version < self.version:
            data = self.migrations[version](data)
            version += 1
            data["version"] = version
        return data

    def read_record(self, raw: object, title: str) -> dict[str, Any]:
        """A game record (``title``: the game's name, for the message) at the current version,
        with its list of ``actions``; raises RecordError with a one-line reason."""
        if not isinstance(raw, dict):
            raise RecordError(f"not a {title} record (expected a JSON object)")
        if raw.get("format") != self.format:
            raise RecordError(f"not a {title} record (unknown format)")
        data = self.read(raw)
        if not isinstance(data.get("actions"), list):
            raise RecordError("record has no list of actions")
        return data


def dumps(data: Mapping[str, Any]) -> str:
    """Compact JSON, as saves and records are written (``ensure_ascii`` off: names stay legible)."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def loads(text: str) -> object:
    """Parsed JSON; text that is not JSON (or nested too deep to read) raises RecordError.

    >>> loads('{"a": 1}')
    {'a': 1}
    >>> loads("{")
    Traceback (most recent call last):
    engine.core.errors.RecordError: not valid JSON: Expecting property name enclosed in double quotes: line 1 column 2 (char 1)
    """
    try:
        return json.loads(text)
    except (json.JSONDecodeError, RecursionError) as exc:
        raise RecordError(f"not valid JSON: {exc}") from exc


def parse_body(parse: Callable[[], T]) -> T:
    """``parse()`` (the setup and actions of a record); a game's own error raised while reading
    them becomes a RecordError saying the record is damaged."""
    try:
        return parse()
    except FuseboxError as exc:
        raise RecordError(f"record is damaged: {exc}") from exc


def replay_actions(
    state: S, actions: Iterable[A], apply: Callable[[S, A], tuple[S, Sequence[Any]]]
) -> tuple[S, list[Any]]:
    """Play the recorded ``actions`` from ``state`` (``apply(state, action)`` -> the next state and
    its events): the final state and every event, the start's log first. An action the rules
    refuse raises RecordError naming it (1 for the first)."""
    events: list[Any] = list(getattr(state, "log", ()))
    for index, action in enumerate(actions):
        try:
            state, new = apply(state, action)
        except IllegalActionError as exc:
            raise RecordError(f"action {index + 1} cannot be played: {exc}") from exc
        events.extend(new)
    return state, events
