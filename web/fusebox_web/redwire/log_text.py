"""The game log in words: events (observation views) to catalog sentences with players' names.

It reads only the event views of one observation, so a seat's log holds only what that seat may
know (the Walkie-Talkies' secret is in the views of the two players who swapped). A few events
read better together: a missed cut and the token that shows the true value are one sentence, a
solo cut names all its wires at once. Bots' explanations (:class:`Note`) come just before the
move they explain.

>>> from fusebox_web.shell.i18n import load_catalogs
>>> from pathlib import Path
>>> cat = load_catalogs(Path(__file__).resolve().parents[2] / "i18n")
>>> w = Words(cat, ["Ana", "Bea", "Carlo"], [0, 1, 2])
>>> log = [{"type": "cut", "seat": 0, "owner": 2, "targets": [[2, 4]], "values": [9],
...         "tool": None, "outcome": "miss", "stabilized": False},
...        {"type": "dial", "from": 3, "to": 2},
...        {"type": "token", "seat": 2, "stand": 2, "slot": 4, "value": 11, "reason": "miss"}]
>>> [line.text for line in log_lines(log, w)]
["Ana points at Carlo's wire 5: 9? No, it is 11.", 'Detonator: 1 mistake left.']
>>> w = Words(cat, ["Ana", "Bea", "Carlo"], [0, 1, 2], viewer=0)
>>> [line.text for line in log_lines(log, w)][0]
"You point at Carlo's wire 5: 9? No, it is 11."
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.redwire.mechanisms.equipment.tray import card_label

from . import mechanisms
from .notes import TABLE_NOTES, Note
from .words import Words

__all__ = ["Line", "Note", "explain", "last_line", "lines_since", "log_lines", "since", "story"]

View = Mapping[str, Any]


@dataclass(frozen=True)
class Line:
    text: str
    #: "turn", "info", "hit", "miss", "dial", "boom", "won", "bot"
    kind: str = "info"
    turn: int = 0
    #: The index of the event (in the log) the line tells.
    at: int = 0


def log_lines(
    log: Sequence[View], words: Words, notes: Sequence[Note] = (), first: int = 0
) -> list[Line]:
    """Every line of the log, oldest first (``first``: only from that event on, a turn header
    or 0; see :func:`lines_since`)."""
    by_index: dict[int, list[Note]] = {}
    for note in notes:
        by_index.setdefault(note.at, []).append(note)
    lines: list[Line] = []
    turn = 0
    used: set[int] = set()
    for index in range(first, len(log)):
        event = log[index]
        for note in by_index.get(index, ()):
            if note.key in TABLE_NOTES:  # the page's own word about the table, not a quote
                lines.append(Line(explain(note, words), "info", turn, index))
                continue
            text = words.t("rw.log.bot", who=words.name(note.seat), why=explain(note, words))
            lines.append(Line(text, "bot", turn, index))
        if index in used:
            continue
        if event.get("type") == "turn":
            turn = int(event.get("number", turn))
        handler = _HANDLERS.get(str(event.get("type")))
        if handler is None:
            continue
        found = handler(event, words, log, index, used)
        if found is not None:
            text, kind = found
            lines.append(Line(text, kind, turn, index))
    return lines


def lines_since(
    log: Sequence[View], words: Words, start: int, notes: Sequence[Note] = ()
) -> list[Line]:
    """:func:`since` of the whole log's lines, read from the last turn header at or before
    ``start`` only: a move's announcement costs its own turn's events, not the whole game's
    (a bots' game at the instant pace announces each of its sixty moves).

    No sentence reads across a turn header (a cut takes the wire cut or token right after it,
    a solo cut the wires cut right after it, a wire cut looks back to its cut within the turn),
    so the lines from a header on are the whole log's lines from there.

    >>> from fusebox_web.shell.i18n import load_catalogs
    >>> from pathlib import Path
    >>> w = Words(load_catalogs(Path(__file__).resolve().parents[2] / "i18n"), ["Ana", "Bea"], [0, 1])
    >>> log = [{"type": "turn", "seat": 0, "number": 1},
    ...        {"type": "cut", "seat": 0, "owner": 1, "targets": [[1, 2]], "values": [5],
    ...         "tool": None, "outcome": "hit", "stabilized": False},
    ...        {"type": "wire_cut", "stand": 1, "slot": 2, "wire": 50},
    ...        {"type": "turn", "seat": 1, "number": 2},
    ...        {"type": "dial", "from": 3, "to": 2}]
    >>> [line.text for line in lines_since(log, w, 4)]
    ['Detonator: 1 mistake left.']
    >>> lines_since(log, w, 2) == since(log_lines(log, w), 2)  # the hit took its wire cut
    True
    """
    first = next((i for i in range(min(start, len(log) - 1), -1, -1) if _is_turn(log[i])), 0)
    return since(log_lines(log, words, notes, first), start)


def _is_turn(event: View) -> bool:
    return event.get("type") == "turn"


def last_line(lines: Sequence[Line]) -> Line | None:
    """The line to keep in view: the latest that is not a bare turn header."""
    for line in reversed(lines):
        if line.kind != "turn":
            return line
    return lines[-1] if lines else None


def since(lines: Sequence[Line], start: int) -> list[Line]:
    """The lines of the events from index ``start`` on (what the last action did), without
    the bare turn headers and bots' explanations: what a screen reader announces."""
    return [line for line in lines if line.at >= start and line.kind not in ("turn", "bot")]


def story(lines: Sequence[Line]) -> list[Line]:
    """What went wrong: every miss and the explosion (end screen)."""
    return [line for line in lines if line.kind in ("miss", "boom")]


# --------------------------------------------------------------------------- events

Found = tuple[str, str] | None
Handler = Callable[[View, Words, Sequence[View], int, set[int]], Found]


def _token(e: View, w: Words, log: Sequence[View], i: int, used: set[int]) -> Found:
    key = {"setup": "rw.log.tokenSetup", "miss": "rw.log.tokenMiss", **mechanisms.TOKEN_REASONS}
    chosen = w.about(key.get(str(e.get("reason")), "rw.log.tokenSetup"), e["seat"])
    # The token's owner is the sentence's subject: "Bea marks 9 on their wire 4", "You mark 9 on
    # your wire 4".
    mine = chosen.endswith(".you")
    text = w.t(
        chosen,
        who=w.name(e["seat"]),
        value=w.value(e["value"]),
        where=(w.where_own if mine else w.where_their)(e["stand"], e["slot"]),
    )
    if "taken_from" in e:
        stand, slot = e["taken_from"]
        text += " " + w.t("rw.log.tokenTaken", where=w.where(stand, slot))
    return text, "info"


def _skipped(e: View, w: Words, log: Sequence[View], i: int, used: set[int]) -> Found:
    own = mechanisms.LINES.get(f"token_skipped:{e.get('reason')}")  # a mechanism's own reason
    if own is not None:
        return own(e, w)
    key = {"mission": "rw.log.tokenSkippedRule", "beside": "rw.log.tokenBeside"}.get(
        str(e.get("reason")), "rw.log.tokenSkipped"
    )
    return w.t(w.about(key, e["seat"]), who=w.name(e["seat"]), value=e.get("value", "")), "info"


def _cut(e: View, w: Words, log: Sequence[View], i: int, used: set[int]) -> Found:
    if "pointed" in e:  # a miss whose wires the viewer no longer knows (mission 50's memory)
        count = sum(int(k) for _, k in e["pointed"])
        said = w.tn(
            "rw.log.cutForgotten",
            count,
            who=w.name(e["seat"]),
            name=w.name(e["owner"]),
            values=w.values(e["values"]),
        )
        return said, "miss"
    targets = e["targets"]
    values = w.values(e["values"])
    who = w.name(e["seat"])
    if e.get("tool"):
        asked = w.t(
            w.about("rw.log.cutTool", e["seat"]),
            who=who,
            tool=w.tool_name(e["tool"], logged=True),
            wires=w.wires_of(targets),
            values=values,
        )
    else:
        asked = w.t(
            w.about("rw.log.cut", e["seat"]), who=who, where=w.where(*targets[0]), values=values
        )
    outcome = e.get("outcome")
    if outcome == "hit":
        # A one-wire hit cuts the pointed wire at once: "Yes!" says it, no second line.
        follow = log[i + 1] if i + 1 < len(log) else {}
        if (
            not e.get("tool")
            and follow.get("type") == "wire_cut"
            and [follow.get("stand"), follow.get("slot")] == list(targets[0])
        ):
            used.add(i + 1)
        return f"{asked} {w.t('rw.log.yes')}", "hit"
    if outcome == "red":
        key = "rw.log.redStabilized" if e.get("stabilized") else "rw.log.red"
        return f"{asked} {w.t(key)}", "boom" if not e.get("stabilized") else "miss"
    shown = _following_token(log, i, targets, used) if not e.get("tool") else None
    answer = w.t("rw.log.noItIs", value=w.value(shown)) if shown is not None else w.t("rw.log.no")
    if e.get("stabilized"):
        answer += " " + w.t("rw.log.stabilizedHolds")
    return f"{asked} {answer}", "miss"


def _following_token(log: Sequence[View], i: int, targets: Any, used: set[int]) -> Any:
    """The value of the miss token placed on the pointed wire by the same action, if any."""
    for j in range(i + 1, min(len(log), i + 4)):
        event = log[j]
        if (
            event.get("type") in ("token", "token_announced")
            and event.get("reason") == "miss"
            and [event["stand"], event["slot"]] == list(targets[0])
        ):
            if event.get("type") == "token" and "taken_from" not in event:
                used.add(j)
            return event["value"]
        if event.get("type") in ("turn", "cut"):
            break
    return None


def _wire_cut(e: View, w: Words, log: Sequence[View], i: int, used: set[int]) -> Found:
    """A wire cut on its own line says who cut it: the player of the cut it completes."""
    where, wire = w.where(e["stand"], e["slot"]), w.wire(e["wire"])
    if e.get("revealed"):
        return w.t("rw.log.revealed", where=where, wire=wire), "hit"
    # A wire an equipment card made its owner cut (the Disintegrator) belongs to no Dual Cut.
    cutter = e.get("seat") if "card" in e else _cutter(log, i)
    if cutter is None:
        return w.t("rw.log.wireCut", where=where, wire=wire), "hit"
    if cutter == e.get("seat"):
        key = w.about("rw.log.ownCut", cutter)
        mine = key.endswith(".you")
        where = (w.where_own if mine else w.where_their)(e["stand"], e["slot"])
    else:
        key = w.about("rw.log.cutBy", cutter)
    return w.t(key, who=w.name(cutter), where=where, wire=wire), "hit"


def _cutter(log: Sequence[View], i: int) -> int | None:
    """The seat whose cut (a Dual Cut, a detector) the wire cut at ``i`` belongs to."""
    for j in range(i - 1, -1, -1):
        kind = log[j].get("type")
        if kind == "cut":
            seat = log[j].get("seat")
            return seat if isinstance(seat, int) else None
        if kind == "turn":
            return None
    return None


def _many_cuts(key: str) -> Handler:
    """Solo cut and reveal: one sentence naming every wire the action cut."""

    def handler(e: View, w: Words, log: Sequence[View], i: int, used: set[int]) -> Found:
        slots: list[str] = []
        for j in range(i + 1, len(log)):
            if log[j].get("type") != "wire_cut":
                break
            used.add(j)
            slots.append(str(log[j]["slot"] + 1))
        value = w.value(e["value"]) if "value" in e else ""
        return (
            w.t(
                w.about(key, e["seat"]), who=w.name(e["seat"]), value=value, wires=w.listing(slots)
            ),
            "hit",
        )

    return handler


def _dial(e: View, w: Words, log: Sequence[View], i: int, used: set[int]) -> Found:
    mistakes = max(0, int(e["to"]) - 1)
    if e["to"] < e["from"]:
        return w.tn("rw.log.dial", mistakes, mistakes=mistakes, left=e["to"]), "dial"
    return w.tn("rw.log.dialBack", mistakes, mistakes=mistakes, left=e["to"]), "info"


def _equipment(e: View, w: Words, log: Sequence[View], i: int, used: set[int]) -> Found:
    """Each card's sentence (its page mechanism's); detectors, the ray, the Sticky Note and the
    Radar leave it to their own events."""
    return mechanisms.equipment_line(e, w)


def _mechanism_line(
    line: Callable[[View, Words], Found],
) -> Callable[[View, Words, Sequence[View], int, set[int]], Found]:
    return lambda e, w, log, i, used: line(e, w)


#: The sentence of an explosion by its cause (a mission rule's explosion: the generic one,
#: after the mechanism's own event said why).
_BOOMS = {"red": "rw.log.boomRed", "detonator": "rw.log.boomDial"}


def _boom_key(w: Words, cause: str) -> str:
    """The core's causes, a mission's own (``rw.log.boom.<cause>``), else the generic one."""
    key = _BOOMS.get(cause, f"rw.log.boom.{cause}")
    return key if key in w.catalog.messages.get("en", {}) else "rw.log.boom"


_HANDLERS: dict[str, Handler] = {
    "token": _token,
    "token_announced": lambda e, w, log, i, used: (
        w.t(
            "rw.log.tokenAnnounced", value=w.value(e["value"]), where=w.where(e["stand"], e["slot"])
        ),
        "info",
    ),
    "token_skipped": _skipped,
    "turn": lambda e, w, log, i, used: (
        w.t(w.about("rw.log.turn", e["seat"]), number=e["number"], who=w.name(e["seat"])),
        "turn",
    ),
    "cut": _cut,
    "wire_cut": _wire_cut,
    "solo": _many_cuts("rw.log.solo"),
    "reveal": _many_cuts("rw.log.reveal"),
    "dial": _dial,
    "explosion": lambda e, w, log, i, used: (
        w.t(_boom_key(w, str(e.get("cause")))),
        "boom",
    ),
    "won": lambda e, w, log, i, used: (w.t("rw.log.won"), "won"),
    "validated": lambda e, w, log, i, used: (
        w.t("rw.log.validated", value=w.value(e["value"])),
        "info",
    ),
    "unlocked": lambda e, w, log, i, used: (
        w.t("rw.log.unlocked", card=w.card_name(e["card"]), number=card_label(e["card"])),
        "info",
    ),
    "equipment": _equipment,
    **{kind: _mechanism_line(line) for kind, line in mechanisms.LINES.items()},
}


# --------------------------------------------------------------------------- bots


def explain(note: Note, words: Words) -> str:
    """A bot's explanation in the player's language (its English text if the key is unknown)."""
    key = f"rw.why.{note.key}"
    if key not in words.catalog.messages.get("en", {}):
        return note.text
    p = dict(note.params)
    fields: dict[str, object] = {}
    for name, value in p.items():
        fields[name] = value
    if "seat" in p:
        fields["name"] = words.name(p["seat"])
        if "stand" in p and isinstance(p.get("wire"), int):
            fields["where"] = words.where(p["stand"], p["wire"] - 1)
    for name in ("partner", "next_seat"):
        if name in p:
            fields[name] = words.name(p[name])
    for name in ("value", "value2"):
        if name in p:
            fields[name] = words.value(p[name])
    if "values" in p:
        fields["values"] = words.values(p["values"])
    if "wires" in p:
        fields["wires"] = words.listing([str(wire) for _, wire in p["wires"]])
    if "tool" in p:
        fields["tool"] = words.tool_name(p["tool"])
    if "card" in p:
        fields["card"] = words.card_name(p["card"])
    if "seats" in p:
        fields["seats"] = words.listing([words.name(s) for s in p["seats"]])
    if "character" in p:
        fields["character"] = words.t(f"rw.character.{p['character']}")
    if "place" in p:  # which of the seat's two stands ("first", "second")
        fields["place"] = words.t(f"rw.place.{p['place']}")
    if isinstance(p.get("wire"), int):
        fields["wireNext"] = p["wire"] + 1
    return words.t(key, **fields)
