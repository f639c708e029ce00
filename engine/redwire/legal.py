"""Enumerating legal actions.

The invariant that ties the API together (tested on random games): an action is accepted by
:meth:`GameState.apply` exactly when it is in :func:`legal_actions`. Everything here reads only
what the seat may know (its own wires and public facts), so the list itself leaks nothing.

The order is stable and part of the contract (seeded bots choose by position): the pending
pick's options; the setup tokens; on a turn the Dual Cuts (per teammate: one wire with each
value, then with each group of values a mechanism lets it announce; the detectors pointing at
groups of wires, then those pointing at whole stands), the Solo Cuts, the mechanisms' turn
actions; last the mechanisms' "any time" actions. Mechanisms come in the order of
:func:`engine.redwire.mechanisms.in_play`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import combinations

from .actions import Action, Cut, Pick, PlaceToken, RevealReds, SoloCut
from .mechanisms.base import announce_bound, listing_filters
from .model import Phase, Table
from .rules import is_pick_phase, solo_allowed
from .turn import any_time_now, ignored, must_reveal
from .wires import RED, YELLOW, Colour, colour_of


def legal_actions(s: Table, seat: int, *, bounded: bool = True) -> list[Action]:
    """``seat``'s legal actions on ``s``. ``bounded`` False builds the cuts of every value the
    seat holds before the filters, ignoring the mechanisms' ``announce_bound`` (the same list:
    the tests compare the two)."""
    if s.result is not None or not 0 <= seat < s.players:
        return []
    phase = s.pending.phase
    if is_pick_phase(phase):
        if seat != s.pending.seat:
            return []
        return [Pick(seat, stand, slot) for stand, slot in s.pending.options]
    actions: list[Action] = []
    if phase is Phase.SETUP_TOKEN and seat == s.pending.seat:
        actions.extend(_setup_tokens(s, seat))
    if phase is Phase.TURN and seat == s.active:
        actions.extend(_turn_actions(s, seat, bounded))
    if any_time_now(s):
        for mechanism in s.mechanisms:
            for spec in mechanism.actions:
                if spec.timing == "any_time":
                    actions.extend(spec.legal(s, seat))
    # Each filter computes what it needs once for the whole listing (not once per action).
    for allowed in listing_filters(s):
        actions = [a for a in actions if allowed(a)]
    return actions


def _setup_tokens(s: Table, seat: int) -> Iterator[Action]:
    for stand, slot, code in s.hand(seat):
        if colour_of(code) is Colour.BLUE:
            yield PlaceToken(seat, stand, slot)


def _turn_actions(s: Table, seat: int, bounded: bool = True) -> Iterator[Action]:
    if must_reveal(s, seat):
        yield RevealReds(seat)
        for mechanism in s.mechanisms:
            for spec in mechanism.actions:
                if spec.timing == "turn" and spec.with_only_reds:
                    yield from spec.legal(s, seat)
        return
    values = sorted(s.held_values(seat) - {RED})
    # The values the mechanisms let this seat announce at all: a cut or a Solo Cut of any other
    # would be refused by their filters, so it is not built (the order of the rest is kept).
    bound = announce_bound(s, seat) if bounded else None
    if bound is not None:
        values = [v for v in values if bound(v)]
    numbers = [v for v in values if v != YELLOW]
    counts = {a.count for m in s.mechanisms for a in m.announcers if a.ready(s, seat)}
    groups_of_values: list[tuple[int, ...]] = []
    for count in sorted(counts):  # the card and a character's own ray announce alike
        groups_of_values += combinations(values, count)
    # Detectors announce numbers only.
    announce: list[tuple[int, ...]] = [(v,) for v in numbers]
    announce += [g for g in groups_of_values if YELLOW not in g]
    tools = [t for m in s.mechanisms for t in m.tools if t.ready(s, seat)]
    group_tools = [t for t in tools if t.wires is not None]
    stand_tools = [t for t in tools if t.wires is None]
    per_stand = s.setup.options.detector_scope == "stand"
    for teammate in range(s.players):
        if teammate == seat:
            continue
        stands = s.seat_stands[teammate]
        wires = [(st, slot) for st in stands for slot, _ in s.uncut(st)]
        for target in wires:
            for value in values:
                yield Cut.ordered(seat, (target,), (value,))
            for group in groups_of_values:
                yield Cut.ordered(seat, (target,), group)
        groups = [[w for w in wires if w[0] == st] for st in stands] if per_stand else [wires]
        for group_of_wires in groups:
            for tool in group_tools:
                assert tool.wires is not None
                yield from _detector(
                    seat, combinations(group_of_wires, tool.wires), announce, tool.name
                )
        skip = ignored(s) if stand_tools else frozenset()
        for tool in stand_tools:
            for st in stands:
                every = tuple(
                    (st, slot) for slot, _ in s.uncut(st) if s.stands[st][slot] not in skip
                )
                if every:
                    yield from _detector(seat, [every], announce, tool.name)
    for value in values:
        if solo_allowed(s, seat, value):
            yield SoloCut(seat, value)
    for mechanism in s.mechanisms:
        for spec in mechanism.actions:
            if spec.timing == "turn":
                yield from spec.legal(s, seat)


def _detector(
    seat: int,
    groups: Iterable[tuple[tuple[int, int], ...]],
    announce: list[tuple[int, ...]],
    tool: str,
) -> Iterator[Action]:
    for group in groups:
        for values in announce:
            yield Cut.ordered(seat, group, values, tool)
