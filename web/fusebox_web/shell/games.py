"""The games the page offers, as the build wrote them into the page (no registry scan at boot).

``engine.core.registry.games()`` finds the games by scanning ``engine`` with ``pkgutil``; in the
browser that would cost the scan and compiling ``pkgutil`` at every visit. The build runs it once
and writes each game that has a page package (``fusebox_web.<id>.page``) into the page as
``#fusebox-games``: a JSON list of :class:`GameCard`, in the home screen's order. The build also
adds each card's texts to the catalogs (:func:`card_messages`), so that the static home screen,
translated by ``web/js/i18n.js`` before Python has booted, shows them in the player's language.

>>> from engine.core.registry import games
>>> card = GameCard.from_info(games()["redwire"])
>>> card.id, card.players, card.title["en"]
('redwire', (2, 5), 'Red Wire')
>>> parse_games(dump_games([card])) == [card]
True
>>> card_messages([card], {"en": {"app.players": "{min} to {max} players"}})["en"]["game.redwire.players"]
'2 to 5 players'
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from .i18n import FALLBACK, format_message

#: The module of a game's page package that the shell imports (``fusebox_web.<id>.page``).
PAGE_MODULE = "fusebox_web.{id}.page"
#: Catalog keys the build writes for each game: ``game.<id>.<field>``.
CARD_FIELDS = ("title", "summary", "players")


class Info(Protocol):
    """What the registry says about a game (``engine.core.registry.GameInfo``)."""

    @property
    def id(self) -> str: ...

    @property
    def title(self) -> Mapping[str, str]: ...

    @property
    def summary(self) -> Mapping[str, str]: ...

    @property
    def players(self) -> range: ...


@dataclass(frozen=True)
class GameCard:
    """A game as the home screen lists it: its id, title and one-line summary (by language), and
    the fewest and most players."""

    id: str
    title: Mapping[str, str]
    summary: Mapping[str, str]
    players: tuple[int, int]

    @classmethod
    def from_info(cls, info: Info) -> GameCard:
        return cls(
            info.id, dict(info.title), dict(info.summary), (info.players[0], info.players[-1])
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "title": dict(self.title),
            "summary": dict(self.summary),
            "players": list(self.players),
        }

    @classmethod
    def from_json(cls, raw: Any) -> GameCard:
        fewest, most = raw["players"]
        return cls(str(raw["id"]), dict(raw["title"]), dict(raw["summary"]), (fewest, most))

    def key(self, field: str) -> str:
        """The catalog key of one of the card's texts: ``game.<id>.title``."""
        return f"game.{self.id}.{field}"


def dump_games(cards: Sequence[GameCard]) -> str:
    return json.dumps([card.to_json() for card in cards], ensure_ascii=False, sort_keys=True)


def parse_games(text: str) -> list[GameCard]:
    """The cards the build wrote into the page (raises on anything else: the build wrote it)."""
    return [GameCard.from_json(raw) for raw in json.loads(text)]


def card_messages(
    cards: Sequence[GameCard], catalogs: Mapping[str, Mapping[str, str]]
) -> dict[str, dict[str, str]]:
    """The card texts of every game in every language of ``catalogs`` (the shell's, which has
    ``app.players``); a language a game does not speak gets its English text."""
    out: dict[str, dict[str, str]] = {}
    for lang, messages in catalogs.items():
        players = messages.get("app.players") or catalogs[FALLBACK]["app.players"]
        into = out.setdefault(lang, {})
        for card in cards:
            fewest, most = card.players
            into[card.key("title")] = card.title.get(lang, card.title[FALLBACK])
            into[card.key("summary")] = card.summary.get(lang, card.summary[FALLBACK])
            into[card.key("players")] = format_message(players, {"min": fewest, "max": most})
    return out
