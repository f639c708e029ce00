"""A game's mount in its home card: what every game's ``Mount`` does the same way.

The shell mounts each game before the page is marked ready (``host.GamePage.mount``), so a mount
draws only its card's buttons, or opens at once the screen a link or a game in progress asks for
(when ``host.may_open``); the game's controller (``App``: board, bots, screens) is imported on
first use, in an asyncio task right after the boot or at once when a click comes first.

:class:`GameMount` holds that route and the in-page link route (:meth:`GameMount.follow`, which
``host.on_link`` registers); a game's ``Mount`` says only what differs: how its controller is
made (:meth:`GameMount.make_app`), how it reads its saves (:meth:`GameMount.load_saves`), when
it opens a game at once (:meth:`GameMount.opens_a_game`) and its home card
(:meth:`GameMount.draw_home`).
"""

from __future__ import annotations

import asyncio
from abc import ABC, abstractmethod
from typing import Any

from . import dom
from .errors import guarded, report
from .host import GameHost


def stray_second_click(detail: int, pressed: Any) -> bool:
    """Whether a click is the second of a double tap (``detail``: the browser's click count)
    whose first one pressed a control (``pressed``) that is no longer in the page or no longer
    shown: the screen changed under the finger, so the second tap would land on whatever took
    the control's place (a double tap on "I am Player 2: show my cards" selected a card of the
    hand it showed). A click by keyboard counts 0, a single tap 1. (web/js/redwire.js drops the
    same clicks on the table it draws before the boot.)

    >>> class Control:
    ...     def __init__(self, there, shown=True): self.isConnected, self.shown = there, shown
    ...     def checkVisibility(self): return self.shown
    >>> stray_second_click(2, Control(False)), stray_second_click(2, Control(True))
    (True, False)
    >>> stray_second_click(2, Control(True, shown=False))
    True
    >>> stray_second_click(1, Control(False)), stray_second_click(2, None)
    (False, False)
    """
    if detail < 2 or pressed is None:
        return False
    visible = getattr(pressed, "checkVisibility", None)  # not in every browser yet
    return not (bool(pressed.isConnected) and (visible is None or bool(visible())))


class GameMount(ABC):
    """A game in its home card, its controller imported on first use."""

    def __init__(self, host: GameHost) -> None:
        self.ctx = host
        self._app: Any = None
        #: The control the last click pressed (see :func:`stray_second_click`).
        self._pressed: Any = None
        self._later: asyncio.Future[None] | None = None
        #: Messages for the home card (saves that could not be read, a bad link...).
        self.notices: list[str] = []

    @abstractmethod
    def make_app(self) -> Any:
        """The game's controller (its ``App``), importing its modules (the first use)."""

    @abstractmethod
    def load_saves(self) -> None:
        """Read the game's saved data (again, after a followed link) and its problems as
        ``notices``."""

    @abstractmethod
    def opens_a_game(self) -> bool:
        """The first screen is the game's (a link, a game in progress), not the home card."""

    @abstractmethod
    def draw_home(self) -> None:
        """The home card's buttons from the saved data."""

    def listen(self, root: Any) -> None:
        """Send the card's events to the controller (imported by the first one) and let the
        shell hand this game its links followed in the page."""
        dom.listen(root, "click", guarded(self.on_click))
        dom.listen(root, "keydown", guarded(lambda event: self.app().on_key(event)))
        dom.listen(root, "change", guarded(lambda event: self.app().on_change(event)))
        self.ctx.on_link(self.follow)
        self.ctx.on_changed_elsewhere(self.changed_elsewhere)
        self.ctx.on_history(self.go_back, self.go_forward)

    def on_click(self, event: Any) -> None:
        """A click in the card, for the controller; not the second tap of a double tap whose
        first one changed the screen (:func:`stray_second_click`)."""
        if stray_second_click(int(getattr(event, "detail", 0) or 0), self._pressed):
            return
        self._pressed = dom.closest(event.target, "[data-act]")
        self.app().on_click(event)

    def app(self) -> Any:
        """The game's controller, imported on first use."""
        if self._app is None:
            self._app = self.make_app()
        return self._app

    def open_first_screen(self) -> None:
        """The home card, or (when the shell lets the game open) the link's or the saved
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
        and clock stop: the controller's ``close``; it is saved after every move), the saved
        data is read again, and the link opens (without one: the saved game or the home card).
        """
        if self._later is not None:
            self._later.cancel()
            self._later = None
        if self._app is not None:
            self._app.close()
            self._app = None
        self.load_saves()
        self.ctx.show_screen(None)
        dom.set_root_attribute("data-board-ready", None)
        self.open_first_screen()
        return True

    def go_back(self, panel: str | None = None) -> None:
        """The browser's Back left one of the game's screens for the home screen: what the
        game's Home button does (``act_home``: the game in progress stays saved; a finished
        one is left as that button leaves it); or it left an open panel (``panel``): the
        panel closes, as with its Close button. Without a controller no screen of the game's
        was open: nothing to do."""
        if self._app is None:
            return
        if panel is not None:
            close = getattr(self._app, "close_panel", None)
            if close is not None and getattr(self._app, "panel", None) is not None:
                close()
            return
        self._app.act_home(None)

    def go_forward(self, screen: str | None, panel: str | None = None) -> None:
        """The browser's Forward came back to one of the game's screens: what the game's
        Continue button does (``act_continue``: the game as saved, a pass-and-play handoff
        first when one is due; no game: where Continue then goes); to a panel's entry, that
        panel opens again when the board is on screen."""
        app = self.app()
        if getattr(app, "screen", "home") == "home":
            app.act_continue(None)
        if panel is not None and hasattr(app, "reopen_panel"):
            app.reopen_panel(panel)

    def changed_elsewhere(self, stopped: bool) -> None:
        """Another window of the site (a second tab) changed this game's saved data: this
        page's copy is out of date, and a move made here would save it over the other one. The
        game stops at once, saving nothing more (its computers and clock too: the other
        window's game is the one kept), the saved data is read again, and the home card is drawn
        from it; when ``stopped`` (a screen of the game had the page) it says why, and Continue
        there goes on with the game as the other window left it. Nothing opens by itself: a page that opened the game again would take the
        device from the other window, and two windows would keep taking it from each other."""
        if self._later is not None:
            self._later.cancel()
            self._later = None
        if self._app is not None:
            session = getattr(self._app, "session", None)
            if session is not None:
                session.unsaved = False  # a computer's move not yet saved is not written now
            self._app.close()
            self._app = None
        self.ctx.search = ""
        self.ctx.may_open = False
        self.load_saves()
        if stopped:
            self.notices.append(self.ctx.t("app.elsewhere"))
            self.ctx.show_screen(None)
            dom.set_root_attribute("data-board-ready", None)
        self.draw_home()
        self._later = asyncio.ensure_future(self.later())

    async def later(self) -> None:
        # First let the page be marked ready and painted; then import the game's modules while
        # the player reads the home card.
        await asyncio.sleep(0)
        try:
            self.app().start_up()
        except Exception as error:
            report(error)
