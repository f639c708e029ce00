"""The card list (data, validated with clear errors) and the deal."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.loop import (
    Card,
    Options,
    Record,
    SetupError,
    explicit_setup,
    load_cards,
    random_setup,
    start,
)
from engine.loop.cards import DECK_OF, CardListError, parse_card_file
from engine.loop.setup import Setup

CARDS_JSON = Path(__file__).resolve().parents[3] / "engine" / "loop" / "cards.json"


def test_the_shipped_list_has_64_cards_16_per_colour_and_is_provisional() -> None:
    cards = load_cards()
    assert len(cards) == 64 and len({c.id for c in cards}) == 64
    for color in ("red", "blue", "green", "yellow"):
        assert sum(c.color == color for c in cards) == 16
    assert sum(c.deck == "A" for c in cards) == 32
    assert json.loads(CARDS_JSON.read_text())["provisional"] is True


def test_the_list_reproduces_the_seeds_numbers() -> None:
    by = {(c.color, c.difficulty): c for c in load_cards()}
    assert by["red", 4].points(4) == 2  # red 4 exact
    assert by["blue", 12].points(12) == 10  # blue 12 exact
    assert by["yellow", 7].points(8) == 2  # yellow 7 beaten by 3 + 5
    # The free flight example: 9 exact (6, doubled), 8 over (2), 5 over (1), 4 exact (2).
    assert [by["blue", 9].exact, by["blue", 8].over, by["red", 5].over, by["red", 4].exact] == [
        6,
        2,
        1,
        2,
    ]


def document(cards: list[dict[str, object]]) -> str:
    return json.dumps({"format": "fusebox.loop.cards", "version": 1, "cards": cards})


GOOD = {"id": "red3a", "color": "red", "difficulty": 3, "exact": 2, "over": 1}
OTHER = {"id": "green3a", "color": "green", "difficulty": 3, "exact": 2, "over": 1}


@pytest.mark.parametrize(
    ("card", "message"),
    [
        ({**GOOD, "color": "purple"}, "card 1 (red3a): field 'color': expected one of red"),
        (
            {**GOOD, "exact": 1},
            "(red3a): field 'exact': expected an integer greater than 'over' (1)",
        ),
        (
            {**GOOD, "difficulty": 19},
            "(red3a): field 'difficulty': expected an integer 1..18, got 19",
        ),
        (
            {**GOOD, "difficulty": "7"},
            "(red3a): field 'difficulty': expected an integer 1..18, got '7'",
        ),
        ({**GOOD, "over": -1}, "(red3a): field 'over': expected an integer 0..98, got -1"),
        ({**GOOD, "points": 3}, "card 1: field 'points': expected no such field"),
        ({k: v for k, v in GOOD.items() if k != "over"}, "card 1: field 'over': expected a value"),
        ({**GOOD, "id": "red 3"}, "card 1: field 'id': expected 1 to 16 letters"),
    ],
)
def test_a_bad_card_is_named_with_its_field(card: dict[str, object], message: str) -> None:
    with pytest.raises(CardListError) as info:
        parse_card_file(document([card, OTHER]), "cards.json")
    assert str(info.value).startswith("cards.json: card 1"), info.value
    assert message.removeprefix("card 1").removeprefix(": ") in str(info.value), info.value


def test_duplicate_ids_wrong_versions_and_one_sided_lists_are_refused() -> None:
    with pytest.raises(CardListError, match="card 2: field 'id': expected a unique id"):
        parse_card_file(document([GOOD, GOOD, OTHER]), "x.json")
    with pytest.raises(CardListError, match="at least one card of deck B"):
        parse_card_file(document([GOOD]), "x.json")
    with pytest.raises(CardListError, match="version: expected 1, got 2"):
        parse_card_file(json.dumps({"format": "fusebox.loop.cards", "version": 2}), "x.json")
    with pytest.raises(CardListError, match="valid JSON"):
        parse_card_file("{", "x.json")


def test_a_corrected_list_plays_without_code_changes() -> None:
    # Difficulty 13 (the seed says 3..13) is valid data; the game plays with any valid list.
    cards = [c for c in load_cards() if c.id != "blue12a"]
    cards.append(Card("blue13a", "blue", 13, 12, 5))
    state = start(random_setup(2, 3, cards=cards))
    assert state.card["blue13a"].min_dice == 3
    assert Record.loads(state.record.dumps()).setup.cards == tuple(cards)


def test_the_deal_gives_three_cards_of_each_deck_to_everyone() -> None:
    for players in range(2, 7):
        setup = random_setup(players, seed=players)
        table = {c.id: c for c in setup.cards}
        for hand in setup.hands:
            assert sorted(table[c].deck for c in hand) == ["A"] * 3 + ["B"] * 3
        assert len(setup.decks["A"]) == 32 - 3 * players
        assert all(DECK_OF[table[c].color] == "A" for c in setup.decks["A"])
        assert setup.first in range(players)


def test_the_same_seed_deals_the_same_game() -> None:
    assert random_setup(4, 9) == random_setup(4, 9)
    assert random_setup(4, 9) != random_setup(4, 10)
    assert random_setup(3, 9, first=2).first == 2


def test_bad_setups_are_refused_with_a_reason() -> None:
    cards = load_cards()
    a = [c.id for c in cards if c.deck == "A"]
    b = [c.id for c in cards if c.deck == "B"]
    hands = [a[:3] + b[:3], a[3:6] + b[3:6]]
    decks = {"A": a[6:], "B": b[6:]}
    explicit_setup(2, hands, decks)  # fine
    with pytest.raises(SetupError, match="2 to 6 players"):
        explicit_setup(7, hands, decks)
    with pytest.raises(SetupError, match="is both in hand 0 and in deck A"):
        explicit_setup(2, hands, {"A": a[:1] + a[6:], "B": b[6:]})
    with pytest.raises(SetupError, match="belongs to deck A, not B"):
        explicit_setup(2, hands, {"A": a[7:], "B": [a[6], *b[6:]]})
    with pytest.raises(SetupError, match="neither in a hand nor in a deck"):
        explicit_setup(2, hands, {"A": a[7:], "B": b[6:]})
    with pytest.raises(SetupError, match="no card 'joker'"):
        explicit_setup(2, [["joker"], []], decks)
    with pytest.raises(SetupError, match="first player must be a seat"):
        explicit_setup(2, hands, decks, first=2)
    with pytest.raises(SetupError, match="unknown option 'turbo'"):
        Options.from_json({"turbo": True})


def test_a_setup_survives_json_and_keeps_its_card_list() -> None:
    setup = random_setup(5, 77, options=Options(max_rounds=40, record_bonus="own"))
    again = Setup.from_json(json.loads(json.dumps(setup.to_json())))
    assert again == setup
    raw = setup.to_json()
    raw["cards"][0]["exact"] = 0
    with pytest.raises(SetupError, match=r"setup\.cards: card 1"):
        Setup.from_json(raw)
