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

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .errors import RecordError

Migration = Callable[[dict[str, Any]], dict[str, Any]]


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
