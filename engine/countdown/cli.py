"""The command line: play Countdown in the terminal, or replay a saved record.

    python -m engine play --game countdown --players 4 --seed 7 --bots all --save game.json
    python -m engine play --game countdown --players 3 --human 0 --level strong
    python -m engine replay game.json --view 1

Humans type actions in a short syntax (``help`` lists it); seats, agents and wires count from 1.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any, TextIO

from ..core import commands
from ..core.events import SEER, Viewer
from .actions import (
    Action,
    AlarmAgent,
    Defuse,
    Discard,
    EndPlay,
    NextGame,
    NoDefuse,
    PickTarget,
    PickWire,
    PlaceCut,
    PlayCard,
    PlayWild,
    TakeCard,
)
from .cards import is_kind
from .errors import FuseboxError, IllegalActionError
from .game import new_game
from .names import MASCOT, kind_name
from .options import Options
from .record import Record
from .state import GameState
from .transcript import describe

HELP = """Actions (players, agents and wires count from 1; cards by kind: analyze, cut_red, exit,
intercept, timer, double_timer, alarm, reenter, bypass):
  play CARD AGENT           play a card on one of your agents
  wild CARD CARD AGENT MODE two cards as one Scan (MODE analyze) or Evacuate (MODE exit)
  end                       end the play phase
  pick W                    the wire to scan or rewire        add | replace COLOUR   place a Snip
  target P | take CARD      frisk: whose hand, which card     out AGENT              Siren choice
  defuse | pass             declare a defusal, or not         discard CARD [CARD...]
  next                      deal the next game of a match
  legal   board   log   help   quit"""

ALIASES = {
    "scan": "analyze",
    "evacuate": "exit",
    "frisk": "intercept",
    "siren": "alarm",
    "double": "double_timer",
    "rewire": "bypass",
    "sneak": "reenter",
}


class ParseError(ValueError):
    pass


def _card(text: str) -> str:
    word = text.lower()
    word = ALIASES.get(word, word)
    if word.startswith("snip_"):
        word = "cut_" + word[5:]
    if not is_kind(word):
        raise ParseError(f"{text!r} is not a card kind; type help")
    return word


def _num(text: str, what: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise ParseError(f"{text!r} is not a {what} number (from 1)")
    return int(text) - 1


def parse_action(text: str, seat: int) -> Action:
    words = text.split()
    if not words:
        raise ParseError("type an action, or help")
    verb, args = words[0].lower(), words[1:]
    try:
        match verb:
            case "play":
                return PlayCard(seat, _card(args[0]), _num(args[1], "agent"))
            case "wild":
                mode = ALIASES.get(args[3].lower(), args[3].lower())
                return PlayWild(
                    seat, (_card(args[0]), _card(args[1])), _num(args[2], "agent"), mode
                )
            case "end":
                return EndPlay(seat)
            case "pick":
                return PickWire(seat, _num(args[0], "wire"))
            case "add":
                return PlaceCut(seat, None)
            case "replace":
                return PlaceCut(seat, args[0].lower())
            case "target":
                return PickTarget(seat, _num(args[0], "player"))
            case "take":
                return TakeCard(seat, _card(args[0]))
            case "out":
                return AlarmAgent(seat, _num(args[0], "agent"))
            case "defuse":
                return Defuse(seat)
            case "pass":
                return NoDefuse(seat)
            case "discard":
                if not args:
                    raise IndexError
                return Discard(seat, tuple(_card(a) for a in args))
            case "next":
                return NextGame(seat)
    except IndexError:
        raise ParseError(f"{verb} needs more arguments; type help") from None
    raise ParseError(f"unknown action {verb!r}; type help")


def format_action(action: Action) -> str:
    """The action in the terminal syntax (the inverse of parse_action)."""
    match action:
        case PlayCard():
            return f"play {action.card} {action.agent + 1}"
        case PlayWild():
            return f"wild {action.cards[0]} {action.cards[1]} {action.agent + 1} {action.mode}"
        case EndPlay():
            return "end"
        case PickWire():
            return f"pick {action.position + 1}"
        case PlaceCut():
            return "add" if action.replace is None else f"replace {action.replace}"
        case PickTarget():
            return f"target {action.target + 1}"
        case TakeCard():
            return f"take {action.card}"
        case AlarmAgent():
            return f"out {action.agent + 1}"
        case Defuse():
            return "defuse"
        case NoDefuse():
            return "pass"
        case Discard():
            return "discard " + " ".join(action.cards)
        case NextGame():
            return "next"
    raise ValueError(action)


def render_board(obs: dict[str, Any], names: Sequence[str]) -> str:
    """The observation as text: countdown, combination, each player's agents and hand."""
    wires = " ".join(
        (w["colour"] or "?") + ("*" if w["face_up"] else "") for w in obs["combination"]
    )
    reserve = obs["reserve"]
    spare = (
        " ".join(reserve["colours"])
        if reserve["colours"] is not None
        else f"{reserve['count']} hidden"
    )
    keeper = names[obs["mascot"]] if obs["mascot"] is not None else "nobody"
    lines = [
        f"Round {obs['round']} - countdown {obs['countdown']['showing']} - combination {wires}"
        f" (* face up) - spare: {spare} - {MASCOT}: {keeper}",
        f"  deck {obs['deck']}, discard pile {len(obs['discard'])}"
        + (f", removed wires: {' '.join(obs['removed'])}" if obs["removed"] else ""),
    ]
    if obs["scores"] is not None:
        lines.append(
            "  scores: " + ", ".join(f"{names[i]} {p}" for i, p in enumerate(obs["scores"]))
        )
    for seat in obs["seats"]:
        agents = []
        for index, agent in enumerate(seat["agents"]):
            where = "out" if agent["out"] else "in"
            cuts = "+".join(agent["cuts"])
            agents.append(
                f"{index + 1}:{where}{'[' + cuts + ']' if cuts else ''}{'.' if agent['acted'] else ''}"
            )
        hand = (
            ", ".join(kind_name(c) for c in seat["hand"])
            if seat["hand"] is not None
            else f"{seat['hand_size']} cards"
        )
        lines.append(f"  {names[seat['seat']]:>10}: {' '.join(agents)} | {hand}")
    if obs["notes"]:
        lines.append(
            "  your notes: "
            + ", ".join(f"wire {n['position'] + 1} {n['colour']}" for n in obs["notes"])
        )
    return "\n".join(lines)


def _option_value(text: str) -> object:
    """``--option`` values: on/off (true/false, yes/no, 1/0) or a whole number."""
    word = text.lower()
    if word in ("on", "true", "yes", "1"):
        return True
    if word in ("off", "false", "no", "0"):
        return False
    return int(text) if text.isdigit() else text


def cmd_play(args: argparse.Namespace, out: TextIO, inp: TextIO) -> int:
    from .bots import make_bot

    raw: dict[str, object] = {
        "points": args.points,
        "mascot_count_alarm_exits": not args.alarm_exits_excluded,
    }
    for item in args.option:
        name, _, value = item.partition("=")
        raw[name.strip()] = _option_value(value.strip())
    try:
        options = Options.from_json(raw)
    except FuseboxError as exc:
        print(f"play: {exc}", file=sys.stderr)
        return 2
    game = new_game(args.players, args.seed, first=args.first, options=options)
    names = commands.player_names(args.names, args.players)
    humans = set() if args.human is None else {args.human}
    bots_for = commands.seat_list(args.bots, args.players) - humans
    if not humans:
        bots_for = set(range(args.players))
    levels = (args.levels or "").split(",") if args.levels else []
    seed = game.setup.seed or 0
    bots = {
        seat: make_bot(
            levels[seat] if seat < len(levels) and levels[seat] else args.level, seed * 8 + seat
        )
        for seat in bots_for
    }
    viewer: Viewer = args.human if humans else (SEER if args.reveal else None)
    out.write(f"Countdown - {args.players} players, seed {game.setup.seed}\n")

    def explain(seat: int) -> None:
        why = bots[seat].explain()
        # A person at the terminal does not read what only the bot's seat knows.
        if not (humans and why.private):
            out.write(f"  [{names[seat]}: {why.text}]\n")

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
    prompt = game.observation(seat)["prompt"]
    while True:
        out.write(f"{names[seat]} ({prompt['kind']})> ")
        out.flush()
        line = inp.readline()
        if not line or line.strip() == "quit":
            return None
        text = line.strip()
        if text == "help":
            out.write(HELP + "\n")
            continue
        if text == "board":
            out.write(render_board(game.observation(seat), names) + "\n")
            continue
        if text == "log":
            for event in game.log:
                out.write(describe(event.view(seat), names) + "\n")
            continue
        if text == "legal":
            legal = game.legal_actions(seat)
            shown = [format_action(a) for a in legal[:40]]
            more = f" ... and {len(legal) - 40} more" if len(legal) > 40 else ""
            out.write("  " + "\n  ".join(shown) + more + "\n")
            continue
        try:
            action = parse_action(text, seat)
            game.check(action)
        except (ParseError, IllegalActionError) as exc:
            out.write(f"  {exc}\n")
            continue
        return action


def build_parser() -> argparse.ArgumentParser:
    from .bots import bot_names

    parser = argparse.ArgumentParser(
        prog="python -m engine", description="Countdown in the terminal."
    )
    sub = parser.add_subparsers(dest="command", required=True)
    play = sub.add_parser("play", help="play a game (bots and/or one human)")
    play.add_argument("--players", type=int, default=4, choices=range(2, 6))
    play.add_argument("--seed", type=int, default=None, help="same seed, same deal")
    play.add_argument(
        "--first", type=int, default=None, help="first player (0-based); random by default"
    )
    play.add_argument("--bots", default="all", help="'all', 'none' or seats like 1,2,3 (0-based)")
    play.add_argument("--level", default="basic", choices=bot_names(), help="bot level")
    play.add_argument("--levels", default=None, help="a level per seat, e.g. strong,basic,random")
    play.add_argument("--human", type=int, default=None, help="the seat (0-based) you play")
    play.add_argument("--names", default=None, help="comma-separated names")
    play.add_argument("--points", action="store_true", help="the Points variant: a match to 10")
    play.add_argument(
        "--alarm-exits-excluded",
        action="store_true",
        help="rule option: agents sent out by a Siren do not count for the mascot",
    )
    play.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a rule option, e.g. siren_agents_may_act=off, frisked_card_playable=off, "
        "points_goal=5 (repeatable)",
    )
    play.add_argument("--explain", action="store_true", help="print each bot's reason")
    play.add_argument("--reveal", action="store_true", help="bots only: show every secret")
    play.add_argument("--save", default=None, help="write the game record (JSON) to this file")
    commands.add_replay(sub)
    return parser


def main(
    argv: Sequence[str] | None = None, out: TextIO | None = None, inp: TextIO | None = None
) -> int:
    return commands.run(build_parser(), argv, out, inp, Record.loads, cmd_play)
