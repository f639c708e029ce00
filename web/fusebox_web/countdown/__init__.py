"""Countdown's page package: the competitive bomb card game in the box's page.

``page`` is what the shell mounts (``PAGE``); ``mount`` draws the home card's buttons quickly and
imports the rest on first use: ``controller`` (the only module that talks to the page), the pure
rendering functions of ``board`` and ``screens``, ``session`` (the game, pass and play, bots,
saves), ``links`` (game links), ``words`` and ``log_text`` (every sentence from the catalogs).
See docs/countdown.md.
"""
