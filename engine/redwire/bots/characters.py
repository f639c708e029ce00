"""The computer players' character at the table (rule sticker B, from mission 31).

The characters are chosen before the deal (setup step 3), so a computer chooses from the
mission's rules alone, never from wires: every level but the random one takes the Triple
Scanner (E3), a Double Detector that points at one more wire, so its cut is the likeliest to
hit; the random level takes any character the mission allows, the Double Detector included.
The captain always keeps the Double Detector.

>>> chosen, why = table_characters(31, 3, captain=0, levels=["expert", None, "random"],
...                               picks=[None, "E1", None], seed=4)
>>> chosen["new_characters"]["characters"][:2], why[0]
(['dd', 'E1'], None)
>>> why[2].key in {"character_random", "character_dd_random"}
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...core.rng import Rng
from ..mechanisms import new_characters
from ..missions import load_mission
from .explanation import Explanation, explanation


def choose(level: str, allowed: Sequence[str], rng: Rng) -> tuple[str, Explanation]:
    """A computer's character among ``allowed`` (the new ones a mission allows), and why."""
    if level == "random":
        pick = rng.choice([new_characters.DD, *allowed])
        if pick == new_characters.DD:
            return pick, explanation("character_dd_random")
        return pick, explanation("character_random", character=pick)
    return "E3", explanation("character_triple")


def table_characters(
    mission: int,
    players: int,
    *,
    captain: int | None,
    levels: Sequence[str | None],
    picks: Sequence[str | None],
    seed: int,
) -> tuple[dict[str, Any] | None, list[Explanation | None]]:
    """The table's choice for a mission (``new_game(chosen=...)``), or None when the mission has
    no new characters: a person's pick (``picks[seat]``; None or one the mission forbids: the
    Double Detector), a computer's own choice (``levels[seat]``: its level; None for a person),
    the captain's Double Detector. Also each computer's reason (None for people and the captain).
    """
    spec = load_mission(mission)
    use = next((u for u in spec.mechanisms if u.id == new_characters.ID), None)
    reasons: list[Explanation | None] = [None] * players
    if use is None:
        return None, reasons
    allowed = new_characters.allowed(use.params)
    rng = Rng(seed)
    chosen: list[str] = []
    for seat in range(players):
        level = levels[seat] if seat < len(levels) else None
        if seat == captain:
            chosen.append(new_characters.DD)
        elif level is not None:
            pick, reasons[seat] = choose(level, allowed, rng)
            chosen.append(pick)
        else:
            pick_of = picks[seat] if seat < len(picks) else None
            chosen.append(pick_of if pick_of in allowed else new_characters.DD)
    return {new_characters.ID: {"characters": chosen}}, reasons
