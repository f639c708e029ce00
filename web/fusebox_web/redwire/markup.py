"""HTML as strings: the shell's helpers (``fusebox_web.shell.markup``), under the name the board's
modules import them by."""

from ..shell.markup import attrs, classes, esc, scroll_more, scroll_stop, tag

__all__ = ["attrs", "classes", "esc", "scroll_more", "scroll_stop", "tag"]
