"""``Solution``: the exact distribution of the hidden slots of a ``Position``.

Weights are exact integers. ``total`` is the number of physical deals consistent with the position:
the ways to hand the distinct tiles (of every allowed "k of m" choice) to the stands so that every
fact holds, a stand's order inside being forced by sorting. A probability is a weight over it.

>>> from engine.deduction import Pool, Position, Stand, solve
>>> pos = Position(Pool(((1, 2), (2, 1))), (Stand(0, (None, None)), Stand(1, (None,))))
>>> sol = solve(pos)                    # deck {1, 1, 2}: A holds two tiles, B one
>>> sol.total, sol.probability((1, 0), [2])  # P(A = {1, 1}) = P(B holds the 2) = 1/3
(3, Fraction(1, 3))
"""

from __future__ import annotations

from fractions import Fraction
from random import Random

from engine.deduction.codes import class_of
from engine.deduction.facts import SlotRef
from engine.deduction.passes import Layer
from engine.deduction.plan import FILTER, Plan
from engine.deduction.position import Position


class Solution:
    """Marginals of every slot and exact world sampling; built by ``solve``."""

    def __init__(
        self,
        position: Position,
        plan: Plan,
        dp_total: int,
        run_weights: list[int] | None,
        completions: list[Layer] | None,
    ) -> None:
        self.position = position
        self.plan = plan
        #: Weight of all consistent worlds: the number of consistent physical deals.
        self.total = dp_total * plan.factor
        self._dp_total = dp_total
        self._run_weights = run_weights
        self._completions = completions
        self._slot_weights: dict[SlotRef, dict[int, int]] | None = None

    @property
    def feasible(self) -> bool:
        """False when no world fits the position (then every probability raises)."""
        return self.total > 0

    # ------------------------------------------------------------------ marginals

    def code_weights(self, slot: SlotRef) -> dict[int, int]:
        """Per code, the weight of the worlds where ``slot`` holds it (they sum to ``dp_total``)."""
        if self._slot_weights is None:
            self._slot_weights = self._all_slot_weights()
        return self._slot_weights.get(slot, {})

    @property
    def dp_total(self) -> int:
        """The total ``code_weights`` are relative to (``total`` without the forced factor)."""
        return self._dp_total

    def _all_slot_weights(self) -> dict[SlotRef, dict[int, int]]:
        if self._run_weights is None:
            raise ValueError("this solution was built without marginals")
        self._require_feasible()
        weights: dict[SlotRef, dict[int, int]] = {}
        for (stand, code, first, count), weight in zip(
            self.plan.runs, self._run_weights, strict=True
        ):
            if count and weight:
                for index in range(first, first + count):
                    per_code = weights.setdefault((stand, index), {})
                    per_code[code] = per_code.get(code, 0) + weight
        for stand, code, first, count in self.plan.forced:
            for index in range(first, first + count):
                weights[(stand, index)] = {code: self._dp_total}
        return weights

    def code_probabilities(self, slot: SlotRef) -> dict[int, Fraction]:
        """Exact probability of each possible code of ``slot``."""
        return {c: Fraction(w, self._dp_total) for c, w in sorted(self.code_weights(slot).items())}

    def class_weights(self, slot: SlotRef) -> dict[int, int]:
        """Per class (blue 1..12, YELLOW, RED), the weight of the worlds where ``slot`` has it."""
        result: dict[int, int] = {}
        for code, weight in self.code_weights(slot).items():
            cls = class_of(code)
            result[cls] = result.get(cls, 0) + weight
        return result

    def class_probabilities(self, slot: SlotRef) -> dict[int, Fraction]:
        """Exact probability of each possible class of ``slot``."""
        return {c: Fraction(w, self._dp_total) for c, w in sorted(self.class_weights(slot).items())}

    def class_probabilities_float(self, slot: SlotRef) -> dict[int, float]:
        """Like ``class_probabilities``, as floats (correctly rounded)."""
        return {c: w / self._dp_total for c, w in sorted(self.class_weights(slot).items())}

    def probability(self, slot: SlotRef, classes: list[int] | tuple[int, ...]) -> Fraction:
        """Exact probability that ``slot``'s class is one of ``classes``."""
        wanted = set(classes)
        weight = sum(w for c, w in self.code_weights(slot).items() if class_of(c) in wanted)
        return Fraction(weight, self._dp_total)

    def run_weights(self, stand: int) -> dict[tuple[int, int, int], int]:
        """Per ``(code, first slot, count)`` the weight of the worlds where ``stand`` holds exactly
        ``count`` tiles of ``code``, from ``first`` on (count > 0 only, forced runs included)."""
        if self._run_weights is None:
            raise ValueError("this solution was built without marginals")
        result: dict[tuple[int, int, int], int] = {}
        for (s, code, first, count), weight in zip(self.plan.runs, self._run_weights, strict=True):
            if s == stand and count and weight:
                result[(code, first, count)] = weight
        for s, code, first, count in self.plan.forced:
            if s == stand:
                result[(code, first, count)] = self._dp_total
        return result

    def _require_feasible(self) -> None:
        if not self.feasible:
            raise ValueError("no world is consistent with this position")

    # ------------------------------------------------------------------ sampling

    def sample(self, rng: Random) -> tuple[tuple[int, ...], ...]:
        """One world drawn with its exact probability: every stand's codes, left to right.

        >>> from engine.deduction import Pool, Position, Stand, solve
        >>> pos = Position(Pool(((1, 2), (2, 1))), (Stand(0, (None, None)), Stand(1, (None,))))
        >>> solve(pos).sample(Random(1)) in {((10, 10), (20,)), ((10, 20), (10,))}
        True
        """
        if self._completions is None:
            raise ValueError("this solution was built without sampling tables")
        self._require_feasible()
        plan = self.plan
        stands = [list(stand.slots) for stand in self.position.stands]
        for stand, code, first, count in plan.forced:
            stands[stand][first : first + count] = [code] * count
        rmask = (1 << plan.rbits) - 1
        state = plan.initial
        for k, step in enumerate(plan.steps):
            if step.kind == FILTER:
                state -= step.bits
                continue
            after = self._completions[k + 1]
            options = step.table[
                (((state >> step.shift) & step.mask) << plan.rbits) | (state & rmask)
            ]
            pick = rng.randrange(self._completions[k][state])
            for delta, mult, ors, run in options:
                target = (state + delta) | ors
                pick -= mult * after.get(target, 0)
                if pick < 0:
                    state = target
                    stand, code, first, count = plan.runs[run]
                    if count:
                        stands[stand][first : first + count] = [code] * count
                    break
        return tuple(tuple(c for c in stand if c is not None) for stand in stands)
