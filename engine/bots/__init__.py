"""Computer teammates. A bot is a policy: it sees one seat's observation and the legal actions
of that seat, never the game state, and returns one of those actions.

>>> from engine import new_game
>>> from engine.bots import make_bot
>>> game = new_game(mission=1, players=2, seed=1)
>>> bot = make_bot("simple", seed=1)
>>> seat = game.to_move
>>> bot.choose(game.observation(seat), game.legal_actions(seat)) in game.legal_actions(seat)
True
"""

from .base import Bot, make_bot, register_bot
from .simple import SimpleBot

__all__ = ["Bot", "SimpleBot", "make_bot", "register_bot"]
