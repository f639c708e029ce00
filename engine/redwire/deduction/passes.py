"""The forward and backward passes over a ``Plan``: the hot loops of the sparse engine.

``forward`` gives, before every step, the reachable states with the total weight of the world
prefixes that lead to them. ``backward`` gives, before every step, the total weight of the
completions of each state that is both reachable and completable, and, per code step and part, the
weight ``sum F * B`` of each part key (from which every stand's fill-level distribution, hence every
slot's marginal, follows).

A code step shares its ``q`` copies among its parts. With one part the options are read directly;
with two, the first part's ``fronts[q]`` options (count cA) are joined with the second part's row
of count q - cA, without an intermediate layer (with three, through the second part's ``fronts``
of q - cA); more parts go through the generic ``edges``. Flags (needs across stands or codes) are
or-ed in as the options are joined: a delta never carries into them.

The loops are written for CPython speed: locals only, ``if key in d: d[key] += w`` (faster than
``d.get`` in 3.11+), and the options with multiplier 1 and no flag (most of them) kept in a plain
tuple of deltas so that they cost one addition and one dict update.
"""

from __future__ import annotations

from collections.abc import Iterable
from math import comb

from engine.redwire.deduction.pairs import PairStep
from engine.redwire.deduction.plan import CodeStep, CountStep, FilterStep, Plan

Layer = dict[int, int]
PartWeights = list[dict[int, int]]  # per part of a code step: part key -> sum of F * B


def forward(plan: Plan) -> list[Layer]:
    """``layers[k]``: the states before step ``k`` with their weights; ``layers[-1]``: the end."""
    layer: Layer = {plan.initial: 1}
    layers = [layer]
    for step in plan.steps:
        nxt: Layer = {}
        if isinstance(step, FilterStep):
            bits = step.bits
            for state, weight in layer.items():
                if state & bits == bits:
                    nxt[state - bits] = weight
        elif isinstance(step, CountStep):
            for state, weight in layer.items():
                count = (state >> step.shift) & step.mask
                if step.low <= count <= step.high:
                    key = state - (count << step.shift)
                    nxt[key] = nxt.get(key, 0) + weight
        elif isinstance(step, PairStep):
            apply = step.apply
            for state, weight in layer.items():
                moved = apply(state)
                if moved is not None:
                    nxt[moved] = nxt.get(moved, 0) + weight
        else:
            for q, extra, items in _split(step, layer):
                _push(step, q, extra, items, nxt)
        layer = nxt
        layers.append(layer)
    return layers


def _split(step: CodeStep, layer: Layer) -> list[tuple[int, int, Iterable[tuple[int, int]]]]:
    """Per choice of the step, the states (with weights) it applies to."""
    if len(step.choices) == 1 and step.choices[0].ok is None:
        choice = step.choices[0]
        return [(choice.q, choice.extra, layer.items())]
    shift, mask = step.counter_shift, step.counter_mask
    result: list[tuple[int, int, Iterable[tuple[int, int]]]] = []
    for choice in step.choices:
        ok = choice.ok
        if ok is None:
            result.append((choice.q, choice.extra, layer.items()))
        else:
            items = [(s, w) for s, w in layer.items() if ok[(s >> shift) & mask]]
            result.append((choice.q, choice.extra, items))
    return result


def _push(step: CodeStep, q: int, extra: int, items: Iterable[tuple[int, int]], nxt: Layer) -> None:
    """Add the successors of ``items`` (placing ``q`` copies) into ``nxt``."""
    parts = step.parts
    if not parts or (q == 0 and step.still):
        if not extra and not nxt:
            nxt.update(items)  # the identity, at C speed
            return
        for state, weight in items:
            target = state + extra
            if target in nxt:
                nxt[target] += weight
            else:
                nxt[target] = weight
    elif len(parts) == 1:
        part = parts[0]
        table = part.rows
        s1, m1, s2, m2, w1 = part.shift1, part.mask1, part.shift2, part.mask2, part.width1
        for state, weight in items:
            row = table[((state >> s1) & m1) | (((state >> s2) & m2) << w1)][q]
            if row is None:
                continue
            ones, others = row
            base = state + extra
            for delta in ones:
                target = base + delta
                if target in nxt:
                    nxt[target] += weight
                else:
                    nxt[target] = weight
            for delta, mult, ors in others:
                target = (base + delta) | ors
                if target in nxt:
                    nxt[target] += weight * mult
                else:
                    nxt[target] = weight * mult
    elif len(parts) == 2:
        a, b = parts
        front, table = a.fronts[q], b.rows
        a1, am1, a2, am2, aw = a.shift1, a.mask1, a.shift2, a.mask2, a.width1
        b1, bm1, b2, bm2, bw = b.shift1, b.mask1, b.shift2, b.mask2, b.width1
        for state, weight in items:
            rows = table[((state >> b1) & bm1) | (((state >> b2) & bm2) << bw)]
            start = state + extra
            for need, delta, mult, ors in front[
                ((state >> a1) & am1) | (((state >> a2) & am2) << aw)
            ]:
                row = rows[need]
                if row is None:
                    continue
                ones, others = row
                base = (start + delta) | ors
                part_weight = weight * mult
                for delta2 in ones:
                    target = base + delta2
                    if target in nxt:
                        nxt[target] += part_weight
                    else:
                        nxt[target] = part_weight
                for delta2, mult2, ors2 in others:
                    target = (base + delta2) | ors2
                    if target in nxt:
                        nxt[target] += part_weight * mult2
                    else:
                        nxt[target] = part_weight * mult2
    elif len(parts) == 3:
        _push_three(step, q, extra, items, nxt)
    else:
        for state, weight in items:
            for target, mult in edges(step, state, q, extra):
                if target in nxt:
                    nxt[target] += weight * mult
                else:
                    nxt[target] = weight * mult


def edges(step: CodeStep, state: int, q: int, extra: int) -> list[tuple[int, int]]:
    """Every ``(next state, multiplier)`` of ``state`` placing ``q`` copies (any number of parts)."""
    tables = [part.rows[part.key(state)] for part in step.parts]
    found: list[tuple[int, int]] = []

    def place(k: int, left: int, delta: int, mult: int, ors: int) -> None:
        rows = tables[k]
        last = k == len(tables) - 1
        for count in (left,) if last else range(min(left, len(rows) - 1) + 1):
            row = rows[count]
            if row is None:
                continue
            share = comb(left, count)
            entries = [(d, 1, 0) for d in row[0]] + list(row[1])
            for d, m, o in entries:
                if last:
                    found.append(((state + extra + delta + d) | ors | o, mult * share * m))
                else:
                    place(k + 1, left - count, delta + d, mult * share * m, ors | o)

    if tables:
        place(0, q, 0, 1, 0)
    elif q == 0:
        found.append((state + extra, 1))
    return found


def backward(plan: Plan, layers: list[Layer]) -> tuple[list[Layer], dict[int, PartWeights]]:
    """Completion weights for the states of ``layers``, and the part-key weights.

    Returns ``(completions, weights)``: ``completions[k]`` maps each live state before step ``k`` to
    the weight of its completions; ``weights[k]``, for each code step ``k``, gives per part the
    total ``F * B`` of each part key before that step.
    """
    end = layers[-1].get(plan.final, 0)
    after: Layer = {plan.final: 1} if end else {}
    completions = [after]
    weights: dict[int, PartWeights] = {}
    for k in range(len(plan.steps) - 1, -1, -1):
        step = plan.steps[k]
        before: Layer = {}
        if isinstance(step, FilterStep):
            get = after.get
            bits = step.bits
            for state in layers[k]:
                if state & bits == bits:
                    found = get(state - bits)
                    if found:
                        before[state] = found
        elif isinstance(step, CountStep):
            get = after.get
            for state in layers[k]:
                count = (state >> step.shift) & step.mask
                if step.low <= count <= step.high:
                    found = get(state - (count << step.shift))
                    if found:
                        before[state] = found
        elif isinstance(step, PairStep):
            get = after.get
            for state in layers[k]:
                key = step.apply(state)
                if key is not None:
                    found = get(key)
                    if found:
                        before[state] = found
        else:
            sums: PartWeights = [{} for _ in step.parts]
            for q, extra, items in _split(step, layers[k]):
                _pull(step, q, extra, items, after, before, sums)
            weights[k] = sums
        after = before
        completions.append(before)
    completions.reverse()
    return completions, weights


def _pull(
    step: CodeStep,
    q: int,
    extra: int,
    items: Iterable[tuple[int, int]],
    after: Layer,
    before: Layer,
    sums: PartWeights,
) -> None:
    """Add to ``before[state]`` the completion weight of ``state`` through this choice, and
    ``F * B`` (of this choice) to ``sums[part][part key]``."""
    get = after.get
    parts = step.parts
    if not parts:
        for state, _ in items:
            found = get(state + extra)
            if found:
                before[state] = before.get(state, 0) + found
    elif q == 0 and step.still:
        keyed = [(part.key, key_sums) for part, key_sums in zip(parts, sums, strict=True)]
        for state, weight in items:
            found = get(state + extra)
            if found:
                before[state] = before.get(state, 0) + found
                found *= weight
                for key_of, key_sums in keyed:
                    key = key_of(state)
                    if key in key_sums:
                        key_sums[key] += found
                    else:
                        key_sums[key] = found
    elif len(parts) == 1:
        part = parts[0]
        table = part.rows
        s1, m1, s2, m2, w1 = part.shift1, part.mask1, part.shift2, part.mask2, part.width1
        key_sums = sums[0]
        for state, weight in items:
            key = ((state >> s1) & m1) | (((state >> s2) & m2) << w1)
            row = table[key][q]
            if row is None:
                continue
            ones, others = row
            base = state + extra
            total = 0
            for delta in ones:
                found = get(base + delta)
                if found:
                    total += found
            for delta, mult, ors in others:
                found = get((base + delta) | ors)
                if found:
                    total += found * mult
            if total:
                before[state] = before.get(state, 0) + total
                total *= weight
                if key in key_sums:
                    key_sums[key] += total
                else:
                    key_sums[key] = total
    elif len(parts) == 2:
        a, b = parts
        front, table = a.fronts[q], b.rows
        a1, am1, a2, am2, aw = a.shift1, a.mask1, a.shift2, a.mask2, a.width1
        b1, bm1, b2, bm2, bw = b.shift1, b.mask1, b.shift2, b.mask2, b.width1
        sums_a, sums_b = sums
        for state, weight in items:
            key_b = ((state >> b1) & bm1) | (((state >> b2) & bm2) << bw)
            key_a = ((state >> a1) & am1) | (((state >> a2) & am2) << aw)
            rows = table[key_b]
            start = state + extra
            total = 0
            for need, delta, mult, ors in front[key_a]:
                row = rows[need]
                if row is None:
                    continue
                ones, others = row
                base = (start + delta) | ors
                sub = 0
                for delta2 in ones:
                    found = get(base + delta2)
                    if found:
                        sub += found
                for delta2, mult2, ors2 in others:
                    found = get((base + delta2) | ors2)
                    if found:
                        sub += found * mult2
                if sub:
                    total += sub * mult
            if total:
                before[state] = before.get(state, 0) + total
                total *= weight
                if key_a in sums_a:
                    sums_a[key_a] += total
                else:
                    sums_a[key_a] = total
                if key_b in sums_b:
                    sums_b[key_b] += total
                else:
                    sums_b[key_b] = total
    elif len(parts) == 3:
        _pull_three(step, q, extra, items, after, before, sums)
    else:
        for state, weight in items:
            total = 0
            for target, mult in edges(step, state, q, extra):
                found = get(target)
                if found:
                    total += found * mult
            if total:
                before[state] = before.get(state, 0) + total
                for part, key_sums in zip(parts, sums, strict=True):
                    key = part.key(state)
                    key_sums[key] = key_sums.get(key, 0) + total * weight


def _push_three(
    step: CodeStep, q: int, extra: int, items: Iterable[tuple[int, int]], nxt: Layer
) -> None:
    """``_push`` for three parts (five or six stands): the first part's ``fronts[q]`` options,
    then the second's ``fronts`` of what is left, then the third's row of the rest."""
    a, b, c = step.parts
    front, fronts_b, table = a.fronts[q], b.fronts, c.rows
    a1, am1, a2, am2, aw = a.shift1, a.mask1, a.shift2, a.mask2, a.width1
    b1, bm1, b2, bm2, bw = b.shift1, b.mask1, b.shift2, b.mask2, b.width1
    c1, cm1, c2, cm2, cw = c.shift1, c.mask1, c.shift2, c.mask2, c.width1
    for state, weight in items:
        rows = table[((state >> c1) & cm1) | (((state >> c2) & cm2) << cw)]
        key_b = ((state >> b1) & bm1) | (((state >> b2) & bm2) << bw)
        start = state + extra
        for need, delta, mult, ors in front[((state >> a1) & am1) | (((state >> a2) & am2) << aw)]:
            base_a = (start + delta) | ors
            weight_a = weight * mult
            for need2, delta2, mult2, ors2 in fronts_b[need][key_b]:
                row = rows[need2]
                if row is None:
                    continue
                ones, others = row
                base = (base_a + delta2) | ors2
                part_weight = weight_a * mult2
                for delta3 in ones:
                    target = base + delta3
                    if target in nxt:
                        nxt[target] += part_weight
                    else:
                        nxt[target] = part_weight
                for delta3, mult3, ors3 in others:
                    target = (base + delta3) | ors3
                    if target in nxt:
                        nxt[target] += part_weight * mult3
                    else:
                        nxt[target] = part_weight * mult3


def _pull_three(
    step: CodeStep,
    q: int,
    extra: int,
    items: Iterable[tuple[int, int]],
    after: Layer,
    before: Layer,
    sums: PartWeights,
) -> None:
    """``_pull`` for three parts (see ``_push_three``)."""
    get = after.get
    a, b, c = step.parts
    front, fronts_b, table = a.fronts[q], b.fronts, c.rows
    a1, am1, a2, am2, aw = a.shift1, a.mask1, a.shift2, a.mask2, a.width1
    b1, bm1, b2, bm2, bw = b.shift1, b.mask1, b.shift2, b.mask2, b.width1
    c1, cm1, c2, cm2, cw = c.shift1, c.mask1, c.shift2, c.mask2, c.width1
    sums_a, sums_b, sums_c = sums
    for state, weight in items:
        key_a = ((state >> a1) & am1) | (((state >> a2) & am2) << aw)
        key_b = ((state >> b1) & bm1) | (((state >> b2) & bm2) << bw)
        key_c = ((state >> c1) & cm1) | (((state >> c2) & cm2) << cw)
        rows = table[key_c]
        start = state + extra
        total = 0
        for need, delta, mult, ors in front[key_a]:
            base_a = (start + delta) | ors
            sub_a = 0
            for need2, delta2, mult2, ors2 in fronts_b[need][key_b]:
                row = rows[need2]
                if row is None:
                    continue
                ones, others = row
                base = (base_a + delta2) | ors2
                sub = 0
                for delta3 in ones:
                    found = get(base + delta3)
                    if found:
                        sub += found
                for delta3, mult3, ors3 in others:
                    found = get((base + delta3) | ors3)
                    if found:
                        sub += found * mult3
                if sub:
                    sub_a += sub * mult2
            if sub_a:
                total += sub_a * mult
        if total:
            before[state] = before.get(state, 0) + total
            total *= weight
            for key, key_sums in ((key_a, sums_a), (key_b, sums_b), (key_c, sums_c)):
                if key in key_sums:
                    key_sums[key] += total
                else:
                    key_sums[key] = total
