"""The page, as the Python app sees it: the only module that imports Pyodide's ``js``.

Keeping the bridge here keeps the rest of the app plain Python (and testable outside a browser).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from .markup import kept_scroll

# Pyodide's bridge to the page's JavaScript (``js`` is the page's globalThis). Imported by name so
# that type checkers, which do not know these browser-only modules, treat them as Any.
js: Any = importlib.import_module("js")
_ffi = importlib.import_module("pyodide.ffi")
create_proxy: Callable[[Callable[..., Any]], Any] = _ffi.create_proxy
# JavaScript's null arrives as ``jsnull`` (not None) in recent Pyodide versions.
_JSNULL: Any = getattr(_ffi, "jsnull", None)


def py(value: Any) -> Any:
    """``value`` with JavaScript's null and undefined as None."""
    return None if value is None or value is _JSNULL else value


# Proxies handed to JavaScript as event listeners must stay alive as long as the page.
_listeners: list[Any] = []


def window() -> Any:
    """The page's window (to listen for ``storage`` events from the site's other windows)."""
    return js.window


_channels: dict[str, Any] = {}


def broadcast(name: str, data: object) -> None:
    """Post ``data`` (JSON-able) on the same-origin BroadcastChannel ``name`` (the site's other
    windows on this device receive it); nothing happens where browsers have no channels."""
    if not hasattr(js, "BroadcastChannel"):
        return
    channel = _channels.get(name)
    if channel is None:
        channel = _channels[name] = js.BroadcastChannel.new(name)
    channel.postMessage(_ffi.to_js(data, dict_converter=js.Object.fromEntries))


def on_broadcast(name: str, handler: Callable[[Any], None]) -> None:
    """Call ``handler(data)`` for every message posted on the BroadcastChannel ``name`` by the
    site's other windows (data as Python values)."""
    if not hasattr(js, "BroadcastChannel"):
        return
    channel = js.BroadcastChannel.new(name)
    _channels.setdefault(f"{name}#listen", channel)

    def receive(event: Any) -> None:
        data = py(event.data)
        handler(data.to_py() if hasattr(data, "to_py") else data)

    listen(channel, "message", receive)


def document() -> Any:
    """The page's document (to listen for events that other scripts dispatch on it)."""
    return js.document


def dispatch(name: str, detail: object = None) -> None:
    """Dispatch a CustomEvent ``name`` on the document (for the page's other scripts)."""
    options = js.Object.new()
    if detail is not None:
        options.detail = _ffi.to_js(detail, dict_converter=js.Object.fromEntries)
    js.document.dispatchEvent(js.CustomEvent.new(name, options))


def event_detail(event: Any) -> Any:
    """A CustomEvent's detail as Python data (dicts, lists, strings, numbers; None for none)."""
    detail = py(getattr(event, "detail", None))
    if detail is None:
        return None
    return detail.to_py() if hasattr(detail, "to_py") else detail


def element(element_id: str) -> Any:
    """The element with this id (raises LookupError if the page has none)."""
    found = py(js.document.getElementById(element_id))
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


# ---------------------------------------------------------------------------------- the games
# Small, explicit helpers for the shell and the games' controllers: each is one or two calls
# across the bridge, so that a click costs a handful of FFI calls whatever the board shows.


def set_html(node: Any, html: str) -> None:
    node.innerHTML = html


#: The scroll boxes a redraw keeps the place of: those with an id (their twin is found again).
SCROLL_BOXES = "[data-scroll-stop][id]"
#: The logs whose newest line is their last.
NEWEST_LAST = '[data-scroll-stop][data-scroll-newest="last"]'


def set_html_keeping_scroll(node: Any, html: str) -> None:
    """``set_html``, then each scroll box of ``node`` with an id (``markup.scroll_stop``)
    scrolled as ``markup.kept_scroll`` says from where its old twin was: a redrawn log box no
    longer jumps to its first line (a player reading it, or with its newest line in view, lost
    the place at every computer's move). A log whose newest line is its last, new in ``node``
    (a panel just opened), opens at that line."""
    found = node.querySelectorAll(SCROLL_BOXES)
    places = []
    for i in range(found.length):
        box = found.item(i)
        places.append(
            (
                str(box.id),
                float(box.scrollTop),
                float(box.scrollHeight),
                float(box.clientHeight),
                attr(box, "data-scroll-newest"),
            )
        )
    node.innerHTML = html
    for ident, top, height, client, newest in places:
        box = py(js.document.getElementById(ident))
        if box is not None:
            box.scrollTop = kept_scroll(top, height, client, float(box.scrollHeight), newest)
    # A log drawn anew here (a panel just opened) opens at its newest line.
    known = {place[0] for place in places}
    found = node.querySelectorAll(NEWEST_LAST)
    for i in range(found.length):
        box = found.item(i)
        if str(box.id) not in known:
            box.scrollTop = box.scrollHeight


def query(selector: str) -> Any:
    """The first element matching ``selector``, or None."""
    return py(js.document.querySelector(selector))


def query_all(selector: str) -> list[Any]:
    """Every element matching ``selector``, in document order."""
    found = js.document.querySelectorAll(selector)
    return [found.item(i) for i in range(found.length)]


def attr(node: Any, name: str) -> str | None:
    """An attribute of an element, or None when it has none (or is not an element)."""
    if node is None or not hasattr(node, "getAttribute"):
        return None
    value = py(node.getAttribute(name))
    return None if value is None else str(value)


def closest(node: Any, selector: str) -> Any:
    """The nearest ancestor-or-self of ``node`` matching ``selector``, or None."""
    if node is None or not hasattr(node, "closest"):
        return None
    return py(node.closest(selector))


def focus(selector: str, scroll: bool = True) -> bool:
    """Focus the first element matching ``selector``; False if there is none.

    ``scroll=False`` keeps the page where it is (the dock stays on screen anyway: scrolling to
    it would push the wire just tapped out of view).
    """
    found = query(selector)
    if found is None:
        return False
    if scroll:
        found.focus()
    else:
        options = js.Object.new()
        options.preventScroll = True
        found.focus(options)
    return True


def listen(node: Any, event: str, handler: Callable[[Any], None]) -> None:
    """``node.addEventListener(event, handler)``, keeping the proxy alive with the page."""
    proxy = create_proxy(handler)
    _listeners.append(proxy)
    node.addEventListener(event, proxy)


def set_class(node: Any, name: str, on: bool) -> None:
    """Add (or remove) a class of an element."""
    node.classList.toggle(name, on)


def set_root_attribute(name: str, value: str | None) -> None:
    """Set (or remove, with None) an attribute of <html>."""
    root = js.document.documentElement
    if value is None:
        root.removeAttribute(name)
    else:
        root.setAttribute(name, value)


def set_root_style(name: str, value: str) -> None:
    """Set a CSS property (a custom one: ``--name``) on <html>, for every rule to read."""
    js.document.documentElement.style.setProperty(name, value)


def screen_room(selector: str) -> float | None:
    """The height the element ``selector`` may take for the page to end at the bottom of the
    window, everything else as it is; None when there is no such element. Measured with the
    element stretched for a moment (no paint in between): the page is then longer than the
    window by exactly what the element must give up. A scroll box keeps its place (stretched,
    it scrolls no more, and the browser puts it back at its top)."""
    box = query(selector)
    if box is None:
        return None
    stretched = 10_000
    top = box.scrollTop
    box.style.maxHeight = "none"
    box.style.height = f"{stretched}px"
    try:
        over = float(js.document.documentElement.scrollHeight) - float(js.innerHeight)
    finally:
        box.style.height = ""
        box.style.maxHeight = ""
        box.scrollTop = top
    return stretched - over


def search() -> str:
    return str(js.location.search)


def reload() -> None:
    """Load the page again at its current address (a full boot)."""
    js.location.reload()


def replace_search(search: str) -> None:
    """Change the address's query without a reload (and without a history entry; the entry's
    state, which ``web/js/back.js`` keeps there, stays)."""
    js.history.replaceState(
        js.history.state, "", f"{js.location.pathname}{search}{js.location.hash}"
    )


def history_entry() -> dict[str, Any] | None:
    """What ``web/js/back.js`` marked the current history entry with (``{"home": True}`` or
    ``{"game": id, "screen": name}``), or None for an entry it has not marked."""
    state = py(js.history.state)
    marked = py(getattr(state, "fusebox", None)) if state is not None else None
    if marked is None:
        return None
    value = marked.to_py() if hasattr(marked, "to_py") else marked
    return value if isinstance(value, dict) else None


def history_back() -> None:
    """The browser's Back, as if pressed."""
    js.history.back()


def now() -> float:
    return float(js.performance.now())


def measure(name: str, start: float) -> None:
    """A performance measure from ``start`` (performance.now() or an event's timeStamp) to now."""
    options = js.Object.new()
    options.start = start
    options.end = js.performance.now()
    js.performance.measure(name, options)


def blob_url(text: str, mime: str = "application/json") -> str:
    """A blob: URL holding ``text`` (a download link that needs no server)."""
    parts = js.Array.new()
    parts.push(text)
    options = js.Object.new()
    options.type = mime
    return str(js.URL.createObjectURL(js.Blob.new(parts, options)))


def local_date(seconds: float, lang: str) -> str:
    """A moment (seconds since 1970) as the player's browser writes dates, in ``lang``."""
    options = js.Object.new()
    options.dateStyle = "medium"
    options.timeStyle = "short"
    return str(js.Date.new(seconds * 1000).toLocaleString(lang, options))


def revoke_url(url: str) -> None:
    js.URL.revokeObjectURL(url)


async def read_file(node: Any) -> str | None:
    """The text of the file chosen in an <input type=file>, or None."""
    files = py(node.files)
    if files is None or files.length == 0:
        return None
    return str(await files.item(0).text())


def active_key() -> dict[str, str]:
    """The data attributes that identify the focused element (to focus its redrawn twin);
    empty when nothing has the focus (the page's body)."""
    node = py(js.document.activeElement)
    if node is None or str(getattr(node, "tagName", "BODY")) == "BODY":
        return {}
    return active_key_of(node)


def active_key_of(node: Any) -> dict[str, str]:
    """The data attributes that identify an element (see :func:`active_key`)."""
    if node is None or not hasattr(node, "getAttribute"):
        return {}
    out: dict[str, str] = {}
    for name in (
        "data-act",
        "data-stand",
        "data-slot",
        "data-value",
        "data-mode",
        "data-seat",
        "data-panel",
        "data-card",
        "data-mission",
        "data-section",
        "data-option",
        "id",
    ):
        value = py(node.getAttribute(name))  # null arrives as jsnull, not None
        if value is not None:
            out[name] = str(value)
    return out


class LocalStorage:
    """The page's localStorage as a ``fusebox_web.shell.storage.Store``."""

    def get(self, key: str) -> str | None:
        value = py(js.localStorage.getItem(key))
        return None if value is None else str(value)

    def set(self, key: str, value: str) -> None:
        js.localStorage.setItem(key, value)

    def remove(self, key: str) -> None:
        js.localStorage.removeItem(key)

    def keys(self) -> list[str]:
        storage = js.localStorage
        return [str(storage.key(i)) for i in range(storage.length)]


def local_storage_works() -> bool:
    """False when the browser refuses storage (some private modes, policies)."""
    try:
        js.localStorage.setItem("fusebox.probe", "1")
        js.localStorage.removeItem("fusebox.probe")
    except Exception:
        return False
    return True
