"""From an engine observation (JSON, see docs/engine.md) to the ``Position`` of its viewer.

What a seat knows, and where it comes from:

* the pool: ``blue_values`` and the red / yellow ``markers`` (a certain draw gives certain codes; a
  "k of m" draw a ``Group``);
* known slots: the viewer's own wires and every cut wire (their labels), cut slots marked ``cut``;
  a stand's ``owner`` may be ``None`` (wires nobody holds); where each wire was dealt (``dealt``:
  the stands as dealt are what a world's weight counts);
* the facts: the log is replayed event by event on a ``Tracker`` (which follows every wire through
  swaps) by the readers registered for each event type, then each registered part of the
  observation is read (``readers``; the core readers in ``readers_core``; each mechanism's readers
  are its ``facts``, in ``engine/redwire/mechanisms/``). An event type no reader takes is ignored:
  the odds are then less sharp, never wrong.

The choices players make (which wire gets the setup token, which wire a detector's owner cuts,
which wire the Walkie-Talkies partner gives) are not modelled: a world's weight is that of a random
deal, consistent with everything the viewer saw happen.

>>> from engine.redwire.deduction import solve
>>> obs = {"viewer": 0, "blue_values": [1, 2], "log": [],
...        "markers": {"red": {"values": [], "in_play": 0, "certain": False},
...                    "yellow": {"values": [], "in_play": 0, "certain": False}},
...        "stands": [{"owner": 0, "slots": [{"cut": False, "wire": w, "info": None}
...                                          for w in ("1", "1", "2", "2")]},
...                   {"owner": 1, "slots": [{"cut": False, "wire": None, "info": None}] * 4}]}
>>> solve(position_from_observation(obs)).class_probabilities((1, 0))
{1: Fraction(1, 1)}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.redwire.deduction import readers_core
from engine.redwire.deduction.codes import code_of_label
from engine.redwire.deduction.position import Group, Pool, Position, Stand
from engine.redwire.deduction.readers import read_event, read_parts, register_mechanism_readers
from engine.redwire.deduction.tracker import Tracker

#: Events of a wire joining a stand from a face-down pile (Nano's), at ``stand``.
JOINS = frozenset({"nano_insert", "pile_join"})
#: Events of a wire taken from one stand to another (the Grappling Hook): ``from`` and ``to``,
#: each ``[stand, slot]``.
MOVES = frozenset({"hook"})
# Imported for the readers it registers.
_READERS = (readers_core,)


def position_from_observation(obs: Mapping[str, Any]) -> Position:
    """The ``Position`` of the observation's viewer (a seat, a spectator, or the seer)."""
    register_mechanism_readers()
    stands_json = obs["stands"]
    viewer = obs.get("viewer")
    seat = viewer if isinstance(viewer, int) and not isinstance(viewer, bool) else None
    owners: list[int | None] = [
        None if s.get("owner") is None else int(s["owner"]) for s in stands_json
    ]
    sizes = [len(stand["slots"]) for stand in stands_json]
    for event in obs.get("log", ()):  # a stand as dealt: without the wires taken from Nano
        if event.get("type") in JOINS:
            sizes[int(event["stand"])] -= 1
        elif event.get("type") in MOVES:  # with the wires taken away, without those brought
            sizes[int(event["from"][0])] += 1
            sizes[int(event["to"][0])] -= 1
    # Wires dealt face down to nobody (Nano's): one more stand, owned by nobody, in no order,
    # as dealt (a wire taken from it moves to a stand as the log says).
    piles = _piles(obs)
    for _ in piles:
        owners.append(None)
    tracker = Tracker([*sizes, *piles], owners, seat)
    for k, count in enumerate(piles):
        stand = len(sizes) + k
        tracker.memo["pile"] = stand
        for slot in range(count):
            tracker.mark_unsorted(tracker.wire(stand, slot))
    for event in obs.get("log", ()):
        read_event(event, tracker)
    read_parts(obs, tracker)
    pool = _pool(obs)
    stands = []
    for s, stand_json in enumerate(stands_json):
        slots = stand_json["slots"]
        known = tuple(None if x["wire"] is None else code_of_label(x["wire"]) for x in slots)
        cut = tuple(i for i, x in enumerate(slots) if x["cut"])
        stands.append(Stand(owners[s], known, cut, tracker.unsorted_slots(s)))
    outside = _outside(obs)
    for s in range(len(sizes), len(owners)):
        if outside is not None:
            # A pile outside the deal (mission 54's reds on the card): its wires still there
            # leave the position; the wires that joined a stand are "k of" its colour, k the
            # wires taken, each a place of its own (the empty stand keeps their origin).
            stands.append(Stand(None, (), (), frozenset()))
            pool = _outside_pool(pool, outside)
            continue
        left = len(tracker.wires(s))
        stands.append(Stand(None, (None,) * left, (), tracker.unsorted_slots(s)))
    dealt = tuple(
        () if s >= len(sizes) and outside is not None else tracker.wires(s)
        for s in range(len(stands))
    )
    return Position(pool, tuple(stands), tuple(tracker.facts()), seat, dealt)


def _piles(obs: Mapping[str, Any]) -> list[int]:
    """How many wires each face-down pile of a mechanism was dealt (``{"pile": {"dealt": n}}``
    in its part of the observation: Nano's)."""
    found = []
    for part in obs.get("mechanisms", {}).values():
        if isinstance(part, dict) and isinstance(part.get("pile"), dict):
            found.append(int(part["pile"]["dealt"]))
    return found


def _outside(obs: Mapping[str, Any]) -> tuple[str, int] | None:
    """A pile whose order is not part of the deal (``{"pile": {"outside": true}}``: mission 54's
    reds waiting on the card): its colour and how many wires left it; None: no such pile."""
    for part in obs.get("mechanisms", {}).values():
        pile = part.get("pile") if isinstance(part, dict) else None
        if isinstance(pile, dict) and pile.get("outside"):
            return str(part["colour"]), int(pile["dealt"]) - int(pile["left"])
    return None


def _outside_pool(pool: Pool, outside: tuple[str, int]) -> Pool:
    """The pool without the pile's wires still on it: of the pile's colour (every wire of it,
    certain in play), only the ``taken`` that joined a stand, any of them (the pile was
    shuffled: the wires taken are any ``taken`` of them, equally likely, in any order)."""
    colour, taken = outside
    rest = 1 if colour == "yellow" else 5
    mine = tuple(c for c in pool.certain if c % 10 == rest)
    certain = tuple(c for c in pool.certain if c % 10 != rest)
    groups = pool.groups + ((Group(mine, taken),) if taken else ())
    return Pool(pool.blue, certain, groups)


def _pool(obs: Mapping[str, Any]) -> Pool:
    low, high = obs["blue_values"]
    certain: dict[str, list[int]] = {"red": [], "yellow": []}
    groups: list[Group] = []
    for colour in ("red", "yellow"):
        marker = obs["markers"][colour]
        codes = tuple(code_of_label(label) for label in marker["values"])
        keep = int(marker["in_play"])
        if marker["certain"] or keep == len(codes):
            if keep != len(codes):
                raise ValueError(f"{keep} {colour} wires in play but {len(codes)} markers")
            certain[colour] += codes
        else:
            groups.append(Group(codes, keep))
    blue = range(int(low), int(high) + 1)
    return Pool.standard(blue, red=certain["red"], yellow=certain["yellow"], groups=groups)
