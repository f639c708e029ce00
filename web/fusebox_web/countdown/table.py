"""Countdown's table: 2 to 5 players, its computer levels and rule options (on the shell's
:class:`~fusebox_web.shell.table.Table`: seats, names, levels, pace).

Options: ``points`` (the Points variant: a match to 10), the engine's rule options for the open
points of the spec that change play (``mascot_count_alarm_exits``: §12 A4,
``siren_agents_may_act``: A12, ``frisked_card_playable``: A13), ``memory`` (the page's: no panel
of Scan notes, the rulebook's "memory" play; the engine always keeps the notes in the seat's
observation).

>>> t = Table.default()
>>> t.players, t.seat_kinds(), t.seat(1).level
(4, ['human', 'bot', 'bot', 'bot'], 'strong')
>>> t.engine_options()
{'points': False, 'mascot_count_alarm_exits': True, 'siren_agents_may_act': True, 'frisked_card_playable': True}
>>> Table.from_json(t.to_json()) == t
True
"""

from __future__ import annotations

from typing import Any

from ..shell import table as shell_table
from ..shell.table import PACES, Seat, TableRules, clean_name

__all__ = ["LEVELS", "OPTION_CHOICES", "PACES", "RULES", "Seat", "Table", "clean_name"]

#: The levels a player may choose, best first.
LEVELS = ("strong", "basic", "random")
#: Rule options, each with its allowed values (the first is the default).
OPTION_CHOICES: dict[str, tuple[object, ...]] = {
    "points": (False, True),
    "mascot_count_alarm_exits": (True, False),
    "siren_agents_may_act": (True, False),
    "frisked_card_playable": (True, False),
    "memory": (False, True),
}
#: The options the engine knows (``engine.countdown.Options``); the others are the page's.
ENGINE_OPTIONS = (
    "points",
    "mascot_count_alarm_exits",
    "siren_agents_may_act",
    "frisked_card_playable",
)
RULES = TableRules(players=range(2, 6), levels=LEVELS, options=OPTION_CHOICES, default_players=4)


class Table(shell_table.Table):
    """Who sits at a Countdown table, and its options."""

    RULES = RULES

    def option(self, name: str) -> Any:
        return self.options.get(name, OPTION_CHOICES[name][0])

    def engine_options(self) -> dict[str, Any]:
        return {name: self.option(name) for name in ENGINE_OPTIONS}

    @property
    def memory(self) -> bool:
        return bool(self.option("memory"))
