"""The page's Python side: the app that PyScript runs on top of the engine.

Installed in the browser from ``fusebox_web.zip`` (built from this folder and web/i18n/), next to
the engine wheel. Modules that touch the page (``dom``, ``errors``, ``main``, ``app``) import
Pyodide's ``js`` module and run only in the browser; ``i18n`` is plain Python.
"""
