"""The log as sentences in the player's language: every event a viewer may see, each computer's
reason just before the events of its move; and the last of them, read from the end only.

A move's announcement needs only the last sentence: at the instant pace a computers' game
announces each of its moves, and the whole log's sentences after each move cost more as the
game goes on (every event translated again). :func:`last_line` reads back from the end and stops
at the first sentence, the very one :func:`log_lines` ends with.

>>> from fusebox_web.shell.i18n import Catalog
>>> from fusebox_web.loop.session import Note
>>> w = Words(Catalog({"en": {"lp.log.roll": "{who} rolls {dice}.", "lp.log.why": "{who}: {why}",
...                           "lp.why.go": "go on", "lp.log.quiet": ""}}), ["Ana", "Bea"])
>>> log = [{"type": "roll", "seat": 0, "dice": [1, 2, 3], "red": None}, {"type": "quiet"}]
>>> notes = [Note(1, 1, "go", {})]
>>> log_lines(log, w, notes)
['Ana rolls 1 2 3.', 'Bea: go on', '']
>>> last_line(reversed(list(enumerate(log))), w, notes)
'Bea: go on'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .session import Note
from .words import Words

View = Mapping[str, Any]


def _by_move(notes: Iterable[Note]) -> dict[int, list[Note]]:
    """The computers' reasons by the log index of their move's first event."""
    found: dict[int, list[Note]] = {}
    for note in notes:
        found.setdefault(note.move, []).append(note)
    return found


def _why(note: Note, w: Words) -> str:
    return w.t("lp.log.why", who=w.name(note.seat), why=w.why(note.key, note.params))


def log_lines(events: Sequence[View], w: Words, notes: Iterable[Note] = ()) -> list[str]:
    """Every event as a sentence (empty for an event that says nothing), each computer's reason
    just before its move's events."""
    by_move = _by_move(notes)
    out: list[str] = []
    for index, event in enumerate(events):
        out.extend(_why(note, w) for note in by_move.get(index, ()))
        out.append(w.line(event))
    return out


def last_line(tail: Iterable[tuple[int, View]], w: Words, notes: Iterable[Note] = ()) -> str | None:
    """The last non-empty sentence of :func:`log_lines`, from ``tail``: the log's ``(index,
    event view)`` pairs from its end backwards (made as they are read: only the events after
    the last sentence are viewed and worded). None when the log says nothing."""
    by_move = _by_move(notes)
    for index, event in tail:
        said = w.line(event)
        if said:
            return said
        for note in reversed(by_move.get(index, ())):
            why = _why(note, w)
            if why:
                return why
    return None


__all__ = ["last_line", "log_lines"]
