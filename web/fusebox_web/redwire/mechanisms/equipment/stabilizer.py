"""Equipment 9, Stabilizer, on the page: a button among the turn's actions."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.redwire import GameState, Stabilize
from engine.redwire.mechanisms.equipment.stabilizer import NUMBER

from ..base import CardUse, Found, View, legal

if TYPE_CHECKING:
    from engine.redwire.observation_types import Observation

    from ...words import Words


def _afford(state: GameState, seat: int) -> bool | None:
    return True if legal(state, Stabilize(seat)) else None


def _confirm(action: Stabilize, w: Words, obs: Observation) -> str:
    return w.t("rw.confirm.stabilize", card=w.card_name(NUMBER))


def _log(e: View, w: Words) -> Found:
    return w.t("rw.log.stabilize", who=w.name(e["seat"]), card=w.card_name(NUMBER)), "info"


USES = (
    CardUse(
        card=NUMBER,
        mode="stabilize",
        timing="turn",
        afford=_afford,
        action=Stabilize,
        build=lambda s, seat: Stabilize(seat),
        select=lambda action: {"mode": "stabilize"},
        confirm=_confirm,
        plain=True,
        button=True,
        log=_log,
    ),
)
