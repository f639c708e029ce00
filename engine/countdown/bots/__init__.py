"""Computer opponents. A bot is a policy: it sees one seat's observation and the legal actions of
that seat, never the game state, and returns one of those actions; ``explain()`` says why in one
sentence.

Levels (``make_bot(name, seed)``): ``random`` (any legal move), ``basic`` (rules of thumb) and
``strong`` (an exact belief over the wire layouts, card counting, expected values for the
defusal and the mascot race). See docs/countdown.md.

>>> from engine.countdown import new_game
>>> from engine.countdown.bots import make_bot
>>> game = new_game(players=3, seed=1)
>>> bot = make_bot("strong", seed=1)
>>> seat = game.to_move
>>> bot.choose(game.observation(seat), game.legal_actions(seat)) in game.legal_actions(seat)
True
"""

from .base import Bot, bot_names, make_bot, register_bot
from .explanation import KEYS, Explanation

__all__ = ["KEYS", "Bot", "Explanation", "bot_names", "make_bot", "register_bot"]
