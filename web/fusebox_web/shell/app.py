"""The shell in the page's ``#app``: the home screen's games, each mounted from its page package.

``mount_app`` is called once, after Python booted and the engine imported, with an
:class:`AppContext`; the page is marked ready (``<html data-ready>``) as soon as it returns, so
it must leave the page interactive. The build wrote the home screen itself (a card per game, see
``shell.home``); the shell reads which game the address asks for (``shell.links``), then mounts
every game's page package (``fusebox_web.<id>.page.PAGE``, see ``shell.host``) into its card.
The game a link is for (or, without a link, the game played last) may open its screens at once.
The shell draws its own notices (a link to a game the box does not hold, storage switched off)
and the engine's version.
"""

from __future__ import annotations

import contextlib
import functools
import importlib
from collections.abc import Callable
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from . import dom, links
from .errors import guarded, report
from .games import PAGE_MODULE, GameCard
from .host import GameHost
from .i18n import Catalog
from .markup import esc, tag
from .storage import MemoryStore, Store, games_changed

#: The game whose screens were shown last (its id): after a reload, its game in progress opens.
LAST_GAME_KEY = "fusebox.last"


@dataclass
class AppContext:
    """What the shell receives: where to draw, the engine, the catalog and the games."""

    root: Any  # the #app element (a Pyodide JsProxy)
    engine: ModuleType
    engine_version: str
    catalog: Catalog
    games: list[GameCard] = field(default_factory=list)
    _redraws: list[Callable[[], None]] = field(default_factory=list)

    def t(self, key: str, **params: object) -> str:
        """A message from the catalog, in the player's current language."""
        return self.catalog.t(key, **params)

    def on_language_change(self, redraw: Callable[[], None]) -> None:
        """Call ``redraw`` after the player switched language (``t`` already speaks it)."""
        self._redraws.append(redraw)

    def set_language(self, lang: str) -> None:
        """Switch the catalog and run the redraws (called by fusebox_web.shell.main)."""
        self.catalog = self.catalog.with_lang(lang)
        for redraw in self._redraws:
            redraw()


class Shell:
    """The mounted shell: the games' hosts, the shell's notices, the page's screen."""

    def __init__(self, context: AppContext) -> None:
        self.ctx = context
        self.storage_works = dom.local_storage_works()
        self.store: Store = dom.LocalStorage() if self.storage_works else MemoryStore()
        #: The shell's notices, as catalog keys and params (drawn in the current language).
        self.notices: list[tuple[str, dict[str, object]]] = []
        self.hosts: dict[str, GameHost] = {}
        #: The game whose screen has the page (None: the home screen).
        self.open_game: str | None = None
        #: The address's query as the page left it (a game removes the parameters it used).
        self.address = ""
        #: The games whose screen another window's save stopped (``changed_elsewhere``), until
        #: one of their screens opens again: their home card keeps saying why.
        self.stopped: set[str] = set()

    def start(self) -> None:
        cards = self.ctx.games
        ids = [card.id for card in cards]
        search = dom.search()
        # The home screen's history entry, once a game was left there (Back, or the game's Home
        # button; web/js/back.js): a reload stays on the home screen.
        entry = dom.history_entry() or {}
        at_home = bool(entry.get("home") and entry.get("left"))
        choice = links.choose_game(search, ids, last=self.store.get(LAST_GAME_KEY), at_home=at_home)
        if choice.error is not None:
            # No game reads a link meant for a game the box does not hold.
            self.notices.append((choice.error.key, choice.error.params))
            dom.replace_search(links.shell_only(search))
        if not self.storage_works:
            self.notices.append(("app.storage.off", {}))
        self.ctx.on_language_change(self.draw)
        self.draw()
        dom.listen(dom.window(), "popstate", guarded(lambda event: self.follow()))
        dom.listen(dom.window(), "storage", guarded(self.changed_elsewhere))
        # Back and Forward between the box's screens (web/js/back.js reads the history).
        dom.listen(dom.document(), "fusebox:back", guarded(self.went_back))
        dom.listen(dom.document(), "fusebox:forward", guarded(self.went_forward))
        for card in cards:
            host = GameHost(
                card,
                root=dom.element(f"game-{card.id}-app"),
                catalog=self.ctx.catalog,
                store=self.store,
                show_screen=guarded(functools.partial(self.show_screen, card.id)),
                search=search if card.id == choice.game else "",
                may_open=card.id == choice.opens,
                engine_version=self.ctx.engine_version,
            )
            self.hosts[card.id] = host
            self.ctx.on_language_change(functools.partial(self.speak, host))
            try:
                importlib.import_module(PAGE_MODULE.format(id=card.id)).PAGE.mount(host)
            except Exception as error:  # the other games' cards still work
                report(error)
        self.address = dom.search()

    def follow(self) -> None:
        """The address changed within this page (Back or Forward between game links): the
        link's game opens it here when it can (Python, the engine and the page stay as they
        are: no boot); otherwise, or when another game has the page, or for a link the box
        cannot follow, the page loads again at the new address, exactly as a visit would."""
        search = dom.search()
        if search == self.address:  # only the fragment changed (the skip link): nothing to open
            return
        choice = links.choose_game(search, list(self.hosts))
        game = choice.game
        if game is None or self.open_game not in (None, game):
            dom.reload()
            return
        if self.notices:  # they were about the address the page was loaded at
            self.notices = [n for n in self.notices if n[0] == "app.storage.off"]
            self.draw()
        if not self.hosts[game].follow(search):
            dom.reload()
            return
        self.address = dom.search()

    def went_back(self, event: Any) -> None:
        """Back from a game's screen onto the home screen's history entry: the game goes home
        as its Home button does (the game is kept, Continue or Forward resumes it); Back from
        an open panel (``panel``) onto the board's entry: the panel closes."""
        detail = dom.event_detail(event)
        host = self.hosts.get(_game_of(detail))
        if host is not None:
            host.go_back(_text_of(detail, "panel"))

    def went_forward(self, event: Any) -> None:
        """Forward from the home screen onto a game's history entry: the game opens again as
        its Continue button does, from what is saved (``screen``: the one the entry showed);
        onto a panel's entry (``panel``): that panel opens again on the board."""
        detail = dom.event_detail(event)
        host = self.hosts.get(_game_of(detail))
        if host is not None:
            host.go_forward(_text_of(detail, "screen"), _text_of(detail, "panel"))

    def changed_elsewhere(self, event: Any) -> None:
        """Another window of the site (a second tab) changed saved data (a ``storage`` event,
        which the window that wrote does not get): each game whose data it was reads it again
        (``GameHost.changed_elsewhere``), so that this window never saves an older game over
        the other's."""
        key = getattr(event, "key", None)
        for game in games_changed(None if key is None else str(key), list(self.hosts)):
            if self.open_game == game:
                self.stopped.add(game)
            self.hosts[game].changed_elsewhere(game in self.stopped)

    def speak(self, host: GameHost) -> None:
        """Give a game the catalog in the language the player switched to."""
        host.set_language(self.ctx.catalog)

    def draw(self) -> None:
        """The shell's notices and the engine's version, in the current language."""
        notices = "".join(
            tag("p", esc(self.ctx.t(key, **params)), class_="notice")
            for key, params in self.notices
        )
        dom.set_html(dom.element("app-notices"), notices)
        version = dom.element("engine-version")
        version.textContent = self.ctx.t("app.engineVersion", version=self.ctx.engine_version)
        version.hidden = False

    def show_screen(self, game: str, screen: str | None) -> None:
        """A game's screen takes the page (or, with None, the home screen is back)."""
        self.open_game = game if screen else None
        if screen:
            self.stopped.discard(game)
        dom.set_root_attribute("data-screen", screen)
        dom.set_root_attribute("data-game", game if screen else None)
        for other in self.hosts:
            dom.set_class(dom.element(f"game-{other}"), "is-open", bool(screen) and other == game)
        if screen is None:
            return
        if self.notices:  # read on the home screen; not carried into a game
            self.notices = [n for n in self.notices if n[0] == "app.storage.off"]
            self.draw()
        if self.store.get(LAST_GAME_KEY) != game:
            # Storage full or refused: only the choice of the game to reopen is lost.
            with contextlib.suppress(Exception):
                self.store.set(LAST_GAME_KEY, game)


def _game_of(detail: object) -> str:
    """The game an event of web/js/back.js is about ("" when it names none)."""
    return _text_of(detail, "game") or ""


def _text_of(detail: object, name: str) -> str | None:
    """A text field of an event's detail (None when it has none)."""
    value = detail.get(name) if isinstance(detail, dict) else None
    return value if isinstance(value, str) else None


def mount_app(context: AppContext) -> None:
    """Mount the shell and, in it, every game of the page."""
    _mounted.append(Shell(context))
    _mounted[-1].start()


#: The mounted shell (kept with the page; its listeners hold its methods anyway).
_mounted: list[Any] = []
