"""What every game's command line shares: ``replay FILE [--view V]``.

A game's ``cli`` adds the subcommand with :func:`add_replay` and runs it with :func:`replay`,
giving its own record reader; the final observation of the chosen viewer is printed as JSON.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol, TextIO

from .errors import FuseboxError
from .events import SEER, Viewer


class Replayable(Protocol):
    """A record as a game reads it: its replay gives the final state."""

    def replay(self) -> Any: ...


def add_replay(sub: Any) -> argparse.ArgumentParser:
    """The ``replay`` subcommand in a game's parser (``sub``: its subparsers)."""
    replay: argparse.ArgumentParser = sub.add_parser(
        "replay", help="replay a record and print the final observation"
    )
    replay.add_argument("file")
    replay.add_argument(
        "--view", default=None, help="seat number (0-based) or 'seer'; spectator by default"
    )
    return replay


def replay(args: argparse.Namespace, out: TextIO, loads: Callable[[str], Replayable]) -> int:
    """Replay the record file ``args.file`` (read by ``loads``) and print the final observation
    of ``args.view`` as JSON; a file that cannot be read or replayed gets one line on stderr
    and exit status 2."""
    try:
        text = Path(args.file).read_text(encoding="utf-8")
        state = loads(text).replay()
        view: Viewer = (
            None if args.view is None else (SEER if args.view == "seer" else int(args.view))
        )
        observation = state.observation(view)
    except OSError as exc:
        print(f"replay: cannot read {args.file}: {exc.strerror}", file=sys.stderr)
        return 2
    except (FuseboxError, ValueError) as exc:
        print(f"replay: {args.file}: {exc}", file=sys.stderr)
        return 2
    json.dump(observation, out, ensure_ascii=False, indent=1)
    out.write("\n")
    return 0
