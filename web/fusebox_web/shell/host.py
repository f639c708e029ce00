"""The contract between the shell and a game's page package.

A game's page package ``fusebox_web.<id>`` has a module ``page`` whose ``PAGE`` is a
:class:`GamePage`: its id (the registry's), the query parameters of its game links, the prefixes
of its catalog keys, and ``mount``. At boot the shell lists the games the build wrote into the
page, draws nothing itself for them (the build wrote each game's card into the static home
screen), and calls each ``PAGE.mount(host)`` with a :class:`GameHost`: the game draws its card's
actions into ``host.root`` (Play, Continue, its progress...) and listens there. A game may open
its own screens at once (a game link, a game in progress) only when ``host.may_open``; it tells
the shell with ``host.show_screen(name)`` (its screens then take the page: the other cards and
the home texts step aside) and ``host.show_screen(None)`` when it is back on the home screen.

``mount`` runs before the page is marked ready, so it must be quick: read the saves, draw the
buttons, and import the rest of the game later (Red Wire imports its controller in an asyncio
task just after). Every player-facing string goes through ``host.t``, redrawn in
``host.on_language_change``; every event handler is wrapped with ``shell.errors.guarded``.

>>> from fusebox_web.shell.i18n import Catalog
>>> from fusebox_web.shell.games import GameCard
>>> from fusebox_web.shell.storage import MemoryStore
>>> card = GameCard("demo", {"en": "Demo"}, {"en": "A demo."}, (1, 4))
>>> shown = []
>>> catalog = Catalog({"en": {"app.players": "{min} to {max} players"}})
>>> host = GameHost(card, root=None, catalog=catalog, store=MemoryStore(),
...                 show_screen=shown.append)
>>> host.t("app.players", min=1, max=4), host.may_open, host.search
('1 to 4 players', False, '')
>>> host.show_screen("board"); shown
['board']
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from .games import GameCard
from .i18n import Catalog
from .storage import Store


@dataclass
class GameHost:
    """What the shell gives a game package when it mounts it."""

    card: GameCard
    #: The element of the game's card where the game draws (a Pyodide JsProxy in the page).
    root: Any
    catalog: Catalog
    #: localStorage (or, when the browser refuses it, memory: the shell says so on the page).
    store: Store
    #: Take the page with a screen of the game (its name), or give it back (None).
    show_screen: Callable[[str | None], None]
    #: The address's query when the link is for this game (``?game=<id>`` or the default game's
    #: link), else "": a game never reads a link meant for another one.
    search: str = ""
    #: The game may open its screens at boot: the link is for it, or (no link) it was played last.
    may_open: bool = False
    engine_version: str = ""
    _redraws: list[Callable[[], None]] = field(default_factory=list)
    _follow: list[Callable[[str], bool]] = field(default_factory=list)
    _elsewhere: list[Callable[[bool], None]] = field(default_factory=list)
    _history: list[
        tuple[Callable[[str | None], None], Callable[[str | None, str | None], None]]
    ] = field(default_factory=list)

    def t(self, key: str, **params: object) -> str:
        """A message from the catalog, in the player's current language."""
        return self.catalog.t(key, **params)

    def on_language_change(self, redraw: Callable[[], None]) -> None:
        """Call ``redraw`` after the player switched language (``t`` already speaks it)."""
        self._redraws.append(redraw)

    def on_link(self, follow: Callable[[str], bool]) -> None:
        """Let the game open a link of its own in the running page: ``follow(search)`` does
        what a boot at that address would do and returns True, or False to have the page
        loaded again there (the shell's fallback, always right, only slower)."""
        self._follow.append(follow)

    def follow(self, search: str) -> bool:
        """Open ``search`` (a link for this game) in the running page, if the game can."""
        self.search = search
        self.may_open = True
        return bool(self._follow) and self._follow[-1](search)

    def on_history(
        self,
        back: Callable[[str | None], None],
        forward: Callable[[str | None, str | None], None],
    ) -> None:
        """Let the game follow the browser's Back and Forward (``web/js/back.js``):
        ``back(None)`` when Back leaves one of its screens for the home screen (as its Home
        button), ``back(panel)`` when Back leaves an open panel for the board (the panel
        closes); ``forward(screen, panel)`` when Forward comes back to its screen ``screen`` (as
        Continue), with the panel ``panel`` open when the entry had one."""
        self._history.append((back, forward))

    def go_back(self, panel: str | None = None) -> None:
        """Back left the game's screen for the home screen, or its panel ``panel`` for the
        board (called by the shell)."""
        for back, _ in self._history:
            back(panel)

    def go_forward(self, screen: str | None, panel: str | None = None) -> None:
        """Forward came back to the game's screen ``screen`` (and panel) (called by the shell)."""
        for _, forward in self._history:
            forward(screen, panel)

    def on_changed_elsewhere(self, reread: Callable[[bool], None]) -> None:
        """Let the game hear that another window of the site (a second tab) changed its saved
        data: ``reread(stopped)``, ``stopped`` True when one of its screens had the page then (or
        at such a change before, and none opened since): it stops, and its home card says why."""
        self._elsewhere.append(reread)

    def changed_elsewhere(self, stopped: bool) -> None:
        """Another window changed this game's saved data (called by the shell)."""
        for reread in self._elsewhere:
            reread(stopped)

    def set_language(self, catalog: Catalog) -> None:
        """Speak ``catalog``'s language and run the game's redraws (called by the shell)."""
        self.catalog = catalog
        for redraw in self._redraws:
            redraw()


class GamePage(Protocol):
    """What a game's page package gives the shell (``fusebox_web.<id>.page.PAGE``)."""

    #: The game's id in the registry (``engine.<id>``), and the name of its page package.
    id: str
    #: The query parameters of its game links (``?game=<id>&...``); never the shell's (``game``,
    #: ``lang``).
    link_params: tuple[str, ...]
    #: Every key of its catalogs (``web/i18n/<id>/<lang>.json``) starts with one of these.
    catalog_prefixes: tuple[str, ...]

    def mount(self, host: GameHost) -> None:
        """Draw the game's card actions into ``host.root`` (or open its screens, when
        ``host.may_open`` and it has one to show), and listen there."""
        ...
