"""The forward and backward passes over a ``Plan`` (the hot loops of the solver).

``forward`` returns, before every step, the reachable states with the total weight of the partial
worlds that lead to them. ``backward`` returns, before every step, the weight of the completions of
each state that is both reachable and completable, and adds each run's share of the total weight
into ``runs`` (``sum F[state] * multiplier * B[next state]`` over the options that place it).

Weights are exact integers; the loops are written for CPython speed (locals, bound ``get``).
"""

from __future__ import annotations

from engine.deduction.plan import FILTER, Plan

Layer = dict[int, int]


def forward(plan: Plan) -> list[Layer]:
    """Forward weights: ``layers[k]`` holds the states before step ``k`` (``layers[-1]`` the end)."""
    rmask = (1 << plan.rbits) - 1
    rbits = plan.rbits
    layer: Layer = {plan.initial: 1}
    layers = [layer]
    for step in plan.steps:
        nxt: Layer = {}
        if step.kind == FILTER:
            bits = step.bits
            for state, weight in layer.items():
                if state & bits == bits:
                    nxt[state - bits] = weight
        else:
            get = nxt.get
            shift, mask, table = step.shift, step.mask, step.table
            if step.has_or:
                for state, weight in layer.items():
                    for delta, mult, ors, _ in table[
                        (((state >> shift) & mask) << rbits) | (state & rmask)
                    ]:
                        target = (state + delta) | ors
                        nxt[target] = get(target, 0) + weight * mult
            else:
                for state, weight in layer.items():
                    for delta, mult, _, _ in table[
                        (((state >> shift) & mask) << rbits) | (state & rmask)
                    ]:
                        target = state + delta
                        nxt[target] = get(target, 0) + weight * mult
        layer = nxt
        layers.append(layer)
    return layers


def backward(plan: Plan, layers: list[Layer], runs: list[int] | None) -> list[Layer]:
    """Backward weights for the states of ``layers``; fills ``runs`` (per run id) when given."""
    rmask = (1 << plan.rbits) - 1
    rbits = plan.rbits
    end = layers[-1].get(plan.final, 0)
    after: Layer = {plan.final: 1} if end else {}
    tables = [after]
    for k in range(len(plan.steps) - 1, -1, -1):
        step = plan.steps[k]
        before: Layer = {}
        get = after.get
        if step.kind == FILTER:
            bits = step.bits
            for state in layers[k]:
                if state & bits == bits:
                    found = get(state - bits)
                    if found:
                        before[state] = found
        else:
            shift, mask, table = step.shift, step.mask, step.table
            ors_used = step.has_or
            for state, weight in layers[k].items():
                total = 0
                for delta, mult, ors, run in table[
                    (((state >> shift) & mask) << rbits) | (state & rmask)
                ]:
                    found = get(((state + delta) | ors) if ors_used else state + delta)
                    if found:
                        part = found * mult
                        total += part
                        if run and runs is not None:
                            runs[run] += weight * part
                if total:
                    before[state] = total
        after = before
        tables.append(before)
    tables.reverse()
    return tables
