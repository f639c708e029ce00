"""The log as sentences: each event view (what one viewer may see) and each computer's reason,
in the player's language.

A line is built from the event *view* of the viewer the page shows (``Event.view``), so it holds
the viewer's own secrets (the colour they scanned, the hand they frisked) and no one else's. In
memory play the colour of a Scan is shown once, as it happens, and left out of the log (and so
is the hand a Frisk showed: only the card taken stays).

>>> from fusebox_web.shell.i18n import Catalog
>>> cat = Catalog({"en": {"cd.log.analyze": "{name} scans wire {position}.",
...     "cd.log.analyzeYou": "{name} scans wire {position}: {colour}.", "cd.colour.red": "red"}})
>>> w = Words(cat, ["Ana", "Bea"])
>>> line({"type": "analyze", "seat": 1, "position": 2}, w).text
'Bea scans wire 3.'
>>> line({"type": "analyze", "seat": 1, "position": 2, "secret": {"colour": "red"}}, w).text
'Bea scans wire 3: red.'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.countdown.bots.explanation import is_private

from .words import Words

View = Mapping[str, Any]
#: Reasons not worth a line of the log (a move without a choice).
QUIET = frozenset({"only_choice"})


@dataclass(frozen=True)
class Note:
    """A computer's reason for its move: after ``at`` events of the log, by ``seat``."""

    at: int
    seat: int
    key: str
    params: Mapping[str, Any] = field(default_factory=dict)
    text: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "at": self.at,
            "seat": self.seat,
            "key": self.key,
            "params": dict(self.params),
            "text": self.text,
        }

    @classmethod
    def from_json(cls, raw: object) -> Note:
        if not isinstance(raw, dict):
            raise ValueError("a note is an object")
        at, seat, key = raw.get("at"), raw.get("seat"), raw.get("key")
        params, text = raw.get("params", {}), raw.get("text", "")
        if not (isinstance(at, int) and isinstance(seat, int) and isinstance(key, str)):
            raise ValueError(f"note {raw!r}")
        if not isinstance(params, dict) or not isinstance(text, str):
            raise ValueError(f"note {raw!r}")
        return cls(at, seat, key, params, text)


@dataclass(frozen=True)
class Line:
    """One line of the log: its kind (the event type, or "bot"), the sentence, whose it is, and
    whether it shows something only the viewer knows."""

    kind: str
    text: str
    seat: int | None = None
    private: bool = False


def _secret(e: View, key: str) -> Any:
    secret = e.get("secret")
    if isinstance(secret, Mapping):
        return secret.get(key)
    return None


def _draw(e: View, w: Words, memory: bool) -> tuple[str, bool]:
    cards = _secret(e, "cards")
    if e["reason"] == "intercept":
        if cards:
            return w.t("cd.log.drawReplaceYou", name=w.name(e["seat"]), cards=w.cards(cards)), True
        return w.t("cd.log.drawReplace", name=w.name(e["seat"]), n=e["count"]), False
    if cards is not None:
        return w.t("cd.log.drawYou", name=w.name(e["seat"]), cards=w.cards(cards)), True
    return w.t("cd.log.draw", name=w.name(e["seat"]), n=e["count"]), False


def _analyze(e: View, w: Words, memory: bool) -> tuple[str, bool]:
    colour = _secret(e, "colour")
    params = {"name": w.name(e["seat"]), "position": e["position"] + 1}
    if colour is not None and not memory:
        return w.t("cd.log.analyzeYou", colour=w.colour(colour), **params), True
    return w.t("cd.log.analyze", **params), False


def _intercept(e: View, w: Words, memory: bool) -> tuple[str, bool]:
    params = {"name": w.name(e["seat"]), "target": w.name(e["target"])}
    took, hand = _secret(e, "took"), _secret(e, "hand")
    if took is not None and hand is not None:
        if memory:  # memory play: the hand was seen for a moment, only the card taken stays
            return w.t("cd.log.interceptTook", card=w.card(took), **params), True
        return w.t("cd.log.interceptYou", cards=w.cards(hand), card=w.card(took), **params), True
    if took is not None:
        return w.t("cd.log.interceptVictim", card=w.card(took), **params), True
    return w.t("cd.log.intercept", **params), False


def _cut(e: View, w: Words, memory: bool) -> tuple[str, bool]:
    params = {"name": w.name(e["seat"]), "colour": w.colour(e["colour"]), "agent": e["agent"] + 1}
    if e["replaced"]:
        return w.t("cd.log.cutReplace", old=w.colour(e["replaced"]), **params), False
    return w.t("cd.log.cut", **params), False


def _left(key: str) -> Callable[[View, Words, bool], tuple[str, bool]]:
    def text(e: View, w: Words, memory: bool) -> tuple[str, bool]:
        params = {"name": w.name(e["seat"]), "agent": e["agent"] + 1}
        if e["discarded"]:
            return w.t(key + "Snips", colours=w.colours(e["discarded"]), **params), False
        return w.t(key, **params), False

    return text


def _tick(e: View, w: Words, memory: bool) -> tuple[str, bool]:
    if e["showing"] is None:
        return w.t("cd.log.tickLast"), False
    key = "cd.log.tickTimer" if e["reason"] == "timer" else "cd.log.tick"
    return w.t(key, showing=e["showing"]), False


def _defuse(e: View, w: Words, memory: bool) -> tuple[str, bool]:
    key = "cd.log.defuseOk" if e["success"] else "cd.log.defuseWrong"
    return w.t(key, name=w.name(e["seat"]), cuts=w.colours(e["cuts"])), False


def _game_over(e: View, w: Words, memory: bool) -> tuple[str, bool]:
    if e["cause"] == "defused":
        return w.t("cd.log.wonDefused", name=w.name(e["winner"])), False
    if e["winner"] is not None:
        return w.t("cd.log.wonMascot", name=w.name(e["winner"])), False
    return w.t("cd.log.nobody"), False


def _simple(key: str, **fields: str) -> Callable[[View, Words, bool], tuple[str, bool]]:
    """A line whose params are the event's fields: seats as names, agents and positions from 1."""

    def text(e: View, w: Words, memory: bool) -> tuple[str, bool]:
        params: dict[str, object] = {}
        for param, source in fields.items():
            value: Any = e.get(source)
            if source in ("seat", "target", "first", "winner"):
                value = w.name(value)
            elif source in ("agent", "position"):
                value = int(value) + 1
            elif source in ("removed", "new"):
                value = w.colour(value)
            elif source == "cards":
                value = w.cards(value)
            elif source == "as":
                value = w.card(str(value))
            params[param] = value
        return w.t(key, **params), False

    return text


LINES: dict[str, Callable[[View, Words, bool], tuple[str, bool]]] = {
    "game_start": _simple("cd.log.gameStart", game="game", name="first"),
    "round": _simple("cd.log.round", round="round"),
    "turn": _simple("cd.log.turn", name="seat"),
    "draw": _draw,
    "reshuffle": _simple("cd.log.reshuffle", n="count"),
    "play": lambda e, w, m: (
        w.t("cd.log.play", name=w.name(e["seat"]), card=w.card(e["card"]), agent=e["agent"] + 1),
        False,
    ),
    "wild": _simple("cd.log.wild", name="seat", cards="cards", mode="as", agent="agent"),
    "analyze": _analyze,
    "cut": _cut,
    "exit": _left("cd.log.exit"),
    "mascot": _simple("cd.log.mascot", name="seat", n="outside"),
    "intercept": _intercept,
    "alarm": _simple("cd.log.alarm", name="seat"),
    "alarm_out": _left("cd.log.alarmOut"),
    "reenter": _simple("cd.log.reenter", name="seat", agent="agent"),
    "bypass": _simple(
        "cd.log.bypass", name="seat", position="position", removed="removed", new="new"
    ),
    "tick": _tick,
    "end_play": _simple("cd.log.endPlay", name="seat"),
    "defuse": _defuse,
    "discard": _simple("cd.log.discard", name="seat", cards="cards"),
    "explode": _simple("cd.log.explode"),
    "game_over": _game_over,
    "score": _simple("cd.log.score", name="seat", points="points"),
    "match_over": _simple("cd.log.matchOver", name="winner"),
}


def line(event: View, w: Words, memory: bool = False) -> Line:
    kind = str(event.get("type"))
    handler = LINES.get(kind)
    if handler is None:
        return Line(kind, kind)
    text, private = handler(event, w, memory)
    seat = event.get("seat")
    return Line(kind, text, seat if isinstance(seat, int) else None, private)


def bot_text(note: Note, w: Words) -> str:
    """A computer's reason in the player's language (its English text when the catalog lacks
    the key)."""
    key = f"cd.bot.{note.key}"
    if not w.has(key):
        return note.text
    params: dict[str, object] = {}
    for name, value in note.params.items():
        if name == "seat":
            params[name] = w.name(value)
        elif name == "card":
            params[name] = w.card(str(value))
        elif name == "cards":
            params[name] = w.cards(list(value))
        elif name in ("colour", "old"):
            params[name] = w.colour(value)
        else:
            params[name] = value
    return w.t(key, **params)


def log_lines(
    events: Sequence[View],
    w: Words,
    notes: Sequence[Note] = (),
    memory: bool = False,
    reveal: bool = False,
) -> list[Line]:
    """Every event as a line, each computer's reason just before the events of its move.

    A reason that tells what only the computer's seat knows (what it scanned or believes, the
    card it took with a Frisk: ``engine.countdown.bots.explanation.PRIVATE_KEYS``) is left out
    unless ``reveal`` (the game is over, or no person plays)."""
    by_index = _told_notes(notes, reveal)
    out: list[Line] = []
    for index, event in enumerate(events):
        out.extend(_bot_line(note, w) for note in by_index.get(index, ()))
        out.append(line(event, w, memory))
    return out


#: The lines a move's announcement passes over: a turn's header, the end of a play.
UNSAID = frozenset({"turn", "end_play"})


def last_line(
    tail: Iterable[tuple[int, View]],
    w: Words,
    notes: Sequence[Note] = (),
    memory: bool = False,
    reveal: bool = False,
    skip: frozenset[str] = UNSAID,
) -> Line | None:
    """The last line of :func:`log_lines` whose kind is not in ``skip`` (what a move's
    announcement reads), from ``tail``: the log's ``(index, event view)`` pairs from its end
    backwards, made as they are read. A line reads one event only, so the events after the
    last line said are all that is viewed and worded, not the whole game's (a computers' game
    at the instant pace announces each of its moves).

    >>> from fusebox_web.shell.i18n import Catalog
    >>> w = Words(Catalog({"en": {"cd.log.turn": "{name}'s turn.", "cd.log.endPlay": "{name} ends.",
    ...     "cd.log.alarm": "{name} sounds the Siren.", "cd.log.bot": "{name}: {why}"}}), ["Ana", "Bea"])
    >>> log = [{"type": "alarm", "seat": 0}, {"type": "turn", "seat": 1}, {"type": "end_play", "seat": 1}]
    >>> last_line(reversed(list(enumerate(log))), w).text
    'Ana sounds the Siren.'
    >>> last_line(reversed(list(enumerate(log))), w, [Note(2, 1, "pass", text="no card")]).text
    'Bea: no card'
    """
    by_index = _told_notes(notes, reveal)
    for index, event in tail:
        said = line(event, w, memory)
        if said.kind not in skip:
            return said
        for note in reversed(by_index.get(index, ())):
            said = _bot_line(note, w)
            if said.kind not in skip:
                return said
    return None


def _told_notes(notes: Iterable[Note], reveal: bool) -> dict[int, list[Note]]:
    """The computers' reasons the log tells, by the index of their move's first event."""
    by_index: dict[int, list[Note]] = {}
    for note in notes:
        if note.key not in QUIET and (reveal or not is_private(note.key)):
            by_index.setdefault(note.at, []).append(note)
    return by_index


def _bot_line(note: Note, w: Words) -> Line:
    return Line("bot", w.t("cd.log.bot", name=w.name(note.seat), why=bot_text(note, w)), note.seat)
