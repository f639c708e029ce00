"""The page's address: which game a link is for, and the query helpers every game's links use.

``?game=<id>`` names the game; without it a link is Red Wire's (``DEFAULT_GAME``), so every link
shared before the box held other games keeps working. The other parameters belong to that game
(each game's page package reads its own: Red Wire's ``?mission=4&players=4&seed=7``), except the
shell's ``lang``. A link to a game the box does not hold is refused with a catalog key for the
message; the page then shows the home screen, and no game reads the link.

At boot the shell also chooses the one game that may open its screens at once (``opens``): the
game a link is for, else the game played last (a game in progress comes back after a reload),
else none after a refused link. A page loaded again on the home screen's history entry
(``web/js/back.js``: Back, then reload) opens no game by itself, unless the address is a link.

>>> choose_game("?mission=4&seed=7", ["redwire"])
LinkChoice(game='redwire', error=None, opens='redwire')
>>> choose_game("?game=redwire&mission=4", ["redwire", "countdown"], last="countdown")
LinkChoice(game='redwire', error=None, opens='redwire')
>>> choose_game("?lang=it", ["redwire", "countdown"], last="countdown")
LinkChoice(game='redwire', error=None, opens='countdown')
>>> choose_game("?lang=it", ["redwire", "countdown"], last="countdown", at_home=True)
LinkChoice(game='redwire', error=None, opens=None)
>>> choose_game("?mission=4", ["redwire", "countdown"], last="countdown", at_home=True)
LinkChoice(game='redwire', error=None, opens='redwire')
>>> choose_game("?game=chess&mission=4&lang=it", ["redwire"])
LinkChoice(game=None, error=LinkError(key='app.link.unknownGame', params={'value': 'chess'}), opens=None)
>>> shell_only("?game=chess&mission=4&lang=it")
'?lang=it'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

DEFAULT_GAME = "redwire"  # engine.core.registry.DEFAULT_GAME, without importing the registry
GAME_PARAM = "game"
#: Parameters that belong to the shell, never to a game.
SHELL_PARAMS = ("lang",)
#: Parameters a site adds to a link it shares (the click's id, the campaign's name): no game's,
#: and no mistake of whoever wrote the link, so never refused as one (``?fbclid=...`` alone is
#: the site's address, shared).
SHARING_PARAMS = re.compile(r"(?:fbclid|gclid|dclid|gbraid|wbraid|msclkid|twclid|igshid|utm_\w+)$")


@dataclass(frozen=True)
class LinkError:
    """A link the page cannot follow: the catalog key of the sentence saying why, its params."""

    key: str
    params: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class LinkChoice:
    """The game the address is for (None when it names one the box does not hold) and why it
    was refused; the game that may open its screens at boot (None: the home screen)."""

    game: str | None
    error: LinkError | None = None
    opens: str | None = None


# Not urllib.parse: this module is on the page's boot path, and urllib.parse (with ipaddress, which
# it imports) costs the browser tens of milliseconds to compile and run. A link needs only the
# functions below; tests/web/test_redwire_urls.py checks them against urllib.parse.
_ESCAPES = re.compile(r"(?:%[0-9A-Fa-f]{2})+")
_UNRESERVED = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-~")


def _unquote(text: str) -> str:
    """As ``unquote_plus``: ``+`` is a space, a run of ``%XX`` is UTF-8 (bad bytes: U+FFFD)."""
    text = text.replace("+", " ")
    if "%" not in text:
        return text
    return _ESCAPES.sub(
        lambda m: bytes.fromhex(m.group().replace("%", "")).decode("utf-8", "replace"), text
    )


def parse_query(search: str) -> dict[str, list[str]]:
    """As ``parse_qs(search.lstrip("?"), keep_blank_values=True)``: each name's values."""
    query: dict[str, list[str]] = {}
    for pair in search.lstrip("?").split("&"):
        if pair:
            name, _, value = pair.partition("=")
            query.setdefault(_unquote(name), []).append(_unquote(value))
    return query


def _quote(text: str) -> str:
    """As ``quote_plus``: unreserved characters stay, a space is ``+``, the rest is %XX UTF-8."""
    return "".join(
        c if c in _UNRESERVED else "+" if c == " " else "".join(f"%{b:02X}" for b in c.encode())
        for c in text
    )


def encode_query(pairs: Iterable[tuple[str, object]]) -> str:
    """As ``urlencode(pairs)``."""
    return "&".join(f"{_quote(str(name))}={_quote(str(value))}" for name, value in pairs)


def single(query: dict[str, list[str]], name: str) -> str | None:
    """The last value of ``name`` (trimmed), or None when the query has none."""
    values = query.get(name)
    return values[-1].strip() if values else None


def without(search: str, names: Iterable[str]) -> str:
    """The query without the parameters ``names`` (the others stay, in their order).

    >>> without("?mission=2&lang=it&x=a%20b&seed=3", ["mission", "seed"])
    '?lang=it&x=a+b'
    """
    dropped = set(names)
    query = parse_query(search)
    kept = [(k, v) for k, values in query.items() if k not in dropped for v in values]
    return ("?" + encode_query(kept)) if kept else ""


def strays(query: dict[str, list[str]], params: Iterable[str]) -> list[str]:
    """The names in ``query`` that are neither a game's ``params``, nor ``game``, nor the
    shell's, nor a sharing site's: a hand-edited link's mistake (``?game=countdown&mission=3``).

    >>> strays(parse_query("?game=countdown&mission=3&lang=it&players=2"), ["players"])
    ['mission']
    >>> strays(parse_query("?fbclid=abc&utm_source=x"), ["players"])
    []
    """
    known = {GAME_PARAM, *SHELL_PARAMS, *params}
    return [name for name in query if name not in known and not SHARING_PARAMS.match(name)]


def shell_only(search: str) -> str:
    """The query with the shell's parameters only (after a link that no game may read)."""
    query = parse_query(search)
    return without(search, [name for name in query if name not in SHELL_PARAMS])


def choose_game(
    search: str,
    games: Sequence[str],
    last: str | None = None,
    default: str = DEFAULT_GAME,
    *,
    at_home: bool = False,
) -> LinkChoice:
    """The game ``search`` is for (``?game=<id>``, else the default game), and the game that may
    open its screens at boot: that one if the address is a link (it has parameters besides the
    shell's and a sharing site's), else none when the page loads on a history entry of the home
    screen (``at_home``: a reload after Back stays there), else ``last`` (the game played last,
    when the box still holds it), else the default game."""
    query = parse_query(search)
    raw = single(query, GAME_PARAM)
    if raw is not None and raw.lower() not in games:
        return LinkChoice(None, LinkError("app.link.unknownGame", {"value": raw[:24]}))
    game = raw.lower() if raw is not None else default if default in games else None
    if any(name not in SHELL_PARAMS and not SHARING_PARAMS.match(name) for name in query):
        return LinkChoice(game, None, game)
    if at_home:
        return LinkChoice(game, None, None)
    return LinkChoice(game, None, last if last in games else game)
