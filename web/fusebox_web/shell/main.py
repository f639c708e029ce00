"""Start the app: run by PyScript through web/main.py once the interpreter has booted.

By then web/js/runtime.mjs has installed the engine wheel and this package into site-packages.
"""

from __future__ import annotations

import importlib

from . import dom
from .app import AppContext, mount_app
from .errors import guarded, report
from .games import parse_games
from .i18n import parse_catalogs


def create_context() -> AppContext:
    """Import the engine, load the catalog in the page's current language and the games."""
    engine = importlib.import_module("engine")
    return AppContext(
        root=dom.element("app"),
        engine=engine,
        # Not importlib.metadata: it costs more than importing the whole engine.
        engine_version=str(engine.__version__),
        catalog=parse_catalogs(dom.inline_json("fusebox-catalogs"), dom.language()),
        games=parse_games(dom.inline_json("fusebox-games")),
    )


def start() -> None:
    """Hand control to the shell, then mark the page ready; on failure show a short message."""
    dom.mark("fusebox:app")
    try:
        context = create_context()
        dom.on_language_change(guarded(context.set_language))
        mount_app(context)
    except Exception as error:
        report(error)
        return
    dom.mark_ready()
