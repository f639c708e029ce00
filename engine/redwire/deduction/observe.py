"""From an engine observation (JSON, see docs/engine.md) to the ``Position`` of its viewer.

What a seat knows, and where it comes from:

* the pool: ``blue_values`` and the red / yellow ``markers`` (a certain draw gives certain codes; a
  "k of m" draw a ``Group``);
* known slots: the viewer's own wires and every cut wire (their labels), cut slots marked ``cut``;
* the log, replayed wire by wire (a Walkie-Talkies swap moves two wires, and what was learnt about a
  wire moves with it):
  - ``token`` / ``token_announced``: that wire has that value (``SlotIn``);
  - ``cut`` missed: no pointed wire has an announced value (``SlotNotIn``), and the actor held every
    announced value among his uncut wires of that moment, on all his stands (``AtLeastOne``);
  - ``cut`` on red wires under the Stabilizer: every pointed wire is red, and the actor held the
    values;
  - ``radar``: per stand, "yes" is an ``AtLeastOne`` over its uncut wires, "no" a ``SlotNotIn`` on
    each of them;
  - ``walkie`` (secret part): the wire the viewer gave away is known exactly, on its new stand;
* the labels (= and ≠ tokens, ``mechanisms.labels.placed``) where they lie now.

A hit teaches nothing more than the wires it cuts. The choices players make (which wire gets the
setup token, which wire a detector's owner cuts) are not modelled: a world's weight is that of a
random deal, consistent with everything above. After a Walkie-Talkies swap that is only an
approximation (the wire given was chosen), but every fact stays true.

>>> from engine.redwire.deduction import solve
>>> obs = {"viewer": 0, "blue_values": [1, 2], "log": [], "labels": [],
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

from engine.redwire.deduction.codes import RED, class_of_json, code_of_label
from engine.redwire.deduction.facts import AtLeastOne, Fact, Label, SlotIn, SlotNotIn, SlotRef
from engine.redwire.deduction.position import Group, Pool, Position, Stand

Wire = tuple[int, int]  # a wire's identity: where it was dealt (stand, slot)


def position_from_observation(obs: Mapping[str, Any]) -> Position:
    """The ``Position`` of the observation's viewer (a seat, a spectator, or the seer)."""
    stands_json = obs["stands"]
    viewer = obs.get("viewer")
    replay = _Replay(
        [len(stand["slots"]) for stand in stands_json],
        [s["owner"] for s in stands_json],
        viewer if isinstance(viewer, int) else None,
    )
    for event in obs.get("log", ()):
        replay.apply(event)
    stands = []
    for stand_json in stands_json:
        slots = stand_json["slots"]
        known = tuple(None if s["wire"] is None else code_of_label(s["wire"]) for s in slots)
        cut = tuple(i for i, s in enumerate(slots) if s["cut"])
        stands.append(Stand(int(stand_json["owner"]), known, cut))
    facts = replay.facts()
    for s, stand_json in enumerate(stands_json):  # tokens shown now (also in the log, normally)
        for i, slot in enumerate(stand_json["slots"]):
            if slot["wire"] is None and slot["info"] is not None:
                facts.append(SlotIn.classes((s, i), class_of_json(slot["info"])))
    for label in obs.get("mechanisms", {}).get("labels", {}).get("placed", ()):
        facts.append(Label((int(label["stand"]), int(label["slots"][0])), label["kind"] == "eq"))
    return Position(
        _pool(obs),
        tuple(stands),
        tuple(dict.fromkeys(facts)),  # without repeats, in order
        viewer if isinstance(viewer, int) else None,
    )


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


class _Replay:
    """Replays the log on wire identities: where each wire is, which are cut, what is known."""

    def __init__(self, sizes: list[int], owners: list[int], viewer: int | None = None) -> None:
        self.where: list[list[Wire]] = [[(s, i) for i in range(n)] for s, n in enumerate(sizes)]
        self.owners = owners
        self.viewer = viewer
        self.known_codes: list[tuple[Wire, int]] = []
        self.cut: set[Wire] = set()
        self.known_in: list[tuple[Wire, tuple[int, ...]]] = []
        self.known_not_in: list[tuple[Wire, tuple[int, ...]]] = []
        self.needs: list[tuple[tuple[Wire, ...], tuple[int, ...]]] = []

    def wire(self, at: list[int] | tuple[int, int]) -> Wire:
        return self.where[int(at[0])][int(at[1])]

    def uncut_of_stand(self, stand: int) -> tuple[Wire, ...]:
        return tuple(w for w in self.where[stand] if w not in self.cut)

    def uncut_of_seat(self, seat: int) -> tuple[Wire, ...]:
        return tuple(
            w
            for s, owner in enumerate(self.owners)
            if owner == seat
            for w in self.uncut_of_stand(s)
        )

    def apply(self, event: Mapping[str, Any]) -> None:
        kind = event["type"]
        if kind == "wire_cut":
            self.cut.add(self.wire((event["stand"], event["slot"])))
        elif kind in ("token", "token_announced"):
            cls = class_of_json(event["value"])
            self.known_in.append((self.wire((event["stand"], event["slot"])), (cls,)))
        elif kind == "cut":
            self.apply_cut(event)
        elif kind == "radar":
            value = int(event["value"])
            for stand, yes in enumerate(event["answers"]):
                wires = self.uncut_of_stand(stand)
                if yes:
                    self.needs.append((wires, (value,)))
                else:
                    self.known_not_in += [(w, (value,)) for w in wires]
        elif kind == "walkie":
            self.apply_walkie(event)

    def apply_cut(self, event: Mapping[str, Any]) -> None:
        outcome = event["outcome"]
        if outcome == "hit":
            return  # the cuts that follow say it all
        values = tuple(class_of_json(v) for v in event["values"])
        targets = [self.wire(t) for t in event["targets"]]
        held = self.uncut_of_seat(int(event["seat"]))
        self.needs += [(held, (v,)) for v in values]
        if outcome == "miss":
            self.known_not_in += [(w, values) for w in targets]
        elif outcome == "red" and event.get("stabilized"):
            self.known_in += [(w, (RED,)) for w in targets]

    def apply_walkie(self, event: Mapping[str, Any]) -> None:
        """Both wires leave their stands, then each is inserted where the event says."""
        seat_stand, seat_slot = event["from_seat"]
        partner_stand, partner_slot = event["from_partner"]
        given = self.where[seat_stand].pop(seat_slot)
        taken = self.where[partner_stand].pop(partner_slot)
        self.where[event["to_partner"][0]].insert(event["to_partner"][1], given)
        self.where[event["to_seat"][0]].insert(event["to_seat"][1], taken)
        secret = event.get("secret")
        if secret and self.viewer is not None:  # the viewer knows the wire he gave away
            away = given if self.viewer == event["seat"] else taken
            self.known_codes.append((away, code_of_label(secret["gave"])))

    def facts(self) -> list[Fact]:
        """Everything learnt, at the wires' current places."""
        place = {w: (s, i) for s, wires in enumerate(self.where) for i, w in enumerate(wires)}

        def at(wire: Wire) -> SlotRef:
            return place[wire]

        facts: list[Fact] = [SlotIn.classes(at(w), *c) for w, c in self.known_in]
        facts += [SlotIn(at(w), (code,)) for w, code in self.known_codes]
        facts += [SlotNotIn.classes(at(w), *c) for w, c in self.known_not_in]
        facts += [AtLeastOne.classes([at(w) for w in ws], *c) for ws, c in self.needs if ws]
        return facts
