"""Red Wire's table: 2 to 5 players, its computer levels and rule variants (on the shell's
:class:`~fusebox_web.shell.table.Table`: seats, names, levels, pace).

>>> t = Table.default()
>>> t.players, t.seat_kinds(), t.seat(1).level
(3, ['human', 'bot', 'bot'], 'expert')
>>> Table.from_json(t.to_json()) == t
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..shell import table as shell_table
from ..shell.table import PACES, Seat, TableRules, clean_name

__all__ = [
    "CHARACTER_CHOICES",
    "LEVELS",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "OPTION_CHOICES",
    "PACES",
    "RULES",
    "Seat",
    "Table",
    "character_picks",
    "characters_of",
    "clean_name",
    "rule_options",
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
    "m47_pass_discards": (False, True),
    "m50_memory": (False, True),
    "m65_stranded_loss": (False, True),
}
#: Rule sticker B (from mission 31): each person's character, by seat ("dd": the Double
#: Detector); kept with the table's options, never given to the engine as a rule option.
CHARACTER_CHOICES: dict[str, tuple[object, ...]] = {
    f"character_{seat}": ("dd", "E1", "E2", "E3", "E4") for seat in range(MAX_PLAYERS)
}
RULES = TableRules(
    players=range(MIN_PLAYERS, MAX_PLAYERS + 1),
    levels=LEVELS,
    options={**OPTION_CHOICES, **CHARACTER_CHOICES},
    default_players=3,
)


def rule_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """The table's options that are the engine's rule options (not the characters)."""
    return {k: v for k, v in options.items() if k in OPTION_CHOICES}


def characters_of(setup: Any) -> list[str] | None:
    """Each seat's character in a game's setup (from mission 31; None before), for its link."""
    part = setup.parts.get("new_characters")
    characters = getattr(part, "characters", None)
    return list(characters) if characters is not None else None


def character_picks(table: shell_table.Table) -> list[str | None]:
    """Each seat's character as chosen on the table screen (None: the Double Detector)."""
    picks: list[str | None] = []
    for seat in range(table.players):
        pick = table.options.get(f"character_{seat}")
        picks.append(pick if isinstance(pick, str) and pick != "dd" else None)
    return picks


class Table(shell_table.Table):
    """Who sits at a Red Wire table (saved as before: five seats, whatever the players)."""

    RULES = RULES
