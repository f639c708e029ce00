"""What every game of the box shares: events and viewers, the seeded RNG, errors with reason codes,
the record envelope, the game protocol and the registry of games."""

from .errors import FuseboxError, IllegalActionError, ReasonCode, RecordError, SetupError
from .events import SEER, Event, Viewer
from .protocol import Game, State
from .record import Envelope, format_name
from .registry import DEFAULT_GAME, GameInfo, games, load_game
from .rng import Rng

__all__ = [
    "DEFAULT_GAME",
    "SEER",
    "Envelope",
    "Event",
    "FuseboxError",
    "Game",
    "GameInfo",
    "IllegalActionError",
    "ReasonCode",
    "RecordError",
    "Rng",
    "SetupError",
    "State",
    "Viewer",
    "format_name",
    "games",
    "load_game",
]
