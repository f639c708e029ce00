"""Starting games: from a player count and a seed, or from an explicit setup.

>>> game = new_game(players=4, seed=7)
>>> game.setup.seed, len(game.hands), game.phase.value
(7, 4, 'turn')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .actions import Action, action_from_json
from .options import Options
from .rules import start_events
from .setup import Setup, random_setup
from .state import GameState

if TYPE_CHECKING:
    from .record import Record


def start(setup: Setup) -> GameState:
    """The game at the first decision of a given setup."""
    state = GameState(setup)
    state.log = tuple(start_events(state))
    return state


def new_game(
    players: int,
    seed: int | None = None,
    *,
    first: int | None = None,
    options: Options | None = None,
) -> GameState:
    """Deal a new game. Without a seed one is chosen at random (and kept in the setup)."""
    if seed is None:
        import secrets  # only games without a seed need it; kept off the page's boot path

        seed = secrets.randbits(32)
    return start(random_setup(players, seed, first=first, options=options))


class LoopTheLoop:
    """Loop the Loop as one game of the box (see :mod:`engine.core.protocol`).

    >>> GAME.new_game(players=2, seed=1).players
    2
    """

    id = "loop"

    def new_game(
        self,
        players: int,
        seed: int | None = None,
        *,
        first: int | None = None,
        options: Options | None = None,
    ) -> GameState:
        return new_game(players, seed, first=first, options=options)

    def setup_from_json(self, raw: object) -> Setup:
        """An explicit setup (a hand-made deal, its card list, options); raises SetupError."""
        return Setup.from_json(raw)

    def start(self, setup: Setup) -> GameState:
        return start(setup)

    def load_record(self, text: str) -> Record:
        from .record import Record

        return Record.loads(text)

    def action_from_json(self, raw: object) -> Action:
        return action_from_json(raw)

    def cli(self, argv: Sequence[str]) -> int:
        from .cli import main

        return main(argv)


GAME = LoopTheLoop()
