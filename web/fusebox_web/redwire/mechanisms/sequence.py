"""The Sequence card on the page: which Number card it lies over, which values it blocks, the
turn's reminder, and the one move of a player it leaves without a cut (the bomb explodes).
Mission 36: the end of the row it lies at; the captain's choice of the end (two dock buttons)
and the cutter's move or keep (two dock buttons), each with its confirm and its log line."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from engine.redwire import GameState
from engine.redwire.mechanisms import sequence
from engine.redwire.mechanisms.sequence import MoveSequence, PlaceSequence, Stuck

from ..markup import esc, tag
from .base import CardUse, Found, View, action_use, legal

if TYPE_CHECKING:
    from engine.redwire.observation_types import Observation

    from ..words import Words


def marks(obs: Observation, w: Words) -> dict[int, tuple[str, str]]:
    """Each value of the row: open (done), the current one, or blocked."""
    seq = sequence.view(obs)
    if seq is None:
        return {}
    out: dict[int, tuple[str, str]] = {}
    current, blocked = seq["current"], seq["blocked"]
    if current is not None:
        out[current] = ("current", w.t("rw.seq.now"))
    for value in blocked:
        out[value] = ("blocked", w.t("rw.seq.blocked"))
    return {**{v: ("done", w.t("rw.seq.open")) for v in _done(obs)}, **out}


def _done(obs: Observation) -> list[int]:
    from engine.redwire.mechanisms import number_cards

    cards = number_cards.view(obs)
    return [c["value"] for c in cards["row"] if c["down"]] if cards else []


def _status(obs: Observation, w: Words) -> str:
    seq = sequence.view(obs)
    if seq is None:
        return ""
    if "end" in seq and not seq.get("end"):
        text = w.t("rw.seq.notPlaced")
    elif seq["current"] is None:
        text = w.t("rw.seq.allOpen", side=seq["side"])
    else:
        cut = sum(
            1
            for stand in obs["stands"]
            for tile in stand["slots"]
            if tile["cut"] and tile["wire"] == str(seq["current"])
        )
        text = w.t(
            "rw.seq.status",
            side=seq["side"],
            value=seq["current"],
            need=seq["need"],
            cut=min(cut, seq["need"]),
        )
        if seq["blocked"]:
            text += " " + w.t("rw.seq.blockedList", values=", ".join(map(str, seq["blocked"])))
        if seq.get("end"):
            text += " " + w.t(f"rw.seq.end.{seq['end']}")
    return tag(
        "p", esc(text), class_="rw-seq", data_testid="sequence", data_end=seq.get("end") or None
    )


def _prompt(obs: Observation, w: Words) -> str | None:
    seq = sequence.view(obs)
    if seq is None or not seq["blocked"]:
        return None
    return w.t("rw.seq.prompt", values=", ".join(map(str, seq["blocked"])))


def _ends(obs: Observation) -> tuple[int, int] | None:
    """The values at the row's two ends (left, right): what the Sequence card opens there."""
    from engine.redwire.mechanisms import number_cards

    cards = number_cards.view(obs)
    row = [c["value"] for c in cards["row"] if not c["down"]] if cards else []
    return (row[0], row[-1]) if row else None


def _end_prompt(key: str) -> Callable[[Observation, Words], str | None]:
    """The captain's prompt (and each end's confirm) naming the value each end opens: on a phone
    the row may lie below the fold."""

    def prompt(obs: Observation, w: Words) -> str | None:
        ends = _ends(obs)
        return None if ends is None else w.t(key, left=ends[0], right=ends[1])

    return prompt


def _move_prompt(key: str) -> Callable[[Observation, Words], str | None]:
    """The cutter's prompt (and each choice's confirm) naming what keeping and moving open."""

    def prompt(obs: Observation, w: Words) -> str | None:
        ends, seq = _ends(obs), sequence.view(obs)
        if ends is None or seq is None or seq.get("end") not in ("left", "right"):
            return None
        near, far = ends if seq["end"] == "left" else ends[::-1]
        return w.t(key, near=near, far=far)

    return prompt


def _afford(state: GameState, seat: int) -> bool | None:
    return True if legal(state, Stuck(seat)) else None


def _confirm(action: Stuck, w: Words, obs: Observation) -> str:
    return w.t("rw.confirm.stuck")


def _stuck_line(e: View, w: Words) -> Found:
    values = ", ".join(str(v) for v in e.get("blocked", []))
    return w.t("rw.log.stuck", who=w.name(e["seat"]), values=values), "boom"


def _sequence_line(e: View, w: Words) -> Found:
    if e.get("next") is None:
        return w.t("rw.log.seqAll", value=e["done"]), "info"
    return w.t("rw.log.seqNext", value=e["done"], next=e["next"]), "info"


def _end_use(end: str) -> CardUse:
    name = f"sequence_end_{end}"

    def afford(state: GameState, seat: int) -> bool | None:
        return True if legal(state, PlaceSequence(seat, end)) else None

    return action_use(
        name,
        PlaceSequence,
        afford,
        lambda sel, seat: PlaceSequence(seat, end),
        # Both buttons build the same kind of action: its own field says which it is.
        lambda a, w, obs: w.t(f"rw.confirm.sequence_end_{a.end}"),
        timing="any_time",
        select=lambda a: {"mode": f"sequence_end_{a.end}"},
    )


def _move_use(move: bool) -> CardUse:
    name = "sequence_move" if move else "sequence_keep"

    def afford(state: GameState, seat: int) -> bool | None:
        return True if legal(state, MoveSequence(seat, move)) else None

    return action_use(
        name,
        MoveSequence,
        afford,
        lambda sel, seat: MoveSequence(seat, move),
        lambda a, w, obs: w.t("rw.confirm.sequence_move" if a.move else "rw.confirm.sequence_keep"),
        timing="any_time",
        select=lambda a: {"mode": "sequence_move" if a.move else "sequence_keep"},
    )


def _end_line(e: View, w: Words) -> Found:
    return w.t(f"rw.log.seqEnd.{e['end']}", who=w.name(e["seat"]), value=e["open"]), "info"


def _move_line(e: View, w: Words) -> Found:
    if e.get("open") is None:
        return None
    key = "rw.log.seqMoved" if e["moved"] else "rw.log.seqKept"
    return w.t(key, who=w.name(e["seat"]), value=e["open"]), "info"


def _sequence_line_any(e: View, w: Words) -> Found:
    if "seat" in e:  # mission 36: the card leaves the row
        if e.get("next") is None:
            return w.t("rw.log.seqOutAll", value=e["done"]), "info"
        return w.t("rw.log.seqOut", value=e["done"], next=e["next"]), "info"
    return _sequence_line(e, w)


PARTS = (_status,)
PROMPTS = (_prompt,)
DECISION_PROMPTS = {
    "sequence_end": _end_prompt("rw.prompt.sequence_end"),
    "sequence_end_left": _end_prompt("rw.prompt.sequence_end_left"),
    "sequence_end_right": _end_prompt("rw.prompt.sequence_end_right"),
    "sequence_move": _move_prompt("rw.prompt.sequence_move"),
    "sequence_keep": _move_prompt("rw.prompt.sequence_keep"),
}
USES = (
    action_use(
        "stuck",
        Stuck,
        _afford,
        lambda s, seat: Stuck(seat),
        _confirm,
    ),
    _end_use("left"),
    _end_use("right"),
    _move_use(True),
    _move_use(False),
)
LINES = {
    "stuck": _stuck_line,
    "sequence": _sequence_line_any,
    "sequence_end": _end_line,
    "sequence_move": _move_line,
}
