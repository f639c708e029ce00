"""Four at once: the equipment countdown (mission 23), the four noble wires (mission 39) and the
four wires cut last (mission 46).

* **The Number card.** Mission 23: one Number card (the top of the shuffled twelve) is turned
  face up once the setup tokens are placed (FAQ), before the first turn. Mission 39
  (``four_at_once:noble``): the first card of the shuffle lies face up from the start (the
  mission's ``[number_cards] row = 1``, "on the first equipment space"): the noble value.
* **Four at once.** The four wires of its value must be cut together: no Dual Cut, detector or
  Solo Cut may announce that value. A new turn action (``FourAtOnce``): the actor points at
  four uncut wires, anywhere (his own included), one by one (``four_point`` picks), without
  equipment; all four of that value: they are cut together; otherwise the bomb explodes. The
  actor need not hold any of them (REC, as mission 39).
* **The countdown.** Until the four are cut, at the end of each round (before the captain's
  turn, B12) a card is discarded. Mission 23: there is no equipment on the board, seven random
  equipment cards form a face-down deck (the tray's ``count = 7`` and ``face_down``); its top
  card is discarded unseen, and once the four are cut every card left in it is turned face up,
  usable at once whatever wires of its number are cut. Mission 39: the top card of the
  face-down Number deck (eight cards) is discarded face up.
* **The hand-out (mission 39).** Once the four are cut, the Number cards left in the deck are
  dealt one at a time, clockwise from the captain (the deck's order is the deal's, recorded in
  the setup: nothing is drawn). The ``edition`` option says what they give:

  - ``IT`` (default, the Italian card): for each card received the player puts the info token
    of its value on one of his uncut wires of that value (the leftmost one without a token: a
    rule, all of them being the same value); the card is ignored if he has no such wire left
    (or, with the finite token supply, no token of the value is free). The cards are shown
    (the card speaks of "the values shown"), so what each player got and ignored is public.
  - ``EN`` (the English card): the cards stay secret (each seat sees its own); each player, from
    the captain clockwise, puts one info token beside his stand, of one of his received values
    that he still holds (his choice: ``noble_token``, a pick of one of his wires of that
    value); nothing if he holds none of them (FAQ) or no token of the value is free.

* **Cut last (mission 46, ``four_at_once:last:7``).** The value is fixed (7) and no Number card
  is used. Its four wires are cut last: nobody announces it in a cut, and the special action is
  open only to a player who, at the start of his turn, holds nothing but wires of the value; for
  him it is then the only move (mandatory; his any-time equipment too waits). He points at the
  others (four minus his own, on the other seats' stands; none when he holds all four): all of
  the value, the four are cut together (his own too); otherwise the bomb explodes. Each turn
  start of a seat holding 1 to 4 wires says publicly whether he holds only that value
  (``last_check``): the rule makes it public the moment he must act, and what a player does not
  do at such a turn start (the special action) tells the table he still holds another wire.

>>> from engine.redwire import new_game
>>> game = new_game(mission=23, players=3, seed=2)
>>> view(game.observation(0))["value"] is None       # face down during the setup tokens
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, ClassVar, NotRequired, TypedDict, cast

from ...core.errors import ReasonCode
from ...core.events import SEER, Event, Viewer
from ..actions import Action, Cut, Pick, SoloCut
from ..errors import IllegalActionError
from ..model import Pending, Phase, Table
from ..turn import after_cuts, cut_wire, end_turn, explode, place_info, require_own_turn
from ..wires import BLUE_VALUES, blue, code_of, cut_value
from . import number_cards
from .base import (
    ActionFilter,
    ActionSpec,
    Advice,
    BotAsk,
    Events,
    Mechanism,
    PickSpec,
    Refusal,
    ValueBound,
    name_of,
)
from .equipment import tray

if TYPE_CHECKING:
    from ...core.rng import Rng
    from ..deduction.tracker import Tracker
    from ..missions import ConfigReader
    from ..observation_types import Observation

ID = "four_at_once"
#: How many wires of the value are cut together.
COUNT = 4
FOUR_POINT = Phase.declare("four_point")
#: Mission 39, English edition: a player chooses which received value he shows beside his stand.
NOBLE_TOKEN = Phase.declare("noble_token")


@dataclass(frozen=True)
class FourConfig:
    """``four_at_once`` (mission 23) or ``four_at_once:noble`` (mission 39): where the value
    lies, what the countdown discards and what a success gives (see the module docstring)."""

    noble: bool = False
    #: Mission 46 (``four_at_once:last:7``): the value cut last, by the mandatory special action.
    last: int | None = None


class FourReason(ReasonCode):
    """Refusals around the four wires cut together."""

    FOUR_TOGETHER = (
        "four_together",
        "The four {value}s are cut only all together, with the special action.",
    )
    FOUR_NOT_NOW = ("four_not_now", "The special action needs the Number card face up.")
    LAST_VALUE = (
        "last_value",
        "The {value}s are cut last: all four at once, by a player who holds nothing else.",
    )
    LAST_NOT_YET = (
        "last_not_yet",
        "The special action is for a player whose wires left, at the start of his turn, are "
        "all {value}s.",
    )
    LAST_FORCED = (
        "last_forced",
        "You hold only {value}s: you must cut the four {value}s at once now.",
    )


@dataclass(frozen=True)
class FourAtOnce(Action):
    """Start the special action: then point, one by one, at the four wires of the value."""

    type: ClassVar[str] = "four_at_once"
    seat: int


@dataclass(frozen=True)
class FourPart:
    """The wires pointed at so far (wire ids), whether the four are cut, and the seat that
    played the turn just ended (to see a round end: the turn passes the captain's seat).

    Mission 39's hand-out: the Number cards each seat received (empty before it), the seats
    still to choose their token (English edition, in order) and the tokens laid beside the
    stands, as (seat, value)."""

    chosen: tuple[int, ...] = ()
    done: bool = False
    last: int | None = None
    received: tuple[tuple[int, ...], ...] = ()
    queue: tuple[int, ...] = ()
    beside: tuple[tuple[int, int], ...] = ()
    #: Mission 46: the seat whose turn began with only wires of the value (it must cut them).
    forced: int | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"chosen": list(self.chosen), "done": self.done, "last": self.last}
        if self.forced is not None:
            data["forced"] = self.forced
        if self.received:
            data["received"] = [list(r) for r in self.received]
            data["queue"] = list(self.queue)
            data["beside"] = [list(b) for b in self.beside]
        return data


class NobleView(TypedDict):
    """Mission 39's part of the view: the edition, the Number cards each seat received (None
    for a card the viewer may not see: another seat's, English edition), and the tokens laid
    beside the stands as [seat, value]."""

    edition: str
    received: list[list[int | None]]
    beside: list[list[int]]


class LastView(TypedDict):
    """Mission 46's part of the view: the seat that must cut the four now (its turn began with
    only wires of the value), else None."""

    forced: int | None


class FourView(TypedDict):
    """``observation["mechanisms"]["four_at_once"]``: the value (None while its card is face
    down), whether its four wires are cut, the wires pointed at in an action under way, in
    mission 39 ``noble`` and in mission 46 ``last``."""

    value: int | None
    done: bool
    chosen: list[list[int]]
    noble: NotRequired[NobleView]
    last: NotRequired[LastView]


def view(obs: Observation) -> FourView | None:
    return cast("FourView | None", obs["mechanisms"].get(ID))


def is_noble(table: Table) -> bool:
    """Mission 39's variant (``four_at_once:noble``)."""
    config = table.mission.config(ID)
    return isinstance(config, FourConfig) and config.noble


def last_value(table: Table) -> int | None:
    """Mission 46's variant (``four_at_once:last:N``): the value cut last, else None."""
    config = table.mission.config(ID)
    return config.last if isinstance(config, FourConfig) else None


def value_of(table: Table) -> int | None:
    """The Number card's value, once face up (mission 39: the card of the row; mission 46: the
    value cut last)."""
    last = last_value(table)
    if last is not None:
        return last
    if is_noble(table):
        row = number_cards.row(table)
        return row[0] if row else None
    return number_cards.top(table)


def _blocked(table: Table) -> int | None:
    """The value no ordinary cut may announce now."""
    part = table.parts.get(ID)
    if not isinstance(part, FourPart) or part.done:
        return None
    return value_of(table)


def _start(s: Table, a: FourAtOnce) -> Events:
    if ID not in s.parts or value_of(s) is None:
        raise IllegalActionError(FourReason.FOUR_NOT_NOW)
    require_own_turn(s, a.seat)
    part = s.part(ID, FourPart)
    if part.done:
        raise IllegalActionError(FourReason.FOUR_NOT_NOW)
    last = last_value(s)
    if last is not None and part.forced != a.seat:
        raise IllegalActionError(FourReason.LAST_NOT_YET, value=last)
    s.set_part(ID, replace(part, chosen=()))
    events = [Event("four_start", {"seat": a.seat, "value": value_of(s)})]
    if last is not None and not _need(s, a.seat):
        _resolve(s, a.seat, events)  # he holds all four: nothing to point at
        return events
    _ask(s, a.seat)
    return events


def _own_of_value(s: Table, seat: int) -> list[int]:
    """Mission 46: the actor's own uncut wires of the value (wire ids), cut with the pointed ones."""
    value = last_value(s)
    return [s.wire_id(st, sl) for st, sl, code in s.hand(seat) if code == blue(value or 0)]


def _need(s: Table, seat: int) -> int:
    """How many wires the actor still has to point at."""
    chosen = len(s.part(ID, FourPart).chosen)
    if last_value(s) is None:
        return COUNT - chosen
    return COUNT - len(_own_of_value(s, seat)) - chosen


def _ask(s: Table, seat: int) -> None:
    chosen = s.part(ID, FourPart).chosen
    # Mission 46: his own wires of the value go with the others; he points at the teammates'.
    own = s.seat_stands[seat] if last_value(s) is not None else ()
    options = tuple(
        (stand, slot)
        for stand in range(len(s.stands))
        if stand not in own
        for slot, _ in s.uncut(stand)
        if s.stands[stand][slot] not in chosen
    )
    s.pending = Pending(FOUR_POINT, seat, options, actor=seat)


def _point(s: Table, pending: Pending, stand: int, slot: int, events: Events) -> None:
    assert pending.actor is not None
    seat = pending.actor
    part = s.part(ID, FourPart)
    chosen = (*part.chosen, s.stands[stand][slot])
    s.set_part(ID, replace(part, chosen=chosen))
    events.append(Event("four_point", {"seat": seat, "stand": stand, "slot": slot}))
    if _need(s, seat) > 0:
        _ask(s, seat)
        return
    _resolve(s, seat, events)


def _resolve(s: Table, seat: int, events: Events) -> None:
    """The wires pointed at (and, mission 46, the actor's own of the value) are all of it: cut
    together; otherwise the bomb explodes."""
    part = s.part(ID, FourPart)
    chosen = part.chosen
    value = value_of(s)
    assert value is not None
    own = _own_of_value(s, seat) if last_value(s) is not None else []
    targets = sorted(s.position_of(w) for w in (*own, *chosen))
    hit = all(s.codes[w] == blue(value) for w in chosen)
    s.set_part(ID, replace(part, chosen=(), done=hit))
    outcome = "hit" if hit else "miss"
    data = {"seat": seat, "targets": [list(t) for t in targets], "value": value}
    if last_value(s) is not None:
        data["own"] = len(own)
    events.append(Event("four_cut", {**data, "outcome": outcome}))
    if not hit:
        explode(s, "four", events)
        return
    s.pending = Pending(Phase.TURN, seat)
    for t_stand, t_slot in targets:
        cut_wire(s, t_stand, t_slot, seat, events, revealed=True)
    if is_noble(s):
        if after_cuts(s, events):
            return
        _hand_out(s, events)
        if s.pending.phase is NOBLE_TOKEN:
            return  # the English edition's choices come first
        end_turn(s, events)
        return
    if last_value(s) is not None:
        if not after_cuts(s, events):
            end_turn(s, events)
        return
    while tray.reveal_next(s, events) is not None:  # the deck left: face up, usable at once
        pass
    if not after_cuts(s, events):
        end_turn(s, events)


# --------------------------------------------------------------------------- mission 39


def _seat_order(s: Table) -> list[int]:
    """The seats clockwise from the captain."""
    return [(s.setup.captain + k) % s.players for k in range(s.players)]


def _token_free(s: Table, value: int) -> bool:
    """A token of ``value`` can be laid: always with the unlimited supply (the default); with
    the finite one (two per number) unless both lie on uncut wires or beside stands."""
    if not s.setup.options.faithful_token_supply:
        return True
    on_wires = sum(1 for w, v in s.info.items() if v == value and not s.cut[w])
    beside = sum(1 for _, v in s.part(ID, FourPart).beside if v == value)
    return on_wires + beside < 2


def _own_wires(s: Table, seat: int, value: int) -> list[tuple[int, int]]:
    """The seat's uncut wires of ``value``, left to right, stand by stand."""
    return [(st, slot) for st, slot, code in s.hand(seat) if code == blue(value)]


def _hand_out(s: Table, events: Events) -> None:
    """Deal the Number deck left, one card at a time clockwise from the captain, then give
    each card's token (Italian edition) or ask each player for his (English edition)."""
    cards = number_cards.take_deck(s)
    if not cards:
        return  # every card was discarded: nothing to deal
    order = _seat_order(s)
    received: list[list[int]] = [[] for _ in range(s.players)]
    for k, value in enumerate(cards):
        received[order[k % s.players]].append(value)
    part = replace(s.part(ID, FourPart), received=tuple(tuple(r) for r in received))
    s.set_part(ID, part)
    counts = [len(r) for r in received]
    if s.setup.options.edition == "EN":
        secret = {seat: {"cards": list(r)} for seat, r in enumerate(received) if r}
        events.append(Event("noble_dealt", {"counts": counts, "edition": "EN"}, secret=secret))
        queue = tuple(seat for seat in order if _choices(s, seat))
        s.set_part(ID, replace(part, queue=queue))
        _ask_token(s)
        return
    events.append(
        Event(
            "noble_dealt", {"counts": counts, "edition": "IT", "cards": [list(r) for r in received]}
        )
    )
    for seat in order:
        for value in received[seat]:
            free = [
                (st, sl) for st, sl in _own_wires(s, seat, value) if s.wire_id(st, sl) not in s.info
            ]
            if free and _token_free(s, value):
                # The rule's wire (leftmost free): the free wires before it are not of the value.
                hand = [(st, sl) for st, sl, _ in s.hand(seat)]
                before = [
                    list(w) for w in hand[: hand.index(free[0])] if s.wire_id(*w) not in s.info
                ]
                stand, slot = free[0]
                placed = {"seat": seat, "value": value, "stand": stand, "slot": slot}
                events.append(Event("noble_placed", {**placed, "before": before}))
                place_info(s, s.wire_id(stand, slot), "noble", events)
                continue
            reason = "no_token" if free else "no_wire"
            # No wire of his without a token: his uncut wires of the value are those with one.
            marked = len(_own_wires(s, seat, value)) - len(free)
            ignored = {"seat": seat, "value": value, "reason": reason, "marked": marked}
            events.append(Event("noble_ignored", ignored))


def _choices(s: Table, seat: int) -> tuple[tuple[int, int], ...]:
    """English edition: the seat's wires whose value it received and may show beside its
    stand (a free token of it left)."""
    received = s.part(ID, FourPart).received
    values = sorted(set(received[seat])) if seat < len(received) else []
    return tuple(w for v in values if _token_free(s, v) for w in _own_wires(s, seat, v))


def _ask_token(s: Table) -> None:
    """The next seat of the queue chooses its token (none left: the turn goes on)."""
    part = s.part(ID, FourPart)
    while part.queue:
        seat = part.queue[0]
        options = _choices(s, seat)
        if options:
            s.pending = Pending(NOBLE_TOKEN, seat, options, actor=seat)
            return
        part = replace(part, queue=part.queue[1:])
        s.set_part(ID, part)
    s.pending = Pending(Phase.TURN, s.active)


def _noble_token(s: Table, pending: Pending, stand: int, slot: int, events: Events) -> None:
    assert pending.seat is not None
    seat = pending.seat
    value = cut_value(s.code_at(stand, slot))
    part = s.part(ID, FourPart)
    s.set_part(ID, replace(part, queue=part.queue[1:], beside=(*part.beside, (seat, value))))
    events.append(Event("noble_beside", {"seat": seat, "value": value}))
    _ask_token(s)
    if s.pending.phase is Phase.TURN:
        end_turn(s, events)


def _legal(s: Table, seat: int) -> Iterator[FourAtOnce]:
    part = s.parts.get(ID)
    if (
        isinstance(part, FourPart)
        and not part.done
        and value_of(s) is not None
        and s.phase is Phase.TURN
        and s.active == seat
        and (last_value(s) is None or part.forced == seat)
    ):
        yield FourAtOnce(seat)


def _read_last(event: Mapping[str, Any], tracker: Tracker) -> None:
    """Mission 46, a turn start: the seat holds only wires of the value (it must cut them now),
    or at least one other wire (else it would have had to)."""
    from ..deduction.facts import Count

    wires = tracker.uncut_of_seat(int(event["seat"]))
    if not wires:
        return
    value, n = int(event["value"]), len(wires)
    if event["only"]:
        tracker.add(Count.classes(wires, value, low=n, high=n))
    else:
        tracker.add(Count.classes(wires, value, low=0, high=n - 1))


def _read_ignored(event: Mapping[str, Any], tracker: Tracker) -> None:
    """Italian hand-out, a card shown and ignored for want of a wire: the seat's uncut wires of
    the value are exactly the ``marked`` ones (those with its token), none if 0."""
    from ..deduction.facts import Count

    wires = tracker.uncut_of_seat(int(event["seat"]))
    marked = int(event["marked"])
    if event["reason"] == "no_wire":
        tracker.add(Count.classes(wires, int(event["value"]), low=marked, high=marked))
    else:  # no token left, but a wire of the value without one
        tracker.add(Count.classes(wires, int(event["value"]), low=marked + 1, high=len(wires)))


def _read_placed(event: Mapping[str, Any], tracker: Tracker) -> None:
    """Italian hand-out: the token goes on the seat's leftmost wire of the value without one, so
    the wires without a token before it are not of the value."""
    from ..deduction.facts import Count

    before = [tracker.wire(stand, slot) for stand, slot in event["before"]]
    if before:
        tracker.add(Count.classes(before, int(event["value"]), low=0, high=0))


def _read_beside(event: Mapping[str, Any], tracker: Tracker) -> None:
    """English hand-out: a token beside the stand says the seat holds an uncut wire of it."""
    from ..deduction.facts import Count

    wires = tracker.uncut_of_seat(int(event["seat"]))
    tracker.add(Count.classes(wires, int(event["value"]), low=1, high=len(wires)))


def _read_four(event: Mapping[str, Any], tracker: Tracker) -> None:
    """A miss: not all four pointed wires are of the value (a hit shows in its cut wires)."""
    if event["outcome"] != "miss":
        return
    from ..deduction.codes import BLUE_VALUES, RED, YELLOW
    from ..deduction.facts import AtLeastOne, class_codes

    targets = tuple(tracker.wire(stand, slot) for stand, slot in event["targets"])
    others = [c for c in (RED, YELLOW, *BLUE_VALUES) if c != int(event["value"])]
    tracker.add(AtLeastOne(targets, class_codes(others)))


def _check_last(s: Table, value: int, events: Events) -> None:
    """Mission 46, a turn start: a seat holding 1 to 4 wires (more cannot all be of the value)
    holds only wires of the value, and must cut the four now, or not; everyone is told."""
    part = s.part(ID, FourPart)
    if part.done:
        return
    seat = s.active
    hand = s.hand(seat)
    if not 1 <= len(hand) <= COUNT:
        return
    only = all(code == blue(value) for _, _, code in hand)
    s.set_part(ID, replace(part, forced=seat if only else None))
    events.append(Event("last_check", {"seat": seat, "value": value, "only": only}))


def _forced_elsewhere(s: Table, action: Action) -> bool:
    """Mission 46: the seat that must cut the four now tries anything else (his any-time
    equipment included); a pick of his own pointing goes on."""
    part = s.parts.get(ID)
    if not isinstance(part, FourPart) or part.forced is None or part.done:
        return False
    return action.seat == part.forced and not isinstance(action, (FourAtOnce, Pick))


def last_value_in(part: FourView) -> bool:
    """The view is mission 46's (the value cut last)."""
    return "last" in part


def _round_ended(table: Table, last: int, now: int) -> bool:
    """The turn passed the captain's seat going clockwise from ``last`` to ``now`` (B12: a
    round ends each time the turn would reach the captain, skipped seats included)."""
    captain, players = table.setup.captain, table.players
    step = (now - last) % players or players
    return any((last + k) % players == captain for k in range(1, step + 1))


def _a(value: int) -> str:
    """The value with its article: "a 5", "an 8"."""
    return f"{'an' if value in (8, 11) else 'a'} {value}"


def _why_ignored(e: Mapping[str, Any]) -> str:
    if e["reason"] == "no_token":
        return f"no {e['value']} token is left"
    if e["marked"]:
        return f"every {e['value']} in that hand already has a token"
    return f"no {e['value']} left in that hand"


def _dealt_line(e: Mapping[str, Any], names: Sequence[str]) -> str:
    counts = ", ".join(
        f"{name_of(names, seat)} {count}" for seat, count in enumerate(e["counts"]) if count
    )
    line = f"The Number cards left are dealt from the captain: {counts or 'none'}."
    if "cards" in e:
        shown = "; ".join(
            f"{name_of(names, seat)}: {', '.join(map(str, cards))}"
            for seat, cards in enumerate(e["cards"])
            if cards
        )
        return f"{line} Shown: {shown}." if shown else line
    mine = e.get("secret", {}).get("cards")
    return f"{line} Yours: {', '.join(map(str, mine))}." if mine else line


def _advise_token(ask: BotAsk, picks: list[Pick]) -> Advice:
    """English hand-out: show the received value held most (ties: the lowest); the wire picked
    is the leftmost of it (which one does not matter: the token lies beside the stand)."""
    stands = ask.obs["stands"]

    def value_at(pick: Pick) -> int:
        label = stands[pick.stand]["slots"][pick.slot]["wire"]
        assert label is not None  # his own wire
        return cut_value(code_of(label))

    counts = Counter(value_at(p) for p in picks)
    best = min(counts, key=lambda v: (-counts[v], v))
    pick = next(p for p in picks if value_at(p) == best)
    return pick, "noble_token", {"value": best, "count": counts[best]}


class FourAtOnceMechanism(Mechanism[FourPart]):
    id = ID
    causes = {"four": "the four wires pointed at were not all of the value"}
    reasons = FourReason
    actions = (ActionSpec(FourAtOnce, "turn", _legal, _start, is_action=True),)
    picks = (
        PickSpec(
            FOUR_POINT,
            _point,
            "the four wires are being pointed at",
            "point at the next wire of the Number card's value",
        ),
        PickSpec(
            NOBLE_TOKEN,
            _noble_token,
            "a player is choosing the token to lay beside his stand",
            "point at one of your wires whose value you received: its token goes beside your stand",
        ),
    )
    events = (
        "number_up",
        "four_start",
        "four_point",
        "four_cut",
        "number_discarded",
        "noble_dealt",
        "noble_placed",
        "noble_ignored",
        "noble_beside",
        "last_check",
    )
    facts = {
        "last_check": _read_last,
        "four_cut": _read_four,
        "noble_placed": _read_placed,
        "noble_ignored": _read_ignored,
        "noble_beside": _read_beside,
    }
    lines = {
        "number_discarded": lambda e, n, o: (
            f"End of the round: the Number deck's top card is discarded ({e['value']}); "
            f"{e['left']} left."
        ),
        "noble_dealt": lambda e, n, o: _dealt_line(e, n),
        "noble_placed": lambda e, n, o: (
            f"{name_of(n, e['seat'])} got {_a(e['value'])}: its token goes on "
            f"stand {e['stand'] + 1}, wire {e['slot'] + 1}."
        ),
        "noble_ignored": lambda e, n, o: (
            f"{name_of(n, e['seat'])} got {_a(e['value'])} and ignores it ({_why_ignored(e)})."
        ),
        "noble_beside": lambda e, n, o: (
            f"{name_of(n, e['seat'])} lays {_a(e['value'])} token beside the stand: "
            f"a {e['value']} is in that hand."
        ),
        "last_check": lambda e, n, o: (
            f"{name_of(n, e['seat'])} holds only {e['value']}s: the four {e['value']}s "
            "must be cut now, all at once."
            if e["only"]
            else f"{name_of(n, e['seat'])} still holds a wire that is not a {e['value']}."
        ),
        "number_up": lambda e, n, o: f"The Number card is turned face up: {e['value']}.",
        "four_start": lambda e, n, o: (
            f"{name_of(n, e['seat'])} says where the four {e['value']}s are."
        ),
        "four_point": lambda e, n, o: (
            f"{name_of(n, e['seat'])} points at stand {e['stand'] + 1}, wire {e['slot'] + 1}."
        ),
        "four_cut": lambda e, n, o: (
            f"{name_of(n, e['seat'])} points at "
            + ", ".join(f"stand {st + 1} wire {sl + 1}" for st, sl in e["targets"])
            + f": all four {e['value']}s? "
            + ("yes!" if e["outcome"] == "hit" else "no!")
        ),
    }
    bot_keys = {
        "noble_token": (
            ("value", "count"),
            "I show a {value} beside my stand: I hold {count} of them, the most of my cards' values.",
            "mission 39, English edition: the received value the bot holds most of",
        ),
        "four_sure": (
            ("value",),
            "I know where all four {value}s are: I point at them.",
            "mission 23 (`four_at_once`): every wire of the value is certain",
        ),
        "four_forced": (
            ("value", "percent"),
            "Nothing else is left to me: I point at the likeliest four {value}s ({percent}%).",
            "mission 23: no other move",
        ),
        "last_forced": (
            ("value", "percent"),
            "I hold only {value}s, so I must point at the other {value}s now: the likeliest "
            "ones ({percent}%).",
            "mission 46 (`four_at_once:last:7`): the special action is mandatory, the wires "
            "not certain",
        ),
        "four_point": (
            ("stand", "wire"),
            "Wire {wire}: one of the four, I say.",
            "mission 23: the next wire pointed at",
        ),
    }

    def configure(
        self, params: tuple[str, ...], table: Mapping[str, Any] | None, reader: ConfigReader
    ) -> FourConfig:
        expected = "four_at_once, four_at_once:noble or four_at_once:last:<1..12>"
        if table is None and len(params) == 2 and params[0] == "last":
            if params[1] not in {str(v) for v in BLUE_VALUES}:
                raise reader.fail(f"mechanisms.{ID}", expected, ":".join(params))
            return FourConfig(last=int(params[1]))
        if table is not None or params not in ((), ("noble",)):
            raise reader.fail(f"mechanisms.{ID}", expected, ":".join(params))
        return FourConfig(noble=params == ("noble",))

    def init_part(self, table: Table) -> FourPart:
        return FourPart()

    def turn_start(self, table: Table, events: Events) -> None:
        part = self.part(table)
        last = last_value(table)
        if last is not None:
            _check_last(table, last, events)
            return
        if value_of(table) is None and table.turn_number == 1:
            value = number_cards.turn_top_up(table)  # after the setup tokens (FAQ)
            events.append(Event("number_up", {"value": value}))
        if part.done or part.last is None or table.turn_number <= 1:
            return
        if not _round_ended(table, part.last, table.active):
            return
        if not is_noble(table):
            tray.discard_next(table, events)
            return
        deck = number_cards.part(table).deck
        if deck:
            number_cards.discard_top(table)
            events.append(Event("number_discarded", {"value": deck[0], "left": len(deck) - 1}))

    def end_turn(self, table: Table, events: Events) -> None:
        table.set_part(ID, replace(self.part(table), last=table.active, forced=None))

    def announce_bound(self, table: Table, seat: int) -> ValueBound | None:
        """No ordinary cut announces the value to be cut four at once (FOUR_TOGETHER,
        LAST_VALUE): refused whether or not the seat is the one forced to cut them."""
        value = _blocked(table)
        return None if value is None else value.__ne__

    def action_filter(self, table: Table) -> ActionFilter | None:
        part = table.parts.get(ID)
        if not isinstance(part, FourPart) or part.done:
            return None  # nothing forced, no value blocked
        # Once per listing: the blocked value reads the Number cards.
        value, last = _blocked(table), last_value(table)

        def refuse(action: Action) -> Refusal | None:
            forced = _forced_elsewhere(table, action)
            if not forced:
                if value is None:
                    return None
                if isinstance(action, Cut):
                    if value not in action.values:
                        return None
                elif isinstance(action, SoloCut):
                    if action.value != value:
                        return None
                else:
                    return None
            if last is not None and forced:
                return Refusal(FourReason.LAST_FORCED, {"value": last})
            reason = FourReason.FOUR_TOGETHER if last is None else FourReason.LAST_VALUE
            return Refusal(reason, {"value": value})

        return refuse

    def observe(self, table: Table, viewer: Viewer) -> FourView:
        part = self.part(table)
        view: FourView = {
            "value": value_of(table),
            "done": part.done,
            "chosen": [list(table.position_of(w)) for w in part.chosen],
        }
        if last_value(table) is not None:
            view["last"] = {"forced": part.forced}
        if is_noble(table):
            edition = table.setup.options.edition
            shown = edition == "IT" or viewer == SEER
            view["noble"] = {
                "edition": edition,
                "received": [
                    [v if shown or viewer == seat else None for v in cards]
                    for seat, cards in enumerate(part.received)
                ],
                "beside": [[seat, value] for seat, value in part.beside],
            }
        return view

    def scramble(self, table: Table, viewer: Viewer, rng: Rng) -> None:
        """English edition: the other seats' received cards are unseen (among the values the
        viewer never saw)."""
        part = self.part(table)
        if not is_noble(table) or table.setup.options.edition != "EN" or viewer == SEER:
            return
        if not part.received:
            return
        cards = number_cards.part(table)
        own = part.received[viewer] if isinstance(viewer, int) else ()
        seen = {*cards.row, *cards.discarded, *own}
        pool = [v for v in BLUE_VALUES if v not in seen]
        rng.shuffle(pool)
        received = list(part.received)
        for seat, hand in enumerate(part.received):
            if seat != viewer:
                received[seat], pool = tuple(pool[: len(hand)]), pool[len(hand) :]
        table.set_part(ID, replace(part, received=tuple(received)))

    def advise(self, ask: BotAsk) -> Advice | None:
        """Point at the four when their places are certain, or when nothing else is left
        (the likeliest four); then point at the planned wires one by one."""
        from .sweep import likeliest

        part = view(ask.obs)
        if part is None or part["value"] is None:
            return None
        picks = [a for a in ask.legal if isinstance(a, Pick)]
        prompt = ask.obs["prompt"]
        if picks and prompt is not None and prompt["kind"] == NOBLE_TOKEN.value:
            return _advise_token(ask, picks)
        if part["done"]:
            return None
        value = int(part["value"])
        chosen = [(int(a), int(b)) for a, b in part["chosen"]]
        if picks and prompt is not None and prompt["kind"] == FOUR_POINT.value:
            group, _ = likeliest(ask.knowledge(), value, COUNT, chosen)
            for slot in group:
                pick = next((p for p in picks if (p.stand, p.slot) == slot), None)
                if pick is not None and slot not in chosen:
                    return pick, "four_point", {"stand": pick.stand, "wire": pick.slot + 1}
            pick = picks[0]
            return pick, "four_point", {"stand": pick.stand, "wire": pick.slot + 1}
        starts = [a for a in ask.legal if isinstance(a, FourAtOnce)]
        if not starts:
            return None
        know = ask.knowledge()
        # Whether the four are certain: with the floor, a turn whose fourth likeliest wire is
        # not certain counts no group's worlds (35 counts each turn otherwise); the chance is
        # counted in full only when the bot must point anyway and says it.
        sure = 1.0 - 1e-12
        if likeliest(know, value, COUNT, [], floor=sure)[1] >= sure:
            return starts[0], "four_sure", {"value": value}
        forced = "last_forced" if last_value_in(part) else "four_forced"
        if forced == "four_forced" and any(a.type in ("cut", "solo", "reveal") for a in ask.legal):
            return None
        _, chance = likeliest(know, value, COUNT, [])
        percent = max(0, min(100, int(chance * 100 + 1e-9)))
        return starts[0], forced, {"value": value, "percent": percent}


MECHANISM = FourAtOnceMechanism()
