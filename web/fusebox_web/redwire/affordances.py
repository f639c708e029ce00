"""What the seat holding the device can do now: tiles to tap, values to announce, buttons.

Every answer comes from the engine: each candidate action is looked up in the seat's legal
actions (``state.legal_set``, computed once per state and kept), so the page never re-implements
a rule. Trying each candidate on a copy (``state.is_legal``) cost a clone per question, hundreds
per drawing; with the detectors and the X-or-Y ray unlocked a turn lists thousands of cuts, and
the set is still cheaper (mission 8 with five players, a real game: 4.2 ms a state on average
by probes, 1.0-1.6 ms by the set, in CPython).
tests/web/test_affordances.py checks on random games that these answers agree with
``legal_actions``.

>>> from engine import redwire
>>> game = redwire.new_game(mission=1, players=3, seed=7)
>>> aff = affordances(game, game.to_move)
>>> aff.decision, len(aff.token_tiles) > 0, aff.cut_targets
('setup_token', True, frozenset())
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from engine.redwire import Cut, GameState, IllegalActionError, RevealReds, SoloCut
from engine.redwire.actions import Action, PlaceToken
from engine.redwire.mechanisms import TOOLS
from engine.redwire.rules import is_pick_phase
from engine.redwire.turn import any_time_now, ignored
from engine.redwire.wires import RED, YELLOW, Colour, colour_of, cut_value

from .mechanisms import cards_now
from .mechanisms.base import legal

Tile = tuple[int, int]


@dataclass(frozen=True)
class Affordances:
    """What ``seat`` may do now (all empty when it has nothing to decide and no card to use)."""

    seat: int | None
    #: The decision the game waits for from this seat: a phase name, or None.
    decision: str | None = None
    #: Pick phases: the wires that may be chosen.
    picks: frozenset[Tile] = frozenset()
    #: Setup: the own wires that may take the info token.
    token_tiles: frozenset[Tile] = frozenset()
    #: Turn: teammates' wires a Dual Cut may point at.
    cut_targets: frozenset[Tile] = frozenset()
    #: Turn: those a detector may point at too (not the wires equipment ignores: X wires).
    tool_targets: frozenset[Tile] = frozenset()
    #: Values that may be announced (held, never red) and those detectors take (numbers only).
    values: tuple[int, ...] = ()
    detector_values: tuple[int, ...] = ()
    #: Detectors usable now, by the engine's tool names ("double", "triple", "super").
    tools: tuple[str, ...] = ()
    #: Two values may be announced (a mechanism lets the Dual Cut say "X or Y").
    xy: bool = False
    solo: tuple[int, ...] = ()
    reveal: bool = False
    #: Equipment cards usable now, by number, with their choices (each card's ``afford``: see
    #: fusebox_web.redwire.mechanisms): the "any time" ones, and the turn ones on one's turn;
    #: a mission's own actions too, by name.
    cards: dict[int | str, Any] = field(default_factory=dict)

    @property
    def acts(self) -> bool:
        """True when the seat has anything to do at all."""
        return self.decision is not None or bool(self.cards)


def refusal(state: GameState, action: Action) -> IllegalActionError | None:
    """The engine's refusal of ``action`` (its reason code and params), or None if legal."""
    try:
        state.check(action)
    except IllegalActionError as error:
        return error
    return None


def own_tiles(state: GameState, seat: int) -> list[tuple[int, int, int]]:
    """(stand, slot, code) of the seat's uncut wires: its own hand, which the seat may see."""
    return state.hand(seat)


def held_values(state: GameState, seat: int) -> tuple[int, ...]:
    """Values the seat may announce: numbers it holds, then yellow; never red."""
    held = {cut_value(code) for _, _, code in own_tiles(state, seat)} - {RED}
    numbers = sorted(v for v in held if v != YELLOW)
    return (*numbers, *((YELLOW,) if YELLOW in held else ()))


def teammate_tiles(state: GameState, seat: int, equipment: bool = False) -> dict[int, list[Tile]]:
    """Uncut wires of every other seat (public: which slots are cut), by stand; ``equipment``:
    only those equipment may point at (not the wires every equipment effect ignores)."""
    skip = ignored(state) if equipment else frozenset()
    out: dict[int, list[Tile]] = {}
    for stand, owner in enumerate(state.owners):
        if owner != seat:
            out[stand] = [
                (stand, slot)
                for slot, _ in state.uncut(stand)
                if state.stands[stand][slot] not in skip
            ]
    return out


def affordances(state: GameState, seat: int | None) -> Affordances:
    if seat is None or state.is_over:
        return Affordances(seat)
    phase = state.phase.value
    cards = _any_time(state, seat)
    if state.to_move != seat:
        return Affordances(seat, cards=cards)
    if is_pick_phase(state.phase):
        return Affordances(seat, phase, picks=frozenset(state.pending.options), cards=cards)
    if phase == "setup_token":
        tiles = frozenset(
            (st, sl)
            for st, sl, _ in own_tiles(state, seat)
            if legal(state, PlaceToken(seat, st, sl))
        )
        return Affordances(seat, phase, token_tiles=tiles, cards=cards)
    if phase != "turn":  # a mechanism's own decision (who plays next...): its buttons answer it
        return Affordances(seat, phase, cards=cards)
    return _turn(state, seat, cards)


def _turn(state: GameState, seat: int, cards: dict[int | str, Any]) -> Affordances:
    if legal(state, RevealReds(seat)):
        return Affordances(seat, "turn", reveal=True, cards=cards)
    cards = {**cards, **cards_now(state, seat, own_turn=True)}
    values = tuple(v for v in held_values(state, seat) if legal_value(state, seat, v))
    numbers = tuple(v for v in values if v != YELLOW)
    probe = values[0] if values else None
    by_stand = teammate_tiles(state, seat)
    targets: frozenset[Tile] = frozenset()
    if probe is not None:
        targets = frozenset(
            t
            for tiles in by_stand.values()
            for t in tiles
            if legal(state, Cut(seat, (t,), (probe,)))
        )
    tools = tuple(tool for tool in TOOLS if _tool_ok(state, seat, tool, numbers))
    skip = ignored(state)
    tool_targets = frozenset(t for t in targets if state.stands[t[0]][t[1]] not in skip)
    xy = len(values) >= 2 and any(
        legal(state, Cut(seat, (t,), values[:2])) for t in sorted(targets)[:1]
    )
    solo = tuple(v for v in held_values(state, seat) if legal(state, SoloCut(seat, v)))
    return Affordances(
        seat,
        "turn",
        cut_targets=targets,
        tool_targets=tool_targets if tools else frozenset(),
        values=values,
        detector_values=numbers,
        tools=tools,
        xy=xy,
        solo=solo,
        cards=dict(sorted(cards.items(), key=lambda item: str(item[0]).zfill(3))),
    )


def legal_value(state: GameState, seat: int, value: int) -> bool:
    """Whether ``value`` may be announced in a single-wire Dual Cut (on some teammate wire: not
    only the first, which a rule may forbid to aim at, as constraint card H a wire with a token)."""
    return any(
        legal(state, Cut(seat, (tile,), (value,)))
        for tiles in teammate_tiles(state, seat).values()
        for tile in tiles
    )


def _tool_ok(state: GameState, seat: int, tool: str, numbers: tuple[int, ...]) -> bool:
    """Whether the detector can be used: tried on the groups of wires it could point at until
    one is legal (a rule may forbid aiming at some wires: constraint card H)."""
    if not numbers:
        return False
    return any(
        legal(state, Cut(seat, group, (numbers[0],), tool))
        for group in tool_groups(state, seat, tool)
    )


def tool_groups(state: GameState, seat: int, tool: str) -> Iterable[tuple[Tile, ...]]:
    """The wire groups a detector may point at, lazily (the first legal one is enough to know it
    is usable; a rule may forbid some wires, as constraint card H those with a token)."""
    per_stand = state.setup.options.detector_scope == "stand"
    wires = TOOLS[tool].wires  # None: a whole stand
    by_owner: dict[int, list[Tile]] = {}
    for stand, tiles in teammate_tiles(state, seat, equipment=True).items():
        key = stand if (per_stand or wires is None) else state.owners[stand]
        by_owner.setdefault(key, []).extend(tiles)
    for tiles in by_owner.values():
        if wires is None:
            if tiles:
                yield tuple(tiles)
        elif len(tiles) >= wires:
            yield from combinations(tiles, wires)


def _any_time(state: GameState, seat: int) -> dict[int | str, Any]:
    """The usable "any time" cards and their choices; empty outside turns and setup."""
    if not any_time_now(state):
        return {}
    return cards_now(state, seat, own_turn=False)


def own_colour(state: GameState, tile: Tile) -> Colour:
    return colour_of(state.code_at(*tile))
