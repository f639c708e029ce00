"""The steps every rule is built from: checks that refuse, and changes that report events.

The core rules (:mod:`engine.redwire.rules`) and the mechanisms share these, so a mechanism
cuts a wire, places a token, moves the dial or ends a turn exactly as the core does, and the
hooks the core promises (``after_cuts``, ``after_mistake``, ``end_turn``, ``turn_start``) are
called from one place. They change the :class:`Table` they are given: the fresh copy
:meth:`GameState.apply` made.
"""

from __future__ import annotations

from typing import Any

from ..core.events import Event
from .errors import IllegalActionError, Reason
from .model import Pending, Phase, Table
from .wires import BLUE_VALUES, Colour, colour_of, cut_value, label_of, value_to_json

Events = list[Event]

# --------------------------------------------------------------------------- checks


def require_decision(s: Table, seat: int, *phases: Phase) -> None:
    if s.pending.phase not in phases:
        raise IllegalActionError(Reason.NOT_NOW, phase=s.pending.phase.value)
    if seat != s.pending.seat:
        raise IllegalActionError(Reason.NOT_YOUR_DECISION, seat=s.pending.seat)


def require_own_turn(s: Table, seat: int) -> None:
    if s.pending.phase is not Phase.TURN:
        raise IllegalActionError(Reason.NOT_NOW, phase=s.pending.phase.value)
    if seat != s.active:
        raise IllegalActionError(Reason.NOT_YOUR_TURN)


def any_time_now(s: Table) -> bool:
    """B1: "any time" actions wait until no action is being resolved."""
    return s.pending.phase is Phase.TURN or s.pending.phase is Phase.SETUP_TOKEN


def require_any_time(s: Table) -> None:
    if not any_time_now(s):
        raise IllegalActionError(Reason.NOT_NOW, phase=s.pending.phase.value)


def must_reveal(s: Table, seat: int) -> bool:
    """Only red wires left: Reveal Red Wires is the only action (§5.1)."""
    hand = s.hand(seat)
    return bool(hand) and all(colour_of(code) is Colour.RED for _, _, code in hand)


def forbid_if_must_reveal(s: Table, seat: int) -> None:
    if must_reveal(s, seat):
        raise IllegalActionError(Reason.MUST_REVEAL)


def wire_at(s: Table, stand: int, slot: int) -> int:
    """The wire id at (stand, slot); refuses positions that do not exist."""
    if not isinstance(stand, int) or not 0 <= stand < len(s.stands):
        raise IllegalActionError(Reason.NO_SUCH_WIRE)
    if not isinstance(slot, int) or not 0 <= slot < len(s.stands[stand]):
        raise IllegalActionError(Reason.NO_SUCH_WIRE)
    return s.stands[stand][slot]


def own_uncut_wire(s: Table, seat: int, stand: int, slot: int) -> int:
    wire = wire_at(s, stand, slot)
    if s.owners[stand] != seat:
        raise IllegalActionError(Reason.NOT_OWN_STAND)
    if s.cut[wire]:
        raise IllegalActionError(Reason.ALREADY_CUT)
    return wire


def check_seat(s: Table, seat: object) -> int:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < s.players:
        raise IllegalActionError(Reason.NO_SUCH_PLAYER)
    return seat


def check_teammate(s: Table, seat: int, other: object) -> int:
    """Another seat that still has uncut wires (Walkie-Talkies, Coffee Break)."""
    target = check_seat(s, other)
    if target == seat:
        raise IllegalActionError(Reason.NOT_YOURSELF)
    if not s.has_wires(target):
        raise IllegalActionError(Reason.NO_WIRES, seat=target)
    return target


# --------------------------------------------------------------------------- changes


def cut_wire(s: Table, stand: int, slot: int, by: int, events: Events, **extra: Any) -> None:
    wire = s.stands[stand][slot]
    s.mark_cut(wire)
    code = s.codes[wire]
    events.append(
        Event(
            "wire_cut",
            {"seat": by, "stand": stand, "slot": slot, "wire": label_of(code), **extra},
        )
    )


def place_info(s: Table, wire: int, reason: str, events: Events) -> None:
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


def dial_back(s: Table, events: Events) -> None:
    """Move the detonator one step back from the skull, never past the cap (B5)."""
    before = s.dial
    s.dial = min(s.dial + 1, s.setup.options.dial_cap)
    events.append(Event("dial", {"from": before, "to": s.dial}))


def mistake(s: Table, events: Events) -> bool:
    """Move the detonator one step towards the skull; True if the mission ended."""
    before = s.dial
    s.dial -= 1
    events.append(Event("dial", {"from": before, "to": s.dial}))
    if s.dial <= 0:
        explode(s, "detonator", events)
        return True
    for mechanism in s.mechanisms:
        mechanism.after_mistake(s, events)
    return s.result is not None


def explode(s: Table, cause: str, events: Events) -> None:
    finish(s, "exploded", events, Event("explosion", {"cause": cause}))


def finish(s: Table, result: str, events: Events, event: Event) -> None:
    """End the mission with ``result``; ``event`` tells how."""
    s.result = result
    s.pending = Pending(Phase.OVER, None)
    events.append(event)


def after_cuts(s: Table, events: Events) -> bool:
    """Post-cut checks (§5.7): validation, the mechanisms' (unlocks), win. True if it ended."""
    for value in BLUE_VALUES:
        if value not in s.validated and s.in_play(value) and s.cut_count(value) == 4:
            s.validated.add(value)
            events.append(Event("validated", {"value": value}))
    for mechanism in s.mechanisms:
        mechanism.after_cuts(s, events)
    if s.all_cut():
        finish(s, "won", events, Event("won", {}))
        return True
    return s.result is not None


def end_turn(s: Table, events: Events, next_seat: int | None = None) -> None:
    """Pass the turn clockwise (or to ``next_seat``), skipping seats with no wires."""
    for mechanism in s.mechanisms:
        mechanism.end_turn(s, events)
    if s.result is not None:
        return
    start = (s.active + 1) % s.players if next_seat is None else next_seat
    for i in range(s.players):
        seat = (start + i) % s.players
        if s.has_wires(seat):
            break
    begin_turn(s, seat, s.turn_number + 1, events)


def begin_turn(s: Table, seat: int, number: int, events: Events) -> None:
    s.active = seat
    s.turn_number = number
    s.pending = Pending(Phase.TURN, seat)
    events.append(Event("turn", {"seat": seat, "number": number}))
    for mechanism in s.mechanisms:
        mechanism.turn_start(s, events)


def next_setup_seat(s: Table, placed: int, events: Events) -> None:
    """After ``placed`` set its token (or had none to set): the next seat, or the first turn."""
    captain = s.setup.captain
    seat = (placed + 1) % s.players
    while seat != captain:
        if any(colour_of(code) is Colour.BLUE for _, _, code in s.hand(seat)):
            s.pending = Pending(Phase.SETUP_TOKEN, seat)
            return
        events.append(Event("token_skipped", {"seat": seat}))
        seat = (seat + 1) % s.players
    begin_turn(s, captain, 1, events)
