"""Fill levels: how far one stand can be filled after each prefix of the codes.

After the codes up to ``x`` are dealt, a stand is filled up to some level ``f``: its slots ``< f``
hold codes ``<= x`` and the others codes ``> x``. Looking at one stand alone, a level is possible
when the stand can reach it from empty and still be completed from it: each code's run must fit the
copies the stand can get and the allowed codes of the slots it covers, and meet the stand's own
one-code needs. The other stands are ignored, so these sets only prune; the DP does the rest.
Since a stand's runs and levels depend on nothing else but the copies it may get, ``stand_levels``
keeps them across solves (``_STANDS``): the positions a bot weighs around the one it solved share
all their stands but one or two.

>>> allowed = (frozenset({10}), frozenset({10, 20}), frozenset({20}))
>>> fill_levels(run_lengths(allowed, (10, 20), {10: 2, 20: 2}), (10, 20), {})
[[0], [1, 2], [3]]
"""

from __future__ import annotations

from engine.redwire.deduction.normalize import Normalized


def run_lengths(
    allowed: tuple[frozenset[int], ...],
    universe: tuple[int, ...],
    copies: dict[int, int],
    index: dict[int, int] | None = None,
) -> list[list[int]]:
    """Per code, per slot ``f`` (0..size): the longest run of that code that may start at ``f``
    (consecutive slots allowing it, at most its copies; ``index``: each code's number, if known)."""
    size = len(allowed)
    if index is None:
        index = {code: t for t, code in enumerate(universe)}
    caps = [copies[code] for code in universe]
    caps = [cap if cap > 0 else 0 for cap in caps]
    result = [[0] * (size + 1) for _ in universe]
    for j in range(size - 1, -1, -1):  # a slot's allowed codes only: most slots allow few
        for code in allowed[j]:
            t = index[code]
            run = result[t]
            longer = run[j + 1] + 1
            cap = caps[t]
            run[j] = longer if longer < cap else cap
    return result


def fill_levels(
    runs: list[list[int]], universe: tuple[int, ...], needs: dict[int, list[frozenset[int]]]
) -> list[list[int]]:
    """Per prefix length ``t`` (0..len(universe)), the sorted possible fill levels of the stand.

    ``runs`` comes from ``run_lengths``; ``needs[code]`` lists slot sets that must each meet the
    run of ``code``.
    """
    size = len(runs[0]) - 1 if runs else 0
    if not needs:
        return _interval_levels(runs, size)

    firsts = {
        code: [
            [min((j for j in slots if j >= f), default=size) for f in range(size + 1)]
            for slots in sets
        ]
        for code, sets in needs.items()
    }

    def counts(t: int, f: int) -> range:
        """The counts c such that code number ``t`` may fill slots f .. f + c - 1: enough to
        reach the first slot of each of its need's sets from ``f``."""
        least = max((first[f] - f + 1 for first in firsts.get(universe[t], ())), default=0)
        return range(least, runs[t][f] + 1)

    # Sets of levels are bit sets (bit f: level f), the stands being short.
    reach = [1]
    for t in range(len(universe)):
        run = runs[t]
        level = 0
        if universe[t] in needs:
            for f in _members(reach[-1]):
                for c in counts(t, f):
                    level |= 1 << (f + c)
        else:  # from each interval [a, b] of levels: [a, b + run[b]] (see _interval_levels)
            for low, high in _intervals(reach[-1]):
                level |= ((2 << (high + run[high] - low)) - 1) << low
        reach.append(level)
    after = reach[-1] & (1 << size)
    levels = [after]
    for t in range(len(universe) - 1, -1, -1):
        run = runs[t]
        keep = 0
        if universe[t] in needs:
            for f in _members(reach[t]):
                if any(after >> (f + c) & 1 for c in counts(t, f)):
                    keep |= 1 << f
        else:  # some level of ``after`` lies in [f, f + run]
            for f in _members(reach[t]):
                if (after >> f) & ((2 << run[f]) - 1):
                    keep |= 1 << f
        levels.append(keep)
        after = keep
    levels.reverse()
    return [_members(level) for level in levels]


def _interval_levels(runs: list[list[int]], size: int) -> list[list[int]]:
    """``fill_levels`` without needs: every set of levels is an interval. From ``[a, b]`` a code
    reaches ``[a, b + run[b]]`` (``f + run[f]`` never decreases with ``f``, so the runs' spans
    overlap), and a level ``f`` of ``[a, b]`` can go on to ``[c, d]`` when ``f <= d`` and
    ``f + run[f] >= c``.

    >>> _interval_levels([[1, 1, 0], [2, 1, 0]], 2)  # code 0 fits slot 0 or 1, code 1 both
    [[0], [0, 1], [2]]
    """
    highs = [0]  # the highest level each prefix reaches (the lowest is 0)
    high = 0
    for run in runs:
        high += run[high]
        high = high if high < size else size
        highs.append(high)
    if high < size:
        return [[] for _ in highs]
    levels: list[list[int]] = [[]] * len(highs)
    levels[-1] = [size]
    after_low = after_high = size
    for t in range(len(runs) - 1, -1, -1):
        run = runs[t]
        high = highs[t]
        high = high if high < after_high else after_high
        low = 0
        while low <= high and low + run[low] < after_low:
            low += 1
        if low > high:
            return [[] for _ in highs]
        levels[t] = list(range(low, high + 1))
        after_low, after_high = low, high
    return levels


def _intervals(bits: int) -> list[tuple[int, int]]:
    """The maximal runs of set bits of ``bits``, as ``(first, last)``.

    >>> _intervals(0b1110_0110)
    [(1, 2), (5, 7)]
    """
    found = []
    while bits:
        low = (bits & -bits).bit_length() - 1
        run = bits >> low
        length = (~run & (run + 1)).bit_length() - 1
        found.append((low, low + length - 1))
        bits &= ~(((1 << length) - 1) << low)
    return found


def _members(bits: int) -> list[int]:
    """The set bits of ``bits``, ascending."""
    return [f for f in range(bits.bit_length()) if bits >> f & 1]


LocalNeeds = dict[tuple[int, int], list[frozenset[int]]]
# A stand's ``run_lengths`` and ``fill_levels`` as ``stand_levels`` gives them: tuples, not lists,
# so that the collector stops scanning them once it has seen they hold only ints (``_STANDS`` keeps
# thousands of stands, 40-odd lists each: most of what a full collection scanned, ~0.1 s).
Runs = tuple[tuple[int, ...], ...]  # per code, per slot
Fills = tuple[tuple[int, ...], ...]  # per boundary, the stand's possible levels
Levels = tuple[list[dict[int, int]], list[Runs], list[Fills]]


def local_needs(norm: Normalized) -> LocalNeeds:
    """The needs on one stand and one code, by ``(stand, code)``: the slot sets the run of that
    code on that stand must meet (the others need flags in the DP)."""
    found: LocalNeeds = {}
    for need in norm.needs:
        if len(need.slots) == 1 and len(need.codes) == 1:
            ((stand, slots),) = need.slots.items()
            (code,) = need.codes
            found.setdefault((stand, code), []).append(slots)
    return found


def stand_levels(norm: Normalized, local_needs: LocalNeeds) -> Levels:
    """Per stand: the copies of each code it can hold (those not pinned, a one-code slot, on
    another stand), its ``run_lengths`` and its ``fill_levels`` (``local_needs[(stand, code)]``:
    slot sets the run of ``code`` on ``stand`` must meet). Both engines read them."""
    pinned: list[dict[int, int]] = []
    for stand_codes in norm.allowed:
        count: dict[int, int] = {}
        for codes in stand_codes:
            if len(codes) == 1:
                (only,) = codes
                count[only] = count.get(only, 0) + 1
        pinned.append(count)
    free = dict(norm.copies)  # copies not pinned anywhere
    for count in pinned:
        for c, n in count.items():
            free[c] -= n
    available = []
    for here in pinned:
        mine = dict(free)
        for c, n in here.items():
            mine[c] += n
        available.append(mine)
    runs = []
    levels = []
    universe = norm.universe
    index: dict[int, int] | None = None
    for s, stand in enumerate(norm.allowed):
        own = {c: slots for (st, c), slots in local_needs.items() if st == s} if local_needs else {}
        name = None if own else (stand, universe, tuple(map(available[s].__getitem__, universe)))
        found = _STANDS.get(name) if name is not None else None
        if found is None:
            if index is None:
                index = {code: t for t, code in enumerate(universe)}
            stand_runs = run_lengths(stand, universe, available[s], index)
            if not own and len(pinned[s]) and sum(pinned[s].values()) == len(stand):
                fills = known_levels(stand, universe, available[s])
            else:
                fills = fill_levels(stand_runs, universe, own)
            found = (tuple(map(tuple, stand_runs)), tuple(map(tuple, fills)))
            if name is not None:
                if len(_STANDS) >= _STANDS_KEPT:
                    _STANDS.clear()
                _STANDS[name] = found
        runs.append(found[0])
        levels.append(found[1])
    return available, runs, levels


# A stand's runs and levels depend only on its slots' codes and the copies it may get: kept
# across solves (never changed by their readers), so that the positions a bot weighs around the
# one it solved (``count_worlds`` of the position with one more fact: every other stand is the
# same) and a position solved again do not build them again. Emptied past ``_STANDS_KEPT``.
_STANDS: dict[
    tuple[tuple[frozenset[int], ...], tuple[int, ...], tuple[int, ...]], tuple[Runs, Fills]
] = {}
_STANDS_KEPT = 2048  # a full collection scans what it keeps (``direct._CACHE_LIMIT``)


def forget() -> None:
    """Empty the stands' levels kept across solves (to time cold solves)."""
    _STANDS.clear()


def known_levels(
    stand: tuple[frozenset[int], ...], universe: tuple[int, ...], copies: dict[int, int]
) -> list[list[int]]:
    """The levels of a stand whose every code is known (``fill_levels`` without its search: one
    level per prefix; none when the codes are not sorted or exceed the copies it can get).

    >>> known_levels((frozenset({10}), frozenset({30})), (10, 20, 30), {10: 1, 20: 1, 30: 1})
    [[0], [1], [1], [2]]
    """
    codes = [min(c) for c in stand]
    levels = [[0]]
    filled = 0
    for code in universe:
        start = filled
        while filled < len(codes) and codes[filled] == code:
            filled += 1
        if filled - start > copies[code]:
            break
        levels.append([filled])
    if filled != len(codes) or len(levels) != len(universe) + 1:
        return [[] for _ in range(len(universe) + 1)]
    return levels
