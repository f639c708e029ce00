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

``"constraints:shared"`` (mission 32): the twelve cards A-L are shuffled (the deal's
``setup.parts.constraints.order``); the first lies face up, the rest form a face-down deck whose
order nobody sees. Everyone obeys the visible card: A-E as above, F no value 4-9, G no equipment
(cards, detectors, two values announced, a character's own), H no info token after a miss (who
cut and whose wire alike), no aim at a wire with an info token (a Dual Cut's target, a Solo Cut
of a value one's own token shows) and no Sticky Note, I / J no aim at the rightmost / leftmost
uncut wire of a teammate's stand (a detector's wires included), K no Solo Cut, L a miss moves the
detonator a second step. At the start of each of his turns (the Italian card: "ogni suo turno")
the captain keeps or replaces the card (``SwapConstraint``, phase ``constraint_swap``); with no
wires left he decides as each round opens (else a card nobody can obey would stop the game).
Replacing the last card leaves no constraint (FAQ). A player the card leaves with no cut says so
(``SkipTurn``, the only move besides any-time equipment) and his turn passes, the detonator
still: ``constraint_skip`` tells everyone what he does not hold (no wire of the card's values
when a teammate's wire could be aimed at; else fewer than all remaining copies of each value, the
Solo Cuts being all that was left). Reveal Red Wires is never restricted.

``"constraints:rotating"`` (mission 37): the same deck and the same visible card everyone obeys,
the same skip, but nobody chooses to replace it: each time all 4 wires of a value are cut
(``validated``), the next card replaces it (``constraint_rotate``); and when a whole round went
by with every turn in it skipped ("se tutti i giocatori saltano il turno in un round"), the
detonator moves one step and the card is replaced (``constraint_round``, as the next round's
first turn begins). A round ends each time the turn would reach the captain's seat (§12 B12:
seats with no wires are passed). The deck exhausted, no constraint any more. A table where
every turn is skipped therefore moves the detonator every round and turns a card each time:
the game always ends.

``"constraints:paired"`` (mission 57): the twelve Number cards lie face up, each paired with a
card A-L (the deal's shuffle, ``setup.parts.constraints.order``: the card of value 1 first). No
card is visible at the start: nobody obeys anything until the first value is cut to its 4th
wire. Each time all 4 wires of a value are cut (``validated``), the card paired with that value
goes on top of the visible one and is the only one obeyed (``constraint_pair``; two values
completed by one action, the higher one ends on top). The skip is mission 32's; the round
bookkeeping is mission 37's (``round_skipped``), but a whole round where every turn was skipped
explodes the bomb (cause ``constraint_stuck``), as the next round's first turn begins.

``"constraints:circle"`` (mission 61): each seat gets one card A-E face up, dealt at random
(``setup.parts.constraints``: ``seats``, ``table``, ``pile``, so a record replays without the RNG);
with two players two more lie on the table (one to the captain's left, one to his right), with
three one more to his left. The cards sit on a ring of positions, clockwise from the captain (the
left one between him and the next seat; seats and table spots alike). Each player obeys his own
card (A-E as mission 31, F-L as mission 32 but for its holder only: G his equipment, H his failed
cuts and the failed cuts aimed at his hand, I/J/K his cuts, L his failed cuts); one it leaves with
no cut skips as on mission 32 (``constraint_skip``), and a whole round with every turn skipped
explodes the bomb (mission 57's ``constraint_stuck``). Before each round's first turn the captain
decides for the team (the page has no group vote) to keep the cards or pass them all one
position clockwise or anticlockwise (``PassConstraints``, phase ``constraint_pass``; event
``constraints_pass``). Any player with wires may at any time discard his card and draw the top
card of the shuffled F-L pile (``DrawConstraint``, event ``constraint_draw``): the detonator moves
one step. Our reading of an empty pile: no more draws (refused as ``constraint_pile_empty``).

>>> from engine.redwire.mechanisms import constraints as c
>>> c.CARDS["A"].values, c.CARDS["E"].values, c.CARDS["F"].values
((2, 4, 6, 8, 10, 12), (4, 5, 6, 7, 8, 9), (1, 2, 3, 10, 11, 12))
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, ClassVar, NotRequired, TypedDict, cast

from ...core.errors import ReasonCode
from ...core.events import Event, Viewer
from ..actions import Action, Cut, Parser, SoloCut, bad
from ..errors import IllegalActionError, Reason, SetupError, describe_phase
from ..model import Pending, Phase, Table
from ..turn import (
    OPEN_PHASES,
    end_turn,
    explode,
    forbid_if_must_reveal,
    must_reveal,
    next_setup_seat,
    places_token,
    require_own_turn,
    token_skipped,
)
from ..wires import RED, YELLOW, cut_value
from .base import ActionFilter, ActionSpec, Advice, BotAsk, Events, Mechanism, Refusal, name_of

if TYPE_CHECKING:
    from ...core.rng import Rng
    from ..deduction.tracker import Tracker
    from ..missions import ConfigReader
    from ..observation_types import Observation
    from ..options import Options

ID = "constraints"
CONSTRAINT_CHOOSE = Phase.declare("constraint_choose")
CONSTRAINT_SWAP = Phase.declare("constraint_swap")
#: The captain's choice starts his turn: no action is under way (B1).
OPEN_PHASES.add(CONSTRAINT_SWAP)
describe_phase(
    CONSTRAINT_SWAP.value,
    "the captain is deciding whether to replace the constraint card",
    "keep or replace the constraint card",
)
#: No action is under way while a card is chosen (B1: "any time" equipment may be used).
OPEN_PHASES.add(CONSTRAINT_CHOOSE)
describe_phase(
    CONSTRAINT_CHOOSE.value, "a constraint card is being chosen", "choose a constraint card"
)
CONSTRAINT_PASS = Phase.declare("constraint_pass")
#: Mission 61: the captain's decision opens the round: no action is under way (B1).
OPEN_PHASES.add(CONSTRAINT_PASS)
describe_phase(
    CONSTRAINT_PASS.value,
    "the captain is deciding whether to pass the constraint cards around the table",
    "keep the constraint cards or pass them around the table",
)


#: Every blue value: a card that restricts no value.
ALL_VALUES = tuple(range(1, 13))


@dataclass(frozen=True)
class Card:
    letter: str
    #: The values its holder may cut (A-F: numbers only, never yellow).
    values: tuple[int, ...]
    text: Mapping[str, str]
    #: A card on values (A-F): yellow, which has no number, may not be cut (§12 B11).
    numbers_only: bool = True

    def allows_value(self, value: int) -> bool:
        """Whether a cut announcing ``value`` obeys the card (red is never announced)."""
        if value == YELLOW:
            return not self.numbers_only
        return value in self.values


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
        Card(
            "F",
            (1, 2, 3, 10, 11, 12),
            {"en": "May not cut values 4 to 9.", "it": "Non può tagliare i valori da 4 a 9."},
        ),
        Card(
            "G",
            ALL_VALUES,
            {
                "en": "May not use equipment cards or personal equipment.",
                "it": "Non può usare carte equipaggiamento né equipaggiamento personale.",
            },
            numbers_only=False,
        ),
        Card(
            "H",
            ALL_VALUES,
            {
                "en": "A failed cut places no info token; may not cut a wire that carries an "
                "info token; no Sticky Note.",
                "it": "Un taglio fallito non fa mettere segnalini Info; non può tagliare un cavo "
                "con un segnalino Info; niente Post-it.",
            },
            numbers_only=False,
        ),
        Card(
            "I",
            ALL_VALUES,
            {
                "en": "May not cut the far-right wire of a teammate's stand.",
                "it": "Non può tagliare il cavo più a destra del supporto di un compagno.",
            },
            numbers_only=False,
        ),
        Card(
            "J",
            ALL_VALUES,
            {
                "en": "May not cut the far-left wire of a teammate's stand.",
                "it": "Non può tagliare il cavo più a sinistra del supporto di un compagno.",
            },
            numbers_only=False,
        ),
        Card(
            "K",
            ALL_VALUES,
            {"en": "May not make a Solo Cut.", "it": "Non può fare un taglio singolo."},
            numbers_only=False,
        ),
        Card(
            "L",
            ALL_VALUES,
            {
                "en": "A failed cut moves the detonator two steps instead of one.",
                "it": "Un taglio fallito fa avanzare il detonatore di 2 spazi invece di 1.",
            },
            numbers_only=False,
        ),
    )
}
#: The twelve cards of mission 32's deck.
ALL_CARDS = tuple(CARDS)
#: The cards mission 31 lays out.
OWN_CARDS = ("A", "B", "C", "D", "E")
#: The pile mission 61 draws from.
DRAW_CARDS = ("F", "G", "H", "I", "J", "K", "L")
#: Mission 61's decision before each round: keep the cards, or pass them one position.
WAYS = ("keep", "clockwise", "anticlockwise")
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
    CONSTRAINT_SHARED = (
        "constraint_shared",
        "The visible constraint card {card} forbids it: {text}",
    )
    CONSTRAINT_CAN_ACT = (
        "constraint_can_act",
        "The visible constraint card {card} still lets you cut: you may not skip your turn.",
    )
    CONSTRAINT_OWN = (
        "constraint_own",
        "Your constraint card {card} forbids it: {text}",
    )
    CONSTRAINT_OWN_CAN_ACT = (
        "constraint_own_can_act",
        "Your constraint card {card} still lets you cut: you may not skip your turn.",
    )
    CONSTRAINT_PILE_EMPTY = (
        "constraint_pile_empty",
        "No constraint card is left in the pile F to L: you keep your card.",
    )
    CONSTRAINT_NO_CARD = (
        "constraint_no_card",
        "You have no constraint card to discard.",
    )
    CONSTRAINT_WAY = (
        "constraint_way",
        "Keep the constraint cards, or pass them clockwise or anticlockwise.",
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


def _as_bool(raw: object, name: str) -> bool:
    if not isinstance(raw, bool):
        raise bad(f"{name} must be true or false")
    return raw


@dataclass(frozen=True)
class SwapConstraint(Action):
    """Mission 32, at the start of the captain's turn: replace the visible constraint card with
    the deck's next one (``swap``), or keep it."""

    type: ClassVar[str] = "constraint_swap"
    parsers: ClassVar[Mapping[str, Parser]] = {"swap": _as_bool}
    seat: int
    swap: bool


def _as_way(raw: object, name: str) -> str:
    if not isinstance(raw, str) or raw not in WAYS:
        raise bad(f"{name} must be keep, clockwise or anticlockwise")
    return raw


@dataclass(frozen=True)
class PassConstraints(Action):
    """Mission 61, before each round's first turn: the captain, for the team, keeps every
    constraint card where it is or passes them all one position around the table."""

    type: ClassVar[str] = "constraints_pass"
    parsers: ClassVar[Mapping[str, Parser]] = {"way": _as_way}
    seat: int
    way: str


@dataclass(frozen=True)
class DrawConstraint(Action):
    """Mission 61, at any time: discard one's own card and draw the top card of the F-L pile;
    the detonator moves one step."""

    type: ClassVar[str] = "constraint_draw"
    seat: int


@dataclass(frozen=True)
class CircleSetup:
    """Mission 61's deal: each seat's card, the table's extra cards (left of the captain first,
    then right), the F-L pile (top first)."""

    seats: tuple[str, ...]
    table: tuple[str, ...]
    pile: tuple[str, ...]


def extra_cards(players: int) -> int:
    """How many cards A-E lie on the table besides the players' (mission 61)."""
    return {2: 2, 3: 1}.get(players, 0)


def ring_of(players: int, captain: int) -> tuple[int | None, ...]:
    """Mission 61's positions clockwise from the captain: a seat, or None for a table spot (the
    left one right after the captain, the right one last, just before him)."""
    seats = [(captain + i) % players for i in range(players)]
    extra = extra_cards(players)
    ring: list[int | None] = [seats[0]]
    if extra >= 1:
        ring.append(None)
    ring.extend(seats[1:])
    if extra >= 2:
        ring.append(None)
    return tuple(ring)


@dataclass(frozen=True)
class SkipTurn(Action):
    """Mission 32: the visible card forbids every cut the active player could make; he says so
    and his turn passes (the detonator does not move)."""

    type: ClassVar[str] = "constraint_skip"
    seat: int


@dataclass(frozen=True)
class Config:
    mode: str


@dataclass(frozen=True)
class ConstraintPart:
    """Per seat its card (None before choosing), whether it is face down, and the cards still
    offered during the choice. Mission 32 (``shared``): the one visible card everyone obeys
    (None: the deck ran out, no constraint), the face-down deck (top first) and the cards
    replaced so far."""

    cards: tuple[str | None, ...]
    down: frozenset[int] = frozenset()
    offered: tuple[str, ...] = ()
    shared: bool = False
    visible: str | None = None
    deck: tuple[str, ...] = ()
    discarded: tuple[str, ...] = ()
    #: Mission 37: no captain's choice; the card turns over by itself. The values whose 4 wires
    #: were all cut so far (each turned a card), the seat of the turn last begun, and this
    #: round's turns and skips so far (a round of only skips moves the dial).
    rotating: bool = False
    completed: frozenset[int] = frozenset()
    last: int | None = None
    turns: int = 0
    skips: int = 0
    #: Mission 57: the card paired with each value 1-12 (index value - 1; empty otherwise).
    pairs: tuple[str, ...] = ()
    #: Mission 61: own cards passed around a ring (``ring_of``); the cards on the table spots
    #: in ring order; the F-L pile is ``deck``, the cards discarded ``discarded``.
    circle: bool = False
    ring: tuple[int | None, ...] = ()
    spots: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "cards": list(self.cards),
            "down": sorted(self.down),
            "offered": list(self.offered),
        }
        if self.shared:
            out.update(visible=self.visible, deck=list(self.deck), discarded=list(self.discarded))
        if self.rotating:
            out.update(
                rotating=True,
                completed=sorted(self.completed),
                last=self.last,
                turns=self.turns,
                skips=self.skips,
            )
        if self.pairs:
            out["pairs"] = list(self.pairs)
        if self.circle:
            out.update(
                circle=True,
                ring=list(self.ring),
                spots=list(self.spots),
                pile=list(self.deck),
                discarded=list(self.discarded),
                last=self.last,
                turns=self.turns,
                skips=self.skips,
            )
        return out


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
    #: Mission 32: the card everyone obeys (None: no constraint any more), the cards left in
    #: the face-down deck (their order unseen), the cards replaced so far.
    shared: NotRequired[bool]
    visible: NotRequired[str | None]
    deck: NotRequired[int]
    discarded: NotRequired[list[str]]
    #: Mission 37: the card turns over by itself (no captain's choice); this round's turns and
    #: skips so far (every turn skipped in a round: the detonator moves, the card turns).
    rotating: NotRequired[bool]
    round_turns: NotRequired[int]
    round_skips: NotRequired[int]
    #: Mission 57: the card paired with each value 1-12 (index value - 1), all face up.
    pairs: NotRequired[list[str]]
    #: Mission 61: the ring of positions clockwise from the captain (a seat, or None for a
    #: table spot), the cards on the table spots (ring order), the F-L pile's size (its order
    #: unseen), the cards discarded; ``round_turns``/``round_skips`` as mission 37.
    circle: NotRequired[bool]
    ring: NotRequired[list[int | None]]
    spots: NotRequired[list[str]]
    pile: NotRequired[int]


def view(obs: Observation) -> ConstraintsView | None:
    return cast("ConstraintsView | None", obs["mechanisms"].get(ID))


def active_card(table: Table, seat: int) -> Card | None:
    """The card ``seat`` must obey now (None: none, or turned face down)."""
    part = table.parts.get(ID)
    if not isinstance(part, ConstraintPart):
        return None
    if part.shared:
        return CARDS[part.visible] if part.visible is not None else None
    if seat in part.down:
        return None
    letter = part.cards[seat]
    return CARDS[letter] if letter is not None else None


def shared_card(table: Table) -> Card | None:
    """Mission 32's visible card (None: not mission 32, or the deck ran out)."""
    part = table.parts.get(ID)
    if not isinstance(part, ConstraintPart) or not part.shared or part.visible is None:
        return None
    return CARDS[part.visible]


def circle_part(table: Table) -> ConstraintPart | None:
    """Mission 61's part (None on any other mission)."""
    part = table.parts.get(ID)
    return part if isinstance(part, ConstraintPart) and part.circle else None


def obeyed_card(table: Table, seat: int) -> Card | None:
    """The card whose skip rule binds ``seat``: the visible one (missions 32, 37, 57), or his
    own (mission 61); None on mission 31 (its card turns face down instead) or with no card."""
    if circle_part(table) is not None:
        return active_card(table, seat)
    return shared_card(table)


def card_in(obs: Observation, seat: int) -> Card | None:
    """The card ``seat`` obeys, as an observation shows it."""
    part = view(obs)
    if part is None:
        return None
    if part.get("shared"):
        letter = part.get("visible")
        return CARDS[letter] if letter else None
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
    if (
        card is None
        or shared_card(s) is not None
        or circle_part(s) is not None
        or not cannot_obey(s, a.seat, card)
    ):
        raise IllegalActionError(ConstraintReason.CONSTRAINT_OBEYABLE)
    events: Events = []
    _turn_down(s, a.seat, card, events)
    return events


def _give_up_legal(s: Table, seat: int) -> Iterator[TurnDown]:
    if shared_card(s) is not None or circle_part(s) is not None:
        return
    card = active_card(s, seat)
    if card is not None and cannot_obey(s, seat, card):
        yield TurnDown(seat)


def _obeys(
    table: Table,
    card: Card,
    action: Action,
    aim: Callable[[Table, str, int, int], bool] | None = None,
) -> bool:
    """Whether ``action`` obeys ``card`` (``aim``: ``_aim_allowed``, or a listing's memo of it)."""
    aim = aim or _aim_allowed
    letter = card.letter
    if isinstance(action, Cut):
        if not all(card.allows_value(v) for v in action.values):
            return False
        if letter == "G" and (action.tool is not None or len(action.values) > 1):
            return False  # a detector or two values: equipment, a card's or one's own
        if letter in ("H", "I", "J"):
            return all(aim(table, letter, stand, slot) for stand, slot in action.targets)
        return True
    if isinstance(action, SoloCut) or action.counts_as_solo:  # the Fast Pass is a Solo Cut
        value = cast("int", getattr(action, "value"))  # noqa: B009 (an Action has no value)
        if not card.allows_value(value) or letter == "K":
            return False
        if letter == "G" and _is_equipment(action):
            return False
        return letter != "H" or not _token_on_own(table, action.seat, value)
    if letter == "G":
        return not _is_equipment(action)
    if letter == "H":
        from .equipment.post_it import PostIt

        return not isinstance(action, PostIt)
    return True


def _is_equipment(action: Action) -> bool:
    """An equipment card's action or a character's own equipment (the new characters')."""
    from . import new_characters
    from .equipment import uses_card

    own = tuple(spec.cls for spec in new_characters.MECHANISM.actions)
    return uses_card(action) or isinstance(action, own)


def _aim_allowed(table: Table, letter: str, stand: int, slot: int) -> bool:
    """Whether the card lets a cut aim at (stand, slot): H, no wire with an info token; I and J,
    not the rightmost or leftmost uncut wire of the stand. A position that does not exist is
    left to the core's refusal."""
    if letter not in ("H", "I", "J"):
        return True
    if not (0 <= stand < len(table.stands) and 0 <= slot < len(table.stands[stand])):
        return True
    if letter == "H":
        return table.stands[stand][slot] not in table.info
    slots = [i for i, _ in table.uncut(stand)]
    if not slots or slot not in slots:
        return True
    return slot != (max(slots) if letter == "I" else min(slots))


def _token_on_own(table: Table, seat: int, value: int) -> bool:
    """A wire of ``value`` in ``seat``'s hand carries an info token (card H: not cut)."""
    return any(
        cut_value(code) == value and table.stands[st][slot] in table.info
        for st, slot, code in table.hand(seat)
    )


# --------------------------------------------------------------------------- mission 32


def _targets(table: Table, seat: int, card: Card) -> bool:
    """Some teammate's uncut wire the card lets a Dual Cut aim at (public)."""
    return any(
        _aim_allowed(table, card.letter, stand, slot)
        for stand, owner in enumerate(table.owners)
        if owner != seat
        for slot, _ in table.uncut(stand)
    )


def _solo_values(table: Table, seat: int, card: Card) -> list[int]:
    """The values whose Solo Cut the card could allow (whether he holds every remaining copy
    is his secret): none under K, not one whose own wire shows a token under H."""
    if card.letter == "K":
        return []
    return [
        v
        for v in (*range(1, 13), YELLOW)
        if card.allows_value(v)
        and table.in_play(v) - table.cut_count(v) > 0
        and not (card.letter == "H" and _token_on_own(table, seat, v))
    ]


def can_cut(table: Table, seat: int, card: Card) -> bool:
    """Whether ``seat`` can make some cut the card allows: a Dual Cut (a wire of his that the
    card lets him cut and a teammate's wire it lets him aim at) or a Solo Cut."""
    from ..rules import solo_allowed

    own = {cut_value(code) for _, _, code in table.hand(seat)} - {RED}
    if _targets(table, seat, card) and any(card.allows_value(v) for v in own):
        return True
    return any(solo_allowed(table, seat, v) for v in _solo_values(table, seat, card))


def _skip_legal(s: Table, seat: int) -> Iterator[SkipTurn]:
    card = obeyed_card(s, seat)
    if card is not None and seat == s.active and not can_cut(s, seat, card):
        yield SkipTurn(seat)


def _skip(s: Table, a: SkipTurn) -> Events:
    require_own_turn(s, a.seat)
    forbid_if_must_reveal(s, a.seat)
    card = obeyed_card(s, a.seat)
    if card is None or can_cut(s, a.seat, card):
        own = circle_part(s) is not None
        raise IllegalActionError(
            ConstraintReason.CONSTRAINT_OWN_CAN_ACT if own else ConstraintReason.CONSTRAINT_CAN_ACT,
            card=card.letter if card else "-",
        )
    part = s.part(ID, ConstraintPart)
    if part.rotating or part.circle:
        s.set_part(ID, replace(part, skips=part.skips + 1))
    targets = _targets(s, a.seat, card)
    data: dict[str, Any] = {"seat": a.seat, "card": card.letter, "targets": targets}
    if targets:  # he holds no wire of a value the card lets him cut
        data["none_of"] = list(card.values)
    else:  # only Solo Cuts were left to him: he holds not every remaining copy of any value
        data["solo"] = [
            [v, s.in_play(v) - s.cut_count(v) - 1]
            for v in _solo_values(s, a.seat, card)
            if v != YELLOW and s.in_play(v) - s.cut_count(v) in (2, 4)
        ]
    events: Events = [Event("constraint_skip", data)]
    end_turn(s, events)
    return events


def _read_skip(event: Mapping[str, Any], tracker: Tracker) -> None:
    """He skipped: a wire that is not red (else he would reveal his reds), and no cut the card
    allowed: with a teammate's wire to aim at, no wire of a value it lets him cut; else, of
    every value left, fewer than all remaining copies."""
    from ..deduction.facts import AtLeastOne, Count, SlotNotIn
    from ..deduction.readers_core import not_red

    wires = tracker.uncut_of_seat(int(event["seat"]))
    tracker.add(AtLeastOne(tuple(wires), not_red(tracker)))
    for wire in wires:
        if event.get("none_of"):
            tracker.add(SlotNotIn.classes(wire, *(int(v) for v in event["none_of"])))
    for value, high in event.get("solo", ()):
        tracker.add(Count.classes(wires, int(value), low=0, high=int(high)))


def _round_opener(table: Table) -> int:
    """The seat whose turn opens a round: the captain, or once he has no wires left the first
    seat after him that has some. The captain decides at its start even without wires (else a
    card nobody left can obey would stop the game for good)."""
    captain = table.setup.captain
    for i in range(table.players):
        seat = (captain + i) % table.players
        if table.has_wires(seat):
            return seat
    return captain


def _swap_legal(s: Table, seat: int) -> Iterator[SwapConstraint]:
    if s.pending.phase is CONSTRAINT_SWAP and s.pending.seat == seat:
        yield SwapConstraint(seat, False)
        yield SwapConstraint(seat, True)


def _swap(s: Table, a: SwapConstraint) -> Events:
    if s.pending.phase is not CONSTRAINT_SWAP:
        raise IllegalActionError(Reason.NOT_NOW, phase=s.pending.phase.value)
    if a.seat != s.pending.seat:
        raise IllegalActionError(Reason.NOT_YOUR_DECISION, seat=s.pending.seat)
    part = s.part(ID, ConstraintPart)
    old = part.visible
    if a.swap and old is not None:
        new = part.deck[0] if part.deck else None
        s.set_part(
            ID,
            replace(part, visible=new, deck=part.deck[1:], discarded=(*part.discarded, old)),
        )
        events: Events = [Event("constraint_swap", {"seat": a.seat, "old": old, "new": new})]
    else:
        events = [Event("constraint_keep", {"seat": a.seat, "card": old})]
    s.pending = Pending(Phase.TURN, s.active)
    return events


# --------------------------------------------------------------------------- mission 37


def _turn_over(table: Table, events: Events, kind: str, **data: Any) -> None:
    """The next card replaces the visible one (none left: no constraint any more)."""
    part = table.part(ID, ConstraintPart)
    old = part.visible
    if old is None:
        return
    new = part.deck[0] if part.deck else None
    table.set_part(
        ID, replace(part, visible=new, deck=part.deck[1:], discarded=(*part.discarded, old))
    )
    events.append(Event(kind, {**data, "old": old, "new": new}))


def _new_round(table: Table, before: int, seat: int) -> bool:
    """Whether passing the turn from ``before`` to ``seat`` went past the captain's seat (a
    round ends each time the turn would reach it, §12 B12; a seat alone with wires plays a
    round a turn)."""
    n = table.players
    steps = (seat - before) % n or n
    return ((table.setup.captain - before) % n or n) <= steps


def round_skipped(table: Table) -> str | None:
    """As a turn begins, the round bookkeeping of missions 37 and 57: when this turn opens a new
    round, this round's counts start from zero, and the card under which every turn of the
    round before was skipped is returned (None: a turn of it was played, or no card)."""
    visible = table.part(ID, ConstraintPart).visible
    return visible if _round_all_skipped(table) else None


def _round_all_skipped(table: Table) -> bool:
    """The bookkeeping itself (missions 37, 57 and 61): whether this turn opens a new round
    after one whose every turn was skipped; the new round's counts start from zero."""
    part = table.part(ID, ConstraintPart)
    seat = table.active
    if part.last is None or not _new_round(table, part.last, seat):
        table.set_part(ID, replace(part, last=seat))
        return False
    table.set_part(ID, replace(part, last=seat, turns=0, skips=0))
    return part.turns > 0 and part.skips >= part.turns


def _rotating_turn_start(table: Table, events: Events) -> None:
    """As a turn begins: when it opens a round and every turn of the round before was skipped,
    the detonator moves one step and the card is replaced (mission 37), or the bomb explodes
    (mission 57: nobody could play for a whole round)."""
    card = round_skipped(table)
    if card is None:
        return
    if table.part(ID, ConstraintPart).pairs:
        explode(table, "constraint_stuck", events)
        return
    events.append(Event("constraint_round", {"card": card}))
    before = table.dial
    table.dial -= 1
    events.append(Event("dial", {"from": before, "to": table.dial}))
    if table.dial <= 0:
        explode(table, "detonator", events)
        return
    _turn_over(table, events, "constraint_rotate", reason="round")


def _rotating_after_cuts(table: Table, events: Events) -> None:
    """Each value whose 4 wires are now all cut turns the next card over (mission 37), or puts
    its paired card on top of the visible one (mission 57)."""
    part = table.part(ID, ConstraintPart)
    done = frozenset(table.validated) - part.completed
    if not done:
        return
    table.set_part(ID, replace(part, completed=part.completed | done))
    for value in sorted(done):
        if part.pairs:
            _cover(table, events, value)
        else:
            _turn_over(table, events, "constraint_rotate", reason="value", value=value)


def _cover(table: Table, events: Events, value: int) -> None:
    """Mission 57: the card paired with ``value`` covers the visible one (which stays under it,
    no longer obeyed)."""
    part = table.part(ID, ConstraintPart)
    old = part.visible
    new = part.pairs[value - 1]
    covered = part.discarded if old is None else (*part.discarded, old)
    table.set_part(ID, replace(part, visible=new, discarded=covered))
    events.append(Event("constraint_pair", {"value": value, "old": old, "new": new}))


# --------------------------------------------------------------------------- mission 61


def ring_cards(part: ConstraintPart) -> list[str | None]:
    """The card at each ring position (a seat's, or a table spot's), in ring order."""
    spots = iter(part.spots)
    return [next(spots) if seat is None else part.cards[seat] for seat in part.ring]


def passed(part: ConstraintPart, way: str) -> ConstraintPart:
    """Every card moved one position clockwise (to the next position in ring order) or
    anticlockwise; ``keep`` changes nothing."""
    cards = ring_cards(part)
    if way == "clockwise":
        cards = cards[-1:] + cards[:-1]
    elif way == "anticlockwise":
        cards = cards[1:] + cards[:1]
    seats = list(part.cards)
    spots: list[str] = []
    for seat, card in zip(part.ring, cards, strict=True):
        if seat is None:
            assert card is not None
            spots.append(card)
        else:
            seats[seat] = card
    return replace(part, cards=tuple(seats), spots=tuple(spots))


def _circle_turn_start(table: Table, events: Events) -> None:
    """As a turn begins: a round just ended with every turn skipped explodes the bomb; the
    turn that opens a round first asks the captain whether the cards move."""
    if _round_all_skipped(table):
        explode(table, "constraint_stuck", events)
        return
    if table.active == _round_opener(table):
        table.pending = Pending(CONSTRAINT_PASS, table.setup.captain, actor=table.active)


def _pass_legal(s: Table, seat: int) -> Iterator[PassConstraints]:
    if s.pending.phase is CONSTRAINT_PASS and s.pending.seat == seat:
        for way in WAYS:
            yield PassConstraints(seat, way)


def _pass(s: Table, a: PassConstraints) -> Events:
    if s.pending.phase is not CONSTRAINT_PASS:
        raise IllegalActionError(Reason.NOT_NOW, phase=s.pending.phase.value)
    if a.seat != s.pending.seat:
        raise IllegalActionError(Reason.NOT_YOUR_DECISION, seat=s.pending.seat)
    if a.way not in WAYS:
        raise IllegalActionError(ConstraintReason.CONSTRAINT_WAY)
    part = passed(s.part(ID, ConstraintPart), a.way)
    s.set_part(ID, part)
    s.pending = Pending(Phase.TURN, s.active)
    data = {"seat": a.seat, "way": a.way, "cards": list(part.cards), "spots": list(part.spots)}
    return [Event("constraints_pass", data)]


def _draw_refusal(s: Table, seat: int) -> ConstraintReason | None:
    part = circle_part(s)
    if part is None or part.cards[seat] is None or not s.has_wires(seat):
        return ConstraintReason.CONSTRAINT_NO_CARD
    if not part.deck:
        return ConstraintReason.CONSTRAINT_PILE_EMPTY
    return None


def _draw_legal(s: Table, seat: int) -> Iterator[DrawConstraint]:
    if _draw_refusal(s, seat) is None:
        yield DrawConstraint(seat)


def _draw(s: Table, a: DrawConstraint) -> Events:
    """His card to the discard, the pile's top card to him, the detonator one step."""
    from ..turn import require_any_time

    require_any_time(s)
    reason = _draw_refusal(s, a.seat)
    if reason is not None:
        raise IllegalActionError(reason)
    part = s.part(ID, ConstraintPart)
    old = part.cards[a.seat]
    assert old is not None
    new = part.deck[0]
    cards = tuple(new if i == a.seat else c for i, c in enumerate(part.cards))
    s.set_part(
        ID,
        replace(part, cards=cards, deck=part.deck[1:], discarded=(*part.discarded, old)),
    )
    events: Events = [Event("constraint_draw", {"seat": a.seat, "old": old, "new": new})]
    before = s.dial
    s.dial -= 1
    events.append(Event("dial", {"from": before, "to": s.dial}))
    if s.dial <= 0:
        explode(s, "detonator", events)
    return events


def _token_withheld(table: Table, wire: int, events: Events) -> bool:
    """Card H: a failed cut places no info token; everyone sees which wire it would have gone
    on (after a detector, its owner chose one that is not red). Mission 61: the card of the
    seat who cut, or of the seat whose hand the cut aimed at (§10.3 H)."""
    stand, slot = table.position_of(wire)
    if circle_part(table) is not None:
        cards = (active_card(table, table.active), active_card(table, table.owners[stand]))
        if not any(card is not None and card.letter == "H" for card in cards):
            return False
    elif shared_card(table) is None or shared_card(table).letter != "H":  # type: ignore[union-attr]
        return False
    events.append(
        Event("constraint_no_token", {"seat": table.owners[stand], "stand": stand, "slot": slot})
    )
    return True


def _read_no_token(event: Mapping[str, Any], tracker: Tracker) -> None:
    """The wire a missed cut's token would have marked is not red (never a token on red)."""
    from ..deduction.facts import SlotIn
    from ..deduction.readers_core import not_red

    tracker.add(SlotIn(tracker.wire(event["stand"], event["slot"]), not_red(tracker)))


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
        ActionSpec(SwapConstraint, "any_time", _swap_legal, _swap),
        ActionSpec(SkipTurn, "turn", _skip_legal, _skip),
        ActionSpec(PassConstraints, "any_time", _pass_legal, _pass),
        ActionSpec(DrawConstraint, "any_time", _draw_legal, _draw),
    )
    events = (
        "constraint_swap",
        "constraint_keep",
        "constraint_skip",
        "constraint_rotate",
        "constraint_round",
        "constraint_pair",
        "constraint_no_token",
        "constraint_double",
        "choose_constraint",
        "constraints_discarded",
        "constraint_down",
        "constraint_kept",
        "constraint_reds",
        "constraints_pass",
        "constraint_draw",
    )
    facts = {
        "constraint_down": _read_down,
        "constraint_kept": _read_kept,
        "constraint_reds": _read_reds,
        "constraint_skip": _read_skip,
        "constraint_no_token": _read_no_token,
    }
    lines = {
        "constraints_pass": lambda e, n, o: (
            f"{name_of(n, e['seat'])} keeps every constraint card where it is."
            if e["way"] == "keep"
            else f"{name_of(n, e['seat'])} passes every constraint card one place {e['way']}: "
            + ", ".join(
                f"{name_of(n, seat)} {card}" for seat, card in enumerate(e["cards"]) if card
            )
            + (" (on the table: " + ", ".join(e["spots"]) + ")" if e["spots"] else "")
            + "."
        ),
        "constraint_draw": lambda e, n, o: (
            f"{name_of(n, e['seat'])} discards constraint card {e['old']} and draws card "
            f"{e['new']}: " + CARDS[e["new"]].text["en"] + " The detonator moves one step."
        ),
        "constraint_swap": lambda e, n, o: (
            f"{name_of(n, e['seat'])} replaces constraint card {e['old']}: "
            + (
                f"card {e['new']} is turned up: " + CARDS[e["new"]].text["en"]
                if e["new"]
                else "the deck is empty, no constraint from now on."
            )
        ),
        "constraint_keep": lambda e, n, o: (
            f"{name_of(n, e['seat'])} keeps constraint card {e['card']}."
        ),
        "constraint_rotate": lambda e, n, o: (
            (
                f"All four {e['value']}s are cut: constraint card {e['old']} is replaced"
                if e["reason"] == "value"
                else f"Constraint card {e['old']} is replaced"
            )
            + (
                f" by card {e['new']}: " + CARDS[e["new"]].text["en"]
                if e["new"]
                else ": the deck is empty, no constraint from now on."
            )
        ),
        "constraint_round": lambda e, n, o: (
            f"Nobody could cut in the whole round because of constraint card {e['card']}: "
            "the detonator moves one step."
        ),
        "constraint_pair": lambda e, n, o: (
            f"All four {e['value']}s are cut: their constraint card {e['new']} goes on top"
            + (f" of card {e['old']}" if e["old"] else "")
            + ": "
            + CARDS[e["new"]].text["en"]
        ),
        "constraint_skip": lambda e, n, o: (
            f"{name_of(n, e['seat'])} cannot cut because of constraint card {e['card']}: "
            "the turn is skipped (the detonator does not move)."
        ),
        "constraint_no_token": lambda e, n, o: (
            "Constraint card H: the failed cut places no info token."
        ),
        "constraint_double": lambda e, n, o: (
            "Constraint card L: the failed cut moves the detonator a second step."
        ),
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
    causes = {
        "constraint_stuck": "nobody could cut in a whole round because of the constraint card",
    }
    bot_keys = {
        "constraint_skip": (
            ("letter",),
            "Constraint card {letter} forbids every cut I could make: I skip my turn.",
            "missions 32, 37 and 57: the visible card leaves me no cut",
        ),
        "constraint_swap": (
            ("letter", "count", "total"),
            "I replace card {letter}: only {count} of my {total} wires are values it lets me cut.",
            "mission 32 (`constraints:shared`): the captain replaces a card on values that "
            "shuts out most of his own wires",
        ),
        "constraint_swap_harsh": (
            ("letter",),
            "I replace card {letter}: it costs the team more than a card on values would.",
            "mission 32: the captain replaces the cards K (no Solo Cut) and L (double "
            "detonator step)",
        ),
        "constraint_swap_skipped": (
            ("letter",),
            "I replace card {letter}: it left a teammate no cut since I last decided.",
            "mission 32: the captain replaces a card that made a seat skip its turn (kept, it "
            "would stop that seat again, and a table where every seat skips never ends)",
        ),
        "constraint_swap_out": (
            ("letter",),
            "I replace card {letter}: I have no wires left, and it may be what stops the others.",
            "mission 32: a captain with no wires left replaces every card on values",
        ),
        "constraint_keep": (
            ("letter", "count", "total"),
            "I keep card {letter}: {count} of my {total} wires are values it lets me cut.",
            "mission 32: the captain keeps a card that leaves him enough to cut",
        ),
        "constraint_keep_mild": (
            ("letter",),
            "I keep card {letter}: it forbids no value, and the next card could be worse.",
            "mission 32: the captain keeps the cards that do not restrict values (G-J)",
        ),
        "constraints_keep": (
            ("letter",),
            "I keep the constraint cards where they are: passing them would not leave the team "
            "more to cut (mine stays {letter}).",
            "mission 61 (`constraints:circle`): the captain keeps the cards when no way of "
            "passing them fits the team's wires better",
        ),
        "constraints_clockwise": (
            ("letter",),
            "I pass the constraint cards clockwise: I get card {letter}, and the team's cards "
            "fit more of the wires still uncut.",
            "mission 61: the captain passes the cards the way that best fits his own wires and "
            "what his teammates' skips showed",
        ),
        "constraints_anticlockwise": (
            ("letter",),
            "I pass the constraint cards anticlockwise: I get card {letter}, and the team's "
            "cards fit more of the wires still uncut.",
            "mission 61: as `constraints_clockwise`, the other way round",
        ),
        "constraint_draw": (
            ("letter", "left"),
            "My card {letter} leaves me no cut and the detonator has {left} steps left: I trade "
            "it for a card from the F to L pile.",
            "mission 61: a seat its own card stops trades it when the detonator can afford the "
            "step",
        ),
        "constraint_skip_own": (
            ("letter",),
            "My constraint card {letter} forbids every cut I could make: I skip my turn.",
            "mission 61: my own card leaves me no cut, and the detonator cannot afford a trade "
            "(or the pile is empty)",
        ),
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
        if params not in (("own",), ("shared",), ("rotating",), ("paired",), ("circle",)):
            raise reader.fail(
                f"mechanisms.{ID}",
                "the mode own, shared, rotating, paired or circle",
                ":".join(params),
            )
        return Config(params[0])

    def deal(
        self,
        config: Config,
        rng: Rng,
        players: int,
        options: Options,
        mission: int,
        dealt: Mapping[str, Any],
    ) -> tuple[str, ...] | CircleSetup | None:
        """Missions 32 and 37: the twelve cards shuffled (the first lies face up, the rest a
        deck). Mission 57: the same shuffle pairs them with the values 1-12, in order. Mission
        61: the cards A-E shuffled (the seats' then the table's), then the pile F-L."""
        if config.mode == "own":
            return None
        if config.mode == "circle":
            own = list(OWN_CARDS)
            rng.shuffle(own)
            pile = list(DRAW_CARDS)
            rng.shuffle(pile)
            extra = extra_cards(players)
            return CircleSetup(
                tuple(own[:players]), tuple(own[players : players + extra]), tuple(pile)
            )
        cards = list(ALL_CARDS)
        rng.shuffle(cards)
        return tuple(cards)

    def setup_from_json(
        self,
        config: Config,
        raw: object,
        players: int,
        options: Options,
        mission: int,
        dealt: Mapping[str, Any],
    ) -> tuple[str, ...] | CircleSetup | None:
        if config.mode == "own":
            return None
        if config.mode == "circle":
            return _circle_from_json(raw, players)
        if not isinstance(raw, dict) or set(raw) != {"order"}:
            raise SetupError('setup.parts.constraints must be {"order": [the 12 card letters]}')
        order = raw["order"]
        if (
            not isinstance(order, list)
            or sorted(map(str, order)) != sorted(ALL_CARDS)
            or any(not isinstance(c, str) for c in order)
        ):
            raise SetupError("setup.parts.constraints.order must hold each card A..L once")
        return tuple(order)

    def setup_to_json(self, data: Any) -> Any:
        if isinstance(data, CircleSetup):
            return {"seats": list(data.seats), "table": list(data.table), "pile": list(data.pile)}
        return None if data is None else {"order": list(data)}

    def init_part(self, table: Table) -> ConstraintPart:
        order = table.setup.parts.get(ID)
        if isinstance(order, CircleSetup):
            return ConstraintPart(
                order.seats,
                circle=True,
                ring=ring_of(table.players, table.setup.captain),
                spots=order.table,
                deck=order.pile,
            )
        if isinstance(order, tuple):
            config = table.mission.config(ID)
            mode = config.mode if isinstance(config, Config) else ""
            if mode == "paired":  # no card on the board until a value is done
                return ConstraintPart(
                    (None,) * table.players, shared=True, rotating=True, pairs=order
                )
            rotating = mode == "rotating"
            return ConstraintPart(
                (None,) * table.players,
                shared=True,
                visible=order[0],
                deck=tuple(order[1:]),
                rotating=rotating,
            )
        return ConstraintPart((None,) * table.players, offered=OWN_CARDS)

    def start_game(self, table: Table, events: Events) -> None:
        part = self.part(table)
        if not part.shared and not part.circle:
            table.pending = Pending(CONSTRAINT_CHOOSE, table.setup.captain)

    def turn_start(self, table: Table, events: Events) -> None:
        """Mission 31: everyone sees whether the active player obeys his card this turn (it is a
        public rule of the table): only red wires left, he cannot obey it (turned down), or he
        can. Mission 32: at the start of his own turn, the captain may replace the card."""
        seat = table.active
        part = self.part(table)
        if part.circle:
            _circle_turn_start(table, events)
            return
        if part.rotating:
            _rotating_turn_start(table, events)
            return
        if part.shared:
            if part.visible is not None and seat == _round_opener(table):
                table.pending = Pending(CONSTRAINT_SWAP, table.setup.captain, actor=seat)
            return
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

    def action_filter(self, table: Table) -> ActionFilter | None:
        if not isinstance(table.parts.get(ID), ConstraintPart):
            return None
        shared = shared_card(table) is not None
        # Once per listing: each seat's card, and each wire a cut aims at (cards I and J read
        # the whole stand), not once per action.
        cards: dict[int, Card | None] = {}
        aims: dict[tuple[str, int, int], bool] = {}

        def aim(table: Table, letter: str, stand: int, slot: int) -> bool:
            key = (letter, stand, slot)
            if key not in aims:
                aims[key] = _aim_allowed(table, letter, stand, slot)
            return aims[key]

        def refuse(action: Action) -> Refusal | None:
            """The refusal of an action that disobeys its seat's card (a cut of a value it does
            not let him cut; on mission 32 also equipment under G, an aim at a wire with a token
            or the Sticky Note under H, an aim at a stand's end under I or J, a Solo Cut under
            K)."""
            if action.seat not in cards:
                cards[action.seat] = active_card(table, action.seat)
            card = cards[action.seat]
            if card is None or _obeys(table, card, action, aim):
                return None
            if shared:
                return Refusal(
                    ConstraintReason.CONSTRAINT_SHARED,
                    {"card": card.letter, "text": card.text["en"]},
                )
            if not card.numbers_only:  # mission 61's own cards G-L
                return Refusal(
                    ConstraintReason.CONSTRAINT_OWN, {"card": card.letter, "text": card.text["en"]}
                )
            return Refusal(ConstraintReason.CONSTRAINT_VALUE, {"card": card.letter})

        return refuse

    def miss_token(
        self, table: Table, wire: int, announced: tuple[int, ...], events: Events
    ) -> bool:
        return _token_withheld(table, wire, events)

    def after_cuts(self, table: Table, events: Events) -> None:
        if self.part(table).rotating:
            _rotating_after_cuts(table, events)

    def end_turn(self, table: Table, events: Events) -> None:
        part = self.part(table)
        if part.rotating or part.circle:
            table.set_part(ID, replace(part, turns=part.turns + 1))

    def after_mistake(self, table: Table, events: Events) -> None:
        """Card L: a failed cut moves the detonator a second step (the only mistake of
        mission 32 is a failed cut). Mission 61: the card of the seat who failed."""
        card = active_card(table, table.active) if circle_part(table) else shared_card(table)
        if card is None or card.letter != "L" or table.result is not None:
            return
        events.append(Event("constraint_double", {}))
        before = table.dial
        table.dial -= 1
        events.append(Event("dial", {"from": before, "to": table.dial}))
        if table.dial <= 0:
            explode(table, "detonator", events)

    def observe(self, table: Table, viewer: Viewer) -> ConstraintsView:
        part = self.part(table)
        out: ConstraintsView = {
            "seats": [
                {"seat": seat, "card": card, "down": seat in part.down}
                for seat, card in enumerate(part.cards)
            ],
            "offered": list(part.offered),
        }
        if part.shared:
            out["shared"] = True
            out["visible"] = part.visible
            out["deck"] = len(part.deck)
            out["discarded"] = list(part.discarded)
        if part.rotating:
            out["rotating"] = True
            out["round_turns"] = part.turns
            out["round_skips"] = part.skips
        if part.pairs:
            out["pairs"] = list(part.pairs)
        if part.circle:
            out["circle"] = True
            out["ring"] = list(part.ring)
            out["spots"] = list(part.spots)
            out["pile"] = len(part.deck)
            out["discarded"] = list(part.discarded)
            out["round_turns"] = part.turns
            out["round_skips"] = part.skips
        return out

    def scramble(self, table: Table, viewer: Viewer, rng: Rng) -> None:
        """Missions 32 and 61: the order of the face-down deck (pile) is unseen."""
        part = self.part(table)
        if part.shared or part.circle:
            deck = list(part.deck)
            rng.shuffle(deck)
            table.set_part(ID, replace(part, deck=tuple(deck)))

    def advise(self, ask: BotAsk) -> Advice | None:
        """Mission 32: skip when the card leaves no cut; the captain's swap (``_advise_swap``).
        Mission 31: the card that leaves the most of its own uncut blue wires cuttable; with two players,
        never the opposite of the teammate's card (the card's advice). Mission 61:
        ``_advise_circle``."""
        part = view(ask.obs)
        if part is not None and part.get("circle"):
            found = _advise_circle(ask, part)
            if found is not None:
                return found
        skip = next((a for a in ask.legal if isinstance(a, SkipTurn)), None)
        if skip is not None:
            part = view(ask.obs)
            return skip, "constraint_skip", {"letter": part.get("visible") if part else "-"}
        if any(isinstance(a, SwapConstraint) for a in ask.legal):
            return _advise_swap(ask)
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


def _circle_from_json(raw: object, players: int) -> CircleSetup:
    """Mission 61's setup part: ``{"seats": [a card per seat], "table": [left, right],
    "pile": [F-L, top first]}``; the cards A-E each at most once."""
    if not isinstance(raw, dict) or set(raw) != {"seats", "table", "pile"}:
        raise SetupError(
            'setup.parts.constraints must be {"seats": [...], "table": [...], "pile": [...]}'
        )
    seats, spots, pile = raw["seats"], raw["table"], raw["pile"]
    if not all(
        isinstance(x, list) and all(isinstance(c, str) for c in x) for x in (seats, spots, pile)
    ):
        raise SetupError("setup.parts.constraints: lists of card letters")
    if len(seats) != players or len(spots) != extra_cards(players):
        raise SetupError(
            f"setup.parts.constraints: {players} seat cards and {extra_cards(players)} on the table"
        )
    own = [*seats, *spots]
    if len(set(own)) != len(own) or not set(own) <= set(OWN_CARDS):
        raise SetupError("setup.parts.constraints: the seats' and table's cards are A-E, each once")
    if sorted(pile) != sorted(DRAW_CARDS):
        raise SetupError("setup.parts.constraints.pile must hold each card F..L once")
    return CircleSetup(tuple(seats), tuple(spots), tuple(pile))


#: Mission 61's bots trade their card only when the detonator keeps this many steps after it.
DRAW_MARGIN = 2


def _advise_circle(ask: BotAsk, part: ConstraintsView) -> Advice | None:
    """Mission 61: the captain's pass (``_advise_pass``); a seat its own card stops trades it
    for the pile's top card while the detonator can afford the step, else skips."""
    if any(isinstance(a, PassConstraints) for a in ask.legal):
        return _advise_pass(ask, part)
    skip = next((a for a in ask.legal if isinstance(a, SkipTurn)), None)
    if skip is None:
        return None
    me = int(ask.obs["viewer"] or 0)
    letter = part["seats"][me]["card"] or "-"
    left = int(ask.obs["dial"]["left"])
    draw = next((a for a in ask.legal if isinstance(a, DrawConstraint)), None)
    if draw is not None and left - 1 >= DRAW_MARGIN:
        return draw, "constraint_draw", {"letter": letter, "left": left}
    return skip, "constraint_skip_own", {"letter": letter}


def _left_values(obs: Observation) -> dict[int, int]:
    """Per blue value, the copies not cut yet (the cut wires are public)."""
    left = dict.fromkeys(ALL_VALUES, 4)
    for stand in obs["stands"]:
        for tile in stand["slots"]:
            wire = tile["wire"]
            if tile["cut"] and wire is not None and "." not in wire:
                left[int(wire)] = left.get(int(wire), 0) - 1
    return left


def _shown_none_of(obs: Observation) -> dict[int, set[int]]:
    """Per seat, the values its skips proved it does not hold (public events)."""
    out: dict[int, set[int]] = {}
    for event in obs["log"]:
        if event.get("type") == "constraint_skip" and event.get("none_of"):
            out.setdefault(int(event["seat"]), set()).update(int(v) for v in event["none_of"])
    return out


def _advise_pass(ask: BotAsk, part: ConstraintsView) -> Advice:
    """Each way scored: the share of the captain's own blue wires his new card allows, plus,
    for each teammate with wires, the share of the uncut copies his new card allows among the
    values his skips did not rule out (a card he is known to hold nothing of scores 0). Keeping
    wins ties (nothing is gained by moving)."""
    obs = ask.obs
    me = int(obs["viewer"] or 0)
    mine = _own_numbers(obs)
    left = _left_values(obs)
    none_of = _shown_none_of(obs)
    owners = [stand["owner"] for stand in obs["stands"]]
    with_wires = {
        owners[i]
        for i, stand in enumerate(obs["stands"])
        if any(not tile["cut"] for tile in stand["slots"])
    }
    base = ConstraintPart(
        tuple(e["card"] for e in part["seats"]),
        circle=True,
        ring=tuple(part.get("ring", [])),
        spots=tuple(part.get("spots", [])),
    )

    def score(way: str) -> float:
        cards = passed(base, way).cards
        total = 0.0
        for seat, letter in enumerate(cards):
            if letter is None or seat not in with_wires:
                continue
            card = CARDS[letter]
            if seat == me:
                total += sum(1 for n in mine if n in card.values) / max(1, len(mine))
                continue
            pool = {v: n for v, n in left.items() if n > 0 and v not in none_of.get(seat, set())}
            copies = sum(pool.values())
            total += sum(n for v, n in pool.items() if v in card.values) / max(1, copies)
        return total

    options = [a for a in ask.legal if isinstance(a, PassConstraints)]
    best = max(options, key=lambda a: (round(score(a.way), 9), a.way == "keep"))
    letter = passed(base, best.way).cards[me] or "-"
    if best.way == "keep":
        return best, "constraints_keep", {"letter": letter}
    return best, f"constraints_{best.way}", {"letter": letter}


def _own_numbers(obs: Observation) -> list[int]:
    """The values of the viewer's uncut blue wires, as its observation shows them."""
    me = int(obs["viewer"] or 0)
    return [
        int(tile["wire"].split(".")[0])
        for stand in obs["stands"]
        if stand["owner"] == me
        for tile in stand["slots"]
        if not tile["cut"] and tile["wire"] is not None and "." not in tile["wire"]
    ]


def _aims_in(obs: Observation, letter: str) -> bool:
    """Whether some teammate's uncut wire is one card H, I or J lets a cut aim at, as the
    captain's observation shows the stands (tokens and cut wires are public)."""
    me = int(obs["viewer"] or 0)
    for stand in obs["stands"]:
        if stand["owner"] == me:
            continue
        uncut = [i for i, tile in enumerate(stand["slots"]) if not tile["cut"]]
        for i in uncut:
            if letter == "H" and stand["slots"][i].get("info") is None:
                return True
            if (letter == "I" and i != max(uncut)) or (letter == "J" and i != min(uncut)):
                return True
    return False


def _skipped_since_my_decision(obs: Observation, letter: str) -> bool:
    """Whether a seat skipped its turn under card ``letter`` since the captain last kept or
    replaced a card (a public event)."""
    for event in reversed(obs["log"]):
        kind = event.get("type")
        if kind in ("constraint_keep", "constraint_swap"):
            return False
        if kind == "constraint_skip" and event.get("card") == letter:
            return True
    return False


def _advise_swap(ask: BotAsk) -> Advice:
    """The captain replaces a card on values that lets him cut under half of his own blue
    wires, and K or L (the costliest of the rest); he keeps the others (the next card is
    unseen and may be worse)."""
    part = view(ask.obs)
    letter = part.get("visible") if part else None
    swap = next(a for a in ask.legal if isinstance(a, SwapConstraint) and a.swap)
    keep = next(a for a in ask.legal if isinstance(a, SwapConstraint) and not a.swap)
    if letter is None:
        return keep, "constraint_keep_mild", {"letter": "-"}
    card = CARDS[letter]
    if _skipped_since_my_decision(ask.obs, letter):
        # Kept, a card that left a seat no cut stops it again: the game could go round forever.
        return swap, "constraint_swap_skipped", {"letter": letter}
    if letter in ("H", "I", "J") and not _aims_in(ask.obs, letter):
        return swap, "constraint_swap_harsh", {"letter": letter}
    if letter in ("K", "L"):
        return swap, "constraint_swap_harsh", {"letter": letter}
    if not card.numbers_only:
        return keep, "constraint_keep_mild", {"letter": letter}
    numbers = _own_numbers(ask.obs)
    count = sum(1 for n in numbers if n in card.values)
    params = {"letter": letter, "count": count, "total": len(numbers)}
    if not numbers:  # out of wires: a card on values may be what stops the others
        return swap, "constraint_swap_out", {"letter": letter}
    if 2 * count < len(numbers):
        return swap, "constraint_swap", params
    return keep, "constraint_keep", params


MECHANISM = Constraints()
