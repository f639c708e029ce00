"""The steps every rule is built from: checks that refuse, and changes that report events.

The core rules (:mod:`engine.redwire.rules`) and the mechanisms share these, so a mechanism
cuts a wire, places a token, moves the dial or ends a turn exactly as the core does, and the
hooks the core promises (``after_cuts``, ``after_mistake``, ``end_turn``, ``turn_start``) are
called from one place. They change the :class:`Table` they are given: the fresh copy
:meth:`GameState.apply` made.
"""

from __future__ import annotations

from dataclasses import replace
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


#: The phases in which no action is being resolved (B1): "any time" actions may be taken. A
#: mechanism whose decision is of that kind (who plays next, in a mission without turn order)
#: adds its phase.
OPEN_PHASES: set[Phase] = {Phase.TURN, Phase.SETUP_TOKEN}


def any_time_now(s: Table) -> bool:
    """B1: "any time" actions wait until no action is being resolved."""
    return s.pending.phase in OPEN_PHASES


def require_any_time(s: Table) -> None:
    if not any_time_now(s):
        raise IllegalActionError(Reason.NOT_NOW, phase=s.pending.phase.value)


def open_pick(s: Table, pick: Pending) -> None:
    """An "any time" action asks a seat for a pick: the decision it interrupted is kept in the
    pick (``Pending.resume``) so that :func:`close_pick` gives it back unchanged.

    Any time actions are taken during a turn but also during a mission's own decision (who
    claims, which Number card, who cuts, ...); going back to "the active player's turn" would
    skip that decision.
    """
    s.pending = replace(pick, resume=s.pending)


def close_pick(s: Table) -> None:
    """The pick an "any time" action opened (:func:`open_pick`) is answered: the decision it
    interrupted is the game's decision again, exactly as it was."""
    resume = s.pending.resume
    if resume is None:
        raise AssertionError(f"no decision to resume after {s.pending.phase.value}")
    s.pending = resume


def red_codes(s: Table) -> frozenset[int]:
    """Codes of wires that behave exactly like red ones besides the red wires (a mission's
    blue value turned red), from the mechanisms in play."""
    found: frozenset[int] = frozenset()
    for mechanism in s.mechanisms:
        found |= mechanism.acts_red(s)
    return found


def ignored(s: Table) -> frozenset[int]:
    """Wire ids every equipment effect ignores (a mission's X wires), from the mechanisms."""
    found: frozenset[int] = frozenset()
    for mechanism in s.mechanisms:
        found |= mechanism.equipment_ignores(s)
    return found


def is_red(s: Table, code: int, extra: frozenset[int] | None = None) -> bool:
    """A red wire, or one that behaves like one (``extra``: ``red_codes(s)``, if known)."""
    return colour_of(code) is Colour.RED or code in (red_codes(s) if extra is None else extra)


def must_reveal(s: Table, seat: int) -> bool:
    """Only red wires left (or wires that behave like red ones): Reveal Red Wires is the only
    action (§5.1)."""
    hand = s.hand(seat)
    extra = red_codes(s)
    return bool(hand) and all(is_red(s, code, extra) for _, _, code in hand)


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


def seen_by_owner(s: Table, wire: int) -> bool:
    """Whether the owner of the wire's stand sees its value: all but his own turned-round wire
    while it is uncut (``Table.own_hidden``)."""
    return wire not in s.own_hidden or s.cut[wire]


def seen_own_wire(s: Table, seat: int, stand: object, slot: object) -> int | None:
    """The wire at (stand, slot) when it is one of ``seat``'s own that he sees; else None. A
    mission's rule about a token on one's own wire reads only such a wire: a token aimed
    elsewhere is the core's to refuse, and judging it by a wire the seat cannot see would tell
    him its value (the random walk checks that a refusal reads nothing hidden)."""
    if not isinstance(stand, int) or not 0 <= stand < len(s.stands):
        return None
    if not isinstance(slot, int) or not 0 <= slot < len(s.stands[stand]):
        return None
    wire = s.stands[stand][slot]
    if s.owners[stand] != seat or not seen_by_owner(s, wire):
        return None
    return wire


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
    """Put a true-value info token in front of a wire (§5.8), with the optional finite supply;
    a mechanism may place its own kind of token instead (``Mechanism.info_token``)."""
    if wire in s.info:  # B14: the value is already public
        return
    if any(m.info_token(s, wire, reason, events) for m in s.mechanisms):
        return  # the mission's own kind of token (even/odd, x1/x2/x3)
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
    """Move the detonator one step towards the skull; True if the mission ended. A mission
    without the detonator counts the mistake its own way (``Mechanism.takes_mistake``)."""
    if any(m.takes_mistake(s, events) for m in s.mechanisms):
        return s.result is not None
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
    # A mechanism that cut more wires ran these checks again itself (the Disintegrator): the
    # mission may be over already.
    if s.result is None and s.all_cut():
        finish(s, "won", events, Event("won", {}))
        return True
    return s.result is not None


def end_turn(s: Table, events: Events, next_seat: int | None = None) -> None:
    """Pass the turn clockwise (or to ``next_seat``), skipping seats with no wires; a mechanism
    that sets the turn order itself (``Mechanism.next_turn``) may take over."""
    for mechanism in s.mechanisms:
        mechanism.end_turn(s, events)
    if s.result is not None:
        return
    pass_turn(s, events, next_seat)


def pass_turn(s: Table, events: Events, next_seat: int | None = None) -> None:
    """The next turn: clockwise (or ``next_seat``), skipping seats with no wires, unless a
    mechanism takes over (``end_turn`` without the end-of-turn hooks: a decision that closed a
    turn, as where Nano's wire goes, calls it once the hooks ran)."""
    start = (s.active + 1) % s.players if next_seat is None else next_seat
    for i in range(s.players):
        seat = (start + i) % s.players
        if s.has_wires(seat):
            break
    if any(m.next_turn(s, seat, events) for m in s.mechanisms):
        return
    begin_turn(s, seat, s.turn_number + 1, events)


def begin_turn(s: Table, seat: int, number: int, events: Events) -> None:
    s.active = seat
    s.turn_number = number
    s.pending = Pending(Phase.TURN, seat)
    events.append(Event("turn", {"seat": seat, "number": number}))
    for mechanism in s.mechanisms:
        mechanism.turn_start(s, events)


def places_token(s: Table, seat: int) -> bool:
    """Whether ``seat`` places a setup info token: it holds a blue wire, and no mechanism says
    otherwise (a captain who places none)."""
    return any(colour_of(code) is Colour.BLUE for _, _, code in s.hand(seat)) and all(
        m.places_setup_token(s, seat) for m in s.mechanisms
    )


def token_skipped(s: Table, seat: int) -> Event:
    """The event of a seat that places no setup token: it has no blue wire, or (``reason``
    "mission") the mission says it places none."""
    data: dict[str, Any] = {"seat": seat}
    if any(colour_of(code) is Colour.BLUE for _, _, code in s.hand(seat)):
        data["reason"] = "mission"
    for mechanism in s.mechanisms:
        extra = mechanism.token_skipped(s, seat)
        if extra is not None:
            data.update(extra)
    return Event("token_skipped", data)


def next_setup_seat(s: Table, placed: int, events: Events) -> None:
    """After ``placed`` set its token (or had none to set): the next seat, or the first turn."""
    captain = s.setup.captain
    seat = (placed + 1) % s.players
    while seat != captain:
        if places_token(s, seat):
            s.pending = Pending(Phase.SETUP_TOKEN, seat)
            return
        events.append(token_skipped(s, seat))
        seat = (seat + 1) % s.players
    if any(m.next_turn(s, captain, events) for m in s.mechanisms):
        return
    begin_turn(s, captain, 1, events)
