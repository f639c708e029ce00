"""Building the packed plan faster must build the same plan: the places of the counters and need
flags (``packed_plan._rank_places``, the sets of places active summed once each) against the plain
sum over every code of every order, on random spans."""

from __future__ import annotations

import random
from itertools import permutations

from engine.redwire.deduction import packed_plan
from engine.redwire.deduction.packed_plan import _places, _rank_places


def _plain_rank(widths: list[int], spans: list[list[tuple[int, int]]]) -> list[int]:
    """``_rank_places`` as it was first written: every order, each summed code by code."""
    codes = max((last for found in spans for _, last in found), default=-1) + 1
    active = [
        frozenset(p for p, found in enumerate(spans) if any(a <= t <= b for a, b in found))
        for t in range(codes)
    ]
    if len(widths) > 5:
        return sorted(range(len(widths)), key=lambda p: -sum(1 for now in active if p in now))
    best: tuple[int, list[int]] | None = None
    for ranked in permutations(range(len(widths))):
        lengths = [1]
        for p in ranked:
            lengths.append(lengths[-1] * widths[p])
        rank = {p: r for r, p in enumerate(ranked)}
        total = sum(lengths[max((rank[p] + 1 for p in now), default=0)] for now in active)
        if best is None or total < best[0]:
            best = (total, list(ranked))
    assert best is not None
    return best[1]


def _random_spans(rng: random.Random) -> tuple[list[int], list[list[tuple[int, int]]]]:
    places, codes = rng.randint(1, 6), rng.randint(1, 20)
    widths = [rng.randint(2, 5) for _ in range(places)]
    spans = []
    for _ in range(places):
        found = []
        for _ in range(rng.randint(1, 3)):
            first = rng.randrange(codes)
            found.append((first, rng.randint(first, codes - 1)))
        spans.append(found)
    return widths, spans


def test_rank_places_is_the_plain_sums_order() -> None:
    """The same order as the plain sum, ties included (the first of the shortest)."""
    rng = random.Random(1201)
    for _ in range(3000):
        widths, spans = _random_spans(rng)
        assert _rank_places(widths, spans) == _plain_rank(widths, spans), (widths, spans)


def test_places_are_kept_and_given_afresh() -> None:
    """``_places`` gives the same places from its cache, in lists of its caller's own."""
    packed_plan.forget()
    tops = [(0, 2, 3), (5, 5, 2), (5, 5, 2), (1, 6, 2)]
    first = _places(tops)
    expected = (list(first[0]), list(first[1]))
    assert expected == ([1, 1, 2, 0], [2, 3, 2])  # the 2-wide flags 1-6 lowest: longest active
    first[0].append(99)  # a caller's list: the cache's copy is not touched
    first[1][0] = 7
    assert _places(tops) == expected
    packed_plan.forget()
    assert _places(tops) == expected
