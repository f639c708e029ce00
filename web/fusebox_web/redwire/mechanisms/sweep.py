"""The sweep on the page (missions 13 and 48): its button on the turn (its confirm says what
pointing risks for the mission's colour), the colour's wires left with its symbol, what a wrong
group does and the wires pointed at so far, the log lines."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.redwire import GameState
from engine.redwire.mechanisms import sweep
from engine.redwire.mechanisms.sweep import Sweep

from ..icons import icon
from ..markup import esc, tag
from .base import Found, View, action_use, legal

if TYPE_CHECKING:
    from engine.redwire.observation_types import Observation

    from ..words import Words


def _afford(state: GameState, seat: int) -> bool | None:
    return True if legal(state, Sweep(seat)) else None


def _confirm(action: Sweep, w: Words, obs: Observation) -> str:
    """What pointing risks, for the mission's colour."""
    part = sweep.sweep_view(obs)
    colour = "red" if part is None else part["colour"]
    return w.t("rw.confirm.sweep_yellow" if colour == "yellow" else "rw.confirm.sweep")


def _suffix(colour: object) -> str:
    """The strings of the yellow sweep end in ``Yellow`` (mission 13's red ones have none)."""
    return "Yellow" if colour == "yellow" else ""


def _part(obs: Observation, w: Words) -> str:
    part = sweep.sweep_view(obs)
    if part is None:
        return ""
    suffix = _suffix(part["colour"])
    text = w.t("rw.sweep.left" + suffix, count=part["count"])
    if part["chosen"]:
        where = w.listing([w.where(stand, slot) for stand, slot in part["chosen"]])
        text += " " + w.t("rw.sweep.chosen", where=where)
    return tag("p", icon(part["colour"]) + esc(text), class_="rw-seq", data_testid="sweep")


def _start(e: View, w: Words) -> Found:
    key = "rw.log.sweepStart" + _suffix(e.get("colour", "red"))
    return w.t(key, who=w.name(e["seat"]), count=e["count"]), "info"


def _point(e: View, w: Words) -> Found:
    return w.t(
        "rw.log.sweepPoint", who=w.name(e["seat"]), where=w.where(e["stand"], e["slot"])
    ), "info"


def _sweep(e: View, w: Words) -> Found:
    suffix = _suffix(e["colour"])
    if e["outcome"] == "hit":
        return w.t("rw.log.sweepHit" + suffix, who=w.name(e["seat"])), "hit"
    if e["outcome"] == "red":
        return w.t("rw.log.sweepRed", who=w.name(e["seat"])), "boom"
    # Mission 48's miss marks the wires and moves the detonator: their own lines follow.
    return w.t("rw.log.sweepMiss" + suffix, who=w.name(e["seat"])), ("miss" if suffix else "boom")


PARTS = (_part,)
USES = (  # one button for either colour: the board's part names the colour and the risk
    action_use("sweep", Sweep, _afford, lambda s, seat: Sweep(seat), _confirm),
)
LINES = {"sweep_start": _start, "sweep_point": _point, "sweep": _sweep}
