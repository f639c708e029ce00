"""Equipment 10, Either-Or Ray, on the page: its Use button turns on the second value of the
Dual Cut being built ("xy", a toggle in the dock)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.redwire.mechanisms.equipment.either_or import NUMBER

from ..base import CardUse

if TYPE_CHECKING:
    from ...affordances import Affordances


def _ready(aff: Affordances, card: int | str) -> bool:
    return aff.xy


USES = (
    CardUse(
        card=NUMBER,
        mode="xy",
        timing="turn",
        afford=None,
        action=None,
        build=None,
        select=None,
        confirm=None,
        ready=_ready,
    ),
)
#: The card whose name the "X or Y" toggle shows.
XY_CARD = NUMBER
