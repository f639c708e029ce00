"""Fusebox: the engines of a box of browser games, in pure Python.

Each game is a package (``engine.redwire``, ``engine.countdown``, ``engine.loop``) built on
``engine.core``: the record envelope, events and viewers, the seeded RNG, errors with reason codes,
the game protocol and the registry. The registry lists the games without loading them:

>>> from engine.core import games, load_game
>>> list(games())
['redwire', 'countdown', 'loop']
>>> state = load_game("redwire").new_game(players=3, seed=42, mission=1)
>>> state.to_move in range(3)
True

Red Wire's own API: ``from engine import redwire`` (see docs/engine.md); Countdown's:
``from engine import countdown`` (see docs/countdown.md); Loop the Loop's: ``from engine import loop``.
"""

__version__ = "0.2.0"
