"""Equipment 2-2, Single Wire Label (rule sticker C, from mission 55): an x1 token, any time.

Put an x1 token in front of one of your own blue wires, cut or uncut, whose value appears
exactly once on that stand (cut wires included): everyone learns that this wire's value is
nowhere else on the stand, not which value it is. The tokens are this card's own (a mission
without count tokens has them too); a wire keeps one, and a wire that leaves its stand (the
Walkie-Talkies, the Grappling Hook) leaves its token behind, as the FAQ says of x tokens.

"Exactly once" is judged on what the stand's owner sees. Where a wire is turned round on his own
stand (missions 56 and 64: its value faces the teammates, never him, until it is cut), he
cannot count it, so the token means "once among the wires I see" and the deduction reads it so.
Counting it would make the move's legality depend on a value its owner may not know (the page
would offer or hide the move, telling him).

>>> CARDS[0].number, CARDS[0].timing
(22, 'any_time')
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, TypedDict, cast

from ....core.errors import ReasonCode
from ....core.events import Event, Viewer
from ...actions import Action
from ...errors import IllegalActionError, Reason
from ...model import Table
from ...turn import require_any_time, seen_by_owner, wire_at
from ...wires import Colour, colour_of
from ..base import ActionSpec, Events, Mechanism, name_of, where
from .tray import card, require_card, usable, use_card

if TYPE_CHECKING:
    from ...deduction.tracker import Tracker
    from ...observation_types import Observation


class SingleLabelReason(ReasonCode):
    """The Single Wire Label's refusals."""

    SINGLE_NOT_ONCE = (
        "single_not_once",
        "The x1 token goes on a wire whose value is on that stand only once.",
    )
    SINGLE_MARKED = ("single_marked", "That wire already has an x1 token.")


ID = "single_label"
NUMBER = 22
CARDS = (
    card(
        NUMBER,
        "any_time",
        ID,
        (
            "Single Wire Label",
            "Put an x1 token on one of your blue wires whose value is only once on its stand.",
        ),
        (
            "Etichetta cavo singolo",
            "Metti un segnalino x1 su un tuo cavo blu il cui valore è una sola volta sul suo supporto.",
        ),
    ),
)


@dataclass(frozen=True)
class SingleLabel(Action):
    """Equipment 2-2: an x1 token on your blue wire (stand, slot), cut or uncut."""

    type: ClassVar[str] = "single_label"
    seat: int
    stand: int
    slot: int


@dataclass(frozen=True)
class SingleLabelPart:
    """The x1 tokens placed: (wire id, the stand it lay on), in the order placed."""

    tokens: tuple[tuple[int, int], ...] = ()

    def to_json(self) -> list[list[int]]:
        return [list(t) for t in self.tokens]


class SingleTokenView(TypedDict):
    stand: int
    slot: int


class SingleLabelView(TypedDict):
    """``observation["mechanisms"]["single_label"]``: the x1 tokens in front of the wires."""

    tokens: list[SingleTokenView]


def view(obs: Observation) -> SingleLabelView | None:
    return cast("SingleLabelView | None", obs["mechanisms"].get(ID))


def once_on_stand(s: Table, wire: int) -> bool:
    """Whether the wire's value is on its stand only once among the wires its owner sees, cut
    wires included."""
    stand, _ = s.position_of(wire)
    code = s.codes[wire]
    return sum(1 for w in s.stands[stand] if s.codes[w] == code and seen_by_owner(s, w)) == 1


def _marked(s: Table, wire: int) -> bool:
    part = s.parts.get(ID)
    return isinstance(part, SingleLabelPart) and any(
        w == wire and st == s.position_of(w)[0] for w, st in part.tokens
    )


def _single_label(s: Table, a: SingleLabel) -> Events:
    require_any_time(s)
    require_card(s, NUMBER)
    wire = wire_at(s, a.stand, a.slot)
    if s.owners[a.stand] != a.seat:
        raise IllegalActionError(Reason.NOT_OWN_STAND)
    if colour_of(s.codes[wire]) is not Colour.BLUE:
        raise IllegalActionError(Reason.NOT_BLUE)
    if _marked(s, wire):
        raise IllegalActionError(SingleLabelReason.SINGLE_MARKED)
    if not once_on_stand(s, wire):
        raise IllegalActionError(SingleLabelReason.SINGLE_NOT_ONCE)
    events: Events = []
    use_card(s, NUMBER, a.seat, events)
    part = s.part(ID, SingleLabelPart)
    s.set_part(ID, SingleLabelPart((*part.tokens, (wire, a.stand))))
    events.append(Event("single_label", {"seat": a.seat, "stand": a.stand, "slot": a.slot}))
    return events


def _legal(s: Table, seat: int) -> Iterator[SingleLabel]:
    if not usable(s, NUMBER):
        return
    for stand in s.seat_stands[seat]:
        for slot, wire in enumerate(s.stands[stand]):
            if not seen_by_owner(s, wire):
                continue  # the flipped wire's own filter refuses it anyway: never read its colour
            blue = colour_of(s.codes[wire]) is Colour.BLUE
            if blue and not _marked(s, wire) and once_on_stand(s, wire):
                yield SingleLabel(seat, stand, slot)


def _read(event: Mapping[str, Any], tracker: Tracker) -> None:
    """An x1 token: the wire is blue and its value is on its stand (as it is now) once, among
    the wires its owner sees (not his turned-round wire while it is uncut)."""
    from ...deduction.codes import BLUE_VALUES
    from ...deduction.facts import Multiplicity, SlotIn, class_codes

    stand, slot = int(event["stand"]), int(event["slot"])
    wires = tracker.wires(stand)
    unseen = set(tracker.memo.get("own_hidden", ()))
    counted = tuple(w for w in wires if w not in unseen or tracker.is_cut(w))
    tracker.add(Multiplicity(counted, counted.index(wires[slot]), 1))
    tracker.add(SlotIn(wires[slot], class_codes(BLUE_VALUES)))


class SingleWireLabel(Mechanism[SingleLabelPart]):
    id = ID
    reasons = SingleLabelReason
    actions = (ActionSpec(SingleLabel, "any_time", _legal, _single_label),)
    events = ("single_label",)
    facts = {"single_label": _read}
    lines = {
        "single_label": lambda e, n, o: (
            f"{name_of(n, e['seat'])} puts an x1 token on {where(n, o, e['stand'], e['slot'])}: "
            "its value is on that stand only once."
        )
    }

    def init_part(self, table: Table) -> SingleLabelPart:
        return SingleLabelPart()

    def observe(self, table: Table, viewer: Viewer) -> SingleLabelView:
        tokens: list[SingleTokenView] = []
        for wire, placed_on in self.part(table).tokens:
            stand, slot = table.position_of(wire)
            if stand == placed_on:  # a wire moved to another stand left its token (FAQ)
                tokens.append({"stand": stand, "slot": slot})
        return {"tokens": tokens}


MECHANISM = SingleWireLabel()
