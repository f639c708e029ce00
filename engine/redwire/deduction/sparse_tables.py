"""Fill-level weights and exact sampling from the sparse engine's passes (``plan``, ``passes``).

>>> from engine.redwire.deduction import Pool, Position, Stand
>>> from engine.redwire.deduction.normalize import normalize
>>> from engine.redwire.deduction.passes import backward, forward
>>> from engine.redwire.deduction.plan import build_plan
>>> pos = Position(Pool(((1, 2), (2, 1))), (Stand(0, (None, None)), Stand(1, (None,))))
>>> plan = build_plan(normalize(pos))
>>> layers = forward(plan)
>>> tables = SparseTables(plan, layers[-1][plan.final], *backward(plan, layers))
>>> tables.fill_weights(1, 1)                     # B holds a 1 in two deals of three
{0: 1, 1: 2}
"""

from __future__ import annotations

from random import Random

from engine.redwire.deduction.pairs import PairStep
from engine.redwire.deduction.passes import Layer, PartWeights, edges
from engine.redwire.deduction.plan import CodeStep, CountStep, FilterStep, Plan


class SparseTables:
    """What a ``Solution`` reads from the sparse passes: completions and part-key weights."""

    def __init__(
        self,
        plan: Plan,
        dp_total: int,
        completions: list[Layer],
        part_weights: dict[int, PartWeights],
    ) -> None:
        self.plan = plan
        self.dp_total = dp_total
        self._completions = completions
        self._part_weights = part_weights

    def fill_weights(self, stand: int, t: int) -> dict[int, int]:
        """The weight of each fill level of ``stand`` before code number ``t``."""
        plan = self.plan
        levels = plan.levels[stand]
        _, offset_mask = plan.fields[stand]
        while True:
            if len(levels[t]) == 1:
                return {levels[t][0]: self.dp_total}
            found = plan.where[stand].get(t)
            if found is not None:
                k, p, place = found
                step = plan.steps[k]
                assert isinstance(step, CodeStep)
                part = step.parts[p]
                low = levels[t][0]
                result: dict[int, int] = {}
                for key, weight in self._part_weights[k][p].items():
                    field = key & part.mask1 if place == 0 else key >> part.width1
                    level = low + (field & offset_mask)
                    result[level] = result.get(level, 0) + weight
                return result
            t += 1  # idle at this code: the level does not move

    def sample(self, rng: Random) -> list[tuple[int, ...]]:
        """Every stand's codes in one world drawn with its exact probability (walk order)."""
        plan = self.plan
        state = plan.initial
        states: dict[int, int] = {}  # code index -> state before its step
        for k, step in enumerate(plan.steps):
            if isinstance(step, FilterStep):
                state -= step.bits
                continue
            if isinstance(step, CountStep):
                state -= ((state >> step.shift) & step.mask) << step.shift
                continue
            if isinstance(step, PairStep):
                found = step.apply(state)
                assert found is not None  # a sampled state completes
                state = found
                continue
            states[step.index] = state
            state = self._draw(step, state, self._completions[k], self._completions[k + 1], rng)
        return [self._stand_codes(stand, size, states) for stand, size in enumerate(plan.sizes)]

    @staticmethod
    def _draw(step: CodeStep, state: int, here: Layer, after: Layer, rng: Random) -> int:
        """The next state, drawn in proportion to multiplier * completions."""
        pick = rng.randrange(here[state])
        counter = (state >> step.counter_shift) & step.counter_mask
        for choice in step.choices:
            if choice.ok is not None and not choice.ok[counter]:
                continue
            for target, mult in edges(step, state, choice.q, choice.extra):
                pick -= mult * after.get(target, 0)
                if pick < 0:
                    return target
        raise AssertionError("completion weights do not add up")

    def _stand_codes(self, stand: int, size: int, states: dict[int, int]) -> tuple[int, ...]:
        """Rebuild a stand from the sampled states: its level before and after every code."""
        plan = self.plan
        levels = plan.levels[stand]
        shift, mask = plan.fields[stand]
        codes: list[int] = []

        def level(t: int) -> int:
            while len(levels[t]) > 1 and t not in states:
                t += 1  # idle at code t: same level as before the next code
            if len(levels[t]) == 1:
                return levels[t][0]
            return levels[t][0] + ((states[t] >> shift) & mask)

        previous = 0
        for t, code in enumerate(plan.universe):
            current = level(t + 1)
            codes += [code] * (current - previous)
            previous = current
        assert len(codes) == size
        return tuple(codes)
