"""Equipment 9-9, Fast Pass (rule sticker C, from mission 55): a Solo Cut of any two wires.

On your turn, as your action: cut two of your own uncut wires of one value (blue, or two yellow
wires: REC) even if they are not the last ones of their value. It is a Solo Cut (the card says
so): a mission's rule about Solo Cuts (a challenge's "two Solo Cuts in a row", a constraint's
"no Solo Cut") counts it (``Action.counts_as_solo``). Everyone sees which two wires were cut and
their value, so the deduction needs nothing new; it proves no more than those two wires.

>>> CARDS[0].number, CARDS[0].timing
(99, 'your_turn')
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import combinations
from typing import ClassVar

from ....core.errors import ReasonCode
from ...actions import Action
from ...errors import IllegalActionError, Reason
from ...model import Table
from ...turn import (
    after_cuts,
    cut_wire,
    end_turn,
    forbid_if_must_reveal,
    own_uncut_wire,
    require_own_turn,
)
from ...wires import BLUE_VALUES, RED, YELLOW, cut_value, value_to_json
from ..base import ActionSpec, Events, Mechanism
from .tray import card, require_card, usable, use_card


class FastPassReason(ReasonCode):
    """The Fast Pass's refusals."""

    FAST_PASS_PAIR = (
        "fast_pass_pair",
        "The Fast Pass cuts two different wires of yours, both of the value you name.",
    )


ID = "fast_pass"
NUMBER = 99
CARDS = (
    card(
        NUMBER,
        "your_turn",
        ID,
        (
            "Fast Pass",
            "As your action, Solo-Cut two of your identical wires, even if they are not the last ones.",
        ),
        (
            "Passaggio rapido",
            "Come tua azione, taglia da solo due tuoi cavi uguali, anche se non sono gli ultimi.",
        ),
    ),
)


@dataclass(frozen=True)
class FastPass(Action):
    """Equipment 9-9, as the turn's action: cut your wires (stand, slot) and (stand2, slot2),
    both of ``value``."""

    type: ClassVar[str] = "fast_pass"
    counts_as_solo: ClassVar[bool] = True
    seat: int
    value: int
    stand: int
    slot: int
    stand2: int
    slot2: int


def _fast_pass(s: Table, a: FastPass) -> Events:
    require_own_turn(s, a.seat)
    forbid_if_must_reveal(s, a.seat)
    if a.value == RED:
        raise IllegalActionError(Reason.RED_ANNOUNCED)
    if a.value not in BLUE_VALUES and a.value != YELLOW:
        raise IllegalActionError(Reason.MALFORMED, detail="values are 1..12 or yellow")
    require_card(s, NUMBER)
    first = own_uncut_wire(s, a.seat, a.stand, a.slot)
    second = own_uncut_wire(s, a.seat, a.stand2, a.slot2)
    if first == second or {cut_value(s.codes[first]), cut_value(s.codes[second])} != {a.value}:
        raise IllegalActionError(FastPassReason.FAST_PASS_PAIR)
    events: Events = []
    use_card(s, NUMBER, a.seat, events, value=value_to_json(a.value))
    for stand, slot in sorted(((a.stand, a.slot), (a.stand2, a.slot2))):
        cut_wire(s, stand, slot, a.seat, events)
    if not after_cuts(s, events):
        end_turn(s, events)
    return events


def _legal(s: Table, seat: int) -> Iterator[FastPass]:
    if not usable(s, NUMBER):
        return
    by_value: dict[int, list[tuple[int, int]]] = {}
    for stand, slot, code in s.hand(seat):
        value = cut_value(code)
        if value != RED:
            by_value.setdefault(value, []).append((stand, slot))
    for value, wires in sorted(by_value.items()):
        for (st, sl), (st2, sl2) in combinations(wires, 2):
            yield FastPass(seat, value, st, sl, st2, sl2)


class FastPassCard(Mechanism[None]):
    id = ID
    reasons = FastPassReason
    actions = (ActionSpec(FastPass, "turn", _legal, _fast_pass, is_action=True),)


MECHANISM = FastPassCard()
