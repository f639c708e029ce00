"""Equipment 3-3, Emergency Drop, on the page: nothing to use (it acts by itself once all four 3s
are cut); the log says which used cards turned face up."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.redwire.mechanisms.equipment.drop import NUMBER

from ..base import Found, View, laid_cards_line, passive_use

if TYPE_CHECKING:
    from ...words import Words


def _drop(e: View, w: Words) -> Found:
    return laid_cards_line(e, w, NUMBER, "rw.log.drop")


USES = (passive_use(NUMBER, "emergency_drop"),)
LINES = {"emergency_drop": _drop}
