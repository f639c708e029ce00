"""Equipment 2, Walkie-Talkies: two seats exchange a wire, each sight unseen.

The user puts forward one of their uncut wires (public: everyone sees which slot), the partner
then picks one of theirs to give back (a decision of this mechanism: the ``walkie_give`` phase).
Each wire goes in sorted position on the stand the other came from; tokens travel with their
wire, and a label whose two wires are no longer side by side is removed (:mod:`.labels`). Only
the two seats learn which wires changed hands (the event's secret part).

>>> WALKIE_GIVE.value
'walkie_give'
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from ....core.events import Event
from ...actions import Action
from ...model import Pending, Phase, Table
from ...turn import (
    check_teammate,
    close_pick,
    ignored,
    open_pick,
    own_uncut_wire,
    require_any_time,
)
from ...wires import label_of
from ..base import ActionSpec, Events, Mechanism, PickSpec, name_of
from .labels import drop_apart
from .tray import card, require_card, usable, use_card

if TYPE_CHECKING:
    from ...deduction.tracker import Tracker

ID = "walkie"
NUMBER = 2
CARDS = (
    card(
        NUMBER,
        "any_time",
        ID,
        (
            "Walkie-Talkies",
            "Give one of your uncut wires to a teammate; they give you one of theirs.",
        ),
        ("Walkie-talkie", "Dai un tuo cavo non tagliato a un compagno; lui te ne dà uno dei suoi."),
    ),
)
#: The partner picks the wire they give back.
WALKIE_GIVE = Phase.declare("walkie_give")


@dataclass(frozen=True)
class Walkie(Action):
    """Equipment 2: give one of your uncut wires to ``partner``, who gives one back."""

    type: ClassVar[str] = "walkie"
    seat: int
    stand: int
    slot: int
    partner: int


def _walkie(s: Table, a: Walkie) -> Events:
    require_any_time(s)
    require_card(s, NUMBER)
    own_uncut_wire(s, a.seat, a.stand, a.slot)
    partner = check_teammate(s, a.seat, a.partner)
    events: Events = []
    use_card(s, NUMBER, a.seat, events, stand=a.stand, slot=a.slot, partner=partner)
    ask_partner(s, a.seat, a.stand, a.slot, partner)
    return events


def ask_partner(s: Table, seat: int, stand: int, slot: int, partner: int) -> None:
    """The partner of an exchange (the card's or a character's) picks the wire to give back; the
    decision the exchange interrupted comes back after it (:func:`~...turn.open_pick`)."""
    skip = ignored(s)  # an X wire is never given (mission 35's E2 Walkie-Talkies)
    options = tuple((st, sl) for st, sl, _ in s.hand(partner) if s.stands[st][sl] not in skip)
    open_pick(s, Pending(WALKIE_GIVE, partner, options, actor=seat, given=(stand, slot)))


def _legal(s: Table, seat: int) -> Iterator[Walkie]:
    if not usable(s, NUMBER):
        return
    partners = [p for p in range(s.players) if p != seat and s.has_wires(p)]
    for stand, slot, _ in s.hand(seat):
        for partner in partners:
            yield Walkie(seat, stand, slot, partner)


def _swap(s: Table, pending: Pending, stand: int, slot: int, events: Events) -> None:
    """Exchange the two wires; each goes in sorted position on the stand the other came from."""
    assert pending.given is not None and pending.actor is not None  # set with WALKIE_GIVE
    partner = pending.seat
    assert partner is not None
    user_stand, user_slot = pending.given
    mine = s.stands[user_stand].pop(user_slot)
    theirs = s.stands[stand].pop(slot)
    to_partner = insert_sorted(s, stand, mine)
    to_user = insert_sorted(s, user_stand, theirs)
    removed = drop_apart(s)
    events.append(
        Event(
            "walkie",
            {
                "seat": pending.actor,
                "partner": partner,
                "from_seat": [user_stand, user_slot],
                "from_partner": [stand, slot],
                "to_partner": [stand, to_partner],
                "to_seat": [user_stand, to_user],
                "labels_removed": removed,
            },
            {
                pending.actor: {"gave": label_of(s.codes[mine]), "got": label_of(s.codes[theirs])},
                partner: {"gave": label_of(s.codes[theirs]), "got": label_of(s.codes[mine])},
            },
        )
    )
    close_pick(s)


def insert_sorted(s: Table, stand: int, wire: int) -> int:
    """Into the sorted part of the stand: right of the unsorted wires at its far left (mission
    64's lower flipped wire), left of those at its far right (X wires, flipped wires)."""
    apart: frozenset[int] = frozenset().union(*(m.unsorted_wires(s) for m in s.mechanisms))
    left: frozenset[int] = frozenset().union(*(m.left_apart(s) for m in s.mechanisms))
    wires = s.stands[stand]
    start = next((i for i, w in enumerate(wires) if w not in left), len(wires))
    end = next((i for i in range(start, len(wires)) if wires[i] in apart), len(wires))
    keys = [s.codes[w] for w in wires[start:end]]
    index = start + bisect_right(keys, s.codes[wire])
    s.stands[stand].insert(index, wire)
    return index


def _read_walkie(event: Mapping[str, Any], tracker: Tracker) -> None:
    """Both wires leave their stands, then each goes in sorted place on the other one (after any
    wire of an equal code: the ``Tracker`` records that order); a seat of the swap knows the wire
    it gave away."""
    # Imported here: the solver loads only when a page or a bot first asks for odds.
    from ...deduction.codes import code_of_label
    from ...deduction.facts import SlotIn

    seat_stand, seat_slot = event["from_seat"]
    partner_stand, partner_slot = event["from_partner"]
    given = tracker.take(seat_stand, seat_slot)
    taken = tracker.take(partner_stand, partner_slot)
    tracker.put(given, *event["to_partner"])
    tracker.put(taken, *event["to_seat"])
    secret = event.get("secret")
    if secret and tracker.viewer is not None:
        away = given if tracker.viewer == event["seat"] else taken
        tracker.add(SlotIn(away, (code_of_label(secret["gave"]),)))


class WalkieTalkies(Mechanism[None]):
    id = ID
    actions = (ActionSpec(Walkie, "any_time", _legal, _walkie),)
    picks = (
        PickSpec(
            WALKIE_GIVE,
            _swap,
            waiting="the Walkie-Talkies exchange is under way",
            expected="give one of your uncut wires",
        ),
    )
    events = ("walkie",)
    facts = {"walkie": _read_walkie}
    lines = {
        "walkie": lambda e, n, o: (
            f"{name_of(n, e['seat'])} and {name_of(n, e['partner'])} exchange a wire with the Walkie-Talkies."
            + (
                f" (You gave {e['secret']['gave']} and got {e['secret']['got']}.)"
                if e.get("secret")
                else ""
            )
        )
    }


MECHANISM = WalkieTalkies()
