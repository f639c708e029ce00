"""A blue value that acts as red (mission 11): the value of the Number card on the mission card.

Its four blue wires behave exactly like red wires: pointing at one in a cut that misses it (any
cut: nobody may announce that value) explodes the bomb (the Stabilizer holds it as it holds a red
wire); a detector whose every pointed wire is red or of that value explodes, and a detector's
token never goes on one; a hand of only such wires (and red ones) must be revealed, as red
wires are, and they are cut that way only. No info token goes on one (setup, Sticky Note), and
the Radar does not ask about that value (red wires never answer the Radar). The equipment card
of that number is replaced at setup (it could never unlock: ``[equipment]
exclude_number_cards``).

>>> from engine.redwire import new_game
>>> view(new_game(mission=11, players=3, seed=2).observation(None))
{'value': 3}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypedDict, cast

from ...core.errors import ReasonCode
from ...core.events import Event, Viewer
from ..actions import Action, Cut, PlaceToken, SoloCut
from ..errors import IllegalActionError
from ..model import Table
from ..turn import seen_own_wire
from ..wires import blue, cut_value, value_to_json
from . import number_cards
from .base import Events, Mechanism
from .equipment.post_it import PostIt
from .equipment.radar import Radar

if TYPE_CHECKING:
    from ..deduction.tracker import Tracker
    from ..observation_types import Observation

ID = "red_value"


class RedValueReason(ReasonCode):
    """Refusals around the value that acts as red."""

    RED_VALUE = (
        "red_value",
        "{value} acts as red in this mission: nobody may announce it.",
    )
    RED_VALUE_TOKEN = (
        "red_value_token",
        "That wire acts as red in this mission: no info token goes on it.",
    )


class RedValueView(TypedDict):
    """``observation["mechanisms"]["red_value"]``: the blue value that acts as red."""

    value: int


def view(obs: Observation) -> RedValueView | None:
    return cast("RedValueView | None", obs["mechanisms"].get(ID))


def values_in(obs: Observation) -> tuple[int, ...]:
    """The blue values an observation shows acting as red (none in other missions)."""
    part = view(obs)
    return (part["value"],) if part else ()


def value(table: Table) -> int:
    """The value that acts as red: the first card of the Number cards' row."""
    return number_cards.row(table)[0]


def _announced(action: Action) -> tuple[int, ...]:
    if isinstance(action, Cut):
        return action.values
    if isinstance(action, SoloCut | Radar):
        return (action.value,)
    return ()


def _marks(table: Table, action: Action) -> bool:
    """A token on a wire of that value (setup, Sticky Note), one of the seat's own
    (``seen_own_wire``: another is the core's to refuse)."""
    if not isinstance(action, PlaceToken | PostIt):
        return False
    wire = seen_own_wire(table, action.seat, action.stand, action.slot)
    return wire is not None and cut_value(table.codes[wire]) == value(table)


def _read_red_value(event: Mapping[str, Any], tracker: Tracker) -> None:
    """Note the value, for the readers of later events ("red" and "not red" include it)."""
    tracker.memo["red_as"] = (int(event["value"]),)


class RedValue(Mechanism[None]):
    id = ID
    reasons = RedValueReason
    events = ("red_value",)
    facts = {"red_value": _read_red_value}
    lines = {"red_value": lambda e, n, o: f"Every blue {e['value']} acts as a red wire."}

    def start_game(self, table: Table, events: Events) -> None:
        events.append(Event("red_value", {"value": value(table)}))

    def acts_red(self, table: Table) -> frozenset[int]:
        return frozenset({blue(value(table))})

    def check_action(self, table: Table, action: Action) -> None:
        red = value(table)
        if red in _announced(action):
            raise IllegalActionError(RedValueReason.RED_VALUE, value=value_to_json(red))
        if _marks(table, action):
            raise IllegalActionError(RedValueReason.RED_VALUE_TOKEN)

    def allows(self, table: Table, action: Action) -> bool:
        return value(table) not in _announced(action) and not _marks(table, action)

    def observe(self, table: Table, viewer: Viewer) -> RedValueView:
        return {"value": value(table)}


MECHANISM = RedValue()
