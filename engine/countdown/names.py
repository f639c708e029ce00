"""English names of the cards and the mascot, for the engine's own sentences (errors, the command
line, transcripts). The page has its own catalogs (English, Italian) with the same names.

The names and texts are our own; only the mechanics follow the rulebook.

>>> kind_name("cut_red"), kind_name("bypass"), MASCOT
('Snip (red)', 'Rewire', 'Biscuit')
"""

from __future__ import annotations

from .cards import cut_colour

#: The card kinds' names (Snips are named by colour).
KIND_NAMES = {
    "analyze": "Scan",
    "exit": "Evacuate",
    "intercept": "Frisk",
    "timer": "Hurry",
    "double_timer": "Double Hurry",
    "alarm": "Siren",
    "reenter": "Sneak Back",
    "bypass": "Rewire",
}
#: The mascot everyone wants to be holding when the bomb goes off.
MASCOT = "Biscuit"
WILD = "Improvise"


def kind_name(kind: str) -> str:
    """The English name of a card kind: ``Snip (red)``, ``Scan``."""
    colour = cut_colour(kind)
    if colour is not None:
        return f"Snip ({colour})"
    return KIND_NAMES.get(kind, kind)


def seat_name(seat: object, names: list[str] | tuple[str, ...] | None = None) -> str:
    if isinstance(seat, int) and names and 0 <= seat < len(names):
        return names[seat]
    return f"Player {seat + 1}" if isinstance(seat, int) else "nobody"
