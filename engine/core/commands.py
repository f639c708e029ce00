"""What every game's command line shares: ``replay FILE [--view V]`` and playing in a terminal.

A game's ``cli`` adds the subcommand with :func:`add_replay` and runs it with :func:`replay`,
giving its own record reader; the final observation of the chosen viewer is printed as JSON.
Its ``play`` reads ``--names`` (:func:`player_names`), ``--bots`` (:func:`seat_list`) and
``--human`` (:func:`human_seat_error`), plays the game out with :func:`play_out` (its bots, its
own prompt for a person, its own sentences for the events) and saves it (:func:`save_record`);
:func:`play_and_save` does those last steps in order, from the game's pieces. Its ``main`` is
:func:`run` with its parser and its ``play``.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
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


# --------------------------------------------------------------------------- playing in a terminal


@dataclass(frozen=True)
class TerminalPieces:
    """What a game gives :func:`play_and_save`: its own words and prompt."""

    #: An event in a sentence, as the terminal's viewer may see it.
    say: Callable[[Any], str]
    #: A person's move at the seat (its prompt), or None when the person quits.
    ask: Callable[[Any, int], Any | None]
    #: What is printed when the game is over (the board seen by all, the result).
    end: Callable[[Any], str]

    @classmethod
    def named(
        cls,
        viewer: Viewer,
        names: Sequence[str],
        describe: Callable[[Any, Sequence[str]], str],
        board: Callable[[Any, Sequence[str]], str],
        ask: Callable[[Any, int, Sequence[str], TextIO, TextIO], Any | None],
        out: TextIO,
        inp: TextIO,
    ) -> TerminalPieces:
        """The pieces of a game whose sentences, board and prompt take the seats' names: each
        event as ``viewer`` sees it (``describe``), the final board as the seer does
        (``board``), a person's move read from ``inp`` (``ask``)."""
        return cls(
            say=lambda event: describe(event.view(viewer), names),
            ask=lambda state, seat: ask(state, seat, names, out, inp),
            end=lambda state: board(state.observation(SEER), names),
        )


class Chooser(Protocol):
    """A bot as the terminal asks it: one of the legal actions for an observation."""

    def choose(self, observation: Any, legal: Sequence[Any]) -> Any: ...


def player_names(raw: str | None, players: int) -> list[str]:
    """``--names a,b``: the names given, then "Player N" for the seats without one.

    >>> player_names("Ana, Bea", 3)
    ['Ana', 'Bea', 'Player 3']
    """
    names = [n.strip() for n in raw.split(",")] if raw else []
    return (names + [f"Player {i + 1}" for i in range(len(names), players)])[:players]


def seat_list(text: str, players: int) -> set[int]:
    """``--bots``: 'all', 'none' or 0-based seats like ``1,2``.

    >>> seat_list("all", 3), seat_list("none", 3), seat_list("0,2", 3)
    ({0, 1, 2}, set(), {0, 2})
    """
    if text == "all":
        return set(range(players))
    if text == "none":
        return set()
    return {int(x) for x in text.split(",")}


def human_seat_error(args: argparse.Namespace) -> int | None:
    """Exit status 2 (said on stderr) when ``--human`` is not a seat of the game, else None."""
    if args.human is not None and not 0 <= args.human < args.players:
        print(f"play: --human must be a seat 0..{args.players - 1}", file=sys.stderr)
        return 2
    return None


def play_out(
    game: Any,
    bots: Mapping[int, Chooser],
    ask: Callable[[Any, int], Any | None],
    tell: Callable[[Any], object],
    out: TextIO,
    explain: Callable[[int], None] | None = None,
) -> Any:
    """Play until the game is over or a person quits: a bot's seat chooses (then ``explain``
    says why, if given), another seat is ``ask``-ed (None: the person quits, "Game abandoned.");
    each action's events are ``tell``-ed. Returns the last state."""
    while not game.is_over:
        seat = game.to_move
        assert seat is not None  # a game that is not over always waits for a seat
        legal = game.legal_actions(seat)
        if seat in bots:
            action = bots[seat].choose(game.observation(seat), legal)
            if explain is not None:
                explain(seat)
        else:
            action = ask(game, seat)
            if action is None:
                out.write("Game abandoned.\n")
                break
        game, events = game.apply(action)
        for event in events:
            tell(event)
    return game


def save_record(path: str | None, game: Any, out: TextIO) -> None:
    """``--save FILE``: the game's record as JSON in FILE, and a line saying so."""
    if path:
        Path(path).write_text(game.record.dumps() + "\n", encoding="utf-8")
        out.write(f"Record saved to {path}\n")


def play_and_save(
    game: Any,
    bots: Mapping[int, Chooser],
    pieces: TerminalPieces,
    save: str | None,
    out: TextIO,
    explain: Callable[[int], None] | None = None,
) -> int:
    """A ``play`` command's end, the same in every game: the events of the deal, the game played
    out (:func:`play_out`) with each event said as it comes, the final board once the game is
    over, and ``--save`` (:func:`save_record`). Returns the exit status (0)."""
    for event in game.log:
        out.write(pieces.say(event) + "\n")
    game = play_out(
        game, bots, pieces.ask, lambda event: out.write(pieces.say(event) + "\n"), out, explain
    )
    if game.is_over:
        out.write(pieces.end(game) + "\n")
    save_record(save, game, out)
    return 0


def run(
    parser: argparse.ArgumentParser,
    argv: Sequence[str] | None,
    out: TextIO | None,
    inp: TextIO | None,
    loads: Callable[[str], Replayable],
    play: Callable[[argparse.Namespace, TextIO, TextIO], int],
) -> int:
    """A game's command line: ``replay`` (records read by ``loads``) or ``play`` (once
    ``--human`` is a seat); standard output and input unless ``out`` / ``inp`` are given.
    Returns the exit status."""
    args = parser.parse_args(argv)
    out = out or sys.stdout
    if args.command == "replay":
        return replay(args, out, loads)
    refused = human_seat_error(args)
    if refused is not None:
        return refused
    return play(args, out, inp or sys.stdin)
