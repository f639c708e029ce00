"""Values the bots share: solvers kept between decisions, plan and hand values.

Solvers are pure functions of their objective, so one cache serves every bot of the process (it
changes no choice, only how fast it comes). Hand values use the flight solver without tokens: the
expected gain of the best plan a hand can fly now, then of the next plans, with falling weights.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable, Sequence
from itertools import combinations, product

from ..cards import PLAN_BY_ID, PLANS
from ..odds import objective_for, roll_odds
from ..solver import Objective, Position, Solver
from .view import CardView, View, plan_after, spec

TOKEN_VALUE = 1.5
_SOLVERS: OrderedDict[tuple[Objective, bool], Solver] = OrderedDict()
_CACHE_SIZE = 96


def solver(objective: Objective, seventh_any_time: bool = True) -> Solver:
    """A solver for this objective, kept for the next questions (least recently used first out)."""
    key = (objective, seventh_any_time)
    found = _SOLVERS.get(key)
    if found is not None:
        _SOLVERS.move_to_end(key)
        return found
    made = Solver(objective, seventh_any_time=seventh_any_time)
    _SOLVERS[key] = made
    if len(_SOLVERS) > _CACHE_SIZE:
        _SOLVERS.popitem(last=False)
    return made


def plan_value(
    view: View,
    plan: str,
    cards: Sequence[CardView],
    tokens: int = 0,
    token_value: float = TOKEN_VALUE,
) -> float:
    """Expected gain of flying ``cards`` on ``plan`` now (main-track points, plus tokens won or
    spent at ``token_value``), from six dice and ``tokens`` tokens."""
    objective = objective_for(view.obs, view.seat, plan, token_value=token_value)
    seventh_any = view.options["seventh_die_timing"] == "any"
    position = Position(tuple(spec(c) for c in cards), pool=6, tokens=tokens)
    return float(solver(objective, seventh_any).value(position)) - tokens * token_value


def plan_options(view: View, hand: Sequence[CardView]) -> Iterable[tuple[str, list[CardView]]]:
    """(plan, cards it would fly) for every declaration a hand allows: three cards of the plan's
    colours, or (from round 2) one harder card on a full plan."""
    for plan in PLANS:
        if view.locked(plan.id):
            continue
        by_color = [[c for c in hand if c["color"] == color] for color in plan.colors]
        for combo in product(*by_color):
            yield plan.id, list(combo)
        current = view.plan_cards(plan.id)
        if current and view.round >= 2:
            for index, cards in enumerate(by_color):
                for c in cards:
                    if c["difficulty"] > current[index]["difficulty"]:
                        yield plan.id, plan_after(view, plan.id, [c])


_WEIGHTS = (1.0, 0.45, 0.2, 0.1)


def hand_value(view: View, hand: Sequence[CardView]) -> float:
    """What a hand promises: the best declaration's value, then the best of other plans with
    falling weights (a hand that can fly two plans well is worth more than one)."""
    best: dict[str, float] = {}
    for plan, cards in plan_options(view, hand):
        if len(cards) == 3:
            value = plan_value(view, plan, cards)
            if value > best.get(plan, -1.0):
                best[plan] = value
    ranked = sorted(best.values(), reverse=True)
    return sum(w * v for w, v in zip(_WEIGHTS, ranked, strict=False))


def best_declaration_value(view: View, hand: Sequence[CardView]) -> float:
    return max((plan_value(view, p, cards) for p, cards in plan_options(view, hand)), default=0.0)


def free_quality(cards: Sequence[CardView]) -> tuple[float, int]:
    """A quick estimate of a free flight's chance (each card reached by one roll, the card most
    likely hit exactly highlighted) and the index of that card."""
    chance = 1.0
    ratios = []
    for card in cards:
        odds = roll_odds(card["difficulty"])
        chance *= float(odds.reach)
        ratios.append(float(odds.exact) / float(odds.reach) if odds.reach else 0.0)
    dice = sum(-(-c["difficulty"] // 6) for c in cards)
    chance *= 0.85 ** max(0, dice - 4)
    best = max(range(len(cards)), key=lambda i: (ratios[i], -i))
    return chance * ratios[best], best


def free_subsets(hand: Sequence[CardView]) -> list[list[CardView]]:
    """Every legal free flight of a hand (spec §9.1)."""
    out = []
    for size in range(3, min(6, len(hand)) + 1):
        for combo in combinations(hand, size):
            total = sum(c["difficulty"] for c in combo)
            dice = sum(-(-c["difficulty"] // 6) for c in combo)
            if total >= 25 and dice <= 6:
                out.append(list(combo))
    return out


def free_hand_value(hand: Sequence[CardView]) -> float:
    """The best quick free-flight chance a hand allows (0 when none is legal)."""
    return max((free_quality(s)[0] for s in free_subsets(hand)), default=0.0)


def color_need(view: View, hand: Sequence[CardView]) -> dict[str, float]:
    """How much each colour is missing from the hand, for the plans still worth flying."""
    need = {"red": 0.0, "blue": 0.0, "green": 0.0, "yellow": 0.0}
    for plan in PLANS:
        if view.locked(plan.id):
            continue
        weight = 1.0 if view.my_best(plan.id) is None else 0.5
        for color in PLAN_BY_ID[plan.id].colors:
            if not any(c["color"] == color for c in hand):
                need[color] += weight
    return need
