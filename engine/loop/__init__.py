"""Loop the Loop: the engine of Fusebox's stunt-pilot dice game (after *Lucky Loop*).

>>> from engine import loop
>>> game = loop.new_game(players=3, seed=42)
>>> seat = game.to_move
>>> game, events = game.apply(loop.Draw(seat, "A"))     # an exchange starts with a draw
>>> [e.type for e in events], game.phase.value
(['draw'], 'draw')
>>> obs = game.observation(seat)         # what that seat may know, as JSON-able data
>>> record = game.record.dumps()         # setup + actions (with their dice), versioned

The rules are in the spec (``flight-dice-rules.md``); the README's "Loop the Loop" section lists
the options and where the card list lives.
"""

from ..core.events import SEER, Event
from .actions import (
    Action,
    Assign,
    Declare,
    DeclareFree,
    Discard,
    Draw,
    EndDraw,
    Highlight,
    Reroll,
    Roll,
    SeventhDie,
    Stop,
    action_from_json,
)
from .cards import COLORS, PLAN_BY_ID, PLANS, Card, CardListError, Plan, load_cards
from .errors import FuseboxError, IllegalActionError, Reason, RecordError, SetupError
from .game import GAME, new_game, start
from .options import Options
from .record import Record
from .setup import Setup, explicit_setup, random_setup
from .state import Flight, GameState, Pending, Phase, Placed, Status

__all__ = [
    "COLORS",
    "GAME",
    "PLANS",
    "PLAN_BY_ID",
    "SEER",
    "Action",
    "Assign",
    "Card",
    "CardListError",
    "Declare",
    "DeclareFree",
    "Discard",
    "Draw",
    "EndDraw",
    "Event",
    "Flight",
    "FuseboxError",
    "GameState",
    "Highlight",
    "IllegalActionError",
    "Options",
    "Pending",
    "Phase",
    "Placed",
    "Plan",
    "Reason",
    "Record",
    "RecordError",
    "Reroll",
    "Roll",
    "Setup",
    "SetupError",
    "SeventhDie",
    "Status",
    "Stop",
    "action_from_json",
    "explicit_setup",
    "load_cards",
    "new_game",
    "random_setup",
    "start",
]
