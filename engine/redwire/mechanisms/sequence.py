"""The Sequence card: the values of the Number cards' row must be opened in order (missions 9, 16).

The card lies over the row's first Number card (side A: each step needs 2 wires of the current
value cut; side B: all 4). A value further along the row is *blocked*: no cut may announce it
(a Dual Cut, a detector, the X-or-Y ray, a Solo Cut), so neither a teammate's wire nor the
actor's own wire of that value can be cut. Once enough wires of the current value are cut (by
anyone, in any way) its card is turned face down and the Sequence card moves to the next one.
Values that are not on the row, yellow included, are free.

FAQ: a player whose only possible cuts are blocked values makes the bomb explode. On their turn
such a player has one legal move, ``Stuck``: they say so and the bomb explodes. (They may still
use "any time" equipment first, as at the table; and a turn card that replaces the action, the
Coffee Break, is a way out.)

>>> from engine.redwire import new_game
>>> game = new_game(mission=9, players=3, seed=2)
>>> view(game.observation(None))
{'side': 'A', 'need': 2, 'current': 11, 'blocked': [12, 3]}
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, ClassVar, Literal, NotRequired, TypedDict, cast

from ...core.errors import ReasonCode
from ...core.events import Event, Viewer
from ..actions import Action, Cut, Parser, SoloCut, bad
from ..errors import IllegalActionError, Reason, describe_phase
from ..model import Pending, Phase, Table
from ..turn import (
    OPEN_PHASES,
    begin_turn,
    explode,
    must_reveal,
    next_setup_seat,
    places_token,
    require_own_turn,
    token_skipped,
)
from ..wires import RED, value_to_json
from . import number_cards
from .base import (
    ActionFilter,
    ActionSpec,
    Advice,
    BotAsk,
    Events,
    Mechanism,
    Refusal,
    listing_filters,
    name_of,
)

if TYPE_CHECKING:
    from ..deduction.tracker import Tracker
    from ..missions import ConfigReader
    from ..observation_types import Observation

ID = "sequence"
Side = Literal["A", "B"]
#: Wires of the current value that must be cut before the next value opens, per side.
NEED: dict[str, int] = {"A": 2, "B": 4}


class SequenceReason(ReasonCode):
    """The Sequence card's refusals."""

    BLOCKED_VALUE = (
        "blocked_value",
        "{value} is blocked by the sequence: cut the values of the row in order.",
    )
    NOT_STUCK = (
        "not_stuck",
        "You can still make a cut that the sequence allows.",
    )


#: Mission 36: the captain puts the Sequence card at one end of the row (setup).
SEQUENCE_END = Phase.declare("sequence_end")
#: Mission 36: the player who opened the next card may move the Sequence card to the other end.
SEQUENCE_MOVE = Phase.declare("sequence_move")
OPEN_PHASES.update({SEQUENCE_END, SEQUENCE_MOVE})
describe_phase(
    SEQUENCE_END.value,
    "the captain is putting the Sequence card at one end of the row",
    "put the Sequence card at the left or the right end of the row",
)
describe_phase(
    SEQUENCE_MOVE.value,
    "a player is deciding whether to move the Sequence card to the other end of the row",
    "move the Sequence card to the other end, or keep it",
)
End = Literal["left", "right"]


@dataclass(frozen=True)
class SequenceConfig:
    side: Side
    #: Mission 36 (``sequence:A:ends``): the card lies at an end of the row, chosen by the
    #: captain, each value's card leaves the row once 2 of its wires are cut, and the player
    #: who cut them may move the Sequence card to the other end.
    ends: bool = False


@dataclass(frozen=True)
class SequencePart:
    """Which card of the row the Sequence card lies over (``len(row)``: past the last one); in
    mission 36, the end it lies at ("": not yet put down), who decides whether to move it now,
    and whose turn comes after that decision."""

    at: int = 0
    end: str = ""
    mover: int | None = None
    resume: int | None = None

    def to_json(self) -> int | dict[str, Any]:
        if not self.end and self.mover is None:
            return self.at
        return {"at": self.at, "end": self.end, "mover": self.mover, "resume": self.resume}


class SequenceView(TypedDict):
    """``observation["mechanisms"]["sequence"]``."""

    side: Side
    need: int
    #: The value the Sequence card lies over (None once the whole row is open).
    current: int | None
    #: The values of the row still blocked, in order.
    blocked: list[int]
    #: Mission 36: the end of the row the card lies at ("left", "right"; "" before the captain
    #: puts it down), and who is deciding whether to move it (None: nobody).
    end: NotRequired[str]
    mover: NotRequired[int | None]


def view(obs: Observation) -> SequenceView | None:
    return cast("SequenceView | None", obs["mechanisms"].get(ID))


@dataclass(frozen=True)
class Stuck(Action):
    """On your turn, with no cut the sequence allows: say so (the bomb explodes)."""

    type: ClassVar[str] = "stuck"
    seat: int


def _as_end(raw: object, name: str) -> str:
    if raw not in ("left", "right"):
        raise bad(f"{name} must be left or right")
    return str(raw)


def _as_bool(raw: object, name: str) -> bool:
    if not isinstance(raw, bool):
        raise bad(f"{name} must be true or false")
    return raw


@dataclass(frozen=True)
class PlaceSequence(Action):
    """Mission 36, at setup: the captain puts the Sequence card at the ``end`` of the row."""

    type: ClassVar[str] = "sequence_end"
    parsers: ClassVar[Mapping[str, Parser]] = {"end": _as_end}
    seat: int
    end: str


@dataclass(frozen=True)
class MoveSequence(Action):
    """Mission 36: after cutting two wires of the open value, move the Sequence card to the
    other end of the row (``move``) or keep it where it is."""

    type: ClassVar[str] = "sequence_move"
    parsers: ClassVar[Mapping[str, Parser]] = {"move": _as_bool}
    seat: int
    move: bool


def _open_and_blocked(table: Table) -> tuple[int | None, tuple[int, ...]]:
    part = table.parts.get(ID)
    if not isinstance(part, SequencePart):
        return None, ()
    row = number_cards.row(table)
    if _config(table).ends:
        if not row:
            return None, ()
        if part.end == "right":
            return row[-1], row[:-1]
        if part.end == "left":
            return row[0], row[1:]
        return None, row  # not put down yet (setup): nothing is cut then
    return (row[part.at] if part.at < len(row) else None), row[part.at + 1 :]


def blocked(table: Table) -> tuple[int, ...]:
    """The values of the row the sequence does not allow yet."""
    return _open_and_blocked(table)[1]


def _config(table: Table) -> SequenceConfig:
    config = table.mission.config(ID)
    assert isinstance(config, SequenceConfig)
    return config


def _announced(action: Action) -> tuple[int, ...]:
    if isinstance(action, Cut):
        return action.values
    if isinstance(action, SoloCut):
        return (action.value,)
    return ()


def stuck(table: Table, seat: int) -> bool:
    """Whether ``seat``, on its turn, has no cut the rules allow and no action that replaces one.

    A Dual Cut needs a value held (not red) that every mechanism allows and a teammate with an
    uncut wire; a Solo Cut, a value held entirely."""
    from ..rules import solo_allowed  # the rules import the registry, which imports this module

    if must_reveal(table, seat) or not table.has_wires(seat):
        return False
    values = sorted(table.held_values(seat) - {RED})
    filters = listing_filters(table)
    target = next(
        (
            (stand, slot)
            for stand, owner in enumerate(table.owners)
            if owner != seat
            for slot, _ in table.uncut(stand)
        ),
        None,
    )
    for value in values:
        moves: list[Action] = [SoloCut(seat, value)] if solo_allowed(table, seat, value) else []
        if target is not None:
            moves.append(Cut(seat, (target,), (value,)))
        if any(all(allowed(move) for allowed in filters) for move in moves):
            return False
    for mechanism in table.mechanisms:
        for spec in mechanism.actions:
            if spec.is_action and spec.timing == "turn" and any(spec.legal(table, seat)):
                return False
    return True


def _stuck(s: Table, a: Stuck) -> Events:
    require_own_turn(s, a.seat)
    if ID not in s.parts or not stuck(s, a.seat):
        raise IllegalActionError(SequenceReason.NOT_STUCK)
    events: Events = [
        Event("stuck", {"seat": a.seat, "blocked": list(blocked(s))}),
    ]
    explode(s, "stuck", events)
    return events


def _legal(s: Table, seat: int) -> Iterator[Stuck]:
    if ID in s.parts and s.phase is Phase.TURN and s.active == seat and stuck(s, seat):
        yield Stuck(seat)


def _read_stuck(event: Mapping[str, Any], tracker: Tracker) -> None:
    """The seat held a blocked value and no value the sequence allowed (nor only red wires)."""
    # Imported here: the solver loads only when a page or a bot first asks for odds.
    from ..deduction.codes import BLUE_VALUES, YELLOW
    from ..deduction.facts import AtLeastOne, Count

    closed = [int(v) for v in event["blocked"]]
    hand = tracker.uncut_of_seat(int(event["seat"]))
    tracker.add(AtLeastOne.classes(hand, *closed))
    allowed = [v for v in (YELLOW, *BLUE_VALUES) if v not in closed]
    tracker.add(Count.classes(hand, *allowed, low=0, high=0))


def _place(s: Table, a: PlaceSequence) -> Events:
    if s.pending.phase is not SEQUENCE_END:
        raise IllegalActionError(Reason.NOT_NOW, phase=s.pending.phase.value)
    if a.seat != s.pending.seat:
        raise IllegalActionError(Reason.NOT_YOUR_DECISION, seat=s.pending.seat)
    if a.end not in ("left", "right"):
        raise IllegalActionError(Reason.MALFORMED, detail="the end is left or right")
    s.set_part(ID, replace(s.part(ID, SequencePart), end=a.end))
    events: Events = [
        Event("sequence_end", {"seat": a.seat, "end": a.end, "open": _open_and_blocked(s)[0]})
    ]
    captain = s.setup.captain
    if places_token(s, captain):  # the setup tokens follow, from the captain
        s.pending = Pending(Phase.SETUP_TOKEN, captain)
    else:
        events.append(token_skipped(s, captain))
        next_setup_seat(s, captain, events)
    return events


def _place_legal(s: Table, seat: int) -> Iterator[PlaceSequence]:
    if s.pending.phase is SEQUENCE_END and s.pending.seat == seat:
        yield PlaceSequence(seat, "left")
        yield PlaceSequence(seat, "right")


def _move(s: Table, a: MoveSequence) -> Events:
    if s.pending.phase is not SEQUENCE_MOVE:
        raise IllegalActionError(Reason.NOT_NOW, phase=s.pending.phase.value)
    if a.seat != s.pending.seat:
        raise IllegalActionError(Reason.NOT_YOUR_DECISION, seat=s.pending.seat)
    part = s.part(ID, SequencePart)
    end = part.end
    if a.move:
        end = "right" if end == "left" else "left"
    s.set_part(ID, replace(part, end=end, mover=None, resume=None))
    events: Events = [
        Event(
            "sequence_move",
            {"seat": a.seat, "moved": a.move, "end": end, "open": _open_and_blocked(s)[0]},
        )
    ]
    assert part.resume is not None
    begin_turn(s, part.resume, s.turn_number + 1, events)
    return events


def _move_legal(s: Table, seat: int) -> Iterator[MoveSequence]:
    if s.pending.phase is SEQUENCE_MOVE and s.pending.seat == seat:
        yield MoveSequence(seat, True)
        yield MoveSequence(seat, False)


def _held(obs: Observation, value: int) -> int:
    """How many uncut wires of ``value`` the viewer holds (its own stands)."""
    seat = obs.get("viewer")
    return sum(
        1
        for stand in obs["stands"]
        if stand.get("owner") == seat
        for tile in stand["slots"]
        if not tile["cut"] and tile["wire"] == str(value)
    )


def _best_end(obs: Observation, options: list[tuple[Action, int]]) -> tuple[Action, int, int]:
    """The option whose open value the seat holds most of (the first on a tie)."""
    scored = [(action, value, _held(obs, value)) for action, value in options]
    return max(scored, key=lambda t: t[2])


class Sequence(Mechanism[SequencePart]):
    id = ID
    causes = {"stuck": "no cut was left"}
    reasons = SequenceReason
    actions = (
        ActionSpec(Stuck, "turn", _legal, _stuck),
        ActionSpec(PlaceSequence, "any_time", _place_legal, _place),
        ActionSpec(MoveSequence, "any_time", _move_legal, _move),
    )
    events = ("sequence", "stuck", "sequence_end", "sequence_move")
    facts = {"stuck": _read_stuck}
    lines = {
        "sequence": lambda e, n, o: (
            (
                f"Two wires of {e['done']} are cut: its card leaves the row"
                + (f" ({e['next']} next to the Sequence card)." if e["next"] is not None else ".")
            )
            if "seat" in e
            else f"Sequence: {e['done']} is open"
            + (f"; next is {e['next']}." if e["next"] is not None else "; the whole row is open.")
        ),
        "stuck": lambda e, n, o: (
            f"{name_of(n, e['seat'])} can cut nothing the sequence allows "
            f"({', '.join(map(str, e['blocked']))} blocked)."
        ),
        "sequence_end": lambda e, n, o: (
            f"{name_of(n, e['seat'])} puts the Sequence card at the {e['end']} end of the row: "
            f"{e['open']} is open."
        ),
        "sequence_move": lambda e, n, o: (
            f"{name_of(n, e['seat'])} "
            + (
                "moves the Sequence card to the other end"
                if e["moved"]
                else "keeps the Sequence card"
            )
            + (f": {e['open']} is open." if e["open"] is not None else ".")
        ),
    }

    bot_keys = {
        "stuck": (
            (),
            "The sequence blocks every value I hold: I cannot cut.",
            "sequence: no cut allowed, the bomb explodes (the only legal move)",
        ),
        "sequence_end": (
            ("value",),
            "I put the Sequence card by the {value}: I hold the most of it.",
            "mission 36: the captain's end of the row, the one whose value he holds most of",
        ),
        "sequence_move": (
            ("value",),
            "I move the Sequence card: I hold more {value}s, now open.",
            "mission 36: the other end's value is held more than the near one's",
        ),
        "sequence_keep": (
            ("value",),
            "I keep the Sequence card where it is: {value} is open, I hold as many of it.",
            "mission 36: the near end's value is held at least as much as the other end's",
        ),
    }

    def advise(self, ask: BotAsk) -> Advice | None:
        """Stuck: the one move left, said as it is. Mission 36: the end (and the move) whose
        open value the seat holds most of (keeping the card on a tie)."""
        for action in ask.legal:
            if isinstance(action, Stuck):
                return action, "stuck", {}
        cards = number_cards.view(ask.obs)
        row = [c["value"] for c in cards["row"]] if cards else []
        places = [a for a in ask.legal if isinstance(a, PlaceSequence)]
        if places and row:
            options: list[tuple[Action, int]] = [
                (a, row[0] if a.end == "left" else row[-1]) for a in places
            ]
            chosen, value, _ = _best_end(ask.obs, options)
            return chosen, "sequence_end", {"value": value}
        moves = [a for a in ask.legal if isinstance(a, MoveSequence)]
        seq = view(ask.obs)
        if moves and row and seq is not None:
            near = row[0] if seq.get("end") == "left" else row[-1]
            far = row[-1] if seq.get("end") == "left" else row[0]
            keep = next(a for a in moves if not a.move)
            move = next(a for a in moves if a.move)
            if _held(ask.obs, far) > _held(ask.obs, near):
                return move, "sequence_move", {"value": far}
            return keep, "sequence_keep", {"value": near}
        return None

    def configure(
        self, params: tuple[str, ...], table: Mapping[str, Any] | None, reader: ConfigReader
    ) -> SequenceConfig:
        if table is not None:
            raise reader.fail(ID, "no table: the side is a parameter (sequence:A or sequence:B)")
        if params == ("A", "ends"):
            return SequenceConfig("A", ends=True)
        if len(params) != 1 or params[0] not in NEED:
            raise reader.fail(
                f"mechanisms.{ID}", "sequence:A, sequence:B or sequence:A:ends", params
            )
        side: Side = "A" if params[0] == "A" else "B"
        return SequenceConfig(side)

    def init_part(self, table: Table) -> SequencePart:
        return SequencePart()

    def action_filter(self, table: Table) -> ActionFilter:
        closed = blocked(table)  # once: the row does not change within a listing

        def refuse(action: Action) -> Refusal | None:
            for value in _announced(action) if closed else ():
                if value in closed:
                    return Refusal(SequenceReason.BLOCKED_VALUE, {"value": value_to_json(value)})
            return None

        return refuse

    def start_game(self, table: Table, events: Events) -> None:
        if _config(table).ends:  # the captain puts the card down before the setup tokens
            table.pending = Pending(SEQUENCE_END, table.setup.captain)

    def next_turn(self, table: Table, seat: int, events: Events) -> bool:
        """Mission 36: the player who opened the next card decides first about the move."""
        part = self.part(table)
        if part.mover is None:
            return False
        table.set_part(ID, replace(part, resume=seat))
        table.pending = Pending(SEQUENCE_MOVE, part.mover)
        return True

    def after_cuts(self, table: Table, events: Events) -> None:
        """Move along the row while the current value has enough wires cut (mission 36: take
        its card out of the row; the active player may then move the Sequence card)."""
        if _config(table).ends:
            self._after_cuts_ends(table, events)
            return
        row = number_cards.row(table)
        need = NEED[_config(table).side]
        at = self.part(table).at
        while at < len(row) and table.cut_count(row[at]) >= need:
            number_cards.turn_down(table, row[at])
            at += 1
            nxt = row[at] if at < len(row) else None
            events.append(Event("sequence", {"done": row[at - 1], "next": nxt}))
        if at != self.part(table).at:
            table.set_part(ID, SequencePart(at))

    def _after_cuts_ends(self, table: Table, events: Events) -> None:
        need = NEED[_config(table).side]
        current, _ = _open_and_blocked(table)
        if current is None or table.cut_count(current) < need:
            return
        number_cards.remove_from_row(table, current)
        row = number_cards.row(table)
        part = self.part(table)
        nxt, _ = _open_and_blocked(table)
        events.append(Event("sequence", {"done": current, "next": nxt, "seat": table.active}))
        if len(row) >= 2:  # the other end shows another value: the cutter decides
            table.set_part(ID, replace(part, mover=table.active))

    def observe(self, table: Table, viewer: Viewer) -> SequenceView:
        part = self.part(table)
        side = _config(table).side
        current, closed = _open_and_blocked(table)
        out: SequenceView = {
            "side": side,
            "need": NEED[side],
            "current": current,
            "blocked": list(closed),
        }
        if _config(table).ends:
            out["end"] = part.end
            out["mover"] = part.mover
        return out


MECHANISM = Sequence()
