"""Equipment 10-10, the Disintegrator, on the page: nothing to use (it acts by itself once all
four 10s are cut); the log says the token drawn and how many wires it cut, and each wire cut
follows on its own line under its owner's name (all of it announced with the move)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.redwire.mechanisms.equipment.disintegrator import NUMBER
from engine.redwire.mechanisms.equipment.tray import card_label

from ..base import CardUse, Found, View

if TYPE_CHECKING:
    from ...words import Words


def _disintegrator(e: View, w: Words) -> Found:
    card = f"{card_label(NUMBER)} · {w.card_name(NUMBER)}"
    value = e.get("value")
    if value is None:
        return w.t("rw.log.disintegratorEmpty", card=card), "info"
    cut = len(e.get("cut", []))
    if cut == 0:
        return w.t("rw.log.disintegratorNone", card=card, value=w.value(value)), "info"
    return w.tn("rw.log.disintegrator", cut, card=card, value=w.value(value), count=cut), "hit"


USES = (
    CardUse(
        card=NUMBER,
        mode="disintegrator",
        timing="any_time",
        afford=None,
        action=None,
        build=None,
        select=None,
        confirm=None,
    ),
)
LINES = {"disintegrator": _disintegrator}
