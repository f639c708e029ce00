"""Arithmetic (mission 47): the value of each cut is the sum or difference of two Number cards.

The twelve Number cards lie face up (``[number_cards] row = 12``, drawn in two lines of six).
To cut, the player whose turn it is first chooses two cards of the row and adds or subtracts
them (``Calculate``): the result, a value 1-12 he holds, is the value of his cut this turn (a
Dual Cut announcing it, a detector may help, or a Solo Cut of it). The two cards are discarded
at once; when none is left, all twelve are laid out again (``numbers_relaid``). Only a value
he holds may be the result: he must then cut it (a teammate's Walkie-Talkies cannot take his
last wire of it, and the Coffee Mug no longer replaces the cut).

A player who cannot, or will not, calculate passes (``ArithPass``, offered on every turn of
his own before he calculates): the detonator moves one step (on its last step, the bomb
explodes). With the option ``m47_pass_discards`` (a French-derived note, §12 A8) he also
discards two cards of his choice. Because the pass may be chosen, it tells nothing about his
hand; the calculation proves he holds an uncut wire of the result (the deduction's fact).

Revealing red wires (a hand of only red wires) needs no calculation; equipment is not a cut.

>>> from engine.redwire import new_game
>>> game = new_game(mission=47, players=3, seed=1)
>>> while game.phase.value == "setup_token":
...     game, _ = game.apply(game.legal_actions(game.to_move)[0])
>>> sorted({a.type for a in game.legal_actions(game.to_move)} & {"calculate", "arith_pass", "cut"})
['arith_pass', 'calculate']
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING, Any, ClassVar, Literal, TypedDict, cast

from ...core.errors import ReasonCode
from ...core.events import Event, Viewer
from ..actions import Action, Cut, SoloCut, as_int, bad
from ..errors import IllegalActionError
from ..model import Phase, Table
from ..turn import end_turn, forbid_if_must_reveal, mistake, must_reveal, require_own_turn
from ..wires import BLUE_VALUES
from . import number_cards
from .base import (
    ActionFilter,
    ActionSpec,
    Advice,
    BotAsk,
    Events,
    Mechanism,
    Refusal,
    ValueBound,
    name_of,
)
from .equipment.coffee import CoffeeMug
from .number_choice import gives_last

if TYPE_CHECKING:
    from ..deduction.tracker import Tracker
    from ..observation_types import Observation

ID = "arithmetic"
Sign = Literal["+", "-"]
SIGNS: tuple[Sign, ...] = ("+", "-")


class ArithReason(ReasonCode):
    """Refusals around the calculation of mission 47."""

    ARITH_ABSENT = (
        "arith_absent",
        "This mission has no calculation: nothing to add or subtract, and no such pass.",
    )
    ARITH_CARDS = ("arith_cards", "Choose two different Number cards of the row.")
    ARITH_RANGE = (
        "arith_range",
        "{first} {sign} {second} is {result}: the result must be a value from 1 to 12.",
    )
    ARITH_HELD = (
        "arith_held",
        "{result} is not a value you hold: you must cut the result, so choose one you hold.",
    )
    ARITH_FIRST = (
        "arith_first",
        "First choose two Number cards and add or subtract them: the result is the value you cut.",
    )
    ARITH_CUT = ("arith_cut", "This turn you must cut the value you calculated: {value}.")
    ARITH_DONE = ("arith_done", "You have already chosen your two cards this turn.")
    ARITH_KEEP = ("arith_keep", "Keep a {value}: you must cut that value this turn.")
    ARITH_DISCARD = (
        "arith_discard",
        "Passing, you discard two different Number cards of the row.",
    )
    ARITH_NO_DISCARD = (
        "arith_no_discard",
        "Passing discards no Number card in this game: the detonator moves one step, that is all.",
    )


def _as_sign(raw: object, name: str) -> str:
    if raw not in SIGNS:
        raise bad(f"{name} must be '+' or '-'")
    return cast("str", raw)


def _as_discard(raw: object, name: str) -> tuple[int, ...]:
    if not isinstance(raw, list) or len(raw) not in (0, 2):
        raise bad(f"{name} must be a list of no card or two cards")
    return tuple(as_int(x, name) for x in raw)


@dataclass(frozen=True)
class Calculate(Action):
    """Choose the Number cards ``first`` and ``second`` of the row and add (``+``) or subtract
    (``-``: ``first - second``) them: the result is the value of this turn's cut."""

    type: ClassVar[str] = "calculate"
    parsers: ClassVar[Mapping[str, Any]] = {"sign": _as_sign}
    seat: int
    first: int
    second: int
    sign: str

    def __post_init__(self) -> None:
        # A sum is the same whichever card comes first: kept smaller first, so equal actions
        # compare equal (a difference keeps its order: first - second).
        if self.sign == "+" and self.first > self.second:
            first, second = self.second, self.first
            object.__setattr__(self, "first", first)
            object.__setattr__(self, "second", second)

    @property
    def result(self) -> int:
        return self.first + self.second if self.sign == "+" else self.first - self.second


@dataclass(frozen=True)
class ArithPass(Action):
    """Pass instead of calculating: the detonator moves one step (``discard``: the two cards
    discarded with the option ``m47_pass_discards``, else none)."""

    type: ClassVar[str] = "arith_pass"
    parsers: ClassVar[Mapping[str, Any]] = {"discard": _as_discard}
    seat: int
    discard: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "discard", tuple(sorted(self.discard)))


@dataclass(frozen=True)
class ArithPart:
    """This turn's calculation (None before it): the value to cut and how it was made."""

    current: int | None = None
    cards: tuple[int, ...] = ()
    sign: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"current": self.current, "cards": list(self.cards), "sign": self.sign}


class ArithView(TypedDict):
    """``observation["mechanisms"]["arithmetic"]``: this turn's value and calculation (public),
    and whether a pass discards two cards (the option)."""

    current: int | None
    cards: list[int]
    sign: str | None
    pass_discards: bool


def view(obs: Observation) -> ArithView | None:
    return cast("ArithView | None", obs["mechanisms"].get(ID))


def results(row: list[int] | tuple[int, ...]) -> dict[int, list[tuple[int, int, str]]]:
    """Every calculation the row allows, by result 1-12: ``(first, second, sign)``, a sum with
    the smaller card first, a difference with the larger first (one way per pair and sign)."""
    out: dict[int, list[tuple[int, int, str]]] = {}
    for a, b in combinations(sorted(row), 2):
        if a + b <= 12:
            out.setdefault(a + b, []).append((a, b, "+"))
        if b - a >= 1:
            out.setdefault(b - a, []).append((b, a, "-"))
    return out


def _in_play(table: Table) -> bool:
    return ID in table.parts


def _part(table: Table) -> ArithPart:
    return table.part(ID, ArithPart)


def _held(table: Table, seat: int) -> set[int]:
    return {code // 10 for _, _, code in table.hand(seat) if code % 10 == 0}


def _discards(table: Table) -> bool:
    return bool(table.setup.options.m47_pass_discards)


def _open(table: Table, seat: int) -> bool:
    """Whether ``seat`` may calculate or pass now: his own turn, nothing calculated yet, and
    not a hand of only red wires (revealed instead)."""
    return (
        _in_play(table)
        and table.pending.phase is Phase.TURN
        and table.active == seat
        and _part(table).current is None
        and not must_reveal(table, seat)
    )


def _discard(table: Table, cards: tuple[int, ...], events: Events) -> None:
    """The cards leave the row; when none is left, all twelve are laid out again."""
    number_cards.discard_from_row(table, cards)
    if not number_cards.row(table):
        events.append(Event("numbers_relaid", {"values": list(number_cards.lay_out_again(table))}))


def _require_open(s: Table, seat: int) -> None:
    if not _in_play(s):
        raise IllegalActionError(ArithReason.ARITH_ABSENT)
    require_own_turn(s, seat)
    forbid_if_must_reveal(s, seat)
    if _part(s).current is not None:
        raise IllegalActionError(ArithReason.ARITH_DONE)


def _calculate(s: Table, a: Calculate) -> Events:
    _require_open(s, a.seat)
    row = number_cards.row(s)
    if a.first == a.second or a.first not in row or a.second not in row:
        raise IllegalActionError(ArithReason.ARITH_CARDS)
    result = a.result
    if result not in BLUE_VALUES:
        raise IllegalActionError(
            ArithReason.ARITH_RANGE, first=a.first, sign=a.sign, second=a.second, result=result
        )
    if result not in _held(s, a.seat):
        raise IllegalActionError(ArithReason.ARITH_HELD, result=result)
    s.set_part(ID, ArithPart(result, (a.first, a.second), a.sign))
    events: Events = [
        Event(
            "calculate",
            {
                "seat": a.seat,
                "first": a.first,
                "second": a.second,
                "sign": a.sign,
                "value": result,
            },
        )
    ]
    _discard(s, (a.first, a.second), events)
    return events


def _calculate_legal(s: Table, seat: int) -> Iterator[Calculate]:
    if not _open(s, seat):
        return
    held = _held(s, seat)
    for result, ways in sorted(results(number_cards.row(s)).items()):
        if result in held:
            for first, second, sign in ways:
                yield Calculate(seat, first, second, sign)


def _pass(s: Table, a: ArithPass) -> Events:
    _require_open(s, a.seat)
    if _discards(s):
        row = number_cards.row(s)
        if len(a.discard) != 2 or a.discard[0] == a.discard[1] or not set(a.discard) <= set(row):
            raise IllegalActionError(ArithReason.ARITH_DISCARD)
    elif a.discard:
        raise IllegalActionError(ArithReason.ARITH_NO_DISCARD)
    events: Events = [Event("arith_pass", {"seat": a.seat, "discard": list(a.discard)})]
    if a.discard:
        _discard(s, a.discard, events)
    if not mistake(s, events):
        end_turn(s, events)
    return events


def _pass_legal(s: Table, seat: int) -> Iterator[ArithPass]:
    if not _open(s, seat):
        return
    if not _discards(s):
        yield ArithPass(seat)
        return
    for pair in combinations(sorted(number_cards.row(s)), 2):
        yield ArithPass(seat, pair)


def _read_calculate(event: Mapping[str, Any], tracker: Tracker) -> None:
    """He calculated that value: he holds an uncut wire of it (only a held result may be
    chosen). A pass proves nothing (it may be chosen), so it has no reader."""
    from ..deduction.facts import AtLeastOne

    wires = tracker.uncut_of_seat(int(event["seat"]))
    tracker.add(AtLeastOne.classes(wires, int(event["value"])))


def _current(table: Table) -> int | None:
    """The value calculated this turn, while it is to be cut (the turn's own phase)."""
    if not _in_play(table) or table.phase is not Phase.TURN:
        return None
    return _part(table).current


def _line_calculate(e: Mapping[str, Any], n: Any, o: Any) -> str:
    return (
        f"{name_of(n, e['seat'])} discards the Number cards {e['first']} and {e['second']}: "
        f"{e['first']} {e['sign']} {e['second']} = {e['value']}, a cut of {e['value']}."
    )


def _line_pass(e: Mapping[str, Any], n: Any, o: Any) -> str:
    cards = e["discard"]
    discard = f", discarding the Number cards {cards[0]} and {cards[1]}" if cards else ""
    return f"{name_of(n, e['seat'])} passes{discard}: one step."


class Arithmetic(Mechanism[ArithPart]):
    id = ID
    reasons = ArithReason
    actions = (
        ActionSpec(Calculate, "turn", _calculate_legal, _calculate),
        ActionSpec(ArithPass, "turn", _pass_legal, _pass, is_action=True),
    )
    events = ("calculate", "arith_pass", "numbers_relaid")
    facts = {"calculate": _read_calculate}
    lines = {
        "calculate": _line_calculate,
        "arith_pass": _line_pass,
        "numbers_relaid": lambda e, n, o: "No Number card is left: all twelve are laid out again.",
    }
    bot_keys = {
        "calculate": (
            ("first", "sign", "second", "value", "percent"),
            "{first} {sign} {second} = {value}: my best cut of {value} is {percent}% sure.",
            "mission 47 (`arithmetic`): the calculation whose result has the surest cut",
        ),
        "arith_pass": (
            (),
            "No two Number cards make a value I hold: I pass, one step.",
            "mission 47 (`arithmetic`): no calculation gives a value the bot holds",
        ),
    }

    def advise(self, ask: BotAsk) -> Advice | None:
        from ..bots.arithmetic import advise

        return advise(ask)

    def init_part(self, table: Table) -> ArithPart:
        return ArithPart()

    def end_turn(self, table: Table, events: Events) -> None:
        table.set_part(ID, ArithPart())

    def due_value(self, table: Table) -> int | None:
        """Once calculated, the result is the value the active player must cut."""
        return _current(table)

    def announce_bound(self, table: Table, seat: int) -> ValueBound | None:
        """The active seat announces the value calculated, or nothing before it is (the
        filter's ARITH_CUT and ARITH_FIRST): most of a mission-47 listing is never built."""
        if not _in_play(table) or table.phase is not Phase.TURN or seat != table.active:
            return None
        value = _part(table).current
        return lambda announced: announced == value

    def action_filter(self, table: Table) -> ActionFilter | None:
        # Only the active seat's turn is bound; the value calculated is read once per listing
        # (a listing of mission 47 holds thousands of cuts, nearly all refused).
        if not _in_play(table) or table.phase is not Phase.TURN:
            return None
        value, active = _part(table).current, table.active

        def refuse(action: Action) -> Refusal | None:
            if action.seat != active:
                return None
            if gives_last(table, action, value):
                return Refusal(ArithReason.ARITH_KEEP, {"value": value})
            if isinstance(action, Cut):
                allowed = value is not None and action.values == (value,)
            elif isinstance(action, SoloCut):
                allowed = value is not None and action.value == value
            else:  # once calculated, the cut is due: the Coffee Mug no longer replaces it
                allowed = value is None or not isinstance(action, CoffeeMug)
            if allowed:
                return None
            if value is None:
                return Refusal(ArithReason.ARITH_FIRST)
            return Refusal(ArithReason.ARITH_CUT, {"value": value})

        return refuse

    def observe(self, table: Table, viewer: Viewer) -> ArithView:
        part = _part(table)
        return {
            "current": part.current,
            "cards": list(part.cards),
            "sign": part.sign,
            "pass_discards": _discards(table),
        }


MECHANISM = Arithmetic()
