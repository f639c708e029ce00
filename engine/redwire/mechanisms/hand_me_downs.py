"""Hand-me-downs (mission 65): Number cards in front of the players, passed on every turn.

With ``number_cards:hands`` the twelve Number cards lie face up in front of the players (dealt
from the captain clockwise, as evenly as possible). This mechanism brings the rules that use them:

* **the cut**: every cut of the player whose turn it is (a Dual Cut, with a detector or not, and
  a Solo Cut) must announce a value shown on one of his face-up cards (``check_action`` /
  ``allows``); revealing red wires is never restricted (it is not a cut), and equipment that
  cuts nothing is free;
* **the skip**: when he holds no uncut wire of any of his face-up values (no card, or none he
  can cut, and not only red wires: those he reveals), his one move besides equipment is
  ``HandSkip``: the detonator moves one step (on its last step the bomb explodes). It is offered
  only then (whoever can cut must cut), so it tells everyone he holds none of those values: the
  deduction's fact;
* **the gift**: in every case, once his turn is over (a cut, a skip, a Coffee Mug, revealing
  his red wires), before the next turn begins, he gives one of his Number cards, face up or face
  down, to a teammate of his choice (``GiveNumber``, phase ``hand_give``; the ``next_turn`` hook
  asks for it and the next turn begins after it). A player with no card gives nothing;
* **face down**: once the four wires of a value are cut, its card is turned face down where it
  lies (``number_cards.turn_down``); it may still be given.

Our readings: the receiver may be any teammate, one without wires too (a face-down card is
harmless there, a face-up one is stranded: nobody can cut its value any more); a player with no
wire left takes no turn, so he keeps his cards; a player with no card at all holds no value he
may cut, so on his turn he skips (one step) and gives nothing; the Coffee Mug replaces the
turn's action as usual (no cut, no step) and the gift still follows. §12 B20's second-hand FAQ
(a face-up card stranded with a player who has no wires loses the mission) is the option
``m65_stranded_loss``: off by default (no extra loss condition); on, the bomb explodes as a
turn ends (after its gift) when some player with no uncut wire holds a face-up card.

>>> from engine.redwire import new_game
>>> game = new_game(mission=65, players=4, seed=1)
>>> [len(hand) for hand in game.observation(0)["mechanisms"]["number_cards"]["hands"]]
[3, 3, 3, 3]
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, TypedDict, cast

from ...core.errors import ReasonCode
from ...core.events import Event, Viewer
from ..actions import Action, Cut, SoloCut
from ..errors import IllegalActionError, Reason, describe_phase
from ..model import Pending, Phase, Table
from ..turn import (
    OPEN_PHASES,
    begin_turn,
    check_seat,
    end_turn,
    explode,
    forbid_if_must_reveal,
    mistake,
    must_reveal,
    require_decision,
    require_own_turn,
)
from . import number_cards
from .base import (
    ActionFilter,
    ActionSpec,
    Advice,
    BotAsk,
    Events,
    Mechanism,
    Refusal,
    ValueBound,
    name_of,
)

if TYPE_CHECKING:
    from ..deduction.tracker import Tracker
    from ..observation_types import Observation

ID = "hand_me_downs"
HAND_GIVE = Phase.declare("hand_give")
#: The turn's action is over when the card is given: "any time" equipment may be used meanwhile.
OPEN_PHASES.add(HAND_GIVE)
describe_phase(
    HAND_GIVE.value,
    "a player is giving one of his Number cards to a teammate",
    "give one of your Number cards to a teammate",
)


class HandReason(ReasonCode):
    """Refusals around the Number cards in front of the players (mission 65)."""

    HAND_ABSENT = ("hand_absent", "This mission has no Number cards in front of the players.")
    HAND_VALUE = (
        "hand_value",
        "You may cut only a value shown on one of your face-up Number cards: {values}.",
    )
    HAND_NO_VALUE = (
        "hand_no_value",
        "You have no face-up Number card: you cannot cut this turn.",
    )
    HAND_CAN_CUT = (
        "hand_can_cut",
        "You hold a wire of one of your values ({values}): you must cut, not skip.",
    )
    HAND_NOT_HELD = ("hand_not_held", "Give one of the Number cards in front of you.")


@dataclass(frozen=True)
class HandSkip(Action):
    """Skip the turn: no uncut wire of any of the seat's face-up values; one step."""

    type: ClassVar[str] = "hand_skip"
    seat: int


@dataclass(frozen=True)
class GiveNumber(Action):
    """At the end of the turn, give the Number card ``value`` to the teammate ``to``."""

    type: ClassVar[str] = "give_number"
    seat: int
    value: int
    to: int


@dataclass(frozen=True)
class HandPart:
    """Whose turn comes once the card is given (None outside the gift)."""

    resume: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {"resume": self.resume}


class HandView(TypedDict):
    """``observation["mechanisms"]["hand_me_downs"]``: whose turn follows the gift under way,
    and whether a face-up card stranded with a player without wires loses (the option)."""

    resume: int | None
    stranded_loss: bool


def view(obs: Observation) -> HandView | None:
    return cast("HandView | None", obs["mechanisms"].get(ID))


def _in_play(table: Table) -> bool:
    return ID in table.parts


def _held(table: Table, seat: int) -> set[int]:
    return {code // 10 for _, _, code in table.hand(seat) if code % 10 == 0}


def values_of(table: Table, seat: int) -> tuple[int, ...]:
    """The values ``seat`` may cut: those of his face-up cards."""
    return number_cards.face_up_of(table, seat)


def can_cut(table: Table, seat: int) -> bool:
    """Whether ``seat`` holds an uncut wire of one of his face-up values."""
    return bool(_held(table, seat) & set(values_of(table, seat)))


def _announced(action: Action) -> tuple[int, ...]:
    if isinstance(action, Cut):
        return action.values
    if isinstance(action, SoloCut) or action.counts_as_solo:  # the Fast Pass is a Solo Cut
        return (cast("int", getattr(action, "value")),)  # noqa: B009 (an Action has no value)
    return ()


def _stranded(table: Table) -> list[int]:
    """Seats with no uncut wire that hold a face-up card (nobody can cut its value)."""
    return [
        seat
        for seat in range(table.players)
        if not table.has_wires(seat) and number_cards.face_up_of(table, seat)
    ]


def _stranded_loss(table: Table) -> bool:
    return bool(table.setup.options.m65_stranded_loss)


def _go_on(table: Table, seat: int, events: Events) -> None:
    """The turn is over, its card given: the option's check, then ``seat``'s turn."""
    stranded = _stranded(table) if _stranded_loss(table) else []
    if stranded:
        values = sorted(v for seat in stranded for v in number_cards.face_up_of(table, seat))
        events.append(Event("hand_stranded", {"seats": stranded, "values": values}))
        explode(table, "stranded", events)
        return
    begin_turn(table, seat, table.turn_number + 1, events)


def _skip(s: Table, a: HandSkip) -> Events:
    if not _in_play(s):
        raise IllegalActionError(HandReason.HAND_ABSENT)
    require_own_turn(s, a.seat)
    forbid_if_must_reveal(s, a.seat)
    values = values_of(s, a.seat)
    if can_cut(s, a.seat):
        raise IllegalActionError(HandReason.HAND_CAN_CUT, values=", ".join(str(v) for v in values))
    events: Events = [Event("hand_skip", {"seat": a.seat, "values": list(values)})]
    if not mistake(s, events):
        end_turn(s, events)
    return events


def _skip_legal(s: Table, seat: int) -> Iterator[HandSkip]:
    if not (_in_play(s) and s.pending.phase is Phase.TURN and s.active == seat):
        return
    if s.has_wires(seat) and not must_reveal(s, seat) and not can_cut(s, seat):
        yield HandSkip(seat)


def _give(s: Table, a: GiveNumber) -> Events:
    if not _in_play(s):
        raise IllegalActionError(HandReason.HAND_ABSENT)
    require_decision(s, a.seat, HAND_GIVE)
    to = check_seat(s, a.to)
    if to == a.seat:
        raise IllegalActionError(Reason.NOT_YOURSELF)
    if a.value not in number_cards.hands(s)[a.seat]:
        raise IllegalActionError(HandReason.HAND_NOT_HELD)
    down = a.value in number_cards.part(s).down
    number_cards.give(s, a.seat, a.value, to)
    part = s.part(ID, HandPart)
    s.set_part(ID, HandPart())
    events: Events = [
        Event("give_number", {"seat": a.seat, "value": a.value, "to": to, "down": down})
    ]
    assert part.resume is not None
    _go_on(s, part.resume, events)
    return events


def _give_legal(s: Table, seat: int) -> Iterator[GiveNumber]:
    if not _in_play(s) or s.pending.phase is not HAND_GIVE or s.pending.seat != seat:
        return
    for value in number_cards.hands(s)[seat]:
        for to in range(s.players):
            if to != seat:
                yield GiveNumber(seat, value, to)


def _read_skip(event: Mapping[str, Any], tracker: Tracker) -> None:
    """He skipped: no uncut wire of any of his face-up values, and some wire that is not red
    (with only red wires left he reveals them instead)."""
    from ..deduction.facts import AtLeastOne, Count
    from ..deduction.readers_core import not_red

    wires = tracker.uncut_of_seat(int(event["seat"]))
    for value in event["values"]:
        tracker.add(Count.classes(wires, int(value), low=0, high=0))
    tracker.add(AtLeastOne(tuple(wires), not_red(tracker)))


def _line_skip(e: Mapping[str, Any], n: Any, o: Any) -> str:
    values = ", ".join(str(v) for v in e["values"]) or "no face-up card"
    return f"{name_of(n, e['seat'])} holds no wire of his values ({values}): skipped, one step."


def _line_give(e: Mapping[str, Any], n: Any, o: Any) -> str:
    side = " (face down)" if e["down"] else ""
    return f"{name_of(n, e['seat'])} gives the Number card {e['value']}{side} to {name_of(n, e['to'])}."


class HandMeDowns(Mechanism[HandPart]):
    id = ID
    reasons = HandReason
    actions = (
        ActionSpec(HandSkip, "turn", _skip_legal, _skip, is_action=True),
        ActionSpec(GiveNumber, "any_time", _give_legal, _give),
    )
    events = ("hand_skip", "give_number", "hand_down", "hand_stranded")
    facts = {"hand_skip": _read_skip}
    lines = {
        "hand_skip": _line_skip,
        "give_number": _line_give,
        "hand_down": lambda e, n, o: (
            f"All four {e['value']}s are cut: {name_of(n, e['seat'])}'s Number card "
            f"{e['value']} is turned face down."
        ),
        "hand_stranded": lambda e, n, o: (
            ", ".join(name_of(n, seat) for seat in e["seats"])
            + " has no wire left but face-up Number cards ("
            + ", ".join(str(v) for v in e["values"])
            + "): nobody can cut them."
        ),
    }
    causes = {"stranded": "a face-up Number card is stranded with a player who has no wires"}
    bot_keys = {
        "hand_skip": (
            ("values",),
            "I hold no wire of {values}, my cards' values: I skip, one step.",
            "mission 65 (`hand_me_downs`): no wire of the bot's face-up values",
        ),
        "hand_skip_none": (
            (),
            "I have no face-up Number card, so no value to cut: I skip, one step.",
            "mission 65 (`hand_me_downs`): the bot holds no face-up card",
        ),
        "give_held": (
            ("value", "seat", "percent"),
            "I give the {value} to {seat}: {percent}% sure they hold one.",
            "mission 65 (`hand_me_downs`): the card a teammate most likely can cut",
        ),
        "give_dead": (
            ("value", "seat"),
            "I give the {value} to {seat}: its wires are all cut, I keep my useful cards.",
            "mission 65 (`hand_me_downs`): a face-down card, none of the others to spare",
        ),
    }

    def init_part(self, table: Table) -> HandPart:
        return HandPart()

    def announce_bound(self, table: Table, seat: int) -> ValueBound | None:
        """The active seat announces only values his face-up cards show (HAND_VALUE)."""
        if table.pending.phase is not Phase.TURN or seat != table.active:
            return None
        return set(values_of(table, seat)).__contains__

    def action_filter(self, table: Table) -> ActionFilter | None:
        # A cut of the player whose turn it is must announce values his face-up cards show;
        # those are read once per listing, not once per cut.
        if table.pending.phase is not Phase.TURN:
            return None
        active = table.active
        values = values_of(table, active)
        allowed = set(values)
        if not values:
            refusal = Refusal(HandReason.HAND_NO_VALUE)
        else:
            refusal = Refusal(HandReason.HAND_VALUE, {"values": ", ".join(str(v) for v in values)})

        def refuse(action: Action) -> Refusal | None:
            if action.seat != active:
                return None
            announced = _announced(action)
            return refusal if announced and not allowed.issuperset(announced) else None

        return refuse

    def after_cuts(self, table: Table, events: Events) -> None:
        """A value whose four wires are cut: its card is turned face down where it lies."""
        cards = number_cards.part(table)
        for seat, hand in enumerate(cards.hands):
            for value in hand:
                if value not in cards.down and table.cut_count(value) >= 4:
                    number_cards.turn_down(table, value)
                    events.append(Event("hand_down", {"value": value, "seat": seat}))

    def next_turn(self, table: Table, seat: int, events: Events) -> bool:
        """Once a turn is over, its player gives a card before ``seat``'s turn begins."""
        if table.turn_number < 1:  # the first turn: nothing was played yet
            return False
        giver = table.active
        if number_cards.hands(table)[giver]:
            table.set_part(ID, HandPart(resume=seat))
            table.pending = Pending(HAND_GIVE, giver)
            return True
        if _stranded_loss(table) and _stranded(table):
            _go_on(table, seat, events)
            return True
        return False

    def observe(self, table: Table, viewer: Viewer) -> HandView:
        return {"resume": self.part(table).resume, "stranded_loss": _stranded_loss(table)}

    def advise(self, ask: BotAsk) -> Advice | None:
        from ..bots.hand_me_downs import advise

        return advise(ask)


MECHANISM = HandMeDowns()
