"""Red Wire's game links: ``?mission=4&players=4&seed=7`` starts that exact deal.

The shell (``fusebox_web.shell.links``) hands Red Wire the address when it names no game or
``game=redwire``; this module reads Red Wire's own parameters.

Parameters (all optional but ``mission``; beside them, others in the address are ignored):

``mission``  a mission the engine ships (1..65; 66 needs the box: refused, saying so)
``players``  2..5 (default: the table's)
``seed``     a whole number 0..2**53; the same seed gives the same deal everywhere (default: random)
``bots``     ``0`` every seat human (pass and play), ``1`` every seat a computer but the first,
             ``all`` computers only (a demonstration); default: the table's seats
``level``    the computer players' level: expert, cautious or random
``pace``     slow, normal, fast or instant (how long computer players think)
``brief``    ``0`` skips the briefing screen and opens the board at once (``1``: shown)
``captain``  the captain's seat, 1..players (default: drawn from the seed)
``edition``  IT or EN; ``scope``: hand or stand; ``supply``: unlimited or faithful; ``memory``:
             perfect or beside (mission 50's ``m50_memory``); the missions' own variants:
             ``locks`` card or added (12), ``bluffer`` keeps or loses (17), ``unheld`` token or
             forbidden (18), ``discards`` no or yes (47), ``stranded`` play or lose (65) (rule
             variants: every option but ``dial_cap``, so a shared link deals the same rules)
``characters`` from mission 31, each person's character by seat, comma-separated: ``dd`` (the
             Double Detector), ``E1``..``E4`` (``characters=dd,E1,E3``; the captain's is unused);
             refused for a mission with no characters to choose (before 31, 34, 58) and for
             a character the mission forbids

A bad link is refused with a catalog key and parameters for the message (never an exception);
``refusal`` says it to a player, one sentence per parameter and per rule variant. A link with
none of these but another parameter (``?foo=3``, ``?game=redwire&first=2``) is refused naming
it, as Countdown's and Loop the Loop's are; beside Red Wire's own parameters, others are ignored
(a site that shares a link may add its own, ``&fbclid=...``).

>>> parse_link("?mission=4&players=4&seed=7&lang=it")
Link(mission=4, players=4, seed=7, bots=None, level=None, pace=None, brief=True, captain=None, options={})
>>> parse_link("?lang=it") is None
True
>>> parse_link("?mission=99").key
'rw.link.mission'
>>> parse_link("?game=redwire&foo=3")
LinkError(key='rw.link.unknown', params={'name': 'foo'})
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from engine.redwire.mechanisms import new_characters
from engine.redwire.missions import boxed_missions, load_mission, mission_ids
from engine.redwire.options import Options

from ..shell.links import LinkError, encode_query, parse_query, shell_only, strays
from ..shell.links import single as _single
from .table import LEVELS, MAX_PLAYERS, MIN_PLAYERS, PACES

__all__ = [
    "Link",
    "LinkError",
    "encode_query",
    "link_query",
    "parse_link",
    "parse_query",
    "refusal",
    "wants_projector",
]

#: ``?view=table`` opens the projector view (``projector``) instead of the game.
VIEW_PARAM = "view"
VIEW_TABLE = "table"


def wants_projector(search: str) -> bool:
    """``?view=table`` asks for the projector view.

    >>> wants_projector("?view=table&lang=it"), wants_projector("?mission=1")
    (True, False)
    """
    return _single(parse_query(search), VIEW_PARAM) == VIEW_TABLE


MISSIONS = mission_ids()
MAX_SEED = 2**53  # what JavaScript numbers keep exactly
#: The parameters that describe a game (removed from the address once the game has started).
GAME_PARAMS = (
    "mission",
    "players",
    "seed",
    "bots",
    "level",
    "pace",
    "brief",
    "captain",
    "edition",
    "scope",
    "supply",
    "characters",
    "memory",
    "locks",
    "bluffer",
    "unheld",
    "discards",
    "stranded",
)
#: ``brief=``: the briefing screen shown, or skipped (the board at once).
BRIEF_SHOWN = ("1", "yes", "true")
BRIEF_SKIPPED = ("0", "no", "false")
#: A person's character (rule sticker B), as the table keeps it.
CHARACTERS = ("dd", "E1", "E2", "E3", "E4")
#: Link parameters of the rule variants: the link's word -> (option, value).
VARIANT_PARAMS: dict[str, dict[str, tuple[str, object]]] = {
    "edition": {"IT": ("edition", "IT"), "EN": ("edition", "EN")},
    "scope": {"hand": ("detector_scope", "hand"), "stand": ("detector_scope", "stand")},
    "supply": {
        "unlimited": ("faithful_token_supply", False),
        "faithful": ("faithful_token_supply", True),
    },
    "memory": {"perfect": ("m50_memory", False), "beside": ("m50_memory", True)},
    "locks": {"card": ("m12_lock_added_cards", False), "added": ("m12_lock_added_cards", True)},
    "bluffer": {"keeps": ("m17_rhett_no_dd", False), "loses": ("m17_rhett_no_dd", True)},
    "unheld": {"token": ("m18_unheld", "token"), "forbidden": ("m18_unheld", "forbidden")},
    "discards": {"no": ("m47_pass_discards", False), "yes": ("m47_pass_discards", True)},
    "stranded": {"play": ("m65_stranded_loss", False), "lose": ("m65_stranded_loss", True)},
}


@dataclass(frozen=True)
class Link:
    mission: int
    players: int | None = None
    seed: int | None = None
    bots: str | None = None  # "0", "1" or "all"
    level: str | None = None
    pace: str | None = None
    brief: bool = True
    #: The captain's seat (0-based), or None to draw it from the seed.
    captain: int | None = None
    options: dict[str, object] = field(default_factory=dict)

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


def allowed_characters(mission: int) -> tuple[str, ...] | None:
    """The characters a person may take in ``mission`` ("dd" and the new characters its card
    allows: mission 51 no E4), or None when the mission deals no new characters (a link's
    ``characters`` is then unused)."""
    use = next((u for u in load_mission(mission).mechanisms if u.id == new_characters.ID), None)
    return None if use is None else (new_characters.DD, *new_characters.allowed(use.params))


def first_with_characters() -> int:
    """The first mission whose players choose a character (rule sticker B: mission 31)."""
    return next(m for m in MISSIONS if allowed_characters(m) is not None)


def parse_link(search: str) -> Link | LinkError | None:
    """The game a link asks for, a LinkError, or None when the address names no game."""
    query = parse_query(search)
    if not any(name in query for name in GAME_PARAMS):
        # ``view`` is Red Wire's too (the projector's window), not a game.
        stray = strays(query, (*GAME_PARAMS, VIEW_PARAM))
        return LinkError("rw.link.unknown", {"name": stray[0][:24]}) if stray else None
    raw_mission = _single(query, "mission")
    if raw_mission is None:
        return LinkError(
            "rw.link.noMission", {"last": MISSIONS[-1], "example": _with_mission(query)}
        )
    mission = _whole(raw_mission)
    if mission is not None and mission in boxed_missions():
        return LinkError("rw.link.boxed", {"value": mission})
    if mission is None or mission not in MISSIONS:
        return LinkError("rw.link.mission", {"value": raw_mission[:12], "last": MISSIONS[-1]})
    players = None
    raw = _single(query, "players")
    if raw is not None:
        players = _whole(raw)
        if players is None or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            return LinkError("rw.link.players", {"value": raw[:12]})
    seed = None
    raw = _single(query, "seed")
    if raw is not None:
        seed = _whole(raw)
        if seed is None or seed > MAX_SEED:
            return LinkError("rw.link.seed", {"value": raw[:24], "most": MAX_SEED})
    bots = _single(query, "bots")
    if bots is not None and bots not in ("0", "1", "all"):
        return LinkError("rw.link.bots", {"value": bots[:12]})
    level = _single(query, "level")
    if level is not None and level not in LEVELS:
        return LinkError("rw.link.level", {"value": level[:12]})
    pace = _single(query, "pace")
    if pace is not None and pace not in PACES:
        return LinkError("rw.link.pace", {"value": pace[:12]})
    raw = _single(query, "brief")
    if raw is not None and raw not in (*BRIEF_SHOWN, *BRIEF_SKIPPED):
        return LinkError("rw.link.brief", {"value": raw[:12]})
    brief = raw not in BRIEF_SKIPPED
    captain = None
    raw = _single(query, "captain")
    if raw is not None:
        captain = _whole(raw)
        limit = players or MAX_PLAYERS
        if captain is None or not 1 <= captain <= limit:
            return LinkError("rw.link.captain", {"value": raw[:12]})
        captain -= 1
    options: dict[str, object] = {}
    for name, choices in VARIANT_PARAMS.items():
        raw = _single(query, name)
        if raw is None:
            continue
        if raw not in choices:
            return LinkError(f"rw.link.variant.{name}", {"value": raw[:12]})
        option, value = choices[raw]
        options[option] = value
    raw = _single(query, "characters")
    if raw is not None:
        picks = raw.split(",")
        if len(picks) > MAX_PLAYERS or any(p not in CHARACTERS for p in picks):
            return LinkError("rw.link.characters", {"value": raw[:24]})
        allowed = allowed_characters(mission)
        if allowed is None:  # no characters to choose: said, not ignored in silence
            first = first_with_characters()
            key = "rw.link.charactersEarly" if mission < first else "rw.link.charactersNone"
            return LinkError(key, {"mission": mission, "first": first})
        barred = next((p for p in picks if p not in allowed), None)
        if barred is not None:  # the mission forbids it: said, not swapped in silence
            return LinkError("rw.link.characterBarred", {"mission": mission, "value": barred})
        options.update({f"character_{seat}": pick for seat, pick in enumerate(picks)})
    return Link(mission, players, seed, bots, level, pace, brief, captain, options)


def _with_mission(query: dict[str, list[str]]) -> str:
    """The link with ``mission=1`` added, keeping every other game parameter it gives that
    mission 1 accepts (``?players=3`` -> ``?mission=1&players=3``): what a refusal suggests.

    >>> _with_mission(parse_query("?players=3&seed=7&lang=it"))
    '?mission=1&players=3&seed=7'
    >>> _with_mission(parse_query("?players=9&bots=all"))
    '?mission=1&bots=all'
    """
    kept: list[tuple[str, str]] = [("mission", str(MISSIONS[0]))]
    for name in query:
        value = _single(query, name)
        if name in GAME_PARAMS and value is not None:
            tried = "?" + encode_query([*kept, (name, value[:24])])
            if isinstance(parse_link(tried), Link):
                kept.append((name, value[:24]))
    return "?" + encode_query(kept)


def link_query(
    mission: int,
    players: int,
    seed: int,
    captain: int | None = None,
    options: dict[str, object] | None = None,
    characters: list[str] | None = None,
) -> str:
    """The query string of a game link that deals exactly this game (to share it); ``characters``:
    each seat's character, from mission 31."""
    params: dict[str, object] = {"mission": mission, "players": players, "seed": seed}
    if captain is not None:
        params["captain"] = captain + 1
    defaults = Options()
    for name, choices in VARIANT_PARAMS.items():
        for word, (option, value) in choices.items():
            chosen = options.get(option, getattr(defaults, option)) if options else None
            if chosen == value and value != getattr(defaults, option):
                params[name] = word
    if characters and any(c != "dd" for c in characters):
        params["characters"] = ",".join(characters)
    return "?" + encode_query(params.items())


def without_game_params(search: str) -> str:
    """The address once the link has been read (started or refused): the shell's parameters
    only, so a reload resumes the game, and no stray parameter is left to be read again.

    >>> without_game_params("?game=redwire&mission=3&foo=1&lang=it&fbclid=x")
    '?lang=it'
    """
    return shell_only(search)


def refusal(t: Callable[..., str], error: LinkError) -> str:
    """The sentence refusing a link, in the player's words: what the parameter must be, then
    the value given (or that the link leaves it blank: ``players=`` said ``(not “”)``).

    >>> words = {"rw.link.bad": "Bad: {detail}", "rw.link.players": "2 to 5, {given}.",
    ...          "rw.link.given": "not {value}", "rw.link.givenEmpty": "blank"}
    >>> t = lambda key, **p: words[key].format(**p)
    >>> refusal(t, LinkError("rw.link.players", {"value": "9"}))
    'Bad: 2 to 5, not 9.'
    >>> refusal(t, LinkError("rw.link.players", {"value": ""}))
    'Bad: 2 to 5, blank.'
    """
    params = dict(error.params)
    if "value" in params:
        value = str(params["value"])
        params["given"] = t("rw.link.given", value=value) if value else t("rw.link.givenEmpty")
    return t("rw.link.bad", detail=t(error.key, **params))
