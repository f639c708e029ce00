"""Enumerating legal actions.

The invariant that ties the API together (tested on random games): an action is accepted by
:meth:`GameState.apply` exactly when it is in :func:`legal_actions`. Everything here reads only
what the seat may know (its own wires and public facts), so the list itself leaks nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import combinations

from .actions import (
    Action,
    Batteries,
    CoffeeMug,
    Cut,
    Label,
    Pick,
    PlaceToken,
    PostIt,
    Radar,
    RevealReds,
    Rewind,
    SoloCut,
    Stabilize,
    Tool,
    Walkie,
)
from .rules import PICK_PHASES, must_reveal, solo_allowed
from .state import GameState, Phase
from .wires import BLUE_VALUES, RED, YELLOW, Colour, colour_of, cut_value


def legal_actions(s: GameState, seat: int) -> list[Action]:
    if s.result is not None or not 0 <= seat < s.players:
        return []
    phase = s.pending.phase
    if phase in PICK_PHASES:
        if seat != s.pending.seat:
            return []
        return [Pick(seat, stand, slot) for stand, slot in s.pending.options]
    actions: list[Action] = []
    if phase is Phase.SETUP_TOKEN and seat == s.pending.seat:
        actions.extend(_setup_tokens(s, seat))
    if phase is Phase.TURN and seat == s.active:
        actions.extend(_turn_actions(s, seat))
    actions.extend(_any_time(s, seat))
    return actions


def _setup_tokens(s: GameState, seat: int) -> Iterator[Action]:
    for stand, slot, code in s.hand(seat):
        if colour_of(code) is Colour.BLUE:
            yield PlaceToken(seat, stand, slot)


def _turn_actions(s: GameState, seat: int) -> Iterator[Action]:
    if must_reveal(s, seat):
        yield RevealReds(seat)
        return
    values = sorted(s.held_values(seat) - {RED})
    numbers = [v for v in values if v != YELLOW]
    xy = s.equipment_state(10) == "usable"
    pairs = list(combinations(values, 2)) if xy else []
    number_pairs = list(combinations(numbers, 2)) if xy else []
    announce: list[tuple[int, ...]] = [(v,) for v in numbers]
    announce += number_pairs
    per_stand = s.setup.options.detector_scope == "stand"
    for teammate in range(s.players):
        if teammate == seat:
            continue
        stands = s.seat_stands[teammate]
        wires = [(st, slot) for st in stands for slot, _ in s.uncut(st)]
        for target in wires:
            for value in values:
                yield Cut.ordered(seat, (target,), (value,))
            for pair in pairs:
                yield Cut.ordered(seat, (target,), pair)
        groups = [[w for w in wires if w[0] == st] for st in stands] if per_stand else [wires]
        for group in groups:
            if not s.characters_used[seat]:
                yield from _detector(seat, combinations(group, 2), announce, "double")
            if s.equipment_state(3) == "usable":
                yield from _detector(seat, combinations(group, 3), announce, "triple")
        if s.equipment_state(5) == "usable":
            for st in stands:
                every = tuple((st, slot) for slot, _ in s.uncut(st))
                if every:
                    yield from _detector(seat, [every], announce, "super")
    for value in values:
        if solo_allowed(s, seat, value):
            yield SoloCut(seat, value)
    if s.equipment_state(9) == "usable" and not s.stabilized:
        yield Stabilize(seat)
    if s.equipment_state(11) == "usable":
        for other in range(s.players):
            if other != seat and s.has_wires(other):
                yield CoffeeMug(seat, other)


def _detector(
    seat: int,
    groups: Iterable[tuple[tuple[int, int], ...]],
    announce: list[tuple[int, ...]],
    tool: Tool,
) -> Iterator[Action]:
    for group in groups:
        for values in announce:
            yield Cut.ordered(seat, group, values, tool)


def _any_time(s: GameState, seat: int) -> Iterator[Action]:
    if s.pending.phase not in (Phase.TURN, Phase.SETUP_TOKEN):
        return
    usable = {card for card in s.equipment_used if s.equipment_state(card) == "usable"}
    if not usable:
        return
    own = s.seat_stands[seat]
    if 1 in usable or 12 in usable:
        for stand in own:
            ids = s.stands[stand]
            for slot in range(len(ids) - 1):
                left, right = ids[slot], ids[slot + 1]
                if s.cut[left] and s.cut[right]:
                    continue
                same = cut_value(s.codes[left]) == cut_value(s.codes[right])
                if same and 12 in usable:
                    yield Label(seat, 12, stand, slot)
                elif not same and 1 in usable:
                    yield Label(seat, 1, stand, slot)
    if 2 in usable:
        partners = [p for p in range(s.players) if p != seat and s.has_wires(p)]
        for stand, slot, _ in s.hand(seat):
            for partner in partners:
                yield Walkie(seat, stand, slot, partner)
    if 4 in usable:
        for stand, slot, code in s.hand(seat):
            if colour_of(code) is Colour.BLUE and s.stands[stand][slot] not in s.info:
                yield PostIt(seat, stand, slot)
    if 6 in usable:
        yield Rewind(seat)
    if 7 in usable:
        used = [p for p in range(s.players) if s.characters_used[p]]
        for size in (1, 2):
            for group in combinations(used, size):
                yield Batteries(seat, group)
    if 8 in usable:
        for value in BLUE_VALUES:
            yield Radar(seat, value)
