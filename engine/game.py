"""Starting games: from a mission, a player count and a seed, or from an explicit setup.

>>> game = new_game(mission=4, players=4, seed=7)
>>> game.setup.seed, len(game.setup.stands), game.phase.value
(7, 4, 'setup_token')
"""

from __future__ import annotations

from .deal import Setup, random_setup
from .options import Options
from .rules import start_events
from .state import GameState


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
) -> GameState:
    """Deal a new attempt. Without a seed one is chosen at random (and kept in the setup)."""
    if seed is None:
        import secrets  # only games without a seed need it; kept off the page's boot path

        seed = secrets.randbits(32)
    return start(random_setup(mission, players, seed, captain=captain, options=options))
