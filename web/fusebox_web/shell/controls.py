"""The controller parts every game's page repeats: words, tasks, the board's pace, pause and panels.

A game's ``App`` takes :class:`BoardControls` as a base and keeps its own screens and moves; it
holds what these parts read (``ctx``, ``session``, ``screen``, ``paused``, ``live``, its tasks)
and gives :meth:`BoardControls.board_bots` (its pacing view of the board) and ``draw_board``.
:class:`PanelControls` adds the board's side panels (``panel``), named by the game's prefix.
:func:`num` and :func:`text` read the data attributes the boards write on their controls.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any, ClassVar, Protocol

from . import dom
from .errors import Tasks
from .host import GameHost
from .pacing import BoardBots, play_bots


def num(node: Any, name: str) -> int:
    """A whole-number attribute written by the board (0 if it is missing)."""
    raw = dom.attr(node, name)
    return int(raw) if raw and raw.lstrip("-").isdigit() else 0


def text(node: Any, name: str) -> str:
    """A text attribute written by the board ("" if it is missing)."""
    return dom.attr(node, name) or ""


class TableSession(Protocol):
    """What these parts need of a game's session: its game, its table, the computers' turn."""

    @property
    def game(self) -> Any: ...

    @property
    def table(self) -> Any: ...

    def set_table(self, table: Any) -> None: ...

    def bot_seat(self) -> int | None: ...


class BoardControls:
    """Words, background tasks, the computers' loop and the board's pace and pause buttons."""

    ctx: GameHost
    #: The game's own session (an ``App`` declares its own class, which has these).
    session: TableSession
    screen: str
    paused: bool
    live: Any
    _tasks: Tasks
    _bot_task: asyncio.Task[None] | None
    #: Each game draws its own board.
    draw_board: Callable[[], None]
    #: The game's board as the pacing loop sees it (its moves and announcements).
    board_bots: Callable[[], BoardBots]

    def spawn(self, coroutine: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
        return self._tasks.spawn(coroutine)

    def close(self) -> None:
        """Another game replaces this one in the page (a link followed in it): stop the
        computers and every other task."""
        self._tasks.cancel_all()
        self._bot_task = None

    def t(self, key: str, **params: object) -> str:
        return str(self.ctx.t(key, **params))

    def announce(self, text: str) -> None:
        """Say ``text`` to a screen reader (the page's polite live region)."""
        if self.live is not None:
            self.live.textContent = text

    def run_bots(self) -> None:
        if self._bot_task is None and self.session.bot_seat() is not None and not self.paused:
            self._bot_task = self.spawn(self.bots())

    async def bots(self) -> None:
        """Computer players move at the table's pace (the shell's loop); the browser paints
        between moves."""
        try:
            await play_bots(self.board_bots())
        finally:
            self._bot_task = None
        if self.screen == "board":
            self.draw_board()

    def act_pace(self, target: Any) -> None:
        """The board's pace buttons: the game's table and the saved table take the new pace."""
        game = self.session.game
        if game is None:
            return
        pace = text(target, "data-pace")
        game.table = game.table.with_pace(pace)
        self.session.set_table(self.session.table.with_pace(pace))
        self.draw_board()

    def act_pause(self, target: Any) -> None:
        self.paused = not self.paused
        self.draw_board()
        if not self.paused:
            self.run_bots()


class PanelControls:
    """The board's side panels (log, rules...): one open at a time, its title focused."""

    #: The game's id prefix of the panel's title and the prompt (``#<prefix>-panel-title``).
    PREFIX: ClassVar[str]
    draw_board: Callable[[], None]
    _panel: str | None = None

    @property
    def panel(self) -> str | None:
        """The open panel's name (None: none); also ``<html data-panel>``, from which
        ``web/js/back.js`` gives an open panel a history entry of its own (Back closes it)."""
        return self._panel

    @panel.setter
    def panel(self, name: str | None) -> None:
        self._panel = name
        dom.set_root_attribute("data-panel", name)

    def reopen_panel(self, name: str) -> None:
        """Forward onto a panel's history entry: that panel opens again on the board."""
        if getattr(self, "screen", None) == "board" and self.panel != name:
            self.panel = name
            self.draw_board()
            dom.focus(f"#{self.PREFIX}-panel-title")

    def act_panel(self, target: Any) -> None:
        name = text(target, "data-panel")
        self.panel = None if self.panel == name else name
        self.draw_board()
        if self.panel:
            dom.focus(f"#{self.PREFIX}-panel-title")

    def act_close(self, target: Any) -> None:
        self.close_panel()

    def close_panel(self) -> None:
        """Close the open panel (its Close button, or Escape) and put the focus back on the
        button that opened it, so that a keyboard or screen-reader user is where they were (it
        went to the prompt); the prompt when that button is not on the board."""
        name = self.panel
        self.panel = None
        self.draw_board()
        opener = f'[data-act="panel"][data-panel="{name}"]'
        if name is None or not dom.focus(opener, scroll=False):
            dom.focus(f"#{self.PREFIX}-prompt", scroll=False)
