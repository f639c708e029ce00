"""Mounting Loop the Loop in its home card: quick at boot, the game's modules just after.

The shell mounts every game before the page is marked ready, so this reads only the saved game's
summary (no replay, no engine) and draws the card's Continue / Play buttons; the controller (the
engine, the bots, the screens) is imported in an asyncio task right after, and a click that comes
first imports it at once. When the shell lets Loop the Loop open (``host.may_open``), a game link
or the game in progress opens its screen at once.
"""

from __future__ import annotations

import asyncio
from typing import Any

from ..shell import dom
from ..shell.errors import guarded, report
from ..shell.host import GameHost
from .home import home_card, peek, resume_text

ROOT = (
    '<div id="lp-root" class="lp-root"></div>'
    '<div id="lp-live" class="lp-sr" role="status" aria-live="polite"></div>'
)


class Mount:
    def __init__(self, host: GameHost) -> None:
        self.ctx = host
        self._app: Any = None
        self._later: asyncio.Future[None] | None = None
        self.notices: list[str] = []

    def start(self) -> None:
        root = self.ctx.root
        dom.set_html(root, ROOT)
        dom.listen(root, "click", guarded(lambda event: self.app().on_click(event)))
        dom.listen(root, "keydown", guarded(lambda event: self.app().on_key(event)))
        dom.listen(root, "change", guarded(lambda event: self.app().on_change(event)))
        self.ctx.on_language_change(guarded(self.redraw))
        self.ctx.on_link(self.follow)
        self.open_first_screen()

    def open_first_screen(self) -> None:
        """The home card, or (when the shell lets Loop the Loop open) the link's or the saved
        game's screen."""
        if self.opens():
            try:
                self.app().start_up()
                return
            except Exception as error:  # the home card still works: show it, with the message
                report(error)
        self.draw_home()
        self._later = asyncio.ensure_future(self.later())

    def follow(self, search: str) -> bool:
        """A link followed in the running page (``shell.app.Shell.follow``): what a boot at
        that address does, from what is saved now. The game on screen is closed (its computers
        stop; it is saved after every move), and a new controller reads the saved data again
        and opens the link (without one: the saved game or the home card)."""
        if self._later is not None:
            self._later.cancel()
            self._later = None
        if self._app is not None:
            self._app.close()
            self._app = None
        self.notices = []
        self.ctx.show_screen(None)
        dom.set_root_attribute("data-board-ready", None)
        self.open_first_screen()
        return True

    def redraw(self) -> None:
        if self._app is not None:
            self._app.redraw()
        else:
            self.draw_home()

    def draw_home(self) -> None:
        summary = peek(self.ctx.store)
        html = home_card(self.ctx.t, resume_text(self.ctx.t, summary), self.notices)
        dom.set_html(dom.query("#lp-root"), html)

    def opens(self) -> bool:
        """A game link, or a game in progress, when the shell lets Loop the Loop open."""
        if not self.ctx.may_open:
            return False
        from ..shell.links import parse_query

        query = parse_query(self.ctx.search)
        if query.get("game") == ["loop"]:
            return True
        summary = peek(self.ctx.store)
        return summary is not None and not summary.get("over")

    def app(self) -> Any:
        """The game's controller, imported on first use."""
        if self._app is None:
            from .controller import App

            self._app = App(self.ctx, self.notices)
        return self._app

    async def later(self) -> None:
        # First let the page be marked ready and painted; then import the game's modules.
        await asyncio.sleep(0)
        try:
            self.app().start_up()
        except Exception as error:
            report(error)
