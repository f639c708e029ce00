"""Red Wire: the engine of Fusebox's cooperative wire-cutting deduction game.

>>> from engine import redwire
>>> game = redwire.new_game(mission=1, players=3, seed=42)
>>> seat = game.to_move
>>> action = game.legal_actions(seat)[0]
>>> game, events = game.apply(action)
>>> [e.type for e in events][:1]
['token']
>>> obs = game.observation(seat)        # what that seat may know, as JSON-able data
>>> record = game.record.dumps()        # setup + actions, versioned; Record.loads(...).replay()

See docs/engine.md for the whole API and the JSON schemas.
"""

from ..core.events import SEER, Event
from .actions import Action, Cut, Pick, PlaceToken, RevealReds, SoloCut
from .deal import Setup, explicit_setup, random_setup
from .errors import (
    FuseboxError,
    IllegalActionError,
    MissionError,
    Reason,
    RecordError,
    SetupError,
)
from .game import new_game, start
from .mechanisms import action_from_json
from .mechanisms.equipment.batteries import Batteries
from .mechanisms.equipment.coffee import CoffeeMug
from .mechanisms.equipment.fast_pass import FastPass
from .mechanisms.equipment.hook import Hook
from .mechanisms.equipment.labels import Label
from .mechanisms.equipment.post_it import PostIt
from .mechanisms.equipment.radar import Radar
from .mechanisms.equipment.rewind import Rewind
from .mechanisms.equipment.single_label import SingleLabel
from .mechanisms.equipment.stabilizer import Stabilize
from .mechanisms.equipment.walkie import Walkie
from .missions import Mission, all_missions, load_mission
from .model import Pending, Phase
from .observation_types import Observation
from .options import Options
from .record import Record
from .state import GameState
from .wires import RED, YELLOW

__all__ = [
    "RED",
    "SEER",
    "YELLOW",
    "Action",
    "Batteries",
    "CoffeeMug",
    "Cut",
    "Event",
    "FastPass",
    "FuseboxError",
    "GameState",
    "Hook",
    "IllegalActionError",
    "Label",
    "Mission",
    "MissionError",
    "Observation",
    "Options",
    "Pending",
    "Phase",
    "Pick",
    "PlaceToken",
    "PostIt",
    "Radar",
    "Reason",
    "Record",
    "RecordError",
    "RevealReds",
    "Rewind",
    "Setup",
    "SetupError",
    "SingleLabel",
    "SoloCut",
    "Stabilize",
    "Walkie",
    "action_from_json",
    "all_missions",
    "explicit_setup",
    "load_mission",
    "new_game",
    "random_setup",
    "start",
]
