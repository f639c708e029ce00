"""Values the bots share: solvers kept between decisions, plan and hand values.

Solvers are pure functions of their objective, so one cache serves every bot of the process (it
changes no choice, only how fast it comes). A :class:`Planner` answers one decision's questions
about hands: the expected gain of every plan a hand can fly (by the flight solver, without
tokens), the best of them, and what one more card would bring.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable, Sequence
from itertools import combinations, product

from ..cards import PLAN_BY_ID, PLANS
from ..odds import objective_for, roll_odds
from ..solver import Objective, Position, Solver, Spec
from .view import CardView, View, plan_after, spec

TOKEN_VALUE = 1.5
_SOLVERS: OrderedDict[tuple[Objective, bool], Solver] = OrderedDict()
_CACHE_SIZE = 96
#: Weights of a hand's best plans, best first: a hand that can fly two plans well is worth more.
_WEIGHTS = (1.0, 0.45, 0.2, 0.1)


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


class Planner:
    """Plan values for one seat's decision (memoised for the decision's many questions).

    A declaration the seat can make now is valued with its exact objective (its score on the
    plan, the plan's record, the first-12 flag, the bonus supply); the hands it might hold after
    drawing are valued with a simpler one that knows only its own score on the plan: fewer
    objectives, so the values of those many hypothetical plans are found again from turn to turn
    (the flight solver's cache) instead of being solved anew each time the table changes.
    """

    def __init__(self, view: View, token_value: float = TOKEN_VALUE) -> None:
        self.view = view
        self.token_value = token_value
        self._any = view.options["seventh_die_timing"] == "any"
        self._solvers: dict[tuple[str, bool], Solver] = {}
        self._values: dict[tuple[str, tuple[Spec, ...], int, bool], float] = {}
        self.open_plans = [p.id for p in PLANS if not view.locked(p.id)]

    def solver_for(self, plan: str | None, *, simple: bool = False) -> Solver:
        key = (plan or "", simple)
        found = self._solvers.get(key)
        if found is None:
            view = self.view
            if simple and plan is not None:
                objective = Objective(
                    "plan", self.token_value, old=view.my_best(plan), first12_open=False
                )
            else:
                objective = objective_for(view.obs, view.seat, plan, token_value=self.token_value)
            found = self._solvers[key] = solver(objective, self._any)
        return found

    def value(
        self, plan: str, cards: Sequence[CardView], tokens: int = 0, *, simple: bool = False
    ) -> float:
        """Expected gain of flying ``cards`` on ``plan`` now: main-track points, plus tokens won
        or spent at their value, from six dice and ``tokens`` tokens (``simple``: with the
        objective of hypothetical hands, see the class)."""
        specs = tuple(sorted(spec(c) for c in cards))
        key = (plan, specs, tokens, simple)
        found = self._values.get(key)
        if found is None:
            position = Position(specs, pool=6, tokens=tokens)
            value = self.solver_for(plan, simple=simple).value(position)
            found = float(value) - tokens * self.token_value
            self._values[key] = found
        return found

    # ------------------------------------------------------------------ hands

    def options(self, hand: Sequence[CardView]) -> Iterable[tuple[str, list[CardView]]]:
        """(plan, cards it would fly) for every declaration a hand allows: three cards of the
        plan's colours, or (from round 2) one harder card on a full plan."""
        view = self.view
        for plan in self.open_plans:
            colors = PLAN_BY_ID[plan].colors
            by_color = [[c for c in hand if c["color"] == color] for color in colors]
            for combo in product(*by_color):
                yield plan, list(combo)
            current = view.plan_cards(plan)
            if current and view.round >= 2:
                for index, cards in enumerate(by_color):
                    for c in cards:
                        if c["difficulty"] > current[index]["difficulty"]:
                            yield plan, plan_after(view, plan, [c])

    def options_with(
        self, hand: Sequence[CardView], card: CardView
    ) -> Iterable[tuple[str, list[CardView]]]:
        """The declarations ``hand`` + ``card`` allows that use ``card``."""
        view = self.view
        for plan in self.open_plans:
            colors = PLAN_BY_ID[plan].colors
            if card["color"] not in colors:
                continue
            by_color = [
                [card] if color == card["color"] else [c for c in hand if c["color"] == color]
                for color in colors
            ]
            for combo in product(*by_color):
                yield plan, list(combo)
            current = view.plan_cards(plan)
            if current and view.round >= 2:
                index = colors.index(card["color"])
                if card["difficulty"] > current[index]["difficulty"]:
                    yield plan, plan_after(view, plan, [card])

    def per_plan(self, hand: Sequence[CardView]) -> dict[str, float]:
        """The best declaration value of a hand on each plan (plans it cannot fly are absent),
        with the objective of hypothetical hands."""
        best: dict[str, float] = {}
        for plan, cards in self.options(hand):
            value = self.value(plan, cards, simple=True)
            if value > best.get(plan, -1e9):
                best[plan] = value
        return best

    def best(self, hand: Sequence[CardView]) -> float:
        return max(self.per_plan(hand).values(), default=0.0)

    def hand_value(self, hand: Sequence[CardView]) -> float:
        """What a hand promises: its best plan, then the next ones with falling weights."""
        return weighted(self.per_plan(hand))

    def with_card(
        self, hand: Sequence[CardView], per_plan: dict[str, float], card: CardView
    ) -> dict[str, float]:
        """``per_plan`` of ``hand`` + ``card`` (only the declarations using the card are new)."""
        out = dict(per_plan)
        for plan, cards in self.options_with(hand, card):
            value = self.value(plan, cards, simple=True)
            if value > out.get(plan, -1e9):
                out[plan] = value
        return out

    def draw_outlook(self, hand: Sequence[CardView], deck: str, *, weigh: bool) -> float | None:
        """The expected hand after one more card of ``deck`` (each unseen card as likely):
        its best declaration (``weigh`` False) or its weighted value; None if nothing to draw."""
        view = self.view
        unseen = view.unseen(deck) or list(view.obs["decks"][deck]["discard"])
        if not unseen:
            return None
        base = self.per_plan(hand)
        groups: dict[tuple[str, Spec], list[CardView]] = {}
        for card in unseen:
            groups.setdefault((card["color"], spec(card)), []).append(card)
        total = 0.0
        for cards in groups.values():
            after = self.with_card(hand, base, cards[0])
            score = weighted(after) if weigh else max(after.values(), default=0.0)
            total += score * len(cards)
        return total / len(unseen)


def weighted(per_plan: dict[str, float]) -> float:
    ranked = sorted(per_plan.values(), reverse=True)
    return sum(w * v for w, v in zip(_WEIGHTS, ranked, strict=False))


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


def plan_options(view: View, hand: Sequence[CardView]) -> Iterable[tuple[str, list[CardView]]]:
    """Every declaration a hand allows (see :meth:`Planner.options`)."""
    return Planner(view).options(hand)
