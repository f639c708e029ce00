"""A board drawn as named regions, for any game.

A game's board is a skeleton of empty elements ``#<prefix>-<name>`` filled with HTML per region.
After a move only the regions whose HTML changed are replaced (the rest of the page, and what a
screen reader is reading, stay as they are), and the focus goes back to the redrawn twin of the
control that had it, without scrolling: a computer's move must not move the page under the
player's eyes. A scroll box with an id keeps its place too (``dom.set_html_keeping_scroll``): a
log shows its newest line if it did before, or the older lines a player was reading.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from . import dom


def draw_regions(
    root: Any,
    prefix: str,
    rendered: dict[str, str],
    skeleton: Callable[[], str],
    regions: Callable[[], Mapping[str, str]],
    fallback: str | None = None,
) -> dict[str, str]:
    """Draw the board: the ``skeleton`` into ``root`` first when it is not on the page (or
    nothing was drawn yet), then each of ``regions()`` whose HTML differs from ``rendered`` (what
    was drawn last, by region). Returns what is drawn now; ``fallback``: the element to focus
    when the control that had the focus is gone."""
    if dom.query(f"#{prefix}-board") is None or not rendered:
        dom.set_html(root, skeleton())
        rendered = {}
    focused = dom.active_key()
    changed = False
    for name, html in regions().items():
        if rendered.get(name) != html:
            dom.set_html_keeping_scroll(dom.query(f"#{prefix}-{name}"), html)
            rendered[name] = html
            changed = True
    if changed and focused:
        refocus(focused, fallback)
    return rendered


def refocus(key: Mapping[str, str], fallback: str | None = None) -> None:
    """Focus the element ``key`` names (``dom.active_key``: its id, or its ``data-*`` attributes
    when it is a control of the board), else ``fallback``."""
    if "id" in key and dom.focus(f"#{key['id']}", scroll=False):
        return
    if "data-act" not in key:
        return
    selector = "".join(f'[{name}="{value}"]' for name, value in key.items() if name != "id")
    if not dom.focus(selector, scroll=False) and fallback is not None:
        dom.focus(fallback, scroll=False)
