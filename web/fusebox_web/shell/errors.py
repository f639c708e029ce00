"""Unexpected errors: a short message for the player, the details for the console.

A player never sees a Python traceback. Wrap every function that the page calls (event handlers)
with :func:`guarded`; :func:`report` is what it calls when something escapes.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable, Coroutine
from typing import Any, ParamSpec, TypeVar

from . import dom

P = ParamSpec("P")
R = TypeVar("R")


def report(error: BaseException) -> None:
    """Log the full traceback to the console and show the page's short error message."""
    import traceback  # only when something went wrong: not worth its import at every boot

    dom.console_error("".join(traceback.format_exception(error)))
    dom.announce_error()


def guarded(function: Callable[P, R]) -> Callable[P, R | None]:
    """Wrap an event handler so that an exception is reported instead of reaching the page."""

    @functools.wraps(function)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R | None:
        try:
            return function(*args, **kwargs)
        except Exception as error:
            report(error)
            return None

    return wrapper


class Tasks:
    """A page's background tasks (computers' moves, clocks, imports): an exception in one is
    reported like an event handler's, and each is kept until it is done (the event loop keeps
    only weak references to tasks)."""

    def __init__(self) -> None:
        self._running: set[asyncio.Task[None]] = set()

    def spawn(self, coroutine: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
        async def run() -> None:
            try:
                await coroutine
            except Exception as error:
                report(error)

        task = asyncio.ensure_future(run())
        self._running.add(task)
        task.add_done_callback(self._running.discard)
        # A task cancelled before its first step (a game closed right after it asked its
        # computers to move) never starts ``coroutine``: closing it says so, where the garbage
        # collector would log "coroutine ... was never awaited" to the page's console.
        task.add_done_callback(lambda _: coroutine.close())
        return task

    def cancel_all(self) -> None:
        """Stop every task still running (the game they served is closed)."""
        for task in list(self._running):
            task.cancel()
