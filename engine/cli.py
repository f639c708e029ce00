"""The box's command line: pick a game, then that game's own commands.

    python -m engine games                                  # the games of the box
    python -m engine play --game redwire --mission 4 --players 4 --seed 7 --bots all
    python -m engine replay game.json --view 1               # the game is read from the file

``--game`` defaults to Red Wire, so ``python -m engine play --mission 4 ...`` still works. A
record names its game in its ``format`` field (``fusebox.<game>.record``), so ``replay`` needs
no ``--game``.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from .core.registry import DEFAULT_GAME, games, load_game


def _game_of_record(path: str) -> str | None:
    """The game a record file names, or None when it cannot be read (the game's CLI says why)."""
    try:
        raw = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):
        return None
    fmt = raw.get("format") if isinstance(raw, dict) else None
    if isinstance(fmt, str) and fmt.startswith("fusebox.") and fmt.count(".") == 2:
        return fmt.split(".")[1]
    return None


def _pop_game(argv: list[str]) -> tuple[str | None, list[str]]:
    """``--game ID`` / ``--game=ID`` taken out of the arguments."""
    rest: list[str] = []
    game: str | None = None
    items = iter(argv)
    for arg in items:
        if arg == "--game":
            game = next(items, "")
        elif arg.startswith("--game="):
            game = arg.partition("=")[2]
        else:
            rest.append(arg)
    return game, rest


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    out = out or sys.stdout
    if args[:1] == ["games"]:
        for info in games().values():
            low, high = info.players[0], info.players[-1]
            out.write(
                f"{info.id:10} {info.title['en']} ({low}-{high} players): {info.summary['en']}\n"
            )
        return 0
    game_id, rest = _pop_game(args)
    if game_id is None and rest[:1] == ["replay"] and len(rest) > 1:
        game_id = _game_of_record(rest[1])
    game_id = game_id or DEFAULT_GAME
    try:
        game = load_game(game_id)
    except KeyError as exc:
        print(f"engine: {exc.args[0]}", file=sys.stderr)
        return 2
    return game.cli(rest)
