"""``python -m engine``: see engine.cli."""

import os
import sys

from .cli import main

try:
    code = main()
    sys.stdout.flush()
except BrokenPipeError:
    # The reader went away (``replay game.json | head``): no traceback for that. Python's own
    # recipe: stdout pointed at devnull, so the flush at exit does not fail again.
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    code = 1
sys.exit(code)
