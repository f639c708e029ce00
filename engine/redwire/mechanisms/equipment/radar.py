"""Equipment 8, Radar Sweep: name a number; every stand says whether it holds an uncut blue one.

The answers are public (the ``radar`` event): for a "yes" stand at least one of its uncut
wires has the value, for a "no" stand none has. Those are the deduction facts the event proves.

>>> CARDS[0].name["en"]
'Radar Sweep'
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from ....core.events import Event
from ...actions import Action
from ...errors import IllegalActionError, Reason
from ...model import Table
from ...turn import ignored, require_any_time
from ...wires import BLUE_VALUES, blue
from ..base import ActionSpec, Events, Mechanism
from .tray import card, require_card, usable, use_card

if TYPE_CHECKING:
    from ...deduction.tracker import Tracker

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


def check_value(s: Table, value: int) -> None:
    """Refuse a value that is not a number of the mission's blue wires."""
    if value not in BLUE_VALUES or value not in s.wireset.blue:  # a number in play
        raise IllegalActionError(Reason.NUMBERS_ONLY)


def _radar(s: Table, a: Radar) -> Events:
    require_any_time(s)
    require_card(s, NUMBER)
    check_value(s, a.value)
    events: Events = []
    use_card(s, NUMBER, a.seat, events)
    answer(s, a.seat, a.value, events)
    return events


def answer(s: Table, seat: int, value: int, events: Events) -> None:
    """Every stand answers whether it holds an uncut blue wire of ``value`` (the ``radar``
    event); the card or the personal equipment that asked is already spent."""
    code = blue(value)
    skip = ignored(s)  # wires every equipment effect ignores (X wires) do not answer
    answers = [
        any(c == code for slot, c in s.uncut(st) if s.stands[st][slot] not in skip)
        for st in range(len(s.stands))
    ]
    data: dict[str, Any] = {"seat": seat, "value": value, "answers": answers}
    if skip:
        data["ignored"] = sorted(list(s.position_of(w)) for w in skip)
    events.append(Event("radar", data))


def _legal(s: Table, seat: int) -> Iterator[Radar]:
    if usable(s, NUMBER):
        for value in s.wireset.blue:
            yield Radar(seat, value)


def _read_radar(event: Mapping[str, Any], tracker: Tracker) -> None:
    """Per stand, "yes": one of its uncut wires has the value; "no": none has."""
    # Imported here: the solver loads only when a page or a bot first asks for odds.
    from ...deduction.facts import AtLeastOne, SlotNotIn

    value = int(event["value"])
    skip = {tracker.wire(stand, slot) for stand, slot in event.get("ignored", ())}
    for stand, yes in enumerate(event["answers"]):
        wires = tuple(w for w in tracker.uncut(stand) if w not in skip)
        if yes:
            tracker.add(AtLeastOne.classes(wires, value))
        else:
            for wire in wires:
                tracker.add(SlotNotIn.classes(wire, value))


class RadarSweep(Mechanism[None]):
    id = ID
    actions = (ActionSpec(Radar, "any_time", _legal, _radar),)
    events = ("radar",)
    facts = {"radar": _read_radar}
    lines = {
        "radar": lambda e, n, o: (
            f"Radar {e['value']}: "
            + ", ".join(f"stand {i + 1} {'yes' if a else 'no'}" for i, a in enumerate(e["answers"]))
            + "."
        )
    }


MECHANISM = RadarSweep()
