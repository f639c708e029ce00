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
from ..shell.mount import GameMount
from .home import home_card, peek, resume_text

ROOT = (
    '<div id="lp-root" class="lp-root"></div>'
    '<div id="lp-live" class="lp-sr" role="status" aria-live="polite"></div>'
)


class Mount(GameMount):
    """Loop the Loop's card: only the saved game's summary is read here; the controller reads
    the saves itself (``App.start_up``)."""

    def start(self) -> None:
        root = self.ctx.root
        dom.set_html(root, ROOT)
        self.listen(root)
        self.ctx.on_language_change(guarded(self.redraw))
        self.open_first_screen()

    def open_first_screen(self) -> None:
        """As ``GameMount.open_first_screen``, but when the link's or the saved game's screen
        fails the home card's controller still starts just after: it is the one that reads the
        saves (``App.start_up``), which the home card's buttons need."""
        if self.opens_a_game():
            try:
                self.app().start_up()
                return
            except Exception as error:  # the home card still works: show it, with the message
                report(error)
        self.draw_home()
        self._later = asyncio.ensure_future(self.later())

    def load_saves(self) -> None:
        # The summary is read again by ``draw_home``, the saves by the next controller.
        self.notices = []

    def redraw(self) -> None:
        if self._app is not None:
            self._app.redraw()
        else:
            self.draw_home()

    def draw_home(self) -> None:
        summary = peek(self.ctx.store)
        html = home_card(self.ctx.t, resume_text(self.ctx.t, summary), self.notices)
        dom.set_html(dom.query("#lp-root"), html)

    def opens_a_game(self) -> bool:
        """A game link, or a game in progress, when the shell lets Loop the Loop open."""
        if not self.ctx.may_open:
            return False
        from ..shell.links import parse_query

        query = parse_query(self.ctx.search)
        if query.get("game") == ["loop"]:
            return True
        summary = peek(self.ctx.store)
        return summary is not None and not summary.get("over")

    def make_app(self) -> Any:
        from .controller import App

        return App(self.ctx, self.notices)
