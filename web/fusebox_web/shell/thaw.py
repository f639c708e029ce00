"""What a memory snapshot must not freeze: called by web/js/runtime.mjs after a snapshot boot.

A returning player's page starts Python from a snapshot of its memory made at build time
(web/runtime/snapshot.mjs), not by booting it. Everything Python computed once at start-up is
then the build machine's, the same at every visit; ``thaw`` makes it the page's own again, so
that a snapshot boot behaves as a plain boot does:

- the ``random`` module's generator, seeded at start-up: reseeded from the browser's entropy
  (``SystemRandom`` and the games' seeded generators need nothing);
- the time zone, read once at start-up (``time.timezone``, ``altzone``, ``daylight``,
  ``tzname``; Pyodide has no ``time.tzset``): read again from the page's clock, as Pyodide's
  start-up reads it;
- ``sys.path``: Pyodide puts the working directory ("") first at every start, and the snapshot
  already holds one.

The clock itself is read fresh at every call; the snapshot's build fixes the clock and the random
bytes Python sees there anyway, so that nothing of the build machine can leak into a game.
"""

from __future__ import annotations

import random
import sys
import time

_JANUARY, _JULY = 1, 7

#: The modules the snapshot brought, already imported (empty after a plain boot): what came
#: from the snapshot, for the curious and for the tests.
restored: set[str] = set()


def thaw() -> None:
    """Reseed ``random``, read the time zone again, keep one "" on ``sys.path``."""
    restored.update(sys.modules)
    random.seed()
    _read_time_zone()
    if sys.path.count("") > 1:
        sys.path.remove("")


def _minutes_west(month: int, year: int) -> int:
    """The page's offset from UTC on the first of ``month`` (Date.getTimezoneOffset)."""
    local = time.localtime(time.mktime((year, month, 1, 0, 0, 0, 0, 1, -1)))
    return -(local.tm_gmtoff or 0) // 60


def zone_name(minutes_west: int) -> str:
    """The name Pyodide gives a zone: its offset, ``UTC+0100`` for one hour east of UTC.

    >>> zone_name(-60), zone_name(300), zone_name(0), zone_name(-330)
    ('UTC+0100', 'UTC-0500', 'UTC-0000', 'UTC+0530')
    """
    sign = "-" if minutes_west >= 0 else "+"
    hours, minutes = divmod(abs(minutes_west), 60)
    return f"UTC{sign}{hours:02d}{minutes:02d}"


def time_zone(winter: int, summer: int) -> tuple[int, int, int, tuple[str, str]]:
    """``timezone``, ``altzone``, ``daylight`` and ``tzname`` from the offsets (minutes west) of
    the first of January and of July, as Pyodide's start-up computes them (its C library's
    ``tzset`` from JavaScript's Date, then CPython's time module).

    >>> time_zone(-60, -120)  # Rome
    (-3600, -7200, 1, ('UTC+0100', 'UTC+0200'))
    >>> time_zone(-660, -600)  # Sydney: summer time in January
    (-36000, -39600, 1, ('UTC+1000', 'UTC+1100'))
    >>> time_zone(0, 0)
    (0, -3600, 0, ('UTC-0000', 'UTC-0000'))
    """
    standard = max(winter, summer) * 60
    names = (zone_name(winter), zone_name(summer))
    if summer >= winter:
        names = (names[1], names[0])
    return standard, standard - 3600, int(winter != summer), names


def _read_time_zone() -> None:
    year = time.localtime().tm_year
    winter, summer = _minutes_west(_JANUARY, year), _minutes_west(_JULY, year)
    zone = time_zone(winter, summer)
    # Module attributes, set once by CPython at start-up: writable like any other.
    time.timezone, time.altzone, time.daylight, time.tzname = zone
