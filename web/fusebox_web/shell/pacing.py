"""Computer players at the table's pace, for any game: think, move, let the page breathe.

:func:`play_bots` runs in an asyncio task (the page's event loop is the browser's): while the game
waits for a computer seat, it shows that seat thinking, waits the table's delay (the browser
paints and takes clicks meanwhile), checks that nothing changed (the player paused, left the
board, or the game moved on), lets the seat move, then yields before the next one: a moment
when the move was drawn (the browser paints it), else only a turn of the event loop (the
browser still takes clicks and runs timers). The game gives it a :class:`BotTable`.

>>> import asyncio
>>> class Demo:
...     def __init__(self): self.to_move, self.shown = [1, 2, 0], []
...     def may_play(self): return True
...     def bot_seat(self): return self.to_move[0] if self.to_move[0] else None
...     def delay(self): return 0.0
...     def thinking(self, seat): self.shown.append(("thinking", seat))
...     def play(self, seat):
...         self.shown.append(("moved", seat)); self.to_move.pop(0)
...         return seat == 2  # only the second move is drawn
>>> demo, slept = Demo(), []
>>> async def sleep(seconds): slept.append(seconds)
>>> asyncio.run(play_bots(demo, sleep))
2
>>> demo.shown
[('thinking', 1), ('moved', 1), ('thinking', 2), ('moved', 2), ('thinking', None)]

After each move the loop waits the seat's delay; then a breath only after a drawn move:

>>> slept
[0.0, 0, 0.0, 0.02]
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

#: Seconds after a computer move that was drawn, so that the browser paints it before the next
#: one: a frame and a little more (the page is idle meanwhile, so a 60 Hz screen paints in it).
#: A move left undrawn (the instant pace draws about once a second) waits for nothing: 20 ms
#: after each of a bots' game's sixty moves was a second and more of an idle page, as long as
#: the moves themselves took on a fast machine.
BREATH = 0.02


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

    def play(self, seat: int) -> bool:
        """Let ``seat`` make its move, and show it; True when the move was drawn (the page
        then breathes so that the browser paints it)."""
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
            drawn = table.play(seat)
            moves += 1
            # Undrawn, the move has nothing to paint: only a turn of the event loop (clicks,
            # timers, the pause button), not a frame's wait.
            await sleep(breath if drawn else 0)
    finally:
        table.thinking(None)
    return moves


class BoardApp(Protocol):
    """What :class:`BoardBots` needs of a game's page: its session (``bot_seat()``, the game
    whose table has a pace: ``game.table.delay()``, ``save()`` and ``unsaved``), its pause,
    screen and redraws."""

    paused: bool
    screen: str
    thinking: int | None

    @property
    def session(self) -> Any: ...

    def draw_board(self) -> None: ...

    def after_change(self, draw: bool = True) -> None:
        """Show the screen the session is in (``draw``: False keeps the board as drawn)."""
        ...


class BoardBots:
    """A game's board as the pacing loop sees it: computers play while the board is on screen
    and the player has not paused them, at the table's pace; each move is timed by the page
    (``MEASURE``, among the browser's performance entries) and announced.

    A game subclasses it with :meth:`move` (make the waiting computer's move, unsaved: its
    session's ``play_bot(save=False)``, which sets ``session.unsaved``) and :meth:`announce`
    (from the move's own events, not the whole log's). The move is saved when it is drawn
    (:meth:`shown`) or when the computers stop (:meth:`thinking`): the game saved is the game
    last drawn."""

    #: The name of the page's measure of a whole computer move (decision, applying, saving).
    MEASURE = "fusebox:bot"
    #: At the instant pace, while computers play on, the board is drawn at most this often
    #: (milliseconds): drawing each of a game's sixty moves would take most of a phone's time,
    #: for positions nobody could see. The last move before a person or the end is always drawn.
    #: Once a second, not four times: a drawing (the board's HTML, then the browser's layout)
    #: costs several computer moves, so at 250 ms a busy device spent two thirds of a bots'
    #: game drawing (a 4-player mission 9 in Chromium on a loaded 2-core machine: 7.7 s to play
    #: at 250 ms, 4.8 s at 1000 ms, the same moves).
    FRAME_MS = 1000.0

    def __init__(self, app: BoardApp) -> None:
        self.app = app
        self.drawn: float | None = None  # when a move was last drawn (performance.now())

    def may_play(self) -> bool:
        return not self.app.paused and self.app.screen == "board"

    def bot_seat(self) -> int | None:
        seat: int | None = self.app.session.bot_seat()
        return seat

    def delay(self) -> float:
        game = self.app.session.game
        return float(game.table.delay()) if game else 0.0

    def thinking(self, seat: int | None) -> None:
        """Show ``seat`` thinking (None: nobody any more). When the computers stop (a person
        decides, the player paused them, the board was left), a move made since the last
        drawing is saved: a page closed then resumes where the computers stopped."""
        if seat is None and self.app.session.unsaved:
            self.app.session.save()
        self.app.thinking = seat
        # At the instant pace the move follows at once: the mark would be drawn, never seen.
        if seat is not None and self.app.screen == "board" and self.delay() > 0:
            self.app.draw_board()

    def play(self, seat: int) -> bool:
        from . import dom  # the browser's: imported by a page that plays, not by the doctests

        start = dom.now()
        moved = self.move(start)
        dom.measure(self.MEASURE, start)
        self.app.thinking = None
        if moved:
            self.announce()
        drawn = self.draw_now(dom.now())
        if drawn:
            self.shown()
        self.app.after_change(draw=drawn)
        return drawn

    def shown(self) -> None:
        """The move just made is about to be drawn: the game is saved here (a computer's move
        is made unsaved, ``session.play_bot(save=False)``), so the game saved is the game drawn.
        At the instant pace most moves are not drawn: serialising the whole game after each of
        sixty moves cost more than some of the moves."""
        self.app.session.save()

    def draw_now(self, now: float) -> bool:
        """Whether the move just made is drawn: always at a pace the eye follows, and when a
        person (or nobody) moves next; at the instant pace, else once per ``FRAME_MS``."""
        if self.delay() > 0 or not self.may_play() or self.bot_seat() is None:
            return True
        if self.drawn is not None and now - self.drawn < self.FRAME_MS:
            return False
        self.drawn = now
        return True

    def move(self, start: float) -> bool:
        """Make the waiting computer's move (``start``: when the page began it, for its
        timings); True when it left something to announce."""
        raise NotImplementedError

    def announce(self) -> None:
        """Tell screen readers what the move did."""
        raise NotImplementedError
