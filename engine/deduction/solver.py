"""Entry points: ``solve`` a position, or only ``count_worlds``.

The method (``plan`` describes the state, ``passes`` the loops): a dynamic programme over the codes
in increasing order whose state is how far each stand is filled. Because a stand is sorted, the
tiles of one code always take the next free slots of a stand; the fill levels each stand can have
(``levels``, derived from its known slots and allowed codes) keep the state space small. A world
weighs  prod_code copies! / prod_stand count!  (known slots counted too): the number of physical
deals that produce it, so the DP runs on exact integers. The forward pass gives the total; the
backward pass gives every stand's fill-level distribution before every code (hence every slot's
marginal) and the tables that draw exact random worlds.

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


def solve(position: Position) -> Solution:
    """Solve ``position`` exactly: total weight, slot marginals and world sampling tables."""
    plan = plan_for(position)
    if not plan.feasible:
        return Solution(position, plan, 0)
    layers = forward(plan)
    dp_total = layers[-1].get(plan.final, 0)
    if not dp_total:
        return Solution(position, plan, 0)
    completions, part_weights = backward(plan, layers)
    return Solution(position, plan, dp_total, completions, part_weights)
