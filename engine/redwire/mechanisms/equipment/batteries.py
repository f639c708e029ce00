"""Equipment 7, Spare Batteries: turn one or two used Double Detectors face up again.

>>> CARDS[0].name["en"]
'Spare Batteries'
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import combinations
from typing import ClassVar

from ....core.errors import ReasonCode
from ...actions import Action
from ...errors import IllegalActionError
from ...model import Table
from ...turn import check_seat, require_any_time
from .. import double_detector, new_characters
from ..base import ActionSpec, Events, Mechanism
from .tray import card, require_card, usable, use_card


class BatteriesReason(ReasonCode):
    """Why Spare Batteries cannot recharge those characters."""

    RECHARGE_COUNT = ("recharge_count", "Choose one or two different characters.")
    RECHARGE_UNUSED = ("recharge_unused", "Only used character cards can be turned face up.")


ID = "batteries"
NUMBER = 7
CARDS = (
    card(
        NUMBER,
        "any_time",
        ID,
        ("Spare Batteries", "Turn one or two used Double Detectors face up again."),
        ("Batterie di scorta", "Rimetti a faccia in su uno o due Doppi Detector usati."),
    ),
)


@dataclass(frozen=True)
class Batteries(Action):
    """Equipment 7: turn 1 or 2 used character cards face up again."""

    type: ClassVar[str] = "batteries"
    seat: int
    seats: tuple[int, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "seats", tuple(sorted(self.seats)))


def _batteries(s: Table, a: Batteries) -> Events:
    require_any_time(s)
    require_card(s, NUMBER)
    seats = [check_seat(s, seat) for seat in a.seats]
    if not 1 <= len(seats) <= 2 or len(set(seats)) != len(seats):
        raise IllegalActionError(BatteriesReason.RECHARGE_COUNT)
    if not all(_spent(s, seat) for seat in seats):
        raise IllegalActionError(BatteriesReason.RECHARGE_UNUSED)
    events: Events = []
    use_card(s, NUMBER, a.seat, events, seats=seats)
    double_detector.recharge(s, seats)
    new_characters.recharge(s, seats)
    return events


def _spent(s: Table, seat: int) -> bool:
    """Whether the seat's character card lies face down: its Double Detector, or a new
    character's personal equipment (rule sticker B), used."""
    return double_detector.used(s, seat) or new_characters.used(s, seat)


def _legal(s: Table, seat: int) -> Iterator[Batteries]:
    if not usable(s, NUMBER):
        return
    spent = [p for p in range(s.players) if _spent(s, p)]
    for size in (1, 2):
        for group in combinations(spent, size):
            yield Batteries(seat, group)


class SpareBatteries(Mechanism[None]):
    id = ID
    reasons = BatteriesReason
    actions = (ActionSpec(Batteries, "any_time", _legal, _batteries),)


MECHANISM = SpareBatteries()
