"""The sparse engine's plan: the state packed in one int, and one step per code.

The DP walks the codes of the universe in increasing order. Because a stand is sorted, the tiles of
one code always go into the next free slots of a stand, as one contiguous *run*; so between two
codes a world prefix is summed up by how far each stand is filled. A *state* packs, in one int:

* per stand: its fill level, as an offset above the least level it can have at that point (see
  ``levels``; a stand with a single possible level at every point, like the viewer's own, takes no
  bits), and two "pending class" bits per ``Label`` on the stand (its left slot was yellow / red and
  its right slot is not filled yet);
* per "k of m" group: how many of its candidates were kept so far;
* one flag per ``Need`` (at-least-one fact) spanning several stands or codes, set once a run puts one
  of its codes on one of its slots, checked (and cleared) after its last code by a ``FilterStep``.
  A need on one stand and one code is checked inside that stand's options instead;
* one counter per ``Tally`` (a count other than "at least one"): a run adds the number of the
  tally's slots it covers when its code is one of the tally's, and a ``CountStep`` after its last
  code keeps the states whose counter is in range (and clears it);
* memory bits for the ``Pair``s of slots (orders, class relations of slots that are not
  neighbours), checked between codes by a ``PairStep`` (``pairs``).

A ``CodeStep`` deals one code: ``q`` copies (for a "k of m" candidate, a ``Choice`` between keeping
it, ``q = 1``, and dropping it, ``q = 0``) are shared among the stands that may receive them. A stand
whose level is forced before and after the code gets its run for free (``Plan.forced``); the others
are grouped by two into ``Part``s (see ``tables``). A part's table maps the part's fields (the
*key*) to its options per number of tiles ``c`` it takes: ``(delta, multiplier, or_bits)``; the
next state is ``(state + extra + sum of deltas) | or_bits``. Multipliers make a world's weight the
integer ``prod_code copies! / prod_stand count!``: for two parts taking cA + cB = q tiles, the edge
weighs C(q, cA) * C(cA, c1) * C(cB, c3) (the ``fronts[q]`` form of a table lists the options with
cA <= q, as ``(q - cA, delta, C(q, cA) * C(cA, c1), or_bits)``).

>>> from engine.redwire.deduction import Pool, Position, Stand
>>> from engine.redwire.deduction.normalize import normalize
>>> pos = Position(Pool(((1, 2), (2, 1))), (Stand(0, (None, None)), Stand(1, (None,))))
>>> plan = build_plan(normalize(pos))
>>> [type(step).__name__ for step in plan.steps], plan.levels[0]  # one 2 only: level >= 1
(['CodeStep', 'CodeStep'], ((0,), (1, 2), (2,)))
"""

from __future__ import annotations

from dataclasses import dataclass
from math import comb, prod

from engine.redwire.deduction.labels import labels_after
from engine.redwire.deduction.levels import Fills, Levels, local_needs, stand_levels
from engine.redwire.deduction.normalize import Normalized
from engine.redwire.deduction.pairs import PairRule, PairStep, memory_bits
from engine.redwire.deduction.tables import Joiner, LazyTable, Part, StandOption

Run = tuple[int, int, int, int]  # (stand, code, first slot, count)


@dataclass(slots=True, frozen=True)
class Choice:
    """Place ``q`` copies after adding ``extra``; only when the group counter is in ``ok``."""

    q: int
    extra: int
    ok: tuple[bool, ...] | None  # indexed by the counter value; None: always


@dataclass(slots=True)
class CodeStep:
    code: int
    index: int  # position of the code in the universe
    parts: tuple[Part, ...]
    choices: tuple[Choice, ...]
    counter_shift: int
    counter_mask: int
    qmax: int
    still: bool  # placing no copy leaves every state as it is (so q = 0 is the identity)


@dataclass(slots=True)
class FilterStep:
    """Keep the states whose ``bits`` are all set, and clear them."""

    bits: int


@dataclass(slots=True)
class CountStep:
    """Keep the states whose counter (``mask`` bits at ``shift``) is in ``low..high``, and clear
    it (states that differ only by their counter merge)."""

    shift: int
    mask: int
    low: int
    high: int


Step = CodeStep | FilterStep | CountStep | PairStep


@dataclass(slots=True)
class Plan:
    """Everything the passes need, built once per position."""

    steps: list[Step]
    initial: int
    final: int
    factor: int  # product of the multinomial factors of the forced runs
    forced: list[Run]
    universe: tuple[int, ...]
    sizes: tuple[int, ...]
    levels: list[Fills]  # per stand, per prefix length t: the possible fill levels
    step_of_code: dict[int, int]  # code index -> index of its CodeStep
    where: list[dict[int, tuple[int, int, int]]]  # per stand: code index -> (step, part, place)
    fields: list[tuple[int, int]]  # per stand: (shift, mask of the offset bits); mask 0: no field
    feasible: bool


def impossible_plan() -> Plan:
    return Plan([], 0, 0, 0, [], (), (), [], {}, [], [], False)


def build_plan(norm: Normalized, levels: Levels | None = None) -> Plan:
    """Lay out the state and the steps (see the module docstring); ``levels``: ``stand_levels``
    of ``norm`` with its ``local_needs``, if already known."""
    if not norm.feasible:
        return impossible_plan()
    return _Builder(norm, levels).build()


class _Builder:
    def __init__(self, norm: Normalized, levels: Levels | None = None) -> None:
        self.norm = norm
        self.allowed = norm.allowed
        self.universe = norm.universe
        self.index = {code: t for t, code in enumerate(self.universe)}
        self.group_of: dict[int, int] = {}
        self.left_after: dict[int, int] = {}  # candidate code -> candidates of its group after it
        for g, (candidates, _) in enumerate(norm.groups):
            for k, code in enumerate(candidates):
                self.group_of[code] = g
                self.left_after[code] = len(candidates) - k - 1
        self.local_needs = local_needs(norm)
        self.flag_needs: list[tuple[dict[int, frozenset[int]], frozenset[int]]] = [
            (need.slots, need.codes)
            for need in norm.needs
            if not (len(need.slots) == 1 and len(need.codes) == 1)
        ]
        self.labels: list[list[tuple[int, bool]]] = [[] for _ in self.allowed]
        for stand, left, same in norm.labels:
            self.labels[stand].append((left, same))
        self.needy: dict[int, list[int]] = {}  # code -> the stands with a local need of it
        for stand, code in self.local_needs:
            self.needy.setdefault(code, []).append(stand)
        self.tallies = norm.tallies
        self.pairs = norm.pairs
        if levels is None:
            levels = stand_levels(norm, self.local_needs)
        self.available, self.runs_of, self.levels = levels
        self._layout()
        self.joiner = Joiner()

    # ----------------------------------------------------------------- layout

    def _layout(self) -> None:
        position = 0
        self.shift: list[int] = []
        self.offset_bits: list[int] = []
        self.field_bits: list[int] = []
        for s in range(len(self.allowed)):
            width = max((lv[-1] - lv[0] for lv in self.levels[s] if lv), default=0)
            bits = width.bit_length()
            self.shift.append(position)
            self.offset_bits.append(bits)
            self.field_bits.append(bits + 2 * len(self.labels[s]))
            position += self.field_bits[-1]
        self.group_shift: list[int] = []
        self.group_bits: list[int] = []
        for _, keep in self.norm.groups:
            self.group_shift.append(position)
            self.group_bits.append(max(1, keep.bit_length()))
            position += self.group_bits[-1]
        self.flag_bit = self._allocate_flags(position)
        position = max([position - 1, *self.flag_bit]) + 1
        self.tally_shift: list[int] = []
        self.tally_bits: list[int] = []
        for tally in self.tallies:
            self.tally_shift.append(position)
            self.tally_bits.append(sum(map(len, tally.slots.values())).bit_length())
            position += self.tally_bits[-1]
        self.memory_shift: list[int] = []
        for pair in self.pairs:
            self.memory_shift.append(position)
            position += memory_bits(pair.relation)

    def _allocate_flags(self, base: int) -> list[int]:
        """Give each flag need a bit, reusing the bits of needs whose codes are all behind."""
        spans = [
            (min(self.index[c] for c in codes), max(self.index[c] for c in codes), k)
            for k, (_, codes) in enumerate(self.flag_needs)
        ]
        bits = [0] * len(spans)
        busy_until: list[int] = []  # per bit: the last code index using it
        for start, end, k in sorted(spans):
            for b, until in enumerate(busy_until):
                if until < start:
                    busy_until[b] = end
                    bits[k] = base + b
                    break
            else:
                busy_until.append(end)
                bits[k] = base + len(busy_until) - 1
        return bits

    # ----------------------------------------------------------------- steps

    def build(self) -> Plan:
        if any(not level for levels in self.levels for level in levels):
            return impossible_plan()
        steps: list[Step] = []
        forced: list[Run] = []
        factor = 1
        closing: dict[int, int] = {}  # code index -> flag bits checked after it
        step_of_code: dict[int, int] = {}
        where: list[dict[int, tuple[int, int, int]]] = [{} for _ in self.allowed]
        for k, (_, codes) in enumerate(self.flag_needs):
            last = max(self.index[c] for c in codes)
            closing[last] = closing.get(last, 0) | (1 << self.flag_bit[k])
        counting: dict[int, list[CountStep]] = {}  # code index -> tallies checked after it
        for k, tally in enumerate(self.tallies):
            last = max(self.index[c] for c in tally.codes)
            mask = (1 << self.tally_bits[k]) - 1
            counting.setdefault(last, []).append(
                CountStep(self.tally_shift[k], mask, tally.low, tally.high)
            )
        for t, code in enumerate(self.universe):
            active: list[int] = []
            taken: list[int] = []
            for s in range(len(self.allowed)):
                kind = self._stand_kind(s, t, code)
                if kind == "active":
                    active.append(s)
                elif kind == "pinned":
                    (first,), (end,) = self.levels[s][t], self.levels[s][t + 1]
                    if any(code not in self.allowed[s][j] for j in range(first, end)):
                        return impossible_plan()
                    if any(
                        st == s and first <= i < end != first + n for st, i, n in self.norm.runs
                    ):
                        return impossible_plan()  # a forced run of the wrong length
                    if end > first:
                        forced.append((s, code, first, end - first))
                    taken.append(end - first)
            if any(s not in active for s in self.needy.get(code, ())):
                return impossible_plan()  # a one-stand need that no run can meet
            copies = self.norm.copies[code]
            group = self.group_of.get(code)
            if group is None:
                q = copies - sum(taken)
                if q < 0 or (q and not active):
                    return impossible_plan()
                factor *= _multinomial(copies, [*taken, q])
                choices: tuple[Choice, ...] = (Choice(q, 0, None),)
            else:
                choices = self._keep_choices(code, group, sum(taken), bool(active))
                if not choices:
                    return impossible_plan()
            if active or group is not None:
                step_of_code[t] = len(steps)
                step = self._code_step(t, code, active, choices, group)
                for p, part in enumerate(step.parts):
                    for pos, stand in enumerate(part.stands):
                        where[stand][t] = (len(steps), p, pos)
                steps.append(step)
            if t in closing:
                steps.append(FilterStep(closing[t]))
            steps += counting.get(t, [])
            rules = self._pair_rules(t, code)
            if rules:
                steps.append(PairStep(rules))
        final = sum(keep << self.group_shift[g] for g, (_, keep) in enumerate(self.norm.groups))
        fields = [(self.shift[s], (1 << self.offset_bits[s]) - 1) for s in range(len(self.allowed))]
        sizes = tuple(len(stand) for stand in self.allowed)
        return Plan(
            steps,
            0,
            final,
            factor,
            forced,
            self.universe,
            sizes,
            self.levels,
            step_of_code,
            where,
            fields,
            True,
        )

    def _keep_choices(self, code: int, group: int, taken: int, active: bool) -> tuple[Choice, ...]:
        """Keep (counter + 1, one copy to place) or drop a "k of m" candidate."""
        keep = self.norm.groups[group][1]
        counters = range(1 << self.group_bits[group])
        choices = []
        if taken == 0:
            ok = tuple(n <= keep <= n + self.left_after[code] for n in counters)
            choices.append(Choice(0, 0, ok))
        left = 1 - taken
        if left >= 0 and (active or left == 0):
            ok = tuple(n < keep for n in counters)
            choices.append(Choice(left, 1 << self.group_shift[group], ok))
        return tuple(c for c in choices if c.ok and any(c.ok))

    def _touches_fact(self, s: int, first: int, end: int, code: int) -> bool:
        slots = range(first, end)
        if any(left in slots or left + 1 in slots for left, _ in self.labels[s]):
            return True
        if (s, code) in self.local_needs:
            return True
        if any(
            code in tally.codes and s in tally.slots and any(j in tally.slots[s] for j in slots)
            for tally in self.tallies
        ):
            return True
        return any(
            code in codes and s in need and any(j in need[s] for j in slots)
            for need, codes in self.flag_needs
        )

    def _pair_rules(self, t: int, code: int) -> tuple[PairRule, ...]:
        """The pairs to check after code ``t``: those in whose span of codes it lies (for an
        order: from the least code of its first slot to the last of its second)."""
        rules = []
        for k, pair in enumerate(self.pairs):
            (sa, ia), (sb, ib) = pair.first, pair.second
            first = [self.index[c] for c in self.allowed[sa][ia]]
            second = [self.index[c] for c in self.allowed[sb][ib]]
            start = min(second) if pair.relation == "le" else min(first + second)
            end = max(second) if pair.relation in ("le", "lt") else max(first + second)
            if start <= t <= end:
                first_probe, second_probe = self._probe(pair.first, t), self._probe(pair.second, t)
                colour = self.norm.colours[code]
                rules.append(
                    PairRule(
                        pair.relation,
                        first_probe,
                        second_probe,
                        self.memory_shift[k],
                        colour,
                        t == end,
                    )
                )
        return tuple(rules)

    def _probe(self, slot: tuple[int, int], t: int) -> tuple[int, int, int, int]:
        """Where a state tells whether ``slot`` is filled after code ``t``."""
        s, j = slot
        mask = (1 << self.offset_bits[s]) - 1
        return (self.shift[s], mask, self.levels[s][t + 1][0], j)

    def _stand_kind(self, s: int, t: int, code: int) -> str:
        """'pinned' (forced run), 'active' (dealt by the step) or 'idle' (nothing happens)."""
        before, after = self.levels[s][t], self.levels[s][t + 1]
        if len(before) == 1 and len(after) == 1:
            return "active" if self._touches_fact(s, before[0], after[0], code) else "pinned"
        size = len(self.allowed[s])
        if before == after and not any(
            f < size and code in self.allowed[s][f] and f + 1 in after for f in before
        ):
            return "idle"
        return "active"

    def _code_step(
        self,
        t: int,
        code: int,
        active: list[int],
        choices: tuple[Choice, ...],
        group: int | None,
    ) -> CodeStep:
        qmax = max(c.q for c in choices)
        options = {s: self._stand_options(s, t, code) for s in active}
        groups = [tuple(active[k : k + 2]) for k in range(0, len(active), 2)]
        if len(groups) in (2, 3):
            # The loops run over the first part's options and, inside, over the next part's
            # options of the copies left: the parts with fewer options go first.
            groups.sort(key=lambda stands: prod(self._spread(s, t) for s in stands))
        parts = tuple(
            self.joiner.part(
                [(self.shift[s], self.field_bits[s]) for s in stands],
                [options[s] for s in stands],
                stands,
                qmax,
            )
            for stands in groups
        )
        if group is None:
            counter_shift, counter_mask = 0, 0
        else:
            counter_shift = self.group_shift[group]
            counter_mask = (1 << self.group_bits[group]) - 1
        still = all(
            self.levels[s][t] == self.levels[s][t + 1] and (s, code) not in self.local_needs
            for s in active
        )
        return CodeStep(code, t, parts, choices, counter_shift, counter_mask, qmax, still)

    def _stand_options(self, s: int, t: int, code: int) -> LazyTable[tuple[StandOption, ...]]:
        """Per field value of stand ``s``: the runs of ``code`` it may take, as ``(count, state
        delta, or_bits)``, built the first time a state asks (``()``: none). Equal rows are one
        shared (interned) tuple."""
        before, after = self.levels[s][t], frozenset(self.levels[s][t + 1])
        b_lo, a_lo = before[0], min(after)
        shift = self.shift[s]
        obits = self.offset_bits[s]
        labels = [(left, same, obits + 2 * k) for k, (left, same) in enumerate(self.labels[s])]
        local = self.local_needs.get((s, code), [])
        flags = [
            (need[s], 1 << self.flag_bit[k])
            for k, (need, codes) in enumerate(self.flag_needs)
            if code in codes and s in need
        ]
        tallies = [
            (self.tally_shift[k], tally.slots[s])
            for k, tally in enumerate(self.tallies)
            if code in tally.codes and s in tally.slots
        ]
        runs = self.runs_of[s][t]
        intern = self.joiner.intern
        reachable = frozenset(before)
        # x1/x2/x3 tokens: a run covering slot i holds exactly n slots.
        exact = [(i, n) for st, i, n in self.norm.runs if st == s]
        if not (labels or local or flags or tallies or exact):  # the common case
            shifted = (b_lo - a_lo) << shift

            def plain(key: int) -> tuple[StandOption, ...]:
                f = key + b_lo
                if f not in reachable:
                    return ()
                return intern(
                    tuple(
                        (c, (c << shift) + shifted, 0) for c in range(runs[f] + 1) if f + c in after
                    )
                )

            return LazyTable(plain)
        colour = self.norm.colours[code]
        mask = (1 << obits) - 1

        def row(key: int) -> tuple[StandOption, ...]:
            f, pend = (key & mask) + b_lo, key & ~mask
            if f not in reachable:
                return ()
            found: list[StandOption] = []
            for c in range(runs[f] + 1):
                if f + c not in after:
                    continue
                if local and not all(any(f <= j < f + c for j in sl) for sl in local):
                    continue
                if exact and any(f <= i < f + c != f + n for i, n in exact):
                    continue
                new_pend = labels_after(labels, pend, f, c, colour)
                if new_pend is None:
                    continue
                ors = 0
                for slots, bit in flags:
                    if any(f <= j < f + c for j in slots):
                        ors |= bit
                counted = sum(len(sl.intersection(range(f, f + c))) << at for at, sl in tallies)
                delta = ((((f + c - a_lo) | new_pend) - key) << shift) + counted
                found.append((c, delta, ors))
            return intern(tuple(found))

        return LazyTable(row)

    def _spread(self, s: int, t: int) -> int:
        """About how many runs stand ``s`` may take at code ``t`` (to order the parts)."""
        runs = self.runs_of[s][t]
        return max(runs[f] for f in self.levels[s][t]) + 1


def _multinomial(total: int, parts: list[int]) -> int:
    result = 1
    for part in parts:
        result *= comb(total, part)
        total -= part
    return result
