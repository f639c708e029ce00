"""Constraint cards (§10.3): what a player may cut. Mission 31: each player's own card.

Cards A-E restrict the values a player may cut: A even values only, B odd, C 1-6, D 7-12, E 4-9
(the announced values of his Dual Cuts, detectors included, and his Solo Cuts). Yellow has no
number, so a player under such a card never cuts a yellow wire (§12 B11); Reveal Red Wires is
never restricted.

``"constraints:own"`` (mission 31): the five cards A-E lie face up before the setup tokens; from
the captain clockwise each player chooses one (``ChooseConstraint``, phase
``constraint_choose``: he has seen his wires) and keeps it face up; the cards nobody took are
discarded. Each player must obey his own card. At the start of his turn, a player who cannot
obey it (he holds no uncut wire of a value it lets him cut, and not only red wires) turns it face
down (``constraint_down``; else ``constraint_kept``, or ``constraint_reds`` with only red wires
left, which he reveals whatever his card) and plays normally for the rest of the mission: it never comes back,
even if the Walkie-Talkies later give him a fitting wire (FAQ). When an exchange during his own
turn leaves him unable to obey (he gave his last fitting wire, or got his first wire that is not
red), he turns it face down then (``TurnDown``, the one move the rules leave him). Everyone sees the cards, so the
turned-down card tells everyone he holds none of its values.

>>> from engine.redwire.mechanisms import constraints as c
>>> c.CARDS["A"].values, c.CARDS["E"].values
((2, 4, 6, 8, 10, 12), (4, 5, 6, 7, 8, 9))
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, ClassVar, TypedDict, cast

from ...core.errors import ReasonCode
from ...core.events import Event, Viewer
from ..actions import Action, Cut, Parser, SoloCut, bad
from ..errors import IllegalActionError, Reason, describe_phase
from ..model import Pending, Phase, Table
from ..turn import (
    OPEN_PHASES,
    must_reveal,
    next_setup_seat,
    places_token,
    require_own_turn,
    token_skipped,
)
from ..wires import RED, YELLOW
from .base import ActionSpec, Advice, BotAsk, Events, Mechanism, name_of

if TYPE_CHECKING:
    from ..deduction.tracker import Tracker
    from ..missions import ConfigReader
    from ..observation_types import Observation

ID = "constraints"
CONSTRAINT_CHOOSE = Phase.declare("constraint_choose")
#: No action is under way while a card is chosen (B1: "any time" equipment may be used).
OPEN_PHASES.add(CONSTRAINT_CHOOSE)
describe_phase(
    CONSTRAINT_CHOOSE.value, "a constraint card is being chosen", "choose a constraint card"
)


@dataclass(frozen=True)
class Card:
    letter: str
    #: The values its holder may cut (numbers only: never yellow).
    values: tuple[int, ...]
    text: Mapping[str, str]


CARDS: dict[str, Card] = {
    card.letter: card
    for card in (
        Card(
            "A",
            tuple(range(2, 13, 2)),
            {"en": "May cut only even values.", "it": "Può tagliare solo valori pari."},
        ),
        Card(
            "B",
            tuple(range(1, 13, 2)),
            {"en": "May cut only odd values.", "it": "Può tagliare solo valori dispari."},
        ),
        Card(
            "C",
            tuple(range(1, 7)),
            {"en": "May cut only values 1 to 6.", "it": "Può tagliare solo valori da 1 a 6."},
        ),
        Card(
            "D",
            tuple(range(7, 13)),
            {"en": "May cut only values 7 to 12.", "it": "Può tagliare solo valori da 7 a 12."},
        ),
        Card(
            "E",
            tuple(range(4, 10)),
            {"en": "May cut only values 4 to 9.", "it": "Può tagliare solo valori da 4 a 9."},
        ),
    )
}
#: The cards mission 31 lays out.
OWN_CARDS = ("A", "B", "C", "D", "E")
#: Pairs of cards that together leave some values to nobody (the two-player card's advice).
OPPOSITES = {"A": "B", "B": "A", "C": "D", "D": "C"}


class ConstraintReason(ReasonCode):
    """Refusals of the constraint cards."""

    CONSTRAINT_OFFERED = ("constraint_offered", "Choose one of the constraint cards still offered.")
    CONSTRAINT_OBEYABLE = (
        "constraint_obeyable",
        "You can still obey your constraint card: it stays face up.",
    )
    CONSTRAINT_VALUE = (
        "constraint_value",
        "Your constraint card {card} does not let you cut that value.",
    )


def _as_letter(raw: object, name: str) -> str:
    if not isinstance(raw, str) or raw not in CARDS:
        raise bad(f"{name} must be a constraint card letter")
    return raw


@dataclass(frozen=True)
class ChooseConstraint(Action):
    """Mission 31's setup: take the face-up constraint card ``card`` and keep it face up."""

    type: ClassVar[str] = "choose_constraint"
    parsers: ClassVar[Mapping[str, Parser]] = {"card": _as_letter}
    seat: int
    card: str


@dataclass(frozen=True)
class TurnDown(Action):
    """Mission 31, on one's turn: the card cannot be obeyed any more (an exchange with the
    Walkie-Talkies during the turn left no wire of its values): turn it face down, then play."""

    type: ClassVar[str] = "constraint_turn_down"
    seat: int


@dataclass(frozen=True)
class Config:
    mode: str


@dataclass(frozen=True)
class ConstraintPart:
    """Per seat its card (None before choosing), whether it is face down, and the cards still
    offered during the choice."""

    cards: tuple[str | None, ...]
    down: frozenset[int] = frozenset()
    offered: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"cards": list(self.cards), "down": sorted(self.down), "offered": list(self.offered)}


class SeatConstraint(TypedDict):
    seat: int
    card: str | None
    #: Turned face down: no longer obeyed.
    down: bool


class ConstraintsView(TypedDict):
    """``observation["mechanisms"]["constraints"]``: public (the cards lie face up)."""

    seats: list[SeatConstraint]
    #: The cards still offered while the players choose (empty afterwards).
    offered: list[str]


def view(obs: Observation) -> ConstraintsView | None:
    return cast("ConstraintsView | None", obs["mechanisms"].get(ID))


def active_card(table: Table, seat: int) -> Card | None:
    """The card ``seat`` must obey now (None: none, or turned face down)."""
    part = table.parts.get(ID)
    if not isinstance(part, ConstraintPart) or seat in part.down:
        return None
    letter = part.cards[seat]
    return CARDS[letter] if letter is not None else None


def card_in(obs: Observation, seat: int) -> Card | None:
    """The card ``seat`` obeys, as an observation shows it."""
    part = view(obs)
    if part is None:
        return None
    entry = part["seats"][seat]
    return CARDS[entry["card"]] if entry["card"] and not entry["down"] else None


def _held_numbers(table: Table, seat: int) -> set[int]:
    return {value for value in table.held_values(seat) if value not in (RED, YELLOW)}


def cannot_obey(table: Table, seat: int, card: Card) -> bool:
    """He holds no uncut wire of a value the card lets him cut (and not only red wires, which
    he reveals whatever his card)."""
    return not must_reveal(table, seat) and not (_held_numbers(table, seat) & set(card.values))


# --------------------------------------------------------------------------- the choice


def _choose(s: Table, a: ChooseConstraint) -> Events:
    if s.pending.phase is not CONSTRAINT_CHOOSE:
        raise IllegalActionError(Reason.NOT_NOW, phase=s.pending.phase.value)
    if a.seat != s.pending.seat:
        raise IllegalActionError(Reason.NOT_YOUR_DECISION, seat=s.pending.seat)
    part = s.part(ID, ConstraintPart)
    if a.card not in part.offered:
        raise IllegalActionError(ConstraintReason.CONSTRAINT_OFFERED)
    cards = tuple(a.card if i == a.seat else c for i, c in enumerate(part.cards))
    offered = tuple(c for c in part.offered if c != a.card)
    events: Events = [Event("choose_constraint", {"seat": a.seat, "card": a.card})]
    captain = s.setup.captain
    following = (a.seat + 1) % s.players
    if following != captain:
        s.set_part(ID, replace(part, cards=cards, offered=offered))
        s.pending = Pending(CONSTRAINT_CHOOSE, following)
        return events
    s.set_part(ID, replace(part, cards=cards, offered=()))
    if offered:
        events.append(Event("constraints_discarded", {"cards": list(offered)}))
    # The setup tokens follow, from the captain (as the core would have begun them).
    if places_token(s, captain):
        s.pending = Pending(Phase.SETUP_TOKEN, captain)
    else:
        events.append(token_skipped(s, captain))
        next_setup_seat(s, captain, events)
    return events


def _legal(s: Table, seat: int) -> Iterator[ChooseConstraint]:
    if s.pending.phase is not CONSTRAINT_CHOOSE or s.pending.seat != seat:
        return
    for letter in s.part(ID, ConstraintPart).offered:
        yield ChooseConstraint(seat, letter)


# --------------------------------------------------------------------------- obeying


def _turn_down(table: Table, seat: int, card: Card, events: Events) -> None:
    part = table.part(ID, ConstraintPart)
    table.set_part(ID, replace(part, down=part.down | {seat}))
    events.append(Event("constraint_down", {"seat": seat, "card": card.letter}))


def _give_up(s: Table, a: TurnDown) -> Events:
    require_own_turn(s, a.seat)
    card = active_card(s, a.seat)
    if card is None or not cannot_obey(s, a.seat, card):
        raise IllegalActionError(ConstraintReason.CONSTRAINT_OBEYABLE)
    events: Events = []
    _turn_down(s, a.seat, card, events)
    return events


def _give_up_legal(s: Table, seat: int) -> Iterator[TurnDown]:
    card = active_card(s, seat)
    if card is not None and cannot_obey(s, seat, card):
        yield TurnDown(seat)


def _forbidden(table: Table, action: Action) -> Card | None:
    """The card this action disobeys (a cut of a value it does not let its seat cut), or None."""
    if isinstance(action, Cut):
        values: Sequence[int] = action.values
    elif isinstance(action, SoloCut):
        values = (action.value,)
    else:
        return None
    card = active_card(table, action.seat)
    if card is None or all(v in card.values for v in values):
        return None
    return card


def _read_down(event: Mapping[str, Any], tracker: Tracker) -> None:
    """He could not obey his card: none of his uncut wires has a value it lets him cut."""
    from ..deduction.facts import SlotNotIn

    values = CARDS[str(event["card"])].values
    for wire in tracker.uncut_of_seat(int(event["seat"])):
        tracker.add(SlotNotIn.classes(wire, *values))


def _read_kept(event: Mapping[str, Any], tracker: Tracker) -> None:
    """He can obey his card: one of his uncut wires has a value it lets him cut."""
    from ..deduction.facts import AtLeastOne

    wires = tracker.uncut_of_seat(int(event["seat"]))
    tracker.add(AtLeastOne.classes(wires, *CARDS[str(event["card"])].values))


def _read_reds(event: Mapping[str, Any], tracker: Tracker) -> None:
    """Only red wires are left in his hand (he must reveal them)."""
    from ..deduction.codes import RED as RED_CLASS
    from ..deduction.facts import SlotIn
    from ..deduction.readers_core import red_as

    for wire in tracker.uncut_of_seat(int(event["seat"])):
        tracker.add(SlotIn.classes(wire, RED_CLASS, *red_as(tracker)))


class Constraints(Mechanism[ConstraintPart]):
    id = ID
    reasons = ConstraintReason
    actions = (
        ActionSpec(ChooseConstraint, "any_time", _legal, _choose),
        ActionSpec(TurnDown, "turn", _give_up_legal, _give_up),
    )
    events = (
        "choose_constraint",
        "constraints_discarded",
        "constraint_down",
        "constraint_kept",
        "constraint_reds",
    )
    facts = {
        "constraint_down": _read_down,
        "constraint_kept": _read_kept,
        "constraint_reds": _read_reds,
    }
    lines = {
        "choose_constraint": lambda e, n, o: (
            f"{name_of(n, e['seat'])} takes constraint card {e['card']}: "
            + CARDS[e["card"]].text["en"]
        ),
        "constraints_discarded": lambda e, n, o: (
            "Nobody took the constraint cards " + ", ".join(e["cards"]) + ": they are discarded."
        ),
        "constraint_kept": lambda e, n, o: (
            f"{name_of(n, e['seat'])} obeys constraint card {e['card']} this turn."
        ),
        "constraint_reds": lambda e, n, o: (
            f"{name_of(n, e['seat'])} has only red wires left: constraint card {e['card']} "
            "does not stop revealing them."
        ),
        "constraint_down": lambda e, n, o: (
            f"{name_of(n, e['seat'])} cannot obey constraint card {e['card']}: it is turned "
            "face down, and they play normally from now on."
        ),
    }
    bot_keys = {
        "constraint_turn_down": (
            (),
            "I can no longer obey my constraint card: I turn it face down.",
            "mission 31: an exchange during my turn left no wire my card lets me cut",
        ),
        "constraint_choose": (
            ("letter", "count", "total"),
            "I take card {letter}: {count} of my {total} wires are values it lets me cut.",
            "mission 31 (`constraints`): the card that leaves the most of my wires cuttable",
        ),
        "constraint_choose_pair": (
            ("letter", "count", "total"),
            "I take card {letter}: {count} of my {total} wires fit it, and it does not shut a "
            "value out with my teammate's card.",
            "mission 31 with two players: the card's advice (never A with B, nor C with D)",
        ),
    }

    def configure(
        self, params: tuple[str, ...], table: Mapping[str, Any] | None, reader: ConfigReader
    ) -> Config:
        if table is not None:
            raise reader.fail(ID, "no table: the mode is a parameter (constraints:own)")
        if params != ("own",):
            raise reader.fail(f"mechanisms.{ID}", "the mode own", ":".join(params))
        return Config("own")

    def init_part(self, table: Table) -> ConstraintPart:
        return ConstraintPart((None,) * table.players, offered=OWN_CARDS)

    def start_game(self, table: Table, events: Events) -> None:
        table.pending = Pending(CONSTRAINT_CHOOSE, table.setup.captain)

    def turn_start(self, table: Table, events: Events) -> None:
        """Everyone sees whether the active player obeys his card this turn (it is a public rule
        of the table): only red wires left, he cannot obey it (turned down), or he can."""
        seat = table.active
        card = active_card(table, seat)
        if card is None:
            return
        data = {"seat": seat, "card": card.letter}
        if must_reveal(table, seat):
            events.append(Event("constraint_reds", data))
        elif cannot_obey(table, seat, card):
            _turn_down(table, seat, card, events)
        else:
            events.append(Event("constraint_kept", data))

    def check_action(self, table: Table, action: Action) -> None:
        card = _forbidden(table, action)
        if card is not None:
            raise IllegalActionError(ConstraintReason.CONSTRAINT_VALUE, card=card.letter)

    def allows(self, table: Table, action: Action) -> bool:
        return _forbidden(table, action) is None

    def observe(self, table: Table, viewer: Viewer) -> ConstraintsView:
        part = self.part(table)
        return {
            "seats": [
                {"seat": seat, "card": card, "down": seat in part.down}
                for seat, card in enumerate(part.cards)
            ],
            "offered": list(part.offered),
        }

    def advise(self, ask: BotAsk) -> Advice | None:
        """The card that leaves the most of its own uncut blue wires cuttable; with two players,
        never the opposite of the teammate's card (the card's advice)."""
        down = next((a for a in ask.legal if isinstance(a, TurnDown)), None)
        if down is not None:
            return down, "constraint_turn_down", {}
        choices = [a for a in ask.legal if isinstance(a, ChooseConstraint)]
        if not choices:
            return None
        obs = ask.obs
        me = int(obs["viewer"] or 0)
        numbers = [
            int(tile["wire"].split(".")[0])
            for stand in obs["stands"]
            if stand["owner"] == me
            for tile in stand["slots"]
            if not tile["cut"] and tile["wire"] is not None and "." not in tile["wire"]
        ]
        part = view(obs)
        taken = {e["card"] for e in part["seats"] if e["card"]} if part else set()
        avoid = {OPPOSITES[c] for c in taken if c in OPPOSITES} if obs["players"] == 2 else set()
        kept = [a for a in choices if a.card not in avoid] or choices

        def fits(action: ChooseConstraint) -> int:
            return sum(1 for n in numbers if n in CARDS[action.card].values)

        best = max(kept, key=lambda a: (fits(a), -ord(a.card[0])))
        key = (
            "constraint_choose_pair" if avoid and len(kept) < len(choices) else "constraint_choose"
        )
        return best, key, {"letter": best.card, "count": fits(best), "total": len(numbers)}


MECHANISM = Constraints()
