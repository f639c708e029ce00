"""Loop the Loop's table: 2 to 6 players, its computer levels and rule options (on the shell's
:class:`~fusebox_web.shell.table.Table`: seats, names, levels, pace).

>>> t = Table.default()
>>> t.players, t.seat_kinds(), t.seat(1).level
(4, ['human', 'bot', 'bot', 'bot'], 'strong')
>>> engine_options(t.with_option("record_bonus", "own")).record_bonus
'own'
>>> Table.from_json(t.to_json()) == t
True
"""

from __future__ import annotations

from typing import Any

from ..shell import table as shell_table
from ..shell.table import PACES, Seat, TableRules, clean_name

__all__ = ["LEVELS", "OPTION_CHOICES", "PACES", "RULES", "Seat", "Table", "clean_name"]

MIN_PLAYERS, MAX_PLAYERS = 2, 6
#: The computer levels a player may choose, best first.
LEVELS = ("strong", "basic", "random")
#: The rule options of the table screen (engine.loop.Options), the default first.
OPTION_CHOICES: dict[str, tuple[object, ...]] = {
    "record_bonus": ("table", "own"),
    "seventh_die_timing": ("any", "before_roll"),
    "fly_existing": (False, True),
    "allow_pass": (False, True),
}
RULES = TableRules(
    players=range(MIN_PLAYERS, MAX_PLAYERS + 1),
    levels=LEVELS,
    options=OPTION_CHOICES,
    default_players=4,
)


class Table(shell_table.Table):
    """Who sits at a Loop the Loop table."""

    RULES = RULES


def engine_options(table: Table, max_rounds: int | None = None) -> Any:
    """The engine's options for a game at this table."""
    from engine.loop import Options

    return Options(**dict(table.options), max_rounds=max_rounds)
