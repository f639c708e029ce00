"""The registry of fact readers: how events and observation parts become facts.

``position_from_observation`` (``observe``) builds the pool and the stands itself, then hands each
event of the observation's log, in order, to the readers registered for its ``type``, and each part
of the observation to the readers registered for its name. A reader writes what the event or part
proves into a ``Tracker`` (``tracker``): facts about wires, cut wires, moved wires.

* ``register_event(event_type, reader)``: ``reader(event, tracker)`` for every event of that type
  (``event`` is the viewer's view of it: ``{"type": ..., **public fields, "secret": ...}``);
* ``register_part(part_name, reader)``: ``reader(part, tracker)`` once, after the log, with
  ``observation["mechanisms"][part_name]`` if the observation has it, else
  ``observation[part_name]`` (parts a mechanism adds to the observation; absent: not called).

Both return the reader (so they can decorate it). Several readers may take the same event type or
part; they run in the order they were registered. An event type or part that no reader takes is
ignored: a fact not read only makes the odds less sharp, never wrong, so a reader may leave out
what it cannot express, but must never add a fact that is not certain for the viewer.

The core readers (tokens, cuts, cut wires) live in ``readers_core``. Each mechanism brings the
readers of what its events prove as its ``facts`` (``engine/redwire/mechanisms/``: the Radar's
answers, the Walkie-Talkies' moves, the labels, ...), registered here by
``register_mechanism_readers`` before the first event or part is read. A reader is a plain
function; for instance one for an "x token" (value v occurs n times on a stand, cut wires
included)::

    def read_x_token(event, tracker):
        from engine.redwire.deduction.facts import Count, class_codes
        wires = tracker.wires(event["stand"])
        n = event["count"]
        tracker.add(Count(wires, class_codes([event["value"]]), n, n))

>>> from engine.redwire.deduction.facts import SlotIn
>>> def read_ping(event, tracker):
...     tracker.add(SlotIn(tracker.wire(event["stand"], event["slot"]), (70,)))
>>> _ = register_event("ping", read_ping)
>>> tracker = Tracker([1], [0])
>>> read_event({"type": "ping", "stand": 0, "slot": 0}, tracker)
>>> read_event({"type": "no reader for me"}, tracker)      # ignored
>>> tracker.facts(), unregister_event("ping", read_ping)
([SlotIn(slot=(0, 0), codes=(70,))], None)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from typing import Any, TypeVar

from engine.redwire.deduction.tracker import Tracker

#: ``reader(event, tracker)``: what one event (the viewer's view of it) proves.
EventReader = Callable[[Mapping[str, Any], Tracker], None]
#: ``reader(part, tracker)``: what one part of the observation proves.
PartReader = Callable[[Any, Tracker], None]

E = TypeVar("E", bound=EventReader)
P = TypeVar("P", bound=PartReader)

_EVENTS: dict[str, list[EventReader]] = {}
_PARTS: dict[str, list[PartReader]] = {}


@cache
def register_mechanism_readers() -> None:
    """Register the fact readers of every mechanism (``Mechanism.facts``, ``part_facts``), once.

    Called by every reading entry point (``read_event``, ``read_parts``, ``event_types``), not
    on import: the mechanisms import the engine, and the engine imports the solver only when
    someone asks for odds. (A reader of a log called before anything else had registered them
    used to skip the mechanisms' events: the Walkie-Talkies' swaps were then not followed.)
    """
    from engine.redwire import mechanisms

    for mechanism in mechanisms.ALL:
        for event_type, reader in mechanism.facts.items():
            register_event(event_type, reader)
        if mechanism.part_facts is not None:
            register_part(mechanism.id, mechanism.part_facts)


def register_event(event_type: str, reader: E) -> E:
    """Call ``reader(event, tracker)`` for every logged event of ``event_type``."""
    found = _EVENTS.setdefault(event_type, [])
    if reader not in found:
        found.append(reader)
    return reader


def register_part(part_name: str, reader: P) -> P:
    """Call ``reader(part, tracker)`` with the observation's part ``part_name`` (see the module
    docstring for where it is looked up)."""
    found = _PARTS.setdefault(part_name, [])
    if reader not in found:
        found.append(reader)
    return reader


def unregister_event(event_type: str, reader: EventReader) -> None:
    """Forget a reader (tests; a mechanism moving its readers)."""
    if reader in _EVENTS.get(event_type, []):
        _EVENTS[event_type].remove(reader)


def unregister_part(part_name: str, reader: PartReader) -> None:
    """Forget a part reader."""
    if reader in _PARTS.get(part_name, []):
        _PARTS[part_name].remove(reader)


def read_event(event: Mapping[str, Any], tracker: Tracker) -> None:
    """Hand ``event`` to the readers of its type (none: nothing happens)."""
    register_mechanism_readers()
    for reader in _EVENTS.get(str(event.get("type")), ()):
        reader(event, tracker)


def read_parts(observation: Mapping[str, Any], tracker: Tracker) -> None:
    """Hand every registered part that ``observation`` has to its readers."""
    register_mechanism_readers()
    extra = observation.get("mechanisms")
    for name, readers in list(_PARTS.items()):
        if isinstance(extra, Mapping) and name in extra:
            part = extra[name]
        elif name in observation:
            part = observation[name]
        else:
            continue
        for reader in readers:
            reader(part, tracker)


def event_types() -> list[str]:
    """The event types some reader takes, sorted."""
    register_mechanism_readers()
    return sorted(kind for kind, readers in _EVENTS.items() if readers)
