"""PyScript's entry point (index.html: <script type="py" src="main.py">): hand over to the app."""

from fusebox_web.shell.main import start

start()
