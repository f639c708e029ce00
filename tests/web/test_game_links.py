"""Countdown's and Loop the Loop's game links read in CPython: a link with a parameter the game
does not have, nonsense in every parameter the README lists, and what is left in the address.

What the page then does with a refusal (the sentence, the game in progress kept) is checked in
Chromium by tests/e2e/test_countdown_site.py and tests/e2e/test_loop_table.py.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fusebox_web.countdown import links as countdown_links
from fusebox_web.loop import urls as loop_urls
from fusebox_web.shell.i18n import Catalog
from fusebox_web.shell.links import LinkError, choose_game

from engine.core.registry import games

README = Path(__file__).resolve().parents[2] / "README.md"
#: Each game's link module and its catalog keys' prefix.
GAMES = {"countdown": (countdown_links, "cd"), "loop": (loop_urls, "lp")}


@pytest.mark.parametrize("game", GAMES)
def test_a_link_with_only_another_games_parameter_is_refused_naming_it(game: str) -> None:
    """``?game=countdown&mission=3`` (a Red Wire parameter) used to read as no link at all:
    nothing was said, and the address kept it. Now it is refused naming the parameter; a link
    with the game's own parameters still ignores others (as Red Wire's do), and the game's
    name alone, or with the shell's ``lang``, is no link."""
    links, prefix = GAMES[game]
    for search in (f"?game={game}&mission=3", f"?game={game}&lang=it&mission=3&captain=2"):
        assert links.parse_link(search) == LinkError(f"{prefix}.link.unknown", {"name": "mission"})
    assert links.parse_link(f"?game={game}&{'x' * 40}=1") == LinkError(
        f"{prefix}.link.unknown", {"name": "x" * 24}
    )
    assert links.parse_link(f"?game={game}") is None
    assert links.parse_link(f"?game={game}&lang=it") is None
    kept = links.parse_link(f"?game={game}&players=3&seed=4&fbclid=abc")
    assert isinstance(kept, links.Link) and (kept.players, kept.seed) == (3, 4)


@pytest.mark.parametrize("game", GAMES)
def test_once_read_a_link_leaves_only_the_shells_parameters(game: str) -> None:
    """Loop the Loop's ``?game=loop&mission=3`` left ``?mission=3`` in the address (only its own
    parameters and ``game`` were removed): a reload then opened Red Wire's mission 3. A link,
    dealt or refused, now leaves the shell's parameters only, and the address opens no game."""
    links, _ = GAMES[game]
    for search in (f"?game={game}&mission=3&lang=it", f"?game={game}&players=3&x=1&lang=it"):
        left = links.without_game_params(search)
        assert left == "?lang=it"
        assert choose_game(left, list(games()), last=game).opens == game  # the game played last


@pytest.mark.parametrize("game", GAMES)
def test_every_parameter_refused_speaks_to_a_player(game: str, catalog: Catalog) -> None:
    """Loop the Loop's refusals named the link's raw parameters ("players must be 2 to 6",
    Italian "players deve essere da 2 a 6", "record non può essere..."): every parameter the
    README lists, given nonsense, is refused with a sentence in the player's words (the number
    of players, the computers' level), in both languages; Countdown's the same."""
    links, prefix = GAMES[game]
    names = links.GAME_PARAMS
    readme = README.read_text()
    example = re.search(rf"`\?game={game}&players=4&seed=7&bots=all`[^.]*\.", readme, re.S)
    assert example is not None
    listed = set(re.findall(r"`(\w+)", example.group()))
    assert set(names) <= listed | {"players", "seed", "bots"}, "the README lists every parameter"
    english = catalog.with_lang("en")
    for name in names:
        value = "banana"
        found = links.parse_link(f"?game={game}&{name}={value}")
        assert isinstance(found, LinkError), name
        assert found.key in english.messages["en"], found.key
        detail = catalog.t(found.key, **found.params)
        sentence = catalog.t(f"{prefix}.link.bad", detail=detail)
        assert value in sentence and not re.search(r"\{\w+\}", sentence), sentence
        if catalog.lang == "it":  # the link's words are English: none of its parameters is said
            # ("record" is an Italian word too: "il bonus per il nuovo record")
            raw = [n for n in names if n != "record" and re.search(rf"\b{n}\b", detail)]
            assert not raw, (name, detail)
        else:
            assert not re.match(rf"{name}\b", detail), (name, detail)
    # A first seat beyond the table the link is played at (known only at the table).
    late = links.parse_link(f"?game={game}&first=5")
    assert isinstance(late, links.Link)
    refused = late.check(4)
    assert isinstance(refused, LinkError)
    detail = catalog.t(refused.key, **refused.params)
    assert "5" in detail and not re.search(r"\bfirst\b", detail if catalog.lang == "it" else "")
