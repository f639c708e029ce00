"""Equipment 6, Rewind: move the detonator one step back from the skull, any time.

>>> CARDS[0].timing
'any_time'
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import ClassVar

from ...actions import Action
from ...model import Table
from ...turn import dial_back, require_any_time
from ..base import ActionSpec, Events, Mechanism
from .tray import card, usable, use_card

ID = "rewind"
NUMBER = 6
CARDS = (
    card(
        NUMBER,
        "any_time",
        ID,
        ("Rewind", "Move the detonator back one step."),
        ("Riavvolgi", "Sposta il detonatore indietro di un passo."),
    ),
)


@dataclass(frozen=True)
class Rewind(Action):
    """Equipment 6: move the detonator back one step."""

    type: ClassVar[str] = "rewind"
    seat: int


def _rewind(s: Table, a: Rewind) -> Events:
    require_any_time(s)
    events: Events = []
    use_card(s, NUMBER, a.seat, events)
    dial_back(s, events)
    return events


def _legal(s: Table, seat: int) -> Iterator[Rewind]:
    if usable(s, NUMBER):
        yield Rewind(seat)


class RewindCard(Mechanism[None]):
    id = ID
    actions = (ActionSpec(Rewind, "any_time", _legal, _rewind),)


MECHANISM = RewindCard()
