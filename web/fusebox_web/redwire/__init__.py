"""Red Wire in the page: the game screens on top of the engine.

How a game flows through the modules:

* ``urls`` reads a shared game link (``?mission=4&players=4&seed=7``), ``table`` holds who sits
  at the table (names, human or computer seats, bot levels, rule options, bot pace).
* ``session`` is the UI-agnostic controller: the current :class:`engine.GameState`, whose view
  the device shows, the pass-and-play handoff, which seat a bot must play for, the campaign, and
  saving / loading through ``storage`` (versioned envelopes, bad data set aside, never deleted).
* ``affordances`` turns the engine's rules into what the viewer can do now (tiles to tap, values
  to announce, buttons), asking the engine itself (``state.check``) for every answer;
  ``selection`` is what the player has tapped so far and the action it makes.
* ``board``, ``screens`` and ``log_text`` are pure functions from observations to HTML strings
  and catalog sentences; ``controller`` is the only part that talks to the page (through
  ``fusebox_web.shell.dom``): one delegated listener, one ``innerHTML`` per region, bots in an asyncio
  task.

Everything but ``controller`` is plain Python, unit-tested in CPython (tests/web).
"""
