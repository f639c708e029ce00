"""A computer's move left unsaved until the page draws it: the check the games' page tests share.

The store holds the position the page last drew; ``save()`` writes the move, and the default
``play_bot()`` (a person's move, or a computer's outside the page) still saves at once.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Protocol, TypeVar

G = TypeVar("G")


class SavingSession(Protocol):
    """What the check needs of a game's page session."""

    @property
    def unsaved(self) -> bool: ...

    def play_bot(self, *, save: bool = True) -> object | None: ...

    def save(self) -> None: ...


def unsaved(s: SavingSession) -> bool:
    """Whether a move waits to be saved (read anew: each call may have changed it)."""
    return s.unsaved


def stored_game(read: Callable[[], str | None], load: Callable[[dict[str, object]], G]) -> G:
    """The game the store holds, loaded from its envelope's data."""
    return load(json.loads(read() or "")["data"])


def check_saved_on_demand(
    s: SavingSession, read: Callable[[], str | None], load: Callable[[dict[str, object]], G]
) -> G:
    """Play a computer's move unsaved (the store keeps the position before it, the last one the
    page drew), then save it. Returns the game stored then."""
    before = read()
    assert before is not None and not unsaved(s)
    assert s.play_bot(save=False) is not None
    assert unsaved(s) and read() == before
    s.save()
    assert not unsaved(s)
    return stored_game(read, load)


def check_saved_at_once(
    s: SavingSession, read: Callable[[], str | None], load: Callable[[dict[str, object]], G]
) -> G:
    """The default still saves each move (a person's, and a computer's outside the page).
    Returns the game stored after it."""
    assert s.play_bot() is not None and not unsaved(s)
    return stored_game(read, load)
