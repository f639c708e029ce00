"""Fact readers of the equipment cards (registered on import; see ``readers``).

They live here until the engine's mechanism modules (``engine/redwire/mechanisms/``) own them and
register them the same way.

* ``radar`` (card 8): per stand, "yes" means one of its uncut wires is that blue value
  (``AtLeastOne``), "no" that none is (``SlotNotIn`` on each);
* ``walkie`` (card 2): both wires leave their stands (each lay between its neighbours), then each
  is inserted in sorted position on the other stand, after any wire of an equal code (``Tracker``
  records those ``Order`` facts); a seat of the swap knows the wire it gave away (``secret``);
* ``equipment`` card 1 / 12 (labels ≠ / =): the two wires have different / the same class
  (``SameClass``: it stays true of the two wires when one of them is moved away);
* ``equipment`` card 9 (Stabilizer) / 11 (Coffee Mug): allowed only to a seat that does not hold
  red wires only, so the user holds an uncut wire that is not red.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.redwire.deduction.codes import code_of_label
from engine.redwire.deduction.facts import AtLeastOne, SameClass, SlotIn, SlotNotIn
from engine.redwire.deduction.readers import register_event
from engine.redwire.deduction.readers_core import NOT_RED
from engine.redwire.deduction.tracker import Tracker

LABEL_CARDS = {1: False, 12: True}  # card -> the two wires have the same class
NOT_ONLY_RED_CARDS = (9, 11)


def read_radar(event: Mapping[str, Any], tracker: Tracker) -> None:
    value = int(event["value"])
    for stand, yes in enumerate(event["answers"]):
        wires = tracker.uncut(stand)
        if yes:
            tracker.add(AtLeastOne.classes(wires, value))
        else:
            for wire in wires:
                tracker.add(SlotNotIn.classes(wire, value))


def read_walkie(event: Mapping[str, Any], tracker: Tracker) -> None:
    seat_stand, seat_slot = event["from_seat"]
    partner_stand, partner_slot = event["from_partner"]
    given = tracker.take(seat_stand, seat_slot)
    taken = tracker.take(partner_stand, partner_slot)
    tracker.put(given, *event["to_partner"])
    tracker.put(taken, *event["to_seat"])
    secret = event.get("secret")
    if secret and tracker.viewer is not None:  # the viewer knows the wire he gave away
        away = given if tracker.viewer == event["seat"] else taken
        tracker.add(SlotIn(away, (code_of_label(secret["gave"]),)))


def read_equipment(event: Mapping[str, Any], tracker: Tracker) -> None:
    card = event.get("card")
    if card in LABEL_CARDS:
        stand = event["stand"]
        left, right = (tracker.wire(stand, slot) for slot in event["slots"])
        tracker.add(SameClass(left, right, LABEL_CARDS[card]))
    elif card in NOT_ONLY_RED_CARDS:
        tracker.add(AtLeastOne(tracker.uncut_of_seat(int(event["seat"])), NOT_RED))


register_event("radar", read_radar)
register_event("walkie", read_walkie)
register_event("equipment", read_equipment)
