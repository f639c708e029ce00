"""Flight cards, colours, decks and the four flight plans.

The card list is data: ``engine/loop/cards.json`` (shipped inside the wheel), read and validated by
:func:`load_cards`. The printed list of the real game is not known, so the shipped one is
provisional (spec §2.4); correcting it needs no code. A bad file fails with the file, the card and
the field::

    CardListError: cards.json: card 5 (red6a): field 'exact': expected an integer greater than 'over' (3), got 3

>>> cards = load_cards()
>>> len(cards), cards[0]
(64, Card(id='red3a', color='red', difficulty=3, exact=2, over=1))
>>> cards[0].deck, cards[0].points(3), cards[0].points(5), cards[0].min_dice
('A', 2, 1, 1)
>>> [plan.id for plan in PLANS], PLAN_BY_ID["kestrel"].colors
(['swift', 'kestrel', 'heron', 'albatross'], ('red', 'blue', 'yellow'))
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Literal

from ..core.errors import FuseboxError

Color = Literal["red", "blue", "green", "yellow"]
Deck = Literal["A", "B"]

#: The four manoeuvre colours, in display order.
COLORS: tuple[Color, ...] = ("red", "blue", "green", "yellow")
#: The two card backs: red and blue cards form deck A, green and yellow deck B (spec §2.1).
DECKS: tuple[Deck, ...] = ("A", "B")
DECK_OF: Mapping[str, Deck] = {"red": "A", "blue": "A", "green": "B", "yellow": "B"}

#: Our own names for the manoeuvres (the page has them in its catalogs too).
MANEUVER: Mapping[str, Mapping[str, str]] = {
    "red": {"en": "Hairpin", "it": "Virata"},
    "blue": {"en": "Loop", "it": "Looping"},
    "green": {"en": "Plunge", "it": "Tuffo"},
    "yellow": {"en": "Barrel Roll", "it": "Tonneau"},
}

#: Highest difficulty a card may have: one roll throws at most three dice.
MAX_DIFFICULTY = 18
#: Most points a card may give (keeps the flight solver's tables small).
MAX_POINTS = 99
#: Files of the card list name this format.
CARDS_FORMAT = "fusebox.loop.cards"
CARDS_VERSION = 1


class CardListError(FuseboxError):
    """A card list is invalid: names its source, the card and the field, and what was expected."""

    def __init__(self, source: str, where: str, expected: str, got: object = None) -> None:
        self.source, self.where, self.expected = source, where, expected
        detail = f"{source}: {where}: expected {expected}"
        if got is not None:
            detail += f", got {got!r}"
        super().__init__(detail)


@dataclass(frozen=True)
class Card:
    """One flight card: ``exact`` points when the dice sum equals ``difficulty``, ``over`` when
    they beat it."""

    id: str
    color: Color
    difficulty: int
    exact: int
    over: int

    @property
    def deck(self) -> Deck:
        return DECK_OF[self.color]

    @property
    def min_dice(self) -> int:
        """The fewest dice that can complete it (six pips per die)."""
        return -(-self.difficulty // 6)

    def points(self, total: int) -> int:
        """Points for dice summing to ``total`` (0 when they fall short)."""
        if total == self.difficulty:
            return self.exact
        return self.over if total > self.difficulty else 0

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "color": self.color,
            "difficulty": self.difficulty,
            "exact": self.exact,
            "over": self.over,
        }


@dataclass(frozen=True)
class Plan:
    """A flight plan of the board: one card of each of three colours (spec §2.3)."""

    id: str
    colors: tuple[Color, Color, Color]
    name: Mapping[str, str]


#: The four plans: every choice of three colours out of four. Names are our own.
PLANS: tuple[Plan, ...] = (
    Plan("swift", ("red", "blue", "green"), {"en": "Swift", "it": "Rondone"}),
    Plan("kestrel", ("red", "blue", "yellow"), {"en": "Kestrel", "it": "Gheppio"}),
    Plan("heron", ("red", "green", "yellow"), {"en": "Heron", "it": "Airone"}),
    Plan("albatross", ("blue", "green", "yellow"), {"en": "Albatross", "it": "Albatro"}),
)
PLAN_BY_ID: Mapping[str, Plan] = {plan.id: plan for plan in PLANS}
PLAN_IDS: tuple[str, ...] = tuple(plan.id for plan in PLANS)

_CARD_KEYS = ("id", "color", "difficulty", "exact", "over")


def _id_ok(value: object) -> bool:
    return (
        isinstance(value, str)
        and 0 < len(value) <= 16
        and all(ch.isascii() and (ch.isalnum() or ch in "-_") for ch in value)
    )


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def parse_card(raw: object, source: str, where: str) -> Card:
    """One card from its JSON object; raises CardListError naming the field."""
    if not isinstance(raw, dict):
        raise CardListError(source, where, "an object with " + ", ".join(_CARD_KEYS), raw)
    for key in raw:
        if key not in _CARD_KEYS:
            raise CardListError(
                source,
                f"{where}: field {key!r}",
                "no such field (known: " + ", ".join(_CARD_KEYS) + ")",
            )
    for key in _CARD_KEYS:
        if key not in raw:
            raise CardListError(source, f"{where}: field {key!r}", "a value (the field is missing)")
    card_id, color = raw["id"], raw["color"]
    if not _id_ok(card_id):
        raise CardListError(
            source, f"{where}: field 'id'", "1 to 16 letters, digits, - or _", card_id
        )
    where = f"{where} ({card_id})"
    if color not in COLORS:
        raise CardListError(source, f"{where}: field 'color'", "one of " + ", ".join(COLORS), color)
    difficulty, exact, over = raw["difficulty"], raw["exact"], raw["over"]
    if not _whole(difficulty) or not 1 <= difficulty <= MAX_DIFFICULTY:
        raise CardListError(
            source, f"{where}: field 'difficulty'", f"an integer 1..{MAX_DIFFICULTY}", difficulty
        )
    if not _whole(over) or not 0 <= over < MAX_POINTS:
        raise CardListError(
            source, f"{where}: field 'over'", f"an integer 0..{MAX_POINTS - 1}", over
        )
    if not _whole(exact) or not over < exact <= MAX_POINTS:
        raise CardListError(
            source,
            f"{where}: field 'exact'",
            f"an integer greater than 'over' ({over}), at most {MAX_POINTS}",
            exact,
        )
    return Card(card_id, color, difficulty, exact, over)


def parse_cards(raw: object, source: str) -> tuple[Card, ...]:
    """A whole card list (a JSON list of card objects); ids must be unique and both decks used."""
    if not isinstance(raw, list) or not raw:
        raise CardListError(source, "cards", "a non-empty list of cards", type(raw).__name__)
    cards: list[Card] = []
    seen: set[str] = set()
    for index, item in enumerate(raw):
        card = parse_card(item, source, f"card {index + 1}")
        if card.id in seen:
            raise CardListError(source, f"card {index + 1}: field 'id'", "a unique id", card.id)
        seen.add(card.id)
        cards.append(card)
    for deck in DECKS:
        if not any(card.deck == deck for card in cards):
            raise CardListError(source, "cards", f"at least one card of deck {deck}")
    return tuple(cards)


def parse_card_file(text: str, source: str) -> tuple[Card, ...]:
    """The card list of a ``cards.json`` document."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise CardListError(source, "(file)", f"valid JSON ({exc})") from exc
    if not isinstance(data, dict):
        raise CardListError(source, "(file)", "a JSON object with a 'cards' list")
    if data.get("format") != CARDS_FORMAT:
        raise CardListError(source, "format", repr(CARDS_FORMAT), data.get("format"))
    if data.get("version") != CARDS_VERSION:
        raise CardListError(source, "version", str(CARDS_VERSION), data.get("version"))
    if not isinstance(data.get("provisional", False), bool):
        raise CardListError(source, "provisional", "true or false", data.get("provisional"))
    return parse_cards(data.get("cards"), source)


def _read_packaged(name: str) -> str:
    """A data file of this package, through its own loader (a folder, a wheel or the page's zip):
    importlib.resources costs tens of milliseconds in the browser."""
    loader = getattr(__spec__, "loader", None)
    try:
        data: bytes = loader.get_data(os.path.join(os.path.dirname(__file__), name))  # type: ignore[union-attr]
    except (OSError, AttributeError):
        data = (Path(__file__).resolve().parent / name).read_bytes()
    return data.decode("utf-8")


@cache
def load_cards() -> tuple[Card, ...]:
    """The shipped card list (``cards.json``), read and validated once."""
    return parse_card_file(_read_packaged("cards.json"), "cards.json")


def card_table(cards: Sequence[Card]) -> dict[str, Card]:
    """Cards by id."""
    return {card.id: card for card in cards}
