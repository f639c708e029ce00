"""Why a bot chose its move: one sentence, structured so that the page can translate it.

An ``Explanation`` carries a ``key`` (which sentence), ``params`` (what fills it) and ``text``
(the English sentence). The page looks the key up in its catalogs and fills in the params. Param
conventions: ``plan`` a plan id; ``card`` / ``cards`` card ids; ``deck`` "A" or "B"; ``color`` a
colour name; ``dice`` a list of die values; ``percent`` a whole percentage; ``points`` expected
points (one decimal); ``count`` a number; ``kind`` an action type.

>>> e = explanation("declare", plan="kestrel", percent=41, points=6.2)
>>> e.text
'I fly Kestrel: 41% to complete it, 6.2 points expected (before any token).'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ...core.text import counted
from ..cards import PLAN_BY_ID


@dataclass(frozen=True)
class Explanation:
    """One sentence on a bot's choice: ``key`` + ``params`` for translation, ``text`` in English."""

    key: str
    params: Mapping[str, Any] = field(default_factory=dict)
    text: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "params": dict(self.params), "text": self.text}


#: Every key a bot may give, with its English template.
KEYS: dict[str, str] = {
    "random_move": "A move at random ({kind}).",
    "declare": "I fly {plan}: {percent}% to complete it, {points} points expected (before any token).",
    "upgrade": "I upgrade {plan} with {card} and fly it: {percent}% to complete it, {points} points expected (before any token).",
    "exchange": "I exchange: my best plan now ({points} points expected) is not worth a turn.",
    "draw": "I draw from deck {deck}: it holds the {color} cards I need most.",
    "draw_stop": "I keep what I have drawn: {cards} will do.",
    "discard": "I discard what helps my plans least: {cards}.",
    "refill": "I refill from deck {deck} ({color} cards suit my plans).",
    "free": "My free flight: {cards}, {percent}% to succeed.",
    "highlight": "The card to hit exactly: {card}, {percent}% for the whole free flight.",
    "roll": "Rolling.",
    "assign": "{dice} on {card}: {percent}% to complete the flight from here.",
    "reroll": "I spend a token to roll {dice} again: that lifts my chances to {percent}%.",
    "seventh": "I add the 7th die: it is worth a token here.",
    "seventh_point": "I add the 7th die for its unused-die point.",
    "stop_two": "I stop after two cards and take the bonus token: going on is worth less.",
    "give_up": "Nothing fits and rolling again is not worth a token.",
    "land": "I score the flight.",
}


def _readable(name: str, value: Any) -> str:
    if name == "plan" and value in PLAN_BY_ID:
        return PLAN_BY_ID[value].name["en"]
    if isinstance(value, (list, tuple)):
        return "+".join(map(str, value)) if name == "dice" else ", ".join(map(str, value))
    return str(value)


def explanation(key: str, **params: Any) -> Explanation:
    """The explanation ``key`` filled with ``params`` (every key is in :data:`KEYS`)."""
    words = {name: _readable(name, value) for name, value in params.items()}
    if isinstance(params.get("count"), int):
        words.setdefault("cards", counted(params["count"], "card", "cards"))
    return Explanation(key, params, KEYS[key].format(**words))
