"""The page's Python side: the app that PyScript runs on top of the engine.

Shipped to the browser as ``fusebox_web.zip``, next to the engine wheel (see web/js/runtime.mjs). Modules that touch the page (``dom``, ``errors``, ``main``, ``app``) import
Pyodide's ``js`` module and run only in the browser; ``i18n`` is plain Python.
"""
