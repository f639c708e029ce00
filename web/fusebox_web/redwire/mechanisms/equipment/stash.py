"""The yellow card, Hidden Stash, on the page: nothing to use (it acts by itself once two yellow
wires are cut); the log says which cards it put on the board."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.redwire.mechanisms.equipment.tray import YELLOW_CARD

from ..base import Found, View, laid_cards_line, passive_use

if TYPE_CHECKING:
    from ...words import Words


def _stash(e: View, w: Words) -> Found:
    return laid_cards_line(e, w, YELLOW_CARD, "rw.log.stash")


USES = (passive_use(YELLOW_CARD, "stash"),)
LINES = {"stash": _stash}
