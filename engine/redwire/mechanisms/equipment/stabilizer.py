"""Equipment 9, Stabilizer: played at the start of your turn, your Dual Cut this turn can
neither move the detonator nor explode (B3: a red wire stays where it is, and no token is placed
on it).

The core asks every mechanism in play whether the cut is shielded (``shields_cut``) and records
the answer in the ``cut`` event's ``stabilized`` field; the shield ends with the turn.

>>> CARDS[0].timing
'start_of_turn'
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, TypedDict, cast

from ....core.errors import ReasonCode
from ....core.events import Viewer
from ...actions import Action
from ...errors import IllegalActionError
from ...model import Table
from ...turn import forbid_if_must_reveal, require_own_turn
from ..base import ActionSpec, Events, Mechanism
from .tray import card, card_facts, on_board, require_card, usable, use_card

if TYPE_CHECKING:
    from ...deduction.tracker import Tracker
    from ...observation_types import Observation


class StabilizerReason(ReasonCode):
    """The Stabilizer's refusal."""

    ALREADY_STABILIZED = ("already_stabilized", "The Stabilizer is already active this turn.")


ID = "stabilizer"
NUMBER = 9
CARDS = (
    card(
        NUMBER,
        "start_of_turn",
        ID,
        (
            "Stabilizer",
            "This turn a wrong Dual Cut does not move the detonator, and a red wire does not explode.",
        ),
        (
            "Stabilizzatore",
            "In questo turno un taglio in coppia sbagliato non muove il detonatore e un cavo rosso non esplode.",
        ),
    ),
)


@dataclass(frozen=True)
class Stabilize(Action):
    """Equipment 9, at the start of your turn: your Dual Cut cannot move the dial or explode."""

    type: ClassVar[str] = "stabilize"
    seat: int


@dataclass(frozen=True)
class Shield:
    """Is the Stabilizer active this turn?"""

    active: bool = False

    def to_json(self) -> bool:
        return self.active


class StabilizerView(TypedDict):
    """``observation["mechanisms"]["stabilizer"]``."""

    active: bool


def active(obs: Observation) -> bool:
    """Whether an observation shows the Stabilizer active this turn."""
    part = cast("StabilizerView | None", obs["mechanisms"].get(ID))
    return bool(part and part["active"])


def _shielded(s: Table) -> bool:
    part = s.parts.get(ID)
    return isinstance(part, Shield) and part.active


def _stabilize(s: Table, a: Stabilize) -> Events:
    require_own_turn(s, a.seat)
    forbid_if_must_reveal(s, a.seat)
    require_card(s, NUMBER)
    if _shielded(s):
        raise IllegalActionError(StabilizerReason.ALREADY_STABILIZED)
    events: Events = []
    use_card(s, NUMBER, a.seat, events)
    s.set_part(ID, Shield(True))
    return events


def _legal(s: Table, seat: int) -> Iterator[Stabilize]:
    if usable(s, NUMBER) and not _shielded(s):
        yield Stabilize(seat)


def read_not_only_red(event: Mapping[str, Any], tracker: Tracker) -> None:
    """The card's user was not holding red wires only (else they must reveal them): one of the
    uncut wires in their hand is not red (a flipped wire they cannot see is not in it)."""
    # Imported here: the solver loads only when a page or a bot first asks for odds.
    from ...deduction.facts import AtLeastOne
    from ...deduction.readers_core import in_hand, not_red

    tracker.add(AtLeastOne(in_hand(tracker, int(event["seat"])), not_red(tracker)))


class Stabilizer(Mechanism[Shield]):
    id = ID
    reasons = StabilizerReason
    actions = (ActionSpec(Stabilize, "turn", _legal, _stabilize),)
    facts = {"equipment": card_facts((NUMBER,), read_not_only_red)}

    def init_part(self, table: Table) -> Shield:
        return Shield()

    def shields_cut(self, table: Table) -> bool:
        return self.part(table).active

    def end_turn(self, table: Table, events: Events) -> None:
        if self.part(table).active:
            table.set_part(ID, Shield())

    def observe(self, table: Table, viewer: Viewer) -> StabilizerView | None:
        if not on_board(table, (NUMBER,)):  # still face down in the yellow card's reserve
            return None
        return {"active": self.part(table).active}


MECHANISM = Stabilizer()
