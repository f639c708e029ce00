"""The games of the box, by id, found without importing them.

Every package ``engine.<id>`` with an ``about`` module is a game: ``about.INFO`` says its id,
titles and player counts, and names the module whose ``GAME`` is its :class:`~engine.core.protocol.Game`.
Listing the games imports only the ``about`` modules, so the page's home screen can show every
game without loading their rules; :func:`load_game` imports one when it is played.

>>> "redwire" in games()
True
>>> info = games()["redwire"]
>>> info.title["en"], info.players
('Red Wire', range(2, 6))
>>> load_game("chess")
Traceback (most recent call last):
KeyError: "no game 'chess'; the box holds: redwire, countdown, loop"
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import cast

from .protocol import Game

DEFAULT_GAME = "redwire"


@dataclass(frozen=True)
class GameInfo:
    """What the box says about a game before it is loaded."""

    id: str
    title: Mapping[str, str]
    summary: Mapping[str, str]
    players: range
    #: The module whose ``GAME`` attribute is the game.
    module: str
    #: Where the home screen lists it (lower first).
    order: int = 100

    def load(self) -> Game:
        return cast(Game, importlib.import_module(self.module).GAME)


@cache
def games() -> dict[str, GameInfo]:
    """Every game of the box, by id, in the home screen's order."""
    import pkgutil  # only when the games are listed: not on the page's boot path

    import engine

    found: list[GameInfo] = []
    for module in pkgutil.iter_modules(engine.__path__):
        if not module.ispkg or module.name == "core":
            continue
        try:
            about = importlib.import_module(f"engine.{module.name}.about")
        except ModuleNotFoundError:
            continue
        info = about.INFO
        if not isinstance(info, GameInfo) or info.id != module.name:
            raise TypeError(
                f"engine.{module.name}.about.INFO must be a GameInfo with id {module.name!r}"
            )
        found.append(info)
    return {info.id: info for info in sorted(found, key=lambda i: (i.order, i.id))}


def load_game(game_id: str) -> Game:
    """The game ``game_id``; raises KeyError naming the games the box holds."""
    info = games().get(game_id)
    if info is None:
        raise KeyError(f"no game {game_id!r}; the box holds: {', '.join(games())}")
    return info.load()
