"""Enumerating legal actions.

The invariant that ties the API together (tested on random games): an action is accepted by
:meth:`GameState.apply` exactly when it is in :func:`legal_actions`. Everything here reads only
what the seat may know (its own hand and public facts), so the list itself leaks nothing.
"""

from __future__ import annotations

from itertools import combinations, product

from .actions import (
    Action,
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
from .cards import DECKS, PLANS
from .dice import subsets
from .rules import (
    LOCK_SCORE,
    assignments,
    free_plan_problem,
    seventh_available,
    stop_allowed,
)
from .state import GameState, Phase, Status


def legal_actions(s: GameState, seat: int) -> list[Action]:
    if s.result is not None or seat != s.pending.seat:
        return []
    phase = s.pending.phase
    draws: list[Action] = [Draw(seat, deck) for deck in DECKS if s.can_draw(deck)]
    if phase is Phase.TURN:
        out = list(draws)
        if s.setup.options.allow_pass:
            out.append(EndDraw(seat))
        if s.status[seat] is Status.NORMAL:
            out.extend(declarations(s, seat))
        elif s.status[seat] is Status.FREE:
            out.extend(free_flights(s, seat))
        return out
    if phase is Phase.DRAW:
        return [*draws, EndDraw(seat)]
    if phase is Phase.REFILL:
        return draws
    if phase is Phase.DISCARD:
        return [Discard(seat, combo) for combo in combinations(sorted(s.hands[seat]), s.drawn)]
    if phase is Phase.HIGHLIGHT:
        return [Highlight(seat, card) for card in s.free_plans[seat] or ()]
    return _flight_actions(s, seat, phase)


def _flight_actions(s: GameState, seat: int, phase: Phase) -> list[Action]:
    flight = s.flight
    assert flight is not None
    out: list[Action] = []
    if phase is Phase.PRE_ROLL and flight.pool > 0:
        out.append(Roll(seat))
    if phase is Phase.ROLLED:
        assert flight.roll is not None
        out.extend(assignments(s))
        if s.tokens[seat] > 0:
            out.extend(Reroll(seat, dice) for dice in subsets(flight.roll))
    if seventh_available(s):
        out.append(SeventhDie(seat))
    if stop_allowed(s):
        out.append(Stop(seat))
    return out


def declarations(s: GameState, seat: int) -> list[Action]:
    """Every plan ``seat`` may lay cards on and fly: three cards, a one-card upgrade, or (with
    the fly_existing option) none."""
    hand = sorted(s.hands[seat], key=lambda c: (s.card[c].difficulty, c))
    out: list[Action] = []
    for plan in PLANS:
        best = s.best[plan.id][seat]
        if best is not None and best >= LOCK_SCORE:
            continue
        by_color = [[c for c in hand if s.card[c].color == color] for color in plan.colors]
        out.extend(Declare(seat, plan.id, combo) for combo in product(*by_color))
        on_plan = s.plans[plan.id]
        if on_plan and s.round >= 2:
            for index, _color in enumerate(plan.colors):
                old = s.card[on_plan[index]].difficulty
                out.extend(
                    Declare(seat, plan.id, (c,))
                    for c in by_color[index]
                    if s.card[c].difficulty > old
                )
        if on_plan and s.setup.options.fly_existing:
            out.append(Declare(seat, plan.id, ()))
    return out


def free_flights(s: GameState, seat: int) -> list[Action]:
    """Every legal free flight from ``seat``'s hand (3 to 6 cards, spec §9.1)."""
    hand = sorted(s.hands[seat])
    return [
        DeclareFree(seat, combo)
        for size in range(3, min(6, len(hand)) + 1)
        for combo in combinations(hand, size)
        if free_plan_problem(s, combo) is None
    ]
