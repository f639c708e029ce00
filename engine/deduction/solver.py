"""Entry points: ``solve`` a position, or only ``count_worlds``.

The method (see ``plan`` for the state, ``passes`` for the loops): a dynamic programme over the
codes in increasing order whose state is how far each stand is filled. Because a stand is sorted,
the tiles of one code always take the next free slots of a stand; the windows derived from the known
slots say how far each stand may be filled after each code, which keeps the state space small. A
world's weight is  prod_code copies! / prod_stand count!  (counting the known slots too), the number
of physical deals that produce it, so the DP works with exact integers. The forward pass gives the
total; a backward pass gives every run's (hence every slot's) marginal and the tables that draw exact
random worlds.

>>> from engine.deduction import Pool, Position, Stand, SlotIn
>>> pos = Position(Pool(((1, 2), (2, 1))), (Stand(0, (None, None)), Stand(1, (None,))))
>>> count_worlds(pos), count_worlds(pos.with_facts(SlotIn((0, 1), [20])))
(3, 2)
"""

from __future__ import annotations

from engine.deduction.normalize import normalize
from engine.deduction.passes import backward, forward
from engine.deduction.plan import Plan, build_plan
from engine.deduction.position import Position
from engine.deduction.solution import Solution


def plan_for(position: Position) -> Plan:
    """The DP plan of a position (normalised first)."""
    return build_plan(normalize(position))


def count_worlds(position: Position) -> int:
    """The number of physical deals consistent with ``position`` (forward pass only)."""
    plan = plan_for(position)
    if not plan.feasible:
        return 0
    return forward(plan)[-1].get(plan.final, 0) * plan.factor


def solve(position: Position, *, marginals: bool = True, sampling: bool = True) -> Solution:
    """Solve ``position`` exactly: total weight, slot marginals and/or world sampling tables."""
    plan = plan_for(position)
    if not plan.feasible:
        return Solution(position, plan, 0, [0] * len(plan.runs), [{}])
    layers = forward(plan)
    dp_total = layers[-1].get(plan.final, 0)
    if not dp_total or not (marginals or sampling):
        return Solution(position, plan, dp_total, None, None)
    runs = [0] * len(plan.runs) if marginals else None
    completions = backward(plan, layers, runs)
    return Solution(position, plan, dp_total, runs, completions if sampling else None)
