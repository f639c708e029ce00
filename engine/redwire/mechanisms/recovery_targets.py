"""Recovery targets (mission 62, "Armageddon Roulette"): face-up Number cards that win back a step.

The mission lays one random Number card per player face up (``number_cards`` with ``row =
"players"``: setup data, so a record replays without the RNG) and starts the detonator next to
the skull (``[recovery_targets] dial = 1``). Each time all four wires of a face-up card's value are cut (the value's validation
token), that card is met (``recovery`` event) and the detonator moves back one step, through the
same helper as every "move back" of the game (``turn.dial_back``: capped at the purple segment,
B5). A card is met once; the cards stay where they lie, marked as met.

Nothing here is hidden: the cards lie face up and a value's four cuts are seen by everyone, so
the deduction needs no reader (a ``recovery`` proves nothing the ``validated`` event did not).

>>> from engine.redwire import new_game
>>> game = new_game(mission=62, players=3, seed=1)
>>> view(game.observation(0))
{'targets': [8, 2, 3], 'done': []}
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypedDict, cast

from ...core.events import Event, Viewer
from ..model import Table
from ..turn import dial_back
from . import number_cards
from .base import Events, Mechanism

if TYPE_CHECKING:
    from ..missions import ConfigReader
    from ..observation_types import Observation

ID = "recovery_targets"


@dataclass(frozen=True)
class RecoveryConfig:
    #: Where the detonator starts (1: next to the skull; 0: as usual).
    dial: int


@dataclass(frozen=True)
class RecoveryPart:
    """The target values met so far, in the order they were met."""

    done: tuple[int, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"done": list(self.done)}


class RecoveryView(TypedDict):
    """``observation["mechanisms"]["recovery_targets"]``: the face-up cards' values (left to
    right) and those already met (in order)."""

    targets: list[int]
    done: list[int]


def view(obs: Observation) -> RecoveryView | None:
    return cast("RecoveryView | None", obs["mechanisms"].get(ID))


def _part(table: Table) -> RecoveryPart:
    return table.part(ID, RecoveryPart)


class RecoveryTargets(Mechanism[RecoveryPart]):
    id = ID
    events = ("recovery_targets", "recovery")
    lines = {
        "recovery_targets": lambda e, n, o: (
            "Recovery targets face up: " + ", ".join(map(str, e["values"])) + "."
        ),
        "recovery": lambda e, n, o: (
            f"Recovery target {e['value']} met (all four cut): the detonator moves back one step."
        ),
    }

    def configure(
        self, params: tuple[str, ...], table: Mapping[str, Any] | None, reader: ConfigReader
    ) -> RecoveryConfig:
        if params:
            raise reader.fail(f"mechanisms.{ID}", "no parameters", ":".join(params))
        raw = dict(table or {})
        reader.only_keys(raw, ID, {"dial"})
        return RecoveryConfig(reader.integer(raw, "dial", 1, 6) if "dial" in raw else 0)

    def dial_start(self, table: Table) -> int | None:
        config = table.mission.config(ID)
        assert isinstance(config, RecoveryConfig)
        return config.dial or None

    def init_part(self, table: Table) -> RecoveryPart:
        return RecoveryPart()

    def start_game(self, table: Table, events: Events) -> None:
        events.append(Event("recovery_targets", {"values": list(number_cards.row(table))}))

    def after_cuts(self, table: Table, events: Events) -> None:
        """Each face-up card whose value was just validated is met: one step back per card."""
        if table.result is not None:
            return
        done = _part(table).done
        for value in number_cards.row(table):
            if value in table.validated and value not in done:
                done = (*done, value)
                table.set_part(ID, RecoveryPart(done))
                events.append(Event("recovery", {"value": value}))
                dial_back(table, events)

    def observe(self, table: Table, viewer: Viewer) -> RecoveryView:
        return {"targets": list(number_cards.row(table)), "done": list(_part(table).done)}


MECHANISM = RecoveryTargets()

__all__ = ["MECHANISM", "RecoveryView", "view"]
