"""The game-neutral part of the page: boot, the home screen's games, links, saved data, the
table, pass and play, computer players' pacing, the page's DOM, i18n, errors.

Each game of the box has a page package beside this one (``fusebox_web.redwire``) that the shell
mounts through ``shell.host`` (see docs/page-shell.md).
"""
