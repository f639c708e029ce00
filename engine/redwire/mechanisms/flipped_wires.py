"""Flipped wires (mission 38, mission 56; mission 64 turns two each): a wire turned round on its
owner's stand, its value facing the teammates.

``"flipped_wires:captain:1"`` (mission 38): after the deal the captain turns one of his wires
round without looking and puts it at the far right of its stand (a chance event, any of his
wires equally likely: the setup's stands hold it last, and ``setup.parts.flipped_wires.stands``
names the stand whose last wire it is, so a record replays without the RNG; ``flipped``:
public, everyone saw it move). From then on every seat but its owner sees its
value, the owner never does, nor a spectator (``Table.own_hidden``: it is not in the owner's
``hand``, so nothing he may do depends on it, and his observation shows it as hidden).

Only the owner may cut it, with a normal cut of his own, no equipment (no detector, no second
value), and if that cut fails the bomb explodes (cause ``flipped``):

* ``FlippedCut`` (a Dual Cut with the flipped wire as his own side): he points at a teammate's
  wire and announces the value he believes both have; both of that value: both are cut; else
  the bomb explodes;
* ``FlippedSolo`` (a Solo Cut with it): when the copies of a value left are his visible ones
  (one or three) and one more, he cuts them all, the flipped wire included; it is not of that
  value: the bomb explodes;
* ``FlippedReveal``: when every wire of his that he sees is red (or none is left), he reveals
  them and the flipped one as red wires (FAQ: a red flipped wire is revealed so); it is not red:
  the bomb explodes. Revealing only the red wires he sees stays allowed.

Nobody else may cut it: no cut aims at it and no equipment touches it (``equipment_ignores``,
no token goes on it). A player whose only possible cut would involve it (every teammate's uncut
wire is a flipped one, and no Solo Cut is his) says so (``FlippedSkip``): the turn passes and
the detonator moves one step. With blue values always cut in pairs, that happens to a player
whose blue wires are all of the flipped wire's value; the owner himself always has a move.

What the table learns: the flipped wire's place (it lies outside the sorted order of its stand,
as an X wire), and a skip tells everyone the skipper could not cut every remaining copy of any
value (as mission 32's skip does). A Dual Cut of the owner announces a value he sees on his own
stand: the deduction leaves the flipped wire out of "he holds it".

``"flipped_wires:each:1:toll"`` (mission 56, "Tripwires"): every seat turns one of his wires round
the same way (one draw per seat, in seat order: ``stands`` names one stand per seat, in that
order). The owner's cuts are the same, but a teammate may now Dual-Cut a flipped wire he sees
(by choice or necessity: so nobody is ever stuck, and ``FlippedSkip`` is never offered): a core
``Cut`` of one wire, one value and no equipment, and the owner's ``FlippedCut`` may aim at a
teammate's flipped wire too. Either way the detonator moves one step once the cut is over, even
on success (``flipped_toll``, paid in ``end_turn``: a cut that wins the mission pays nothing, a
miss pays its own step and the toll). A miss on a flipped wire gets no info token: its owner
never sees its value (the others already do, §12 B14), the ``cut`` event's "not that value" is
all the table learns.

>>> FlippedCut(0, 1, 4, 7).to_json()
{'type': 'flipped_cut', 'seat': 0, 'stand': 1, 'slot': 4, 'value': 7}
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, NotRequired, TypedDict, cast

from ...core.errors import ReasonCode
from ...core.events import Event, Viewer
from ..actions import Action, Cut, Parser, PlaceToken, bad
from ..errors import IllegalActionError, SetupError
from ..model import Table
from ..turn import (
    after_cuts,
    cut_wire,
    end_turn,
    explode,
    forbid_if_must_reveal,
    is_red,
    mistake,
    must_reveal,
    red_codes,
    require_own_turn,
)
from ..wires import BLUE_VALUES, RED, YELLOW, cut_value, label_of
from .base import (
    ActionFilter,
    ActionSpec,
    Advice,
    BotAsk,
    Events,
    Mechanism,
    Refusal,
    name_of,
    where,
)

if TYPE_CHECKING:
    from ...core.rng import Rng
    from ..deduction.tracker import Tracker
    from ..missions import ConfigReader
    from ..observation_types import Observation
    from ..options import Options

ID = "flipped_wires"


class FlippedReason(ReasonCode):
    """Refusals around a flipped wire."""

    FLIPPED_NOT_YOURS = (
        "flipped_not_yours",
        "Only its owner may cut a flipped wire, and no equipment may touch it.",
    )
    FLIPPED_NONE = ("flipped_none", "You have no flipped wire left to cut.")
    FLIPPED_TARGET = (
        "flipped_target",
        "Point at an uncut wire of a teammate that is not turned round.",
    )
    FLIPPED_SOLO = (
        "flipped_solo",
        "A Solo Cut with your flipped wire needs every other copy of {value} left on your stand "
        "(one or three of them).",
    )
    FLIPPED_REVEAL = (
        "flipped_reveal",
        "You may reveal your flipped wire as red only when every wire of yours you see is red.",
    )
    FLIPPED_CAN_CUT = (
        "flipped_can_cut",
        "You still have a cut that does not involve a flipped wire: you may not skip.",
    )


def _as_int(raw: object, name: str) -> int:
    if not isinstance(raw, int) or isinstance(raw, bool):
        raise bad(f"{name} must be a whole number")
    return raw


def _as_value(raw: object, name: str) -> int:
    value = _as_int(raw, name)
    if value not in BLUE_VALUES:
        raise bad(f"{name} must be a value 1..12")
    return value


def _as_flip(raw: object, name: str) -> int:
    flip = _as_int(raw, name)
    if flip not in (0, 1):
        raise bad(f"{name} must be 0 (the left flipped wire) or 1 (the right one)")
    return flip


def _as_flips(raw: object, name: str) -> tuple[int, ...]:
    if not isinstance(raw, list) or not raw:
        raise bad(f"{name} must be a non-empty list of 0 and 1")
    flips = tuple(sorted({_as_flip(x, name) for x in raw}))
    if len(flips) != len(raw):
        raise bad(f"{name} names a flipped wire twice")
    return flips


def _without_default(out: dict[str, Any], name: str, default: object) -> dict[str, Any]:
    """A record of missions 38 and 56 (one flipped wire each) keeps its JSON: the field naming
    which of a seat's flipped wires is meant is written only when it is not the first."""
    if out.get(name) == default:
        del out[name]
    return out


@dataclass(frozen=True)
class FlippedCut(Action):
    """The owner's Dual Cut with his flipped wire as his own side: point at a teammate's wire
    and announce the value both are believed to have; a failure explodes the bomb."""

    type: ClassVar[str] = "flipped_cut"
    parsers: ClassVar[Mapping[str, Parser]] = {
        "stand": _as_int,
        "slot": _as_int,
        "value": _as_value,
        "flip": _as_flip,
    }
    seat: int
    stand: int
    slot: int
    value: int
    #: Which of his flipped wires is his side (mission 64: 0 the left, 1 the right one).
    flip: int = 0

    def to_json(self) -> dict[str, Any]:
        return _without_default(super().to_json(), "flip", 0)


@dataclass(frozen=True)
class FlippedSolo(Action):
    """The owner's Solo Cut of ``value`` with his flipped wire among the copies; a failure
    explodes the bomb."""

    type: ClassVar[str] = "flipped_solo"
    parsers: ClassVar[Mapping[str, Parser]] = {"value": _as_value, "flips": _as_flips}
    seat: int
    value: int
    #: Which of his flipped wires are among the copies (mission 64: one of the two, or both).
    flips: tuple[int, ...] = (0,)

    def to_json(self) -> dict[str, Any]:
        return _without_default(super().to_json(), "flips", [0])


@dataclass(frozen=True)
class FlippedReveal(Action):
    """The owner reveals his red wires and his flipped wire as a red one; not red: the bomb
    explodes."""

    type: ClassVar[str] = "flipped_reveal"
    parsers: ClassVar[Mapping[str, Parser]] = {"flips": _as_flips}
    seat: int
    #: Which of his flipped wires he reveals as red (mission 64: one of the two, or both).
    flips: tuple[int, ...] = (0,)

    def to_json(self) -> dict[str, Any]:
        return _without_default(super().to_json(), "flips", [0])


@dataclass(frozen=True)
class FlippedSkip(Action):
    """A player whose only possible cut would involve a flipped wire skips his turn: the
    detonator moves one step."""

    type: ClassVar[str] = "flipped_skip"
    seat: int


@dataclass(frozen=True)
class FlipConfig:
    #: Who turns wires round ("captain"; missions 56 and 64: "each") and how many each.
    who: str
    count: int
    #: Mission 56: a teammate may Dual-Cut a flipped wire, and the detonator then moves one step.
    toll: bool = False


@dataclass(frozen=True)
class FlippedPart:
    """The flipped wires' ids (fixed for the game); ``due``: this turn's cut aimed at a
    teammate's flipped wire, so the detonator moves one step when the turn ends."""

    wires: tuple[int, ...]
    toll: bool = False
    due: bool = False
    #: Mission 64: two per seat, in seat order, each seat's left (lower) one first.
    pair: bool = False

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"wires": list(self.wires)}
        if self.toll:
            out["toll"] = True
        if self.pair:
            out["pair"] = True
        if self.due:
            out["due"] = True
        return out


class FlippedView(TypedDict):
    """``observation["mechanisms"]["flipped_wires"]``: where the flipped wires lie and whose
    they are (their values show in the stands to every seat but the owner); ``toll`` (mission
    56 only): a teammate may Dual-Cut one, and the detonator then moves one step."""

    wires: list[list[int]]
    owners: list[int]
    toll: NotRequired[bool]
    #: Mission 64: two per seat, each owner's left (lower or equal) one listed first.
    pair: NotRequired[bool]


def view(obs: Observation) -> FlippedView | None:
    return cast("FlippedView | None", obs["mechanisms"].get(ID))


def flipped_ids(table: Table) -> tuple[int, ...]:
    part = table.parts.get(ID)
    return part.wires if isinstance(part, FlippedPart) else ()


def tolled(table: Table) -> bool:
    """Mission 56: a teammate may Dual-Cut a flipped wire, for one step of the detonator."""
    part = table.parts.get(ID)
    return isinstance(part, FlippedPart) and part.toll


def _owner(table: Table, wire: int) -> int:
    return table.owners[table.position_of(wire)[0]]


def paired(table: Table) -> bool:
    """Mission 64: every seat turned two wires round (the lower far left, the higher far
    right), so an action names which of his it means (``flip``: 0 the left, 1 the right)."""
    part = table.parts.get(ID)
    return isinstance(part, FlippedPart) and part.pair


def _own_flipped(table: Table, seat: int) -> list[int]:
    """The seat's own flipped wires, cut or not, left one first (what ``flip`` counts)."""
    return [w for w in flipped_ids(table) if table.owners[table.position_of(w)[0]] == seat]


def _uncut_flipped(table: Table, seat: int) -> list[int]:
    """The seat's own flipped wires still uncut."""
    return [w for w in _own_flipped(table, seat) if not table.cut[w]]


def _flip_wire(table: Table, seat: int, flip: int) -> int | None:
    """His flipped wire number ``flip`` (0 the left one), if it is still uncut."""
    own = _own_flipped(table, seat)
    if 0 <= flip < len(own) and not table.cut[own[flip]]:
        return own[flip]
    return None


def _uncut_flips(table: Table, seat: int) -> list[int]:
    """The indices (``flip``) of his flipped wires still uncut."""
    return [i for i, w in enumerate(_own_flipped(table, seat)) if not table.cut[w]]


def _flip_sets(table: Table, seat: int) -> list[tuple[int, ...]]:
    """Every non-empty set of his uncut flipped wires (``flips``): one, or both of two."""
    uncut = _uncut_flips(table, seat)
    return [(i,) for i in uncut] + ([tuple(uncut)] if len(uncut) == 2 else [])


def _with_flip(table: Table, data: dict[str, Any], name: str, value: object) -> dict[str, Any]:
    """Mission 64's events say which flipped wire (missions 38 and 56 keep their events)."""
    if paired(table):
        data[name] = value
    return data


def _wire(table: Table, stand: int, slot: int) -> int | None:
    if 0 <= stand < len(table.stands) and 0 <= slot < len(table.stands[stand]):
        return table.stands[stand][slot]
    return None


def toll_cut(table: Table, action: Action) -> bool:
    """Mission 56: a teammate's plain Dual Cut (one wire, one value, no equipment) aimed at a
    flipped wire; allowed, for one step of the detonator."""
    if not tolled(table) or not isinstance(action, Cut):
        return False
    if action.tool is not None or len(action.values) != 1 or len(action.targets) != 1:
        return False
    return _wire(table, *action.targets[0]) in set(flipped_ids(table))


def _refusals(table: Table) -> ActionFilter | None:
    """The refusal of an action of the core or another mechanism aimed at a flipped wire (a
    cut, a token, a label): nobody but its owner cuts it, and only with this mechanism's
    actions (mission 56: a teammate's plain Dual Cut may aim at it too). None: no wire is
    flipped. The flipped wires are read once per listing, a Walkie-Talkies partner's hand once
    per partner."""
    ids = set(flipped_ids(table))
    if not ids:
        return None
    toll = tolled(table)
    from .equipment.labels import Label
    from .equipment.walkie import Walkie

    gives: dict[int, bool] = {}

    def sees_one(partner: int) -> bool:
        """The partner holds a wire he sees to give back (not only his flipped one)."""
        if partner not in gives:
            gives[partner] = any(
                table.stands[st][sl] not in ids for st, sl, _ in table.hand(partner)
            )
        return gives[partner]

    # Where they lie now, for the cuts (a listing's thousands): a set test per cut.
    places = {
        (st, sl) for st, wires in enumerate(table.stands) for sl, w in enumerate(wires) if w in ids
    }

    def touches(action: Action) -> bool:
        if isinstance(action, Cut):
            hit = not places.isdisjoint(action.targets)
            # Mission 56's toll cut (``toll_cut``): one wire, one value, no equipment.
            plain = action.tool is None and len(action.values) == 1 and len(action.targets) == 1
            return hit and not (toll and plain)
        # The partner of the Walkie-Talkies must give back a wire he sees: one whose only wire
        # left is his flipped one has none to give (the equipment may not touch it).
        if (
            isinstance(action, Walkie)
            and 0 <= action.partner < table.players
            and not sees_one(action.partner)
        ):
            return True
        if isinstance(action, PlaceToken):
            return _wire(table, action.stand, action.slot) in ids
        if isinstance(action, Label):  # a label lies across two wires
            return any(_wire(table, action.stand, s) in ids for s in (action.slot, action.slot + 1))
        if isinstance(action, FlippedCut):
            return False
        # Any other action's wires: (stand, slot), and the Fast Pass's second (stand2, slot2).
        for stand_field, slot_field in (("stand", "slot"), ("stand2", "slot2")):
            stand, slot = getattr(action, stand_field, None), getattr(action, slot_field, None)
            if (
                isinstance(stand, int)
                and isinstance(slot, int)
                and _wire(table, stand, slot) in ids
            ):
                return True
        return False

    def refuse(action: Action) -> Refusal | None:
        return Refusal(FlippedReason.FLIPPED_NOT_YOURS) if touches(action) else None

    return refuse


# --------------------------------------------------------------------------- the owner's cuts


def _targets(table: Table, seat: int) -> Iterator[tuple[int, int]]:
    """Every teammate's uncut wire that is not flipped (what a Dual Cut may aim at; mission 56:
    his flipped ones too)."""
    ids = set() if tolled(table) else set(flipped_ids(table))
    for stand, owner in enumerate(table.owners):
        if owner == seat:
            continue
        for slot, _ in table.uncut(stand):
            if table.stands[stand][slot] not in ids:
                yield stand, slot


def _cut_legal(s: Table, seat: int) -> Iterator[FlippedCut]:
    if seat != s.active:
        return
    for flip in _uncut_flips(s, seat):
        for stand, slot in _targets(s, seat):
            for value in s.wireset.blue:
                yield FlippedCut(seat, stand, slot, value, flip)


def _fail(s: Table, seat: int, wire: int, events: Events) -> None:
    stand, slot = s.position_of(wire)
    events.append(
        Event(
            "flipped_failed",
            {"seat": seat, "stand": stand, "slot": slot, "wire": label_of(s.codes[wire])},
        )
    )
    explode(s, "flipped", events)


def _flipped_cut(s: Table, a: FlippedCut) -> Events:
    require_own_turn(s, a.seat)
    flipped = _flip_wire(s, a.seat, a.flip)
    if flipped is None:
        raise IllegalActionError(FlippedReason.FLIPPED_NONE)
    if (a.stand, a.slot) not in set(_targets(s, a.seat)):
        raise IllegalActionError(FlippedReason.FLIPPED_TARGET)
    if a.value not in s.wireset.blue:
        raise IllegalActionError(FlippedReason.FLIPPED_TARGET)
    target = s.stands[a.stand][a.slot]
    hit = cut_value(s.codes[target]) == a.value and cut_value(s.codes[flipped]) == a.value
    data = {
        "seat": a.seat,
        "stand": a.stand,
        "slot": a.slot,
        "value": a.value,
        "outcome": "hit" if hit else "miss",
    }
    events: Events = [Event("flipped_cut", _with_flip(s, data, "flip", a.flip))]
    if not hit:
        _fail(s, a.seat, flipped, events)
        return events
    if target in flipped_ids(s):  # mission 56: a teammate's flipped wire, one step once cut
        _owe_toll(s)
    cut_wire(s, a.stand, a.slot, a.seat, events)
    st, sl = s.position_of(flipped)
    cut_wire(s, st, sl, a.seat, events)
    if not after_cuts(s, events):
        end_turn(s, events)
    return events


# --------------------------------------------------------------------------- mission 56's toll


def _owe_toll(s: Table) -> None:
    part = s.parts[ID]
    assert isinstance(part, FlippedPart)
    s.set_part(ID, FlippedPart(part.wires, part.toll, due=True, pair=part.pair))


def _pay_toll(s: Table, events: Events) -> None:
    """The step a cut at a teammate's flipped wire costs, once the cut is over (a miss has
    paid its own step already; a cut that won the mission pays nothing: no turn ends)."""
    part = s.parts.get(ID)
    if not isinstance(part, FlippedPart) or not part.due:
        return
    s.set_part(ID, FlippedPart(part.wires, part.toll, pair=part.pair))
    if s.result is not None:
        return
    events.append(Event("flipped_toll", {"seat": s.active}))
    mistake(s, events)


def _visible_count(s: Table, seat: int, value: int) -> int:
    return sum(1 for _, _, code in s.hand(seat) if cut_value(code) == value)


def flipped_solo_allowed(s: Table, seat: int, value: int, flips: tuple[int, ...] = (0,)) -> bool:
    """The copies of ``value`` left (all four, or the last two) are his visible ones and the
    flipped wires named, if he is right (public counts and his own stand only): one flipped
    wire with one or three he sees; mission 64: both with none or two he sees."""
    if value not in s.wireset.blue or any(_flip_wire(s, seat, f) is None for f in flips):
        return False
    left = s.in_play(value) - s.cut_count(value)
    return left in (2, 4) and left == _visible_count(s, seat, value) + len(flips)


def _solo_legal(s: Table, seat: int) -> Iterator[FlippedSolo]:
    if seat != s.active or must_reveal(s, seat):
        return
    for value in s.wireset.blue:
        for flips in _flip_sets(s, seat):
            if flipped_solo_allowed(s, seat, value, flips):
                yield FlippedSolo(seat, value, flips)


def _flipped_solo(s: Table, a: FlippedSolo) -> Events:
    require_own_turn(s, a.seat)
    forbid_if_must_reveal(s, a.seat)
    if not flipped_solo_allowed(s, a.seat, a.value, a.flips):
        raise IllegalActionError(FlippedReason.FLIPPED_SOLO, value=a.value)
    flipped = [w for w in (_flip_wire(s, a.seat, f) for f in a.flips) if w is not None]
    data = {"seat": a.seat, "value": a.value}
    events: Events = [Event("flipped_solo", _with_flip(s, data, "flips", list(a.flips)))]
    wrong = next((w for w in flipped if cut_value(s.codes[w]) != a.value), None)
    if wrong is not None:
        _fail(s, a.seat, wrong, events)
        return events
    for st, sl, code in s.hand(a.seat):
        if cut_value(code) == a.value:
            cut_wire(s, st, sl, a.seat, events)
    for wire in flipped:
        st, sl = s.position_of(wire)
        cut_wire(s, st, sl, a.seat, events)
    if not after_cuts(s, events):
        end_turn(s, events)
    return events


def _reveal_allowed(s: Table, seat: int, flips: tuple[int, ...] = (0,)) -> bool:
    """Every wire he sees is red (or none is left), and the flipped wires named are uncut
    (mission 64: he reveals one of his two, or both)."""
    if any(_flip_wire(s, seat, f) is None for f in flips):
        return False
    extra = red_codes(s)
    return all(is_red(s, code, extra) for _, _, code in s.hand(seat))


def _reveal_legal(s: Table, seat: int) -> Iterator[FlippedReveal]:
    if seat != s.active:
        return
    for flips in _flip_sets(s, seat):
        if _reveal_allowed(s, seat, flips):
            yield FlippedReveal(seat, flips)


def _flipped_reveal(s: Table, a: FlippedReveal) -> Events:
    require_own_turn(s, a.seat)
    if not _reveal_allowed(s, a.seat, a.flips):
        raise IllegalActionError(FlippedReason.FLIPPED_REVEAL)
    flipped = [w for w in (_flip_wire(s, a.seat, f) for f in a.flips) if w is not None]
    data = {"seat": a.seat}
    events: Events = [Event("flipped_reveal", _with_flip(s, data, "flips", list(a.flips)))]
    wrong = next((w for w in flipped if cut_value(s.codes[w]) != RED), None)
    if wrong is not None:
        _fail(s, a.seat, wrong, events)
        return events
    for st, sl, _ in s.hand(a.seat):
        cut_wire(s, st, sl, a.seat, events, revealed=True)
    for wire in flipped:
        st, sl = s.position_of(wire)
        cut_wire(s, st, sl, a.seat, events, revealed=True)
    if not after_cuts(s, events):
        end_turn(s, events)
    return events


# --------------------------------------------------------------------------- the others' skip


def _solo_values(s: Table, seat: int) -> list[int]:
    """The values whose Solo Cut he could make (every remaining copy in his hand)."""
    from ..rules import solo_allowed

    return [v for v in (*s.wireset.blue, YELLOW) if solo_allowed(s, seat, v)]


def stuck(s: Table, seat: int) -> bool:
    """His only possible cut would involve a flipped wire: a teammate's flipped wire is left,
    no other teammate's wire is, and no Solo Cut is his (nor only red wires to reveal)."""
    if tolled(s) or must_reveal(s, seat) or not s.hand(seat):
        return False  # mission 56: a teammate's flipped wire may be Dual-Cut
    ids = flipped_ids(s)
    if not any(not s.cut[w] and s.owners[s.position_of(w)[0]] != seat for w in ids):
        return False
    if next(_targets(s, seat), None) is not None:
        return False
    return not _solo_values(s, seat)


def _skip_legal(s: Table, seat: int) -> Iterator[FlippedSkip]:
    if seat == s.active and s.pending.seat == seat and stuck(s, seat):
        yield FlippedSkip(seat)


def _skip(s: Table, a: FlippedSkip) -> Events:
    require_own_turn(s, a.seat)
    forbid_if_must_reveal(s, a.seat)
    if not stuck(s, a.seat):
        raise IllegalActionError(FlippedReason.FLIPPED_CAN_CUT)
    # Every copy left of a value is in his hand or is a flipped wire: with 2 or 4 left, he does
    # not hold them all (else his Solo Cut).
    short = [
        [v, s.in_play(v) - s.cut_count(v) - 1]
        for v in s.wireset.blue
        if s.in_play(v) - s.cut_count(v) in (2, 4)
    ]
    events: Events = [Event("flipped_skip", {"seat": a.seat, "solo": short})]
    if not mistake(s, events):
        end_turn(s, events)
    return events


def _read_skip(event: Mapping[str, Any], tracker: Tracker) -> None:
    """He skipped: a wire in his hand is not red (else he would reveal them), and of each value
    with 2 or 4 copies left his hand holds fewer than all (his own flipped wire, which he does
    not see, is in neither: the rules read his hand)."""
    from ..deduction.facts import AtLeastOne, Count
    from ..deduction.readers_core import in_hand, not_red

    wires = in_hand(tracker, int(event["seat"]))
    tracker.add(AtLeastOne(tuple(wires), not_red(tracker)))
    for value, high in event.get("solo", ()):
        tracker.add(Count.classes(wires, int(value), low=0, high=int(high)))


def _read_failed(event: Mapping[str, Any], tracker: Tracker) -> None:
    """A failed cut with a flipped wire shows it to everyone as the bomb explodes (it stays
    uncut: the end screen's log says its value)."""
    from ..deduction.codes import code_of_label
    from ..deduction.facts import SlotIn

    wire = tracker.wire(int(event["stand"]), int(event["slot"]))
    tracker.add(SlotIn(wire, (code_of_label(str(event["wire"])),)))


def _read_flipped(event: Mapping[str, Any], tracker: Tracker) -> None:
    """The wire turned round lies outside the sorted order of its stand, and its owner does not
    know its value (his Dual Cuts announce values he sees)."""
    wire = tracker.wire(int(event["stand"]), int(event["slot"]))
    tracker.mark_unsorted(wire)
    tracker.memo["own_hidden"] = (*tracker.memo.get("own_hidden", ()), wire)
    # Mission 64: the teammates put the lower of a seat's two at the far left, the higher at
    # the far right: everyone (the owner and a spectator too) knows left <= right. The two are
    # one unordered pair of tiles (equal values: one draw, either way round the same to see),
    # so the deduction deals them as one sorted place of two slots (``together``).
    lefts = tracker.memo.setdefault("flipped_left", {})
    if event.get("side") == "left":
        lefts[int(event["seat"])] = wire
    elif event.get("side") == "right" and int(event["seat"]) in lefts:
        from ..deduction.facts import Order

        tracker.add(Order(lefts[int(event["seat"])], wire, together=True))


def _which(flip: object) -> str:
    """Mission 64's events name the flipped wire ("left "/"right "); the others' do not."""
    return f"{('left', 'right')[int(cast('int', flip))]} " if flip is not None else ""


def _whiches(flips: object, noun: str = "flipped wire") -> str:
    """Mission 64: "left flipped wire", "right ...", "two flipped wires"; else the one."""
    if not isinstance(flips, list):
        return "flipped one" if noun == "one" else noun
    if len(flips) == 2:
        return "two flipped wires"
    return f"{_which(flips[0])}flipped {'one' if noun == 'one' else 'wire'}"


def _turned_line(e: Mapping[str, Any], n: Sequence[str], o: Sequence[int] | None) -> str:
    at = where(n, o, e["stand"], e["slot"])
    who = name_of(n, e["seat"])
    if e.get("side") == "left":
        return (
            f"{who} turns two wires round without looking; the lower (or equal) one faces the "
            f"others at the far left ({at})."
        )
    if e.get("side") == "right":
        return f"The higher (or equal) one faces the others at the far right ({at})."
    return (
        f"{who} turns one wire round without looking: it faces the others, at the far right ({at})."
    )


# --------------------------------------------------------------------------- the mechanism


class FlippedWires(Mechanism[FlippedPart]):
    id = ID
    reasons = FlippedReason
    actions = (
        ActionSpec(
            FlippedCut, "turn", _cut_legal, _flipped_cut, is_action=True, with_only_reds=True
        ),
        ActionSpec(FlippedSolo, "turn", _solo_legal, _flipped_solo, is_action=True),
        ActionSpec(
            FlippedReveal,
            "turn",
            _reveal_legal,
            _flipped_reveal,
            is_action=True,
            with_only_reds=True,
        ),
        ActionSpec(FlippedSkip, "turn", _skip_legal, _skip, is_action=True),
    )
    events = (
        "flipped",
        "flipped_cut",
        "flipped_solo",
        "flipped_reveal",
        "flipped_failed",
        "flipped_skip",
        "flipped_toll",
    )
    facts = {
        "flipped": _read_flipped,
        "flipped_skip": _read_skip,
        "flipped_failed": _read_failed,
    }
    causes = {"flipped": "a cut of the flipped wire failed"}
    # A toll tells nothing of any wire (every Dual Cut at a flipped wire pays it): no fact.
    lines = {
        "flipped": _turned_line,
        "flipped_cut": lambda e, n, o: (
            f"{name_of(n, e['seat'])} cuts with the {_which(e.get('flip'))}flipped wire, "
            f"announcing {e['value']} at {where(n, o, e['stand'], e['slot'])}: "
            + ("both are cut." if e["outcome"] == "hit" else "wrong.")
        ),
        "flipped_solo": lambda e, n, o: (
            f"{name_of(n, e['seat'])} makes a Solo Cut of {e['value']} with the "
            f"{_whiches(e.get('flips'))}."
        ),
        "flipped_reveal": lambda e, n, o: (
            f"{name_of(n, e['seat'])} reveals the red wires, the "
            f"{_whiches(e.get('flips'), 'one')} as red."
        ),
        "flipped_failed": lambda e, n, o: f"The flipped wire was {e['wire']}: the cut fails.",
        "flipped_skip": lambda e, n, o: (
            f"{name_of(n, e['seat'])} could only cut a flipped wire: the turn is skipped and "
            "the detonator moves one step."
        ),
        "flipped_toll": lambda e, n, o: (
            f"{name_of(n, e['seat'])} cut at a teammate's flipped wire: the detonator moves one "
            "step."
        ),
    }
    bot_keys = {
        "flipped_skip": (
            (),
            "My only cut would be a flipped wire, which only its owner may cut: I skip my turn.",
            "mission 38 (`flipped_wires`): every teammate's wire left is the captain's flipped one",
        ),
        "flipped_solo": (
            ("value",),
            "All the {value}s left are mine if my flipped wire is one: I cut them together.",
            "mission 38: the copies of a value left are the owner's visible ones and one more, "
            "which can only be his flipped wire",
        ),
        "flipped_cut": (
            ("value", "percent"),
            "My flipped wire is a {value} with {percent}% odds, and so is the wire I point at: "
            "I cut both.",
            "mission 38: the owner's best joint chance (his flipped wire and a teammate's wire "
            "both of one value), taken when it is certain or nothing else is left",
        ),
        "flipped_reveal": (
            (),
            "Every wire of mine that I see is red and the flipped one can only be red: I reveal "
            "them.",
            "mission 38: no blue copy is left anywhere the flipped wire could be",
        ),
        "flipped_toll_cut": (
            ("value",),
            "Nothing free is sure: I cut the {value} I see on a teammate's flipped wire, for one "
            "step of the detonator.",
            "mission 56: no sure move without the toll and the best free guess is poor, so a sure "
            "cut at a teammate's flipped wire is worth its step",
        ),
    }

    def configure(
        self, params: tuple[str, ...], table: Mapping[str, Any] | None, reader: ConfigReader
    ) -> FlipConfig:
        # Mission 38: the captain's one wire; mission 56: one per seat, and the toll; mission
        # 64: two per seat, and the toll.
        built = (("captain", "1"), ("each", "1", "toll"), ("each", "2", "toll"))
        if table is not None or params not in built:
            raise reader.fail(
                f"mechanisms.{ID}",
                "flipped_wires:captain:1, flipped_wires:each:1:toll or flipped_wires:each:2:toll",
                ":".join(params),
            )
        return FlipConfig(params[0], int(params[1]), toll="toll" in params[2:])

    def deal_on_stands(
        self,
        config: FlipConfig,
        rng: Rng,
        stands: list[list[int]],
        owners: tuple[int, ...],
        captain: int,
    ) -> tuple[int, ...]:
        """The captain (mission 56: every seat, in seat order) turns one of his wires round, any
        of them equally likely: it goes last on its stand (the setup data names the stand; its
        layout keeps the last wire apart)."""
        seats = [captain] if config.who == "captain" else sorted(set(owners))
        if config.count == 2:
            return self._deal_pairs(rng, stands, owners, seats)
        chosen = []
        for seat in seats:
            mine = [
                (st, code)
                for st, owner in enumerate(owners)
                if owner == seat
                for code in sorted(stands[st])
            ]
            stand, code = mine[rng.below(len(mine))]
            stands[stand].remove(code)
            stands[stand].append(code)
            chosen.append(stand)
        return tuple(chosen)

    @staticmethod
    def _deal_pairs(
        rng: Rng, stands: list[list[int]], owners: tuple[int, ...], seats: list[int]
    ) -> tuple[int, ...]:
        """Mission 64: each seat (in seat order) turns two of his wires round, any two equally
        likely, over both his stands with two players; his teammates put the lower at the far
        left of his first stand and the higher at the far right of his last (FAQ: with two
        stands, two wires in all). The data: each seat's first and last stand, in turn."""
        chosen: list[int] = []
        for seat in seats:
            own = [st for st, owner in enumerate(owners) if owner == seat]
            mine = [(st, code) for st in own for code in sorted(stands[st])]
            first = mine.pop(rng.below(len(mine)))
            second = mine[rng.below(len(mine))]
            for stand, code in (first, second):
                stands[stand].remove(code)
            low, high = sorted((first[1], second[1]))
            stands[own[0]].insert(0, low)
            stands[own[-1]].append(high)
            chosen += [own[0], own[-1]]
        return tuple(chosen)

    def arrange_stand(
        self, config: FlipConfig, data: Any, stand: int, codes: Sequence[int]
    ) -> tuple[int, ...] | None:
        if stand not in data or not codes:
            return None
        if config.count != 2:
            return (*sorted(codes[:-1]), codes[-1])
        # Mission 64: the first wire given (or dealt) is a left flipped one, the last a right.
        left, right = stand in data[0::2], stand in data[1::2]
        middle = codes[int(left) : len(codes) - int(right)]
        return (*codes[: int(left)], *sorted(middle), *codes[len(codes) - int(right) :])

    def stand_slack(self, config: FlipConfig) -> int:
        """Mission 64 with two stands a player: a wire may move from one of his stands to the
        other (the lower to the first, the higher to the last), so sizes drift by up to two."""
        return 2 if config.count == 2 else 0

    def setup_from_json(
        self,
        config: FlipConfig,
        raw: object,
        players: int,
        options: Options,
        mission: int,
        dealt: Mapping[str, Any],
    ) -> tuple[int, ...]:
        count = config.count if config.who == "captain" else config.count * players
        if (
            not isinstance(raw, dict)
            or set(raw) != {"stands"}
            or not isinstance(raw["stands"], list)
            or len(raw["stands"]) != count
            or not all(
                isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in raw["stands"]
            )
        ):
            if config.who == "captain":
                raise SetupError(
                    'setup.parts.flipped_wires must be {"stands": [stand]}: the captain\'s stand '
                    "whose last wire (as given) he turned round"
                )
            raise SetupError(
                'setup.parts.flipped_wires must be {"stands": [stand, ...]}: for each seat in '
                "order, the stand of his whose last wire (as given) he turned round"
            )
        return tuple(int(x) for x in raw["stands"])

    def setup_to_json(self, data: Any) -> Any:
        return {"stands": list(data)}

    def init_part(self, table: Table) -> FlippedPart:
        chosen = table.setup.parts.get(ID)
        if not isinstance(chosen, tuple):
            raise SetupError("a mission with flipped wires needs setup.parts.flipped_wires")
        config = table.mission.config(ID)
        assert isinstance(config, FlipConfig)
        if config.count == 2:
            return FlippedPart(self._pair_ids(table, chosen), toll=config.toll, pair=True)
        each = config.who == "each"
        ids = []
        for i, stand in enumerate(chosen):
            if not 0 <= stand < len(table.stands) or not table.stands[stand]:
                raise SetupError(f"no stand {stand} to turn a wire round on")
            if not each and table.owners[stand] != table.setup.captain:
                raise SetupError("the captain turns round a wire of his own stand")
            if each and table.owners[stand] != i:
                raise SetupError(f"seat {i} turns round a wire of his own stand (given: {stand})")
            ids.append(table.stands[stand][-1])
        return FlippedPart(tuple(ids), toll=config.toll)

    @staticmethod
    def _pair_ids(table: Table, chosen: tuple[int, ...]) -> tuple[int, ...]:
        """Mission 64: each seat's first wire of his first stand and last wire of his last
        stand, the lower (or equal) one on the left."""
        ids: list[int] = []
        for seat in range(table.players):
            own = [st for st, owner in enumerate(table.owners) if owner == seat]
            if tuple(chosen[2 * seat : 2 * seat + 2]) != (own[0], own[-1]):
                raise SetupError(
                    f"seat {seat}'s flipped wires lie at the far left of his first stand and the "
                    f"far right of his last: stands {own[0]} and {own[-1]}, not "
                    f"{list(chosen[2 * seat : 2 * seat + 2])}"
                )
            left, right = table.stands[own[0]][0], table.stands[own[-1]][-1]
            if left == right:
                raise SetupError(f"seat {seat} needs two wires to turn round")
            if table.codes[left] > table.codes[right]:
                raise SetupError(
                    f"seat {seat}'s lower flipped wire goes at the far left, the higher at the "
                    "far right"
                )
            ids += [left, right]
        return tuple(ids)

    def start_game(self, table: Table, events: Events) -> None:
        """Everyone sees the captain (mission 56: each player) put a wire, turned round, at the
        far right of his stand."""
        part = self.part(table)
        table.own_hidden = table.own_hidden | frozenset(part.wires)
        for i, wire in enumerate(part.wires):
            stand, slot = table.position_of(wire)
            data: dict[str, Any] = {"seat": table.owners[stand], "stand": stand, "slot": slot}
            if part.pair:  # mission 64: the lower at the far left, the higher at the far right
                data["side"] = ("left", "right")[i % 2]
            events.append(Event("flipped", data))

    def unsorted_wires(self, table: Table) -> frozenset[int]:
        return frozenset(flipped_ids(table))

    def left_apart(self, table: Table) -> frozenset[int]:
        """Mission 64: each seat's left (lower) flipped wire, at the far left of his first
        stand."""
        return frozenset(flipped_ids(table)[0::2]) if paired(table) else frozenset()

    def equipment_ignores(self, table: Table) -> frozenset[int]:
        return frozenset(flipped_ids(table))

    def action_filter(self, table: Table) -> ActionFilter | None:
        return _refusals(table)

    def before_action(self, table: Table, action: Action, events: Events) -> None:
        """Mission 56: a Dual Cut at a teammate's flipped wire owes one step, paid once the cut
        is over (a refusal later discards the copy, and the debt with it)."""
        if toll_cut(table, action):
            _owe_toll(table)

    def end_turn(self, table: Table, events: Events) -> None:
        _pay_toll(table, events)

    def miss_token(
        self, table: Table, wire: int, announced: tuple[int, ...], events: Events
    ) -> bool:
        """Mission 56: no token on a flipped wire a teammate missed (its owner never sees its
        value; the others already do)."""
        return tolled(table) and wire in flipped_ids(table)

    def observe(self, table: Table, viewer: Viewer) -> FlippedView:
        ids = flipped_ids(table)
        places = [table.position_of(w) for w in ids]
        out: FlippedView = {
            "wires": [list(p) for p in places],
            "owners": [table.owners[st] for st, _ in places],
        }
        if tolled(table):
            out["toll"] = True
        if paired(table):
            out["pair"] = True
        return out

    def advise(self, ask: BotAsk) -> Advice | None:
        from ..bots.flipped import advise

        return advise(ask)


MECHANISM = FlippedWires()
