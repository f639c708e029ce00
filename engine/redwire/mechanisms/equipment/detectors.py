"""Equipment 3 (Triple Scanner) and 5 (Stand Scanner): detectors for one Dual Cut.

With the Triple Scanner the Dual Cut points at 3 wires of one teammate, with the Stand Scanner
at every uncut wire of one of their stands; both announce numbers only. The core runs the cut
(the owner picks a matching wire on a hit, the token's place on a miss); this module says when
the detectors may be used and spends their card.

>>> [tool.name for tool in MECHANISM.tools]
['triple', 'super']
"""

from __future__ import annotations

from ...model import Table
from ..base import Events, Mechanism, Tool
from .tray import card, usable, use_card

ID = "detectors"
TRIPLE, SUPER = 3, 5
CARDS = (
    card(
        TRIPLE,
        "your_turn",
        ID,
        ("Triple Scanner", "Your Dual Cut points at 3 wires of one teammate (numbers only)."),
        ("Scanner triplo", "Il tuo taglio in coppia indica 3 cavi di un compagno (solo numeri)."),
    ),
    card(
        SUPER,
        "your_turn",
        ID,
        ("Stand Scanner", "Your Dual Cut points at a whole stand of a teammate (numbers only)."),
        (
            "Scanner del portatessere",
            "Il tuo taglio in coppia indica un intero portatessere di un compagno (solo numeri).",
        ),
    ),
)


def _tool(name: str, number: int, wires: int | None) -> Tool:
    title = next(c.name["en"] for c in CARDS if c.number == number)

    def ready(s: Table, seat: int) -> bool:
        return usable(s, number)

    def use(s: Table, seat: int, events: Events) -> None:
        use_card(s, number, seat, events)

    return Tool(name, title, wires, ready, use)


class Detectors(Mechanism[None]):
    id = ID
    tools = (_tool("triple", TRIPLE, 3), _tool("super", SUPER, None))


MECHANISM = Detectors()
