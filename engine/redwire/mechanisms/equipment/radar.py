"""Equipment 8, Radar Sweep: name a number; every stand says whether it holds an uncut blue one.

The answers are public (the ``radar`` event): for a "yes" stand at least one of its uncut
wires has the value, for a "no" stand none has. Those are the deduction facts the event proves.

>>> CARDS[0].name["en"]
'Radar Sweep'
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import ClassVar

from ....core.events import Event
from ...actions import Action
from ...errors import IllegalActionError, Reason
from ...model import Table
from ...turn import require_any_time
from ...wires import BLUE_VALUES, blue
from ..base import ActionSpec, Events, Mechanism
from .tray import card, require_card, usable, use_card

ID = "radar"
NUMBER = 8
CARDS = (
    card(
        NUMBER,
        "any_time",
        ID,
        ("Radar Sweep", "Name a number: every stand says whether it has an uncut blue one."),
        (
            "Scansione radar",
            "Dichiara un numero: ogni portatessere dice se ne ha uno blu non tagliato.",
        ),
    ),
)


@dataclass(frozen=True)
class Radar(Action):
    """Equipment 8: every stand answers whether it has an uncut blue wire of ``value``."""

    type: ClassVar[str] = "radar"
    seat: int
    value: int


def _radar(s: Table, a: Radar) -> Events:
    require_any_time(s)
    require_card(s, NUMBER)
    if a.value not in BLUE_VALUES:
        raise IllegalActionError(Reason.NUMBERS_ONLY)
    events: Events = []
    use_card(s, NUMBER, a.seat, events)
    code = blue(a.value)
    answers = [any(c == code for _, c in s.uncut(st)) for st in range(len(s.stands))]
    events.append(Event("radar", {"seat": a.seat, "value": a.value, "answers": answers}))
    return events


def _legal(s: Table, seat: int) -> Iterator[Radar]:
    if usable(s, NUMBER):
        for value in BLUE_VALUES:
            yield Radar(seat, value)


class RadarSweep(Mechanism[None]):
    id = ID
    actions = (ActionSpec(Radar, "any_time", _legal, _radar),)
    events = ("radar",)
    lines = {
        "radar": lambda e, n, o: (
            f"Radar {e['value']}: "
            + ", ".join(f"stand {i + 1} {'yes' if a else 'no'}" for i, a in enumerate(e["answers"]))
            + "."
        )
    }


MECHANISM = RadarSweep()
