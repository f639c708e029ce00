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


def scroll_stop(name: str, newest: str | None = None) -> dict[str, object]:
    """The attributes of a box that may scroll in its own area, for :func:`tag`: named for a
    screen reader, and a tab stop only while it scrolls (``web/js/scrollstops.js`` turns its
    ``tabindex`` to 0 then, so a keyboard can scroll it, and back to -1 when it fits).

    ``newest``: for a log, where its newest line is, ``"first"`` (at the top) or ``"last"``. A
    redraw of a box with an id keeps its place (``shell.dom.set_html_keeping_scroll``): a log
    whose newest line was in view shows the new newest line, one scrolled back to older lines
    keeps showing them; any other box keeps its scroll offset.

    >>> tag("ol", "", class_="log", **scroll_stop("Log"))
    '<ol class="log" tabindex="-1" data-scroll-stop aria-label="Log"></ol>'
    >>> tag("ol", "", **scroll_stop("Log", newest="last"))
    '<ol tabindex="-1" data-scroll-stop aria-label="Log" data-scroll-newest="last"></ol>'
    """
    found: dict[str, object] = {"tabindex": "-1", "data_scroll_stop": True, "aria_label": name}
    if newest is not None:
        if newest not in ("first", "last"):
            raise ValueError(f"newest must be 'first' or 'last', got {newest!r}")
        found["data_scroll_newest"] = newest
    return found


def scroll_more(text: str, extra: str = "") -> str:
    """The "More below" cue placed just after a :func:`scroll_stop` box (its next sibling):
    shown over the box's bottom edge while the box scrolls and its end is out of view (a room
    at the back of a projected screen sees no scroll bar), hidden once its end is in view or
    when it does not scroll (``app.css``: ``.scroll-more``, a scroll timeline). Each game
    shows it where its box may scroll (``display: block``). Hidden from screen readers: the
    box's name and role say it scrolls. ``extra``: the game's own classes.

    >>> scroll_more("More below")
    '<p class="scroll-more" aria-hidden="true">More below</p>'
    >>> scroll_more("More", "lp-more")
    '<p class="lp-more scroll-more" aria-hidden="true">More</p>'
    """
    return tag("p", esc(text), class_=classes(extra, "scroll-more"), aria_hidden="true")


def kept_scroll(
    top: float, height: float, client: float, new_height: float, newest: str | None
) -> float:
    """Where a scroll box redrawn with new content scrolls to, from where it was (``top``, of
    ``height`` with ``client`` in view) and its new content's height; ``newest`` as for
    :func:`scroll_stop`.

    A log whose newest line was in view (or that did not scroll) shows the newest line again;
    one scrolled back keeps the lines that were in view where they were (new lines come above
    them in a newest-first log); any other box keeps its offset.

    >>> kept_scroll(0, 900, 300, 960, "first")  # the newest line in view: still at the top
    0
    >>> kept_scroll(400, 900, 300, 960, "first")  # reading older lines: 60 px of news above
    460
    >>> kept_scroll(600, 900, 300, 960, "last")  # at the end: the new end
    960
    >>> kept_scroll(0, 280, 300, 360, "last")  # it fitted, now it scrolls: its end
    360
    >>> kept_scroll(200, 900, 300, 960, "last")  # reading older lines: they stay
    200
    >>> kept_scroll(200, 900, 300, 960, None)  # not a log: the same offset
    200
    """
    if newest == "first":
        return 0 if top <= 1 else top + (new_height - height)
    if newest == "last" and top + client >= height - 1:
        return new_height
    return top
