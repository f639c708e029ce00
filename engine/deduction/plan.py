"""The dynamic programme's plan: state layout and one option table per step.

The DP walks the codes of the universe in increasing order. After a code, a *state* says how far
each stand is filled; because a stand is sorted, the next code always goes into the next free slots
of a stand, as one contiguous *run*. A state is one int packing:

* ``r`` (low bits): copies of the current code not placed yet (only inside a code's steps);
* per stand: its fill level as an offset above the least level the known slots allow at that point
  (the *window*; a stand pinned by its window, like the viewer's own, needs no bits at all), plus
  two "pending class" bits per ``Label`` on that stand (the left slot was yellow / red and the right
  slot is not placed yet);
* per "k of m" group: how many candidates were kept so far;
* one flag per ``Need`` (at-least-one fact) that spans several stands or codes, set once a run
  covers one of its slots with one of its codes and checked (then cleared) after its last code.

A code is processed by one *step* per stand that may receive it (a stand pinned by its window
gets its forced run for free, into ``Plan.forced``), preceded for a "k of m" candidate by a step
that decides whether the candidate is kept. Each step reads one field of the state (``shift``,
``mask``) plus ``r``, and its table lists the options for that key: ``(delta, multiplier, or_bits,
run)``: the next state is ``(state + delta) | or_bits``; ``multiplier`` is the binomial
C(r, c) for putting c of the r remaining copies on this stand (so that a world's weight is the
multinomial product  prod_code copies! / prod_stand count!, an integer); ``run`` indexes
``Plan.runs`` (stand, code, first slot, count), 0 when nothing is placed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from math import comb

from engine.deduction.codes import colour_rank, is_blue
from engine.deduction.normalize import Normalized

Option = tuple[int, int, int, int]
Run = tuple[int, int, int, int]

PLACE = 0
FILTER = 1
NO_OPTIONS: tuple[Option, ...] = ()


@dataclass(slots=True)
class Step:
    """One DP step; see the module docstring."""

    kind: int
    code: int
    stand: int = -1  # the stand that receives the code; -1 for a keep/drop step
    shift: int = 0
    mask: int = 0
    table: list[tuple[Option, ...]] = field(default_factory=list)
    has_or: bool = False
    bits: int = 0  # FILTER: flags that must all be set; they are cleared


@dataclass(slots=True)
class Plan:
    """Everything the passes need, built once per position."""

    steps: list[Step]
    rbits: int
    initial: int
    final: int
    factor: int  # product of the multinomial factors of the forced runs
    runs: list[Run]
    forced: list[Run]
    feasible: bool


@dataclass(slots=True)
class _Layout:
    """Bit positions of the packed state."""

    rbits: int
    stand_shift: list[int]
    offset_bits: list[int]
    label_bits: list[list[int]]  # per stand, per label: its first bit (within the stand's field)
    group_shift: list[int]
    group_bits: list[int]
    flag_bit: list[int]  # per need; -1 when the need is checked inside the options


def _fill_levels(
    allowed: tuple[frozenset[int], ...],
    universe: tuple[int, ...],
    copies: dict[int, int],
    needs: dict[int, list[frozenset[int]]],
) -> list[list[int]]:
    """The fill levels one stand can have after each prefix of the universe, sorted.

    A level is kept when the stand alone can reach it from the empty stand and still complete from
    it (each run fits the copies of its code and the allowed codes of its slots, and meets the
    stand's own one-code needs); the other stands are ignored, so this only prunes.
    """
    size = len(allowed)
    reach: list[set[int]] = [{0}]
    for code in universe:
        level: set[int] = set()
        own = needs.get(code, [])
        for f in reach[-1]:
            for c in range(copies[code] + 1):
                if c and (f + c > size or code not in allowed[f + c - 1]):
                    break
                if own and not all(any(f <= j < f + c for j in slots) for slots in own):
                    continue
                level.add(f + c)
        reach.append(level)
    levels: list[list[int]] = [[] for _ in reach]
    after = {size} & reach[-1]
    levels[-1] = sorted(after)
    for t in range(len(universe) - 1, -1, -1):
        code = universe[t]
        own = needs.get(code, [])
        keep: set[int] = set()
        for f in reach[t]:
            for c in range(copies[code] + 1):
                if c and (f + c > size or code not in allowed[f + c - 1]):
                    break
                if own and not all(any(f <= j < f + c for j in slots) for slots in own):
                    continue
                if f + c in after:
                    keep.add(f)
                    break
        levels[t] = sorted(keep)
        after = keep
    return levels


def impossible_plan() -> Plan:
    return Plan([], 1, 0, 0, 0, [(-1, 0, 0, 0)], [], False)


def build_plan(norm: Normalized) -> Plan:
    """Lay out the state and build every step's option table (see the module docstring)."""
    if not norm.feasible:
        return impossible_plan()
    builder = _Builder(norm)
    return builder.build()


class _Builder:
    def __init__(self, norm: Normalized) -> None:
        self.norm = norm
        self.allowed = norm.allowed
        self.universe = norm.universe
        self.runs: list[Run] = [(-1, 0, 0, 0)]
        self.run_ids: dict[Run, int] = {}
        self.group_of: dict[int, int] = {}
        self.left_after: dict[int, int] = {}  # candidate code -> candidates of its group after it
        for g, (candidates, _) in enumerate(norm.groups):
            for k, code in enumerate(candidates):
                self.group_of[code] = g
                self.left_after[code] = len(candidates) - k - 1
        # Needs on one stand and one code are checked inside that stand's options; others get flags.
        self.local_needs: dict[tuple[int, int], list[frozenset[int]]] = {}
        self.flag_needs: list[tuple[dict[int, frozenset[int]], frozenset[int]]] = []
        for need in norm.needs:
            if len(need.slots) == 1 and len(need.codes) == 1:
                ((stand, slots),) = need.slots.items()
                (code,) = need.codes
                self.local_needs.setdefault((stand, code), []).append(slots)
            else:
                self.flag_needs.append((need.slots, need.codes))
        self.labels: list[list[tuple[int, bool]]] = [[] for _ in self.allowed]
        for stand, left, same in norm.labels:
            self.labels[stand].append((left, same))
        self.levels = [
            _fill_levels(
                stand,
                self.universe,
                norm.copies,
                {c: slots for (st, c), slots in self.local_needs.items() if st == s},
            )
            for s, stand in enumerate(self.allowed)
        ]
        self.layout = self._layout()

    # ----------------------------------------------------------------- layout

    def _layout(self) -> _Layout:
        rbits = max(self.norm.copies.values(), default=1).bit_length()
        position = rbits
        stand_shift, offset_bits, label_bits = [], [], []
        for s in range(len(self.allowed)):
            width = max((lv[-1] - lv[0] for lv in self.levels[s] if lv), default=0)
            bits = width.bit_length()
            stand_shift.append(position)
            offset_bits.append(bits)
            label_bits.append([bits + 2 * k for k in range(len(self.labels[s]))])
            position += bits + 2 * len(self.labels[s])
        group_shift, group_bits = [], []
        for _, keep in self.norm.groups:
            group_shift.append(position)
            group_bits.append(max(1, keep.bit_length()))
            position += group_bits[-1]
        flag_bit = self._allocate_flags(position)
        return _Layout(
            rbits, stand_shift, offset_bits, label_bits, group_shift, group_bits, flag_bit
        )

    def _allocate_flags(self, base: int) -> list[int]:
        """Give each flag need a bit, reusing bits of needs whose codes are all behind."""
        index = {code: t for t, code in enumerate(self.universe)}
        spans = [
            (min(index[c] for c in codes), max(index[c] for c in codes), k)
            for k, (_, codes) in enumerate(self.flag_needs)
        ]
        bits = [0] * len(spans)
        busy_until: list[int] = []  # per bit: last code index using it
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
        layout = self.layout
        steps: list[Step] = []
        forced: list[Run] = []
        factor = 1
        closing: dict[int, int] = {}  # code index -> flag bits checked after it
        index = {code: t for t, code in enumerate(self.universe)}
        for k, (_, codes) in enumerate(self.flag_needs):
            last = max(index[c] for c in codes)
            closing[last] = closing.get(last, 0) | (1 << layout.flag_bit[k])
        if any(not level for levels in self.levels for level in levels):
            return impossible_plan()
        for t, code in enumerate(self.universe):
            active: list[int] = []
            pinned: list[int] = []
            for s in range(len(self.allowed)):
                kind = self._stand_kind(s, t, code)
                if kind == "active":
                    active.append(s)
                elif kind == "pinned":
                    (first,), (end,) = self.levels[s][t], self.levels[s][t + 1]
                    if any(code not in self.allowed[s][j] for j in range(first, end)):
                        return impossible_plan()
                    if end > first:
                        forced.append((s, code, first, end - first))
                    pinned.append(end - first)
            if {s for (s, c) in self.local_needs if c == code} - set(active):
                return impossible_plan()  # a need no run can meet
            copies = self.norm.copies[code]
            taken = sum(pinned)
            group = self.group_of.get(code)
            if group is None:
                left = copies - taken
                if left < 0 or (left and not active):
                    return impossible_plan()
                factor *= _multinomial(copies, [*pinned, left])
                rmax = left
                first_r: tuple[int, ...] = (0,)
            else:
                step = self._keep_step(code, group, taken, bool(active))
                if step is None:
                    return impossible_plan()
                steps.append(step)
                rmax = 1
                first_r = (0, 1)
                left = -1  # read r from the state
            for k, s in enumerate(active):
                r_states = first_r if k == 0 else tuple(range(rmax + 1))
                steps.append(
                    self._stand_step(
                        s, t, code, r_states, left if k == 0 else -1, k == len(active) - 1
                    )
                )
            if t in closing:
                steps.append(Step(FILTER, code, bits=closing[t]))
        final = sum(keep << layout.group_shift[g] for g, (_, keep) in enumerate(self.norm.groups))
        return Plan(steps, layout.rbits, 0, final, factor, self.runs, forced, True)

    def _touches_fact(self, s: int, first: int, end: int, code: int) -> bool:
        slots = range(first, end)
        if any(left in slots or left + 1 in slots for left, _ in self.labels[s]):
            return True
        if (s, code) in self.local_needs:
            return True
        return any(
            code in codes and s in need and any(j in need[s] for j in slots)
            for need, codes in self.flag_needs
        )

    def _stand_kind(self, s: int, t: int, code: int) -> str:
        """'pinned' (forced run), 'active' (needs a step) or 'idle' (nothing to do)."""
        before, after = self.levels[s][t], self.levels[s][t + 1]
        if len(before) == 1 and len(after) == 1:
            return "active" if self._touches_fact(s, before[0], after[0], code) else "pinned"
        if before == after and not any(
            code in self.allowed[s][f] and f + 1 in after
            for f in before
            if f < len(self.allowed[s])
        ):
            return "idle"
        return "active"

    def _keep_step(self, code: int, group: int, taken: int, active: bool) -> Step | None:
        """Decide whether candidate ``code`` is in play; sets ``r`` to its copies still to place."""
        layout = self.layout
        keep = self.norm.groups[group][1]
        shift, bits = layout.group_shift[group], layout.group_bits[group]
        table: list[tuple[Option, ...]] = [NO_OPTIONS] * ((1 << bits) << layout.rbits)
        left = 1 - taken
        can_keep = left >= 0 and (active or left == 0)
        can_drop = taken == 0
        for count in range(keep + 1):
            options: list[Option] = []
            if can_keep and count < keep:
                options.append(((1 << shift) + left, 1, 0, 0))
            if can_drop and count + self.left_after[code] >= keep:
                options.append((0, 1, 0, 0))
            table[count << layout.rbits] = tuple(options)
        if not any(table):
            return None
        return Step(PLACE, code, -1, shift, (1 << bits) - 1, table)

    def _stand_step(
        self, s: int, t: int, code: int, r_states: tuple[int, ...], first_left: int, last: bool
    ) -> Step:
        """Options for stand ``s`` receiving ``code``.

        ``first_left`` >= 0: first step of a code with a fixed number of copies, the state's r is
        0 and stands for ``first_left``; otherwise r is read from the state.
        """
        layout = self.layout
        allowed = self.allowed[s]
        before, after = self.levels[s][t], frozenset(self.levels[s][t + 1])
        b_lo, a_lo = before[0], min(after)
        shift, obits = layout.stand_shift[s], layout.offset_bits[s]
        labels = [
            (left, same, bit)
            for (left, same), bit in zip(self.labels[s], layout.label_bits[s], strict=True)
        ]
        local = self.local_needs.get((s, code), [])
        flags = [
            (need[s], 1 << layout.flag_bit[k])
            for k, (need, codes) in enumerate(self.flag_needs)
            if code in codes and s in need
        ]
        field_bits = obits + 2 * len(labels)
        table: list[tuple[Option, ...]] = [NO_OPTIONS] * ((1 << field_bits) << layout.rbits)
        has_or = False
        cap = self.norm.copies[code]
        for f in before:
            run = 0
            while f + run < len(allowed) and run < cap and code in allowed[f + run]:
                run += 1
            for pend in _pending_values(labels):
                key = (f - b_lo) | pend
                for r_state in r_states:
                    r = first_left if first_left >= 0 else r_state
                    options: list[Option] = []
                    for c in range(min(r, run) + 1):
                        if last and c != r:
                            continue
                        if f + c not in after:
                            continue
                        if local and not all(
                            c and any(f <= j < f + c for j in slots) for slots in local
                        ):
                            continue
                        new_pend = _labels_after(labels, pend, f, c, code)
                        if new_pend is None:
                            continue
                        ors = 0
                        if c:
                            for slots, bit in flags:
                                if any(f <= j < f + c for j in slots):
                                    ors |= bit
                        has_or = has_or or bool(ors)
                        r_next = 0 if last else r - c
                        new_key = (f + c - a_lo) | new_pend
                        delta = ((new_key - key) << shift) + r_next - r_state
                        options.append((delta, comb(r, c), ors, self._run_id(s, code, f, c)))
                    table[(key << layout.rbits) | r_state] = tuple(options)
        return Step(PLACE, code, s, shift, (1 << field_bits) - 1, table, has_or)

    def _run_id(self, s: int, code: int, first: int, count: int) -> int:
        if not count:
            return 0
        run = (s, code, first, count)
        found = self.run_ids.get(run)
        if found is None:
            found = self.run_ids[run] = len(self.runs)
            self.runs.append(run)
        return found


def _pending_values(labels: list[tuple[int, bool, int]]) -> list[int]:
    """Every combination of pending-class bits (0: none, 1: yellow, 2: red per label)."""
    values = [0]
    for _, _, bit in labels:
        values = [v | (p << bit) for v in values for p in (0, 1, 2)]
    return values


def _labels_after(
    labels: list[tuple[int, bool, int]], pend: int, f: int, c: int, code: int
) -> int | None:
    """The pending bits after putting ``c`` tiles of ``code`` from slot ``f``; None if a label breaks."""
    if not c:
        return pend
    end = f + c
    for left, same, bit in labels:
        has_left, has_right = f <= left < end, f <= left + 1 < end
        if has_left and has_right:
            if not same:
                return None
        elif has_left:  # the run ends on the left slot: its class is known, the right one is not
            if is_blue(code):
                if same:
                    return None
            else:
                pend |= colour_rank(code) << bit
        elif has_right:  # the run starts on the right slot
            left_colour = (pend >> bit) & 3  # 0: the left slot is a blue of another value
            if (left_colour == colour_rank(code) and left_colour != 0) != same:
                return None
            pend &= ~(3 << bit)
    return pend


def _multinomial(total: int, parts: list[int]) -> int:
    result = 1
    for part in parts:
        result *= comb(total, part)
        total -= part
    return result
