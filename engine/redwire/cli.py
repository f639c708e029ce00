"""The command line: play a game in the terminal, or replay a saved record.

    python -m engine play --mission 4 --players 4 --seed 7 --bots all
    python -m engine play --mission 1 --players 3 --human 0 --save game.json
    python -m engine replay game.json --view 1

Humans type actions in a short syntax (``help`` lists it); seats, stands and wires count from 1.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from ..core import commands
from ..core.events import SEER, Viewer
from ..core.text import counted
from .actions import Action, Cut, Pick, PlaceToken, RevealReds, SoloCut
from .bots import make_bot
from .bots.base import bot_names
from .bots.characters import table_characters
from .deal import random_setup
from .errors import IllegalActionError, SetupError
from .game import new_game
from .mechanisms import (
    arithmetic,
    dealt_first,
    double_detector,
    four_at_once,
    nano,
    new_characters,
    number_cards,
    oxygen,
    sweep,
    volunteers,
    wire_pile,
)
from .mechanisms.arithmetic import ArithPass, Calculate
from .mechanisms.base import name_of
from .mechanisms.bat_radar import NameCutter
from .mechanisms.bluffer import FalseToken
from .mechanisms.challenges import ChallengeClaim, RedCall
from .mechanisms.claims import Claim, PassClaim
from .mechanisms.constraints import (
    ChooseConstraint,
    DrawConstraint,
    PassConstraints,
    SkipTurn,
    SwapConstraint,
    TurnDown,
)
from .mechanisms.equipment import single_label, tray
from .mechanisms.equipment.batteries import Batteries
from .mechanisms.equipment.coffee import CoffeeMug
from .mechanisms.equipment.fast_pass import FastPass
from .mechanisms.equipment.hook import Hook
from .mechanisms.equipment.labels import EQ, NEQ, Label
from .mechanisms.equipment.post_it import PostIt
from .mechanisms.equipment.radar import Radar
from .mechanisms.equipment.rewind import Rewind
from .mechanisms.equipment.single_label import SingleLabel
from .mechanisms.equipment.stabilizer import Stabilize
from .mechanisms.equipment.walkie import Walkie
from .mechanisms.flipped_wires import FlippedCut, FlippedReveal, FlippedSkip, FlippedSolo
from .mechanisms.four_at_once import FourAtOnce
from .mechanisms.guessing import PlayNumber
from .mechanisms.hand_me_downs import GiveNumber, HandSkip
from .mechanisms.nano import NanoFace, NanoSkip, NanoStand, NanoWalk
from .mechanisms.negative_tokens import GiveToken, NegativeToken
from .mechanisms.new_characters import CHARACTERS, OwnRadar, OwnWalkie
from .mechanisms.new_characters import TRIPLE as OWN_TRIPLE
from .mechanisms.number_choice import ChooseNumber
from .mechanisms.number_flip import FlipNumber
from .mechanisms.oxygen import OxygenGift, OxygenPass
from .mechanisms.sequence import MoveSequence, PlaceSequence, Stuck
from .mechanisms.silence import NumberSaid
from .mechanisms.sweep import Sweep
from .mechanisms.timer import TimeUp
from .mechanisms.token_draft import TakeToken
from .mechanisms.tripwires import TripPoint, TripSkip
from .mechanisms.volunteers import NameVolunteer, PassVolunteer, Volunteer
from .mechanisms.weakest_link import Accuse, WeakLinkStuck
from .mechanisms.wire_pile import PileJoin
from .mechanisms.x_wires import XWait
from .missions import all_missions, boxed_missions, load_mission
from .observation import event_view
from .observation_types import Observation
from .options import Options
from .record import Record
from .state import GameState
from .transcript import describe
from .wires import YELLOW, value_from_json, value_to_json

HELP = """Actions (stands, wires and players count from 1; V is a number or y for yellow):
  token S.W              place your setup info token on your wire S.W
  cut S.W V [V2]         Dual Cut on wire W of stand S (two values: Either-Or Ray)
  dd S.W S.W V [V2]      Double Detector on two wires of one teammate
  triple S.W S.W S.W V   Triple Scanner        super S V    Stand Scanner on stand S
  solo V                 Solo Cut              reveal       reveal your red wires
  pick S.W               answer the pending choice
  neq S.W | eq S.W       label your wires W and W+1 of stand S
  walkie S.W P           Walkie-Talkies with player P     postit S.W   Sticky Note
  rewind | stabilize | radar N | batteries P [P] | coffee P
  fastpass V S.W S.W     Fast Pass (9-9): cut your two wires S.W of value V, as your action
  single S.W             Single Wire Label (2-2): an x1 token on your wire S.W
  hook S.W [T]           Grappling Hook (11-11): take a teammate's wire S.W onto your stand T
                         (your first stand if T is left out)
  timeup                 mission 10: the countdown ran out (the terminal keeps no clock)
  snip | nosnip          missions 10, 45: say "Snip!" to play next, or let the next one decide
  sweep                  missions 13, 48: point at the three red (13) or yellow (48) wires
                         (then pick S.W each)
  false S.W V            mission 17, Rhett: your false setup token on wire S.W (not V)
  name P                 missions 18, 45: player P must cut the Number card's value
  beside S V | give V    mission 22: a value you lack beside stand S; the gift of token V
  four                   missions 23, 39, 46: cut the four wires of the value (then pick S.W
                         each; 46: only the teammates' wires, when you hold only 7s; 39,
                         English edition: pick one of your wires to show its number)
  said                   mission 25: a number was said aloud (the detonator moves)
  choose V               mission 26: turn down Number card V (this turn's value)
  take V                 mission 27: take drawn token V to place it
  play V                 mission 29: play your Number card V for this turn
  flip                   mission 30: turn up the next Number card (when the track says so)
  blocked                missions 9, 16, 36: every cut you could make is blocked (it explodes)
  constraint X           mission 31: take constraint card X (A-E)
  turndown               mission 31: your card can no longer be obeyed (after an exchange)
  accuse P L             mission 34, at the start of your turn: player P is the weak spot, card L
  stuck                  mission 34: you are the weak spot and your card leaves you no cut
  pass                   mission 35: every cut you could make needs a locked X wire
  oxpass (or pass)       missions 44, 49, 54, 63: pass your turn (the oxygen pays for no cut,
                         or by choice but in 54 and 63): the detonator moves one step
  pilejoin S             mission 54, when the track says so: the top red wire of the pile on
                         the card joins stand S (any player's), in sorted order
  oxgift P               mission 49, before your cut: player P receives the oxygen it costs
  vsnip | vpass          mission 45: say "Snip!" to cut the Number card's value (snip), or
                         let the next player decide (nosnip)
  vname P                mission 45, the captain when nobody volunteered: player P must cut
                         the Number card's value (name P)
  calc A + B | calc A - B   mission 47: add or subtract the Number cards A and B (the
                         result is this turn's value)
  arpass [A B] (or pass) mission 47: pass your turn, the detonator moves one step (with the
                         option m47_pass_discards: discarding the Number cards A and B)
  handskip               mission 65: you hold no wire of your face-up Number cards' values:
                         skip your turn, the detonator moves one step
  handgive V P           mission 65, at the end of your turn: give your Number card V to
                         player P
  end left | end right   mission 36, captain at setup: where the Sequence card goes
  move | keep            mission 36: move the Sequence card to the other end, or keep it
  skip                   missions 32 and 37: the visible constraint card leaves you no cut
  replace | keep         mission 32, captain at the start of his turn: replace the visible
                         constraint card with the deck's next one, or keep it
  cards keep | cards cw | cards ccw   mission 61, captain before each round: keep every
                         constraint card, or pass them all one place clockwise / anticlockwise
  trade                  mission 61, any time: discard your constraint card and draw the top
                         card of the F-L pile (the detonator moves one step)
  flipcut S.W V          missions 38, 56, 64: a Dual Cut with your own flipped wire as yours
  flipsolo V | flipreveal   missions 38, 56, 64: a Solo Cut with it; reveal it as red
                         mission 64: add R for your right flipped wire, LR for both (L, or
                         nothing, the left one): flipcut 2.3 5 R, flipsolo 5 LR, flipreveal R
  flipskip               mission 38: your only possible cut is the captain's flipped wire
  trip S.W | tripskip    mission 41: point at a teammate's tripwire; only yours is left: skip
  redcall S.W | oddstand S   mission 55: call a teammate's wire red (challenge 1); show
                         that your stand S holds only odd blue wires, six or more (challenge 9)
  nanostand S            mission 43, two stands: put the wire you took from Nano on stand S
  nano V                 mission 59, before your cut: leave Nano on its card V, or move it
                         forward to the card V (a value you hold); you then cut V
  face left | face right   mission 59, after your cut: which way Nano faces
  nanoskip               mission 59: no card under or in front of Nano is a value you hold
  ownradar N | ownwalkie S.W P | owntriple S.W S.W S.W V   a new character's own equipment
  legal (list some legal actions)   board   log   help   quit"""


# --------------------------------------------------------------------------- action text


def _pos(target: tuple[int, int] | Sequence[int]) -> str:
    return f"{target[0] + 1}.{target[1] + 1}"


def _val(value: int) -> str:
    return "y" if value == YELLOW else str(value)


def format_action(action: Action) -> str:
    """The action in the terminal syntax (the inverse of parse_action)."""
    match action:
        case PlaceToken():
            return f"token {_pos((action.stand, action.slot))}"
        case Cut():
            verb = {
                None: "cut",
                "double": "dd",
                "triple": "triple",
                "super": "super",
                OWN_TRIPLE: "owntriple",
            }[action.tool]
            where = (
                str(action.targets[0][0] + 1)
                if action.tool == "super"
                else " ".join(_pos(t) for t in action.targets)
            )
            return f"{verb} {where} {' '.join(_val(v) for v in action.values)}"
        case SoloCut():
            return f"solo {_val(action.value)}"
        case RevealReds():
            return "reveal"
        case Pick():
            return f"pick {_pos((action.stand, action.slot))}"
        case Label():
            return f"{'eq' if action.same else 'neq'} {_pos((action.stand, action.slot))}"
        case ChooseConstraint():
            return f"constraint {action.card}"
        case TurnDown():
            return "turndown"
        case Accuse():
            return f"accuse {action.target + 1} {action.card}"
        case WeakLinkStuck():
            return "stuck"
        case XWait():
            return "pass"
        case OxygenPass():
            return "oxpass"
        case OxygenGift():
            return f"oxgift {action.to + 1}"
        case PileJoin():
            return f"pilejoin {action.stand + 1}"
        case Volunteer():
            return "vsnip"
        case PassVolunteer():
            return "vpass"
        case NameVolunteer():
            return f"vname {action.named + 1}"
        case Calculate():
            return f"calc {action.first} {action.sign} {action.second}"
        case ArithPass():
            return " ".join(["arpass", *(str(card) for card in action.discard)])
        case HandSkip():
            return "handskip"
        case GiveNumber():
            return f"handgive {action.value} {action.to + 1}"
        case PlaceSequence():
            return f"end {action.end}"
        case MoveSequence():
            return "move" if action.move else "keep"
        case SkipTurn():
            return "skip"
        case TimeUp():
            return "timeup"
        case Claim():
            return "snip"
        case PassClaim():
            return "nosnip"
        case Sweep():
            return "sweep"
        case FalseToken():
            return f"false {_pos((action.stand, action.slot))} {_val(action.value)}"
        case NameCutter():
            return f"name {action.named + 1}"
        case NegativeToken():
            return f"beside {action.stand + 1} {_val(action.value)}"
        case GiveToken():
            return f"give {_val(action.value)}"
        case FourAtOnce():
            return "four"
        case NumberSaid():
            return "said"
        case ChooseNumber():
            return f"choose {_val(action.value)}"
        case TakeToken():
            return f"take {_val(action.value)}"
        case PlayNumber():
            return f"play {_val(action.value)}"
        case FlipNumber():
            return "flip"
        case Stuck():
            return "blocked"
        case SwapConstraint():
            return "replace" if action.swap else "keep"
        case PassConstraints():
            return (
                "cards " + {"keep": "keep", "clockwise": "cw", "anticlockwise": "ccw"}[action.way]
            )
        case DrawConstraint():
            return "trade"
        case FlippedCut():
            text = f"flipcut {_pos((action.stand, action.slot))} {action.value}"
            return text + _flips_text((action.flip,))
        case FlippedSolo():
            return f"flipsolo {action.value}" + _flips_text(action.flips)
        case FlippedReveal():
            return "flipreveal" + _flips_text(action.flips)
        case FlippedSkip():
            return "flipskip"
        case TripPoint():
            return f"trip {_pos((action.stand, action.slot))}"
        case TripSkip():
            return "tripskip"
        case RedCall():
            return f"redcall {_pos((action.stand, action.slot))}"
        case ChallengeClaim():
            return f"oddstand {action.stand + 1}"
        case NanoStand():
            return f"nanostand {action.stand + 1}"
        case NanoWalk():
            return f"nano {action.value}"
        case NanoFace():
            return f"face {action.facing}"
        case NanoSkip():
            return "nanoskip"
        case OwnWalkie():
            return f"ownwalkie {_pos((action.stand, action.slot))} {action.partner + 1}"
        case OwnRadar():
            return f"ownradar {action.value}"
        case Walkie():
            return f"walkie {_pos((action.stand, action.slot))} {action.partner + 1}"
        case PostIt():
            return f"postit {_pos((action.stand, action.slot))}"
        case Rewind():
            return "rewind"
        case FastPass():
            wires = f"{_pos((action.stand, action.slot))} {_pos((action.stand2, action.slot2))}"
            return f"fastpass {value_to_json(action.value)} {wires}"
        case SingleLabel():
            return f"single {_pos((action.stand, action.slot))}"
        case Hook():
            return f"hook {_pos((action.stand, action.slot))} {action.into + 1}"
        case Batteries():
            return "batteries " + " ".join(str(s + 1) for s in action.seats)
        case Radar():
            return f"radar {action.value}"
        case Stabilize():
            return "stabilize"
        case CoffeeMug():
            return f"coffee {action.next_seat + 1}"
    raise ValueError(action)


class ParseError(ValueError):
    pass


def _parse_pos(text: str) -> tuple[int, int]:
    stand, dot, wire = text.partition(".")
    if not dot or not stand.isdigit() or not wire.isdigit():
        raise ParseError(f"{text!r} is not a wire like 2.5 (stand 2, wire 5)")
    return int(stand) - 1, int(wire) - 1


def _first_stand(state: GameState, seat: int) -> int:
    """The seat's first stand (where a wire goes when the player names none)."""
    stands = state.seat_stands[seat] if 0 <= seat < state.players else ()
    return stands[0] if stands else -1


def _parse_value(text: str) -> int:
    if text.lower() in ("y", "yellow"):
        return YELLOW
    if text.isdigit():
        return value_from_json(int(text)) if 1 <= int(text) <= 12 else int(text)
    raise ParseError(f"{text!r} is not a value (1..12 or y)")


def _flips_text(flips: tuple[int, ...]) -> str:
    """Mission 64: which of a seat's flipped wires ("" for the first, the only one before)."""
    return "" if flips == (0,) else " " + "".join("LR"[f] for f in flips)


def _parse_flips(words: Sequence[str]) -> tuple[int, ...]:
    """``L``, ``R`` or ``LR`` (nothing: the left one, the only one of missions 38 and 56)."""
    if not words:
        return (0,)
    text = words[0].upper()
    if len(words) > 1 or text not in ("L", "R", "LR", "RL"):
        raise ParseError(f"{' '.join(words)!r}: say L, R or LR (which flipped wires)")
    return tuple(sorted({"LR".index(c) for c in text}))


def _parse_flip(words: Sequence[str]) -> int:
    """One flipped wire: ``L`` or ``R`` (nothing: the left one)."""
    flips = _parse_flips(words)
    if len(flips) != 1:
        raise ParseError("a Dual Cut uses one flipped wire: L or R")
    return flips[0]


def _parse_int(text: str) -> int:
    if not text.isdigit():
        raise ParseError(f"{text!r} is not a number")
    return int(text)


def parse_action(text: str, seat: int, state: GameState) -> Action:
    words = text.split()
    if not words:
        raise ParseError("type an action, or help")
    verb, args = words[0].lower(), words[1:]
    try:
        return _PARSE[verb](seat, args, state)
    except KeyError:
        raise ParseError(f"unknown action {verb!r}; type help") from None
    except IndexError:
        raise ParseError(f"{verb} needs more arguments; type help") from None


def _cut(tool: Any, n: int) -> Callable[[int, list[str], GameState], Action]:
    def parse(seat: int, args: list[str], state: GameState) -> Action:
        if tool == "super":
            stand = _parse_int(args[0]) - 1
            if not 0 <= stand < len(state.stands):
                raise ParseError("no such stand")
            targets = tuple((stand, slot) for slot, _ in state.uncut(stand))
            values = args[1:]
        else:
            targets = tuple(_parse_pos(a) for a in args[:n])
            values = args[n:]
        if not values:
            raise IndexError
        return Cut(seat, targets, tuple(_parse_value(v) for v in values), tool)

    return parse


def _keep(seat: int, state: GameState) -> Action:
    """The "keep" command: of the Sequence card (mission 36) or of the constraint card (mission
    32), whichever the game is asking about (the Sequence card when neither: the engine says why
    not)."""
    card = SwapConstraint(seat, False)
    return card if card in state.legal_actions(seat) else MoveSequence(seat, False)


def _way(word: str) -> str:
    """Mission 61's pass: keep, cw / clockwise, ccw / anticlockwise."""
    ways = {"keep": "keep", "cw": "clockwise", "ccw": "anticlockwise"}
    return ways.get(word.lower(), word.lower())


def _volunteers(state: GameState) -> bool:
    return any(m.id == volunteers.ID for m in state.mechanisms)


def _snip(seat: int, state: GameState) -> Action:
    """The "snip" command: mission 45's volunteer when the game has it, else mission 10's claim."""
    return Volunteer(seat) if _volunteers(state) else Claim(seat)


def _nosnip(seat: int, state: GameState) -> Action:
    return PassVolunteer(seat) if _volunteers(state) else PassClaim(seat)


def _name(seat: int, args: list[str], state: GameState) -> Action:
    """The "name" command: mission 45's captain's naming, else mission 18's named cutter."""
    named = _parse_int(args[0]) - 1
    return NameVolunteer(seat, named) if _volunteers(state) else NameCutter(seat, named)


def _pass(seat: int, args: list[str], state: GameState) -> Action:
    """The "pass" command: mission 44's (oxygen) or 47's (arithmetic) when the game has it,
    else mission 35's."""
    ids = {m.id for m in state.mechanisms}
    if "oxygen" in ids:
        return OxygenPass(seat)
    if "arithmetic" in ids:
        return _arpass(seat, args)
    return XWait(seat)


def _calc(seat: int, args: list[str]) -> Action:
    """``calc A + B`` / ``calc A - B`` (spaces around the sign optional: ``calc 7-3``)."""
    text = "".join(args)
    for sign in ("+", "-"):
        first, found, second = text.partition(sign)
        if found:
            return Calculate(seat, _parse_int(first), _parse_int(second), sign)
    raise ParseError("calc needs two Number cards and a sign, like: calc 7 - 3")


def _arpass(seat: int, args: list[str]) -> Action:
    if args and len(args) != 2:
        raise ParseError("arpass takes no card, or the two Number cards to discard")
    return ArithPass(seat, tuple(_parse_int(a) for a in args))


_PARSE: dict[str, Callable[[int, list[str], GameState], Action]] = {
    "token": lambda seat, a, s: PlaceToken(seat, *_parse_pos(a[0])),
    "cut": _cut(None, 1),
    "dd": _cut("double", 2),
    "triple": _cut("triple", 3),
    "super": _cut("super", 0),
    "owntriple": _cut(OWN_TRIPLE, 3),
    "timeup": lambda seat, a, s: TimeUp(seat),
    "snip": lambda seat, a, s: _snip(seat, s),
    "nosnip": lambda seat, a, s: _nosnip(seat, s),
    "vsnip": lambda seat, a, s: Volunteer(seat),
    "vpass": lambda seat, a, s: PassVolunteer(seat),
    "vname": lambda seat, a, s: NameVolunteer(seat, _parse_int(a[0]) - 1),
    "sweep": lambda seat, a, s: Sweep(seat),
    "false": lambda seat, a, s: FalseToken(seat, *_parse_pos(a[0]), _parse_value(a[1])),
    "name": _name,
    "beside": lambda seat, a, s: NegativeToken(seat, _parse_int(a[0]) - 1, _parse_value(a[1])),
    "give": lambda seat, a, s: GiveToken(seat, _parse_value(a[0])),
    "four": lambda seat, a, s: FourAtOnce(seat),
    "said": lambda seat, a, s: NumberSaid(seat),
    "choose": lambda seat, a, s: ChooseNumber(seat, _parse_value(a[0])),
    "take": lambda seat, a, s: TakeToken(seat, _parse_value(a[0])),
    "play": lambda seat, a, s: PlayNumber(seat, _parse_value(a[0])),
    "flip": lambda seat, a, s: FlipNumber(seat),
    "blocked": lambda seat, a, s: Stuck(seat),
    "constraint": lambda seat, a, s: ChooseConstraint(seat, a[0].upper()),
    "turndown": lambda seat, a, s: TurnDown(seat),
    "accuse": lambda seat, a, s: Accuse(seat, _parse_int(a[0]) - 1, a[1].upper()),
    "stuck": lambda seat, a, s: WeakLinkStuck(seat),
    "pass": _pass,
    "calc": lambda seat, a, s: _calc(seat, a),
    "arpass": lambda seat, a, s: _arpass(seat, a),
    "oxpass": lambda seat, a, s: OxygenPass(seat),
    "handskip": lambda seat, a, s: HandSkip(seat),
    "handgive": lambda seat, a, s: GiveNumber(seat, _parse_int(a[0]), _parse_int(a[1]) - 1),
    "oxgift": lambda seat, a, s: OxygenGift(seat, _parse_int(a[0]) - 1),
    "pilejoin": lambda seat, a, s: PileJoin(seat, _parse_int(a[0]) - 1),
    "end": lambda seat, a, s: PlaceSequence(seat, a[0].lower()),
    "move": lambda seat, a, s: MoveSequence(seat, True),
    "keep": lambda seat, a, s: _keep(seat, s),
    "replace": lambda seat, a, s: SwapConstraint(seat, True),
    "skip": lambda seat, a, s: SkipTurn(seat),
    "cards": lambda seat, a, s: PassConstraints(seat, _way(a[0])),
    "trade": lambda seat, a, s: DrawConstraint(seat),
    "flipcut": lambda seat, a, s: FlippedCut(
        seat, *_parse_pos(a[0]), _parse_int(a[1]), _parse_flip(a[2:])
    ),
    "flipsolo": lambda seat, a, s: FlippedSolo(seat, _parse_int(a[0]), _parse_flips(a[1:])),
    "flipreveal": lambda seat, a, s: FlippedReveal(seat, _parse_flips(a)),
    "flipskip": lambda seat, a, s: FlippedSkip(seat),
    "trip": lambda seat, a, s: TripPoint(seat, *_parse_pos(a[0])),
    "tripskip": lambda seat, a, s: TripSkip(seat),
    "redcall": lambda seat, a, s: RedCall(seat, *_parse_pos(a[0])),
    "oddstand": lambda seat, a, s: ChallengeClaim(seat, _parse_int(a[0]) - 1),
    "nanostand": lambda seat, a, s: NanoStand(seat, _parse_int(a[0]) - 1),
    "nano": lambda seat, a, s: NanoWalk(seat, _parse_int(a[0])),
    "face": lambda seat, a, s: NanoFace(seat, a[0].lower()),
    "nanoskip": lambda seat, a, s: NanoSkip(seat),
    "ownradar": lambda seat, a, s: OwnRadar(seat, _parse_int(a[0])),
    "ownwalkie": lambda seat, a, s: OwnWalkie(seat, *_parse_pos(a[0]), _parse_int(a[1]) - 1),
    "solo": lambda seat, a, s: SoloCut(seat, _parse_value(a[0])),
    "reveal": lambda seat, a, s: RevealReds(seat),
    "pick": lambda seat, a, s: Pick(seat, *_parse_pos(a[0])),
    "neq": lambda seat, a, s: Label(seat, NEQ, *_parse_pos(a[0])),
    "eq": lambda seat, a, s: Label(seat, EQ, *_parse_pos(a[0])),
    "walkie": lambda seat, a, s: Walkie(seat, *_parse_pos(a[0]), _parse_int(a[1]) - 1),
    "postit": lambda seat, a, s: PostIt(seat, *_parse_pos(a[0])),
    "rewind": lambda seat, a, s: Rewind(seat),
    "fastpass": lambda seat, a, s: FastPass(
        seat, _parse_value(a[0]), *_parse_pos(a[1]), *_parse_pos(a[2])
    ),
    "single": lambda seat, a, s: SingleLabel(seat, *_parse_pos(a[0])),
    "hook": lambda seat, a, s: Hook(
        seat, *_parse_pos(a[0]), _parse_int(a[1]) - 1 if a[1:] else _first_stand(s, seat)
    ),
    "stabilize": lambda seat, a, s: Stabilize(seat),
    "radar": lambda seat, a, s: Radar(seat, _parse_int(a[0])),
    "batteries": lambda seat, a, s: Batteries(seat, tuple(_parse_int(x) - 1 for x in a) or (-1,)),
    "coffee": lambda seat, a, s: CoffeeMug(seat, _parse_int(a[0]) - 1),
}


# --------------------------------------------------------------------------- board text


def render_board(obs: Observation, names: Sequence[str]) -> str:
    """The observation as text: each stand, with cut wires in their slot and info tokens."""
    clock = nano.clock_view(obs)
    dial = (
        f"Nano on space {clock['space']} of {clock['end']}, {counted(clock['left'], 'failed cut', 'failed cuts')} left"
        if clock is not None
        else f"detonator {counted(obs['dial']['left'], 'step', 'steps')} from the skull"
    )
    lines = [
        f"Mission {obs['mission']} - {dial}"
        f" - validated: {', '.join(map(str, obs['validated'])) or 'none'}"
    ]
    markers = obs["markers"]
    for colour in ("red", "yellow"):
        m = markers[colour]
        if m["values"]:
            sure = "" if m["certain"] else f" ({m['in_play']} of these)"
            lines.append(f"  {colour} markers: {', '.join(m['values'])}{sure}")
    equipment = tray.view(obs)
    cards = (
        ", ".join(f"{tray.card_label(e['card'])}:{e['state']}" for e in equipment["cards"])
        if equipment
        else ""
    )
    if cards:
        lines.append(f"  equipment: {cards}")
    ones = single_label.view(obs)
    if ones is not None and ones["tokens"]:
        marked = " ".join(f"{t['stand'] + 1}.{t['slot'] + 1}" for t in ones["tokens"])
        lines.append(f"  x1 tokens (Single Wire Label): {marked}")
    robot = nano.view(obs)
    if robot is not None:
        held = f", you hold its {robot['held']}" if robot["held"] else ""
        lines.append(
            f"  Nano: space {robot['space']} facing {robot['facing']},"
            f" {robot['pile']['left']} face-down wire(s){held}"
        )
    line = nano.line_view(obs)
    if line is not None:
        cards = " ".join(
            ("(" + str(c["value"]) + ")" if c["down"] else str(c["value"]))
            + ("<N" if i == line["place"] and line["facing"] == "left" else "")
            + ("N>" if i == line["place"] and line["facing"] == "right" else "")
            for i, c in enumerate(line["line"])
        )
        lines.append(
            f"  Number line: {cards} - Nano on the {line['value']} facing {line['facing']}"
            + (f", this turn's cut: {line['value']}" if line["walked"] else "")
            + " ((n): face down)"
        )
    pile = wire_pile.view(obs)
    if pile is not None:
        lines.append(
            f"  pile on the card: {pile['pile']['left']} face-down {pile['colour']} wire(s)"
            " (pilejoin S when the track says so)"
        )
    four = four_at_once.view(obs)
    if four is not None and "last" in four:
        forced = four["last"]["forced"]
        state = (
            "cut"
            if four["done"]
            else (f"{name_of(names, forced)} must cut them now" if forced is not None else "uncut")
        )
        lines.append(f"  the four {four['value']}s, cut last, all at once: {state}")
    air = oxygen.view(obs)
    if air is not None and air["stock"]:
        each = ", ".join(f"{name_of(names, seat)} {n}" for seat, n in enumerate(air["stock"]))
        gift = air["gift_to"]
        if air["relay"]:
            lines.append(
                f"  oxygen: {each}; {air['reserve']} in the reserve on the card (a cut costs its "
                "value, paid to the reserve; the rest goes left at the end of each turn; each "
                "round opens by taking the reserve)"
            )
        elif air["pay_to"] == "reserve":
            lines.append(
                f"  oxygen: {each} (a cut of 1-4 costs 1, 5-8 costs 2, 9-12 costs 3, paid to "
                "the reserve; each validation gives 1 to every player with wires)"
            )
        else:
            to = f"; this cut's oxygen goes to {name_of(names, gift)}" if gift is not None else ""
            lines.append(f"  oxygen: {each} (a cut costs its value, given to a teammate){to}")
    elif air is not None:
        lines.append(
            f"  oxygen: {air['reserve']} of {air['tokens']} in the reserve"
            " (a cut of 1-4 takes 1, 5-8 takes 2, 9-12 takes 3)"
        )
    call = volunteers.view(obs)
    if call is not None and call["current"] is not None:
        lines.append(_call_line(call, names))
    sums = arithmetic.view(obs)
    row = number_cards.view(obs)
    if sums is not None and row is not None:
        cards = " ".join(str(card["value"]) for card in row["row"])
        now = sums["cards"]
        made = (
            f"; this turn {now[0]} {sums['sign']} {now[1]} = {sums['current']}"
            if sums["current"] is not None
            else ""
        )
        lines.append(f"  Number cards: {cards}{made}")
    if row is not None and "hands" in row:  # mission 65: each seat's cards ("7v": face down)
        held = "; ".join(
            f"{name_of(names, seat)}: "
            + (" ".join(f"{c['value']}{'v' if c['down'] else ''}" for c in hand) or "none")
            for seat, hand in enumerate(row["hands"])
        )
        lines.append(f"  Number cards in front of the players (v: face down): {held}")
    first = dealt_first.view(obs)
    if first is not None:
        counts = ", ".join(f"stand {i + 1}: {n}" for i, n in enumerate(first["stands"]))
        lines.append(f"  {first['colour']} wires dealt first: {counts}")
    swept = sweep.sweep_view(obs)
    if swept is not None and swept["count"]:
        chosen = " ".join(f"{a + 1}.{b + 1}" for a, b in swept["chosen"])
        lines.append(
            f"  {swept['colour']} wires left, cut only all at once (sweep): {swept['count']}"
            + (f"; pointed at: {chosen}" if chosen else "")
        )
    for index, stand in enumerate(obs["stands"]):
        cells = []
        for tile in stand["slots"]:
            if tile["cut"]:
                cells.append(f"[{tile['wire']}]")
            elif tile["wire"] is not None:
                cells.append(
                    tile["wire"] + (f"({tile['info']})" if tile["info"] is not None else "")
                )
            else:
                cells.append("?" + (f"({tile['info']})" if tile["info"] is not None else ""))
        used = double_detector.used_in(obs, stand["owner"])
        owner = names[stand["owner"]] + ("" if not used else " (DD used)")
        personal = new_characters.view(obs)
        if personal is not None:
            entry = personal["characters"][stand["owner"]]
            if entry["character"] != new_characters.DD:
                owner += f" ({entry['character']}{' used' if entry['used'] else ''})"
        lines.append(f"  stand {index + 1} {owner:>16}: " + " ".join(cells))
    return "\n".join(lines)


def _call_line(call: volunteers.VolunteersView, names: Sequence[str]) -> str:
    """Mission 45's Number card, the deck, and who snipped wrongly or must cut."""
    line = f"  Number card {call['current']} up ({call['deck']} in the deck)"
    if call["wrong"]:
        line += "; Snip! without it: " + ", ".join(names[s] for s in call["wrong"])
    if call["cutter"] is not None and not call["calling"]:
        line += f"; {names[call['cutter']]} must cut it"
    return line


# --------------------------------------------------------------------------- commands


def _picks(raw: Sequence[str], players: int) -> list[str | None]:
    """``--character SEAT=E3`` (0-based seats): a person's new character (rule sticker B)."""
    picks: list[str | None] = [None] * players
    for item in raw:
        seat, _, character = item.partition("=")
        if not seat.isdigit() or int(seat) >= players or character not in CHARACTERS:
            raise ValueError(f"--character takes SEAT=E1..E4, got {item!r}")
        picks[int(seat)] = character
    return picks


def _option_value(text: str) -> object:
    """``--option`` values: on/off (true/false, yes/no) for true/false, a whole number, or a
    word."""
    word = text.lower()
    if word in ("on", "true", "yes"):
        return True
    if word in ("off", "false", "no"):
        return False
    return int(text) if text.isdigit() else text


def _options(args: argparse.Namespace) -> Options:
    """The edition and every ``--option NAME=VALUE`` (a rule option, ``engine.redwire.Options``);
    raises SetupError on an unknown name or a bad value."""
    raw: dict[str, object] = {"edition": args.edition}
    for item in args.option:
        name, _, value = item.partition("=")
        raw[name.strip()] = _option_value(value.strip())
    return Options.from_json(raw)


def mission_refusal(mission: int) -> str | None:
    """Why ``--mission`` cannot be played here, or ``None``: a number outside the campaign, or a
    campaign mission that needs the physical box (mission 66), said with the box's reason.

    >>> mission_refusal(4) is None
    True
    >>> mission_refusal(70)
    'no mission 70: the missions are 1 to 65'
    """
    if mission in all_missions():
        return None
    shipped = sorted(all_missions())
    boxed = boxed_missions().get(mission)
    if boxed is None:
        return f"no mission {mission}: the missions are {shipped[0]} to {shipped[-1]}"
    return f"mission {mission} ({boxed.title['en']}) cannot be played here. {boxed.needs['en']}"


def cmd_play(args: argparse.Namespace, out: TextIO, inp: TextIO) -> int:
    refusal = mission_refusal(args.mission)
    if refusal is not None:
        print(f"play: {refusal}", file=sys.stderr)
        return 2
    allowed = load_mission(args.mission).players
    if args.players not in allowed:  # mission 34: not with two
        print(
            f"play: mission {args.mission} is for {allowed[0]} to {allowed[-1]} players, "
            f"not {args.players}",
            file=sys.stderr,
        )
        return 2
    try:
        options = _options(args)
    except SetupError as exc:
        print(f"play: {exc}", file=sys.stderr)
        return 2
    names = commands.player_names(args.names, args.players)
    humans = set() if args.human is None else {args.human}
    bots_for = commands.seat_list(args.bots, args.players) - humans
    if not humans and bots_for != set(range(args.players)):
        bots_for = set(range(args.players))
    seed = args.seed if args.seed is not None else new_game(args.mission, args.players).setup.seed
    assert seed is not None
    # The captain the deal names (the characters are chosen knowing him; the deal is the same).
    captain = random_setup(args.mission, args.players, seed, args.captain, options).captain
    chosen, reasons = table_characters(
        args.mission,
        args.players,
        captain=captain,
        levels=[args.level if seat in bots_for else None for seat in range(args.players)],
        picks=_picks(args.character, args.players),
        seed=seed,
    )
    game = new_game(
        args.mission, args.players, seed, captain=args.captain, options=options, chosen=chosen
    )
    bots = {seat: make_bot(args.level, seed=seed * 8 + seat) for seat in bots_for}
    viewer: Viewer = args.human if humans else (SEER if args.reveal else None)
    owners = game.owners
    out.write(
        f"Red Wire - mission {args.mission}: {game.mission.title['en']} ({args.players} players, seed {game.setup.seed})\n"
    )
    out.write(f"Captain: {names[game.setup.captain]}\n")
    for chooser, why in enumerate(reasons):
        if why is not None:
            out.write(f"{names[chooser]}: {why.text}\n")
    pieces = commands.TerminalPieces(
        say=lambda event: describe(event.view(viewer), names, owners),
        ask=lambda state, seat: _ask_human(state, seat, names, out, inp),
        end=lambda state: (
            f"Result: {state.result}\n" + render_board(state.observation(SEER), names)
        ),
    )
    return commands.play_and_save(game, bots, pieces, args.save, out)


def _ask_human(
    game: GameState, seat: int, names: Sequence[str], out: TextIO, inp: TextIO
) -> Action | None:
    out.write(render_board(game.observation(seat), names) + "\n")
    prompt = game.observation(seat)["prompt"]
    kind = prompt["kind"] if prompt else "over"
    while True:
        out.write(f"{names[seat]} ({kind})> ")
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
            for event in game.log:  # as the seat remembers it (mission 50 may forget places)
                out.write(describe(event_view(game, event, seat), names, game.owners) + "\n")
            continue
        if text == "legal":
            legal = game.legal_actions(seat)
            shown = [format_action(a) for a in legal[:40]]
            more = f" ... and {len(legal) - 40} more" if len(legal) > 40 else ""
            out.write("  " + "\n  ".join(shown) + more + "\n")
            continue
        try:
            action = parse_action(text, seat, game)
            game.check(action)
        except (ParseError, IllegalActionError, ValueError) as exc:
            out.write(f"  {exc}\n")
            continue
        return action


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m engine", description="Red Wire in the terminal."
    )
    sub = parser.add_subparsers(dest="command", required=True)
    play = sub.add_parser("play", help="play a game (bots and/or one human)")
    shipped = sorted(all_missions())
    boxed = ", ".join(str(m) for m in sorted(boxed_missions()))
    play.add_argument(
        "--mission",
        type=int,
        default=1,
        help=f"{shipped[0]} to {shipped[-1]}"
        + (f" ({boxed}: needs the physical box)" if boxed else ""),
    )
    play.add_argument("--players", type=int, default=4, choices=range(2, 6))
    play.add_argument("--seed", type=int, default=None, help="same seed, same deal")
    play.add_argument(
        "--captain", type=int, default=None, help="captain seat (0-based); random by default"
    )
    play.add_argument("--bots", default="all", help="'all', 'none' or seats like 1,2,3 (0-based)")
    play.add_argument("--level", default="simple", choices=bot_names(), help="bot level")
    play.add_argument("--human", type=int, default=None, help="the seat (0-based) you play")
    play.add_argument("--names", default=None, help="comma-separated names")
    play.add_argument("--edition", default="IT", choices=["IT", "EN"])
    play.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a rule option, e.g. m47_pass_discards=on, dial_cap=4 (repeatable)",
    )
    play.add_argument(
        "--character",
        action="append",
        default=[],
        help="SEAT=E1..E4 (0-based): a person's new character, from mission 31 (rule sticker B)",
    )
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
