"""The command line: play a game in the terminal, or replay a saved record.

    python -m engine play --game loop --players 4 --seed 7 --bots all --save game.json
    python -m engine play --game loop --players 3 --human 0 --level strong
    python -m engine replay game.json --view 1

Humans type an action (``help`` lists the syntax) or the number of one listed by ``legal``.
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping, Sequence
from typing import Any, TextIO

from ..core import commands
from ..core.events import SEER, Viewer
from .actions import (
    Action,
    Assign,
    Declare,
    DeclareFree,
    Discard,
    Draw,
    EndDraw,
    Highlight,
    Reroll,
    Roll,
    SeventhDie,
    Stop,
)
from .bots import make_bot
from .bots.base import bot_names
from .cards import PLAN_BY_ID
from .errors import IllegalActionError
from .game import new_game
from .options import Options
from .record import Record
from .state import GameState
from .transcript import card_text, describe

HELP = """Actions (cards by id, e.g. red7a; plans: swift kestrel heron albatross):
  draw A|B                 draw a card (starts an exchange, or refills after a flight)
  keep                     stop drawing (then discard as many)     pass (with allow_pass)
  discard ID [ID ID]       discard as many cards as you drew
  fly PLAN ID ID ID        lay three cards on a plan and fly it    fly PLAN ID: an upgrade
  free ID ID ID [...]      declare your free flight                highlight ID
  roll | reroll V [V V] | seventh | place ID V [V V] | stop
  N                        the action numbered N by 'legal'
  legal   board   log   odds   help   quit"""


def format_action(action: Action) -> str:
    """The action in the terminal syntax."""
    match action:
        case Draw():
            return f"draw {action.deck}"
        case EndDraw():
            return "keep"
        case Discard():
            return "discard " + " ".join(action.cards)
        case Declare():
            return f"fly {action.plan} " + " ".join(action.cards)
        case DeclareFree():
            return "free " + " ".join(action.cards)
        case Highlight():
            return f"highlight {action.card}"
        case SeventhDie():
            return "seventh"
        case Roll():
            return "roll"
        case Reroll():
            return "reroll " + " ".join(map(str, action.dice))
        case Assign():
            return f"place {action.card} " + " ".join(map(str, action.dice))
        case Stop():
            return "stop"
    raise ValueError(action)


class ParseError(ValueError):
    pass


def _ints(words: Sequence[str]) -> tuple[int, ...]:
    if not words or not all(w.isdigit() for w in words):
        raise ParseError("give die values like 4 6")
    return tuple(int(w) for w in words)


def parse_action(text: str, seat: int, legal: Sequence[Action]) -> Action:
    words = text.split()
    if not words:
        raise ParseError("type an action, or help")
    verb, args = words[0].lower(), words[1:]
    if verb.isdigit():
        index = int(verb) - 1
        if not 0 <= index < len(legal):
            raise ParseError(f"no legal action {verb}; type legal")
        return legal[index]
    try:
        match verb:
            case "draw":
                return Draw(seat, args[0].upper())
            case "keep" | "pass":
                return EndDraw(seat)
            case "discard":
                return Discard(seat, tuple(args))
            case "fly" | "declare":
                return Declare(seat, args[0].lower(), tuple(args[1:]))
            case "free":
                return DeclareFree(seat, tuple(args))
            case "highlight":
                return Highlight(seat, args[0])
            case "seventh":
                return SeventhDie(seat)
            case "roll":
                return Roll(seat)
            case "reroll":
                return Reroll(seat, _ints(args))
            case "place":
                return Assign(seat, args[0], _ints(args[1:]))
            case "stop":
                return Stop(seat)
    except IndexError:
        raise ParseError(f"{verb} needs more words; type help") from None
    raise ParseError(f"unknown action {verb!r}; type help")


# --------------------------------------------------------------------------- board text


def _cards(cards: Sequence[Mapping[str, Any]]) -> str:
    return ", ".join(f"{c['id']}={card_text(c)}" for c in cards) or "-"


def render_board(obs: Mapping[str, Any], names: Sequence[str]) -> str:
    """The observation as text: plans with their cards and scores, players, the flight."""
    lines = [f"Round {obs['round']} - {obs['supply']} bonus tokens in the box"]
    for plan in obs["plans"]:
        bests = ", ".join(f"{names[i]} {b}" for i, b in enumerate(plan["best"]) if b is not None)
        name = PLAN_BY_ID[plan["id"]].name["en"]
        lines.append(f"  {name:10} {_cards(plan['cards'])}   [{bests or 'no scores'}]")
    for seat in obs["seats"]:
        hand = (
            _cards(seat["hand"])
            if seat["hand"] is not None
            else (f"{seat['backs']['A']} A + {seat['backs']['B']} B cards")
        )
        extra = f" free flight: {_cards(seat['free_plan'])}" if seat["free_plan"] else ""
        lines.append(
            f"  {names[seat['seat']]:8} {seat['score']:3} pts, {seat['tokens']} tokens, "
            f"{seat['status']}: {hand}{extra}"
        )
    flight = obs["flight"]
    if flight is not None:
        cells = []
        for c in flight["cards"]:
            mark = "*" if c["highlight"] else ""
            placed = c["placed"]
            cells.append(
                f"{c['id']}{mark}" + (f"[{'+'.join(map(str, placed['dice']))}]" if placed else "")
            )
        roll = f" roll: {' '.join(map(str, flight['roll']))}" if flight["roll"] else ""
        lines.append(f"  Flight: {' '.join(cells)}; pool {flight['pool']}{roll}")
    return "\n".join(lines)


# --------------------------------------------------------------------------- commands


def cmd_play(args: argparse.Namespace, out: TextIO, inp: TextIO) -> int:
    humans = set() if args.human is None else {args.human}
    bots_for = commands.seat_list(args.bots, args.players) - humans
    if not humans:
        bots_for = set(range(args.players))
    cap = args.max_rounds if args.max_rounds is not None else (None if humans else 60)
    options = Options(max_rounds=cap)
    game = new_game(args.players, args.seed, first=args.first, options=options)
    names = commands.player_names(args.names, args.players)
    seed = game.setup.seed
    bots = {seat: make_bot(args.level, seed=seed * 8 + seat) for seat in bots_for}
    viewer: Viewer = args.human if humans else (SEER if args.reveal else None)
    out.write(f"Loop the Loop - {args.players} players, seed {seed}\n")

    def explain(seat: int) -> None:
        out.write(f"  ({names[seat]}: {bots[seat].explain().text})\n")

    pieces = commands.TerminalPieces.named(
        viewer, names, describe, render_board, _ask_human, out, inp
    )
    return commands.play_and_save(
        game, bots, pieces, args.save, out, explain if args.explain else None
    )


def _ask_human(
    game: GameState, seat: int, names: Sequence[str], out: TextIO, inp: TextIO
) -> Action | None:
    out.write(render_board(game.observation(seat), names) + "\n")
    legal = game.legal_actions(seat)
    while True:
        out.write(f"{names[seat]} ({game.phase.value})> ")
        out.flush()
        line = inp.readline()
        if not line or line.strip() == "quit":
            return None
        text = line.strip()
        if text == "help":
            out.write(HELP + "\n")
        elif text == "board":
            out.write(render_board(game.observation(seat), names) + "\n")
        elif text == "log":
            out.write("\n".join(describe(e, names) for e in game.log_view(seat)) + "\n")
        elif text == "legal":
            shown = [f"{i + 1:3}. {format_action(a)}" for i, a in enumerate(legal[:60])]
            more = f"\n  ... and {len(legal) - 60} more" if len(legal) > 60 else ""
            out.write("\n".join(shown) + more + "\n")
        elif text == "odds":
            out.write(_odds_text(game, seat) + "\n")
        else:
            try:
                action = parse_action(text, seat, legal)
                game.check(action)
            except (ParseError, IllegalActionError) as exc:
                out.write(f"  {exc}\n")
                continue
            return action


def _odds_text(game: GameState, seat: int) -> str:
    from .odds import flight_odds

    obs = game.observation(seat)
    if obs["flight"] is None:
        return "  No flight in progress."
    odds = flight_odds(obs)
    return (
        f"  With the best play: {100 * float(odds.success):.1f}% to complete the flight, "
        f"{float(odds.points):.2f} points expected."
    )


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m engine", description="Loop the Loop in the terminal."
    )
    sub = parser.add_subparsers(dest="command", required=True)
    play = sub.add_parser("play", help="play a game (bots and/or one human)")
    play.add_argument("--players", type=int, default=4, choices=range(2, 7))
    play.add_argument("--seed", type=int, default=None, help="same seed, same game")
    play.add_argument("--first", type=int, default=None, help="first player (0-based)")
    play.add_argument("--bots", default="all", help="'all', 'none' or seats like 1,2,3 (0-based)")
    play.add_argument("--level", default="strong", choices=bot_names(), help="bot level")
    play.add_argument("--human", type=int, default=None, help="the seat (0-based) you play")
    play.add_argument("--names", default=None, help="comma-separated names")
    play.add_argument(
        "--max-rounds",
        type=int,
        default=None,
        help="end after this many rounds (default: 60 when only bots play, else none)",
    )
    play.add_argument("--explain", action="store_true", help="print why each bot moved")
    play.add_argument(
        "--reveal", action="store_true", help="bots only: show every hand in the transcript"
    )
    play.add_argument("--save", default=None, help="write the game record (JSON) to this file")
    commands.add_replay(sub)
    return parser


def main(
    argv: Sequence[str] | None = None, out: TextIO | None = None, inp: TextIO | None = None
) -> int:
    return commands.run(build_parser(), argv, out, inp, Record.loads, cmd_play)
