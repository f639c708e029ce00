"""Mounting Countdown in its home card: quick at boot, the game's modules on first use.

The shell mounts the game before the page is marked ready, so this only reads the saves and
draws the card's buttons (Play, Continue). The controller (board, bots, screens) is imported in an
asyncio task right after, or at once when a click comes first; a game link, or a game in
progress to go back to, opens its screen at once when the shell lets Countdown open.
"""

from __future__ import annotations

from typing import Any

from ..shell import dom
from ..shell.errors import guarded
from ..shell.host import GameHost
from ..shell.markup import esc, tag
from ..shell.mount import GameMount
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


class Mount(GameMount):
    """Countdown's card: its session (saved game and table) is read here, at boot."""

    def __init__(self, host: GameHost) -> None:
        super().__init__(host)
        self.session = Session(host.store)

    def start(self) -> None:
        root = self.ctx.root
        dom.set_html(root, ROOT)
        self.load_saves()
        self.listen(root)
        self.ctx.on_language_change(guarded(lambda: self.app().redraw()))
        self.open_first_screen()

    def load_saves(self) -> None:
        self.session = Session(self.ctx.store)
        self.session.load()
        self.notices = [self.ctx.t(key) for key in self.session.problems]
        self.session.problems.clear()

    def draw_home(self) -> None:
        dom.set_html(dom.query("#cd-root"), home_html(self.ctx.t, self.session, self.notices))

    def opens_a_game(self) -> bool:
        game = self.session.game
        resumable = game is not None and game.stage != "over" and not self.notices
        return self.ctx.may_open and (resumable or parse_link(self.ctx.search) is not None)

    def make_app(self) -> Any:
        from .controller import App

        return App(self.ctx, self.session, self.notices)
