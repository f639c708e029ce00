"""English counts for the engine's own sentences (refusals, transcripts, the command line, bots'
reasons): the page says them in each language from its catalogs (``fusebox_web.shell.i18n``).

>>> counted(1, "card", "cards"), counted(0, "card", "cards"), counted(3, "step", "steps")
('1 card', '0 cards', '3 steps')
"""

from __future__ import annotations


def counted(count: int, one: str, many: str) -> str:
    """``count`` and its noun: ``one`` for exactly 1, ``many`` for every other count (English
    says "0 cards")."""
    return f"{count} {one if count == 1 else many}"
