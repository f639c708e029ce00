"""The app drawn in the page's ``#app`` element, on top of the engine.

``mount_app`` is the seam for the game board: the board code replaces its body. It is called once,
after Python booted and the engine imported, with an :class:`AppContext`; the page is marked ready
(``<html data-ready>``) as soon as it returns, so it must leave the page interactive. It must draw
every player-facing string through ``context.t`` and redraw them in ``context.on_language_change``.
Event handlers given to the page should be wrapped with ``fusebox_web.shell.errors.guarded``.
``#app`` is a polite live region (so that the first draw is announced): a board that redraws
often should move its announcements to a dedicated, smaller live element.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from .i18n import Catalog


@dataclass
class AppContext:
    """What the app receives: where to draw, the engine, and the message catalog."""

    root: Any  # the #app element (a Pyodide JsProxy)
    engine: ModuleType
    engine_version: str
    catalog: Catalog
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


def mount_app(context: AppContext) -> None:
    """Draw Red Wire: the home screen's Play / Continue buttons, then the game's screens."""
    from ..redwire.mount import Mount

    _mounted.append(Mount(context))
    _mounted[-1].start()


#: The mounted app (kept with the page; its listeners hold its methods anyway).
_mounted: list[Any] = []
