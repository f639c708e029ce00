"""The yellow card, Hidden Stash, on the page: nothing to use (it acts by itself once two yellow
wires are cut); the log says which cards it put on the board."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.redwire.mechanisms.equipment.tray import YELLOW_CARD, card_label

from ..base import CardUse, Found, View

if TYPE_CHECKING:
    from ...words import Words


def _stash(e: View, w: Words) -> Found:
    cards = [f"{card_label(c)} · {w.card_name(c)}" for c in e.get("cards", [])]
    if not cards:
        return w.t("rw.log.stashNone", card=w.card_name(YELLOW_CARD)), "info"
    return w.t("rw.log.stash", card=w.card_name(YELLOW_CARD), cards=w.listing(cards)), "info"


USES = (
    CardUse(
        card=YELLOW_CARD,
        mode="stash",
        timing="any_time",
        afford=None,
        action=None,
        build=None,
        select=None,
        confirm=None,
    ),
)
LINES = {"stash": _stash}
