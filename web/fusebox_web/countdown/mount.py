"""Mounting Countdown in its home card: quick at boot, the game's modules on first use.

The shell mounts the game before the page is marked ready, so this only reads the saves and
draws the card's buttons (Play, Continue). The controller (board, bots, screens) is imported in an
asyncio task right after, or at once when a click comes first; a game link, or a game in
progress to go back to, opens its screen at once when the shell lets Countdown open.
"""

from __future__ import annotations

import asyncio
from typing import Any

from ..shell import dom
from ..shell.errors import guarded, report
from ..shell.host import GameHost
from ..shell.markup import esc, tag
from .board import button
from .links import parse_link
from .session import Session

ROOT = (
    '<div id="cd-root" class="cd-root"></div>'
    '<div id="cd-live" class="cd-sr" role="status" aria-live="polite"></div>'
)


def home_html(t: Any, session: Session, notices: list[str]) -> str:
    """The card's buttons from the saved data."""
    game = session.game
    parts = [tag("p", esc(n), class_="cd-notice") for n in notices]
    buttons = button(esc(t("cd.home.play")), "open-table", "cd-big cd-primary")
    if game is not None and game.stage != "over":
        where = t("cd.home.where", round=game.state.round, game=game.state.game)
        buttons += button(esc(t("cd.home.continue", where=where)), "continue", "cd-big")
    parts.append(tag("div", buttons, class_="cd-actions", data_testid="countdown-home"))
    return "".join(parts)


class Mount:
    def __init__(self, host: GameHost) -> None:
        self.ctx = host
        self._app: Any = None
        self._later: asyncio.Future[None] | None = None
        self.notices: list[str] = []
        self.session = Session(host.store)

    def start(self) -> None:
        root = self.ctx.root
        dom.set_html(root, ROOT)
        self.session.load()
        self.notices = [self.ctx.t(key) for key in self.session.problems]
        self.session.problems.clear()
        dom.listen(root, "click", guarded(lambda event: self.app().on_click(event)))
        dom.listen(root, "keydown", guarded(lambda event: self.app().on_key(event)))
        dom.listen(root, "change", guarded(lambda event: self.app().on_change(event)))
        self.ctx.on_language_change(guarded(lambda: self.app().redraw()))
        self.ctx.on_link(self.follow)
        self.open_first_screen()

    def open_first_screen(self) -> None:
        """The home card, or (when the shell lets Countdown open) the link's or the saved
        game's screen."""
        if not self.opens_a_game():
            self.draw_home()
            self._later = asyncio.ensure_future(self.later())
            return
        try:
            self.app().start_up()
        except Exception as error:  # the home card still works: show it, with the message
            report(error)
            self.draw_home()

    def follow(self, search: str) -> bool:
        """A link followed in the running page (``shell.app.Shell.follow``): what a boot at
        that address does, from what is saved now. The game on screen is closed (its computers
        stop; it is saved after every move), the saved data is read again, and the link opens
        (without one: the saved game or the home card)."""
        if self._later is not None:
            self._later.cancel()
            self._later = None
        if self._app is not None:
            self._app.close()
            self._app = None
        self.session = Session(self.ctx.store)
        self.session.load()
        self.notices = [self.ctx.t(key) for key in self.session.problems]
        self.session.problems.clear()
        self.ctx.show_screen(None)
        dom.set_root_attribute("data-board-ready", None)
        self.open_first_screen()
        return True

    def draw_home(self) -> None:
        dom.set_html(dom.query("#cd-root"), home_html(self.ctx.t, self.session, self.notices))

    def opens_a_game(self) -> bool:
        game = self.session.game
        resumable = game is not None and game.stage != "over" and not self.notices
        return self.ctx.may_open and (resumable or parse_link(self.ctx.search) is not None)

    def app(self) -> Any:
        """The game's controller, imported on first use."""
        if self._app is None:
            from .controller import App

            self._app = App(self.ctx, self.session, self.notices)
        return self._app

    async def later(self) -> None:
        await asyncio.sleep(0)
        try:
            self.app().start_up()
        except Exception as error:
            report(error)
