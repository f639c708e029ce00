"""Equipment 4, Sticky Note: an info token on one of your own uncut blue wires, any time.

>>> CARDS[0].name["en"]
'Sticky Note'
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import ClassVar

from ....core.errors import ReasonCode
from ...actions import Action
from ...errors import IllegalActionError, Reason
from ...model import Table
from ...turn import own_uncut_wire, place_info, require_any_time, wire_at
from ...wires import Colour, colour_of
from ..base import ActionSpec, Events, Mechanism
from .tray import card, require_card, usable, use_card


class PostItReason(ReasonCode):
    """The Sticky Note's refusal."""

    ALREADY_MARKED = ("already_marked", "That wire already has an info token.")


ID = "post_it"
NUMBER = 4
CARDS = (
    card(
        NUMBER,
        "any_time",
        ID,
        ("Sticky Note", "Put an info token on one of your own blue wires."),
        ("Foglietto", "Metti un segnalino Info su un tuo cavo blu."),
    ),
)


@dataclass(frozen=True)
class PostIt(Action):
    """Equipment 4: put an info token on one of your own uncut blue wires."""

    type: ClassVar[str] = "post_it"
    seat: int
    stand: int
    slot: int


def _post_it(s: Table, a: PostIt) -> Events:
    require_any_time(s)
    require_card(s, NUMBER)
    if any(m.token_on_cut_wire(s, a.seat) for m in s.mechanisms):  # a cut wire of yours may do too
        wire = wire_at(s, a.stand, a.slot)
        if s.owners[a.stand] != a.seat:
            raise IllegalActionError(Reason.NOT_OWN_STAND)
    else:
        wire = own_uncut_wire(s, a.seat, a.stand, a.slot)
    if colour_of(s.codes[wire]) is not Colour.BLUE:
        raise IllegalActionError(Reason.NOT_BLUE)
    if wire in s.info:
        raise IllegalActionError(PostItReason.ALREADY_MARKED)
    events: Events = []
    use_card(s, NUMBER, a.seat, events)
    place_info(s, wire, "post_it", events)
    return events


def _legal(s: Table, seat: int) -> Iterator[PostIt]:
    if not usable(s, NUMBER):
        return
    cut_too = any(m.token_on_cut_wire(s, seat) for m in s.mechanisms)
    for stand in s.seat_stands[seat]:
        for slot, wire in enumerate(s.stands[stand]):
            if s.cut[wire] and not cut_too:
                continue
            if colour_of(s.codes[wire]) is Colour.BLUE and wire not in s.info:
                yield PostIt(seat, stand, slot)


class StickyNote(Mechanism[None]):
    id = ID
    reasons = PostItReason
    actions = (ActionSpec(PostIt, "any_time", _legal, _post_it),)


MECHANISM = StickyNote()
