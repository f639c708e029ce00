"""Countdown: the engine of Fusebox's competitive bomb card game (after KABOOM!).

>>> from engine import countdown
>>> game = countdown.new_game(players=3, seed=42)
>>> seat = game.to_move
>>> action = game.legal_actions(seat)[0]
>>> game, events = game.apply(action)
>>> obs = game.observation(seat)        # what that seat may know, as JSON-able data
>>> record = game.record.dumps()        # setup + actions + shuffles; Record.loads(...).replay()

See docs/countdown.md for the rules as implemented, the API and the JSON shapes.
"""

from ..core.events import SEER, Event
from .actions import (
    Action,
    AlarmAgent,
    Defuse,
    Discard,
    EndPlay,
    NextGame,
    NoDefuse,
    PickTarget,
    PickWire,
    PlaceCut,
    PlayCard,
    PlayWild,
    TakeCard,
    action_from_json,
)
from .cards import CardData, CardDataError, load_cards, parse_card_data
from .deal import AgentSetup, Setup, explicit_setup, random_setup
from .errors import FuseboxError, IllegalActionError, Reason, RecordError, SetupError
from .game import new_game, start
from .options import Options
from .record import Record
from .state import Agent, GameState, Pending, Phase, Played

__all__ = [
    "SEER",
    "Action",
    "Agent",
    "AgentSetup",
    "AlarmAgent",
    "CardData",
    "CardDataError",
    "Defuse",
    "Discard",
    "EndPlay",
    "Event",
    "FuseboxError",
    "GameState",
    "IllegalActionError",
    "NextGame",
    "NoDefuse",
    "Options",
    "Pending",
    "Phase",
    "PickTarget",
    "PickWire",
    "PlaceCut",
    "PlayCard",
    "PlayWild",
    "Played",
    "Reason",
    "Record",
    "RecordError",
    "Setup",
    "SetupError",
    "TakeCard",
    "action_from_json",
    "explicit_setup",
    "load_cards",
    "new_game",
    "parse_card_data",
    "random_setup",
    "start",
]
