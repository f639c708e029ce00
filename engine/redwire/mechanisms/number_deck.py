"""The Number cards as a face-down deck turned up one card a turn (missions 18, 45 and 51).

One bookkeeping shared by the mechanisms that turn up a Number card each turn:

* the deal shuffles the twelve cards and fixes in advance the orders of the reshuffles to come
  (``setup.parts.<id>.orders``: ``ORDERS`` orders of the values 1..12), so a record replays
  without the RNG;
* ``turn_up`` puts the card up so far with the used ones, discards for good a card whose four
  wires are all cut (and turns up the next), and, once the deck is empty, reshuffles the used
  cards in the next order the deal fixed;
* ``DeckMechanism`` deals and reads those orders, starts the deck, and hides from a viewer the
  deck's order and the shuffles to come (``scramble``).

A mechanism's part is a ``NumberDeck`` subclass: it adds its own fields after the deck's, and its
``to_json`` starts with the deck's keys (``deck_json``).

>>> from engine.redwire import new_game
>>> game = new_game(mission=18, players=3, seed=3)
>>> part = game.observation(None)["mechanisms"]["bat_radar"]
>>> part["deck"] + 1 + len(part["used"]) + len(part["gone"])
12
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, TypeVar

from ..errors import SetupError
from ..model import Table
from ..wires import BLUE_VALUES
from .base import Mechanism

if TYPE_CHECKING:
    from ...core.events import Viewer
    from ...core.rng import Rng
    from ..options import Options

#: Deck orders drawn at setup: the first deal and the reshuffles after it (cycled if ever used
#: up; a mission of about sixty turns needs at most six).
ORDERS = 8

Orders = tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class NumberDeck:
    """The deck (face down, top first), the card turned up, the cards used since the last
    shuffle (face up), those discarded for good, and which shuffle the deck came from."""

    deck: tuple[int, ...] = ()
    current: int | None = None
    used: tuple[int, ...] = ()
    gone: tuple[int, ...] = ()
    shuffles: int = 0

    def deck_json(self) -> dict[str, Any]:
        return {
            "deck": list(self.deck),
            "current": self.current,
            "used": list(self.used),
            "gone": list(self.gone),
            "shuffles": self.shuffles,
        }


D = TypeVar("D", bound=NumberDeck)


def orders_of(table: Table, mechanism_id: str) -> Orders:
    """The deck orders the deal fixed for ``mechanism_id``."""
    orders = table.setup.parts[mechanism_id]
    assert isinstance(orders, tuple)
    return orders


def turn_up(table: Table, part: D, orders: Orders) -> tuple[D, int | None]:
    """The deck's next card: the card up so far goes to the used ones, a card whose four wires
    are cut is discarded for good, and an empty deck is reshuffled from the used cards in the
    next order the deal fixed (``orders``). None: no card is left (every value is cut)."""
    used = part.used + ((part.current,) if part.current is not None else ())
    deck, gone, shuffles = part.deck, part.gone, part.shuffles
    for _ in range(2 * len(BLUE_VALUES) + 2):
        if not deck:
            if not used:
                return replace(part, deck=(), current=None, used=(), gone=gone), None
            shuffles += 1
            order = orders[shuffles % ORDERS]
            deck = tuple(v for v in order if v in used)
            used = ()
        top, deck = deck[0], deck[1:]
        if table.cut_count(top) >= 4:
            gone = (*gone, top)
            continue
        return replace(part, deck=deck, current=top, used=used, gone=gone, shuffles=shuffles), top
    return replace(part, deck=deck, current=None, used=used, gone=gone, shuffles=shuffles), None


class DeckMechanism(Mechanism[D]):
    """A mechanism whose part is a Number deck: it deals the deck's orders, reads and writes
    them in records, starts the deck and hides its order (subclasses set ``part_type``)."""

    part_type: type[D]

    def deal(
        self,
        config: Any,
        rng: Rng,
        players: int,
        options: Options,
        mission: int,
        dealt: Mapping[str, Any],
    ) -> Orders:
        orders = []
        for _ in range(ORDERS):
            order = list(BLUE_VALUES)
            rng.shuffle(order)
            orders.append(tuple(order))
        return tuple(orders)

    def setup_from_json(
        self,
        config: Any,
        raw: object,
        players: int,
        options: Options,
        mission: int,
        dealt: Mapping[str, Any],
    ) -> Orders:
        orders = raw.get("orders") if isinstance(raw, dict) and set(raw) == {"orders"} else None
        if (
            not isinstance(orders, list)
            or len(orders) != ORDERS
            or any(not isinstance(o, list) or sorted(o) != list(BLUE_VALUES) for o in orders)
        ):
            raise SetupError(
                f'setup.parts.{self.id} must be {{"orders": [{ORDERS} orders of the values 1..12]}}'
            )
        return tuple(tuple(o) for o in orders)

    def setup_to_json(self, data: Orders) -> dict[str, Any]:
        return {"orders": [list(o) for o in data]}

    def init_part(self, table: Table) -> D:
        return self.part_type(deck=orders_of(table, self.id)[0])

    def scramble(self, table: Table, viewer: Viewer, rng: Rng) -> None:
        """The deck's order and the shuffles to come are unseen."""
        part = self.part(table)
        deck = list(part.deck)
        rng.shuffle(deck)
        table.set_part(self.id, replace(part, deck=tuple(deck)))
        orders = [list(o) for o in orders_of(table, self.id)]
        for order in orders[part.shuffles + 1 :]:
            rng.shuffle(order)
        parts = {**table.setup.parts, self.id: tuple(tuple(o) for o in orders)}
        table.setup = replace(table.setup, parts=parts)
