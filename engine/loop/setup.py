"""The setup of a game: players, first player, options, the card list and the deal.

A :class:`Setup` holds the card list it was dealt with and the order of both draw piles, so a
record replays the same game even after ``cards.json`` is corrected. It comes from a seed
(:func:`random_setup`) or is written by hand for tutorials and tests (:func:`explicit_setup`).

>>> s = random_setup(players=3, seed=7)
>>> [len(hand) for hand in s.hands], len(s.decks["A"]), len(s.decks["B"]), s.first in range(3)
([6, 6, 6], 23, 23, True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..core.rng import Rng
from .cards import DECKS, Card, CardListError, card_table, load_cards, parse_cards
from .errors import SetupError
from .options import Options

PLAYER_COUNTS = range(2, 7)
#: Cards of each deck dealt to every player (spec §3.4).
DEAL_PER_DECK = 3
MAX_HAND = 12


@dataclass(frozen=True)
class Setup:
    """Everything fixed before the first decision."""

    players: int
    first: int
    #: Each seat's starting hand (card ids).
    hands: tuple[tuple[str, ...], ...]
    #: The draw piles, top card first.
    decks: Mapping[str, tuple[str, ...]]
    cards: tuple[Card, ...] = field(default_factory=load_cards)
    options: Options = field(default_factory=Options)
    #: Seeds the dice and reshuffles of play (their outcomes are recorded too).
    seed: int = 0

    def to_json(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "first": self.first,
            "seed": self.seed,
            "options": self.options.to_json(),
            "hands": [list(hand) for hand in self.hands],
            "decks": {deck: list(self.decks[deck]) for deck in DECKS},
            "cards": [card.to_json() for card in self.cards],
        }

    @classmethod
    def from_json(cls, raw: object) -> Setup:
        """Parse and validate; raises SetupError naming what is wrong."""
        if not isinstance(raw, dict):
            raise SetupError("setup must be an object")
        try:
            hands = raw["hands"]
            decks = raw["decks"]
            if not isinstance(hands, list) or not all(isinstance(h, list) for h in hands):
                raise SetupError("setup.hands must be a list of lists of card ids")
            if not isinstance(decks, dict) or not all(isinstance(d, list) for d in decks.values()):
                raise SetupError("setup.decks must map 'A' and 'B' to lists of card ids")
            try:
                cards = parse_cards(raw["cards"], "setup.cards")
            except CardListError as exc:
                raise SetupError(str(exc)) from exc
            return explicit_setup(
                players=_int(raw, "players"),
                first=_int(raw, "first"),
                hands=hands,
                decks=decks,
                cards=cards,
                options=Options.from_json(raw.get("options")),
                seed=_int(raw, "seed"),
            )
        except KeyError as exc:
            raise SetupError(f"setup is missing the field {exc.args[0]!r}") from exc
        except TypeError as exc:
            raise SetupError(f"setup is invalid: {exc}") from exc


def _int(raw: Mapping[str, Any], key: str) -> int:
    value = raw[key]
    if isinstance(value, bool) or not isinstance(value, int):
        raise SetupError(f"setup.{key} must be a whole number, got {value!r}")
    return value


def _check_players(players: object) -> int:
    if isinstance(players, bool) or not isinstance(players, int) or players not in PLAYER_COUNTS:
        raise SetupError(f"Loop the Loop is for 2 to 6 players, not {players!r}")
    return players


def random_setup(
    players: int,
    seed: int,
    *,
    first: int | None = None,
    options: Options | None = None,
    cards: Sequence[Card] | None = None,
) -> Setup:
    """Shuffle both decks and deal three cards of each to every player (spec §3)."""
    _check_players(players)
    cards = tuple(load_cards() if cards is None else cards)
    rng = Rng(seed)
    piles: dict[str, list[str]] = {}
    for deck in DECKS:
        pile = [card.id for card in cards if card.deck == deck]
        rng.shuffle(pile)
        piles[deck] = pile
    if first is None:
        first = rng.below(players)
    hands: list[list[str]] = [[] for _ in range(players)]
    for deck in DECKS:
        pile = piles[deck]
        if len(pile) < DEAL_PER_DECK * players:
            raise SetupError(
                f"deck {deck} has {len(pile)} cards: dealing {players} players needs "
                f"{DEAL_PER_DECK * players}"
            )
        for seat in range(players):
            hands[seat].extend(pile[:DEAL_PER_DECK])
            del pile[:DEAL_PER_DECK]
    return explicit_setup(
        players,
        hands=hands,
        decks=piles,
        first=first,
        options=options,
        cards=cards,
        seed=seed,
    )


def explicit_setup(
    players: int,
    hands: Sequence[Sequence[str]],
    decks: Mapping[str, Sequence[str]],
    *,
    first: int = 0,
    options: Options | None = None,
    cards: Sequence[Card] | None = None,
    seed: int = 0,
) -> Setup:
    """A setup written by hand: every card of the list appears exactly once, in a hand or in
    the draw pile of its own deck (top first). Raises SetupError naming what is wrong."""
    _check_players(players)
    cards = tuple(load_cards() if cards is None else cards)
    table = card_table(cards)
    if isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < players:
        raise SetupError(f"first player must be a seat 0..{players - 1}, got {first!r}")
    if len(hands) != players:
        raise SetupError(f"{players} players need {players} hands, got {len(hands)}")
    seen: dict[str, str] = {}

    def place(card_id: object, where: str) -> str:
        if not isinstance(card_id, str) or card_id not in table:
            raise SetupError(f"{where}: no card {card_id!r} in the card list")
        if card_id in seen:
            raise SetupError(f"card {card_id} is both in {seen[card_id]} and in {where}")
        seen[card_id] = where
        return card_id

    dealt = []
    for seat, hand in enumerate(hands):
        if len(hand) > MAX_HAND:
            raise SetupError(f"hand {seat} holds {len(hand)} cards (at most {MAX_HAND})")
        dealt.append(tuple(place(c, f"hand {seat}") for c in hand))
    if sorted(decks) != sorted(DECKS):
        raise SetupError("setup.decks must have exactly the decks 'A' and 'B'")
    piles: dict[str, tuple[str, ...]] = {}
    for deck in DECKS:
        pile = tuple(place(c, f"deck {deck}") for c in decks[deck])
        wrong = [c for c in pile if table[c].deck != deck]
        if wrong:
            raise SetupError(f"card {wrong[0]} belongs to deck {table[wrong[0]].deck}, not {deck}")
        piles[deck] = pile
    missing = [card.id for card in cards if card.id not in seen]
    if missing:
        raise SetupError(f"card {missing[0]} is neither in a hand nor in a deck")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise SetupError(f"seed must be a whole number, got {seed!r}")
    options = options or Options()
    options.validate()
    return Setup(players, first, tuple(dealt), piles, cards, options, seed)
