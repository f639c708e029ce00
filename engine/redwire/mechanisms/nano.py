"""Nano the robot (missions 43, 53 and 59): a standee on the board's 1-12 track, holding
face-down wires nobody has seen (43) or counting down to the explosion instead of the detonator
(53), or walking a line of Number cards whose value each cut must be (59: ``"nano:line"``, its
rules in ``nano_line.py``, which these hooks call in that mode).

``"nano:track"`` (mission 43):

* **Setup**: Nano stands on space 1, facing up the track. While the wires are dealt, Nano gets
  face-down wires nobody looks at (2 players: 5, 3-4 players: 4, 5 players: 3), so the stands get
  fewer. They are the first wires of the shuffled pile; the setup records them in the order they
  lie (``setup.parts.nano.wires``), the first one on top: a record replays without the RNG, and
  since the pile was shuffled, the top wire is any of Nano's equally likely (the chance of "he
  takes one of Nano's wires at random" is that shuffle's). Nano's wires are wires of the bomb
  like the others (red ones included): the game gives them the wire ids after the stands', and
  no stand holds them (``off_stand``) until a player takes one.
* **The take**: when the active player cuts (a successful Dual Cut, detectors included, or a
  Solo Cut) wires of the value of Nano's space, he takes Nano's top wire, looks at it (its value:
  his secret) and puts it in his hand in sorted order, after the wires of its own value (the
  others see where it goes, not what it is). A player with two stands chooses the stand
  (``NanoStand``, the decision ``nano_stand`` once the turn's action is over). No wire left on
  Nano: nothing is taken (``nano_empty``).
* **The move**: at the end of every turn (a Coffee Mug turn too; after the stand is chosen when
  there is a choice), Nano moves one space along its facing; reaching 12 it turns round, and
  reaching 1 again it turns round again.
* **The end**: the mission is won when every wire is cut or revealed, Nano's included. When no
  player holds a wire any more and Nano still has some, or the one player left holding wires
  can cut none of them (the other copies of his values are on Nano: no teammate to point at, no
  Solo Cut, not only red wires), nobody can ever take Nano's wires: the bomb explodes (cause
  ``nano``).

``"nano:dial"`` (mission 53, "Nano Nano": Nano instead of the detonator):

* **Setup**: Nano stands just before space 1 (space 0 here), holding no wire; the detonator is
  not used: a failed cut moves Nano, never the dial, and the dial alone never explodes.
* **The move**: at the end of every turn Nano moves by what the turn's cut did: a successful cut
  (a Dual Cut, with a detector too, or a Solo Cut, whoever cut the wires) one space forward, or
  one space back when the value cut is the number of Nano's space; a failed cut two spaces
  forward. A turn without a cut (a Coffee Mug turn, red wires revealed) does not move it (the
  spec's recommendation, §12 B19). Nano reaching space 12 explodes the bomb (cause
  ``nano_clock``); the last wire cut wins before Nano moves.
* **The clock**: the detonator (``Table.dial``) never moves; the observation's ``dial`` shows
  Nano instead (``dial_view``): ``left`` is how many failed cuts, counting the one that
  explodes, Nano's space still allows (``clock_left``: 6 from space 0, 1 from space 10 or 11),
  so the bots' and the page's "mistakes left" read what they mean here.

>>> NanoStand(1, 3).to_json()
{'type': 'nano_stand', 'seat': 1, 'stand': 3}
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, ClassVar, Literal, TypedDict, cast

from ...core.events import SEER, Event, Viewer
from ..actions import Action, Parser, bad
from ..errors import IllegalActionError, Reason, SetupError, describe_phase
from ..model import Pending, Phase, Table
from ..turn import OPEN_PHASES, explode, must_reveal, pass_turn
from ..wires import code_of, cut_value, label_of
from . import nano_line
from .base import ActionSpec, Advice, BotAsk, Events, Mechanism, name_of, where
from .nano_line import NanoFace, NanoLine, NanoReason, NanoSkip, NanoWalk, line_view

if TYPE_CHECKING:
    from ...core.rng import Rng
    from ..deduction.tracker import Tracker
    from ..missions import ConfigReader
    from ..observation_types import Observation
    from ..options import Options

ID = "nano"
TRACK = range(1, 13)
#: Where Nano stands in mission 53 before any turn: just before space 1.
CLOCK_START = 0
#: The space that explodes the bomb when Nano reaches it (mission 53).
CLOCK_END = TRACK[-1]
#: How far a turn moves Nano in mission 53, by what its cut did.
CLOCK_STEPS = {"cut": 1, "own": -1, "miss": 2}
#: Nano's face-down wires by number of players (mission 43).
PILE = {2: 5, 3: 4, 4: 4, 5: 3}
#: Where a player with two stands puts the wire he took from Nano.
NANO_STAND = Phase.declare("nano_stand")
OPEN_PHASES.add(NANO_STAND)
describe_phase(
    NANO_STAND.value,
    "a player is choosing which of his stands gets the wire he took from Nano",
    "choose the stand the wire from Nano goes on",
)
Facing = Literal["up", "down"]


def _as_int(raw: object, name: str) -> int:
    if not isinstance(raw, int) or isinstance(raw, bool):
        raise bad(f"{name} must be a whole number")
    return raw


@dataclass(frozen=True)
class NanoStand(Action):
    """The player with two stands puts the wire he took from Nano on ``stand`` (one of his),
    in sorted order."""

    type: ClassVar[str] = "nano_stand"
    parsers: ClassVar[Mapping[str, Parser]] = {"stand": _as_int}
    seat: int
    stand: int


@dataclass(frozen=True)
class NanoConfig:
    #: "track" (mission 43): one space a turn along the 1-12 track, turning round at each end;
    #: "dial" (mission 53): Nano replaces the detonator, moved by each turn's cut;
    #: "line" (mission 59): Nano walks a line of Number cards, the value to cut.
    mode: str


def clock_left(space: int) -> int:
    """Failed cuts Nano's space still allows in mission 53, counting the one that explodes
    the bomb (a failed cut moves Nano two spaces; 12 explodes): the detonator's "steps left".

    >>> [clock_left(s) for s in (0, 1, 9, 10, 11, 12)]
    [6, 6, 2, 1, 1, 0]
    """
    return max(0, -(-(CLOCK_END - space) // 2))


@dataclass(frozen=True)
class NanoPart:
    """Nano's space and facing, its wires (ids, top first), and the wire a player took and has
    not yet put on a stand (with him: ``chooser``)."""

    space: int
    facing: Facing
    pile: tuple[int, ...]
    held: int | None = None
    chooser: int | None = None
    #: Mission 53: the values cut successfully and whether a cut failed, this turn so far.
    cuts: tuple[int, ...] = ()
    missed: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "space": self.space,
            "facing": self.facing,
            "pile": list(self.pile),
            "held": self.held,
            "chooser": self.chooser,
            "cuts": list(self.cuts),
            "missed": self.missed,
        }


class PileView(TypedDict):
    """How many wires Nano was dealt and holds now (what the deduction reads)."""

    dealt: int
    left: int


class NanoView(TypedDict):
    """``observation["mechanisms"]["nano"]``: Nano's space (1-12) and facing ("up": towards 12),
    its wires (counts only: nobody sees them), the player choosing a stand for the wire he took
    (None: nobody) and, for him alone, that wire's value (``held``; None for everyone else)."""

    space: int
    facing: Facing
    pile: PileView
    chooser: int | None
    held: str | None


class ClockView(TypedDict):
    """``observation["mechanisms"]["nano"]`` in mission 53: Nano's space (0: just before
    space 1), the space that explodes the bomb (12), and how many failed cuts it still allows
    (``clock_left``, the observation's ``dial.left`` too)."""

    mode: Literal["dial"]
    space: int
    end: int
    left: int


def view(obs: Observation) -> NanoView | None:
    """Nano with its wires (mission 43), or None (no Nano, or Nano as the clock)."""
    part = obs["mechanisms"].get(ID)
    return cast("NanoView", part) if isinstance(part, dict) and "pile" in part else None


def clock_view(obs: Observation) -> ClockView | None:
    """Nano as the bomb's clock (mission 53), or None."""
    part = obs["mechanisms"].get(ID)
    return cast("ClockView", part) if isinstance(part, dict) and "end" in part else None


def _part(table: Table) -> NanoPart:
    return table.part(ID, NanoPart)


def _config(table: Table) -> NanoConfig:
    config = table.mission.config(ID)
    assert isinstance(config, NanoConfig)
    return config


def _clock(table: Table) -> bool:
    return _config(table).mode == "dial"


def _line(table: Table) -> bool:
    return _config(table).mode == "line"


# --------------------------------------------------------------------------- the take


def insert_slot(table: Table, stand: int, wire: int) -> int:
    """Where ``wire`` goes on ``stand``: in sorted order, after every wire of a code not above
    its own (cut wires included: they stay where they were)."""
    code = table.codes[wire]
    ids = table.stands[stand]
    return sum(1 for w in ids if table.codes[w] <= code)


def _insert(table: Table, seat: int, stand: int, wire: int, events: Events) -> None:
    from .equipment.labels import drop_apart

    slot = insert_slot(table, stand, wire)
    table.stands[stand].insert(slot, wire)
    removed = drop_apart(table)  # a wire now between the two wires of a label
    data: dict[str, Any] = {"seat": seat, "stand": stand, "slot": slot}
    if removed:
        data["labels_removed"] = removed
    events.append(Event("nano_insert", data, {seat: {"wire": label_of(table.codes[wire])}}))


def _cut_values(table: Table, events: Events) -> set[int]:
    """The values the active player cut in this action (red wires revealed are no cut)."""
    return {
        cut_value(code_of(str(e.data["wire"])))
        for e in events
        if e.type == "wire_cut"
        and e.data.get("seat") == table.active
        and not e.data.get("revealed")
    }


def _take(table: Table, seat: int, events: Events) -> None:
    part = _part(table)
    if not part.pile:
        events.append(Event("nano_empty", {"seat": seat, "space": part.space}))
        return
    wire, rest = part.pile[0], part.pile[1:]
    events.append(
        Event(
            "nano_take",
            {"seat": seat, "space": part.space, "left": len(rest)},
            {seat: {"wire": label_of(table.codes[wire])}},
        )
    )
    stands = table.seat_stands[seat]
    if len(stands) == 1:
        table.set_part(ID, replace(part, pile=rest))
        _insert(table, seat, stands[0], wire, events)
    else:
        table.set_part(ID, replace(part, pile=rest, held=wire, chooser=seat))


def _move(table: Table, events: Events) -> None:
    part = _part(table)
    step = 1 if part.facing == "up" else -1
    space = part.space + step
    facing: Facing = part.facing
    if space >= TRACK[-1]:
        space, facing = TRACK[-1], "down"
    elif space <= TRACK[0]:
        space, facing = TRACK[0], "up"
    table.set_part(ID, replace(part, space=space, facing=facing))
    events.append(
        Event("nano_move", {"space": space, "facing": facing, "turned": facing != part.facing})
    )


def _stranded(table: Table, events: Events) -> None:
    """Nobody holds a wire and Nano still has some: nothing can take them any more."""
    if _part(table).pile and not any(table.has_wires(seat) for seat in range(table.players)):
        explode(table, "nano", events)


def stuck(table: Table, seat: int) -> bool:
    """``seat`` is the last player holding wires and can cut none of them: the other copies of
    his values lie on Nano (no Solo Cut), and they are not all red. Nothing can change then (a
    wire leaves Nano only by a cut), so Nano's wires can never be taken."""
    from ..rules import solo_allowed

    if any(table.has_wires(other) for other in range(table.players) if other != seat):
        return False
    if not table.hand(seat) or must_reveal(table, seat):
        return False
    return not any(solo_allowed(table, seat, value) for value in table.held_values(seat))


def _stand_legal(s: Table, seat: int) -> Iterator[NanoStand]:
    if s.pending.phase is NANO_STAND and s.pending.seat == seat:
        for stand in s.seat_stands[seat]:
            yield NanoStand(seat, stand)


def _stand(s: Table, a: NanoStand) -> Events:
    if s.pending.phase is not NANO_STAND:
        raise IllegalActionError(Reason.NOT_NOW, phase=s.pending.phase.value)
    if a.seat != s.pending.seat:
        raise IllegalActionError(Reason.NOT_YOUR_DECISION, seat=s.pending.seat)
    if a.stand not in s.seat_stands[a.seat]:
        raise IllegalActionError(NanoReason.NANO_NOT_YOUR_STAND)
    part = _part(s)
    assert part.held is not None
    s.set_part(ID, replace(part, held=None, chooser=None))
    events: Events = []
    _insert(s, a.seat, a.stand, part.held, events)
    _move(s, events)  # the end of the turn, which waited for the choice
    pass_turn(s, events)
    return events


# --------------------------------------------------------------------------- the clock


def _clock_cuts(table: Table, events: Events) -> None:
    """Mission 53: remember the values this action cut (any seat's cut: the turn's cut)."""
    values = {
        cut_value(code_of(str(e.data["wire"])))
        for e in events
        if e.type == "wire_cut" and not e.data.get("revealed")
    }
    if values:
        part = _part(table)
        table.set_part(ID, replace(part, cuts=tuple(sorted({*part.cuts, *values}))))


def _clock_move(table: Table, events: Events) -> None:
    """Mission 53, at the end of a turn: Nano moves by what the turn's cut did (nothing
    without a cut); on 12 the bomb explodes."""
    part = _part(table)
    if part.missed:
        why = "miss"
    elif part.cuts:
        why = "own" if part.space in part.cuts else "cut"
    else:
        table.set_part(ID, replace(part, cuts=(), missed=False))
        return
    space = min(CLOCK_END, part.space + CLOCK_STEPS[why])
    table.set_part(ID, replace(part, space=space, cuts=(), missed=False))
    events.append(Event("nano_clock_move", {"from": part.space, "space": space, "why": why}))
    if space >= CLOCK_END:
        explode(table, "nano_clock", events)


# --------------------------------------------------------------------------- deduction


def pile_stand(tracker: Tracker) -> int:
    """The tracker's stand holding Nano's wires (added after the table's: ``observe``)."""
    return int(tracker.memo["pile"])


def _read_insert(event: Mapping[str, Any], tracker: Tracker) -> None:
    """Nano's top wire went to ``(stand, slot)``, in sorted order there (after equal codes)."""
    wire = tracker.take(pile_stand(tracker), 0)
    tracker.mark_sorted(wire)
    tracker.put(wire, int(event["stand"]), int(event["slot"]))


def _secret_wire(view: Mapping[str, Any]) -> str | None:
    """The taken wire's value in an event's view: its taker's (``secret``), or the seer's."""
    mine = view.get("secret", {}).get("wire")
    if mine is None:
        mine = next((s["wire"] for s in view.get("secrets", {}).values() if "wire" in s), None)
    return None if mine is None else str(mine)


def _read_stuck(event: Mapping[str, Any], tracker: Tracker) -> None:
    """The last player with wires could cut none: a wire of his is not red (else he would
    reveal them), and of each value with 2 or 4 copies left he holds fewer than all."""
    from ..deduction.facts import AtLeastOne, Count
    from ..deduction.readers_core import not_red

    wires = tracker.uncut_of_seat(int(event["seat"]))
    tracker.add(AtLeastOne(tuple(wires), not_red(tracker)))
    for value, high in event.get("solo", ()):
        tracker.add(Count.classes(wires, int(value), low=0, high=int(high)))


def _read_held(part: Mapping[str, Any], tracker: Tracker) -> None:
    """The player choosing a stand for the wire he took knows its value: Nano's top wire (the
    one the log has not moved yet)."""
    held = part.get("held")
    if held is None:
        return
    from ..deduction.facts import SlotIn

    tracker.add(SlotIn(tracker.wire(pile_stand(tracker), 0), (code_of(str(held)),)))


# --------------------------------------------------------------------------- the mechanism


def _left_words(left: int) -> str:
    if left == 0:
        return "."
    return f" ({left} failed cut{'' if left == 1 else 's'} left)."


#: How the transcript says why Nano moved (mission 53).
CLOCK_WHY = {
    "cut": "one space forward (a successful cut)",
    "own": "one space back (a successful cut of the value of its space)",
    "miss": "two spaces forward (a failed cut)",
}


class Nano(Mechanism[NanoPart | nano_line.LinePart]):
    id = ID
    reasons = NanoReason
    actions = (
        ActionSpec(NanoStand, "any_time", _stand_legal, _stand),
        ActionSpec(NanoWalk, "turn", nano_line.walk_legal, nano_line.walk),
        ActionSpec(NanoSkip, "turn", nano_line.skip_legal, nano_line.skip, is_action=True),
        ActionSpec(NanoFace, "any_time", nano_line.face_legal, nano_line.face),
    )
    events = (
        "nano",
        "nano_take",
        "nano_empty",
        "nano_insert",
        "nano_move",
        "nano_stuck",
        "nano_clock",
        "nano_clock_move",
        *nano_line.EVENTS,
    )
    facts = {
        "nano_insert": _read_insert,
        "nano_stuck": _read_stuck,
        "nano_walk": nano_line.read_walk,
        "nano_skip": nano_line.read_skip,
    }
    part_facts = staticmethod(_read_held)
    causes = {
        "nano": "Nano still has wires and nobody can cut any more to take them",
        "nano_clock": "Nano reached space 12",
    }
    lines = {
        "nano": lambda e, n, o: (
            f"Nano stands on space {e['space']} of the track with {e['wires']} face-down wires."
        ),
        "nano_take": lambda e, n, o: (
            f"{name_of(n, e['seat'])} cut {e['space']}s, Nano's space, and takes one of "
            "Nano's wires"
            + (f" (it is {wire})" if (wire := _secret_wire(e)) else "")
            + f"; Nano has {e['left']} left."
        ),
        "nano_empty": lambda e, n, o: (
            f"{name_of(n, e['seat'])} cut {e['space']}s, Nano's space, but Nano has no wire left."
        ),
        "nano_insert": lambda e, n, o: (
            f"{name_of(n, e['seat'])} puts Nano's wire in order at "
            f"{where(n, o, e['stand'], e['slot'])}."
        ),
        "nano_stuck": lambda e, n, o: (
            f"{name_of(n, e['seat'])} is the last to hold wires and can cut none of them: the "
            "other copies are on Nano."
        ),
        "nano_move": lambda e, n, o: (
            f"Nano moves to space {e['space']}" + (" and turns round." if e.get("turned") else ".")
        ),
        "nano_clock": lambda e, n, o: (
            f"Nano stands before space 1 of the track: on space {e['end']} the bomb explodes."
        ),
        "nano_clock_move": lambda e, n, o: (
            f"Nano moves {CLOCK_WHY[str(e['why'])]} from {e['from']} to {e['space']}"
            + _left_words(clock_left(int(e["space"])))
        ),
        **nano_line.LINES,
    }
    bot_keys = {
        "nano_stand": (
            ("place",),
            "I put the wire I took from Nano on my {place} stand, the one with fewer wires left.",
            "mission 43 (`nano`): a player with two stands puts the wire he took from Nano on "
            "the stand with fewer uncut wires (the first on a tie)",
        ),
        "nano_take": (
            ("value", "space"),
            "Nano stands on {space}: I cut my {value}s, sure of them, and take one of its wires.",
            "mission 43: a certain cut of Nano's value is preferred, as Nano's wires must all be "
            "taken",
        ),
        "nano_back": (
            ("value", "space"),
            "Nano stands on {space}: I cut my {value}s, sure of them, and it steps back.",
            "mission 53 (`nano:dial`): a certain cut of the value of Nano's space (a Solo Cut, or "
            "a Dual Cut at a wire surely of that value) comes before any other move (every level "
            "but random): it moves Nano back instead of towards 12",
        ),
        "nano_try": (
            ("value", "percent"),
            "Nano stands on {value}: a cut of {value}s moves it back, and this wire is one at "
            "{percent}%, so I try it.",
            "mission 53: with no certain cut of Nano's value, a wire of that value at 50% or more "
            "(75% when a miss would bring Nano to 10 or 11; never when it would reach 12) is "
            "tried before any other move: a hit moves Nano back, a sure cut of another value "
            "moves it forward anyway",
        ),
        "nano_last": (
            ("value", "percent"),
            "Nano is one space from 12: only a cut of {value}s can move it back, so I try the "
            "likeliest one ({percent}%).",
            "mission 53: on space 11 any other cut, right or wrong, explodes the bomb; with no "
            "certain cut of 11, the bot tries the likeliest wire of 11 it may point at",
        ),
        "nano_walk": (
            ("value", "percent"),
            "I move Nano forward to the {value}: my best cut of {value}s is {percent}% sure.",
            "mission 59 (`nano:line`): of the cards it may move Nano to, the value whose best "
            "single cut is surest (a red wire's chance weighing as the whole dial); the nearest "
            "on a tie",
        ),
        "nano_stay": (
            ("value", "percent"),
            "I leave Nano on the {value}: my best cut of {value}s is {percent}% sure.",
            "mission 59: staying is chosen when the value under Nano is at least as sure as any "
            "card in front of it",
        ),
        "nano_turn": (
            ("percent",),
            "I turn Nano round: the next player holds a value that way at about {percent}%.",
            "mission 59: after the cut, Nano faces the side where the next player with wires "
            "more likely holds a face-up value (then the side with more cards)",
        ),
        "nano_keep": (
            ("percent",),
            "I leave Nano facing the same way: the next player holds a value there at about "
            "{percent}%.",
            "mission 59: the facing is kept when that side is at least as good for the next player",
        ),
        "nano_skip": (
            (),
            "No card under or in front of Nano is a value I hold: I skip, one step, and Nano "
            "turns round.",
            "mission 59: the skip, offered only when no card under or in front of Nano is a "
            "value the bot holds",
        ),
    }

    def configure(
        self, params: tuple[str, ...], table: Mapping[str, Any] | None, reader: ConfigReader
    ) -> NanoConfig:
        if table is not None or params not in (("track",), ("dial",), ("line",)):
            raise reader.fail(
                f"mechanisms.{ID}", "nano:track, nano:dial or nano:line", ":".join(params)
            )
        return NanoConfig(params[0])

    def deal(
        self,
        config: NanoConfig,
        rng: Rng,
        players: int,
        options: Options,
        mission: int,
        dealt: Mapping[str, Any],
    ) -> NanoLine | None:
        """Mission 59: the twelve Number cards in a random line (nothing to draw otherwise)."""
        return nano_line.deal(rng) if config.mode == "line" else None

    def deal_pile(
        self, config: NanoConfig, rng: Rng, pool: list[int], players: int
    ) -> tuple[int, ...] | None:
        """Nano's face-down wires: the first of the shuffled pile (top first); none as the
        clock or on the line."""
        if config.mode in ("dial", "line"):
            return None
        rng.shuffle(pool)
        count = PILE[players]
        pile = tuple(pool[:count])
        del pool[:count]
        return pile

    def pile_codes(self, config: NanoConfig, data: Any) -> tuple[int, ...]:
        return tuple(data) if isinstance(data, tuple) else ()

    def setup_from_json(
        self,
        config: NanoConfig,
        raw: object,
        players: int,
        options: Options,
        mission: int,
        dealt: Mapping[str, Any],
    ) -> tuple[int, ...] | NanoLine | None:
        if config.mode == "line":
            return nano_line.from_json(raw)
        if config.mode == "dial":
            if raw is not None:
                raise SetupError("setup.parts.nano: Nano holds no wire in this mission")
            return None
        count = PILE.get(players, 0)
        wires = raw.get("wires") if isinstance(raw, dict) and set(raw) == {"wires"} else None
        message = (
            f'setup.parts.nano must be {{"wires": [{count} wire labels]}}: Nano\'s face-down '
            "wires with this many players, top first"
        )
        if not isinstance(wires, list) or len(wires) != count:
            raise SetupError(message)
        try:
            return tuple(code_of(w) if isinstance(w, str) else code_of(str(w)) for w in wires)
        except (TypeError, ValueError) as exc:
            raise SetupError(message) from exc

    def setup_to_json(self, data: tuple[int, ...] | NanoLine) -> dict[str, Any]:
        if isinstance(data, NanoLine):
            return nano_line.to_json(data)
        return {"wires": [label_of(c) for c in data]}

    def init_part(self, table: Table) -> NanoPart | nano_line.LinePart:
        if _line(table):
            return nano_line.init(table)
        if _clock(table):
            return NanoPart(CLOCK_START, "up", ())
        codes = table.setup.parts.get(ID)
        if not isinstance(codes, tuple):
            raise SetupError("a mission with Nano needs setup.parts.nano")
        first = len(table.codes) - len(codes)
        return NanoPart(TRACK[0], "up", tuple(range(first, len(table.codes))))

    def dial_view(self, table: Table) -> tuple[int, int] | None:
        """Mission 53: the observation's dial is Nano's clock (``clock_left``)."""
        if not _clock(table):
            return None
        return clock_left(_part(table).space), clock_left(CLOCK_START)

    def takes_mistake(self, table: Table, events: Events) -> bool:
        """Mission 53: a failed cut moves Nano (two spaces, at the end of the turn), never the
        detonator."""
        if not _clock(table):
            return False
        table.set_part(ID, replace(_part(table), missed=True))
        return True

    def start_game(self, table: Table, events: Events) -> None:
        if _line(table):
            events.append(nano_line.start_event(table))
            return
        part = _part(table)
        if _clock(table):
            events.append(Event("nano_clock", {"space": part.space, "end": CLOCK_END}))
            return
        events.append(
            Event("nano", {"space": part.space, "facing": part.facing, "wires": len(part.pile)})
        )

    def after_cuts(self, table: Table, events: Events) -> None:
        """The active player cut wires of Nano's value: he takes Nano's top wire (mission 53:
        the turn's cut is remembered for Nano's move)."""
        if _line(table):
            nano_line.after_cuts(table, events)
        elif _clock(table):
            _clock_cuts(table, events)
        elif _part(table).space in _cut_values(table, events):
            _take(table, table.active, events)

    def end_turn(self, table: Table, events: Events) -> None:
        """Nano moves one space (once a stand is chosen for a wire taken: ``_stand``);
        mission 53: by the turn's cut; mission 59: its player chooses Nano's facing next."""
        if _line(table):
            nano_line.on_end_turn(table)
            return
        if _clock(table):
            if table.result is None:
                _clock_move(table, events)
            return
        if _part(table).chooser is not None:
            return
        _move(table, events)
        _stranded(table, events)

    def turn_start(self, table: Table, events: Events) -> None:
        """The player whose turn begins can cut nothing, and nobody else holds a wire: the
        wires left on Nano can never be taken."""
        seat = table.active
        if _config(table).mode == "track" and stuck(table, seat):
            # What everyone learns: he holds a wire that is not red, and fewer than all the
            # copies left of each value (else his Solo Cut).
            short = [
                [v, table.in_play(v) - table.cut_count(v) - 1]
                for v in table.wireset.blue
                if table.in_play(v) - table.cut_count(v) in (2, 4)
            ]
            events.append(Event("nano_stuck", {"seat": seat, "solo": short}))
            explode(table, "nano", events)

    def next_turn(self, table: Table, seat: int, events: Events) -> bool:
        if _line(table):
            return nano_line.next_turn(table)
        chooser = _part(table).chooser
        if chooser is None:
            return False
        table.pending = Pending(NANO_STAND, chooser)
        return True

    def due_value(self, table: Table) -> int | None:
        """Mission 59: once Nano has walked, the active player must cut its value."""
        return nano_line.current(table) if _line(table) else None

    def check_action(self, table: Table, action: Action) -> None:
        if _line(table):
            nano_line.check_action(table, action)

    def allows(self, table: Table, action: Action) -> bool:
        return nano_line.allows(table, action) if _line(table) else True

    def off_stand(self, table: Table) -> frozenset[int]:
        if _line(table):
            return frozenset()
        part = _part(table)
        held = () if part.held is None else (part.held,)
        return frozenset((*part.pile, *held))

    def off_stand_seen(self, table: Table, viewer: Viewer) -> frozenset[int]:
        if _line(table):
            return frozenset()
        part = _part(table)
        if part.held is not None and viewer in (part.chooser, SEER):
            return frozenset((part.held,))
        if viewer == SEER:
            return frozenset(part.pile)
        return frozenset()

    def observe(self, table: Table, viewer: Viewer) -> NanoView | ClockView | nano_line.LineView:
        if _line(table):
            return nano_line.observe(table)
        part = _part(table)
        if _clock(table):
            return {
                "mode": "dial",
                "space": part.space,
                "end": CLOCK_END,
                "left": clock_left(part.space),
            }
        held = part.held if viewer in (part.chooser, SEER) else None
        dealt = table.setup.parts.get(ID)
        return {
            "space": part.space,
            "facing": part.facing,
            "pile": {
                "dealt": len(dealt) if isinstance(dealt, tuple) else 0,
                "left": len(part.pile),
            },
            "chooser": part.chooser,
            "held": label_of(table.codes[held]) if held is not None else None,
        }

    def advise(self, ask: BotAsk) -> Advice | None:
        from ..bots.nano import advise

        return advise(ask)


MECHANISM = Nano()

__all__ = [
    "CLOCK_END",
    "CLOCK_START",
    "ID",
    "MECHANISM",
    "PILE",
    "TRACK",
    "ClockView",
    "NanoFace",
    "NanoSkip",
    "NanoStand",
    "NanoView",
    "NanoWalk",
    "clock_left",
    "clock_view",
    "line_view",
    "stuck",
    "view",
]
