"""Equipment 3 (Triple Scanner) and 5 (Stand Scanner) on the page: their Use button starts the
Dual Cut with that detector (the selection builds the cut); they name the detector."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.redwire.mechanisms.equipment.detectors import SUPER, TRIPLE

from ..base import CardUse

if TYPE_CHECKING:
    from ...affordances import Affordances
    from ...words import Words

#: The card of each detector tool.
TOOL_CARDS = {"triple": TRIPLE, "super": SUPER}


def _tool_ready(tool: str) -> CardUse:
    def ready(aff: Affordances, card: int | str) -> bool:
        return tool in aff.tools

    return CardUse(
        card=TOOL_CARDS[tool],
        mode=tool,
        timing="turn",
        afford=None,
        action=None,
        build=None,
        select=None,
        confirm=None,
        ready=ready,
    )


def tool_name(tool: str, w: Words) -> str | None:
    card = TOOL_CARDS.get(tool)
    return w.card_name(card) if card is not None else None


USES = (_tool_ready("triple"), _tool_ready("super"))
