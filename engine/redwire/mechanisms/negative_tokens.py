"""Negative tokens beside the stand, then a gift (mission 22).

* **Setup.** Instead of the info token on a wire, each player lays two tokens face up beside his
  stand (``NegativeToken``), each of a value he does **not** hold (a number 1-12, or yellow):
  "I hold no wire of this value". A player with two stands lays one beside each. A player who
  misses fewer than two values lays fewer (one, or none): that says he holds every other value.
* **The gift.** As soon as two yellow wires are cut, once the turn is over and before the next
  one: starting with the captain and going clockwise, each player takes an info token from the
  supply, of any value he likes (``GiveToken``), and gives it to his left neighbour, who puts it
  on one of his uncut wires of that value (his choice: a ``pick``, the true ``token`` event,
  ``reason`` "gift"), or, holding none, beside his stand ("holds none": ``gift_beside``).

What this proves to everyone: a setup token, that its player holds no wire of its value (all
his wires, as dealt); a short setup, that he holds every other value; a gift beside a stand,
that he holds no uncut wire of it.

>>> from engine.redwire import new_game
>>> game = new_game(mission=22, players=4, seed=1)
>>> [a.type for a in game.legal_actions(game.to_move)][:1]
['negative_token']
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, ClassVar, TypedDict, cast

from ...core.errors import ReasonCode
from ...core.events import Event, Viewer
from ..actions import Action, PlaceToken
from ..errors import IllegalActionError, Reason, describe_phase
from ..model import Pending, Phase, Table
from ..turn import OPEN_PHASES, begin_turn, next_setup_seat, place_info, require_decision
from ..wires import BLUE_VALUES, YELLOW, cut_value, value_from_json, value_to_json
from .base import ActionSpec, Advice, BotAsk, Events, Mechanism, PickSpec, name_of

if TYPE_CHECKING:
    from ..deduction.tracker import Tracker
    from ..observation_types import Observation

ID = "negative_tokens"
#: The values a token may show: the numbers, then yellow (never red).
VALUES: tuple[int, ...] = (*BLUE_VALUES, YELLOW)
#: How many tokens a player lays beside his stand(s) at setup, at most.
SETUP_TOKENS = 2
#: Yellow wires cut that start the gift.
GIFT_AFTER = 2
GIFT_GIVE = Phase.declare("gift_give")
#: Choosing a gift is a decision between turns, with no action under way (B1: "any time"
#: equipment may be used meanwhile).
OPEN_PHASES.add(GIFT_GIVE)
describe_phase(GIFT_GIVE.value, "a player is choosing an info token to give", "choose a token")
GIFT_PLACE = Phase.declare("gift_place")


class NegativeReason(ReasonCode):
    """Refusals of the tokens beside the stand and of the gift."""

    NEGATIVE_ONLY = (
        "negative_only",
        "In this mission the setup tokens go beside your stand, with values you do not hold.",
    )
    NEGATIVE_HELD = ("negative_held", "You hold that value: the token must show one you do not.")
    NEGATIVE_TWICE = ("negative_twice", "You already laid that value beside your stand.")
    NEGATIVE_STAND = (
        "negative_stand",
        "With two stands, one token goes beside each stand.",
    )
    GIFT_VALUE = ("gift_value", "An info token shows a number 1-12 or yellow.")
    NEGATIVE_ELSEWHERE = ("negative_elsewhere", "No tokens go beside the stands in this mission.")


@dataclass(frozen=True)
class NegativeToken(Action):
    """Setup: lay a token beside your stand ``stand``: a value you do not hold."""

    type: ClassVar[str] = "negative_token"
    seat: int
    stand: int
    value: int


@dataclass(frozen=True)
class GiveToken(Action):
    """The gift: an info token of ``value`` for your left neighbour to place."""

    type: ClassVar[str] = "give_token"
    seat: int
    value: int


@dataclass(frozen=True)
class NegativePart:
    """The tokens beside the stands: (seat, stand, value, kind "setup" / "gift"); the gift's
    progress: "none", "due" (two yellows cut, the turn not over), "giving", "done"; whom the
    next turn goes to once it is over, and how many players have given so far."""

    tokens: tuple[tuple[int, int, int, str], ...] = ()
    gift: str = "none"
    resume: int | None = None
    given: int = 0

    def to_json(self) -> dict[str, Any]:
        return {
            "tokens": [
                [seat, stand, value_to_json(v), kind] for seat, stand, v, kind in self.tokens
            ],
            "gift": self.gift,
            "resume": self.resume,
            "given": self.given,
        }


class BesideView(TypedDict):
    seat: int
    stand: int
    value: int | str
    kind: str


class NegativeView(TypedDict):
    """``observation["mechanisms"]["negative_tokens"]``: the tokens beside the stands (public)
    and the gift's progress ("none", "due", "giving", "done")."""

    tokens: list[BesideView]
    gift: str


def view(obs: Observation) -> NegativeView | None:
    return cast("NegativeView | None", obs["mechanisms"].get(ID))


def _held(table: Table, seat: int) -> set[int]:
    """The values of a seat's uncut wires (numbers, yellow; red)."""
    return {cut_value(code) for _, _, code in table.hand(seat)}


def _missing(table: Table, seat: int) -> list[int]:
    held = _held(table, seat)
    return [v for v in VALUES if v not in held]


def _laid(table: Table, seat: int) -> list[tuple[int, int]]:
    """(stand, value) of the seat's setup tokens so far."""
    part = table.part(ID, NegativePart)
    return [(st, v) for s, st, v, kind in part.tokens if s == seat and kind == "setup"]


def _to_lay(table: Table, seat: int) -> int:
    """How many setup tokens this seat lays in all."""
    return min(SETUP_TOKENS, len(_missing(table, seat)))


def _refusal(table: Table, a: NegativeToken) -> IllegalActionError | None:
    if a.stand not in table.seat_stands[a.seat]:
        return IllegalActionError(Reason.NOT_OWN_STAND)
    if a.value not in VALUES:
        return IllegalActionError(Reason.MALFORMED, detail="a token shows 1..12 or yellow")
    if a.value in _held(table, a.seat):
        return IllegalActionError(NegativeReason.NEGATIVE_HELD)
    laid = _laid(table, a.seat)
    if any(v == a.value for _, v in laid):
        return IllegalActionError(NegativeReason.NEGATIVE_TWICE)
    if len(table.seat_stands[a.seat]) > 1 and any(st == a.stand for st, _ in laid):
        return IllegalActionError(NegativeReason.NEGATIVE_STAND)
    return None


def _negative(s: Table, a: NegativeToken) -> Events:
    if ID not in s.parts:
        raise IllegalActionError(NegativeReason.NEGATIVE_ELSEWHERE)
    require_decision(s, a.seat, Phase.SETUP_TOKEN)
    refusal = _refusal(s, a)
    if refusal is not None:
        raise refusal
    part = s.part(ID, NegativePart)
    s.set_part(ID, replace(part, tokens=(*part.tokens, (a.seat, a.stand, a.value, "setup"))))
    data = {"seat": a.seat, "stand": a.stand, "value": value_to_json(a.value)}
    events: Events = [Event("negative_token", data)]
    laid = _laid(s, a.seat)
    if len(laid) >= _to_lay(s, a.seat):
        if len(laid) < SETUP_TOKENS:  # he misses fewer values: he holds every other one
            values = [value_to_json(v) for _, v in laid]
            events.append(Event("negative_short", {"seat": a.seat, "values": values}))
        next_setup_seat(s, a.seat, events)
    return events


def _legal(s: Table, seat: int) -> Iterator[NegativeToken]:
    if ID not in s.parts or s.phase is not Phase.SETUP_TOKEN or s.to_move != seat:
        return
    for stand in s.seat_stands[seat]:
        for value in VALUES:
            action = NegativeToken(seat, stand, value)
            if _refusal(s, action) is None:
                yield action


# --------------------------------------------------------------------------- the gift


def _giver(table: Table) -> int:
    part = table.part(ID, NegativePart)
    return (table.setup.captain + part.given) % table.players


def _ask_giver(table: Table) -> None:
    table.pending = Pending(GIFT_GIVE, _giver(table))


def _after_gift(table: Table, events: Events) -> None:
    """One player has given: the next giver, or the turn the gift interrupted."""
    part = table.part(ID, NegativePart)
    part = replace(part, given=part.given + 1)
    if part.given < table.players:
        table.set_part(ID, part)
        _ask_giver(table)
        return
    resume = part.resume
    table.set_part(ID, replace(part, gift="done", resume=None))
    assert resume is not None
    events.append(Event("gift_done", {}))
    begin_turn(table, resume, table.turn_number + 1, events)


def _give(s: Table, a: GiveToken) -> Events:
    if s.pending.phase is not GIFT_GIVE:
        raise IllegalActionError(Reason.NOT_NOW, phase=s.pending.phase.value)
    if a.seat != s.pending.seat:
        raise IllegalActionError(Reason.NOT_YOUR_DECISION, seat=s.pending.seat)
    if a.value not in VALUES:
        raise IllegalActionError(NegativeReason.GIFT_VALUE)
    receiver = (a.seat + 1) % s.players
    value = value_to_json(a.value)
    options = tuple((st, sl) for st, sl, code in s.hand(receiver) if cut_value(code) == a.value)
    # Whether the receiver places it on a wire shows at once (he is asked where): public.
    data = {"seat": a.seat, "to": receiver, "value": value, "holds": bool(options)}
    events: Events = [Event("give_token", data)]
    if options:
        s.pending = Pending(GIFT_PLACE, receiver, options, actor=a.seat, value=a.value)
        return events
    part = s.part(ID, NegativePart)
    stand = s.seat_stands[receiver][0]
    s.set_part(ID, replace(part, tokens=(*part.tokens, (receiver, stand, a.value, "gift"))))
    events.append(Event("gift_beside", {"seat": receiver, "stand": stand, "value": value}))
    _after_gift(s, events)
    return events


def _place(s: Table, pending: Pending, stand: int, slot: int, events: Events) -> None:
    place_info(s, s.wire_id(stand, slot), "gift", events)
    _after_gift(s, events)


def _legal_give(s: Table, seat: int) -> Iterator[GiveToken]:
    if ID not in s.parts or s.pending.phase is not GIFT_GIVE or s.pending.seat != seat:
        return
    for value in VALUES:
        yield GiveToken(seat, value)


# --------------------------------------------------------------------------- what it proves


def _hand(tracker: Tracker, seat: int, uncut: bool) -> list[tuple[int, int]]:
    return [
        w
        for s in tracker.stands_of(seat)
        for w in (tracker.uncut(s) if uncut else tracker.wires(s))
    ]


def _read_negative(event: Mapping[str, Any], tracker: Tracker) -> None:
    """A token beside the stand at setup: he holds no wire of that value (none is cut yet)."""
    from ..deduction.facts import Count

    value = value_from_json(event["value"])
    tracker.add(Count.classes(_hand(tracker, int(event["seat"]), False), value, low=0, high=0))


def _read_short(event: Mapping[str, Any], tracker: Tracker) -> None:
    """Fewer setup tokens than two: he holds every other value."""
    from ..deduction.facts import AtLeastOne

    laid = {value_from_json(v) for v in event["values"]}
    wires = _hand(tracker, int(event["seat"]), False)
    for value in VALUES:
        if value not in laid:
            tracker.add(AtLeastOne.classes(wires, value))


def _read_skipped(event: Mapping[str, Any], tracker: Tracker) -> None:
    if event.get("reason") == "holds_all":
        _read_short({"seat": event["seat"], "values": []}, tracker)


def _read_give(event: Mapping[str, Any], tracker: Tracker) -> None:
    """The receiver is to place the token on a wire of his: he holds an uncut one of it."""
    if not event.get("holds"):
        return  # the ``gift_beside`` event says the rest
    from ..deduction.facts import AtLeastOne

    wires = _hand(tracker, int(event["to"]), True)
    tracker.add(AtLeastOne.classes(wires, value_from_json(event["value"])))


def _read_beside(event: Mapping[str, Any], tracker: Tracker) -> None:
    """A gift laid beside the stand: he holds no uncut wire of that value."""
    from ..deduction.facts import Count

    value = value_from_json(event["value"])
    tracker.add(Count.classes(_hand(tracker, int(event["seat"]), True), value, low=0, high=0))


def _line_negative(e: Mapping[str, Any], n: Any, o: Any) -> str:
    return (
        f"{name_of(n, e['seat'])} lays a token beside stand {e['stand'] + 1}: "
        f"holds no {e['value']}."
    )


class NegativeTokens(Mechanism[NegativePart]):
    id = ID
    reasons = NegativeReason
    actions = (
        ActionSpec(NegativeToken, "any_time", _legal, _negative),
        ActionSpec(GiveToken, "any_time", _legal_give, _give),
    )
    picks = (
        PickSpec(
            GIFT_PLACE,
            _place,
            "a gift token is being placed",
            "put the token on one of your wires of its value",
        ),
    )
    events = (
        "negative_token",
        "negative_short",
        "gift_start",
        "give_token",
        "gift_beside",
        "gift_done",
    )
    facts = {
        "negative_token": _read_negative,
        "negative_short": _read_short,
        "token_skipped": _read_skipped,
        "gift_beside": _read_beside,
        "give_token": _read_give,
    }
    lines = {
        "negative_token": _line_negative,
        "negative_short": lambda e, n, o: (
            f"{name_of(n, e['seat'])} lays only {len(e['values'])}: "
            "every other value is in the hand."
        ),
        "give_token": lambda e, n, o: (
            f"{name_of(n, e['seat'])} gives {name_of(n, e['to'])} an info token: {e['value']}."
        ),
        "gift_start": lambda e, n, o: (
            f"Two yellow wires are cut: from {name_of(n, e['captain'])}, each player gives "
            "the left neighbour an info token."
        ),
        "gift_beside": lambda e, n, o: (
            f"{name_of(n, e['seat'])} holds no {e['value']}: the token goes beside "
            f"stand {e['stand'] + 1}."
        ),
        "gift_done": lambda e, n, o: "Every player has given a token.",
        "token_skipped:holds_all": lambda e, n, o: (
            f"{name_of(n, e['seat'])} holds every value: no token beside the stand."
        ),
    }
    bot_keys = {
        "negative_token": (
            ("stand", "value"),
            "Beside my stand: I hold no {value}, a value my wires' order leaves open.",
            "mission 22 (`negative_tokens`): a setup token, a missing value inside my hand's range",
        ),
        "give_token": (
            ("seat", "value", "percent"),
            "A {value} token for {seat}: {percent}% likely to land on a wire of theirs.",
            "mission 22: the gift, the value my neighbour most likely holds",
        ),
        "gift_place": (
            ("stand", "wire"),
            "The gift token goes on my wire {wire}: it tells the team the most there.",
            "mission 22: where the gift token goes among my wires of its value",
        ),
    }

    def init_part(self, table: Table) -> NegativePart:
        return NegativePart()

    def places_setup_token(self, table: Table, seat: int) -> bool:
        return _to_lay(table, seat) > 0

    def token_skipped(self, table: Table, seat: int) -> Mapping[str, Any] | None:
        if _to_lay(table, seat) > 0:
            return None
        return {"reason": "holds_all"}

    def check_action(self, table: Table, action: Action) -> None:
        if isinstance(action, PlaceToken):
            raise IllegalActionError(NegativeReason.NEGATIVE_ONLY)

    def allows(self, table: Table, action: Action) -> bool:
        return not isinstance(action, PlaceToken)

    def after_cuts(self, table: Table, events: Events) -> None:
        part = self.part(table)
        if part.gift == "none" and table.cut_count(YELLOW) >= GIFT_AFTER:
            table.set_part(ID, replace(part, gift="due"))

    def next_turn(self, table: Table, seat: int, events: Events) -> bool:
        part = self.part(table)
        if part.gift != "due":
            return False
        table.set_part(ID, replace(part, gift="giving", resume=seat, given=0))
        events.append(Event("gift_start", {"captain": table.setup.captain}))
        _ask_giver(table)
        return True

    def observe(self, table: Table, viewer: Viewer) -> NegativeView:
        part = self.part(table)
        return {
            "tokens": [
                {"seat": seat, "stand": stand, "value": value_to_json(v), "kind": kind}
                for seat, stand, v, kind in part.tokens
            ],
            "gift": part.gift,
        }

    def advise(self, ask: BotAsk) -> Advice | None:
        obs = ask.obs
        laid = [a for a in ask.legal if isinstance(a, NegativeToken)]
        if laid:
            return _advise_setup(obs, laid)
        gifts = [a for a in ask.legal if isinstance(a, GiveToken)]
        if gifts:
            return _advise_gift(ask, gifts)
        prompt = obs["prompt"]
        if prompt is not None and prompt["kind"] == GIFT_PLACE.value:
            return _advise_place(ask)
        return None


def _advise_setup(obs: Observation, laid: list[NegativeToken]) -> Advice:
    """A missing value inside my hand's range (the order would let it sit there), nearest the
    middle of the range; yellow last."""
    numbers = [
        int(str(t["wire"]).split(".")[0])
        for stand in obs["stands"]
        if stand["owner"] == obs["viewer"]
        for t in stand["slots"]
        if t["wire"] is not None and "." not in str(t["wire"])
    ]
    low, high = (min(numbers), max(numbers)) if numbers else (1, 12)
    middle = (low + high) / 2

    def score(a: NegativeToken) -> tuple[int, float, int]:
        if a.value == YELLOW:
            return (2, 0.0, a.stand)
        return (0 if low < a.value < high else 1, abs(a.value - middle), a.stand)

    choice = min(laid, key=score)
    return choice, "negative_token", {"stand": choice.stand, "value": value_to_json(choice.value)}


def _advise_gift(ask: BotAsk, gifts: list[GiveToken]) -> Advice:
    """The value my left neighbour most likely holds an uncut wire of (the token then shows
    where one is), by the exact odds."""
    know = ask.knowledge()
    obs = ask.obs
    me = int(obs["viewer"] or 0)
    to = (me + 1) % int(obs["players"])
    slots = know.hand_of(to)

    def none_there(value: int) -> float:
        p = 1.0
        for slot in slots:
            p *= 1.0 - know.chance(slot, (value,))
        return p

    chances = {a.value: 1.0 - none_there(a.value) for a in gifts}
    best = max(gifts, key=lambda a: (round(chances[a.value], 6), -a.value))
    percent = round(100 * chances[best.value])
    params = {"seat": to, "value": value_to_json(best.value), "percent": percent}
    return best, "give_token", params


def _advise_place(ask: BotAsk) -> Advice | None:
    """The wire of the gift's value where a token teaches most: the one whose neighbours on
    the stand are least known (nearest the middle of the stand)."""
    from ..actions import Pick

    picks = [a for a in ask.legal if isinstance(a, Pick)]
    if not picks:
        return None
    stands = ask.obs["stands"]

    def score(p: Pick) -> tuple[float, int, int]:
        size = len(stands[p.stand]["slots"])
        return (abs(p.slot - (size - 1) / 2), p.stand, p.slot)

    choice = min(picks, key=score)
    return choice, "gift_place", {"stand": choice.stand, "wire": choice.slot + 1}


MECHANISM = NegativeTokens()
