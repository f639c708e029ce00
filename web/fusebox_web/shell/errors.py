"""Unexpected errors: a short message for the player, the details for the console.

A player never sees a Python traceback. Wrap every function that the page calls (event handlers)
with :func:`guarded`; :func:`report` is what it calls when something escapes.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import ParamSpec, TypeVar

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
