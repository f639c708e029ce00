"""Computer teammates. A bot is a policy: it sees one seat's observation and the legal actions
of that seat, never the game state, and returns one of those actions; ``explain()`` says why.

Levels (``make_bot(name, seed)``): ``random``, ``cautious``, ``expert`` for players to pick;
``simple`` (no solver, used by goldens and benchmarks); ``omniscient`` (reads the state: a harness
check only, not registered). See docs/bots.md.

>>> from engine.redwire import new_game
>>> from engine.redwire.bots import make_bot
>>> game = new_game(mission=1, players=2, seed=1)
>>> bot = make_bot("expert", seed=1)
>>> seat = game.to_move
>>> bot.choose(game.observation(seat), game.legal_actions(seat)) in game.legal_actions(seat)
True
>>> bot.explain().key
'setup_token'
"""

from .base import Bot, bot_names, make_bot, register_bot
from .cautious import CautiousBot
from .expert import ExpertBot
from .explanation import KEYS, Explanation
from .random_bot import RandomBot
from .simple import SimpleBot

__all__ = [
    "KEYS",
    "Bot",
    "CautiousBot",
    "ExpertBot",
    "Explanation",
    "RandomBot",
    "SimpleBot",
    "bot_names",
    "make_bot",
    "register_bot",
]
