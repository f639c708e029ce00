"""The core fact readers: info tokens, cuts and cut wires (registered on import; see ``readers``).

* ``token`` / ``token_announced``: that wire has that value (``SlotIn``);
* ``wire_cut``: that wire is cut (its label is in the final observation);
* ``cut`` (a Dual Cut, with or without a detector; one value or two with the X-or-Y ray; its
  ``red_as`` lists the blue values a mission turns red, which "red" and "not red" then include): the
  actor held every announced value among his uncut wires of that moment, on all his stands
  (``AtLeastOne``), whatever the outcome; then by outcome:

  - ``hit``: at least one pointed wire has an announced value (the owner of a detector picks
    which one is cut, and the actor then cuts one of his own of that value: each shows in the
    ``wire_cut`` events that follow, but until then, and for the second value of an X-or-Y ray
    for good, the facts are what the event proves);
  - ``miss``: no pointed wire has an announced value, and they are not all red (kept as
    ``pointed``, how many wires of which stand, when the wires are forgotten: mission 50);
  - ``red``: every pointed wire is red (an explosion, or the Stabilizer held it);
* the ``stands`` part: an info token shown in front of a hidden wire now (the log says it too).

``solo`` and ``reveal`` need no reader: the wires they cut show in their ``wire_cut`` events, and
the rules that allowed them (every copy left of the value; only red wires) add nothing more.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.redwire.deduction.codes import BLUE_VALUES, RED, YELLOW, class_of_json
from engine.redwire.deduction.facts import AtLeastOne, SlotIn, SlotNotIn, class_codes
from engine.redwire.deduction.readers import register_event, register_part
from engine.redwire.deduction.tracker import Tracker, Wire

#: Every code but the red ones: what a wire that is "not red" may be.
NOT_RED = class_codes([YELLOW, *BLUE_VALUES])


def red_as(tracker: Tracker) -> tuple[int, ...]:
    """The blue values a mission turns red, as readers noted them (``tracker.memo``)."""
    return tuple(tracker.memo.get("red_as", ()))


def not_red(tracker: Tracker) -> tuple[int, ...]:
    """What a wire that is "not red" may be: not red, and not a value the mission turns red."""
    turned = red_as(tracker)
    if not turned:
        return NOT_RED
    return class_codes([v for v in (YELLOW, *BLUE_VALUES) if v not in turned])


def in_hand(tracker: Tracker, seat: int) -> tuple[Wire, ...]:
    """The uncut wires ``seat`` holds and sees: his hand as the rules read it (``Table.hand``).
    A wire turned round (``memo["own_hidden"]``, a flipped wire) is not one its owner knows he
    holds, so "he holds only red wires, he must reveal them" and "he holds every copy left"
    speak of the others."""
    hidden = tracker.memo.get("own_hidden", ())
    return tuple(w for w in tracker.uncut_of_seat(seat) if w not in hidden)


def read_token(event: Mapping[str, Any], tracker: Tracker) -> None:
    wire = tracker.wire(event["stand"], event["slot"])
    tracker.add(SlotIn.classes(wire, class_of_json(event["value"])))


def read_wire_cut(event: Mapping[str, Any], tracker: Tracker) -> None:
    tracker.cut(tracker.wire(event["stand"], event["slot"]))


def read_cut(event: Mapping[str, Any], tracker: Tracker) -> None:
    values = tuple(class_of_json(v) for v in event["values"])
    turned = tuple(int(v) for v in event.get("red_as", ()))  # values that count as red
    held = in_hand(tracker, int(event["seat"]))
    for value in values:
        tracker.add(AtLeastOne.classes(held, value))
    if "pointed" in event:  # a miss whose wires are forgotten (mission 50's memory option)
        read_forgotten_miss(event["pointed"], values, tracker)
        return
    targets = [tracker.wire(stand, slot) for stand, slot in event["targets"]]
    outcome = event["outcome"]
    if outcome == "hit":
        tracker.add(AtLeastOne.classes(targets, *values))
    elif outcome == "miss":
        for wire in targets:
            tracker.add(SlotNotIn.classes(wire, *values))
        tracker.add(AtLeastOne(tuple(targets), not_red(tracker)))
    elif outcome == "red":
        for wire in targets:
            tracker.add(SlotIn.classes(wire, RED, *turned))


def read_forgotten_miss(
    pointed: Sequence[Sequence[int]], values: tuple[int, ...], tracker: Tracker
) -> None:
    """A miss kept as "k wires of stand S" (``pointed``), the wires forgotten. Exactly what it
    proves: each such stand had at least k uncut wires of no announced value, and one of the
    wires pointed at, on any of those stands, was neither an announced value nor red (a miss
    is not all red). The token it laid, beside a stand, is a fact of its own."""
    from engine.redwire.deduction.facts import Count

    wires: list[Any] = []
    for stand, k in pointed:
        uncut = tracker.uncut(int(stand))
        wires += uncut
        tracker.add(Count.classes(uncut, *values, low=0, high=len(uncut) - int(k)))
    others = tuple(c for c in not_red(tracker) if c not in class_codes(values))
    tracker.add(AtLeastOne(tuple(wires), others))


def read_stands(stands: Sequence[Mapping[str, Any]], tracker: Tracker) -> None:
    for s, stand in enumerate(stands):
        for i, slot in enumerate(stand["slots"]):
            if slot.get("wire") is None and slot.get("info") is not None:
                tracker.add(SlotIn.classes(tracker.wire(s, i), class_of_json(slot["info"])))


register_event("token", read_token)
register_event("token_announced", read_token)
register_event("wire_cut", read_wire_cut)
register_event("cut", read_cut)
register_part("stands", read_stands)
