"""Computer players at the table's pace, for any game: think, move, let the page breathe.

:func:`play_bots` runs in an asyncio task (the page's event loop is the browser's): while the game
waits for a computer seat, it shows that seat thinking, waits the table's delay (the browser
paints and takes clicks meanwhile), checks that nothing changed (the player paused, left the
board, or the game moved on), lets the seat move, then yields a moment before the next one. The
game gives it a :class:`BotTable`.

>>> import asyncio
>>> class Demo:
...     def __init__(self): self.to_move, self.shown = [1, 2, 0], []
...     def may_play(self): return True
...     def bot_seat(self): return self.to_move[0] if self.to_move[0] else None
...     def delay(self): return 0.0
...     def thinking(self, seat): self.shown.append(("thinking", seat))
...     def play(self, seat): self.shown.append(("moved", seat)); self.to_move.pop(0)
>>> demo = Demo()
>>> asyncio.run(play_bots(demo))
2
>>> demo.shown
[('thinking', 1), ('moved', 1), ('thinking', 2), ('moved', 2), ('thinking', None)]
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Protocol

#: Seconds between two computer moves in a row, so that the browser paints the first.
BREATH = 0.05


class BotTable(Protocol):
    """What the pacing loop needs from a game in progress."""

    def may_play(self) -> bool:
        """False to stop: the player paused the computers, or the board is not on screen."""
        ...

    def bot_seat(self) -> int | None:
        """The computer seat the game waits for, or None."""
        ...

    def delay(self) -> float:
        """Seconds a computer "thinks" before its move (the table's pace)."""
        ...

    def thinking(self, seat: int | None) -> None:
        """Show ``seat`` thinking (None: nobody any more)."""
        ...

    def play(self, seat: int) -> None:
        """Let ``seat`` make its move, and show it."""
        ...


async def play_bots(
    table: BotTable,
    sleep: Callable[[float], Awaitable[object]] = asyncio.sleep,
    breath: float = BREATH,
) -> int:
    """Play the computer seats until a person must decide (or the loop must stop); returns the
    number of moves made."""
    moves = 0
    try:
        while table.may_play():
            seat = table.bot_seat()
            if seat is None:
                break
            table.thinking(seat)
            await sleep(table.delay())
            if not table.may_play() or table.bot_seat() != seat:
                continue
            table.play(seat)
            moves += 1
            await sleep(breath)
    finally:
        table.thinking(None)
    return moves
