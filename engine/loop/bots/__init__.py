"""Computer opponents. A bot is a policy: it sees one seat's observation and the legal actions of
that seat, never the game state, and returns one of those actions; ``explain()`` says why in one
sentence.

Levels (``make_bot(name, seed)``): ``random`` (any legal move), ``basic`` (rules of thumb) and
``strong`` (exact expectimax in flight, expected value for the turn).

>>> from engine.loop import new_game
>>> from engine.loop.bots import make_bot
>>> game = new_game(players=2, seed=1)
>>> bot = make_bot("strong", seed=1)
>>> seat = game.to_move
>>> bot.choose(game.observation(seat), game.legal_actions(seat)) in game.legal_actions(seat)
True
"""

from .base import Bot, bot_names, make_bot, register_bot
from .basic import BasicBot
from .explanation import KEYS, Explanation
from .random_bot import RandomBot
from .strong import StrongBot

__all__ = [
    "KEYS",
    "BasicBot",
    "Bot",
    "Explanation",
    "RandomBot",
    "StrongBot",
    "bot_names",
    "make_bot",
    "register_bot",
]
