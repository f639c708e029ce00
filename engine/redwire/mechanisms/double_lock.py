"""Double locks (mission 12): a Number card lies face up on each equipment card on the board.

A card unlocks once two wires of its own number are cut **and** two wires of the Number card's
value (in any order; one pair may do both when the values are equal). When two wires of a
Number card's value are cut, that Number card is discarded: the lock is open. The Number cards
are the first of the shuffled twelve (``number_cards``), one per card in board order.

The cards the yellow card adds get none (the English card is silent), unless the option
``m12_lock_added_cards`` (a French-derived note) gives them the next Number cards, face down
until they join the board.

>>> from engine.redwire import new_game
>>> view(new_game(mission=12, players=3, seed=1).observation(None))["locks"][0]
{'card': 6, 'value': 6, 'open': False}
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, TypedDict, cast

from ...core.events import Event, Viewer
from ..model import Table
from . import number_cards
from .base import Events, Mechanism
from .equipment import tray

if TYPE_CHECKING:
    from ...core.rng import Rng
    from ..observation_types import Observation

ID = "double_lock"


@dataclass(frozen=True)
class LocksPart:
    """The Number cards discarded so far (their locks are open), by value."""

    opened: frozenset[int] = frozenset()

    def to_json(self) -> list[int]:
        return sorted(self.opened)


class LockView(TypedDict):
    card: int
    value: int
    #: Two wires of ``value`` are cut: the Number card is discarded.
    open: bool


class DoubleLockView(TypedDict):
    """``observation["mechanisms"]["double_lock"]``: the Number card on each card on the board."""

    locks: list[LockView]


def view(obs: Observation) -> DoubleLockView | None:
    return cast("DoubleLockView | None", obs["mechanisms"].get(ID))


def locks(table: Table) -> dict[int, int]:
    """The Number card on each equipment card (board cards; the yellow card's two when the
    option says so): card -> value."""
    cards = tray.cards_of(table.setup)
    order = number_cards.order_of(table)
    out = {card: order[i] for i, card in enumerate(cards)}
    if table.setup.options.m12_lock_added_cards:
        reserve = tray.reserve_of(table.setup)
        out.update({card: order[len(cards) + j] for j, card in enumerate(reserve)})
    return out


class DoubleLock(Mechanism[LocksPart]):
    id = ID
    events = ("lock_open",)
    lines = {
        "lock_open": lambda e, n, o: (
            f"Two {e['value']}s are cut: the Number card on card {e['card']} is discarded."
        )
    }

    def init_part(self, table: Table) -> LocksPart:
        return LocksPart()

    def card_lock(self, table: Table, card: int) -> int | None:
        value = locks(table).get(card)
        if value is None or table.cut_count(value) >= 2:
            return None
        return value

    def after_cuts(self, table: Table, events: Events) -> None:
        """Discard each Number card whose value now has two wires cut (cards on the board)."""
        part = self.part(table)
        board = table.part(tray.ID, tray.TrayPart).cards
        opened = set(part.opened)
        for card, value in locks(table).items():
            if card in board and value not in opened and table.cut_count(value) >= 2:
                opened.add(value)
                events.append(Event("lock_open", {"card": card, "value": value}))
        if opened != part.opened:
            table.set_part(ID, LocksPart(frozenset(opened)))

    def observe(self, table: Table, viewer: Viewer) -> DoubleLockView:
        board = table.part(tray.ID, tray.TrayPart).cards
        return {
            "locks": [
                {"card": card, "value": value, "open": table.cut_count(value) >= 2}
                for card, value in locks(table).items()
                if card in board
            ]
        }

    def scramble(self, table: Table, viewer: Viewer, rng: Rng) -> None:
        """The Number cards waiting for the yellow card's two cards are face down."""
        if not table.setup.options.m12_lock_added_cards:
            return
        from dataclasses import replace

        cards = tray.cards_of(table.setup)
        reserve = tray.reserve_of(table.setup)
        board = table.part(tray.ID, tray.TrayPart).cards
        if not reserve or any(card in board for card in reserve):
            return
        order = list(number_cards.order_of(table))
        hidden = order[len(cards) :]
        rng.shuffle(hidden)
        parts = {**table.setup.parts, number_cards.ID: tuple(order[: len(cards)] + hidden)}
        table.setup = replace(table.setup, parts=parts)


MECHANISM = DoubleLock()
