"""The game-neutral part of the page: boot, the app context, the page's DOM, i18n, errors.

Each game of the box has a package beside this one (``fusebox_web.redwire``) that draws its
screens on top of the shell.
"""
