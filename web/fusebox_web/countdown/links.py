"""Countdown's game links: ``?game=countdown&players=4&seed=7&bots=all`` deals that exact game.

The shell (``fusebox_web.shell.links``) hands Countdown the address when it says
``game=countdown``; this module reads Countdown's own parameters (all optional; a link needs at
least one of them):

``players``  2..5 (default: the table's)
``seed``     a whole number 0..2**53: the same seed deals the same game everywhere (default: random)
``bots``     ``0`` every seat a person (pass and play), ``1`` every seat a computer but the first,
             ``all`` computers only (a demonstration); default: the table's seats
``level``    the computers' level: strong, basic or random
``pace``     slow, normal, fast or instant
``first``    the first player's seat, 1..players (default: drawn from the seed)
``points``   ``1`` plays the Points variant (a match to 10)
``memory``   ``1`` hides the Scan notes (memory play)

A bad link is refused with a catalog key and parameters for the message (never an exception).
A link for Countdown with none of these but another parameter (``?game=countdown&mission=3``,
a Red Wire parameter) is refused naming it; beside Countdown's own parameters, others are
ignored, as Red Wire's links do (a site that shares a link may add its own).

>>> parse_link("?game=countdown&players=4&seed=7&bots=all")
Link(players=4, seed=7, bots='all', level=None, pace=None, first=None, points=None, memory=None)
>>> parse_link("?game=countdown") is None
True
>>> parse_link("?game=countdown&players=7")
LinkError(key='cd.link.players', params={'value': '7'})
>>> parse_link("?game=countdown&mission=3")
LinkError(key='cd.link.unknown', params={'name': 'mission'})
>>> link_query(3, 42, first=1, points=True)
'?game=countdown&players=3&seed=42&first=2&points=1'
"""

from __future__ import annotations

from dataclasses import dataclass

from ..shell.links import (
    GAME_PARAM,
    LinkError,
    encode_query,
    parse_query,
    shell_only,
    single,
    strays,
)
from .table import LEVELS, PACES

__all__ = ["GAME_PARAMS", "Link", "LinkError", "link_query", "parse_link", "without_game_params"]

MAX_SEED = 2**53  # what JavaScript numbers keep exactly
GAME_PARAMS = ("players", "seed", "bots", "level", "pace", "first", "points", "memory")


@dataclass(frozen=True)
class Link:
    players: int | None = None
    seed: int | None = None
    bots: str | None = None  # "0", "1" or "all"
    level: str | None = None
    pace: str | None = None
    #: The first player's seat (0-based), or None to draw it from the seed.
    first: int | None = None
    points: bool | None = None
    memory: bool | None = None

    def check(self, players: int) -> LinkError | None:
        """What is wrong with this link at a table of ``players`` (the table's count when the
        link names none): a first player beyond the table.

        >>> Link(first=4).check(4)
        LinkError(key='cd.link.first', params={'value': '5'})
        >>> Link(first=3).check(4) is None
        True
        """
        if self.first is not None and self.first >= players:
            return LinkError("cd.link.first", {"value": str(self.first + 1)})
        return None

    def kinds(self, players: int) -> list[str] | None:
        """Seat kinds asked by ``bots=``, or None to keep the table's."""
        if self.bots == "0":
            return ["human"] * players
        if self.bots == "1":
            return ["human"] + ["bot"] * (players - 1)
        if self.bots == "all":
            return ["bot"] * players
        return None


def _whole(text: str) -> int | None:
    return int(text) if text.isdigit() and len(text) <= 16 else None


def _flag(raw: str | None) -> bool | None:
    if raw is None:
        return None
    if raw in ("1", "yes", "true", "on"):
        return True
    if raw in ("0", "no", "false", "off"):
        return False
    raise ValueError(raw)


def parse_link(search: str) -> Link | LinkError | None:
    """The game a link asks for, a LinkError, or None when the address names no game."""
    query = parse_query(search)
    if not any(name in query for name in GAME_PARAMS):
        stray = strays(query, GAME_PARAMS)
        return LinkError("cd.link.unknown", {"name": stray[0][:24]}) if stray else None
    players = None
    raw = single(query, "players")
    if raw is not None:
        players = _whole(raw)
        if players is None or not 2 <= players <= 5:
            return LinkError("cd.link.players", {"value": raw[:12]})
    seed = None
    raw = single(query, "seed")
    if raw is not None:
        seed = _whole(raw)
        if seed is None or seed > MAX_SEED:
            return LinkError("cd.link.seed", {"value": raw[:24]})
    bots = single(query, "bots")
    if bots is not None and bots not in ("0", "1", "all"):
        return LinkError("cd.link.bots", {"value": bots[:12]})
    level = single(query, "level")
    if level is not None and level not in LEVELS:
        return LinkError("cd.link.level", {"value": level[:12]})
    pace = single(query, "pace")
    if pace is not None and pace not in PACES:
        return LinkError("cd.link.pace", {"value": pace[:12]})
    first = None
    raw = single(query, "first")
    if raw is not None:
        first = _whole(raw)
        if first is None or not 1 <= first <= (players or 5):
            return LinkError("cd.link.first", {"value": raw[:12]})
        first -= 1
    flags: dict[str, bool | None] = {}
    for name in ("points", "memory"):
        try:
            flags[name] = _flag(single(query, name))
        except ValueError:
            return LinkError(f"cd.link.flag.{name}", {"value": str(single(query, name))[:12]})
    return Link(players, seed, bots, level, pace, first, flags["points"], flags["memory"])


def link_query(players: int, seed: int, first: int | None = None, points: bool = False) -> str:
    """The query of a game link that deals exactly this game (to share it)."""
    params: list[tuple[str, object]] = [
        (GAME_PARAM, "countdown"),
        ("players", players),
        ("seed", seed),
    ]
    if first is not None:
        params.append(("first", first + 1))
    if points:
        params.append(("points", 1))
    return "?" + encode_query(params)


def without_game_params(search: str) -> str:
    """The address once the link has been read (dealt or refused): the shell's parameters only,
    so a reload resumes the game, and no stray parameter is left to be read as another game's
    link (``?mission=3`` alone is Red Wire's).

    >>> without_game_params("?game=countdown&players=3&mission=3&lang=it")
    '?lang=it'
    """
    return shell_only(search)
