"""Loop the Loop's game links: ``?game=loop&players=4&seed=7&bots=all`` starts that exact game.

The shell (``fusebox_web.shell.links``) hands the address to Loop the Loop when it says
``game=loop``; this module reads the game's own parameters (all optional):

``players``  2..6 (default: the table's)
``seed``     a whole number 0..2**53: the same seed deals the same cards and rolls the same dice
``bots``     ``0`` every seat a person (pass and play), ``1`` computers but the first seat,
             ``all`` computers only (a demonstration); default: the table's seats
``level``    the computers' level: strong, basic or random
``pace``     slow, normal, fast or instant (how long computers think)
``first``    the first player's seat, 1..players (default: drawn from the seed)
``odds``     ``1`` turns the learning aid on (the exact odds of the flight on screen)
``record``   table or own; ``seventh``: any or before; ``existing``, ``pass``: 0 or 1 (rule
             options); ``rounds``: end after that many rounds (1..999)

A bad link is refused with a catalog key and parameters for the message (never an exception).
A link for Loop the Loop with none of these but another parameter (``?game=loop&mission=3``) is
refused naming it; beside the game's own parameters, others are ignored, as Red Wire's links do.

>>> parse_link("?game=loop&players=4&seed=7&bots=all")
Link(players=4, seed=7, bots='all', level=None, pace=None, first=None, odds=None, rounds=None, options={})
>>> parse_link("?game=loop") is None
True
>>> parse_link("?game=loop&players=9")
LinkError(key='lp.link.players', params={'value': '9'})
>>> parse_link("?game=loop&mission=3")
LinkError(key='lp.link.unknown', params={'name': 'mission'})
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..shell.links import LinkError, encode_query, parse_query, shell_only, strays
from ..shell.links import single as _single
from .table import LEVELS, MAX_PLAYERS, MIN_PLAYERS, PACES

__all__ = ["GAME_PARAMS", "Link", "LinkError", "link_query", "parse_link"]

MAX_SEED = 2**53
#: The parameters of a game link (removed from the address once the game has started).
GAME_PARAMS = (
    "players",
    "seed",
    "bots",
    "level",
    "pace",
    "first",
    "odds",
    "record",
    "seventh",
    "existing",
    "pass",
    "rounds",
)
#: Rule options: the link's word -> (option, {link value: option value}).
OPTION_PARAMS: dict[str, tuple[str, dict[str, object]]] = {
    "record": ("record_bonus", {"table": "table", "own": "own"}),
    "seventh": ("seventh_die_timing", {"any": "any", "before": "before_roll"}),
    "existing": ("fly_existing", {"0": False, "1": True}),
    "pass": ("allow_pass", {"0": False, "1": True}),
}


@dataclass(frozen=True)
class Link:
    players: int | None = None
    seed: int | None = None
    bots: str | None = None  # "0", "1" or "all"
    level: str | None = None
    pace: str | None = None
    first: int | None = None  # 0-based
    odds: bool | None = None
    rounds: int | None = None
    options: dict[str, object] = field(default_factory=dict)

    def check(self, players: int) -> LinkError | None:
        """Why this link cannot be played at a table of ``players`` (its first seat is not one),
        or None. A link without ``players`` keeps the table's count, known only when it starts.

        >>> Link(first=4).check(4), Link(first=3).check(4)
        (LinkError(key='lp.link.first', params={'value': '5'}), None)
        """
        if self.first is not None and self.first >= players:
            return LinkError("lp.link.first", {"value": str(self.first + 1)})
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


def _number(text: str, low: int, high: int) -> int | None:
    return int(text) if text.isdigit() and low <= int(text) <= high else None


def parse_link(search: str) -> Link | LinkError | None:
    """The game a link asks for, a reason to refuse it, or None when it names no game."""
    query = parse_query(search)
    if not any(name in query for name in GAME_PARAMS):
        stray = strays(query, GAME_PARAMS)
        return LinkError("lp.link.unknown", {"name": stray[0][:24]}) if stray else None

    def one(name: str) -> str | None:
        return _single(query, name)

    values: dict[str, object] = {}
    raw = one("players")
    if raw is not None:
        players = _number(raw, MIN_PLAYERS, MAX_PLAYERS)
        if players is None:
            return LinkError("lp.link.players", {"value": raw[:12]})
        values["players"] = players
    raw = one("seed")
    if raw is not None:
        seed = _number(raw, 0, MAX_SEED)
        if seed is None:
            return LinkError("lp.link.seed", {"value": raw[:24]})
        values["seed"] = seed
    for name, allowed in (("bots", ("0", "1", "all")), ("level", LEVELS), ("pace", tuple(PACES))):
        raw = one(name)
        if raw is not None:
            if raw not in allowed:
                return LinkError(f"lp.link.{name}", {"value": raw[:12]})
            values[name] = raw
    raw = one("first")
    if raw is not None:
        first = _number(raw, 1, MAX_PLAYERS)
        most = values.get("players", MAX_PLAYERS)
        if first is None or first > int(str(most)):
            return LinkError("lp.link.first", {"value": raw[:12]})
        values["first"] = first - 1
    raw = one("odds")
    if raw is not None:
        if raw not in ("0", "1"):
            return LinkError("lp.link.odds", {"value": raw[:12]})
        values["odds"] = raw == "1"
    raw = one("rounds")
    if raw is not None:
        rounds = _number(raw, 1, 999)
        if rounds is None:
            return LinkError("lp.link.rounds", {"value": raw[:12]})
        values["rounds"] = rounds
    options: dict[str, object] = {}
    for word, (option, choices) in OPTION_PARAMS.items():
        raw = one(word)
        if raw is not None:
            if raw not in choices:
                return LinkError(f"lp.link.option.{word}", {"value": raw[:12]})
            options[option] = choices[raw]
    return Link(**values, options=options)  # type: ignore[arg-type]


def without_game_params(search: str) -> str:
    """The address once the link has been read (started or refused): the shell's parameters
    only, so a reload resumes instead of dealing again, and no stray parameter is left to be
    read as another game's link (``?mission=3`` alone is Red Wire's).

    >>> without_game_params("?game=loop&players=3&mission=3&lang=it")
    '?lang=it'
    """
    return shell_only(search)


def link_query(players: int, seed: int, first: int, options: dict[str, object]) -> str:
    """The link that deals this game again (the share link)."""
    pairs: list[tuple[str, object]] = [
        ("game", "loop"),
        ("players", players),
        ("seed", seed),
        ("first", first + 1),
    ]
    for word, (option, choices) in OPTION_PARAMS.items():
        value = options.get(option)
        default = next(iter(choices.values()))
        if value is not None and value != default:
            pairs.append((word, next(k for k, v in choices.items() if v == value)))
    return "?" + encode_query(pairs)
