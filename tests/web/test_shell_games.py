"""Every game of the page plugs in the same way: registered in the engine, a page package, its
own catalogs (complete in every language), a card on the home screen written by the build.

A game whose engine is registered before its page package exists is not on the page yet (the
build says so); every page package must be a registered game."""

from __future__ import annotations

import importlib
import json
import re
from pathlib import Path

import pytest
from fusebox_web.shell.games import PAGE_MODULE, GameCard, card_messages, parse_games
from fusebox_web.shell.home import games_html
from fusebox_web.shell.i18n import load_catalogs, merge_parts, read_parts

import build
from engine.core.registry import games

WEB = Path(__file__).resolve().parents[2] / "web"
PLACEHOLDER = re.compile(r"\{(\w+)\}")
PARTS = read_parts(WEB / "i18n")
LANGUAGES = ("en", "it")
#: The games with a page package, in the registry's order.
PAGE_GAMES = [game for game in games() if (WEB / "fusebox_web" / game / "page.py").exists()]


def test_every_page_package_is_a_registered_game() -> None:
    packages = {p.parent.name for p in WEB.glob("fusebox_web/*/page.py")}
    assert packages == set(PAGE_GAMES) and "redwire" in packages


@pytest.mark.parametrize("game", PAGE_GAMES)
def test_each_game_has_a_page_package(game: str) -> None:
    page = importlib.import_module(PAGE_MODULE.format(id=game)).PAGE
    assert page.id == game and callable(page.mount)
    assert page.link_params and page.catalog_prefixes


@pytest.mark.parametrize("part", sorted(PARTS))
def test_each_part_of_the_catalogs_is_complete_in_every_language(part: str) -> None:
    languages = PARTS[part]
    assert tuple(sorted(languages)) == LANGUAGES
    english = languages["en"]
    for lang, messages in languages.items():
        assert set(messages) == set(english), f"{part}/{lang}: keys differ from English"
        for key, text in messages.items():
            assert text.strip(), f"{part}/{lang}: {key} is empty"
            assert set(PLACEHOLDER.findall(text)) == set(PLACEHOLDER.findall(english[key])), key


def game_of(part: str) -> str:
    """A part's game: the first folder (``redwire`` for ``redwire/mechanisms/equipment/radar``)."""
    return part.split("/", maxsplit=1)[0]


def test_each_game_speaks_only_under_its_own_prefixes() -> None:
    assert {game_of(part) for part in PARTS} == {"shell", *PAGE_GAMES}
    prefixes = {
        game: importlib.import_module(PAGE_MODULE.format(id=game)).PAGE.catalog_prefixes
        for game in PAGE_GAMES
    }
    for part, languages in PARTS.items():
        if part != "shell":
            for key in languages["en"]:
                assert key.startswith(prefixes[game_of(part)]), f"{part}: {key}"
    every = tuple(p for found in prefixes.values() for p in found)
    foreign = [key for key in PARTS["shell"]["en"] if key.startswith(every)]
    assert not foreign, f"the shell's catalog holds games' keys: {foreign}"
    # The card texts the build adds from the registry are the shell's business, not the game's.
    for game in PAGE_GAMES:
        assert not {f"game.{game}.{f}" for f in ("title", "summary", "players")} & set(
            PARTS[game]["en"]
        )


def test_the_registry_gives_every_card_text_in_every_language() -> None:
    cards = [GameCard.from_info(info) for info in games().values()]
    shell = merge_parts({"shell": PARTS["shell"]})
    for lang, messages in card_messages(cards, shell).items():
        for card in cards:
            assert card.title.get(lang) and card.summary.get(lang), (card.id, lang)
            assert "{" not in messages[card.key("players")]


def test_the_build_writes_every_game_into_the_page() -> None:
    cards = build.page_games()
    assert [card.id for card in cards] == PAGE_GAMES
    assert parse_games(json.dumps([card.to_json() for card in cards])) == cards
    messages = build.catalogs(cards)
    assert set(messages) == set(LANGUAGES)
    shipped = load_catalogs(WEB / "i18n").messages
    for lang in LANGUAGES:
        assert set(shipped[lang]) < set(messages[lang])
    html = games_html(cards, messages["en"], build.card_markup(cards))
    for card in cards:
        assert f'id="game-{card.id}-app"' in html and card.title["en"] in html
    assert 'data-i18n="game.redwire.rule5"' in html  # Red Wire's own card.html


def test_module_strings_sit_beside_their_module() -> None:
    """A ``*.strings.json`` holds the sentences of the page module of the same name."""
    found = sorted((WEB / "fusebox_web").rglob("*.strings.json"))
    assert found, "Red Wire's mechanisms bring their own strings"
    for path in found:
        module = path.with_name(path.name.removesuffix(".strings.json") + ".py")
        assert module.exists(), f"{path.name} has no module beside it"
        part = path.relative_to(WEB / "fusebox_web").as_posix().removesuffix(".strings.json")
        assert part in PARTS, part
