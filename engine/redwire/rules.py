"""The core rules: resolving one action on a fresh copy of the state.

:func:`resolve` is only called by :meth:`GameState.apply` on a clone, so a refusal (raised at any
point) leaves the caller's state untouched. The core knows the turn every mission shares (the
setup tokens, the Dual Cut, the Solo Cut, revealing red wires, and the picks that complete a
cut); everything else is a mechanism's (:mod:`engine.redwire.mechanisms`), reached through its
hooks: the detectors and extra announced values of a Dual Cut, the shield on its outcome, the
actions and decisions it brings. No card or mission number appears here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from ..core.events import Event
from .actions import Action, Cut, Pick, PlaceToken, RevealReds, SoloCut
from .errors import IllegalActionError, Reason
from .mechanisms import ACTIONS, ALL, ANNOUNCERS, PICKS, TOOLS
from .mechanisms.base import Announcer, Tool
from .model import Pending, Phase, Table
from .turn import (
    after_cuts,
    cut_wire,
    end_turn,
    explode,
    forbid_if_must_reveal,
    ignored,
    is_red,
    mistake,
    must_reveal,
    next_setup_seat,
    own_uncut_wire,
    place_info,
    places_token,
    red_codes,
    require_decision,
    require_own_turn,
    token_skipped,
    wire_at,
)
from .wires import BLUE_VALUES, RED, YELLOW, Colour, colour_of, cut_value, value_to_json

Events = list[Event]
A = TypeVar("A", bound=Action)

#: The picks that complete a core Dual Cut (mechanisms declare theirs: see ``PICKS``).
CORE_PICKS = (Phase.OWN_CUT, Phase.DETECTOR_CUT, Phase.DETECTOR_TOKEN)


def is_pick_phase(phase: Phase) -> bool:
    return phase in CORE_PICKS or phase in PICKS


def resolve(s: Table, action: Action) -> Events:
    if s.result is not None:
        raise IllegalActionError(Reason.GAME_OVER)
    if not isinstance(action.seat, int) or not 0 <= action.seat < s.players:
        raise IllegalActionError(Reason.NO_SUCH_PLAYER)
    for mechanism in s.mechanisms:
        mechanism.check_action(s, action)
    first: Events = []  # what an action costs before it is resolved (mission 44's oxygen)
    for mechanism in s.mechanisms:
        mechanism.before_action(s, action, first)
    handler = _CORE.get(type(action))
    if handler is not None:
        return first + handler(s, action)
    spec = ACTIONS.get(type(action))
    if spec is None:
        raise IllegalActionError(Reason.MALFORMED, detail=f"unknown action {action!r}")
    events: Events = spec.handler(s, action)
    return first + events


def start_events(s: Table) -> Events:
    """The events before the first decision: the mechanisms' start, and the seats that have no
    blue wire to mark, skipped at once."""
    events: Events = []
    for mechanism in s.mechanisms:
        mechanism.start_game(s, events)
    captain = s.setup.captain
    if s.pending.phase is not Phase.SETUP_TOKEN or places_token(s, captain):
        return events  # a mechanism asks first (a card chosen before the tokens), or the captain
    events.append(token_skipped(s, captain))
    next_setup_seat(s, captain, events)
    return events


# --------------------------------------------------------------------------- setup tokens


def _place_token(s: Table, a: PlaceToken) -> Events:
    require_decision(s, a.seat, Phase.SETUP_TOKEN)
    wire = own_uncut_wire(s, a.seat, a.stand, a.slot)
    if colour_of(s.codes[wire]) is not Colour.BLUE:
        raise IllegalActionError(Reason.NOT_BLUE)
    events: Events = []
    place_info(s, wire, "setup", events)
    next_setup_seat(s, a.seat, events)
    return events


# --------------------------------------------------------------------------- the Dual Cut


def tool_named(name: str | None) -> Tool | None:
    """The detector a Dual Cut names (None: one wire); refuses names no mechanism knows."""
    if name is None:
        return None
    tool = TOOLS.get(name)
    if tool is None:
        raise IllegalActionError(Reason.MALFORMED, detail="unknown detector")
    return tool


def _check_targets(s: Table, a: Cut, tool: Tool | None) -> tuple[int, list[int]]:
    """Validate where a Dual Cut points; returns the owner and the wire ids."""
    count = 1 if tool is None else tool.wires
    if not a.targets:
        raise IllegalActionError(Reason.WIRE_COUNT, count=count or 1)
    wires = [wire_at(s, stand, slot) for stand, slot in a.targets]
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
    if count is None:  # a whole stand (but the wires equipment ignores)
        stand = a.targets[0][0]
        skip = ignored(s)
        every = tuple(
            (stand, slot) for slot, _ in s.uncut(stand) if s.stands[stand][slot] not in skip
        )
        if a.targets != every:
            raise IllegalActionError(Reason.WHOLE_STAND)
    else:
        if len(a.targets) != count:
            raise IllegalActionError(Reason.WIRE_COUNT, count=count)
        if len(stands) > 1 and s.setup.options.detector_scope == "stand":
            raise IllegalActionError(Reason.ONE_STAND)
    return owners.pop(), wires


def _check_values(s: Table, a: Cut, tool: Tool | None) -> None:
    if not a.values or len(set(a.values)) != len(a.values) or len(a.values) > max_values():
        raise IllegalActionError(
            Reason.MALFORMED, detail="announce one value, or two different ones"
        )
    if any(v not in BLUE_VALUES and v not in (YELLOW, RED) for v in a.values):
        raise IllegalActionError(Reason.MALFORMED, detail="values are 1..12 or yellow")
    if RED in a.values:
        raise IllegalActionError(Reason.RED_ANNOUNCED)
    if tool is not None and tool.numbers_only and YELLOW in a.values:
        raise IllegalActionError(Reason.NUMBERS_ONLY)
    held = s.held_values(a.seat)
    for value in a.values:
        if value not in held:
            raise IllegalActionError(Reason.VALUE_NOT_HELD, value=value_to_json(value))


def _announcer(s: Table, seat: int, count: int) -> Announcer:
    """What lets this seat announce ``count`` values: the first ready one in play (a character's
    own Either-Or Ray before the card: the mission lists it first)."""
    found = [a for m in s.mechanisms for a in m.announcers if a.count == count]
    ready = next((a for a in found if a.ready(s, seat)), None)
    if ready is not None:
        return ready
    # None in play or none ready: the card's own refusal (absent, locked, used).
    return next(a for m in ALL for a in m.announcers if a.count == count)


def max_values() -> int:
    """The most values a Dual Cut may announce with some mechanism's help."""
    return max((1, *ANNOUNCERS))


def shielded(s: Table) -> bool:
    """Whether a mechanism keeps this turn's Dual Cut from moving the dial or exploding."""
    return any(m.shields_cut(s) for m in s.mechanisms)


def _cut(s: Table, a: Cut) -> Events:
    require_own_turn(s, a.seat)
    forbid_if_must_reveal(s, a.seat)
    tool = tool_named(a.tool)
    owner, wires = _check_targets(s, a, tool)
    _check_values(s, a, tool)
    events: Events = []
    if tool is not None:
        tool.use(s, a.seat, events)
    if len(a.values) > 1:
        _announcer(s, a.seat, len(a.values)).use(s, a.seat, events)
    codes = [s.codes[w] for w in wires]
    hits = [t for t, code in zip(a.targets, codes, strict=True) if cut_value(code) in a.values]
    reds = red_codes(s)
    all_red = all(is_red(s, code, reds) for code in codes)
    outcome = "hit" if hits else ("red" if all_red else "miss")
    shield = shielded(s)
    data: dict[str, Any] = {
        "seat": a.seat,
        "owner": owner,
        "targets": [list(t) for t in a.targets],
        "values": [value_to_json(v) for v in a.values],
        "tool": a.tool,
        "outcome": outcome,
        "stabilized": shield,
    }
    if reds:  # a mission's values that count as red ("red" then means one of them, or red)
        data["red_as"] = sorted({cut_value(code) for code in reds})
    events.append(Event("cut", data))
    if hits and tool is None:
        stand, slot = a.targets[0]
        cut_wire(s, stand, slot, owner, events)
        _ask_own_cut(s, a.seat, cut_value(codes[0]))
    elif hits:
        # The owner cuts one matching wire of their choice and never says whether more matched,
        # so the choice is asked even when there is only one: its existence must not leak.
        s.pending = Pending(Phase.DETECTOR_CUT, owner, tuple(hits), actor=a.seat)
    elif all_red:
        if shield:  # B3: no explosion, no dial, no token; the red wire stays in place
            end_turn(s, events)
        else:
            explode(s, "red", events)
    elif (fatal := _fatal_miss(s, a.seat)) is not None:
        explode(s, fatal, events)  # a mission's rule: this seat's miss explodes the bomb
    elif shield or not mistake(s, events):
        if any(m.no_miss_token(s) for m in s.mechanisms):
            end_turn(s, events)  # no token to place: nobody is asked where it goes
        elif tool is None:
            miss_token(s, wires[0], a.values, events)
            end_turn(s, events)
        else:
            # Never on a red wire (§6.2); asked even with one option, for the same reason.
            options = tuple(
                t for t, code in zip(a.targets, codes, strict=True) if not is_red(s, code, reds)
            )
            s.pending = Pending(
                Phase.DETECTOR_TOKEN, owner, options, actor=a.seat, value=a.values[0]
            )
    return events


def miss_token(s: Table, wire: int, announced: tuple[int, ...], events: Events) -> None:
    """The token a miss puts on a wire: the true value (§5.2), unless a mechanism places its
    own (the Bluffer's wires get a false token showing the announced value)."""
    if not any(m.miss_token(s, wire, announced, events) for m in s.mechanisms):
        place_info(s, wire, "miss", events)


def _fatal_miss(s: Table, seat: int) -> str | None:
    """The cause, when a mechanism makes this seat's miss explode the bomb (the rookie); the
    Stabilizer does not stop it (the rookie may not use it)."""
    return next((c for m in s.mechanisms if (c := m.miss_explodes(s, seat)) is not None), None)


def _ask_own_cut(s: Table, actor: int, value: int) -> None:
    locked: frozenset[int] = frozenset().union(*(m.uncuttable(s) for m in s.mechanisms))
    options = tuple(
        (st, slot)
        for st, slot, code in s.hand(actor)
        if cut_value(code) == value and s.stands[st][slot] not in locked
    )
    s.pending = Pending(Phase.OWN_CUT, actor, options, actor=actor, value=value)


# --------------------------------------------------------------------------- picks


def _pick(s: Table, a: Pick) -> Events:
    pending = s.pending
    if not is_pick_phase(pending.phase):
        raise IllegalActionError(Reason.NOT_NOW, phase=pending.phase.value)
    if a.seat != pending.seat:
        raise IllegalActionError(Reason.NOT_YOUR_DECISION, seat=pending.seat)
    if (a.stand, a.slot) not in pending.options:
        raise IllegalActionError(Reason.NOT_AN_OPTION, phase=pending.phase.value)
    events: Events = []
    if pending.phase is Phase.OWN_CUT:
        cut_wire(s, a.stand, a.slot, a.seat, events)
        if not after_cuts(s, events):
            end_turn(s, events)
    elif pending.phase is Phase.DETECTOR_CUT:
        assert pending.actor is not None  # set whenever DETECTOR_CUT is pending
        cut_wire(s, a.stand, a.slot, a.seat, events)
        _ask_own_cut(s, pending.actor, cut_value(s.code_at(a.stand, a.slot)))
    elif pending.phase is Phase.DETECTOR_TOKEN:
        announced = (pending.value,) if pending.value is not None else ()
        miss_token(s, s.wire_id(a.stand, a.slot), announced, events)
        end_turn(s, events)
    else:
        PICKS[pending.phase].resolve(s, pending, a.stand, a.slot, events)
    return events


# --------------------------------------------------------------------------- Solo Cut, reveal


def _solo(s: Table, a: SoloCut) -> Events:
    require_own_turn(s, a.seat)
    forbid_if_must_reveal(s, a.seat)
    if a.value == RED:
        raise IllegalActionError(Reason.RED_ANNOUNCED)
    if a.value not in BLUE_VALUES and a.value != YELLOW:
        raise IllegalActionError(Reason.MALFORMED, detail="values are 1..12 or yellow")
    mine = [(st, slot) for st, slot, code in s.hand(a.seat) if cut_value(code) == a.value]
    if not solo_allowed(s, a.seat, a.value):
        raise IllegalActionError(Reason.SOLO_NOT_ALLOWED, value=value_to_json(a.value))
    events: Events = [Event("solo", {"seat": a.seat, "value": value_to_json(a.value)})]
    for st, slot in mine:
        cut_wire(s, st, slot, a.seat, events)
    if not after_cuts(s, events):
        end_turn(s, events)
    return events


def solo_allowed(s: Table, seat: int, value: int) -> bool:
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


def _reveal(s: Table, a: RevealReds) -> Events:
    require_own_turn(s, a.seat)
    if not must_reveal(s, a.seat):
        raise IllegalActionError(Reason.REVEAL_NOT_ALLOWED)
    events: Events = [Event("reveal", {"seat": a.seat})]
    for st, slot, _ in s.hand(a.seat):
        cut_wire(s, st, slot, a.seat, events, revealed=True)
    if not after_cuts(s, events):
        end_turn(s, events)
    return events


def _typed(handler: Callable[[Table, A], Events]) -> Callable[[Table, Any], Events]:
    return handler


_CORE: dict[type, Callable[[Table, Any], Events]] = {
    PlaceToken: _typed(_place_token),
    Cut: _typed(_cut),
    SoloCut: _typed(_solo),
    RevealReds: _typed(_reveal),
    Pick: _typed(_pick),
}
