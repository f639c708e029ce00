"""Equipment 1 (≠ Label) and 12 (= Label): a public statement about two side-by-side wires.

A seat labels two adjacent wires of its own (at least one uncut): ≠ when their values differ,
= when they are the same (two yellows, or two reds, count as the same). The label lies over the
pair: when a Walkie-Talkies exchange leaves the two wires no longer side by side (one left, or a
wire came in between), the label no longer says anything true about the wires under it, and is
removed (spec §7.3, card 2's recommendation): see :func:`drop_apart`.

>>> Label(seat=0, card=EQ, stand=1, slot=4).same, [c.name["en"] for c in CARDS]
(True, ['≠ Label', '= Label'])
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Literal, TypedDict, cast

from ....core.errors import ReasonCode
from ....core.events import Viewer
from ...actions import Action, Parser, bad
from ...errors import IllegalActionError, Reason
from ...model import Table
from ...observation_types import Observation
from ...turn import require_any_time, wire_at
from ...wires import cut_value
from ..base import ActionSpec, Events, Mechanism
from .tray import card, card_facts, on_board, require_card, usable, use_card

if TYPE_CHECKING:
    from ...deduction.tracker import Tracker


class LabelReason(ReasonCode):
    """Why a label cannot go on two wires."""

    NOT_ADJACENT = ("not_adjacent", "The two wires must be side by side on one of your stands.")
    LABEL_BOTH_CUT = ("label_both_cut", "At least one of the two wires must be uncut.")
    LABEL_NOT_DIFFERENT = (
        "label_not_different",
        "The ≠ label goes on two wires of different values (two yellows or two reds count as equal).",
    )
    LABEL_NOT_SAME = ("label_not_same", "The = label goes on two wires of the same value.")


ID = "labels"
NEQ: Literal[1] = 1
EQ: Literal[12] = 12
CARDS = (
    card(
        NEQ,
        "any_time",
        ID,
        ("≠ Label", "Mark two side-by-side wires of yours that have different values."),
        ("Etichetta ≠", "Segna due tuoi cavi vicini che hanno valori diversi."),
    ),
    card(
        EQ,
        "any_time",
        ID,
        ("= Label", "Mark two side-by-side wires of yours that have the same value."),
        ("Etichetta =", "Segna due tuoi cavi vicini che hanno lo stesso valore."),
    ),
)
Kind = Literal["neq", "eq"]


def _as_card(raw: object, name: str) -> Literal[1, 12]:
    if raw == NEQ and not isinstance(raw, bool):
        return NEQ
    if raw == EQ and not isinstance(raw, bool):
        return EQ
    raise bad(f"{name} must be 1 (≠) or 12 (=)")


@dataclass(frozen=True)
class Label(Action):
    """Equipment 1 (≠) or 12 (=): label two adjacent wires ``slot`` and ``slot + 1`` of yours."""

    type: ClassVar[str] = "label"
    parsers: ClassVar[Mapping[str, Parser]] = {"card": _as_card}
    seat: int
    card: Literal[1, 12]
    stand: int
    slot: int

    @property
    def same(self) -> bool:
        """True for the = label, False for ≠."""
        return self.card == EQ


@dataclass(frozen=True)
class LabelsPart:
    """The labels on the table: (kind, left wire id, right wire id), in the order placed."""

    placed: tuple[tuple[Kind, int, int], ...] = ()

    def to_json(self) -> list[list[object]]:
        return [list(label) for label in self.placed]


class LabelView(TypedDict):
    kind: Kind
    stand: int
    slots: list[int]


class LabelsView(TypedDict):
    """``observation["mechanisms"]["labels"]``: where each label lies now."""

    placed: list[LabelView]


def view(obs: Observation) -> list[LabelView]:
    """The labels an observation shows (none in a mission without label cards)."""
    part = cast("LabelsView | None", obs["mechanisms"].get(ID))
    return part["placed"] if part else []


def drop_apart(s: Table) -> int:
    """Remove every label whose two wires are no longer side by side; how many went."""
    part = s.parts.get(ID)
    if not isinstance(part, LabelsPart):
        return 0
    kept = tuple(label for label in part.placed if _adjacent(s, label[1], label[2]))
    if len(kept) != len(part.placed):
        s.set_part(ID, LabelsPart(kept))
    return len(part.placed) - len(kept)


def _adjacent(s: Table, left: int, right: int) -> bool:
    stand, slot = s.position_of(left)
    ids = s.stands[stand]
    return slot + 1 < len(ids) and ids[slot + 1] == right


def _label(s: Table, a: Label) -> Events:
    require_any_time(s)
    if a.card not in (NEQ, EQ):
        raise IllegalActionError(Reason.MALFORMED, detail="labels are card 1 (≠) or card 12 (=)")
    require_card(s, a.card)
    left = wire_at(s, a.stand, a.slot)
    if s.owners[a.stand] != a.seat:
        raise IllegalActionError(Reason.NOT_OWN_STAND)
    if a.slot + 1 >= len(s.stands[a.stand]):
        raise IllegalActionError(LabelReason.NOT_ADJACENT)
    right = s.stands[a.stand][a.slot + 1]
    if s.cut[left] and s.cut[right]:
        raise IllegalActionError(LabelReason.LABEL_BOTH_CUT)
    same = cut_value(s.codes[left]) == cut_value(s.codes[right])
    if a.card == NEQ and same:
        raise IllegalActionError(LabelReason.LABEL_NOT_DIFFERENT)
    if a.card == EQ and not same:
        raise IllegalActionError(LabelReason.LABEL_NOT_SAME)
    events: Events = []
    use_card(s, a.card, a.seat, events, stand=a.stand, slots=[a.slot, a.slot + 1])
    placed = s.parts.get(ID, LabelsPart())
    s.set_part(ID, LabelsPart((*placed.placed, ("eq" if a.same else "neq", left, right))))
    return events


def _legal(s: Table, seat: int) -> Iterator[Label]:
    neq, eq = usable(s, NEQ), usable(s, EQ)
    if not (neq or eq):
        return
    for stand in s.seat_stands[seat]:
        ids = s.stands[stand]
        for slot in range(len(ids) - 1):
            left, right = ids[slot], ids[slot + 1]
            if s.cut[left] and s.cut[right]:
                continue
            same = cut_value(s.codes[left]) == cut_value(s.codes[right])
            if same and eq:
                yield Label(seat, EQ, stand, slot)
            elif not same and neq:
                yield Label(seat, NEQ, stand, slot)


def _view(s: Table) -> LabelsView:
    placed: list[LabelView] = []
    for kind, left, _right in s.part(ID, LabelsPart).placed:
        stand, slot = s.position_of(left)
        placed.append({"kind": kind, "stand": stand, "slots": [slot, slot + 1]})
    return {"placed": placed}


def _read_label(event: Mapping[str, Any], tracker: Tracker) -> None:
    """The two wires have the same class (=) or different ones (≠); it stays true of those two
    wires wherever a Walkie-Talkies exchange moves them, so it is stated on the wires, not on the
    label's place."""
    # Imported here: the solver loads only when a page or a bot first asks for odds.
    from ...deduction.facts import SameClass

    left, right = (tracker.wire(event["stand"], slot) for slot in event["slots"])
    tracker.add(SameClass(left, right, event["card"] == EQ))


def _read_placed(part: Mapping[str, Any], tracker: Tracker) -> None:
    """A label lying on the board now lies over two side-by-side wires it is true of (one that no
    longer does was removed: :func:`drop_apart`)."""
    # Imported here: the solver loads only when a page or a bot first asks for odds.
    from ...deduction.facts import SameClass

    for label in part.get("placed", ()):
        stand, (left, right) = label["stand"], label["slots"]
        same = label["kind"] == "eq"
        tracker.add(SameClass(tracker.wire(stand, left), tracker.wire(stand, right), same))


class Labels(Mechanism[LabelsPart]):
    id = ID
    reasons = LabelReason
    actions = (ActionSpec(Label, "any_time", _legal, _label),)
    facts = {"equipment": card_facts((NEQ, EQ), _read_label)}
    part_facts = staticmethod(_read_placed)

    def init_part(self, table: Table) -> LabelsPart:
        return LabelsPart()

    def observe(self, table: Table, viewer: Viewer) -> LabelsView | None:
        if not on_board(table, (NEQ, EQ)):  # still face down in the yellow card's reserve
            return None
        return _view(table)


MECHANISM = Labels()
