"""Volunteers (mission 45): no turn order; each turn a Number card and whoever says "Snip!" cuts it.

Each turn, before anyone plays:

1. the captain turns up the top card of the Number cards' face-down deck (the mission 18 deck:
   a card whose four wires are all cut is discarded for good; an empty deck is reshuffled from
   the cards used since, in an order the deal fixed in advance, so a record replays without the
   RNG) — the ``volunteer_card`` event;
2. the first player (the captain included) to say "Snip!" (``Volunteer``) must cut that value:
   a Dual Cut announcing it (his Double Detector may help) or a Solo Cut of it. Saying "Snip!"
   without holding the value moves the detonator one step (everyone then knows he holds none);
   the card stays up for the others. A player holding only red wires may say "Snip!" at any time
   of the call: his turn is to reveal them;
3. if nobody volunteers, the captain names a player, himself included (``NameVolunteer``). A
   named player who holds the value cuts it; one who does not chooses one of his blue wires and
   puts a true info token in front of it, and the detonator moves one step (§9.2 and B16: the
   reading of mission 18 and 51's same words).

The digital "first to say Snip!" is mission 10's claim (``claims``): the game asks the seats in
turn, from the captain clockwise (``to_move``); the seat asked volunteers or passes the question
on (``PassVolunteer``), and people at the table tap whoever said "Snip!" first at any time of the
call. Once every seat with wires has passed, the captain names. Passing proves nothing (a player
may hold the value and not want to cut it). A round is N turns (§12 B12): each turn is one card.

>>> from engine.redwire import new_game
>>> game = new_game(mission=45, players=3, seed=4)
>>> while game.phase.value == "setup_token":
...     game, _ = game.apply(game.legal_actions(game.to_move)[0])
>>> game.phase.value, view(game.observation(None))["current"] is not None
('volunteer', True)
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, ClassVar, TypedDict, cast

from ...core.errors import ReasonCode
from ...core.events import Event, Viewer
from ..actions import Action
from ..errors import IllegalActionError, Reason, describe_phase
from ..model import Pending, Phase, Table
from ..turn import OPEN_PHASES, begin_turn, check_seat, end_turn, mistake, must_reveal, place_info
from ..wires import Colour, blue, colour_of
from .base import (
    ActionFilter,
    ActionSpec,
    Advice,
    BotAsk,
    Events,
    PickSpec,
    ValueBound,
    bound_value_filter,
    name_of,
)
from .number_deck import DeckMechanism, NumberDeck, orders_of, turn_up

if TYPE_CHECKING:
    from ..observation_types import Observation

ID = "volunteers"
VOLUNTEER = Phase.declare("volunteer")
VOL_NAME = Phase.declare("volunteer_name")
VOL_TOKEN = Phase.declare("volunteer_token")
#: The call and the naming are decisions with no action under way ("any time" equipment waits
#: for none).
OPEN_PHASES.update({VOLUNTEER, VOL_NAME})
describe_phase(
    VOLUNTEER.value,
    "the Number card waits for a volunteer",
    'say "Snip!" to cut the Number card\'s value, or let the next player decide',
)
describe_phase(VOL_NAME.value, "the captain is naming a player", "name the player who must cut")


class VolunteerReason(ReasonCode):
    """Refusals of the volunteers' call."""

    VOLUNTEER_VALUE = (
        "volunteer_value",
        "You said Snip!: you must cut with the Number card's value, {value}.",
    )
    VOLUNTEER_AGAIN = (
        "volunteer_again",
        "{who} already said Snip! for this card without holding its value.",
    )


@dataclass(frozen=True)
class Volunteer(Action):
    """``seat`` says "Snip!": he cuts the Number card's value (or reveals his red wires)."""

    type: ClassVar[str] = "volunteer"
    seat: int


@dataclass(frozen=True)
class PassVolunteer(Action):
    """The seat asked lets the next seat decide whether to volunteer."""

    type: ClassVar[str] = "pass_volunteer"
    seat: int


@dataclass(frozen=True)
class NameVolunteer(Action):
    """Nobody volunteered: the captain (``seat``) names the player (``named``) who must cut."""

    type: ClassVar[str] = "name_volunteer"
    seat: int
    named: int


@dataclass(frozen=True)
class VolunteersPart(NumberDeck):
    """The Number deck (``number_deck``), the seats that passed on this card, those who said
    "Snip!" without its value, and the seat that must cut it."""

    passed: frozenset[int] = frozenset()
    wrong: frozenset[int] = frozenset()
    cutter: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            **self.deck_json(),
            "passed": sorted(self.passed),
            "wrong": sorted(self.wrong),
            "cutter": self.cutter,
        }


class VolunteersView(TypedDict):
    """``observation["mechanisms"]["volunteers"]`` (public): the card up, the deck's size, the
    cards used and discarded, who passed and who said "Snip!" without the value on this card,
    who must cut it, the captain (he turns the cards and names), and whether the call is open."""

    current: int | None
    deck: int
    used: list[int]
    gone: list[int]
    passed: list[int]
    wrong: list[int]
    cutter: int | None
    captain: int
    calling: bool


def view(obs: Observation) -> VolunteersView | None:
    return cast("VolunteersView | None", obs["mechanisms"].get(ID))


def holds(table: Table, seat: int, value: int) -> bool:
    """Whether ``seat`` holds an uncut wire of ``value``."""
    code = blue(value)
    return any(c == code for _, _, c in table.hand(seat))


def _with_wires(table: Table) -> list[int]:
    """Seats with wires, from the captain clockwise (the order the call asks them in)."""
    captain = table.setup.captain
    order = [(captain + i) % table.players for i in range(table.players)]
    return [seat for seat in order if table.has_wires(seat)]


def _ask_next(table: Table, part: VolunteersPart) -> None:
    """Ask the next seat with wires that has not passed, else the captain names."""
    waiting = [seat for seat in _with_wires(table) if seat not in part.passed]
    if waiting:
        table.pending = Pending(VOLUNTEER, waiting[0], value=part.current)
    else:
        table.pending = Pending(VOL_NAME, table.setup.captain, value=part.current)


def _open(table: Table, events: Events) -> bool:
    """A new turn's card, and the call (False when no card is left: the clockwise turn)."""
    part, value = turn_up(table, table.part(ID, VolunteersPart), orders_of(table, ID))
    part = replace(part, passed=frozenset(), wrong=frozenset(), cutter=None)
    table.set_part(ID, part)
    if value is None:  # every blue value is cut: only red wires are left, revealed in turn
        return False
    events.append(Event("volunteer_card", {"seat": table.setup.captain, "value": value}))
    _ask_next(table, part)
    return True


def _cutter_turn(s: Table, seat: int, must_cut: bool, events: Events) -> None:
    part = s.part(ID, VolunteersPart)
    s.set_part(ID, replace(part, cutter=seat if must_cut else None))
    begin_turn(s, seat, s.turn_number + 1, events)


def _volunteer(s: Table, a: Volunteer) -> Events:
    if s.pending.phase is not VOLUNTEER:
        raise IllegalActionError(Reason.NOT_NOW, phase=s.pending.phase.value)
    seat = check_seat(s, a.seat)
    if not s.has_wires(seat):
        raise IllegalActionError(Reason.NO_WIRES, seat=seat)
    part = s.part(ID, VolunteersPart)
    if seat in part.wrong:
        raise IllegalActionError(VolunteerReason.VOLUNTEER_AGAIN, seat=seat)
    value = part.current
    assert value is not None
    data: dict[str, Any] = {"seat": seat, "value": value}
    if must_reveal(s, seat):  # only red wires: "Snip!" to reveal them (his turn)
        events: Events = [Event("volunteer", {**data, "held": False, "reds": True})]
        _cutter_turn(s, seat, False, events)
        return events
    if holds(s, seat, value):
        events = [Event("volunteer", {**data, "held": True})]
        _cutter_turn(s, seat, True, events)
        return events
    # "Snip!" without the value: one step, and the card stays up for the others.
    events = [Event("volunteer", {**data, "held": False})]
    if mistake(s, events):
        return events
    part = replace(part, passed=part.passed | {seat}, wrong=part.wrong | {seat})
    s.set_part(ID, part)
    if s.pending.seat == seat:  # the seat asked spoke wrongly: the question moves on
        _ask_next(s, part)
    return events


def _pass(s: Table, a: PassVolunteer) -> Events:
    if s.pending.phase is not VOLUNTEER:
        raise IllegalActionError(Reason.NOT_NOW, phase=s.pending.phase.value)
    if a.seat != s.pending.seat:
        raise IllegalActionError(Reason.NOT_YOUR_DECISION, seat=s.pending.seat)
    part = s.part(ID, VolunteersPart)
    part = replace(part, passed=part.passed | {a.seat})
    s.set_part(ID, part)
    _ask_next(s, part)
    following = s.pending.seat if s.pending.phase is VOLUNTEER else None
    return [Event("pass_volunteer", {"seat": a.seat, "next": following})]


def _name(s: Table, a: NameVolunteer) -> Events:
    if s.pending.phase is not VOL_NAME:
        raise IllegalActionError(Reason.NOT_NOW, phase=s.pending.phase.value)
    if a.seat != s.pending.seat:
        raise IllegalActionError(Reason.NOT_YOUR_DECISION, seat=s.pending.seat)
    named = check_seat(s, a.named)
    if not s.has_wires(named):
        raise IllegalActionError(Reason.NO_WIRES, seat=named)
    value = s.part(ID, VolunteersPart).current
    assert value is not None
    held = holds(s, named, value)
    events: Events = [
        Event("name_volunteer", {"seat": a.seat, "named": named, "value": value, "held": held})
    ]
    _cutter_turn(s, named, held, events)
    if held or s.result is not None:
        return events
    # He lacks the value: a true token on one of his blue wires, his choice, and one step.
    if mistake(s, events):
        return events
    options = tuple(
        (st, sl)
        for st, sl, code in s.hand(named)
        if colour_of(code) is Colour.BLUE and s.stands[st][sl] not in s.info
    )
    if not options:
        end_turn(s, events)
        return events
    s.pending = Pending(VOL_TOKEN, named, options, actor=a.seat, value=value)
    return events


def _token(s: Table, pending: Pending, stand: int, slot: int, events: Events) -> None:
    place_info(s, s.wire_id(stand, slot), ID, events)
    end_turn(s, events)


def _legal_volunteer(s: Table, seat: int) -> Iterator[Volunteer]:
    if s.pending.phase is not VOLUNTEER or not s.has_wires(seat):
        return
    if seat not in s.part(ID, VolunteersPart).wrong:
        yield Volunteer(seat)


def _legal_pass(s: Table, seat: int) -> Iterator[PassVolunteer]:
    if s.pending.phase is VOLUNTEER and s.pending.seat == seat:
        yield PassVolunteer(seat)


def _legal_name(s: Table, seat: int) -> Iterator[NameVolunteer]:
    if s.pending.phase is not VOL_NAME or s.pending.seat != seat:
        return
    for named in range(s.players):
        if s.has_wires(named):
            yield NameVolunteer(seat, named)


def _cut_value(table: Table, seat: int) -> int | None:
    """The value the cutter must cut with, while it is his turn and he still holds it (once
    he holds none, after equipment that moved his wires, he plays a normal turn: never stuck)."""
    part = table.parts.get(ID)
    if (
        not isinstance(part, VolunteersPart)
        or part.cutter is None
        or part.current is None
        or table.phase is not Phase.TURN
        or seat != table.active
        or seat != part.cutter
    ):
        return None
    return part.current if holds(table, seat, part.current) else None


def _read_volunteer(event: Mapping[str, Any], tracker: Any) -> None:
    """A "Snip!" with the value proves the volunteer holds one; without, that he holds none."""
    from ..deduction.facts import AtLeastOne, Count

    if event.get("reds"):
        return  # only red wires: his reveal shows them
    wires = tracker.uncut_of_seat(int(event["seat"]))
    value = int(event["value"])
    if event["held"]:
        tracker.add(AtLeastOne.classes(wires, value))
    elif wires:
        tracker.add(Count.classes(wires, value, low=0, high=0))


def _read_named(event: Mapping[str, Any], tracker: Any) -> None:
    """The named player holds the value, or holds none of it (the step shows it)."""
    _read_volunteer(
        {"seat": event["named"], "value": event["value"], "held": event["held"]}, tracker
    )


class Volunteers(DeckMechanism[VolunteersPart]):
    id = ID
    part_type = VolunteersPart
    reasons = VolunteerReason
    actions = (
        ActionSpec(Volunteer, "any_time", _legal_volunteer, _volunteer),
        ActionSpec(PassVolunteer, "any_time", _legal_pass, _pass),
        ActionSpec(NameVolunteer, "any_time", _legal_name, _name),
    )
    picks = (
        PickSpec(
            VOL_TOKEN,
            _token,
            "an info token is being placed (the player named holds none of the value)",
            "put an info token in front of one of your blue wires",
        ),
    )
    events = ("volunteer_card", "volunteer", "pass_volunteer", "name_volunteer")
    lines = {
        "volunteer_card": lambda e, n, o: (
            f"{name_of(n, e['seat'])} turns up Number card {e['value']}: who says Snip!?"
        ),
        "volunteer": lambda e, n, o: (
            f"Snip! {name_of(n, e['seat'])} reveals their red wires."
            if e.get("reds")
            else f"Snip! {name_of(n, e['seat'])} volunteers to cut value {e['value']}."
            if e["held"]
            else f"Snip! {name_of(n, e['seat'])} volunteers but holds no wire of value {e['value']}."
        ),
        "pass_volunteer": lambda e, n, o: (
            f"{name_of(n, e['seat'])} does not volunteer."
            + (" Nobody volunteered: the captain names a player." if e["next"] is None else "")
        ),
        "name_volunteer": lambda e, n, o: (
            f"{name_of(n, e['seat'])} names {name_of(n, e['named'])} to cut value {e['value']}"
            + ("." if e["held"] else ": they hold no wire of it.")
        ),
    }
    facts = {"volunteer": _read_volunteer, "name_volunteer": _read_named}
    bot_keys = {
        "vol_sure": (
            ("value",),
            "Snip! I hold a {value} and have a sure cut for it.",
            "mission 45: volunteer with a sure cut",
        ),
        "vol_reds": ((), "Snip! Only red wires are left on my stand.", "mission 45: reveal red"),
        "vol_hold": (
            ("value",),
            "Snip! I hold a {value}.",
            "mission 45: the simple level volunteers whenever it holds the value",
        ),
        "vol_pass": (
            ("value",),
            "No sure cut of {value} for me: someone else may have one.",
            "mission 45: let the next player decide",
        ),
        "vol_name_self": (
            ("value",),
            "I name myself: I hold a {value}.",
            "mission 45: the captain names himself",
        ),
        "vol_name_other": (
            ("seat", "value"),
            "I name {seat}: they are the likeliest to hold a {value}.",
            "mission 45: the captain names the likeliest holder",
        ),
        "vol_volunteer": (
            ("value",),
            "Snip! I hold a {value} and everyone else has passed.",
            "mission 45: the last seat asked volunteers with the value",
        ),
    }

    def next_turn(self, table: Table, seat: int, events: Events) -> bool:
        """Every turn starts with a card and the call (the first one too, after the tokens)."""
        return _open(table, events)

    def announce_bound(self, table: Table, seat: int) -> ValueBound | None:
        """A volunteer bound to a value announces it only (VOLUNTEER_VALUE)."""
        value = _cut_value(table, seat) if seat == table.active else None
        return None if value is None else value.__eq__

    def action_filter(self, table: Table) -> ActionFilter | None:
        # Only the active seat may be bound to a value: read once per listing (it reads his hand).
        value = _cut_value(table, table.active)
        if value is None:
            return None
        # equipment, picks: the rules allow them as in any turn
        return bound_value_filter(
            table.active, value, VolunteerReason.VOLUNTEER_VALUE, lambda action: True
        )

    def observe(self, table: Table, viewer: Viewer) -> VolunteersView:
        part = self.part(table)
        return {
            "current": part.current,
            "deck": len(part.deck),
            "used": list(part.used),
            "gone": list(part.gone),
            "passed": sorted(part.passed),
            "wrong": sorted(part.wrong),
            "cutter": part.cutter,
            "captain": table.setup.captain,
            "calling": table.pending.phase in (VOLUNTEER, VOL_NAME),
        }

    def advise(self, ask: BotAsk) -> Advice | None:
        from ..bots.volunteers import advise

        return advise(ask)


MECHANISM = Volunteers()
