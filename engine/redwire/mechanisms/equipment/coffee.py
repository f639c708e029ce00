"""Equipment 11, Coffee Break: instead of your action, choose who plays next.

>>> CARDS[0].timing
'your_turn'
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import ClassVar

from ...actions import Action
from ...model import Table
from ...turn import check_teammate, end_turn, forbid_if_must_reveal, require_own_turn
from ..base import ActionSpec, Events, Mechanism
from .stabilizer import read_not_only_red
from .tray import card, card_facts, require_card, usable, use_card

ID = "coffee"
NUMBER = 11
CARDS = (
    card(
        NUMBER,
        "your_turn",
        ID,
        ("Coffee Break", "Instead of your action, choose who plays next."),
        ("Pausa caffè", "Invece della tua azione, scegli chi gioca dopo."),
    ),
)


@dataclass(frozen=True)
class CoffeeMug(Action):
    """Equipment 11, instead of your action: ``next_seat`` plays next."""

    type: ClassVar[str] = "coffee"
    seat: int
    next_seat: int


def _coffee(s: Table, a: CoffeeMug) -> Events:
    require_own_turn(s, a.seat)
    forbid_if_must_reveal(s, a.seat)
    require_card(s, NUMBER)
    target = check_teammate(s, a.seat, a.next_seat)
    events: Events = []
    use_card(s, NUMBER, a.seat, events, next_seat=target)
    end_turn(s, events, next_seat=target)
    return events


def _legal(s: Table, seat: int) -> Iterator[CoffeeMug]:
    if usable(s, NUMBER):
        for other in range(s.players):
            if other != seat and s.has_wires(other):
                yield CoffeeMug(seat, other)


class CoffeeBreak(Mechanism[None]):
    id = ID
    actions = (ActionSpec(CoffeeMug, "turn", _legal, _coffee, is_action=True),)
    facts = {"equipment": card_facts((NUMBER,), read_not_only_red)}


MECHANISM = CoffeeBreak()
