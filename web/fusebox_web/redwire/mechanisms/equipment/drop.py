"""Equipment 3-3, Emergency Drop, on the page: nothing to use (it acts by itself once all four 3s
are cut); the log says which used cards turned face up."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.redwire.mechanisms.equipment.drop import NUMBER
from engine.redwire.mechanisms.equipment.tray import card_label

from ..base import CardUse, Found, View

if TYPE_CHECKING:
    from ...words import Words


def _drop(e: View, w: Words) -> Found:
    cards = [f"{card_label(c)} · {w.card_name(c)}" for c in e.get("cards", [])]
    if not cards:
        return w.t("rw.log.dropNone", card=w.card_name(NUMBER)), "info"
    return w.t("rw.log.drop", card=w.card_name(NUMBER), cards=w.listing(cards)), "info"


USES = (
    CardUse(
        card=NUMBER,
        mode="emergency_drop",
        timing="any_time",
        afford=None,
        action=None,
        build=None,
        select=None,
        confirm=None,
    ),
)
LINES = {"emergency_drop": _drop}
