"""Starting games: from a mission, a player count and a seed, or from an explicit setup.

>>> game = new_game(mission=4, players=4, seed=7)
>>> game.setup.seed, len(game.setup.stands), game.phase.value
(7, 4, 'setup_token')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from .actions import Action
from .deal import Setup, random_setup
from .mechanisms import action_from_json
from .options import Options
from .rules import start_events
from .state import GameState

if TYPE_CHECKING:
    from .record import Record


def start(setup: Setup) -> GameState:
    """The game at the first decision of a given setup."""
    state = GameState(setup)
    state.log = tuple(start_events(state))
    return state


def new_game(
    mission: int,
    players: int,
    seed: int | None = None,
    *,
    captain: int | None = None,
    options: Options | None = None,
    chosen: Mapping[str, object] | None = None,
) -> GameState:
    """Deal a new attempt. Without a seed one is chosen at random (and kept in the setup).

    ``chosen``: the table's choices before the deal, by mechanism (``random_setup``)."""
    if seed is None:
        import secrets  # only games without a seed need it; kept off the page's boot path

        seed = secrets.randbits(32)
    return start(
        random_setup(mission, players, seed, captain=captain, options=options, chosen=chosen)
    )


class RedWire:
    """Red Wire as one game of the box (see :mod:`engine.core.protocol`).

    >>> GAME.new_game(players=2, seed=1, mission=3).setup.mission
    3
    """

    id = "redwire"

    def new_game(
        self,
        players: int,
        seed: int | None = None,
        *,
        mission: int = 1,
        captain: int | None = None,
        options: Options | None = None,
        chosen: Mapping[str, object] | None = None,
    ) -> GameState:
        return new_game(mission, players, seed, captain=captain, options=options, chosen=chosen)

    def setup_from_json(self, raw: object) -> Setup:
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


GAME = RedWire()
