"""The Sequence card on the page: which Number card it lies over, which values it blocks, the
turn's reminder, and the one move of a player it leaves without a cut (the bomb explodes)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.redwire import GameState
from engine.redwire.mechanisms import sequence
from engine.redwire.mechanisms.sequence import Stuck

from ..markup import esc, tag
from .base import Found, View, action_use, legal

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
    if seq["current"] is None:
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
    return tag("p", esc(text), class_="rw-seq", data_testid="sequence")


def _prompt(obs: Observation, w: Words) -> str | None:
    seq = sequence.view(obs)
    if seq is None or not seq["blocked"]:
        return None
    return w.t("rw.seq.prompt", values=", ".join(map(str, seq["blocked"])))


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


PARTS = (_status,)
PROMPTS = (_prompt,)
USES = (
    action_use(
        "stuck",
        Stuck,
        _afford,
        lambda s, seat: Stuck(seat),
        _confirm,
    ),
)
LINES = {"stuck": _stuck_line, "sequence": _sequence_line}
