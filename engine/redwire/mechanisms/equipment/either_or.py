"""Equipment 10, Either-Or Ray: your Dual Cut announces two values you hold ("X or Y").

The core checks the values (held, different, never red; numbers only with a detector) and runs
the cut; this module lets a cut announce two and spends the card.

>>> MECHANISM.announcers[0].count
2
"""

from __future__ import annotations

from ...model import Table
from ..base import Announcer, Events, Mechanism
from .tray import card, usable, use_card

ID = "either_or"
NUMBER = 10
CARDS = (
    card(
        NUMBER,
        "your_turn",
        ID,
        ("Either-Or Ray", "Your Dual Cut announces two values you hold."),
        ("Raggio o-o", "Il tuo taglio in coppia annuncia due valori che hai."),
    ),
)


def _ready(s: Table, seat: int) -> bool:
    return usable(s, NUMBER)


def _use(s: Table, seat: int, events: Events) -> None:
    use_card(s, NUMBER, seat, events)


class EitherOrRay(Mechanism[None]):
    id = ID
    announcers = (Announcer(2, _ready, _use),)


MECHANISM = EitherOrRay()
