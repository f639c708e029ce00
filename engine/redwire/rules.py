"""The rules: resolving one action on a fresh copy of the state.

:func:`resolve` is only called by :meth:`GameState.apply` on a clone, so a refusal (raised at any
point) leaves the caller's state untouched. Each handler checks its action against the rules
(spec §3-§7), then changes the state and returns the events it caused, in order.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable
from typing import Any, TypeVar

from ..core.events import Event
from .actions import (
    Action,
    Batteries,
    CoffeeMug,
    Cut,
    Label,
    Pick,
    PlaceToken,
    PostIt,
    Radar,
    RevealReds,
    Rewind,
    SoloCut,
    Stabilize,
    Walkie,
)
from .errors import IllegalActionError, Reason
from .state import GameState, Pending, Phase
from .wires import BLUE_VALUES, RED, YELLOW, Colour, colour_of, cut_value, label_of, value_to_json

Events = list[Event]
A = TypeVar("A", bound=Action)

PICK_PHASES = (Phase.OWN_CUT, Phase.DETECTOR_CUT, Phase.DETECTOR_TOKEN, Phase.WALKIE_GIVE)
TOOL_CARDS = {"triple": 3, "super": 5}
TARGET_COUNT = {None: 1, "double": 2, "triple": 3}
XY_CARD = 10


def resolve(s: GameState, action: Action) -> Events:
    if s.result is not None:
        raise IllegalActionError(Reason.GAME_OVER)
    if not isinstance(action.seat, int) or not 0 <= action.seat < s.players:
        raise IllegalActionError(Reason.NO_SUCH_PLAYER)
    handler = _HANDLERS.get(type(action))
    if handler is None:
        raise IllegalActionError(Reason.MALFORMED, detail=f"unknown action {action!r}")
    return handler(s, action)


# --------------------------------------------------------------------------- shared checks


def _require_decision(s: GameState, seat: int, *phases: Phase) -> None:
    if s.pending.phase not in phases:
        raise IllegalActionError(Reason.NOT_NOW, phase=s.pending.phase.value)
    if seat != s.pending.seat:
        raise IllegalActionError(Reason.NOT_YOUR_DECISION, seat=s.pending.seat)


def _require_own_turn(s: GameState, seat: int) -> None:
    if s.pending.phase is not Phase.TURN:
        raise IllegalActionError(Reason.NOT_NOW, phase=s.pending.phase.value)
    if seat != s.active:
        raise IllegalActionError(Reason.NOT_YOUR_TURN)


def _require_any_time(s: GameState) -> None:
    """B1: "any time" equipment waits until no action is being resolved."""
    if s.pending.phase not in (Phase.TURN, Phase.SETUP_TOKEN):
        raise IllegalActionError(Reason.NOT_NOW, phase=s.pending.phase.value)


def must_reveal(s: GameState, seat: int) -> bool:
    """Only red wires left: Reveal Red Wires is the only action (§5.1)."""
    hand = s.hand(seat)
    return bool(hand) and all(colour_of(code) is Colour.RED for _, _, code in hand)


def _forbid_if_must_reveal(s: GameState, seat: int) -> None:
    if must_reveal(s, seat):
        raise IllegalActionError(Reason.MUST_REVEAL)


def _wire(s: GameState, stand: int, slot: int) -> int:
    if not isinstance(stand, int) or not 0 <= stand < len(s.stands):
        raise IllegalActionError(Reason.NO_SUCH_WIRE)
    if not isinstance(slot, int) or not 0 <= slot < len(s.stands[stand]):
        raise IllegalActionError(Reason.NO_SUCH_WIRE)
    return s.stands[stand][slot]


def _own_uncut_wire(s: GameState, seat: int, stand: int, slot: int) -> int:
    wire = _wire(s, stand, slot)
    if s.owners[stand] != seat:
        raise IllegalActionError(Reason.NOT_OWN_STAND)
    if s.cut[wire]:
        raise IllegalActionError(Reason.ALREADY_CUT)
    return wire


def _require_card(s: GameState, card: int) -> None:
    state = s.equipment_state(card)
    if state == "absent":
        raise IllegalActionError(Reason.EQUIPMENT_ABSENT, card=card)
    if state == "locked":
        raise IllegalActionError(Reason.EQUIPMENT_LOCKED, card=card)
    if state == "used":
        raise IllegalActionError(Reason.EQUIPMENT_USED, card=card)


def _use_card(s: GameState, card: int, seat: int, events: Events, **data: Any) -> None:
    _require_card(s, card)
    s.equipment_used[card] = True
    events.append(Event("equipment", {"seat": seat, "card": card, **data}))


def _check_seat(s: GameState, seat: object) -> int:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < s.players:
        raise IllegalActionError(Reason.NO_SUCH_PLAYER)
    return seat


# --------------------------------------------------------------------------- state changes


def _cut_wire(s: GameState, stand: int, slot: int, by: int, events: Events, **extra: Any) -> None:
    wire = s.stands[stand][slot]
    s.mark_cut(wire)
    code = s.codes[wire]
    events.append(
        Event(
            "wire_cut",
            {"seat": by, "stand": stand, "slot": slot, "wire": label_of(code), **extra},
        )
    )


def _place_info(s: GameState, wire: int, reason: str, events: Events) -> None:
    """Put a true-value info token in front of a wire (§5.8), with the optional finite supply."""
    if wire in s.info:  # B14: the value is already public
        return
    value = cut_value(s.codes[wire])
    stand, slot = s.position_of(wire)
    data: dict[str, Any] = {
        "seat": s.owners[stand],
        "stand": stand,
        "slot": slot,
        "value": value_to_json(value),
        "reason": reason,
    }
    if s.setup.options.faithful_token_supply:
        in_use = sorted(w for w, v in s.info.items() if v == value)
        if len(in_use) >= 2:
            free = [w for w in in_use if s.cut[w]]
            if not free:
                events.append(Event("token_announced", data))
                return
            del s.info[free[0]]
            data["taken_from"] = list(s.position_of(free[0]))
    s.info[wire] = value
    events.append(Event("token", data))


def _mistake(s: GameState, events: Events) -> bool:
    """Move the detonator one step; True if the bomb exploded."""
    before = s.dial
    s.dial -= 1
    events.append(Event("dial", {"from": before, "to": s.dial}))
    if s.dial <= 0:
        _explode(s, "detonator", events)
        return True
    return False


def _explode(s: GameState, cause: str, events: Events) -> None:
    s.result = "exploded"
    s.pending = Pending(Phase.OVER, None)
    events.append(Event("explosion", {"cause": cause}))


def _after_cuts(s: GameState, events: Events) -> bool:
    """Post-cut checks (§5.7): validation, equipment unlocks, win. True if the mission ended."""
    for value in BLUE_VALUES:
        if value not in s.validated and s.in_play(value) and s.cut_count(value) == 4:
            s.validated.add(value)
            events.append(Event("validated", {"value": value}))
    for card, used in s.equipment_used.items():
        if not used and card not in s.unlocked and s.cut_count(card) >= 2:
            s.unlocked.add(card)
            events.append(Event("unlocked", {"card": card}))
    if s.all_cut():
        s.result = "won"
        s.pending = Pending(Phase.OVER, None)
        events.append(Event("won", {}))
        return True
    return False


def _end_turn(s: GameState, events: Events, next_seat: int | None = None) -> None:
    """Pass the turn clockwise (or to the Coffee Mug's choice), skipping seats with no wires."""
    s.stabilized = False
    if s.result is not None:
        return
    start = (s.active + 1) % s.players if next_seat is None else next_seat
    for i in range(s.players):
        seat = (start + i) % s.players
        if s.has_wires(seat):
            break
    s.active = seat
    s.turn_number += 1
    s.pending = Pending(Phase.TURN, seat)
    events.append(Event("turn", {"seat": seat, "number": s.turn_number}))


# --------------------------------------------------------------------------- setup tokens


def _place_token(s: GameState, a: PlaceToken) -> Events:
    _require_decision(s, a.seat, Phase.SETUP_TOKEN)
    wire = _own_uncut_wire(s, a.seat, a.stand, a.slot)
    if colour_of(s.codes[wire]) is not Colour.BLUE:
        raise IllegalActionError(Reason.NOT_BLUE)
    events: Events = []
    _place_info(s, wire, "setup", events)
    _next_setup_seat(s, a.seat, events)
    return events


def _next_setup_seat(s: GameState, placed: int, events: Events) -> None:
    captain = s.setup.captain
    seat = (placed + 1) % s.players
    while seat != captain:
        if any(colour_of(code) is Colour.BLUE for _, _, code in s.hand(seat)):
            s.pending = Pending(Phase.SETUP_TOKEN, seat)
            return
        events.append(Event("token_skipped", {"seat": seat}))
        seat = (seat + 1) % s.players
    s.active = captain
    s.turn_number = 1
    s.pending = Pending(Phase.TURN, captain)
    events.append(Event("turn", {"seat": captain, "number": 1}))


def start_events(s: GameState) -> Events:
    """A new game may begin with seats that have no blue wire to mark: skip them at once."""
    captain = s.setup.captain
    if any(colour_of(code) is Colour.BLUE for _, _, code in s.hand(captain)):
        return []
    events: Events = [Event("token_skipped", {"seat": captain})]
    _next_setup_seat(s, captain, events)
    return events


# --------------------------------------------------------------------------- the Dual Cut


def _check_targets(s: GameState, a: Cut) -> tuple[int, list[int]]:
    """Validate where a Dual Cut points; returns the owner and the wire ids."""
    if a.tool not in TARGET_COUNT and a.tool != "super":
        raise IllegalActionError(Reason.MALFORMED, detail="unknown detector")
    if not a.targets:
        raise IllegalActionError(Reason.WIRE_COUNT, count=TARGET_COUNT.get(a.tool, 1))
    wires = [_wire(s, stand, slot) for stand, slot in a.targets]
    if len(set(wires)) != len(wires):
        raise IllegalActionError(Reason.SAME_WIRE_TWICE)
    owners = {s.owners[stand] for stand, _ in a.targets}
    if a.seat in owners:
        raise IllegalActionError(Reason.OWN_STAND)
    if len(owners) > 1:
        raise IllegalActionError(Reason.ONE_TEAMMATE)
    if any(s.cut[w] for w in wires):
        raise IllegalActionError(Reason.ALREADY_CUT)
    stands = {stand for stand, _ in a.targets}
    if a.tool == "super":
        stand = a.targets[0][0]
        every = tuple((stand, slot) for slot, _ in s.uncut(stand))
        if a.targets != every:
            raise IllegalActionError(Reason.WHOLE_STAND)
    else:
        n = TARGET_COUNT[a.tool]
        if len(a.targets) != n:
            raise IllegalActionError(Reason.WIRE_COUNT, count=n)
        if len(stands) > 1 and s.setup.options.detector_scope == "stand":
            raise IllegalActionError(Reason.ONE_STAND)
    return owners.pop(), wires


def _check_values(s: GameState, a: Cut) -> None:
    if not 1 <= len(a.values) <= 2 or len(set(a.values)) != len(a.values):
        raise IllegalActionError(
            Reason.MALFORMED, detail="announce one value, or two different ones"
        )
    if any(v not in BLUE_VALUES and v not in (YELLOW, RED) for v in a.values):
        raise IllegalActionError(Reason.MALFORMED, detail="values are 1..12 or yellow")
    if RED in a.values:
        raise IllegalActionError(Reason.RED_ANNOUNCED)
    if a.tool is not None and YELLOW in a.values:
        raise IllegalActionError(Reason.NUMBERS_ONLY)
    held = s.held_values(a.seat)
    for value in a.values:
        if value not in held:
            raise IllegalActionError(Reason.VALUE_NOT_HELD, value=value_to_json(value))


def _use_tools(s: GameState, a: Cut, events: Events) -> None:
    if a.tool == "double":
        if s.characters_used[a.seat]:
            raise IllegalActionError(Reason.CHARACTER_USED)
        s.characters_used[a.seat] = True
        events.append(Event("character", {"seat": a.seat}))
    elif a.tool is not None:
        _use_card(s, TOOL_CARDS[a.tool], a.seat, events)
    if len(a.values) == 2:
        _use_card(s, XY_CARD, a.seat, events)


def _cut(s: GameState, a: Cut) -> Events:
    _require_own_turn(s, a.seat)
    _forbid_if_must_reveal(s, a.seat)
    owner, wires = _check_targets(s, a)
    _check_values(s, a)
    events: Events = []
    _use_tools(s, a, events)
    codes = [s.codes[w] for w in wires]
    hits = [t for t, code in zip(a.targets, codes, strict=True) if cut_value(code) in a.values]
    all_red = all(colour_of(code) is Colour.RED for code in codes)
    outcome = "hit" if hits else ("red" if all_red else "miss")
    events.append(
        Event(
            "cut",
            {
                "seat": a.seat,
                "owner": owner,
                "targets": [list(t) for t in a.targets],
                "values": [value_to_json(v) for v in a.values],
                "tool": a.tool,
                "outcome": outcome,
                "stabilized": s.stabilized,
            },
        )
    )
    if hits and a.tool is None:
        stand, slot = a.targets[0]
        _cut_wire(s, stand, slot, owner, events)
        _ask_own_cut(s, a.seat, cut_value(codes[0]))
    elif hits:
        # The owner cuts one matching wire of their choice and never says whether more matched,
        # so the choice is asked even when there is only one: its existence must not leak.
        s.pending = Pending(Phase.DETECTOR_CUT, owner, tuple(hits), actor=a.seat)
    elif all_red:
        if s.stabilized:  # B3: no explosion, no dial, no token; the red wire stays in place
            _end_turn(s, events)
        else:
            _explode(s, "red", events)
    elif s.stabilized or not _mistake(s, events):
        if a.tool is None:
            _place_info(s, wires[0], "miss", events)
            _end_turn(s, events)
        else:
            # Never on a red wire (§6.2); asked even with one option, for the same reason.
            options = tuple(
                t
                for t, code in zip(a.targets, codes, strict=True)
                if colour_of(code) is not Colour.RED
            )
            s.pending = Pending(Phase.DETECTOR_TOKEN, owner, options, actor=a.seat)
    return events


def _ask_own_cut(s: GameState, actor: int, value: int) -> None:
    options = tuple((st, slot) for st, slot, code in s.hand(actor) if cut_value(code) == value)
    s.pending = Pending(Phase.OWN_CUT, actor, options, actor=actor, value=value)


# --------------------------------------------------------------------------- picks


def _pick(s: GameState, a: Pick) -> Events:
    _require_decision(s, a.seat, *PICK_PHASES)
    pending = s.pending
    if (a.stand, a.slot) not in pending.options:
        raise IllegalActionError(Reason.NOT_AN_OPTION, phase=pending.phase.value)
    events: Events = []
    if pending.phase is Phase.OWN_CUT:
        _cut_wire(s, a.stand, a.slot, a.seat, events)
        if not _after_cuts(s, events):
            _end_turn(s, events)
    elif pending.phase is Phase.DETECTOR_CUT:
        assert pending.actor is not None  # set whenever DETECTOR_CUT is pending
        _cut_wire(s, a.stand, a.slot, a.seat, events)
        _ask_own_cut(s, pending.actor, cut_value(s.code_at(a.stand, a.slot)))
    elif pending.phase is Phase.DETECTOR_TOKEN:
        _place_info(s, s.wire_id(a.stand, a.slot), "miss", events)
        _end_turn(s, events)
    else:
        _swap(s, pending, a, events)
        s.pending = Pending(Phase.TURN, s.active)
    return events


def _solo(s: GameState, a: SoloCut) -> Events:
    _require_own_turn(s, a.seat)
    _forbid_if_must_reveal(s, a.seat)
    if a.value == RED:
        raise IllegalActionError(Reason.RED_ANNOUNCED)
    if a.value not in BLUE_VALUES and a.value != YELLOW:
        raise IllegalActionError(Reason.MALFORMED, detail="values are 1..12 or yellow")
    mine = [(st, slot) for st, slot, code in s.hand(a.seat) if cut_value(code) == a.value]
    if not solo_allowed(s, a.seat, a.value):
        raise IllegalActionError(Reason.SOLO_NOT_ALLOWED, value=value_to_json(a.value))
    events: Events = [Event("solo", {"seat": a.seat, "value": value_to_json(a.value)})]
    for st, slot in mine:
        _cut_wire(s, st, slot, a.seat, events)
    if not _after_cuts(s, events):
        _end_turn(s, events)
    return events


def solo_allowed(s: GameState, seat: int, value: int) -> bool:
    """§5.3, from public facts and the seat's own hand.

    Blue: you hold every remaining copy and that is 4 or the last 2. Yellow: you hold every
    yellow wire still in play (the Italian rulebook sets no count; in missions 1-8 it is 2 or 4).
    """
    if value == RED:
        return False
    held = sum(1 for _, _, code in s.hand(seat) if cut_value(code) == value)
    remaining = s.in_play(value) - s.cut_count(value)
    if value == YELLOW:
        return held >= 1 and held == remaining
    return held in (2, 4) and held == remaining


def _reveal(s: GameState, a: RevealReds) -> Events:
    _require_own_turn(s, a.seat)
    if not must_reveal(s, a.seat):
        raise IllegalActionError(Reason.REVEAL_NOT_ALLOWED)
    events: Events = [Event("reveal", {"seat": a.seat})]
    for st, slot, _ in s.hand(a.seat):
        _cut_wire(s, st, slot, a.seat, events, revealed=True)
    if not _after_cuts(s, events):
        _end_turn(s, events)
    return events


# --------------------------------------------------------------------------- equipment


def _label(s: GameState, a: Label) -> Events:
    _require_any_time(s)
    if a.card not in (1, 12):
        raise IllegalActionError(Reason.MALFORMED, detail="labels are card 1 (≠) or card 12 (=)")
    _require_card(s, a.card)
    left = _wire(s, a.stand, a.slot)
    if s.owners[a.stand] != a.seat:
        raise IllegalActionError(Reason.NOT_OWN_STAND)
    if a.slot + 1 >= len(s.stands[a.stand]):
        raise IllegalActionError(Reason.NOT_ADJACENT)
    right = s.stands[a.stand][a.slot + 1]
    if s.cut[left] and s.cut[right]:
        raise IllegalActionError(Reason.LABEL_BOTH_CUT)
    same = cut_value(s.codes[left]) == cut_value(s.codes[right])
    if a.card == 1 and same:
        raise IllegalActionError(Reason.LABEL_NOT_DIFFERENT)
    if a.card == 12 and not same:
        raise IllegalActionError(Reason.LABEL_NOT_SAME)
    events: Events = []
    _use_card(s, a.card, a.seat, events, stand=a.stand, slots=[a.slot, a.slot + 1])
    s.labels.append(("neq" if a.card == 1 else "eq", left, right))
    return events


def _walkie(s: GameState, a: Walkie) -> Events:
    _require_any_time(s)
    _require_card(s, 2)
    _own_uncut_wire(s, a.seat, a.stand, a.slot)
    partner = _check_seat(s, a.partner)
    if partner == a.seat:
        raise IllegalActionError(Reason.NOT_YOURSELF)
    if not s.has_wires(partner):
        raise IllegalActionError(Reason.NO_WIRES, seat=partner)
    events: Events = []
    _use_card(s, 2, a.seat, events, stand=a.stand, slot=a.slot, partner=partner)
    options = tuple((st, slot) for st, slot, _ in s.hand(partner))
    s.pending = Pending(Phase.WALKIE_GIVE, partner, options, actor=a.seat, given=(a.stand, a.slot))
    return events


def _swap(s: GameState, pending: Pending, a: Pick, events: Events) -> None:
    """Exchange the two wires; each goes in sorted position on the stand the other came from."""
    assert pending.given is not None and pending.actor is not None  # set with WALKIE_GIVE
    user_stand, user_slot = pending.given
    mine = s.stands[user_stand].pop(user_slot)
    theirs = s.stands[a.stand].pop(a.slot)
    to_partner = _insert_sorted(s, a.stand, mine)
    to_user = _insert_sorted(s, user_stand, theirs)
    dropped = [lab for lab in s.labels if lab[1] in (mine, theirs) or lab[2] in (mine, theirs)]
    s.labels = [lab for lab in s.labels if lab not in dropped]
    events.append(
        Event(
            "walkie",
            {
                "seat": pending.actor,
                "partner": a.seat,
                "from_seat": [user_stand, user_slot],
                "from_partner": [a.stand, a.slot],
                "to_partner": [a.stand, to_partner],
                "to_seat": [user_stand, to_user],
                "labels_removed": len(dropped),
            },
            {
                pending.actor: {"gave": label_of(s.codes[mine]), "got": label_of(s.codes[theirs])},
                a.seat: {"gave": label_of(s.codes[theirs]), "got": label_of(s.codes[mine])},
            },
        )
    )


def _insert_sorted(s: GameState, stand: int, wire: int) -> int:
    keys = [s.codes[w] for w in s.stands[stand]]
    index = bisect_right(keys, s.codes[wire])
    s.stands[stand].insert(index, wire)
    return index


def _post_it(s: GameState, a: PostIt) -> Events:
    _require_any_time(s)
    _require_card(s, 4)
    wire = _own_uncut_wire(s, a.seat, a.stand, a.slot)
    if colour_of(s.codes[wire]) is not Colour.BLUE:
        raise IllegalActionError(Reason.NOT_BLUE)
    if wire in s.info:
        raise IllegalActionError(Reason.ALREADY_MARKED)
    events: Events = []
    _use_card(s, 4, a.seat, events)
    _place_info(s, wire, "post_it", events)
    return events


def _rewind(s: GameState, a: Rewind) -> Events:
    _require_any_time(s)
    events: Events = []
    _use_card(s, 6, a.seat, events)
    before = s.dial
    s.dial = min(s.dial + 1, s.setup.options.dial_cap)
    events.append(Event("dial", {"from": before, "to": s.dial}))
    return events


def _batteries(s: GameState, a: Batteries) -> Events:
    _require_any_time(s)
    _require_card(s, 7)
    seats = [_check_seat(s, seat) for seat in a.seats]
    if not 1 <= len(seats) <= 2 or len(set(seats)) != len(seats):
        raise IllegalActionError(Reason.RECHARGE_COUNT)
    if not all(s.characters_used[seat] for seat in seats):
        raise IllegalActionError(Reason.RECHARGE_UNUSED)
    events: Events = []
    _use_card(s, 7, a.seat, events, seats=seats)
    for seat in seats:
        s.characters_used[seat] = False
    return events


def _radar(s: GameState, a: Radar) -> Events:
    _require_any_time(s)
    _require_card(s, 8)
    if a.value not in BLUE_VALUES:
        raise IllegalActionError(Reason.NUMBERS_ONLY)
    events: Events = []
    _use_card(s, 8, a.seat, events)
    answers = [any(code == 10 * a.value for _, code in s.uncut(st)) for st in range(len(s.stands))]
    events.append(Event("radar", {"seat": a.seat, "value": a.value, "answers": answers}))
    return events


def _stabilize(s: GameState, a: Stabilize) -> Events:
    _require_own_turn(s, a.seat)
    _forbid_if_must_reveal(s, a.seat)
    _require_card(s, 9)
    if s.stabilized:
        raise IllegalActionError(Reason.ALREADY_STABILIZED)
    events: Events = []
    _use_card(s, 9, a.seat, events)
    s.stabilized = True
    return events


def _coffee(s: GameState, a: CoffeeMug) -> Events:
    _require_own_turn(s, a.seat)
    _forbid_if_must_reveal(s, a.seat)
    _require_card(s, 11)
    target = _check_seat(s, a.next_seat)
    if target == a.seat:
        raise IllegalActionError(Reason.NOT_YOURSELF)
    if not s.has_wires(target):
        raise IllegalActionError(Reason.NO_WIRES, seat=target)
    events: Events = []
    _use_card(s, 11, a.seat, events, next_seat=target)
    _end_turn(s, events, next_seat=target)
    return events


def _typed(handler: Callable[[GameState, A], Events]) -> Callable[[GameState, Any], Events]:
    return handler


_HANDLERS: dict[type, Callable[[GameState, Any], Events]] = {
    PlaceToken: _typed(_place_token),
    Cut: _typed(_cut),
    SoloCut: _typed(_solo),
    RevealReds: _typed(_reveal),
    Pick: _typed(_pick),
    Label: _typed(_label),
    Walkie: _typed(_walkie),
    PostIt: _typed(_post_it),
    Rewind: _typed(_rewind),
    Batteries: _typed(_batteries),
    Radar: _typed(_radar),
    Stabilize: _typed(_stabilize),
    CoffeeMug: _typed(_coffee),
}
