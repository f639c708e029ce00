"""The page, as the Python app sees it: the only module that imports Pyodide's ``js``.

Keeping the bridge here keeps the rest of the app plain Python (and testable outside a browser).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

# Pyodide's bridge to the page's JavaScript (``js`` is the page's globalThis). Imported by name so
# that type checkers, which do not know these browser-only modules, treat them as Any.
js: Any = importlib.import_module("js")
create_proxy: Callable[[Callable[..., Any]], Any] = importlib.import_module(
    "pyodide.ffi"
).create_proxy

# Proxies handed to JavaScript as event listeners must stay alive as long as the page.
_listeners: list[Any] = []


def element(element_id: str) -> Any:
    """The element with this id (raises LookupError if the page has none)."""
    found = js.document.getElementById(element_id)
    if found is None:
        raise LookupError(f"the page has no #{element_id}")
    return found


def create(tag: str, text: str = "", **attributes: str) -> Any:
    """A new element with text content and attributes (``data_testid`` -> ``data-testid``)."""
    node = js.document.createElement(tag)
    node.textContent = text
    for name, value in attributes.items():
        node.setAttribute(name.replace("_", "-"), value)
    return node


def inline_json(element_id: str) -> str:
    """The text of a <script type="application/json"> the build wrote into the page."""
    return str(element(element_id).textContent)


def language() -> str:
    """The page's current language (<html lang>, set by web/js/i18n.js)."""
    return str(js.document.documentElement.lang or "en")


def on_language_change(callback: Callable[[str], None]) -> None:
    """Call ``callback(lang)`` whenever the player switches language."""

    def listener(event: Any) -> None:
        callback(str(event.detail.lang))

    proxy = create_proxy(listener)
    _listeners.append(proxy)
    js.document.addEventListener("fusebox:languagechange", proxy)


def console_error(text: str) -> None:
    js.console.error(text)


def announce_error() -> None:
    """Ask the page shell (web/js/boot.js) to show its short, translated error message."""
    js.document.dispatchEvent(js.CustomEvent.new("fusebox:error"))


def mark(name: str) -> None:
    """A performance mark: boot stages show up in the browser's profiler and the benchmark."""
    js.performance.mark(name)


def mark_ready() -> None:
    """Tell the page (and its tests) that Python has booted and the app is interactive."""
    mark("fusebox:ready")
    js.document.documentElement.setAttribute("data-ready", "")
