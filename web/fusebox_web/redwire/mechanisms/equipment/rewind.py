"""Equipment 6, Rewind, on the page: nothing to choose, only to confirm."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.redwire import GameState, Rewind
from engine.redwire.mechanisms.equipment.rewind import NUMBER

from ..base import CardUse, Found, View, legal

if TYPE_CHECKING:
    from engine.redwire.observation_types import Observation

    from ...words import Words


def _afford(state: GameState, seat: int) -> bool | None:
    return True if legal(state, Rewind(seat)) else None


def _confirm(action: Rewind, w: Words, obs: Observation) -> str:
    return w.t("rw.confirm.rewind", card=w.card_name(NUMBER))


def _log(e: View, w: Words) -> Found:
    return w.t("rw.log.rewind", who=w.name(e["seat"]), card=w.card_name(NUMBER)), "info"


USES = (
    CardUse(
        card=NUMBER,
        mode="rewind",
        timing="any_time",
        afford=_afford,
        action=Rewind,
        build=lambda s, seat: Rewind(seat),
        select=lambda action: {"mode": "rewind"},
        confirm=_confirm,
        plain=True,
        log=_log,
    ),
)
