"""Mounting Red Wire in its home card: quick at boot, the game's modules just after.

The shell mounts Red Wire (``page.PAGE.mount``) before the page is marked ready, so this does
only what the first screen needs. Usually that is the home card: read the saved progress and
game, draw the Play / Continue buttons, and listen; the controller (board, bots, screens) is
imported in an asyncio task right after, while the player looks at the page, and a click that
comes first imports it at once. When the shell lets Red Wire open (``host.may_open``), a game
link, or a game in progress to go back to, opens its screen at once instead (drawing the home
screen first would only delay the board).
"""

from __future__ import annotations

from typing import Any

from ..shell import dom
from ..shell.errors import guarded
from ..shell.host import GameHost
from ..shell.mount import GameMount
from . import home, storage
from .session import Session
from .urls import parse_link, wants_projector

ROOT = (
    '<div id="rw-root" class="rw-root"></div>'
    '<div id="rw-live" class="rw-sr" role="status" aria-live="polite"></div>'
)
#: The parts js/redwire.js drew before Python booted (the Play button, the table): kept.
EARLY = ("#rw-early", "#rw-table")


def home_html(context: Any, session: Session, notices: list[str]) -> str:
    """The home screen's buttons from the saved data."""
    return home.home(context.t, home.home_input(context.t, session, notices))


class Mount(GameMount):
    """Red Wire's card: its session (progress, saved game, table) is read here, at boot; a
    projector's window only watches this device's game."""

    def __init__(self, host: GameHost) -> None:
        super().__init__(host)
        self.session = Session(host.store)
        self.watcher: Any = None

    def start(self) -> None:
        app = self.ctx.root
        if wants_projector(self.ctx.search):
            # A second window showing the public table of this device's game: it only watches.
            from .projector import Projector  # (the board's modules: only this window needs them)

            dom.set_html(app, ROOT)
            self.watcher = Projector(self.ctx, lambda: self.ctx.store.get(storage.GAME))
            self.watcher.start()
            self.ctx.on_history(self.go_back, self.go_forward)
            return
        # The board redraws often: its announcements go to a small live region of their own.
        # What js/redwire.js drew before the boot stays (after the game's own root).
        early = [dom.query(selector) for selector in EARLY]
        dom.set_html(app, ROOT)
        for node in early:
            if node is not None:
                app.appendChild(node)
        self.load_saves()
        self.listen(app)
        # The table set before (or after) the boot, by js/redwire.js: the missions come next.
        dom.listen(
            dom.document(),
            "redwire:missions",
            guarded(lambda event: self.app().open_missions(dom.event_detail(event))),
        )
        dom.listen(
            dom.document(), "redwire:tutorial", guarded(lambda event: self.app().start_tutorial())
        )
        self.ctx.on_language_change(guarded(lambda: self.app().redraw()))
        self.open_first_screen()

    def load_saves(self) -> None:
        self.session = Session(self.ctx.store)
        self.session.load()
        t, session = self.ctx.t, self.session
        self.notices = [home.problem_text(t, session, *problem) for problem in session.problems]
        self.session.problems.clear()

    def follow(self, search: str) -> bool:
        """The shell's in-page link route (``GameMount.follow``), but a projector link needs
        its own window: False (the page loads again there)."""
        if wants_projector(search) or self.watcher is not None:
            return False
        return super().follow(search)

    def changed_elsewhere(self, stopped: bool) -> None:
        """The shell's (``GameMount.changed_elsewhere``), but a projector's window only
        watches: it follows the save by itself and never writes."""
        if self.watcher is None:
            super().changed_elsewhere(stopped)

    def go_back(self, panel: str | None = None) -> None:
        """``GameMount.go_back``; a projector's window has no home screen to go back to: Back
        goes on out of the page, as on any other site."""
        if self.watcher is not None:
            dom.history_back()
            return
        super().go_back(panel)

    def go_forward(self, screen: str | None, panel: str | None = None) -> None:
        """``GameMount.go_forward``; the table screen (js/redwire.js's) opens again as the
        campaign's "table" button opens it."""
        if self.watcher is not None:
            return
        if screen == "table":
            self.app().act_table(None)
            return
        super().go_forward(screen, panel)

    def draw_home(self) -> None:
        dom.set_html(dom.query("#rw-root"), home_html(self.ctx, self.session, self.notices))

    def opens_a_game(self) -> bool:
        """A game link (good or bad: the controller says what is wrong) or a game to go back to,
        when the shell lets Red Wire open at boot."""
        game = self.session.game
        resumable = game is not None and game.stage != "over" and not self.notices
        return self.ctx.may_open and (resumable or parse_link(self.ctx.search) is not None)

    def make_app(self) -> Any:
        from .controller import App

        return App(self.ctx, self.session, self.notices)
