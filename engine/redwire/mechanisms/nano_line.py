"""Nano on a line of Number cards (``"nano:line"``, mission 59, "Nano to the Rescue"): the rules
that the ``nano`` mechanism runs in this mode (its hooks call these functions).

* **Setup**: the twelve Number cards lie face up in one line in a random order (the setup data,
  ``setup.parts.nano.line``, left to right: a record replays without the RNG). Nano stands on the
  card 7 facing the longer side of the line: of the eleven other cards, those on its left and
  those on its right never tie (11 is odd), so the setup needs no choice.
* **The walk**: before cutting, the player whose turn it is either leaves Nano where it is or
  moves it forward (the way it faces, never back, as far as he likes, over face-down cards too)
  to a face-up card whose value he holds (``NanoWalk``, its ``value`` the card Nano ends on,
  its current card for "stay"). Staying is also a choice of that value, so he must hold it. Every
  cut of the turn must then announce that value (a Dual Cut, a detector, a Solo Cut of its 2 or 4
  wires), and the Coffee Mug no longer replaces the cut; the Walkie-Talkies may not take his last
  wire of it.
* **The facing**: once his cut is done (hit or miss), he chooses which way Nano faces (``NanoFace``,
  the decision ``nano_face``, before the next turn: turning 180° or not).
* **The skip**: when no face-up card under or in front of Nano is a value he holds, he skips
  (``NanoSkip``, offered only then): the detonator moves one step and Nano turns round.
* **Face down**: a card whose four wires are cut is turned face down (``nano_card_down``): Nano
  may pass over it, never stop on it (nobody holds its value any more).

Our readings: revealing red wires is not a cut (no walk, Nano untouched, as every constraint-like
rule leaves it alone); a player with only red wires reveals them instead of skipping; equipment
that cuts (detectors, a character's Triple Scanner) cuts Nano's value like any cut; the Coffee
Mug, used before the walk, passes the whole turn (no walk, no facing, no skip).

What everyone learns: a walk (or a stay) proves the walker holds an uncut wire of the card's value;
a skip proves he holds none of the face-up values under and in front of Nano, and a wire that is
not red (else he would reveal them). Both are facts for the deduction (``read_walk``,
``read_skip``).

>>> NanoWalk(0, 7).to_json()
{'type': 'nano_walk', 'seat': 0, 'value': 7}
>>> NanoFace(1, "left").to_json()
{'type': 'nano_face', 'seat': 1, 'facing': 'left'}
>>> start_facing((1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12))  # six cards left of the 7, five right
'left'
>>> start_facing((12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1))
'right'
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, ClassVar, Literal, TypedDict, cast

from ...core.errors import ReasonCode
from ...core.events import Event
from ..actions import Action, Cut, Parser, SoloCut, bad
from ..errors import IllegalActionError, Reason, SetupError, describe_phase
from ..model import Pending, Phase, Table
from ..turn import (
    OPEN_PHASES,
    end_turn,
    forbid_if_must_reveal,
    mistake,
    must_reveal,
    pass_turn,
    require_own_turn,
)
from ..wires import BLUE_VALUES
from .base import Events, name_of
from .equipment.coffee import CoffeeMug
from .number_choice import gives_last

if TYPE_CHECKING:
    from ..deduction.tracker import Tracker
    from ..observation_types import Observation

ID = "nano"
#: The card Nano starts on.
START_VALUE = 7
Side = Literal["left", "right"]
SIDES: tuple[Side, ...] = ("left", "right")
#: Where the player who cut chooses which way Nano faces.
NANO_FACE = Phase.declare("nano_face")
OPEN_PHASES.add(NANO_FACE)
describe_phase(
    NANO_FACE.value,
    "the player who just cut is choosing which way Nano faces",
    "choose which way Nano faces: keep it or turn it round",
)


class NanoReason(ReasonCode):
    """Refusals around Nano (the ``nano`` mechanism's, every mode: kept here so that the line's
    rules and ``nano.py`` share them without importing each other in a circle)."""

    NANO_NOT_YOUR_STAND = ("nano_not_your_stand", "Put Nano's wire on one of your own stands.")

    NANO_WALK_FIRST = (
        "nano_walk_first",
        "First leave Nano where it is or move it forward to a card whose value you hold: "
        "you cut the value of the card Nano stands on.",
    )
    NANO_WALKED = ("nano_walked", "Nano has already moved this turn: cut its value, {value}.")
    NANO_CUT = ("nano_cut", "This turn you must cut the value of Nano's card: {value}.")
    NANO_KEEP = ("nano_keep", "Keep a {value}: you must cut Nano's value this turn.")
    NANO_BEHIND = (
        "nano_behind",
        "Nano moves only forward, the way it faces, to a face-up card: {value} is not in front "
        "of it.",
    )
    NANO_NOT_HELD = (
        "nano_not_held",
        "You hold no {value}: Nano may stop only on a card whose value you hold.",
    )
    NANO_CAN_PLAY = (
        "nano_can_play",
        "You hold a value under or in front of Nano: you cannot skip, move Nano instead.",
    )
    NANO_SIDE = ("nano_side", "Nano faces left or right.")
    NANO_NO_LINE = ("nano_no_line", "In this mission Nano does not walk a line of Number cards.")


def _as_side(raw: object, name: str) -> str:
    if raw not in SIDES:
        raise bad(f"{name} must be 'left' or 'right'")
    return cast("str", raw)


@dataclass(frozen=True)
class NanoWalk(Action):
    """Leave Nano where it is or move it forward to the card ``value`` (one the seat holds):
    this turn's cut is of that value."""

    type: ClassVar[str] = "nano_walk"
    seat: int
    value: int


@dataclass(frozen=True)
class NanoSkip(Action):
    """No card under or in front of Nano is a value the seat holds: skip the turn (one step,
    Nano turns round)."""

    type: ClassVar[str] = "nano_skip"
    seat: int


@dataclass(frozen=True)
class NanoFace(Action):
    """After his cut, the player turns Nano to face ``facing`` ("left" or "right")."""

    type: ClassVar[str] = "nano_face"
    parsers: ClassVar[Mapping[str, Parser]] = {"facing": _as_side}
    seat: int
    facing: str


@dataclass(frozen=True)
class NanoLine:
    """The setup data: the twelve Number cards left to right."""

    order: tuple[int, ...]


@dataclass(frozen=True)
class LinePart:
    """The line (values left to right), Nano's place in it (an index) and facing, the cards
    turned face down, whether the active player has walked this turn, and who chooses the facing
    now (None: nobody)."""

    line: tuple[int, ...]
    place: int
    facing: Side
    down: tuple[int, ...] = ()
    walked: bool = False
    facer: int | None = None

    @property
    def value(self) -> int:
        return self.line[self.place]

    def to_json(self) -> dict[str, Any]:
        return {
            "line": list(self.line),
            "place": self.place,
            "facing": self.facing,
            "down": list(self.down),
            "walked": self.walked,
            "facer": self.facer,
        }


class CardView(TypedDict):
    value: int
    down: bool


class LineView(TypedDict):
    """``observation["mechanisms"]["nano"]`` in mission 59: the line left to right, Nano's place
    (an index) and facing, the face-up values under and in front of it (``ahead``, nearest
    first), whether this turn's walk is done (``walked``) and who chooses the facing now."""

    mode: Literal["line"]
    line: list[CardView]
    place: int
    value: int
    facing: Side
    ahead: list[int]
    walked: bool
    facer: int | None


def line_view(obs: Observation) -> LineView | None:
    """Nano on the line of Number cards (mission 59), or None."""
    part = obs["mechanisms"].get(ID)
    if isinstance(part, dict) and part.get("mode") == "line":
        return cast("LineView", part)
    return None


def start_facing(order: tuple[int, ...]) -> Side:
    """Nano on the 7 faces the side with more cards (never a tie: eleven others)."""
    place = order.index(START_VALUE)
    return "right" if len(order) - 1 - place > place else "left"


# --------------------------------------------------------------------------- setup


def deal(rng: Any) -> NanoLine:
    cards = list(BLUE_VALUES)
    rng.shuffle(cards)
    return NanoLine(tuple(cards))


def from_json(raw: object) -> NanoLine:
    message = (
        'setup.parts.nano must be {"line": [the twelve Number cards 1-12, left to right]} '
        "in this mission"
    )
    line = raw.get("line") if isinstance(raw, dict) and set(raw) == {"line"} else None
    if not isinstance(line, list) or sorted(line) != list(BLUE_VALUES):
        raise SetupError(message)
    if any(not isinstance(v, int) or isinstance(v, bool) for v in line):
        raise SetupError(message)
    return NanoLine(tuple(line))


def to_json(data: NanoLine) -> dict[str, Any]:
    return {"line": list(data.order)}


def init(table: Table) -> LinePart:
    data = table.setup.parts.get(ID)
    if not isinstance(data, NanoLine):
        raise SetupError("mission 59 needs setup.parts.nano (the line of Number cards)")
    return LinePart(data.order, data.order.index(START_VALUE), start_facing(data.order))


# --------------------------------------------------------------------------- rules


def part(table: Table) -> LinePart:
    return table.part(ID, LinePart)


def in_line(table: Table) -> bool:
    """Nano walks the line in this game (mission 59; not Nano's other modes)."""
    return isinstance(table.parts.get(ID), LinePart)


def _require_line(table: Table) -> None:
    if not in_line(table):
        raise IllegalActionError(NanoReason.NANO_NO_LINE)


def _step(facing: str) -> int:
    return 1 if facing == "right" else -1


def _turned(facing: str) -> Side:
    return "left" if facing == "right" else "right"


def ahead(p: LinePart) -> list[int]:
    """The face-up values under Nano and in front of it, nearest first."""
    out: list[int] = []
    index = p.place
    while 0 <= index < len(p.line):
        if p.line[index] not in p.down:
            out.append(p.line[index])
        index += _step(p.facing)
    return out


def _held(table: Table, seat: int) -> set[int]:
    """The blue values the seat holds (uncut)."""
    return {code // 10 for _, _, code in table.hand(seat) if code % 10 == 0}


def _open(table: Table, seat: int) -> bool:
    """``seat`` may walk or skip now: his own turn, no walk yet, not only red wires left."""
    return (
        in_line(table)
        and table.pending.phase is Phase.TURN
        and table.active == seat
        and not part(table).walked
        and not must_reveal(table, seat)
    )


def _targets(table: Table, seat: int) -> list[int]:
    held = _held(table, seat)
    return [v for v in ahead(part(table)) if v in held]


def _require_open(s: Table, seat: int) -> None:
    _require_line(s)
    require_own_turn(s, seat)
    forbid_if_must_reveal(s, seat)
    p = part(s)
    if p.walked:
        raise IllegalActionError(NanoReason.NANO_WALKED, value=p.value)


def walk(s: Table, a: NanoWalk) -> Events:
    _require_open(s, a.seat)
    p = part(s)
    if a.value not in ahead(p):
        raise IllegalActionError(NanoReason.NANO_BEHIND, value=a.value)
    if a.value not in _held(s, a.seat):
        raise IllegalActionError(NanoReason.NANO_NOT_HELD, value=a.value)
    to = p.line.index(a.value)
    s.set_part(ID, replace(p, place=to, walked=True))
    data = {"seat": a.seat, "from": p.value, "value": a.value, "facing": p.facing}
    return [Event("nano_walk", data)]


def walk_legal(s: Table, seat: int) -> Iterator[NanoWalk]:
    if _open(s, seat):
        for value in _targets(s, seat):
            yield NanoWalk(seat, value)


def skip(s: Table, a: NanoSkip) -> Events:
    _require_open(s, a.seat)
    if _targets(s, a.seat):
        raise IllegalActionError(NanoReason.NANO_CAN_PLAY)
    p = part(s)
    facing = _turned(p.facing)
    s.set_part(ID, replace(p, facing=facing))
    events: Events = [Event("nano_skip", {"seat": a.seat, "values": ahead(p), "facing": facing})]
    if not mistake(s, events):
        end_turn(s, events)
    return events


def skip_legal(s: Table, seat: int) -> Iterator[NanoSkip]:
    if _open(s, seat) and not _targets(s, seat):
        yield NanoSkip(seat)


def face(s: Table, a: NanoFace) -> Events:
    _require_line(s)
    if s.pending.phase is not NANO_FACE:
        raise IllegalActionError(Reason.NOT_NOW, phase=s.pending.phase.value)
    if a.seat != s.pending.seat:
        raise IllegalActionError(Reason.NOT_YOUR_DECISION, seat=s.pending.seat)
    if a.facing not in SIDES:
        raise IllegalActionError(NanoReason.NANO_SIDE)
    p = part(s)
    facing: Side = "left" if a.facing == "left" else "right"
    s.set_part(ID, replace(p, facing=facing, facer=None))
    events: Events = [
        Event(
            "nano_face",
            {"seat": a.seat, "facing": facing, "turned": facing != p.facing, "value": p.value},
        )
    ]
    pass_turn(s, events)
    return events


def face_legal(s: Table, seat: int) -> Iterator[NanoFace]:
    if s.pending.phase is NANO_FACE and s.pending.seat == seat:
        for side in SIDES:
            yield NanoFace(seat, side)


def current(table: Table) -> int | None:
    """The value to cut this turn, once Nano has walked (during the turn's own phase)."""
    if table.phase is not Phase.TURN:
        return None
    p = part(table)
    return p.value if p.walked else None


def check_action(table: Table, action: Action) -> None:
    if allows(table, action):
        return
    value = current(table)
    if gives_last(table, action, value):
        raise IllegalActionError(NanoReason.NANO_KEEP, value=value)
    if value is None:
        raise IllegalActionError(NanoReason.NANO_WALK_FIRST)
    raise IllegalActionError(NanoReason.NANO_CUT, value=value)


def allows(table: Table, action: Action) -> bool:
    if table.phase is not Phase.TURN or action.seat != table.active:
        return True
    value = current(table)
    if gives_last(table, action, value):
        return False
    if isinstance(action, Cut):
        return value is not None and action.values == (value,)
    if isinstance(action, SoloCut) or action.counts_as_solo:  # the Fast Pass is a Solo Cut
        return value is not None and getattr(action, "value") == value  # noqa: B009
    # Once Nano has walked, the cut is due: the Coffee Mug no longer replaces it.
    return value is None or not isinstance(action, CoffeeMug)


def after_cuts(table: Table, events: Events) -> None:
    """A card whose four wires are all cut is turned face down."""
    p = part(table)
    done = [v for v in p.line if v not in p.down and table.cut_count(v) >= table.in_play(v)]
    if done:
        table.set_part(ID, replace(p, down=tuple(sorted((*p.down, *done)))))
        for value in done:
            events.append(Event("nano_card_down", {"value": value}))


def on_end_turn(table: Table) -> None:
    """The turn's cut is over: its player chooses Nano's facing before the next turn."""
    p = part(table)
    if p.walked:
        facer = table.active if table.result is None else None
        table.set_part(ID, replace(p, walked=False, facer=facer))


def next_turn(table: Table) -> bool:
    facer = part(table).facer
    if facer is None:
        return False
    table.pending = Pending(NANO_FACE, facer)
    return True


def start_event(table: Table) -> Event:
    p = part(table)
    return Event("nano_line", {"line": list(p.line), "value": p.value, "facing": p.facing})


def observe(table: Table) -> LineView:
    p = part(table)
    return {
        "mode": "line",
        "line": [{"value": v, "down": v in p.down} for v in p.line],
        "place": p.place,
        "value": p.value,
        "facing": p.facing,
        "ahead": ahead(p),
        "walked": p.walked,
        "facer": p.facer,
    }


# --------------------------------------------------------------------------- deduction


def read_walk(event: Mapping[str, Any], tracker: Tracker) -> None:
    """Nano stopped (or stayed) on a card whose value the walker holds: an uncut wire of it."""
    from ..deduction.facts import AtLeastOne

    wires = tracker.uncut_of_seat(int(event["seat"]))
    tracker.add(AtLeastOne.classes(wires, int(event["value"])))


def read_skip(event: Mapping[str, Any], tracker: Tracker) -> None:
    """The skipper held none of the face-up values under and in front of Nano (the skip is
    offered only then), and a wire that is not red (with only red ones he reveals them)."""
    from ..deduction.facts import AtLeastOne, Count
    from ..deduction.readers_core import not_red

    wires = tracker.uncut_of_seat(int(event["seat"]))
    values = [int(v) for v in event["values"]]
    if values:
        tracker.add(Count.classes(wires, *values, low=0, high=0))
    tracker.add(AtLeastOne(tuple(wires), not_red(tracker)))


# --------------------------------------------------------------------------- words


def _line_walk(e: Mapping[str, Any], n: Any, o: Any) -> str:
    who = name_of(n, e["seat"])
    if e["from"] == e["value"]:
        return f"{who} leaves Nano on the {e['value']}: a cut of {e['value']}."
    return (
        f"{who} moves Nano {e['facing']} from the {e['from']} to the {e['value']}: "
        f"a cut of {e['value']}."
    )


def _line_skip(e: Mapping[str, Any], n: Any, o: Any) -> str:
    values = ", ".join(str(v) for v in e["values"]) or "none"
    return (
        f"{name_of(n, e['seat'])} holds no value under or in front of Nano ({values}): he "
        f"skips, one step, and Nano turns round to face {e['facing']}."
    )


def _line_face(e: Mapping[str, Any], n: Any, o: Any) -> str:
    how = "turns Nano round" if e["turned"] else "leaves Nano"
    return f"{name_of(n, e['seat'])} {how} on the {e['value']}, facing {e['facing']}."


LINES = {
    "nano_line": lambda e, n, o: (
        "The Number cards lie in a line: "
        + " ".join(str(v) for v in e["line"])
        + f"; Nano stands on the {e['value']}, facing {e['facing']}."
    ),
    "nano_walk": _line_walk,
    "nano_skip": _line_skip,
    "nano_face": _line_face,
    "nano_card_down": lambda e, n, o: (
        f"All four {e['value']}s are cut: the Number card {e['value']} is turned face down."
    ),
}

EVENTS = ("nano_line", "nano_walk", "nano_skip", "nano_face", "nano_card_down")

__all__ = [
    "NANO_FACE",
    "LinePart",
    "LineView",
    "NanoFace",
    "NanoLine",
    "NanoReason",
    "NanoSkip",
    "NanoWalk",
    "ahead",
    "line_view",
    "start_facing",
]
