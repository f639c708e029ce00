"""Why a bot chose its move: one sentence, structured so that the page can translate it.

An ``Explanation`` carries a ``key`` (which sentence), ``params`` (what fills it) and ``text`` (the
English sentence). The page looks the key up in its catalogs and fills in the params, putting
player names for seats. ``KEYS`` lists every key with its params and English template.

Param conventions: ``seat`` is a seat as the engine numbers it (0-based; the page shows the name);
``agent`` and ``position`` count from 1 as players do; ``card`` is a card kind (``cut_red``,
``timer``), ``cards`` a list of them; ``colour``/``old`` a wire colour; ``percent`` a whole
percentage.

>>> e = explanation("defuse", percent=93)
>>> e.text, e.key, e.params["percent"]
('Defusing: the combination is 93% likely to match my Snips.', 'defuse', 93)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..names import MASCOT, kind_name


@dataclass(frozen=True)
class Explanation:
    """One sentence on a bot's choice: ``key`` + ``params`` for translation, ``text`` in English."""

    key: str
    params: Mapping[str, Any] = field(default_factory=dict)
    text: str = ""

    @property
    def private(self) -> bool:
        """It tells what only the bot's seat knows (see ``PRIVATE_KEYS``)."""
        return is_private(self.key)

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "params": dict(self.params), "text": self.text}


#: Every key a bot may give: (params, English template).
KEYS: dict[str, tuple[tuple[str, ...], str]] = {
    "random_move": (("kind",), "A move picked at random ({kind})."),
    "end_play": ((), "Nothing more worth playing this turn."),
    "explode": (("card",), f"I look after {MASCOT}: {{card}} makes the bomb go off, and I win."),
    "scan": (("position",), "Scanning wire {position}: I do not know its colour yet."),
    "scan_wild": (("position", "cards"), "{cards} stand in for a Scan of wire {position}."),
    "scan_pick": (("position",), "Wire {position} tells me the most."),
    "snip_known": (
        ("colour", "agent"),
        "A {colour} Snip on agent {agent}: the combination needs it.",
    ),
    "snip_guess": (
        ("colour", "agent", "percent"),
        "A {colour} Snip on agent {agent}: the likeliest combination needs it ({percent}%).",
    ),
    "snip_add": (("colour",), "The {colour} Snip goes next to the others."),
    "snip_replace": (
        ("colour", "old"),
        "The {colour} Snip replaces a {old} one the combination does not need.",
    ),
    "exit_mascot": (("agent",), f"Agent {{agent}} evacuates: {MASCOT} comes to me."),
    "exit_open": (("agent",), "Agent {agent} evacuates so that I can play cards outside."),
    "exit_wild": (("agent", "cards"), "{cards} stand in for an Evacuate of agent {agent}."),
    "frisk": (("seat",), "Frisking {seat}: the best hand to take a card from."),
    "frisk_take": (("card",), "Taking {card}: the card I need most."),
    "timer_keeper": (("card",), f"I look after {MASCOT}: {{card}} brings the end closer."),
    "siren_block": (("seat",), "Siren: {seat} is close to defusing."),
    "siren_choice": (("agent",), "Agent {agent} leaves: it loses the least."),
    "rewire": (("position",), "Rewiring wire {position} puts a known wire in the combination."),
    "rewire_pick": (("position",), "Rewiring wire {position}: its colour is the one I need least."),
    "sneak_back": (("agent",), "Agent {agent} sneaks back in to place more Snips."),
    "defuse": (("percent",), "Defusing: the combination is {percent}% likely to match my Snips."),
    "defuse_last": (("percent",), "Defusing now ({percent}%): waiting would lose anyway."),
    "no_defuse": (("percent",), "Not defusing yet: only {percent}% likely to match."),
    "discard": (("cards",), "Discarding what I need least: {cards}."),
    "next_game": ((), "On to the next game of the match."),
    "only_choice": ((), "The only possible move."),
}


#: Reasons that tell what only the bot's seat knows: what it scanned or believes of the
#: combination, or the card it took with a Frisk (whose identity the table does not learn). An
#: opponent must not read them while the game is on; they are shown once it is over, or when no
#: person plays (a demonstration). The other reasons only name what everyone sees anyway.
#: (``defuse`` and ``defuse_last`` end the game at once, revealing everything.)
PRIVATE_KEYS = frozenset(
    {"snip_known", "snip_guess", "snip_replace", "frisk_take", "rewire", "rewire_pick", "no_defuse"}
)


def is_private(key: str) -> bool:
    """Whether a reason tells what only the bot's seat knows (see ``PRIVATE_KEYS``).

    >>> is_private("frisk_take"), is_private("discard")
    (True, False)
    """
    return key in PRIVATE_KEYS


def _readable(key: str, value: Any) -> Any:
    if key == "seat" and isinstance(value, int):
        return f"player {value + 1}"
    if key == "card" and isinstance(value, str):
        return kind_name(value)
    if key == "cards" and isinstance(value, list | tuple):
        return " and ".join(kind_name(c) for c in value)
    return value


def explanation(key: str, **params: Any) -> Explanation:
    """An explanation with its English text filled in (``key`` must be in KEYS)."""
    names, template = KEYS[key]
    missing = set(names) - set(params)
    if missing:
        raise KeyError(f"explanation {key!r} needs {sorted(missing)}")
    words = {k: _readable(k, v) for k, v in params.items()}
    text = template.format(**words)
    return Explanation(key, dict(params), text[0].upper() + text[1:])
