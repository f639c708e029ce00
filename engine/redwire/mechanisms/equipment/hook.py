"""Equipment 11-11, Grappling Hook (rule sticker C, from mission 55): any time, take a teammate's
uncut wire.

The user points at one uncut wire of a teammate and takes it, seeing its value; nobody else
does. It goes in sorted place on one of the user's stands (``into``: with two stands the user
chooses which, §5.11's receiver; with one it is that one). Everyone sees where it came from and
where it went (the ``hook`` event's public part), so its new slot among the taker's sorted wires
bounds its value for the others; the former owner saw it before, and his view keeps exactly
that (the event's secret ``lost``), as the Walkie-Talkies' giver keeps the wire he gave.

Our readings: a wire no equipment touches is never taken (an X wire, a turned-round wire:
§7.4); a red wire may be taken unseen, and is then the taker's red wire (revealed with his
others, never an explosion: nothing is cut); a teammate's last uncut wire may be taken (he is
then out of wires); Nano's wires lie on no stand, so no teammate holds them; a seat without
wires may use it (the wire brings him back); while the active player must cut a value he chose
this turn (mission 59's walk), none of his wires may be taken: refusing only his last wire of
it would tell the taker which wire that is. Tokens travel with their wire (info tokens), a
label whose two wires are no longer side by side is removed, and an x1/x2/x3 token stays behind
(the FAQ's rule for moved wires), as with the Walkie-Talkies.

>>> Hook(0, 2, 3, 0).to_json()
{'type': 'hook', 'seat': 0, 'stand': 2, 'slot': 3, 'into': 0}
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from ....core.errors import ReasonCode
from ....core.events import Event
from ...actions import Action
from ...errors import IllegalActionError, Reason
from ...model import Table
from ...turn import ignored, require_any_time, wire_at
from ...wires import label_of
from ..base import ActionSpec, Events, Mechanism, name_of
from .labels import drop_apart
from .tray import card, require_card, usable, use_card
from .walkie import insert_sorted

if TYPE_CHECKING:
    from ...deduction.tracker import Tracker


class HookReason(ReasonCode):
    """The Grappling Hook's refusals."""

    HOOK_TEAMMATE = ("hook_teammate", "The Grappling Hook takes a teammate's wire, not your own.")
    HOOK_UNTOUCHABLE = (
        "hook_untouchable",
        "No equipment touches that wire (an X wire or a turned-round wire).",
    )
    HOOK_DUE = (
        "hook_due",
        "The player whose turn it is must cut {value} this turn: none of his wires can be taken now.",
    )


ID = "hook"
NUMBER = 1111
CARDS = (
    card(
        NUMBER,
        "any_time",
        ID,
        (
            "Grappling Hook",
            "Take a teammate's uncut wire, unseen by others, and put it in sorted place on your stand.",
        ),
        (
            "Rampino",
            "Prendi un cavo non tagliato di un compagno, senza mostrarlo, e mettilo in ordine sul tuo supporto.",
        ),
    ),
)


@dataclass(frozen=True)
class Hook(Action):
    """Equipment 11-11: take the teammate's wire at (``stand``, ``slot``) onto your stand
    ``into``."""

    type: ClassVar[str] = "hook"
    seat: int
    stand: int
    slot: int
    into: int


def due_value(s: Table) -> int | None:
    """The value the active player must cut this turn (a mission's choice, made), or None."""
    return next((v for m in s.mechanisms if (v := m.due_value(s)) is not None), None)


def _check(s: Table, a: Hook) -> int:
    """The wire the hook takes, refusing what the card does not allow (before the card is spent)."""
    wire = wire_at(s, a.stand, a.slot)
    if not isinstance(a.seat, int) or not 0 <= a.seat < s.players:
        raise IllegalActionError(Reason.NO_SUCH_PLAYER)
    owner = s.owners[a.stand]
    if owner == a.seat:
        raise IllegalActionError(HookReason.HOOK_TEAMMATE)
    if s.cut[wire]:
        raise IllegalActionError(Reason.ALREADY_CUT)
    if wire in ignored(s):
        raise IllegalActionError(HookReason.HOOK_UNTOUCHABLE)
    if not isinstance(a.into, int) or a.into not in s.seat_stands[a.seat]:
        raise IllegalActionError(Reason.NOT_OWN_STAND)
    value = due_value(s)
    if value is not None and owner == s.active:
        raise IllegalActionError(HookReason.HOOK_DUE, value=value)
    return wire


def _hook(s: Table, a: Hook) -> Events:
    require_any_time(s)
    require_card(s, NUMBER)
    wire = _check(s, a)
    owner = s.owners[a.stand]
    events: Events = []
    use_card(s, NUMBER, a.seat, events)
    s.stands[a.stand].pop(a.slot)
    to = insert_sorted(s, a.into, wire)
    removed = drop_apart(s)
    label = label_of(s.codes[wire])
    events.append(
        Event(
            "hook",
            {
                "seat": a.seat,
                "owner": owner,
                "from": [a.stand, a.slot],
                "to": [a.into, to],
                "labels_removed": removed,
            },
            {a.seat: {"got": label}, owner: {"lost": label}},
        )
    )
    return events


def _legal(s: Table, seat: int) -> Iterator[Hook]:
    if not usable(s, NUMBER):
        return
    skip = ignored(s)
    value = due_value(s)
    for other in range(s.players):
        if other == seat or (value is not None and other == s.active):
            continue
        for stand, slot, _ in s.hand(other):
            if s.stands[stand][slot] in skip:
                continue
            for into in s.seat_stands[seat]:
                yield Hook(seat, stand, slot, into)


def _read(event: Mapping[str, Any], tracker: Tracker) -> None:
    """The wire leaves its stand (it lay between its sorted neighbours) and goes in sorted place
    on the taker's (after any wire of an equal code: the ``Tracker`` records that order); its
    former owner knows its value (he saw it)."""
    from ...deduction.codes import code_of_label
    from ...deduction.facts import SlotIn

    wire = tracker.take(*event["from"])
    tracker.put(wire, *event["to"])
    secret = event.get("secret")
    if secret and "lost" in secret:
        tracker.add(SlotIn(wire, (code_of_label(secret["lost"]),)))


def _line(e: Mapping[str, Any], n: Any, o: Any) -> str:
    secret = e.get("secret") or {}
    seen = secret.get("got") or secret.get("lost")
    return (
        f"{name_of(n, e['seat'])} takes a wire from {name_of(n, e['owner'])} with the Grappling "
        f"Hook (stand {e['from'][0] + 1} wire {e['from'][1] + 1} → stand {e['to'][0] + 1} wire "
        f"{e['to'][1] + 1})." + (f" (It is {seen}.)" if seen else "")
    )


class GrapplingHook(Mechanism[None]):
    id = ID
    reasons = HookReason
    actions = (ActionSpec(Hook, "any_time", _legal, _hook),)
    events = ("hook",)
    facts = {"hook": _read}
    lines = {"hook": _line}


MECHANISM = GrapplingHook()
