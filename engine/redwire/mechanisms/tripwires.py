"""Yellow tripwires (mission 41): one yellow wire dealt face down to each player, cut one by one.

The yellow wires are not shuffled in with the others: one goes face down to each player's first
stand, clockwise from the player on the captain's left, the captain served last (with five
players and four yellow wires the captain gets none); then the other wires are shuffled and dealt
so that every stand has its usual size. Every yellow wire sorts into its stand by its value, as
any yellow wire. How many yellow wires each stand was dealt is public (everyone saw the deal):
the deduction reads it as an exact count per stand (``part_facts``).

Yellow wires are never cut in pairs: no Dual Cut nor Solo Cut announces yellow (REC). Instead a
**special action** (``TripPoint``): on his turn a player points at one uncut wire of a teammate
and says it is that teammate's tripwire. Yellow: it is cut, and the detonator moves back one
step. Red: the bomb explodes (FAQ). Blue: an info token with its true value goes in front of it
and the detonator moves one step. It is offered while a yellow wire the player does not hold is
still uncut (what he can tell from the public counts and his own hand).

A player whose uncut wires are only yellow (his own tripwire), with or without red wires, skips
his turn (``TripSkip``; the detonator does not move): everyone learns that every wire of his left
is yellow or red, and one of them yellow. A player who points held a blue wire (else he would
skip, or reveal his red wires). When every player who still has wires would skip, nobody can
ever find a tripwire again: the bomb explodes at that skip (REC; the card does not say).

The detonator starts next to the skull (``[tripwires] dial = 1``): the first mistake explodes the
bomb unless a tripwire found has moved it back.

>>> TripPoint(0, 2, 5).to_json()
{'type': 'trip_point', 'seat': 0, 'stand': 2, 'slot': 5}
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, TypedDict, cast

from ...core.errors import ReasonCode
from ...core.events import Event, Viewer
from ..actions import Action, Cut, SoloCut
from ..errors import IllegalActionError, SetupError
from ..model import Phase, Table
from ..turn import (
    after_cuts,
    dial_back,
    end_turn,
    explode,
    forbid_if_must_reveal,
    is_red,
    mistake,
    must_reveal,
    place_info,
    require_own_turn,
    wire_at,
)
from ..turn import cut_wire as cut_one
from ..wires import YELLOW, Colour, colour_of
from .base import ActionSpec, Advice, BotAsk, Events, Mechanism, name_of, where

if TYPE_CHECKING:
    from ...core.rng import Rng
    from ..deduction.tracker import Tracker
    from ..missions import ConfigReader
    from ..observation_types import Observation

ID = "tripwires"


class TripReason(ReasonCode):
    """Refusals around the tripwires."""

    TRIP_PAIR = ("trip_pair", "Yellow wires are never cut in pairs: point at a tripwire instead.")
    TRIP_NOT_NOW = (
        "trip_not_now",
        "You can point at a tripwire only on your turn, with a blue wire in hand, while a yellow "
        "wire you do not hold is uncut.",
    )
    TRIP_NOT_TEAMMATE = ("trip_not_teammate", "Point at an uncut wire of a teammate.")
    TRIP_CAN_PLAY = (
        "trip_can_play",
        "Only a player whose wires left are his tripwire (and red wires) skips his turn.",
    )


@dataclass(frozen=True)
class TripPoint(Action):
    """The special action: point at a teammate's wire as his yellow tripwire."""

    type: ClassVar[str] = "trip_point"
    seat: int
    stand: int
    slot: int


@dataclass(frozen=True)
class TripSkip(Action):
    """A player whose wires left are only yellow (and red) skips his turn."""

    type: ClassVar[str] = "trip_skip"
    seat: int


@dataclass(frozen=True)
class TripConfig:
    #: Where the detonator starts (1: next to the skull).
    dial: int


class TripView(TypedDict):
    """``observation["mechanisms"]["tripwires"]``: how many yellow wires each stand was dealt."""

    stands: list[int]


def view(obs: Observation) -> TripView | None:
    return cast("TripView | None", obs["mechanisms"].get(ID))


def _config(table: Table) -> TripConfig:
    config = table.mission.config(ID)
    assert isinstance(config, TripConfig)
    return config


def receivers(owners: Sequence[int], captain: int, count: int) -> list[int]:
    """The stands dealt a yellow wire: each player's first stand, from the captain's left
    clockwise, the captain last; ``count`` of them.

    >>> receivers((0, 1, 2, 3, 4), captain=2, count=4)
    [3, 4, 0, 1]
    >>> receivers((0, 0, 1, 1), captain=1, count=2)
    [0, 2]
    """
    players = max(owners) + 1
    seats = [(captain + 1 + i) % players for i in range(players)]
    return [list(owners).index(seat) for seat in seats][:count]


def quota(count: int, owners: Sequence[int], captain: int) -> list[int]:
    out = [0] * len(owners)
    for stand in receivers(owners, captain, count):
        out[stand] += 1
    return out


def _yellow(code: int) -> bool:
    return colour_of(code) is Colour.YELLOW


def _others_uncut_yellow(table: Table, seat: int) -> int:
    """Yellow wires still uncut outside ``seat``'s hand (public counts and his own hand)."""
    mine = sum(1 for _, _, code in table.hand(seat) if _yellow(code))
    return table.in_play(YELLOW) - table.cut_count(YELLOW) - mine


def skips(table: Table, seat: int) -> bool:
    """Whether ``seat``'s uncut wires are only yellow, with or without red wires."""
    hand = [code for _, _, code in table.hand(seat)]
    return any(_yellow(c) for c in hand) and all(_yellow(c) or is_red(table, c) for c in hand)


def _on_turn(table: Table, seat: int) -> bool:
    return table.pending.phase is Phase.TURN and table.active == seat


def _can_point(table: Table, seat: int) -> bool:
    return (
        _on_turn(table, seat)
        and not must_reveal(table, seat)
        and not skips(table, seat)
        and _others_uncut_yellow(table, seat) > 0
    )


def _point_legal(s: Table, seat: int) -> Iterator[TripPoint]:
    if MECHANISM not in s.mechanisms or not _can_point(s, seat):
        return
    for stand, owner in enumerate(s.owners):
        if owner == seat:
            continue
        for slot, wire in enumerate(s.stands[stand]):
            if not s.cut[wire]:
                yield TripPoint(seat, stand, slot)


def _point(s: Table, a: TripPoint) -> Events:
    require_own_turn(s, a.seat)
    forbid_if_must_reveal(s, a.seat)
    if MECHANISM not in s.mechanisms or not _can_point(s, a.seat):
        raise IllegalActionError(TripReason.TRIP_NOT_NOW)
    wire = wire_at(s, a.stand, a.slot)
    if s.owners[a.stand] == a.seat or s.cut[wire]:
        raise IllegalActionError(TripReason.TRIP_NOT_TEAMMATE)
    code = s.codes[wire]
    data = {"seat": a.seat, "stand": a.stand, "slot": a.slot, "owner": s.owners[a.stand]}
    if _yellow(code):
        events: Events = [Event("trip_point", {**data, "outcome": "hit"})]
        cut_one(s, a.stand, a.slot, a.seat, events)
        dial_back(s, events)
        if not after_cuts(s, events):
            end_turn(s, events)
        return events
    if is_red(s, code):
        events = [Event("trip_point", {**data, "outcome": "red"})]
        explode(s, "tripwire_red", events)
        return events
    events = [Event("trip_point", {**data, "outcome": "miss"})]
    place_info(s, wire, "miss", events)
    if not mistake(s, events):
        end_turn(s, events)
    return events


def _skip_legal(s: Table, seat: int) -> Iterator[TripSkip]:
    if MECHANISM in s.mechanisms and _on_turn(s, seat) and skips(s, seat):
        yield TripSkip(seat)


def _skip(s: Table, a: TripSkip) -> Events:
    require_own_turn(s, a.seat)
    if MECHANISM not in s.mechanisms or not skips(s, a.seat):
        raise IllegalActionError(TripReason.TRIP_CAN_PLAY)
    events: Events = [Event("trip_skip", {"seat": a.seat})]
    if all(skips(s, seat) for seat in range(s.players) if s.has_wires(seat)):
        # Nobody can ever point at a tripwire again: the mission is lost (REC).
        explode(s, "tripwire_stuck", events)
        return events
    end_turn(s, events)
    return events


def _announces_yellow(action: Action) -> bool:
    if isinstance(action, Cut):
        return YELLOW in action.values
    return isinstance(action, SoloCut) and action.value == YELLOW


# --------------------------------------------------------------------------- what it proves


def _read_dealt(part: Mapping[str, Any], tracker: Tracker) -> None:
    """Each stand was dealt exactly that many yellow wires (its wires as dealt, wherever they
    lie now)."""
    from ..deduction.codes import YELLOW as YELLOW_CLASS
    from ..deduction.facts import Count

    everywhere = [w for s in range(len(tracker.owners)) for w in tracker.wires(s)]
    for stand, count in enumerate(part["stands"]):
        dealt = [w for w in everywhere if w[0] == stand]
        tracker.add(Count.classes(dealt, YELLOW_CLASS, low=count, high=count))


def _read_point(event: Mapping[str, Any], tracker: Tracker) -> None:
    """He pointed: he held a blue wire (else he would skip or reveal his red wires). What the
    pointed wire is, the cut or the token that follows says."""
    from ..deduction.codes import BLUE_VALUES as BLUE
    from ..deduction.facts import AtLeastOne

    wires = tracker.uncut_of_seat(int(event["seat"]))
    tracker.add(AtLeastOne.classes(wires, *BLUE))


def _read_skip(event: Mapping[str, Any], tracker: Tracker) -> None:
    """He skipped: every wire of his left is yellow or red, and one of them yellow."""
    from ..deduction.codes import BLUE_VALUES as BLUE
    from ..deduction.codes import YELLOW as YELLOW_CLASS
    from ..deduction.facts import AtLeastOne, Count

    wires = tracker.uncut_of_seat(int(event["seat"]))
    tracker.add(Count.classes(wires, *BLUE, low=0, high=0))
    tracker.add(AtLeastOne.classes(wires, YELLOW_CLASS))


def _point_line(e: Mapping[str, Any], n: Any, o: Any) -> str:
    said = {"hit": "yes: it is cut", "red": "it is red!", "miss": "no"}[str(e["outcome"])]
    return (
        f"{name_of(n, e['seat'])} points at {where(n, o, e['stand'], e['slot'])} as a "
        f"tripwire: {said}."
    )


class Tripwires(Mechanism[None]):
    id = ID
    reasons = TripReason
    part_facts = staticmethod(_read_dealt)
    actions = (
        ActionSpec(TripPoint, "turn", _point_legal, _point, is_action=True),
        ActionSpec(TripSkip, "turn", _skip_legal, _skip, is_action=True, with_only_reds=False),
    )
    events = ("trip_point", "trip_skip")
    facts = {"trip_point": _read_point, "trip_skip": _read_skip}
    lines = {
        "trip_point": _point_line,
        "trip_skip": lambda e, n, o: (
            f"{name_of(n, e['seat'])} has only his tripwire (and red wires) left, and skips "
            "his turn."
        ),
    }
    causes = {
        "tripwire_red": "a red wire pointed at as a tripwire",
        "tripwire_stuck": "every player left has only a tripwire: nobody can find one",
    }
    bot_keys = {
        "trip_skip": (
            (),
            "Only my tripwire is left (with red wires): I skip my turn.",
            "tripwires: the only legal move",
        ),
        "trip_sure": (
            ("seat", "stand", "wire"),
            "{seat}'s wire {wire} is surely a tripwire: I point at it and the detonator goes back.",
            "tripwires: a teammate's wire that can only be yellow",
        ),
        "trip_likely": (
            ("seat", "stand", "wire", "percent"),
            "{seat}'s wire {wire} is a tripwire at {percent}% and can't be red: worth the step.",
            "tripwires (expert): the likeliest tripwire, never red, with a step to spare and "
            "no sure cut",
        ),
    }

    def advise(self, ask: BotAsk) -> Advice | None:
        from ..bots.tripwires import advise

        return advise(ask)

    def configure(
        self, params: tuple[str, ...], table: Mapping[str, Any] | None, reader: ConfigReader
    ) -> TripConfig:
        if params:
            raise reader.fail(f"mechanisms.{ID}", "no parameters", ":".join(params))
        raw = {} if table is None else dict(table)
        unknown = sorted(set(raw) - {"dial"})
        if unknown:
            raise reader.fail(f"{ID}.{unknown[0]}", "only dial")
        if "dial" in raw:
            return TripConfig(reader.integer(raw, "dial", 1, 6))
        return TripConfig(0)

    def deal_wires(
        self,
        config: TripConfig,
        rng: Rng,
        pool: list[int],
        order: list[int],
        owners: tuple[int, ...],
        captain: int,
    ) -> list[list[int]]:
        yellows = [c for c in pool if _yellow(c)]
        rest = [c for c in pool if not _yellow(c)]
        rng.shuffle(yellows)
        rng.shuffle(rest)
        stands: list[list[int]] = [[] for _ in owners]
        for stand, code in zip(receivers(owners, captain, len(yellows)), yellows, strict=True):
            stands[stand].append(code)
        sizes = [0] * len(owners)
        for i in range(len(pool)):  # the usual sizes: dealt round from the captain's stand
            sizes[order[i % len(order)]] += 1
        tiles = iter(rest)
        for stand in order:
            while len(stands[stand]) < sizes[stand]:
                stands[stand].append(next(tiles))
        return stands

    def check_stands(
        self,
        config: TripConfig,
        stands: Sequence[Sequence[int]],
        owners: tuple[int, ...],
        captain: int,
    ) -> None:
        counts = [sum(_yellow(c) for c in stand) for stand in stands]
        wanted = quota(sum(counts), owners, captain)
        if counts != wanted:
            raise SetupError(
                "the yellow tripwires are dealt one per player, on his first stand, the captain "
                f"last: {wanted} per stand, not {counts}"
            )

    def dial_start(self, table: Table) -> int | None:
        return _config(table).dial or None

    def check_action(self, table: Table, action: Action) -> None:
        if _announces_yellow(action):
            raise IllegalActionError(TripReason.TRIP_PAIR)

    def allows(self, table: Table, action: Action) -> bool:
        return not _announces_yellow(action)

    def observe(self, table: Table, viewer: Viewer) -> TripView:
        return {"stands": [sum(_yellow(c) for c in stand) for stand in table.setup.stands]}


MECHANISM = Tripwires()

__all__ = ["MECHANISM", "TripPoint", "TripReason", "TripSkip", "receivers"]
