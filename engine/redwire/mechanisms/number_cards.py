"""The Number cards: twelve cards, one per blue value 1-12, that missions lay out and move.

The deal shuffles the twelve cards (``setup.parts.number_cards.order``); the mission's
``[number_cards]`` table says how they are laid out:

* ``row = N``: the first N cards of the shuffle, face up in a row (left to right);
  ``row = "players"``: as many cards as players (mission 62);
* ``deck = true``: the cards left form a face-down deck (top first), else they stay in the box;
  ``deck = N``: only the next N cards do (mission 39: eight), the others stay in the box;
* ``reveal_top = true``: the deck's top card lies face up (the others stay hidden);
* the parameter ``hands`` (``"number_cards:hands"``, mission 65): every card is dealt face up in
  front of the players, one at a time from the captain clockwise, as evenly as possible (five
  players: the captain and his left neighbour get three, the others two); a hand is public and
  a card changes hands with :func:`give`.

Other mechanisms read and move them (the Sequence card walks along the row and turns its cards
face down; a mission reveals the next card of the deck...) through the functions below; this
module only keeps where each card is and shows every viewer what lies face up. A card's value
is public once it was seen face up, so a row card turned face down still shows its value (as
the physical card was seen), marked ``down``.

>>> from engine.redwire import new_game
>>> game = new_game(mission=9, players=3, seed=2)
>>> [card["value"] for card in view(game.observation(0))["row"]]
[11, 12, 3]
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, NotRequired, TypedDict, cast

from ...core.events import Viewer
from ..errors import SetupError
from ..model import Table
from ..wires import BLUE_VALUES
from .base import Mechanism

if TYPE_CHECKING:
    from ...core.rng import Rng
    from ..missions import ConfigReader, Mission
    from ..observation_types import Observation
    from ..options import Options

ID = "number_cards"
VALUES = tuple(BLUE_VALUES)


@dataclass(frozen=True)
class NumberCardsConfig:
    """How the shuffled cards are laid out (see the module docstring)."""

    row: int = 0
    #: The row holds one card per player (``row = "players"``), whatever ``row`` says.
    row_per_player: bool = False
    #: True: every card left; a number: that many of them; False: none.
    deck: bool | int = False
    reveal_top: bool = False
    #: Every card dealt face up to the seats (``number_cards:hands``).
    hands: bool = False


@dataclass(frozen=True)
class NumberCardsPart:
    """Where the cards are: the row (and which cards lie face down, in the row or a hand), the
    deck (top first; its top card face up when ``top_up``), the cards discarded (face up, out
    of play), and with ``hands`` the cards in front of each seat (sorted by value)."""

    row: tuple[int, ...] = ()
    down: frozenset[int] = frozenset()
    deck: tuple[int, ...] = ()
    top_up: bool = False
    discarded: tuple[int, ...] = ()
    hands: tuple[tuple[int, ...], ...] = ()

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "row": list(self.row),
            "down": sorted(self.down),
            "deck": list(self.deck),
            "top_up": self.top_up,
            "discarded": list(self.discarded),
        }
        if self.hands:  # only missions that deal the cards to the seats (mission 65)
            data["hands"] = [list(hand) for hand in self.hands]
        return data


class RowCardView(TypedDict):
    value: int
    #: Turned face down (its value was seen face up before).
    down: bool


class NumberCardsView(TypedDict):
    """``observation["mechanisms"]["number_cards"]``: what lies face up, and how many are not;
    with ``hands`` (mission 65), the cards in front of each seat (public, by seat)."""

    row: list[RowCardView]
    #: Cards in the face-down deck, and its top card when it lies face up.
    deck: int
    top: int | None
    discarded: list[int]
    hands: NotRequired[list[list[RowCardView]]]


def view(obs: Observation) -> NumberCardsView | None:
    """The Number cards as an observation shows them (None in a mission without them)."""
    return cast("NumberCardsView | None", obs["mechanisms"].get(ID))


def row_size(config: NumberCardsConfig, players: int) -> int:
    """How many cards the row holds with this many players."""
    return players if config.row_per_player else config.row


def order_of(table: Table) -> tuple[int, ...]:
    """The shuffled order of the twelve cards (the deal)."""
    order = table.setup.parts.get(ID)
    assert isinstance(order, tuple)
    return order


def part(table: Table) -> NumberCardsPart:
    return table.part(ID, NumberCardsPart)


def row(table: Table) -> tuple[int, ...]:
    """The values of the row, left to right."""
    return part(table).row


def top(table: Table) -> int | None:
    """The deck's face-up top card, if any."""
    cards = part(table)
    return cards.deck[0] if cards.deck and cards.top_up else None


def hands(table: Table) -> tuple[tuple[int, ...], ...]:
    """The cards in front of each seat (``number_cards:hands``; empty otherwise), by value."""
    return part(table).hands


def face_up_of(table: Table, seat: int) -> tuple[int, ...]:
    """The values of the face-up cards in front of ``seat`` (none without hands)."""
    cards = part(table)
    if not cards.hands:
        return ()
    return tuple(v for v in cards.hands[seat] if v not in cards.down)


def give(table: Table, seat: int, value: int, to: int) -> None:
    """Move the card ``value`` from ``seat``'s hand to ``to``'s (face up or down, as it lies)."""
    cards = part(table)
    moved = list(cards.hands)
    moved[seat] = tuple(v for v in moved[seat] if v != value)
    moved[to] = tuple(sorted((*moved[to], value)))
    table.set_part(ID, replace(cards, hands=tuple(moved)))


def deal_hands(order: tuple[int, ...], players: int, captain: int) -> tuple[tuple[int, ...], ...]:
    """The twelve cards dealt one at a time from the captain clockwise: as evenly as possible,
    the first seats dealt getting the extra ones (B2's order).

    >>> deal_hands(tuple(range(1, 13)), 5, 3)
    ((3, 8), (4, 9), (5, 10), (1, 6, 11), (2, 7, 12))
    """
    dealt: list[list[int]] = [[] for _ in range(players)]
    for i, value in enumerate(order):
        dealt[(captain + i) % players].append(value)
    return tuple(tuple(sorted(hand)) for hand in dealt)


def discard_top(table: Table) -> int | None:
    """Discard the deck's top card (face up, out of play); the next one, if any, is the new
    top (face up when the mission reveals it). Returns the new top card."""
    cards = part(table)
    if not cards.deck:
        return None
    rest = cards.deck[1:]
    table.set_part(ID, replace(cards, deck=rest, discarded=(*cards.discarded, cards.deck[0])))
    return rest[0] if rest and cards.top_up else None


def take_deck(table: Table) -> tuple[int, ...]:
    """Take every card left in the deck (top first), leaving it empty: they are dealt out
    (mission 39's hand-out)."""
    cards = part(table)
    table.set_part(ID, replace(cards, deck=()))
    return cards.deck


def turn_top_up(table: Table) -> int | None:
    """Turn the deck's top card face up (a mission that reveals it later: mission 23, after
    the setup tokens); returns it."""
    cards = part(table)
    if not cards.deck:
        return None
    table.set_part(ID, replace(cards, top_up=True))
    return cards.deck[0]


def turn_up(table: Table, values: frozenset[int]) -> None:
    """Turn these cards of the row face up again."""
    cards = part(table)
    table.set_part(ID, replace(cards, down=cards.down - values))


def remove_from_row(table: Table, value: int) -> None:
    """Take a card out of the row (out of play, face up with the discarded cards)."""
    cards = part(table)
    row = tuple(v for v in cards.row if v != value)
    table.set_part(
        ID,
        replace(cards, row=row, down=cards.down - {value}, discarded=(*cards.discarded, value)),
    )


def discard_from_row(table: Table, values: tuple[int, ...]) -> None:
    """Take these cards out of the row together (face up with the discarded cards, in this
    order): mission 47's two cards of a calculation."""
    cards = part(table)
    gone = set(values)
    table.set_part(
        ID,
        replace(
            cards,
            row=tuple(v for v in cards.row if v not in gone),
            down=cards.down - gone,
            discarded=(*cards.discarded, *values),
        ),
    )


def lay_out_again(table: Table) -> tuple[int, ...]:
    """Lay the row out again as it was dealt, every card face up, nothing discarded (mission
    47: once no card is left). Returns the new row."""
    config = table.mission.config(ID)
    assert isinstance(config, NumberCardsConfig)
    row = order_of(table)[: row_size(config, table.players)]
    table.set_part(ID, replace(part(table), row=row, down=frozenset(), discarded=()))
    return row


def turn_down(table: Table, value: int) -> None:
    """Turn a card of the row face down (it stays in its place)."""
    cards = part(table)
    table.set_part(ID, replace(cards, down=cards.down | {value}))


def face_up_in(mission: Mission, dealt: Mapping[str, Any], players: int) -> frozenset[int]:
    """The values of the row's cards in a setup being dealt (empty before the Number cards are
    dealt, or without them)."""
    order = dealt.get(ID)
    if not isinstance(order, tuple):
        return frozenset()
    config = mission.config(ID)
    assert isinstance(config, NumberCardsConfig)
    return frozenset(order[: row_size(config, players)])


def _shuffle(rng: Rng) -> tuple[int, ...]:
    cards = list(VALUES)
    rng.shuffle(cards)
    return tuple(cards)


class NumberCards(Mechanism[NumberCardsPart]):
    id = ID

    def configure(
        self, params: tuple[str, ...], table: Mapping[str, Any] | None, reader: ConfigReader
    ) -> NumberCardsConfig:
        if params not in ((), ("hands",)):
            raise reader.fail(
                f"mechanisms.{ID}", "number_cards or number_cards:hands", ":".join(params)
            )
        if params:  # every card dealt to the seats: no row, no deck
            if table:
                raise reader.fail(ID, "no table: number_cards:hands deals every card")
            return NumberCardsConfig(hands=True)
        table = table or {}
        reader.only_keys(table, ID, {"row", "deck", "reveal_top"})
        per_player = table.get("row") == "players"
        row = reader.integer(table, "row", 0, 12) if "row" in table and not per_player else 0
        deck: bool | int = table.get("deck", False)
        if not isinstance(deck, bool):
            # One card per player takes at most five from the twelve.
            deck = reader.integer(table, "deck", 1, 12 - (5 if per_player else row))
        reveal_top = table.get("reveal_top", False)
        if not isinstance(reveal_top, bool):
            raise reader.fail(f"{ID}.reveal_top", "true or false", reveal_top)
        if reveal_top and not deck:
            raise reader.fail(f"{ID}.reveal_top", "a deck (deck = true) to reveal the top of")
        return NumberCardsConfig(row, per_player, deck, reveal_top)

    def deal(
        self,
        config: NumberCardsConfig,
        rng: Rng,
        players: int,
        options: Options,
        mission: int,
        dealt: Mapping[str, Any],
    ) -> tuple[int, ...]:
        return _shuffle(rng)

    def setup_from_json(
        self,
        config: NumberCardsConfig,
        raw: object,
        players: int,
        options: Options,
        mission: int,
        dealt: Mapping[str, Any],
    ) -> tuple[int, ...]:
        if not isinstance(raw, dict) or set(raw) != {"order"}:
            raise SetupError('setup.parts.number_cards must be {"order": [the 12 values]}')
        order = raw["order"]
        if (
            not isinstance(order, list)
            or any(isinstance(v, bool) or not isinstance(v, int) for v in order)
            or sorted(order) != list(VALUES)
        ):
            raise SetupError("setup.parts.number_cards.order must hold each value 1..12 once")
        return tuple(order)

    def setup_to_json(self, data: tuple[int, ...]) -> dict[str, Any]:
        return {"order": list(data)}

    def init_part(self, table: Table) -> NumberCardsPart:
        config = table.mission.config(ID)
        assert isinstance(config, NumberCardsConfig)
        order = order_of(table)
        if config.hands:
            return NumberCardsPart(hands=deal_hands(order, table.players, table.setup.captain))
        size = row_size(config, table.players)
        if config.deck is True:
            rest = order[size:]
        elif config.deck:
            rest = order[size : size + config.deck]
        else:
            rest = ()
        return NumberCardsPart(row=order[:size], deck=rest, top_up=config.reveal_top)

    def observe(self, table: Table, viewer: Viewer) -> NumberCardsView:
        cards = part(table)
        shown: NumberCardsView = {
            "row": [{"value": v, "down": v in cards.down} for v in cards.row],
            "deck": len(cards.deck),
            "top": cards.deck[0] if cards.deck and cards.top_up else None,
            "discarded": list(cards.discarded),
        }
        if cards.hands:
            shown["hands"] = [
                [{"value": v, "down": v in cards.down} for v in hand] for hand in cards.hands
            ]
        return shown

    def scramble(self, table: Table, viewer: Viewer, rng: Rng) -> None:
        """The deck below a face-up top card, and the cards left in the box, are unseen."""
        cards = part(table)
        visible = set(cards.row) | set(cards.discarded)
        if cards.deck and cards.top_up:
            visible.add(cards.deck[0])
        unseen = [v for v in VALUES if v not in visible]
        rng.shuffle(unseen)
        deck = tuple(
            v if (i == 0 and cards.top_up) else unseen.pop() for i, v in enumerate(cards.deck)
        )
        table.set_part(ID, replace(cards, deck=deck))


MECHANISM = NumberCards()
