"""A Number card chosen each turn (mission 26): all twelve cards lie face up.

At the start of his turn the active player turns face down one of the face-up Number cards
(``ChooseNumber``, phase ``number_choose``), then must make a cut of that value: a Dual Cut
announcing it (a detector may help) or a Solo Cut of it. He may choose only a value he holds
(he must then cut it); holding none of the face-up values, he skips his turn (the detonator
does not move; ``number_skip`` tells everyone he holds none of them). When no card is face up,
they are all turned face up first. A card whose four wires are cut is removed from the game.
A player with only red wires left reveals them as usual. The Coffee Mug cannot replace the cut
(the card says the player must cut).

>>> from engine.redwire import new_game
>>> game = new_game(mission=26, players=3, seed=2)
>>> while game.phase.value == "setup_token":
...     game, _ = game.apply(game.legal_actions(game.to_move)[0])
>>> game.phase.value, sorted({a.type for a in game.legal_actions(game.to_move)})
('number_choose', ['choose_number'])
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, ClassVar, TypedDict, cast

from ...core.errors import ReasonCode
from ...core.events import Event, Viewer
from ..actions import Action, Cut, Pick, SoloCut
from ..errors import IllegalActionError, Reason, describe_phase
from ..model import Pending, Phase, Table
from ..turn import OPEN_PHASES, end_turn, must_reveal, seen_own_wire
from . import number_cards
from .base import ActionSpec, Advice, BotAsk, Events, Mechanism, name_of
from .equipment.coffee import CoffeeMug
from .equipment.walkie import WALKIE_GIVE, Walkie

if TYPE_CHECKING:
    from ..deduction.tracker import Tracker
    from ..observation_types import Observation

ID = "number_choice"
NUMBER_CHOOSE = Phase.declare("number_choose")
#: Choosing the card starts the turn: no action is under way (B1: "any time" equipment may be
#: used meanwhile).
OPEN_PHASES.add(NUMBER_CHOOSE)
describe_phase(NUMBER_CHOOSE.value, "a Number card is being chosen", "choose a Number card")


class ChoiceReason(ReasonCode):
    """Refusals around the turn's Number card."""

    CHOICE_UP = ("choice_up", "Choose one of the face-up Number cards.")
    CHOICE_HELD = ("choice_held", "Choose a value you hold: you must then cut it.")
    CHOICE_CUT = ("choice_cut", "This turn you must cut with the Number card's value: {value}.")
    CHOICE_KEEP = (
        "choice_keep",
        "Keep a {value}: you must cut that value this turn.",
    )


@dataclass(frozen=True)
class ChooseNumber(Action):
    """Turn the face-up Number card ``value`` face down: this turn's cut is of that value."""

    type: ClassVar[str] = "choose_number"
    seat: int
    value: int


@dataclass(frozen=True)
class ChoicePart:
    """The value chosen this turn (None before the choice), and the cards removed so far."""

    current: int | None = None
    removed: frozenset[int] = frozenset()

    def to_json(self) -> dict[str, Any]:
        return {"current": self.current, "removed": sorted(self.removed)}


class ChoiceView(TypedDict):
    """``observation["mechanisms"]["number_choice"]``: this turn's value, the face-up values
    and the cards removed (public)."""

    current: int | None
    up: list[int]
    removed: list[int]


def view(obs: Observation) -> ChoiceView | None:
    return cast("ChoiceView | None", obs["mechanisms"].get(ID))


def face_up(table: Table) -> list[int]:
    cards = number_cards.part(table)
    removed = table.part(ID, ChoicePart).removed
    return [v for v in cards.row if v not in cards.down and v not in removed]


def _held(table: Table, seat: int) -> set[int]:
    return {code // 10 for _, _, code in table.hand(seat) if code % 10 == 0}


def _options(table: Table, seat: int) -> list[int]:
    held = _held(table, seat)
    return [v for v in face_up(table) if v in held]


def _start(table: Table, events: Events) -> None:
    seat = table.active
    if must_reveal(table, seat):  # everyone sees he chooses no card: only red wires are left
        events.append(Event("number_none", {"seat": seat}))
        return
    up = face_up(table)
    if not up:  # every card face down: all turned face up first
        removed = table.part(ID, ChoicePart).removed
        number_cards.turn_up(table, frozenset(number_cards.row(table)) - removed)
        up = face_up(table)
        events.append(Event("numbers_up", {"values": up}))
    options = _options(table, seat)
    if not options:
        events.append(Event("number_skip", {"seat": seat, "values": up}))
        end_turn(table, events)
        return
    # Not skipped: he holds one of the face-up values (everyone sees he was not skipped).
    events.append(Event("number_turn", {"seat": seat, "values": up}))
    table.pending = Pending(NUMBER_CHOOSE, seat, actor=seat)


def _choose(s: Table, a: ChooseNumber) -> Events:
    if s.pending.phase is not NUMBER_CHOOSE:
        raise IllegalActionError(Reason.NOT_NOW, phase=s.pending.phase.value)
    if a.seat != s.pending.seat:
        raise IllegalActionError(Reason.NOT_YOUR_DECISION, seat=s.pending.seat)
    if a.value not in face_up(s):
        raise IllegalActionError(ChoiceReason.CHOICE_UP)
    if a.value not in _held(s, a.seat):
        raise IllegalActionError(ChoiceReason.CHOICE_HELD)
    number_cards.turn_down(s, a.value)
    s.set_part(ID, replace(s.part(ID, ChoicePart), current=a.value))
    s.pending = Pending(Phase.TURN, a.seat)
    return [Event("choose_number", {"seat": a.seat, "value": a.value})]


def _legal(s: Table, seat: int) -> Iterator[ChooseNumber]:
    if ID not in s.parts or s.pending.phase is not NUMBER_CHOOSE or s.pending.seat != seat:
        return
    for value in _options(s, seat):
        yield ChooseNumber(seat, value)


def _read_skip(event: Mapping[str, Any], tracker: Tracker) -> None:
    """He skipped: he holds no uncut wire of any face-up value, and some wire that is not red
    (with only red wires left he would have revealed them instead)."""
    from ..deduction.facts import AtLeastOne, Count
    from ..deduction.readers_core import not_red

    wires = tracker.uncut_of_seat(int(event["seat"]))
    for value in event["values"]:
        tracker.add(Count.classes(wires, int(value), low=0, high=0))
    tracker.add(AtLeastOne(tuple(wires), not_red(tracker)))


def _read_none(event: Mapping[str, Any], tracker: Tracker) -> None:
    """He chooses no card: only red wires are left in his hand (he must reveal them)."""
    from ..deduction.codes import RED
    from ..deduction.facts import SlotIn
    from ..deduction.readers_core import red_as

    for wire in tracker.uncut_of_seat(int(event["seat"])):
        tracker.add(SlotIn.classes(wire, RED, *red_as(tracker)))


def _read_turn(event: Mapping[str, Any], tracker: Tracker) -> None:
    """He was not skipped: he holds an uncut wire of one of the face-up values."""
    from ..deduction.facts import AtLeastOne

    wires = tracker.uncut_of_seat(int(event["seat"]))
    tracker.add(AtLeastOne.classes(wires, *(int(v) for v in event["values"])))


def _read_choice(event: Mapping[str, Any], tracker: Tracker) -> None:
    """He chose that value: he holds an uncut wire of it (only a held value may be chosen)."""
    from ..deduction.facts import AtLeastOne

    wires = tracker.uncut_of_seat(int(event["seat"]))
    tracker.add(AtLeastOne.classes(wires, int(event["value"])))


def _chosen(table: Table) -> int | None:
    """The value the active player chose this turn (until the turn ends)."""
    part = table.parts.get(ID)
    return part.current if isinstance(part, ChoicePart) else None


def _gives_last(table: Table, action: Action) -> bool:
    return gives_last(table, action, _chosen(table))


def gives_last(table: Table, action: Action, value: int | None) -> bool:
    """The active player would give away, with the Walkie-Talkies, his last wire of ``value``,
    the value he must cut this turn (he could then not cut it; mission 47 reuses it)."""
    if value is None or action.seat != table.active:
        return False
    giving = isinstance(action, Walkie) or (
        isinstance(action, Pick) and table.pending.phase is WALKIE_GIVE
    )
    if not giving:
        return False
    wire = seen_own_wire(table, action.seat, action.stand, action.slot)  # type: ignore[attr-defined]
    if wire is None:
        return False  # not a wire of his that he sees: refused as such, never by its value
    code = table.codes[wire]
    held = sum(1 for _, _, c in table.hand(action.seat) if c == code)
    return code == 10 * value and held == 1


def _current(table: Table) -> int | None:
    part = table.parts.get(ID)
    if not isinstance(part, ChoicePart) or table.phase is not Phase.TURN:
        return None
    return part.current


class NumberChoice(Mechanism[ChoicePart]):
    id = ID
    reasons = ChoiceReason
    actions = (ActionSpec(ChooseNumber, "any_time", _legal, _choose),)
    events = (
        "number_turn",
        "number_none",
        "choose_number",
        "number_skip",
        "numbers_up",
        "number_removed",
    )
    facts = {
        "number_skip": _read_skip,
        "number_turn": _read_turn,
        "number_none": _read_none,
        "choose_number": _read_choice,
    }
    lines = {
        "choose_number": lambda e, n, o: (
            f"{name_of(n, e['seat'])} turns the {e['value']} face down: a cut of {e['value']}."
        ),
        "number_skip": lambda e, n, o: (
            f"{name_of(n, e['seat'])} holds none of the face-up values: the turn is skipped."
        ),
        "numbers_up": lambda e, n, o: "Every Number card was face down: they are turned up.",
        "number_none": lambda e, n, o: (
            f"{name_of(n, e['seat'])} has only red wires left: no Number card to choose."
        ),
        "number_turn": lambda e, n, o: (
            f"{name_of(n, e['seat'])} chooses among the face-up cards: "
            + ", ".join(str(v) for v in e["values"])
            + "."
        ),
        "number_removed": lambda e, n, o: (
            f"All four {e['value']}s are cut: its Number card is removed."
        ),
    }
    bot_keys = {
        "choose_number": (
            ("value", "percent"),
            "I turn the {value} face down: my best cut of it is {percent}% sure.",
            "mission 26 (`number_choice`): the held face-up value with the best cut",
        ),
    }

    def init_part(self, table: Table) -> ChoicePart:
        return ChoicePart()

    def turn_start(self, table: Table, events: Events) -> None:
        _start(table, events)

    def end_turn(self, table: Table, events: Events) -> None:
        table.set_part(ID, replace(self.part(table), current=None))

    def after_cuts(self, table: Table, events: Events) -> None:
        part = self.part(table)
        for value in number_cards.row(table):
            if value not in part.removed and table.cut_count(value) >= 4:
                part = replace(part, removed=part.removed | {value})
                number_cards.remove_from_row(table, value)
                events.append(Event("number_removed", {"value": value}))
        table.set_part(ID, part)

    def due_value(self, table: Table) -> int | None:
        """Once chosen, the Number card's value is the one the active player must cut."""
        return _current(table)

    def check_action(self, table: Table, action: Action) -> None:
        if _gives_last(table, action):
            raise IllegalActionError(ChoiceReason.CHOICE_KEEP, value=_chosen(table))
        if not self.allows(table, action):
            raise IllegalActionError(ChoiceReason.CHOICE_CUT, value=_current(table))

    def allows(self, table: Table, action: Action) -> bool:
        if _gives_last(table, action):
            return False
        value = _current(table)
        if value is None or action.seat != table.active:
            return True
        if isinstance(action, Cut):
            return action.values == (value,)
        if isinstance(action, SoloCut):
            return action.value == value
        return not isinstance(action, CoffeeMug)

    def observe(self, table: Table, viewer: Viewer) -> ChoiceView:
        part = self.part(table)
        return {"current": part.current, "up": face_up(table), "removed": sorted(part.removed)}

    def advise(self, ask: BotAsk) -> Advice | None:
        """The held face-up value whose best cut is the surest (a Solo Cut is sure)."""
        choices = [a for a in ask.legal if isinstance(a, ChooseNumber)]
        if not choices:
            return None
        know = ask.knowledge()
        me = int(ask.obs["viewer"] or 0)
        others = [slot for seat in range(know.players) if seat != me for slot in know.hand_of(seat)]
        held = know.held

        def best(value: int) -> float:
            if sum(know.chance(slot, (value,)) for slot in others) < 1e-9:
                return 1.0 if held[value] else 0.0  # every other copy is cut: a Solo Cut
            return max((know.chance(slot, (value,)) for slot in others), default=0.0)

        choice = max(choices, key=lambda a: (round(best(a.value), 9), -a.value))
        percent = max(0, min(100, round(100 * best(choice.value))))
        return choice, "choose_number", {"value": choice.value, "percent": percent}


MECHANISM = NumberChoice()
