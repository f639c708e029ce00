"""The sweep on the page (mission 13): its button on the turn, the wires pointed at so far, the
log lines."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.redwire import GameState
from engine.redwire.mechanisms import sweep
from engine.redwire.mechanisms.sweep import Sweep

from ..markup import esc, tag
from .base import Found, View, action_use, legal

if TYPE_CHECKING:
    from engine.redwire.observation_types import Observation

    from ..words import Words


def _afford(state: GameState, seat: int) -> bool | None:
    return True if legal(state, Sweep(seat)) else None


def _part(obs: Observation, w: Words) -> str:
    part = sweep.sweep_view(obs)
    if part is None:
        return ""
    text = w.t("rw.sweep.left", count=part["count"])
    if part["chosen"]:
        where = w.listing([w.where(stand, slot) for stand, slot in part["chosen"]])
        text += " " + w.t("rw.sweep.chosen", where=where)
    return tag("p", esc(text), class_="rw-seq", data_testid="sweep")


def _start(e: View, w: Words) -> Found:
    return w.t("rw.log.sweepStart", who=w.name(e["seat"]), count=e["count"]), "info"


def _point(e: View, w: Words) -> Found:
    return w.t(
        "rw.log.sweepPoint", who=w.name(e["seat"]), where=w.where(e["stand"], e["slot"])
    ), "info"


def _sweep(e: View, w: Words) -> Found:
    key = "rw.log.sweepHit" if e["outcome"] == "hit" else "rw.log.sweepMiss"
    return w.t(key, who=w.name(e["seat"])), "hit" if e["outcome"] == "hit" else "boom"


PARTS = (_part,)
USES = (
    action_use(
        "sweep",
        Sweep,
        _afford,
        lambda s, seat: Sweep(seat),
        lambda a, w, obs: w.t("rw.confirm.sweep"),
    ),
)
LINES = {"sweep_start": _start, "sweep_point": _point, "sweep": _sweep}
