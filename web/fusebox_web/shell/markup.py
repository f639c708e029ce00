"""Building HTML as strings: escaping and attributes (for the shell and every game).

Every piece of text that reaches the page goes through :func:`esc` (player names are user input),
and attributes through :func:`attrs`, so the board cannot be broken (or scripted) by a name.

>>> esc('<b>"Bo" & co</b>')
'&lt;b&gt;&quot;Bo&quot; &amp; co&lt;/b&gt;'
>>> attrs(data_act="tile", aria_label="Bea's wire", hidden=True, disabled=False)
' data-act="tile" aria-label="Bea&#x27;s wire" hidden'
>>> tag("button", esc("Go"), class_="primary")
'<button class="primary">Go</button>'
"""

from __future__ import annotations

# The same as html.escape(text, quote=True), without importing html (and its entity tables)
# at boot.
_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;"})


def esc(text: object) -> str:
    """Text made safe for element content and quoted attribute values."""
    return str(text).translate(_ESCAPES)


def attrs(**values: object) -> str:
    """Attributes from keywords: ``data_x`` -> ``data-x``, ``class_`` -> ``class``.

    ``True`` writes a bare attribute, ``False`` and ``None`` leave it out.
    """
    out: list[str] = []
    for name, value in values.items():
        if value is None or value is False:
            continue
        html_name = name.rstrip("_").replace("_", "-")
        if value is True:
            out.append(f" {html_name}")
        else:
            out.append(f' {html_name}="{esc(value)}"')
    return "".join(out)


def tag(name: str, content: str = "", **values: object) -> str:
    """An element; ``content`` must already be markup (escape text with :func:`esc`)."""
    return f"<{name}{attrs(**values)}>{content}</{name}>"


def classes(*names: str | bool | None) -> str:
    """A class attribute value from the names that are set (falsy ones are skipped)."""
    return " ".join(n for n in names if isinstance(n, str) and n)


def scroll_stop(name: str) -> dict[str, object]:
    """The attributes of a box that may scroll in its own area, for :func:`tag`: named for a
    screen reader, and a tab stop only while it scrolls (``web/js/scrollstops.js`` turns its
    ``tabindex`` to 0 then, so a keyboard can scroll it, and back to -1 when it fits).

    >>> tag("ol", "", class_="log", **scroll_stop("Log"))
    '<ol class="log" tabindex="-1" data-scroll-stop aria-label="Log"></ol>'
    """
    return {"tabindex": "-1", "data_scroll_stop": True, "aria_label": name}
