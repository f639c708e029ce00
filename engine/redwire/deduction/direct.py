"""The direct engine: the plain sparse DP, for the small positions of late games.

The same walk over the codes as the other engines (``solver``), with as little to build as can be:
late positions have a few hundred states in all, and there the time went into building what a big
walk needs (parts, joined tables, estimates), not into the walk. A state packs, in one int:

* per *free* stand (one with two possible fill levels or more somewhere, or a label): its level
  as it is (a run of ``c`` tiles adds ``c``), then two "pending class" bits per ``Label`` on the
  stand (``labels``);
* per "k of m" group, how many of its candidates were kept so far;
* one flag per ``Need`` that is not on one stand and one code, one counter per ``Tally`` and the
  memory bits of the ``Pair`` s (``pairs``), as in the sparse engine (``plan``).

A ``DirectStep`` deals one code. A stand whose level is forced before and after it takes its run
for free (``extra``, ``ors``; its copies counted in ``factor``); the others are *active*. A state's
successors depend only on the fields of the active stands (its *key*): the step keeps, per key and
choice (the ``q`` copies, or keeping or dropping a "k of m" candidate), the ``(delta, multiplier,
or_bits)`` of every way to share the copies among the active stands (``q! / prod c!``), joined
from the stands' options (``Rows``) the first time a state has that key. With three active stands
or more, each half of them is joined once per key of its own fields (``half``) and the two halves
by count. The stands' options are interned, and the halves and the joins are cached across solves
by the identities of what they are made of (``_HALVES``, ``_JOINS``): the positions of a game, and
positions alike, share most of them. A step's memos and halves themselves are shared by the steps
of the same *signature* (the data its stands' options are built from, and the copies: ``_STEPS``),
so that a step the last solves met finds every key it met joined, with no half or join to look up. After the code, ``finish`` checks and clears the flags,
counters and pair memories that end there. Building the plan is kept short across solves as
well: a stand's options at a code are interned by all they are built from (``_ROWS``), a
stand's part of every step (nothing, its forced run, or its options: ``_Builder._column``) by
the identities of its levels and runs and by its facts (``_COLUMNS``), and a step without checks
of its own by its code, stands, rows, fields, choices, flags and checks (``_DIRECT_STEPS``): a
position solved again, or a bot's "what if" one (same stands, another fact), builds only what
changed (a 12-cut mid-game's build: about a fifth of its solve before, a tenth now).
A full cache drops its oldest sixteenth (``_trim``): emptying them all at once cost up to
0.1 s inside one solve. What the caches keep is scanned by every full collection of the garbage
collector in a long-lived process (the page, a bot table): they are bounded to a few thousand
entries (``_CACHE_LIMIT``) and hold tuples of ints where they can (the collector stops scanning
a tuple once it has seen it holds only atoms; a list, a dict, an instance stay scanned), see
``tests/bench/bench_gc.py``.

The forward pass records, per step, the states it dealt from and their ways; the backward pass
walks that record (no key to mask, no memo to look up). Sharing a code's copies stand by stand
(a sub-step per stand, states kept by the copies left) was tried: the states between two stands
hardly merge, and it walks two to three times the ways of the joint deal.

Fill levels come from each stand alone (``levels.stand_levels``, without the one-stand needs:
those are checked on the runs; so are the x1/x2/x3 tokens, ``Normalized.runs``: a run over a
token's slot holds exactly its ``n`` tiles, as in the sparse engine, so mission 24's positions
are walked here too, about a third faster than by the sparse engine). Both passes keep every layer; the weight of a fill level of a stand
before a code is ``sum F * B`` over the live states with that level, summed in lists by level, once
per boundary for the stands that may move there (a stand the code before cannot move keeps its
weights), and slot marginals follow from tail sums of those (``all_slot_weights``).

>>> from engine.redwire.deduction import Pool, Position, Stand
>>> from engine.redwire.deduction.normalize import normalize
>>> pos = Position(Pool(((1, 2), (2, 1))), (Stand(0, (None, None)), Stand(1, (None,))))
>>> plan = build_direct_plan(normalize(pos))
>>> tables = DirectTables(plan)
>>> tables.dp_total, sorted(tables.fill_weights(1, 1).items())  # 3 deals; B holds a 1 in 2
(3, [(0, 1), (1, 2)])
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import accumulate, islice
from math import comb
from random import Random
from typing import Any

from engine.redwire.deduction.labels import labels_after
from engine.redwire.deduction.levels import Fills, Levels, Runs, stand_levels
from engine.redwire.deduction.normalize import Normalized, Tally
from engine.redwire.deduction.pairs import PairRule, memory_bits

StandOption = tuple[int, int, int]  # (count c, state delta, or_bits)
# The facts runs of a code on a stand meet, their slots as bit masks: the one-stand needs' (a run
# must meet each), the flags' with their bits, the tallies' with their counters' shifts, and the
# x1/x2/x3 tokens' (``Normalized.runs``: a run that covers the slot holds exactly n tiles).
Facts = tuple[list[int], list[tuple[int, int]], list[tuple[int, int]], list[tuple[int, int]]]
_NO_FACTS: Facts = ([], [], [], [])
Edge = tuple[int, int, int]  # (state delta, multiplier, or_bits)
Layer = dict[int, int]
# A half's ways by count; its identity names it in ``_JOINS``. Not a pair (ways, identity): a
# tuple that holds a dict stays tracked by the collector for as long as it lives.
Half = dict[int, tuple[Edge, ...]]
Choice = tuple[int, int, tuple[bool, ...] | None]  # (state delta, q, ok by group counter)


# All a stand's options at a code depend on (``_Builder._rows``): its field's shift and level
# bits, its levels before the code, the range of its levels after it, its runs, its labels (left
# slot, same class, first bit), the code's colour, and the facts its runs meet (``Facts``, as
# tuples). Atoms only: the collector stops scanning it once it has seen it.
RowsSig = tuple[
    int,
    int,
    tuple[int, ...],
    int,
    int,
    tuple[int, ...],
    tuple[tuple[int, bool, int], ...],
    int,
    tuple[int, ...],
    tuple[tuple[int, int], ...],
    tuple[tuple[int, int], ...],
    tuple[tuple[int, int], ...],
]


class Rows(dict[int, tuple[StandOption, ...]]):
    """A stand's options by field value (a stand with labels, or facts on its runs), each built
    the first time it is asked for from ``sig`` alone: no closure, so that a cached one is one
    object for the collector (a closure held a function, its cells and lists: thousands of
    tracked objects across ``_ROWS`` and the steps that hold them)."""

    __slots__ = ("sig",)

    def __init__(self, sig: RowsSig) -> None:
        super().__init__()
        self.sig = sig  # all its options depend on (``_ROWS``, ``_step_memos``)

    def __missing__(self, key: int) -> tuple[StandOption, ...]:
        value = self[key] = _intern(_row_options(self.sig, key))
        return value


def _row_options(sig: RowsSig, key: int) -> tuple[StandOption, ...]:
    """The options ``(count, state delta, or_bits)`` of a stand of field value ``key`` at one
    code (``RowsSig``): the runs from its level that end in range and meet its facts, with the
    pending bits of its labels after them."""
    shift, lbits, before, after_low, after_high, runs, labels, colour = sig[:8]
    local, flags, tallies, exact = sig[8:]
    f = key & ((1 << lbits) - 1)
    pend = key - f
    options: list[StandOption] = []
    if f in before:
        for c in range(max(after_low - f, 0), min(runs[f], after_high - f) + 1):
            run = ((1 << c) - 1) << f  # the slots the run covers
            new_pend = labels_after(labels, pend, f, c, colour) if labels else pend
            if new_pend is None:
                continue
            if local and not all(run & mask for mask in local):
                continue
            if exact and any(run & slot and c != n for slot, n in exact):
                continue
            ors = 0
            for mask, bit in flags:
                if run & mask:
                    ors |= bit
            delta = (c + new_pend - pend) << shift
            for mask, at in tallies:
                delta += (run & mask).bit_count() << at
            options.append((c, delta, ors))
    return tuple(options)


class PlainRows(dict[int, tuple[StandOption, ...]]):
    """The options of a stand that only moves its level (no fact on its runs): from level ``f``,
    runs of ``c`` tiles for the counts the slots allow (``runs[f]``) that end between
    ``after_low`` and ``after_high``, built the first time they are asked for."""

    __slots__ = ("after_high", "after_low", "runs", "shift", "sig")

    def __init__(self, after_low: int, after_high: int, runs: tuple[int, ...], shift: int) -> None:
        super().__init__()
        self.after_low, self.after_high, self.runs, self.shift = after_low, after_high, runs, shift
        self.sig = (after_low, after_high, runs, shift)  # all it depends on (``_ROWS``)

    def __missing__(self, f: int) -> tuple[StandOption, ...]:
        shift = self.shift
        low, high = max(self.after_low - f, 0), min(self.runs[f], self.after_high - f)
        name = (low, high, shift)
        value = _PLAIN.get(name)
        if value is None:
            _trim(_PLAIN, _CACHE_LIMIT)
            value = _PLAIN[name] = _intern(
                tuple([(c, c << shift, 0) for c in range(low, high + 1)])
            )
        self[f] = value
        return value


# Across solves (the positions of a game share most of them; ``forget``): the stands' options
# interned (``_OPTIONS``; plain ones by range and shift, ``_PLAIN``), and what is joined from
# them, keyed by identities: ``_HALVES`` by the options of a half's stands, ``_JOINS`` (a step's
# edges) by its two stands' options or its two halves, and the copies. An entry keeps the objects
# of its key alive (so no other object can take their identities while it is there).
_OPTIONS: dict[tuple[StandOption, ...], tuple[StandOption, ...]] = {}
_PLAIN: dict[tuple[int, int, int], tuple[StandOption, ...]] = {}
_HALVES: dict[tuple[int, ...], tuple[dict[int, tuple[Edge, ...]], object]] = {}
_PLAIN_HALVES: dict[tuple[int, ...], dict[int, tuple[Edge, ...]]] = {}
_JOINS: dict[tuple[int, ...], tuple[tuple[Edge, ...], object, object]] = {}
# A step has the same ways as any step whose active stands' options are built from the same data
# (ranges of levels, runs, fields; the facts their runs meet) for the same copies (its
# *signature*): such steps share their memos and halves (``_STEPS``), so that a position solved
# again, or the next position of a game (a cut changes the runs of one code or two), finds the keys
# of most steps already joined.
StepMemos = tuple[tuple[dict[int, tuple[Edge, ...]], ...], dict[int, dict[int, Half]]]
_STEPS: dict[tuple[object, ...], StepMemos] = {}
# A stand's options at a code, interned by all they are built from (``PlainRows.sig``,
# ``Rows.sig``): the same object for every step and solve that asks for them, with the options it
# built already. And the steps without checks of their own (``DirectStep.filters``) by their
# code, stands, rows (identities), fields, choices, flags and checks: building a step was about a
# fifth of a mid-game's solve, and the steps of a position solved again, or of the next position
# of a game but where its cuts changed the runs, are the same.
_ROWS: dict[tuple[object, ...], dict[int, tuple[StandOption, ...]]] = {}
# A stand's part of every step of a plan (``_Builder._column``): per code, nothing, its forced
# run's (count, state delta, flags), or its options there (it is active).
ColumnPart = tuple[int, int, int] | dict[int, tuple[StandOption, ...]] | None
Column = tuple[ColumnPart, ...]
_COLUMNS: dict[tuple[object, ...], tuple[Column, object, object]] = {}
_DIRECT_STEPS: dict[tuple[object, ...], DirectStep] = {}
# Every entry is objects the collector scans at each full collection for as long as it lives
# (``tests/bench/bench_gc.py``): with 20,000 entries a cache and 2,000 steps, a long-lived process
# (the page, a bot table) solving every real game held ~175k tracked objects in these caches and
# its full collections took 0.3 s. With a tenth of that (2,000 and 500) its solves took the same
# total time, but the real-games bench's small positions (under 2 ms) were 2-10% slower in two A/B
# pairs (its workers' bots fill the caches between the timed positions): a fifth and half kept.
_CACHE_LIMIT = 4_000
_STEPS_LIMIT = 1_000
_TRIM_SHARE = 16


def _trim(cache: dict[Any, Any], limit: int) -> None:
    """Make room in a full cache by dropping its oldest ``1 / _TRIM_SHARE`` (dicts keep their
    order of insertion), not all of it: freeing a whole full cache at once (``forget``) took
    65-105 ms of one solve in the real-games bench (mission 40's seat after 24 actions, 4.5 ms
    alone, 106 ms there), and the newest entries are the ones the next positions of the game
    meet. Each cache may be trimmed on its own: an entry keyed by identities keeps the objects its
    key names alive, so no other object can take their identities while it is there."""
    if len(cache) >= limit:
        for key in list(islice(cache, max(limit // _TRIM_SHARE, 1))):
            del cache[key]


def _intern(options: tuple[StandOption, ...]) -> tuple[StandOption, ...]:
    found = _OPTIONS.get(options)
    if found is None:
        _trim(_OPTIONS, _CACHE_LIMIT)
        found = _OPTIONS[options] = options
    return found


def _join_cached(name: tuple[int, ...], entry: tuple[tuple[Edge, ...], object, object]) -> None:
    """Keep a step's edges (the oldest dropped first when full, ``_trim``)."""
    _trim(_JOINS, _CACHE_LIMIT)
    _JOINS[name] = entry


def forget() -> None:
    """Empty the caches kept across solves."""
    _OPTIONS.clear()
    _PLAIN.clear()
    _HALVES.clear()
    _PLAIN_HALVES.clear()
    _JOINS.clear()
    _STEPS.clear()
    _ROWS.clear()
    _DIRECT_STEPS.clear()
    _COLUMNS.clear()


@dataclass(slots=True)
class DirectStep:
    """One code: its ``choices`` (``ok`` by group counter, ``None``: always), the active stands'
    fields (``key_mask``, ``fields``) and options (``rows``), and what ``finish`` checks after
    it."""

    index: int
    choices: tuple[Choice, ...]
    counter_shift: int
    counter_mask: int
    key_mask: int
    fields: tuple[tuple[int, int], ...]  # per active stand: (shift, mask)
    rows: tuple[dict[int, tuple[StandOption, ...]], ...]  # per active stand: by field value
    ors: int  # flags set by the forced runs
    check_mask: int  # after the code: the state's bits here must be ``check_value``,
    check_value: int  # then are cleared
    filters: tuple[Callable[[int], int | None], ...]  # then these (tallies, pairs)
    split: int  # 0, or the number of active stands in the first half (three or more of them)
    head_mask: int  # the bits of the first half's fields
    memos: tuple[dict[int, tuple[Edge, ...]], ...]  # per choice: key -> edges
    halves: dict[int, dict[int, Half]]  # first stand -> key -> its ways by count
    # per active stand that only moves its level: (after_low, after_high, runs), else None
    plains: tuple[tuple[int, int, tuple[int, ...]] | None, ...]
    moves: bool  # False: every state moves by the forced runs' delta alone
    stands: tuple[int, ...]  # the active stands (a tuple of ints: the collector skips it)
    flagged: bool  # False: no way sets a flag (no ``or_bits``, no ``ors``)

    def edges(self, choice: int, key: int) -> tuple[Edge, ...]:
        """Every way to share the choice's copies among the active stands of fields ``key``
        (kept in ``memos``)."""
        q = self.choices[choice][1]
        rows, fields = self.rows, self.fields
        if len(rows) >= 3:  # two halves, each joined once per key of its own fields
            head_key = key & self.head_mask
            head = self.halves[0].get(head_key)
            if head is None:
                head = self.half(0, head_key)
            tail_key = key - head_key
            tail = self.halves[self.split].get(tail_key)
            if tail is None:
                tail = self.half(self.split, tail_key)
            name = (id(head), id(tail), q)
            cached = _JOINS.get(name)
            if cached is None:
                found = _join(head, tail, q)
                _join_cached(name, (found, head, tail))
            else:
                found = cached[0]
        elif len(rows) == 2:
            (shift, mask), (shift2, mask2) = fields
            first = rows[0][(key >> shift) & mask]
            second = rows[1][(key >> shift2) & mask2]
            name = (id(first), id(second), q)
            cached = _JOINS.get(name)
            if cached is None:
                found = _pair(first, second, q)
                _join_cached(name, (found, first, second))
            else:
                found = cached[0]
        elif rows:
            shift, mask = fields[0]
            found = tuple([(d, 1, o) for c, d, o in rows[0][(key >> shift) & mask] if c == q])
        else:
            found = ((0, 1, 0),) if q == 0 else ()
        self.memos[choice][key] = found
        return found

    def half(self, first: int, key: int) -> Half:
        """The active stands from ``first`` to the end of its half, of fields ``key``: per
        number of tiles they take in all, the ways to take them ``(delta, c! / prod c_i!,
        or_bits)`` (kept in ``halves``; cached across solves; its identity names it in
        ``_JOINS``)."""
        end = self.split if first == 0 else len(self.rows)
        rows, fields = self.rows, self.fields
        if end - first <= 2 and self.plains[first] and self.plains[end - 1]:
            return self._plain_half(first, end, key)
        shift, mask = fields[first]
        row = rows[first][(key >> shift) & mask]
        if end - first == 1:
            name: tuple[int, ...] = (id(row),)
            parts: tuple[tuple[StandOption, ...], ...] = (row,)
        elif end - first == 2:
            shift, mask = fields[first + 1]
            second = rows[first + 1][(key >> shift) & mask]
            name = (id(row), id(second))
            parts = (row, second)
        else:
            parts = tuple(
                [rows[k][(key >> fields[k][0]) & fields[k][1]] for k in range(first, end)]
            )
            name = tuple(map(id, parts))
        cached = _HALVES.get(name)
        if cached is not None:
            half = self.halves[first][key] = cached[0]
            return half
        ways: dict[int, list[Edge]] = {c: [(d, 1, o)] for c, d, o in row}
        for row in parts[1:]:
            joined: dict[int, list[Edge]] = {}
            for used, entries in ways.items():
                for c, d, o in row:
                    total = used + c
                    share = _BINOMIAL[total][c]
                    more = [(delta + d, mult * share, ors | o) for delta, mult, ors in entries]
                    if total in joined:
                        joined[total] += more
                    else:
                        joined[total] = more
            ways = joined
        # Tuples, not lists: the collector stops scanning a cached half once it has seen it.
        found = {c: tuple(entries) for c, entries in ways.items()}
        half = self.halves[first][key] = found
        _trim(_HALVES, _CACHE_LIMIT)
        _HALVES[name] = (found, parts)
        return half

    def _plain_half(self, first: int, end: int, key: int) -> Half:
        """``half`` for one or two stands that only move their levels: their ways are the
        same for the same ranges of counts (cached across solves by ranges and shifts)."""
        shift, mask = self.fields[first]
        after_low, after_high, runs = self.plains[first]  # type: ignore[misc]
        f = (key >> shift) & mask
        low, high, longest = after_low - f, after_high - f, runs[f]
        low = low if low > 0 else 0
        high = high if high < longest else longest
        if end - first == 1:
            name: tuple[int, ...] = (low, high, shift)
        else:
            shift2, mask2 = self.fields[first + 1]
            after_low, after_high, runs = self.plains[first + 1]  # type: ignore[misc]
            f = (key >> shift2) & mask2
            low2, high2, longest = after_low - f, after_high - f, runs[f]
            low2 = low2 if low2 > 0 else 0
            high2 = high2 if high2 < longest else longest
            name = (low, high, shift, low2, high2, shift2)
        found = _PLAIN_HALVES.get(name)
        if found is None:
            if end - first == 1:
                found = {c: ((c << shift, 1, 0),) for c in range(low, high + 1)}
            else:
                ways: dict[int, list[Edge]] = {}
                binomial = _BINOMIAL
                for c in range(low, high + 1):
                    for c2 in range(low2, high2 + 1):
                        total = c + c2
                        edge = ((c << shift) + (c2 << shift2), binomial[total][c], 0)
                        if total in ways:
                            ways[total].append(edge)
                        else:
                            ways[total] = [edge]
                found = {total: tuple(edges) for total, edges in ways.items()}  # as ``half``
            _trim(_PLAIN_HALVES, _CACHE_LIMIT)
            _PLAIN_HALVES[name] = found
        half = self.halves[first][key] = found
        return half

    def finish(self, state: int) -> int | None:
        """The state after the checks that end with this code (``None``: it breaks one)."""
        if state & self.check_mask != self.check_value:
            return None
        state ^= self.check_value
        for check in self.filters:
            found = check(state)
            if found is None:
                return None
            state = found
        return state


def _over(weights: list[int] | None, level: int, size: int, total: int) -> list[int]:
    """Per slot ``j`` of a stand, the weight of its levels over ``j``, from the weight of each
    level (``None``: every world at ``level``)."""
    if weights is None:
        return [total] * level + [0] * (size - level)
    found = list(accumulate(weights[:0:-1]))
    found.reverse()
    return found


def _level_sums(front: Layer, backs: Layer, sums: list[tuple[int, int, list[int]]]) -> None:
    """Add ``F * B`` of every live state to its level of each stand of ``sums`` (``(shift,
    mask, weight by level)``)."""
    if len(sums) == 1:
        ((shift, mask, here),) = sums
        for state, back in backs.items():
            here[(state >> shift) & mask] += front[state] * back
    elif len(sums) == 2:
        (s0, m0, h0), (s1, m1, h1) = sums
        for state, back in backs.items():
            weight = front[state] * back
            h0[(state >> s0) & m0] += weight
            h1[(state >> s1) & m1] += weight
    elif len(sums) == 3:
        (s0, m0, h0), (s1, m1, h1), (s2, m2, h2) = sums
        for state, back in backs.items():
            weight = front[state] * back
            h0[(state >> s0) & m0] += weight
            h1[(state >> s1) & m1] += weight
            h2[(state >> s2) & m2] += weight
    elif len(sums) == 4:
        (s0, m0, h0), (s1, m1, h1), (s2, m2, h2), (s3, m3, h3) = sums
        for state, back in backs.items():
            weight = front[state] * back
            h0[(state >> s0) & m0] += weight
            h1[(state >> s1) & m1] += weight
            h2[(state >> s2) & m2] += weight
            h3[(state >> s3) & m3] += weight
    else:
        for state, back in backs.items():
            weight = front[state] * back
            for shift, mask, here in sums:
                here[(state >> shift) & mask] += weight


def _join(
    head: dict[int, tuple[Edge, ...]], tail: dict[int, tuple[Edge, ...]], q: int
) -> tuple[Edge, ...]:
    """The ways for two halves to take ``q`` tiles in all."""
    binomial = _BINOMIAL[q]
    joined = []
    for count, firsts in head.items():
        seconds = tail.get(q - count)
        if seconds:
            share = binomial[count]
            for d1, m1, o1 in firsts:
                for d2, m2, o2 in seconds:
                    joined.append((d1 + d2, share * m1 * m2, o1 | o2))
    return tuple(joined)


def _pair(
    first: tuple[StandOption, ...], second: tuple[StandOption, ...], q: int
) -> tuple[Edge, ...]:
    """The ways for two stands (options by increasing count) to take ``q`` tiles in all."""
    binomial = _BINOMIAL[q]
    found = []
    for c, d, o in first:
        if c > q:
            break
        need = q - c
        for c2, d2, o2 in second:
            if c2 >= need:
                if c2 == need:
                    found.append((d + d2, binomial[c], o | o2))
                break
    return tuple(found)


_BINOMIAL = [[comb(n, k) for k in range(n + 1)] for n in range(64)]


@dataclass(slots=True)
class DirectPlan:
    """Everything the passes need (``steps[t]`` deals code number ``t``)."""

    steps: list[DirectStep]
    final: int
    factor: int  # multinomial factors of the forced runs
    universe: tuple[int, ...]
    sizes: tuple[int, ...]
    levels: list[Fills]  # per stand, per boundary: its possible levels
    level_fields: list[tuple[int, int]]  # per stand: (shift, level mask); mask 0: no field
    feasible: bool


def impossible(norm: Normalized, levels: list[Fills]) -> DirectPlan:
    sizes = tuple(len(stand) for stand in norm.allowed)
    return DirectPlan([], 0, 0, norm.universe, sizes, levels, [], False)


def estimate(levels: list[Fills], universe: tuple[int, ...]) -> int:
    """About how many states the walk keeps (an upper bound): per boundary, the product of the
    stands' numbers of levels."""
    total = 0
    for t in range(len(universe) + 1):
        states = 1
        for stand in levels:
            states *= len(stand[t])
        total += states
    return total


def build_direct_plan(norm: Normalized, levels: Levels | None = None) -> DirectPlan:
    """The direct plan of ``norm``; ``levels``: ``direct_levels(norm)``, if already known."""
    available, runs_of, stand_levels_ = levels or direct_levels(norm)
    if not norm.feasible or not all(map(all, stand_levels_)):
        return impossible(norm, stand_levels_)
    return _Builder(norm, available, runs_of, stand_levels_).build()


def direct_levels(norm: Normalized) -> Levels:
    """The fill levels the direct engine walks: each stand alone, without the one-stand needs
    (``levels.stand_levels``)."""
    return stand_levels(norm, {})


class _Builder:
    def __init__(
        self,
        norm: Normalized,
        available: list[dict[int, int]],
        runs_of: list[Runs],
        levels: list[Fills],
    ) -> None:
        self.norm = norm
        self.runs_of = runs_of
        self.levels = levels
        self.available = available
        universe = norm.universe
        self.index = {code: t for t, code in enumerate(universe)}
        self.sizes = tuple(len(stand) for stand in norm.allowed)
        self.labels: list[list[tuple[int, bool]]] = [[] for _ in norm.allowed]
        for stand, left, same in norm.labels:
            self.labels[stand].append((left, same))
        self.local: dict[tuple[int, int], list[frozenset[int]]] = {}
        self.flags: list[tuple[dict[int, frozenset[int]], frozenset[int], int]] = []
        position = 0
        # Fields: level bits, then the stand's label bits.
        self.shift: list[int] = []
        self.level_bits: list[int] = []
        self.free = [max(map(len, stand)) > 1 for stand in levels]  # two levels or more somewhere
        for s, size in enumerate(self.sizes):
            bits = size.bit_length() if self.free[s] or self.labels[s] else 0
            self.shift.append(position)
            self.level_bits.append(bits)
            position += bits + 2 * len(self.labels[s])
        self.group_of: dict[int, tuple[int, int]] = {}  # code -> (group, candidates after it)
        self.group_shift: list[int] = []
        self.group_bits: list[int] = []
        for g, (candidates, keep) in enumerate(norm.groups):
            for k, code in enumerate(candidates):
                self.group_of[code] = (g, len(candidates) - k - 1)
            self.group_shift.append(position)
            self.group_bits.append(max(1, keep.bit_length()))
            position += self.group_bits[-1]
        for need in norm.needs:
            if len(need.slots) == 1 and len(need.codes) == 1:
                ((stand, slots),) = need.slots.items()
                (code,) = need.codes
                self.local.setdefault((stand, code), []).append(slots)
            else:
                self.flags.append((need.slots, need.codes, 1 << position))
                position += 1
        self.tally_shift: list[int] = []
        for tally in norm.tallies:
            self.tally_shift.append(position)
            position += sum(map(len, tally.slots.values())).bit_length()
        self.memory_shift: list[int] = []
        for pair in norm.pairs:
            self.memory_shift.append(position)
            position += memory_bits(pair.relation)
        # Per stand, per code index: the facts its runs of that code meet (see ``_facts``).
        self.facts: list[dict[int, Facts]] = [{} for _ in self.sizes]
        for (stand, code), sets in self.local.items():
            self._facts(stand, code)[0].extend(map(_bits, sets))
        for need_slots, codes, bit in self.flags:
            for stand, ix in need_slots.items():
                for code in codes:
                    self._facts(stand, code)[1].append((_bits(ix), bit))
        for k, tally in enumerate(norm.tallies):
            for stand, ix in tally.slots.items():
                for code in tally.codes:
                    self._facts(stand, code)[2].append((_bits(ix), self.tally_shift[k]))
        for stand, slot, n in norm.runs:  # any code's run over the slot
            for code in universe:
                self._facts(stand, code)[3].append((1 << slot, n))

    def build(self) -> DirectPlan:
        norm, levels = self.norm, self.levels
        closing: dict[int, tuple[int, int]] = {}  # code index -> (check mask, check value)

        def close(t: int, mask: int, value: int) -> None:
            m, v = closing.get(t, (0, 0))
            closing[t] = (m | mask, v | value)

        for _, codes, bit in self.flags:
            close(max(self.index[c] for c in codes), bit, bit)
        for g, (candidates, keep) in enumerate(norm.groups):
            if candidates:
                shift = self.group_shift[g]
                mask = ((1 << self.group_bits[g]) - 1) << shift
                close(self.index[candidates[-1]], mask, keep << shift)
        filters: dict[int, list[Callable[[int], int | None]]] = {}
        for k, tally in enumerate(norm.tallies):
            last = max(self.index[c] for c in tally.codes)
            filters.setdefault(last, []).append(
                _count_check(self.tally_shift[k], sum(map(len, tally.slots.values())), tally)
            )
        universe = norm.universe
        ends = len(universe)
        active_at: list[list[int]] = [[] for _ in universe]
        rows_at: list[list[dict[int, tuple[StandOption, ...]]]] = [[] for _ in universe]
        taken_at: list[list[int]] = [[] for _ in universe]  # the forced runs' counts
        extra_at = [0] * ends  # their state deltas
        ors_at = [0] * ends  # and flags
        for s in range(len(self.sizes)):
            column = self._column(s)
            if column is None:
                return impossible(norm, levels)
            for t, part in enumerate(column):
                if part is None:
                    continue
                if type(part) is tuple:  # a forced run: (count, state delta, flags)
                    count, delta, bits = part
                    if count:
                        taken_at[t].append(count)
                    extra_at[t] += delta
                    ors_at[t] |= bits
                else:
                    active_at[t].append(s)
                    rows_at[t].append(part)  # type: ignore[arg-type]
        steps: list[DirectStep] = []
        factor = 1
        for t, code in enumerate(universe):
            active = active_at[t]
            taken = taken_at[t]
            extra = extra_at[t]
            ors = ors_at[t]
            copies = norm.copies[code]
            group = self.group_of.get(code)
            if group is None:
                q = copies - sum(taken)
                if q < 0 or (q and not active):
                    return impossible(norm, levels)
                factor *= _multinomial(copies, [*taken, q])
                choices: tuple[Choice, ...] = ((extra, q, None),)
                counter_shift = counter_mask = 0
            else:
                g, left_after = group
                keep = norm.groups[g][1]
                counter_shift = self.group_shift[g]
                counter_mask = (1 << self.group_bits[g]) - 1
                counters = range(counter_mask + 1)
                found = []
                if not taken:
                    ok = tuple(n <= keep <= n + left_after for n in counters)
                    found.append((extra, 0, ok))
                left = 1 - sum(taken)
                if left >= 0 and (active or left == 0):
                    ok = tuple(n < keep for n in counters)
                    found.append((extra + (1 << counter_shift), left, ok))
                choices = tuple(c for c in found if c[2] is not None and any(c[2]))
                if not choices:
                    return impossible(norm, levels)
            rows = tuple(rows_at[t])
            check_mask, check_value = closing.get(t, (0, 0))
            step_filters = filters.get(t, [])
            rules = self._pair_rules(t, code) if norm.pairs else ()
            if rules:
                step_filters.append(_pair_check(rules))
            if step_filters:  # checks made for this plan: not shared
                steps.append(
                    self._step(t, active, rows, choices, ors, closing.get(t), step_filters)
                )
                continue
            # A step is all its key says (its rows interned by all they depend on, ``_ROWS``): the
            # steps of a position solved again, and most of the next position's, are found here.
            name = (
                t,
                tuple(active),
                tuple([id(row) for row in rows]),
                tuple([self.level_bits[s] + 2 * len(self.labels[s]) for s in active]),
                tuple([self.shift[s] for s in active]),
                choices,
                counter_shift,
                counter_mask,
                ors,
                check_mask,
                check_value,
            )
            step = _DIRECT_STEPS.get(name)
            if step is None:
                _trim(_DIRECT_STEPS, _STEPS_LIMIT)  # a step keeps the rows its key names alive
                step = _DIRECT_STEPS[name] = self._step(
                    t, active, rows, choices, ors, (check_mask, check_value), []
                )
            steps.append(step)
        final = sum(
            size << self.shift[s] for s, size in enumerate(self.sizes) if self.level_bits[s]
        )
        level_fields = [
            (self.shift[s], (1 << bits) - 1 if self.free[s] else 0)
            for s, bits in enumerate(self.level_bits)
        ]
        return DirectPlan(
            steps, final, factor, norm.universe, self.sizes, levels, level_fields, True
        )

    def _column(self, s: int) -> Column | None:
        """Stand ``s``'s part of every step (``Column``; ``None``: no world fits), kept across
        solves by the identities of its levels and runs (``levels.stand_levels`` keeps those for
        a stand met again) and all else it is built from (``_COLUMNS``)."""
        facts = self.facts[s]
        name = (
            id(self.levels[s]),
            id(self.runs_of[s]),
            self.shift[s],
            self.level_bits[s],
            self.free[s],
            tuple(self.labels[s]),
            tuple([(t, *[tuple(part) for part in found]) for t, found in sorted(facts.items())])
            if facts
            else (),
            self.norm.universe,
        )
        cached = _COLUMNS.get(name)
        if cached is not None:
            return cached[0]
        column = self._new_column(s)
        if column is not None:
            _trim(_COLUMNS, _CACHE_LIMIT)  # an entry keeps the levels and runs its key names alive
            _COLUMNS[name] = (column, self.levels[s], self.runs_of[s])
        return column

    def _new_column(self, s: int) -> Column | None:
        """``_column``, built: per code, nothing, the forced run's ``(count, state delta,
        flags)``, or the stand's options when it is active there (``_rows``)."""
        stand_levels, runs_of = self.levels[s], self.runs_of[s]
        universe = self.norm.universe
        ends = len(universe)
        shift = self.shift[s] if self.level_bits[s] else -1
        labels, facts = self.labels[s], self.facts[s]
        column: list[ColumnPart] = [None] * ends
        if not (self.free[s] or labels or facts):  # one level everywhere: forced runs
            first = 0
            for t in range(ends):
                end = stand_levels[t + 1][0]
                if end > first:
                    if runs_of[t][first] < end - first:
                        return None
                    column[t] = (end - first, 0, 0)
                first = end
            return tuple(column)
        for t in range(ends):
            before, after = stand_levels[t], stand_levels[t + 1]
            if len(before) == 1 and len(after) == 1:
                first = before[0]
                end = after[0]
                if not (labels and any(first <= lt + 1 and lt < end for lt, _ in labels)):
                    count = delta = bits = 0
                    if end > first:
                        if runs_of[t][first] < end - first:
                            return None
                        count = end - first
                        if shift >= 0:
                            delta = (end - first) << shift
                    if t in facts:
                        forced = self._forced(facts[t], first, end - first)
                        if forced is None:
                            return None
                        delta += forced[0]
                        bits = forced[1]
                    if count or delta or bits:
                        column[t] = (count, delta, bits)
                    continue
            if before != after or labels or (t in facts and facts[t][0]):
                column[t] = self._rows(s, t, universe[t])
            else:  # the same levels (an interval) before and after: may it take a tile?
                runs, high = runs_of[t], after[-1]
                for f in before:
                    if f < high and runs[f]:
                        column[t] = self._rows(s, t, universe[t])
                        break
        return tuple(column)

    def _step(
        self,
        t: int,
        active: list[int],
        rows: tuple[dict[int, tuple[StandOption, ...]], ...],
        choices: tuple[Choice, ...],
        ors: int,
        check: tuple[int, int] | None,
        step_filters: list[Callable[[int], int | None]],
    ) -> DirectStep:
        """The step of code ``t``: ``rows`` are the ``active`` stands' options, ``check`` the
        (mask, value) its flags and group counters must meet after it."""
        fields = []
        key_mask = 0
        for s in active:
            mask = (1 << (self.level_bits[s] + 2 * len(self.labels[s]))) - 1
            fields.append((self.shift[s], mask))
            key_mask |= mask << self.shift[s]
        split = len(active) // 2 if len(active) >= 3 else 0  # the first half's stands
        head_mask = 0
        for shift, mask in fields[:split]:
            head_mask |= mask << shift
        memos, halves = _step_memos(rows, fields, choices, split)
        check_mask, check_value = check or (0, 0)
        counter_shift, counter_mask = self._counter(t)
        return DirectStep(
            t,
            choices,
            counter_shift,
            counter_mask,
            key_mask,
            tuple(fields),
            rows,
            ors,
            check_mask,
            check_value,
            tuple(step_filters),
            split,
            head_mask,
            memos,
            halves,
            tuple(
                [
                    (row.after_low, row.after_high, row.runs)
                    if isinstance(row, PlainRows)
                    else None
                    for row in rows
                ]
            ),
            bool(active or ors) or len(choices) != 1 or choices[0][1:] != (0, None),
            tuple(active),
            bool(ors) or (bool(self.flags) and self._flagged(active, t)),
        )

    def _counter(self, t: int) -> tuple[int, int]:
        """Where the "k of m" counter of code ``t``'s group lies (``(0, 0)``: in no group)."""
        group = self.group_of.get(self.norm.universe[t])
        if group is None:
            return 0, 0
        g = group[0]
        return self.group_shift[g], (1 << self.group_bits[g]) - 1

    def _flagged(self, active: list[int], t: int) -> bool:
        """Whether a run of code ``t`` on one of the ``active`` stands may set a flag."""
        return any(self.facts[s].get(t, _NO_FACTS)[1] for s in active)

    def _rows(self, s: int, t: int, code: int) -> dict[int, tuple[StandOption, ...]]:
        """Per field value of stand ``s`` (an active stand has one): its options at code ``t``,
        ``(count, state delta, or_bits)`` (with labels, built the first time a state asks)."""
        after = self.levels[s][t + 1]
        if not (self.labels[s] or t in self.facts[s]):  # the common case: only the level moves
            name = (after[0], after[-1], tuple(self.runs_of[s][t]), self.shift[s])
            found = _ROWS.get(name)
            if found is None:
                _trim(_ROWS, _CACHE_LIMIT)  # the steps and columns keep the rows they hold alive
                found = _ROWS[name] = PlainRows(*name)
            return found
        lbits = self.level_bits[s]
        local, flags, tallies, exact = self.facts[s].get(t, _NO_FACTS)
        sig: RowsSig = (
            self.shift[s],
            lbits,
            tuple(sorted(self.levels[s][t])),
            after[0],
            after[-1],
            tuple(self.runs_of[s][t]),
            tuple([(left, same, lbits + 2 * k) for k, (left, same) in enumerate(self.labels[s])]),
            self.norm.colours[code],
            tuple(local),
            tuple(flags),
            tuple(tallies),
            tuple(exact),
        )
        found = _ROWS.get(sig)
        if found is None:
            _trim(_ROWS, _CACHE_LIMIT)
            found = _ROWS[sig] = Rows(sig)
        return found

    def _facts(self, s: int, code: int) -> Facts:
        """The facts runs of ``code`` on stand ``s`` meet (to fill in, see ``Facts``)."""
        t = self.index[code]
        found = self.facts[s].get(t)
        if found is None:
            found = self.facts[s][t] = ([], [], [], [])
        return found

    @staticmethod
    def _forced(facts: Facts, f: int, c: int) -> tuple[int, int] | None:
        """A forced run of ``c`` tiles from slot ``f`` that meets ``facts``: the delta of the
        tally counters and the flags it sets (``None``: a one-stand need fails, or a token's run
        has the wrong length)."""
        local, flags, tallies, exact = facts
        run = ((1 << c) - 1) << f  # the slots the run covers
        if local and not all(run & mask for mask in local):
            return None
        if any(run & slot and c != n for slot, n in exact):
            return None
        ors = 0
        for mask, bit in flags:
            if run & mask:
                ors |= bit
        delta = 0
        for mask, at in tallies:
            delta += (run & mask).bit_count() << at
        return delta, ors

    def _pair_rules(self, t: int, code: int) -> tuple[PairRule, ...]:
        """The pairs to check after code ``t`` (as ``plan._Builder._pair_rules``)."""
        rules = []
        allowed = self.norm.allowed
        for k, pair in enumerate(self.norm.pairs):
            (sa, ia), (sb, ib) = pair.first, pair.second
            first = [self.index[c] for c in allowed[sa][ia]]
            second = [self.index[c] for c in allowed[sb][ib]]
            start = min(second) if pair.relation == "le" else min(first + second)
            end = max(second) if pair.relation in ("le", "lt") else max(first + second)
            if start <= t <= end:
                rules.append(
                    PairRule(
                        pair.relation,
                        self._probe(pair.first, t),
                        self._probe(pair.second, t),
                        self.memory_shift[k],
                        self.norm.colours[code],
                        t == end,
                    )
                )
        return tuple(rules)

    def _probe(self, slot: tuple[int, int], t: int) -> tuple[int, int, int, int]:
        """Where a state tells whether ``slot`` is filled after code ``t``."""
        s, j = slot
        if self.level_bits[s]:
            return (self.shift[s], (1 << self.level_bits[s]) - 1, 0, j)
        return (0, 0, self.levels[s][t + 1][0], j)


def _step_memos(
    rows: tuple[dict[int, tuple[StandOption, ...]], ...],
    fields: list[tuple[int, int]],
    choices: tuple[Choice, ...],
    split: int,
) -> StepMemos:
    """A step's memos (per choice: key -> edges) and halves (per first stand: key -> half):
    those of the earlier steps of the same signature (``_STEPS``: its stands' options are built
    from the same data), else new ones."""
    memos: tuple[dict[int, tuple[Edge, ...]], ...] = ({},) if len(choices) == 1 else ({}, {})
    fresh: StepMemos = (memos, {0: {}, split: {}})
    if len(rows) < 2:  # a stand's ways are its options: nothing to join
        return fresh
    name = (
        tuple([row.sig for row in rows]),  # type: ignore[attr-defined]
        tuple(fields),
        tuple([q for _, q, _ in choices]),
        split,
    )
    found = _STEPS.get(name)
    if found is None:
        _trim(_STEPS, _STEPS_LIMIT)  # the joins stay: their entries keep what their keys name alive
        found = _STEPS[name] = fresh
    return found


def _bits(slots: frozenset[int]) -> int:
    """A set of slots as a bit mask."""
    return sum(1 << j for j in slots)


def _count_check(shift: int, slots: int, tally: Tally) -> Callable[[int], int | None]:
    low, high = tally.low, tally.high
    mask = (1 << slots.bit_length()) - 1

    def check(state: int) -> int | None:
        count = (state >> shift) & mask
        if low <= count <= high:
            return state - (count << shift)
        return None

    return check


def _pair_check(rules: tuple[PairRule, ...]) -> Callable[[int], int | None]:
    def check(state: int) -> int | None:
        for rule in rules:
            found = rule.apply(state)
            if found is None:
                return None
            state = found
        return state

    return check


def _multinomial(total: int, parts: list[int]) -> int:
    result = 1
    for part in parts:
        result *= comb(total, part)
        total -= part
    return result


# ---------------------------------------------------------------------- passes


class DirectTables:
    """Both passes over a direct plan: the total, fill-level weights and exact sampling."""

    def __init__(self, plan: DirectPlan) -> None:
        self.plan = plan
        self.layers, raws, visits = forward(plan) if plan.feasible else ([{}], [], [])
        self.dp_total = self.layers[-1].get(plan.final, 0)
        self.completions: list[Layer] = []
        self.afters: list[Layer] = []
        if self.dp_total:
            self.completions, self.afters = backward(plan, self.layers, raws, visits)
        self._fill: dict[int, dict[int, dict[int, int]]] = {}

    def fill_weights(self, stand: int, t: int) -> dict[int, int]:
        """The weight of each fill level of ``stand`` before code number ``t``."""
        levels = self.plan.levels[stand][t]
        if len(levels) == 1:
            return {levels[0]: self.dp_total}
        found = self._fill.get(t)
        if found is None:
            found = self._fill[t] = self._boundary_weights(t)
        return found.get(stand, {})

    def _boundary_weights(self, t: int) -> dict[int, dict[int, int]]:
        plan = self.plan
        stands = [
            (s, shift, mask)
            for s, (shift, mask) in enumerate(plan.level_fields)
            if mask and len(plan.levels[s][t]) > 1
        ]
        result: dict[int, dict[int, int]] = {s: {} for s, _, _ in stands}
        sums = [(shift, mask, result[s]) for s, shift, mask in stands]
        front = self.layers[t]
        for state, back in self.completions[t].items():
            weight = front[state] * back
            for shift, mask, here in sums:
                level = (state >> shift) & mask
                if level in here:
                    here[level] += weight
                else:
                    here[level] = weight
        return result

    def all_slot_weights(self, universe: tuple[int, ...]) -> dict[tuple[int, int], dict[int, int]]:
        """Per DP slot, per code (``universe``: the codes as the walk names them), the weight of
        the worlds where the slot holds it (``Walk.slot_weights``). Slot ``j`` of a stand holds
        a code ``<= x`` when its level after ``x`` is over ``j``: the weight of the code at ``j``
        is the weight of the levels over ``j`` after it less that before it."""
        plan = self.plan
        total = self.dp_total
        ends = len(universe)
        sizes, all_levels, fields = plan.sizes, plan.levels, plan.level_fields
        # Per stand, per boundary where it has two levels or more: the weight of each level,
        # F * B summed over the live states (carried over a code the stand cannot take).
        by_level: list[list[list[int] | None]] = [[None] * (ends + 1) for _ in sizes]
        for t in range(1, ends):
            moved = plan.steps[t - 1].stands
            sums = []
            for s, (shift, mask) in enumerate(fields):
                if mask and len(all_levels[s][t]) > 1:
                    carried = by_level[s][t - 1]
                    if carried is not None and s not in moved:
                        by_level[s][t] = carried
                        continue
                    here = by_level[s][t] = [0] * (sizes[s] + 1)
                    sums.append((shift, mask, here))
            if sums:
                _level_sums(self.layers[t], self.completions[t], sums)
        result: dict[tuple[int, int], dict[int, int]] = {}
        for s, size in enumerate(sizes):
            stand_levels, weights = all_levels[s], by_level[s]
            per_slot: list[dict[int, int]] = [{} for _ in range(size)]
            over: list[int] | None = None  # the weight of the levels over j, before the code
            for t, code in enumerate(universe):
                now, then = stand_levels[t], stand_levels[t + 1]
                low, high = now[0], then[-1]
                if high == low:
                    over = None
                    continue
                if len(now) == 1 and len(then) == 1:  # a forced run
                    for j in range(low, high):
                        per_slot[j][code] = total
                    over = None
                    continue
                if over is None:
                    over = _over(weights[t], low, size, total)
                elif weights[t + 1] is weights[t] is not None:
                    continue  # carried over a code it cannot take: no slot gains it
                after = _over(weights[t + 1], then[0], size, total)
                for j in range(low, high):
                    gained = after[j] - over[j]
                    if gained:
                        per_slot[j][code] = gained
                over = after
            for j, codes in enumerate(per_slot):
                result[(s, j)] = codes
        return result

    def sample(self, rng: Random) -> list[tuple[int, ...]]:
        """Every stand's codes in one world drawn with its exact probability (walk order)."""
        plan = self.plan
        state = 0
        states = [state]
        for t, step in enumerate(plan.steps):
            after = self.afters[t]
            pick = rng.randrange(self.completions[t][state])
            counter = (state >> step.counter_shift) & step.counter_mask
            chosen = None
            for choice, (extra, _, ok) in enumerate(step.choices):
                if ok is not None and not ok[counter]:
                    continue
                base = (state | step.ors) + extra
                for delta, mult, ors in step.edges(choice, state & step.key_mask):
                    target = (base + delta) | ors
                    pick -= mult * after.get(target, 0)
                    if pick < 0:
                        chosen = target
                        break
                if chosen is not None:
                    break
            assert chosen is not None, "completion weights do not add up"
            finished = step.finish(chosen)
            assert finished is not None
            state = finished
            states.append(state)
        return [self._stand_codes(s, size, states) for s, size in enumerate(plan.sizes)]

    def _stand_codes(self, s: int, size: int, states: list[int]) -> tuple[int, ...]:
        plan = self.plan
        shift, mask = plan.level_fields[s]
        levels = plan.levels[s]
        codes: list[int] = []
        previous = 0
        for t, code in enumerate(plan.universe):
            current = (states[t + 1] >> shift) & mask if mask else levels[t + 1][0]
            codes += [code] * (current - previous)
            previous = current
        assert len(codes) == size
        return tuple(codes)


# What the forward pass met at a step, for the backward pass: per choice, its forced runs' delta
# and the states it dealt from (with at least one way) with their edges.
Visits = list[tuple[int, list[tuple[int, tuple[Edge, ...]]]]]


def forward(plan: DirectPlan) -> tuple[list[Layer], list[Layer | None], list[Visits]]:
    """The states before every code with the weight of their prefixes (the last: the end); per
    step with checks after its code, the states right after the code, before ``finish``; per
    step, what it met (``Visits``; empty where the states only move as one)."""
    layer: Layer = {0: 1}
    layers = [layer]
    raws: list[Layer | None] = []
    visits: list[Visits] = []
    for step in plan.steps:
        key_mask, ors = step.key_mask, step.ors
        shift, mask = step.counter_shift, step.counter_mask
        met: Visits = []
        if not step.moves:
            extra = step.choices[0][0]  # only forced runs: the states move as one
            nxt = {s + extra: w for s, w in layer.items()} if extra else layer
        else:
            nxt = {}
            for choice, (extra, q, ok) in enumerate(step.choices):
                memo = step.memos[choice]
                items = (
                    layer.items()
                    if ok is None
                    else [(s, w) for s, w in layer.items() if ok[(s >> shift) & mask]]
                )
                seen: list[tuple[int, tuple[Edge, ...]]] = []
                met.append((extra, seen))
                add = seen.append
                flagged = step.flagged
                split, head_mask = step.split, step.head_mask
                heads, tails = step.halves[0], step.halves[split]
                for state, weight in items:
                    key = state & key_mask
                    edges = memo.get(key)
                    if edges is None:
                        if split:  # as ``DirectStep.edges``, inline
                            head_key = key & head_mask
                            head = heads.get(head_key)
                            if head is None:
                                head = step.half(0, head_key)
                            tail = tails.get(key - head_key)
                            if tail is None:
                                tail = step.half(split, key - head_key)
                            name = (id(head), id(tail), q)
                            cached = _JOINS.get(name)
                            if cached is None:
                                edges = _join(head, tail, q)
                                _join_cached(name, (edges, head, tail))
                            else:
                                edges = cached[0]
                            memo[key] = edges
                        else:
                            edges = step.edges(choice, key)
                    if not edges:
                        continue
                    add((state, edges))
                    if flagged:
                        base = (state | ors) + extra
                        for delta, mult, bits in edges:
                            target = (base + delta) | bits
                            if target in nxt:
                                nxt[target] += weight * mult
                            else:
                                nxt[target] = weight * mult
                    else:
                        base = state + extra
                        for delta, mult, _ in edges:
                            target = base + delta
                            if target in nxt:
                                nxt[target] += weight * mult
                            else:
                                nxt[target] = weight * mult
        visits.append(met)
        if step.check_mask or step.filters:
            raws.append(nxt)
            done: Layer = {}
            if step.filters:
                finish = step.finish
                for state, weight in nxt.items():
                    found = finish(state)
                    if found is not None:
                        if found in done:
                            done[found] += weight
                        else:
                            done[found] = weight
            else:  # the checks clear their bits: distinct states stay distinct
                check_mask, check_value = step.check_mask, step.check_value
                done = {
                    state ^ check_value: weight
                    for state, weight in nxt.items()
                    if state & check_mask == check_value
                }
            nxt = done
        else:
            raws.append(None)
        layer = nxt
        layers.append(layer)
    return layers, raws, visits


def backward(
    plan: DirectPlan, layers: list[Layer], raws: list[Layer | None], visits: list[Visits]
) -> tuple[list[Layer], list[Layer]]:
    """Per boundary, the completion weight of each live state; per step, the completion weight
    of each state right after its code (before ``finish``)."""
    after: Layer = {plan.final: 1}
    completions = [after]
    afters: list[Layer] = []
    for k in range(len(plan.steps) - 1, -1, -1):
        step = plan.steps[k]
        raw = raws[k]
        if raw is not None:
            get = after.get
            unfinished: Layer = {}
            if step.filters:
                finish = step.finish
                for state in raw:
                    found = finish(state)
                    if found is not None:
                        weight = get(found)
                        if weight:
                            unfinished[state] = weight
            else:
                check_mask, check_value = step.check_mask, step.check_value
                for state in raw:
                    if state & check_mask == check_value:
                        weight = get(state ^ check_value)
                        if weight:
                            unfinished[state] = weight
            after = unfinished
        afters.append(after)
        before: Layer = {}
        get = after.get
        layer = layers[k]
        if not step.moves:
            extra = step.choices[0][0]  # only forced runs (as ``forward``)
            if not extra and layer is layers[k + 1]:
                before = after
            else:
                for state in layer:
                    found = get(state + extra)
                    if found:
                        before[state] = found
            after = before
            completions.append(before)
            continue
        ors = step.ors
        met = visits[k]
        flagged = step.flagged
        once = len(met) == 1  # one choice: each state was dealt from once
        for extra, seen in met:
            for state, edges in seen:
                total = 0
                if flagged:
                    base = (state | ors) + extra
                    for delta, mult, bits in edges:
                        found = get((base + delta) | bits)
                        if found:
                            total += found * mult
                else:
                    base = state + extra
                    for delta, mult, _ in edges:
                        found = get(base + delta)
                        if found:
                            total += found * mult
                if total:
                    if once or state not in before:
                        before[state] = total
                    else:
                        before[state] += total
        after = before
        completions.append(before)
    completions.reverse()
    afters.reverse()
    return completions, afters
