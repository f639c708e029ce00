"""A brute-force expectimax of a flight, written straight from the rules, for checking the solver.

It knows none of the solver's shortcuts: it enumerates every ordered outcome of the dice, every
subset of rolled dice (by position) on every card, re-rolls of every subset of positions, the 7th
die at every moment the rules allow, and scores finished flights itself (spec §8, §9). Exact
fractions throughout. Slow: for small positions only.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import combinations, product

from engine.loop.solver import Spec

SIDES = range(1, 7)


def index_subsets(n: int) -> list[tuple[int, ...]]:
    return [c for size in range(1, n + 1) for c in combinations(range(n), size)]


class Reference:
    """The exact value of flight positions for one objective, by exhaustive search."""

    def __init__(
        self,
        kind: str,
        token_value: Fraction,
        *,
        old: int | None = None,
        table: int | None = None,
        first12_open: bool = True,
        record_own: bool = False,
        bonus: bool = True,
        worst: int = 0,
        seventh_any_time: bool = True,
    ) -> None:
        self.kind, self.token_value = kind, token_value
        self.old, self.table, self.first12_open = old, table, first12_open
        self.record_own, self.bonus, self.worst = record_own, bonus, worst
        self.seventh_any_time = seventh_any_time
        self.pre = cache(self._pre)
        self.rolled = cache(self._rolled)

    # ------------------------------------------------------------------ endings

    def landed(self, points: int, top: int, unused: int, tokens: int) -> Fraction:
        if self.kind == "free":
            score = points + unused + top
            return Fraction(max(0, score - self.worst)) + tokens * self.token_value
        score = points + unused
        if score < 8:
            return tokens * self.token_value
        gain = score if self.old is None else max(0, score - self.old)
        if self.record_own:
            record = self.old is not None and score > self.old
        else:
            record = self.table is not None and score > self.table
        earns = self.bonus and ((score >= 12 and self.first12_open) or record or score >= 20)
        return gain + (tokens + earns) * self.token_value

    def ended_early(self, done: int, left: int, tokens: int) -> Fraction:
        if self.kind == "free":
            return -2 + (tokens + (left == 1 and self.bonus)) * self.token_value
        return (tokens + (done == 2 and self.bonus)) * self.token_value

    # ------------------------------------------------------------------ positions

    def _pre(
        self,
        cards: tuple[Spec, ...],
        pool: int,
        points: int,
        top: int,
        done: int,
        tokens: int,
        seventh: bool,
    ) -> Fraction:
        if not cards:
            best = self.landed(points, top, pool, tokens)
            if self.seventh_any_time and seventh and tokens:
                best = max(best, self.landed(points, top, pool + 1, tokens - 1))
            return best
        options: list[Fraction] = []
        if pool:
            outcomes = list(product(SIDES, repeat=min(3, pool)))
            total = sum(
                (
                    self.rolled(cards, pool, points, top, done, tokens, seventh, tuple(sorted(o)))
                    for o in outcomes
                ),
                Fraction(0),
            )
            options.append(total / len(outcomes))
        if seventh and tokens:
            options.append(self.pre(cards, pool + 1, points, top, done, tokens - 1, False))
        if pool == 0 or (self.kind == "plan" and done == 2):
            options.append(self.ended_early(done, len(cards), tokens))
        if not options:
            return self.ended_early(done, len(cards), tokens)
        return max(options)

    def _rolled(
        self,
        cards: tuple[Spec, ...],
        pool: int,
        points: int,
        top: int,
        done: int,
        tokens: int,
        seventh: bool,
        roll: tuple[int, ...],
    ) -> Fraction:
        options: list[Fraction] = []
        placed = False
        for i, card in enumerate(cards):
            rest = cards[:i] + cards[i + 1 :]
            for chosen in index_subsets(len(roll)):
                total = sum(roll[j] for j in chosen)
                if total < card.difficulty or (card.highlighted and total != card.difficulty):
                    continue
                placed = True
                gained = card.exact if total == card.difficulty else card.over
                new_top = max(top, gained) if self.kind == "free" else 0
                options.append(
                    self.pre(
                        rest,
                        pool - len(chosen),
                        points + gained,
                        new_top,
                        done + 1,
                        tokens,
                        seventh,
                    )
                )
        if tokens:
            for again in index_subsets(len(roll)):
                outcomes = list(product(SIDES, repeat=len(again)))
                total = Fraction(0)
                for new in outcomes:
                    result = list(roll)
                    for j, value in zip(again, new, strict=True):
                        result[j] = value
                    total += self.rolled(
                        cards, pool, points, top, done, tokens - 1, seventh, tuple(sorted(result))
                    )
                options.append(total / len(outcomes))
            if self.seventh_any_time and seventh:
                options.append(
                    self.rolled(cards, pool + 1, points, top, done, tokens - 1, False, roll)
                )
        if not placed:
            options.append(self.ended_early(done, len(cards), tokens))
        return max(options)
