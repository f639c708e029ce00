"""The page's Python side: the shell (``fusebox_web.shell``) and one package per game
(``fusebox_web.redwire``), run by PyScript on top of the engine.

Shipped to the browser as ``fusebox_web.zip``, next to the engine wheel (see web/js/runtime.mjs).
The shell's modules that touch the page (``dom``, ``errors``, ``main``, ``app``) import Pyodide's
``js`` module and run only in the browser; the others are plain Python, tested in CPython.
"""
