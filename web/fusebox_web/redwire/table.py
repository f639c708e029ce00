"""Red Wire's table: 2 to 5 players, its computer levels and rule variants (on the shell's
:class:`~fusebox_web.shell.table.Table`: seats, names, levels, pace).

>>> t = Table.default()
>>> t.players, t.seat_kinds(), t.seat(1).level
(3, ['human', 'bot', 'bot'], 'expert')
>>> Table.from_json(t.to_json()) == t
True
"""

from __future__ import annotations

from ..shell import table as shell_table
from ..shell.table import PACES, Seat, TableRules, clean_name

__all__ = [
    "LEVELS",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "OPTION_CHOICES",
    "PACES",
    "RULES",
    "Seat",
    "Table",
    "clean_name",
]

MIN_PLAYERS, MAX_PLAYERS = 2, 5
#: The levels a player may choose, best first (``simple`` is for the engine's own tests).
LEVELS = ("expert", "cautious", "random")
#: Rule variants shown in the "Rules variants" panel, with their allowed values (engine.Options).
OPTION_CHOICES: dict[str, tuple[object, ...]] = {
    "edition": ("IT", "EN"),
    "detector_scope": ("hand", "stand"),
    "faithful_token_supply": (False, True),
    "m12_lock_added_cards": (False, True),
    "m17_rhett_no_dd": (False, True),
    "m18_unheld": ("token", "forbidden"),
}
RULES = TableRules(
    players=range(MIN_PLAYERS, MAX_PLAYERS + 1),
    levels=LEVELS,
    options=OPTION_CHOICES,
    default_players=3,
)


class Table(shell_table.Table):
    """Who sits at a Red Wire table (saved as before: five seats, whatever the players)."""

    RULES = RULES
