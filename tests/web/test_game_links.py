"""The games' links read in CPython: a link with a parameter the game does not have, nonsense in
every parameter the README (Red Wire: docs/redwire-page.md) lists, and what is left in the
address.

What the page then does with a refusal (the sentence, the game in progress kept) is checked in
Chromium by tests/e2e/test_countdown_site.py, tests/e2e/test_loop_table.py and
tests/e2e/test_redwire_site.py.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fusebox_web.countdown import links as countdown_links
from fusebox_web.loop import urls as loop_urls
from fusebox_web.redwire import urls as redwire_urls
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


# Red Wire: the shell's default game, so its links may name no game (``?mission=4``).
REDWIRE_DOC = README.parent / "docs" / "redwire-page.md"


@pytest.mark.parametrize("search", ["?game=redwire&foo=3", "?foo=3", "?lang=it&foo=3&bar=1"])
def test_a_red_wire_link_with_only_unknown_parameters_is_refused_naming_it(search: str) -> None:
    """``?game=redwire&foo=3`` (or ``?foo=3``: a link that names no game is Red Wire's) showed
    nothing and kept the address, where Countdown and Loop the Loop refuse such a link naming
    the parameter: Red Wire now does the same, with the shell's ``strays``. Beside Red Wire's
    own parameters another one stays ignored (``&fbclid=``), the projector's ``view`` is Red
    Wire's, and an address with the shell's ``lang`` alone is no link."""
    assert redwire_urls.parse_link(search) == LinkError("rw.link.unknown", {"name": "foo"})
    long = redwire_urls.parse_link(f"?{'x' * 40}=1")
    assert long == LinkError("rw.link.unknown", {"name": "x" * 24})
    for no_link in ("", "?game=redwire", "?lang=it", "?view=table", "?game=redwire&lang=it"):
        assert redwire_urls.parse_link(no_link) is None, no_link
    kept = redwire_urls.parse_link("?mission=4&players=3&seed=4&fbclid=abc&utm_source=x")
    assert isinstance(kept, redwire_urls.Link) and (kept.mission, kept.players) == (4, 3)


@pytest.mark.parametrize(
    "search", ["?game=redwire&foo=3&lang=it", "?mission=3&players=3&foo=1&lang=it", "?x=1&lang=it"]
)
def test_once_read_a_red_wire_link_leaves_only_the_shells_parameters(search: str) -> None:
    """Red Wire removed its own parameters and ``game`` only: ``?game=redwire&foo=3`` stayed
    as it was, and a stray beside a dealt link stayed after it. A link read, dealt or
    refused, now leaves ``lang`` alone, as Countdown's and Loop the Loop's do; a reload then
    resumes the game played last instead of reading the link again."""
    left = redwire_urls.without_game_params(search)
    assert left == "?lang=it"
    assert redwire_urls.parse_link(left) is None
    assert choose_game(left, list(games()), last="redwire").opens == "redwire"


#: Every parameter of a Red Wire link with nonsense, a blank, and values out of range (the
#: link's other parameters: a mission and table they are valid with).
REDWIRE_BAD = {
    "mission": ("?", ["banana", "", "0", "99", "-3", "4.5"]),
    "players": ("?mission=4&", ["banana", "", "1", "9", "-2"]),
    "seed": ("?mission=4&", ["banana", "", "-1", str(2**53 + 1), "9" * 30]),
    "bots": ("?mission=4&", ["banana", "", "2", "ALL"]),
    "level": ("?mission=4&", ["banana", "", "strong"]),
    "pace": ("?mission=4&", ["banana", "", "slower"]),
    "brief": ("?mission=4&", ["banana", "", "2"]),
    "captain": ("?mission=4&players=3&", ["banana", "", "0", "4", "6"]),
    "edition": ("?mission=4&", ["banana", "", "FR"]),
    "scope": ("?mission=4&", ["banana", "", "table"]),
    "supply": ("?mission=4&", ["banana", "", "limited"]),
    "memory": ("?mission=50&players=3&", ["banana", "", "none"]),
    "locks": ("?mission=12&", ["banana", "", "none"]),
    "bluffer": ("?mission=17&", ["banana", "", "KEEPS"]),
    "unheld": ("?mission=18&", ["banana", "", "free"]),
    "discards": ("?mission=47&players=3&", ["banana", "", "2"]),
    "stranded": ("?mission=65&players=3&", ["banana", "", "win"]),
    "characters": ("?mission=31&players=3&", ["banana", "", "dd,E5", "dd,dd,dd,dd,dd,dd"]),
}


def test_every_red_wire_parameter_refused_speaks_to_a_player(catalog: Catalog) -> None:
    """Red Wire's refusals named the link's internals: ``?mission=4&bots=x`` said
    ``bots=“x” is not understood``, ``scope=x`` said ``scope=“x” is not a rules variant`` (one
    sentence for every rule variant), ``players=`` said ``(not “”)``, and ``brief=banana``
    was read as ``brief=1`` in silence. Every parameter docs/redwire-page.md lists, given
    nonsense, a blank or a value out of range, is now refused with its own sentence in the
    player's words, in both languages: what it must be, then the value given, or that the
    link leaves it blank."""
    section = REDWIRE_DOC.read_text().split("## Game links")[1].split("\n## ")[0]
    listed = set(re.findall(r"[`?&](\w+)=", section))
    assert set(redwire_urls.GAME_PARAMS) <= listed, "docs/redwire-page.md lists every parameter"
    assert set(REDWIRE_BAD) == set(redwire_urls.GAME_PARAMS)
    english = catalog.with_lang("en")
    keys: dict[str, set[str]] = {}
    for name, (before, values) in REDWIRE_BAD.items():
        for value in values:
            found = redwire_urls.parse_link(f"{before}{name}={value}")
            assert isinstance(found, LinkError), (name, value, found)
            assert found.key in english.messages["en"], found.key
            keys.setdefault(name, set()).add(found.key)
            sentence = redwire_urls.refusal(catalog.t, found)
            assert not re.search(r"\{\w+\}", sentence), sentence
            assert not re.search(r"\w=", sentence), sentence  # no "bots=" nor "scope="
            assert "“”" not in sentence and "«»" not in sentence, sentence
            if value:
                assert value[:12] in sentence, (value, sentence)  # (a long one cut short)
            else:
                blank = {"en": "leaves it blank", "it": "manca il valore"}[catalog.lang]
                assert blank in sentence, sentence
            detail = catalog.t(found.key, **found.params, given="")
            if catalog.lang == "it":  # none of the link's (English) parameter names is said
                raw = [n for n in redwire_urls.GAME_PARAMS if re.search(rf"\b{n}\b", detail)]
                assert not raw, (name, detail)
            else:
                assert not re.match(rf"{name}\b", detail), (name, detail)
    # One sentence per parameter and per rule variant, each its own.
    assert all(len(found) == 1 for found in keys.values()), keys
    assert len({key for found in keys.values() for key in found}) == len(keys), keys


@pytest.mark.parametrize("game", ["redwire", "countdown", "loop"])
def test_a_sharing_sites_parameters_alone_are_no_link(game: str) -> None:
    """A site that shares the box's address adds its own parameters (``?fbclid=...``, the
    ``utm_`` ones): refusing a link of unknown parameters alone would have greeted everyone
    who came from such a site with "Red Wire has no “fbclid” in its links" instead of their
    game in progress. They are no link (as ``lang`` alone), and the game played last opens."""
    links = {"redwire": redwire_urls, "countdown": countdown_links, "loop": loop_urls}[game]
    named = "" if game == "redwire" else f"game={game}&"
    for search in (f"?{named}fbclid=Iw4r", f"?{named}utm_source=x&utm_medium=social&lang=it"):
        assert links.parse_link(search) is None, search
    assert choose_game(f"?{named}fbclid=Iw4r", list(games()), last=game).opens == game
    assert choose_game("?fbclid=Iw4r&lang=it", list(games()), last=game).opens == game
    odd = links.parse_link(f"?{named}fbclid=Iw4r&foo=1")  # a mistake beside them still is one
    assert isinstance(odd, LinkError) and odd.params == {"name": "foo"}
