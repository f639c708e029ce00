"""The Sequence card: the values of the Number cards' row must be opened in order (missions 9, 16).

The card lies over the row's first Number card (side A: each step needs 2 wires of the current
value cut; side B: all 4). A value further along the row is *blocked*: no cut may announce it
(a Dual Cut, a detector, the X-or-Y ray, a Solo Cut), so neither a teammate's wire nor the
actor's own wire of that value can be cut. Once enough wires of the current value are cut (by
anyone, in any way) its card is turned face down and the Sequence card moves to the next one.
Values that are not on the row, yellow included, are free.

FAQ: a player whose only possible cuts are blocked values makes the bomb explode. On their turn
such a player has one legal move, ``Stuck``: they say so and the bomb explodes. (They may still
use "any time" equipment first, as at the table; and a turn card that replaces the action, the
Coffee Break, is a way out.)

>>> from engine.redwire import new_game
>>> game = new_game(mission=9, players=3, seed=2)
>>> view(game.observation(None))
{'side': 'A', 'need': 2, 'current': 11, 'blocked': [12, 3]}
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Literal, TypedDict, cast

from ...core.errors import ReasonCode
from ...core.events import Event, Viewer
from ..actions import Action, Cut, SoloCut
from ..errors import IllegalActionError
from ..model import Phase, Table
from ..turn import explode, must_reveal, require_own_turn
from ..wires import RED, value_to_json
from . import number_cards
from .base import ActionSpec, Advice, BotAsk, Events, Mechanism, name_of

if TYPE_CHECKING:
    from ..deduction.tracker import Tracker
    from ..missions import ConfigReader
    from ..observation_types import Observation

ID = "sequence"
Side = Literal["A", "B"]
#: Wires of the current value that must be cut before the next value opens, per side.
NEED: dict[str, int] = {"A": 2, "B": 4}


class SequenceReason(ReasonCode):
    """The Sequence card's refusals."""

    BLOCKED_VALUE = (
        "blocked_value",
        "{value} is blocked by the sequence: cut the values of the row in order.",
    )
    NOT_STUCK = (
        "not_stuck",
        "You can still make a cut that the sequence allows.",
    )


@dataclass(frozen=True)
class SequenceConfig:
    side: Side


@dataclass(frozen=True)
class SequencePart:
    """Which card of the row the Sequence card lies over (``len(row)``: past the last one)."""

    at: int = 0

    def to_json(self) -> int:
        return self.at


class SequenceView(TypedDict):
    """``observation["mechanisms"]["sequence"]``."""

    side: Side
    need: int
    #: The value the Sequence card lies over (None once the whole row is open).
    current: int | None
    #: The values of the row still blocked, in order.
    blocked: list[int]


def view(obs: Observation) -> SequenceView | None:
    return cast("SequenceView | None", obs["mechanisms"].get(ID))


@dataclass(frozen=True)
class Stuck(Action):
    """On your turn, with no cut the sequence allows: say so (the bomb explodes)."""

    type: ClassVar[str] = "stuck"
    seat: int


def blocked(table: Table) -> tuple[int, ...]:
    """The values of the row the sequence does not allow yet."""
    part = table.parts.get(ID)
    if not isinstance(part, SequencePart):
        return ()
    return number_cards.row(table)[part.at + 1 :]


def _config(table: Table) -> SequenceConfig:
    config = table.mission.config(ID)
    assert isinstance(config, SequenceConfig)
    return config


def _announced(action: Action) -> tuple[int, ...]:
    if isinstance(action, Cut):
        return action.values
    if isinstance(action, SoloCut):
        return (action.value,)
    return ()


def stuck(table: Table, seat: int) -> bool:
    """Whether ``seat``, on its turn, has no cut the rules allow and no action that replaces one.

    A Dual Cut needs a value held (not red) that every mechanism allows and a teammate with an
    uncut wire; a Solo Cut, a value held entirely."""
    from ..rules import solo_allowed  # the rules import the registry, which imports this module

    if must_reveal(table, seat) or not table.has_wires(seat):
        return False
    values = sorted(table.held_values(seat) - {RED})
    filters = [m for m in table.mechanisms if type(m).allows is not Mechanism.allows]
    target = next(
        (
            (stand, slot)
            for stand, owner in enumerate(table.owners)
            if owner != seat
            for slot, _ in table.uncut(stand)
        ),
        None,
    )
    for value in values:
        moves: list[Action] = [SoloCut(seat, value)] if solo_allowed(table, seat, value) else []
        if target is not None:
            moves.append(Cut(seat, (target,), (value,)))
        if any(all(m.allows(table, move) for m in filters) for move in moves):
            return False
    for mechanism in table.mechanisms:
        for spec in mechanism.actions:
            if spec.is_action and spec.timing == "turn" and any(spec.legal(table, seat)):
                return False
    return True


def _stuck(s: Table, a: Stuck) -> Events:
    require_own_turn(s, a.seat)
    if ID not in s.parts or not stuck(s, a.seat):
        raise IllegalActionError(SequenceReason.NOT_STUCK)
    events: Events = [
        Event("stuck", {"seat": a.seat, "blocked": list(blocked(s))}),
    ]
    explode(s, "stuck", events)
    return events


def _legal(s: Table, seat: int) -> Iterator[Stuck]:
    if ID in s.parts and s.phase is Phase.TURN and s.active == seat and stuck(s, seat):
        yield Stuck(seat)


def _read_stuck(event: Mapping[str, Any], tracker: Tracker) -> None:
    """The seat held a blocked value and no value the sequence allowed (nor only red wires)."""
    # Imported here: the solver loads only when a page or a bot first asks for odds.
    from ..deduction.codes import BLUE_VALUES, YELLOW
    from ..deduction.facts import AtLeastOne, Count

    closed = [int(v) for v in event["blocked"]]
    hand = tracker.uncut_of_seat(int(event["seat"]))
    tracker.add(AtLeastOne.classes(hand, *closed))
    allowed = [v for v in (YELLOW, *BLUE_VALUES) if v not in closed]
    tracker.add(Count.classes(hand, *allowed, low=0, high=0))


class Sequence(Mechanism[SequencePart]):
    id = ID
    causes = {"stuck": "no cut was left"}
    reasons = SequenceReason
    actions = (ActionSpec(Stuck, "turn", _legal, _stuck),)
    events = ("sequence", "stuck")
    facts = {"stuck": _read_stuck}
    lines = {
        "sequence": lambda e, n, o: (
            f"Sequence: {e['done']} is open"
            + (f"; next is {e['next']}." if e["next"] is not None else "; the whole row is open.")
        ),
        "stuck": lambda e, n, o: (
            f"{name_of(n, e['seat'])} can cut nothing the sequence allows "
            f"({', '.join(map(str, e['blocked']))} blocked)."
        ),
    }

    bot_keys = {
        "stuck": (
            (),
            "The sequence blocks every value I hold: I cannot cut.",
            "sequence: no cut allowed, the bomb explodes (the only legal move)",
        ),
    }

    def advise(self, ask: BotAsk) -> Advice | None:
        """Stuck: the one move left, said as it is."""
        for action in ask.legal:
            if isinstance(action, Stuck):
                return action, "stuck", {}
        return None

    def configure(
        self, params: tuple[str, ...], table: Mapping[str, Any] | None, reader: ConfigReader
    ) -> SequenceConfig:
        if table is not None:
            raise reader.fail(ID, "no table: the side is a parameter (sequence:A or sequence:B)")
        if len(params) != 1 or params[0] not in NEED:
            raise reader.fail(f"mechanisms.{ID}", "one side, sequence:A or sequence:B", params)
        side: Side = "A" if params[0] == "A" else "B"
        return SequenceConfig(side)

    def init_part(self, table: Table) -> SequencePart:
        return SequencePart()

    def check_action(self, table: Table, action: Action) -> None:
        closed = blocked(table)
        for value in _announced(action):
            if value in closed:
                raise IllegalActionError(SequenceReason.BLOCKED_VALUE, value=value_to_json(value))

    def allows(self, table: Table, action: Action) -> bool:
        closed = blocked(table)
        return not closed or not any(v in closed for v in _announced(action))

    def after_cuts(self, table: Table, events: Events) -> None:
        """Move along the row while the current value has enough wires cut."""
        row = number_cards.row(table)
        need = NEED[_config(table).side]
        at = self.part(table).at
        while at < len(row) and table.cut_count(row[at]) >= need:
            number_cards.turn_down(table, row[at])
            at += 1
            nxt = row[at] if at < len(row) else None
            events.append(Event("sequence", {"done": row[at - 1], "next": nxt}))
        if at != self.part(table).at:
            table.set_part(ID, SequencePart(at))

    def observe(self, table: Table, viewer: Viewer) -> SequenceView:
        row = number_cards.row(table)
        at = self.part(table).at
        side = _config(table).side
        return {
            "side": side,
            "need": NEED[side],
            "current": row[at] if at < len(row) else None,
            "blocked": list(row[at + 1 :]),
        }


MECHANISM = Sequence()
