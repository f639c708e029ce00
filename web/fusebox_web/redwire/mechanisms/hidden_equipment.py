"""Hidden equipment on the page (mission 15): the log lines of a card turned up and of a Number
card discarded (the face-down cards themselves are drawn by the tray)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .base import Found, View

if TYPE_CHECKING:
    from ..words import Words


def _revealed(e: View, w: Words) -> Found:
    return w.t("rw.log.cardTurnedUp", card=f"{e['card']} · {w.card_name(e['card'])}"), "info"


def _number(e: View, w: Words) -> Found:
    if e.get("next") is None:
        return w.t("rw.log.numberLast", value=e["done"]), "info"
    return w.t("rw.log.numberNext", value=e["done"], next=e["next"]), "info"


LINES = {"equipment_revealed": _revealed, "number_card": _number}
