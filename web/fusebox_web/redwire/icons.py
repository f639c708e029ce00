"""The board's symbols as one inline SVG sprite, used with ``<use href="#rw-i-...">``.

Colour is never the only cue: a red wire carries a flame, a yellow one a diamond, in the stands,
the markers and the value picker. Drawn here (our own shapes), not taken from a font, so they look
the same on every phone.
"""

from __future__ import annotations

SPRITE = (
    '<svg class="rw-sprite" aria-hidden="true" focusable="false" width="0" height="0">'
    # A flame: red wires.
    '<symbol id="rw-i-red" viewBox="0 0 20 20"><path d="M10.5 1.5c.6 3.2 2.6 4.6 4 6.6 1.3 1.8'
    " 1.9 3.6 1.5 5.5-.6 2.9-3.1 4.9-6 4.9s-5.4-2-6-4.9c-.4-1.9.3-3.8 1.5-5.1.2 1.4.9 2.4 2 2.9-.3"
    '-3.6 1.2-6.9 3-9.9z"/></symbol>'
    # A diamond: yellow wires.
    '<symbol id="rw-i-yellow" viewBox="0 0 20 20"><path d="M10 1.5 18.5 10 10 18.5 1.5 10z"/>'
    "</symbol>"
    # A skull: the end of the detonator's track (eyes and nose are holes).
    '<symbol id="rw-i-skull" viewBox="0 0 20 20"><path fill-rule="evenodd" d="M10 1.5c-4.4 0'
    "-7.5 3-7.5 7 0 2.4 1.1 4.1 2.8 5.1V17c0 .8.7 1.5 1.5 1.5h6.4c.8 0 1.5-.7 1.5-1.5v-3.4c1.7-1"
    " 2.8-2.7 2.8-5.1 0-4-3.1-7-7.5-7zM7 7.6a1.9 1.9 0 1 0 0 3.8 1.9 1.9 0 0 0 0-3.8zm6 0a1.9 1.9"
    ' 0 1 0 0 3.8 1.9 1.9 0 0 0 0-3.8zM10 11.8l-1.2 2h2.4z"/></symbol>'
    # A star: the captain.
    '<symbol id="rw-i-captain" viewBox="0 0 20 20"><path d="m10 1.8 2.5 5.3 5.8.7-4.3 4 1.1'
    ' 5.7L10 14.7l-5.1 2.8 1.1-5.7-4.3-4 5.8-.7z"/></symbol>'
    # A robot head: a computer player.
    '<symbol id="rw-i-bot" viewBox="0 0 20 20"><path fill-rule="evenodd" d="M9.2 1.5h1.6v2.6h3.7'
    "c1.4 0 2.5 1.1 2.5 2.5v7.8c0 1.4-1.1 2.5-2.5 2.5h-9c-1.4 0-2.5-1.1-2.5-2.5V6.6c0-1.4 1.1-2.5"
    " 2.5-2.5h3.7zM7 8.2a1.6 1.6 0 1 0 0 3.2 1.6 1.6 0 0 0 0-3.2zm6 0a1.6 1.6 0 1 0 0 3.2 1.6 1.6"
    ' 0 0 0 0-3.2zM6.8 13.2v1.4h6.4v-1.4z"/></symbol>'
    # A padlock: locked equipment and missions.
    '<symbol id="rw-i-lock" viewBox="0 0 20 20"><path fill-rule="evenodd" d="M10 1.8a4.6 4.6 0 0'
    " 0-4.6 4.6v2.3H4.2c-.8 0-1.4.6-1.4 1.4v7.1c0 .8.6 1.4 1.4 1.4h11.6c.8 0 1.4-.6 1.4-1.4v-7.1"
    "c0-.8-.6-1.4-1.4-1.4h-1.2V6.4A4.6 4.6 0 0 0 10 1.8zm0 2.1a2.5 2.5 0 0 1 2.5 2.5v2.3h-5V6.4A2.5"
    ' 2.5 0 0 1 10 3.9z"/></symbol>'
    # A tick: validated values, won missions, usable cards.
    '<symbol id="rw-i-check" viewBox="0 0 20 20"><path d="M7.8 13.6 3.9 9.7 2.3 11.3l5.5 5.5L17.7'
    ' 6.9l-1.6-1.6z"/></symbol>'
    # Two crossed blades: a cut.
    '<symbol id="rw-i-cut" viewBox="0 0 20 20"><path d="M3 3l6.2 7L3 17h2.6L10 11.8 14.4 17H17l-6.2'
    '-7L17 3h-2.6L10 8.2 5.6 3z"/></symbol>'
    # The detector: two linked circles.
    '<symbol id="rw-i-detector" viewBox="0 0 20 20"><path fill-rule="evenodd" d="M6 4a6 6 0 1 0 0'
    " 12A6 6 0 0 0 6 4zm0 2.2a3.8 3.8 0 1 1 0 7.6 3.8 3.8 0 0 1 0-7.6zM14 4a6 6 0 0 0-2.3.5 7.5"
    ' 7.5 0 0 1 1.3 1.9A3.8 3.8 0 1 1 13 13.6a7.5 7.5 0 0 1-1.3 1.9A6 6 0 1 0 14 4z"/></symbol>'
    "</svg>"
)


def icon(name: str, cls: str = "rw-i") -> str:
    """A symbol from the sprite, decorative (the text or aria-label next to it says it)."""
    return (
        f'<svg class="{cls} {cls}--{name}" aria-hidden="true" focusable="false">'
        f'<use href="#rw-i-{name}"></use></svg>'
    )
