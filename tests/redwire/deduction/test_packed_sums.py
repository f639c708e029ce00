"""The packed marginals' sums of ``F * B`` by key (``packed_passes._accumulate``) against brute
force: random layers (narrow and wide slots, forward and backward layers of different byte
widths, slots of two machine words) and random key lists (one to five), with no live state,
one, few or most, their weights read as 64-bit words wherever they fit (``_words``,
``WORD_DENSITY`` 0) and never; then random small positions and counted shares solved both
ways, the implicit stand's key folded into a chunk's (``_fold_chunk``) always and never."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from math import prod

import pytest

from engine.redwire.deduction import Position, packed_passes
from engine.redwire.deduction.packed_passes import _accumulate, _level_keys, _unfold, _words
from tests.redwire.deduction.test_count_shares import (
    test_counted_shares_are_exact as check_counted_shares,
)
from tests.redwire.deduction.test_oracle import check_against_oracle
from tests.redwire.deduction.test_packed_relayout import GENERATOR_IDS, GENERATORS

#: ``WORD_DENSITY`` values: words wherever the weights fit one, and never.
MODES = [0.0, 2.0]


def _packed(values: list[int], width: int) -> bytes:
    """The values as slots of ``width`` bytes, little-endian (as ``_live_bytes`` cuts them)."""
    return b"".join(v.to_bytes(width, "little") for v in values)


def _layers(rng: random.Random, case: int) -> tuple[list[int], list[int], list[int], int, int]:
    """Live states (none, one, few or most: ``case``) of a random number of states, forward and
    backward weights (also beyond the live states, one of the two only: reached but not
    completing, or the other way; none past the last live state, which ends the layers' bytes)
    and their slot widths in bytes (16 both at times: two machine words)."""
    size = rng.randint(1, 300)
    share = (0.0, 0.0, 0.1, 0.9)[case]
    live = sorted(i for i in range(size) if rng.random() < share)
    if case == 1 or (case > 1 and not live):
        live = [rng.randrange(size)]
    end = live[-1] + 1 if live else 0
    if rng.random() < 0.2:
        front_width = back_width = 16
    else:
        front_width, back_width = rng.randint(1, 17), rng.randint(1, 17)
    front_bytes = rng.randint(1, front_width)  # one word, two or more
    back_bytes = rng.randint(1, back_width)
    front, back = [0] * end, [0] * end
    for i in range(end):
        alive = i in live
        if alive or rng.random() < 0.5:
            front[i] = _weight(rng, front_bytes)
        if alive or (not front[i] and rng.random() < 0.5):
            back[i] = _weight(rng, back_bytes)
    return live, front, back, front_width, back_width


def _weight(rng: random.Random, nbytes: int) -> int:
    """A weight of at most ``nbytes`` bytes, the greatest at times."""
    top = (1 << (8 * nbytes)) - 1
    return top if rng.random() < 0.1 else rng.randint(1, top)


def _brute(
    live: list[int], front: list[int], back: list[int], keys: list[tuple[list[int], int]]
) -> list[list[int]]:
    found = [[0] * span for _, span in keys]
    for i in live:
        for (key, _), sums in zip(keys, found, strict=True):
            sums[key[i]] += front[i] * back[i]
    return found


@pytest.mark.parametrize("density", MODES, ids=["words", "slices"])
@pytest.mark.parametrize("case", [0, 1, 2, 3], ids=["none-live", "one-live", "few-live", "most"])
def test_sums_are_brute_force(monkeypatch: pytest.MonkeyPatch, density: float, case: int) -> None:
    """The sums of ``F * B`` over the live states by each of one to eight key lists are brute
    force's; a layer is read as words exactly where every weight from the first live state on
    fits 16 bytes (with words forced), never else."""
    monkeypatch.setattr(packed_passes, "WORD_DENSITY", density)
    rng = random.Random(8100 + 10 * case + int(density))
    worded = 0
    for _ in range(300):
        live, front, back, front_width, back_width = _layers(rng, case)
        states = len(front)
        keys = []
        for _ in range(rng.randint(1, 8)):  # 4-6 and 7-8: two or three loops
            span = rng.randint(1, 12)
            keys.append(([rng.randrange(span) for _ in range(states + rng.randint(0, 5))], span))
        front_bytes, back_bytes = _packed(front, front_width), _packed(back, back_width)
        found = _accumulate(live, front_bytes, front_width, back_bytes, back_width, keys)
        assert found == _brute(live, front, back, keys)
        if not live:
            continue
        for layer, data, width in (
            (front, front_bytes, front_width),
            (back, back_bytes, back_width),
        ):
            top = max(layer[live[0] :]).bit_length()
            words = _words(live, data, width)
            assert (words is not None) == (top <= 128 and density == 0.0)
            assert words is None or len(words) == max(1, -(-top // 64))
            worded += words is not None
    assert worded >= (50 if density == 0.0 and case else 0), worded


def test_words_are_the_slots(monkeypatch: pytest.MonkeyPatch) -> None:
    """``_words`` reads each slot from the first live state's on as its value (and nothing
    below it) in one 64-bit word, or in a low and a high one, or gives ``None`` where a value
    there takes more than 16 bytes."""
    monkeypatch.setattr(packed_passes, "WORD_DENSITY", 0.0)
    rng = random.Random(8300)
    for _ in range(500):
        width = rng.randint(1, 17)
        values = [_weight(rng, rng.randint(1, width)) for _ in range(rng.randint(1, 60))]
        first = rng.randrange(len(values))
        found = _words([first], _packed(values, width), width)
        if max(values[first:]).bit_length() > 128:
            assert found is None
            continue
        assert found is not None
        read = [
            sum(word[i] << (64 * w) for w, word in enumerate(found)) for i in range(len(values))
        ]
        assert read == [0] * first + values[first:]


@pytest.fixture(params=MODES, ids=["words", "slices"])
def worded(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Weights read as words wherever they fit (``WORD_DENSITY`` 0), or never; and a check
    that the words were read in the first case and not in the other."""
    monkeypatch.setattr(packed_passes, "WORD_DENSITY", request.param)
    read = [0]
    words = packed_passes._words

    def counting(live: list[int], data: bytes, width: int) -> object:
        found = words(live, data, width)
        read[0] += found is not None
        return found

    monkeypatch.setattr(packed_passes, "_words", counting)
    yield
    assert (read[0] > 0) == (request.param == 0.0), read


@pytest.mark.usefixtures("worded")
@pytest.mark.parametrize(
    ("kind", "generator"),
    GENERATORS[:4],
    ids=GENERATOR_IDS[:4],
)
def test_marginals_by_words_and_by_slices_are_exact(
    kind: int, generator: Callable[[random.Random], Position]
) -> None:
    """Random small positions, weights read as words and as slices: every engine's and
    direction's totals, marginals, odds and drawn worlds are brute force's
    (``check_against_oracle``)."""
    for seed in range(40):
        rng = random.Random(820_000 + 1000 * kind + seed)
        check_against_oracle(generator(rng), rng)


@pytest.mark.usefixtures("worded")
def test_counted_shares_by_words_and_by_slices_are_exact() -> None:
    """The counted shares' joint weights (``PackedTables.count_weights``), read as words and as
    slices, are brute force's (``test_count_shares``)."""
    check_counted_shares()


def test_folded_keys_are_the_pairs() -> None:
    """A folded chunk's key (``_level_keys`` with ``fold``) is the pair ``chunk key * span +
    implicit key`` of the unfolded lists, state by state, and ``_unfold`` splits random sums by
    pair into the sums by chunk key and by implicit key."""
    rng = random.Random(8400)
    for _ in range(300):
        widths = tuple(rng.randint(1, 5) for _ in range(rng.randint(1, 5)))
        explicit = rng.randint(1, len(widths))
        active = tuple(d for d in range(explicit, len(widths)) if rng.random() < 0.5)
        cuts = sorted(rng.sample(range(1, explicit), rng.randint(0, explicit - 1)))
        chunks = tuple(zip([0, *cuts], [*cuts, explicit], strict=True))
        fold = rng.randrange(len(chunks))
        extent = rng.randint(1, 2 * prod(widths))
        plain = _level_keys(widths, explicit, active, chunks, extent)
        folded = _level_keys(widths, explicit, active, chunks, extent, fold)
        (implicit, span), (pairs, spans) = plain[-1], folded[fold]
        chunk, keys = plain[fold]
        assert spans == keys * span
        assert folded[:fold] + folded[fold + 1 :] == plain[:fold] + plain[fold + 1 : -1]
        states = min(len(pairs), len(chunk), len(implicit))
        assert states >= min(extent, prod(widths))
        pairs_made = [c * span + k for c, k in zip(chunk, implicit, strict=False)]
        assert pairs[:states] == pairs_made[:states]
        sums = [[rng.randint(0, 9) for _ in range(n)] for _, n in folded]
        split = _unfold(sums, fold, span)
        by_pair = sums[fold]
        assert split[fold] == [sum(by_pair[c * span : (c + 1) * span]) for c in range(keys)]
        assert split[-1] == [sum(by_pair[c * span + k] for c in range(keys)) for k in range(span)]
        assert split[:fold] + split[fold + 1 : -1] == sums[:fold] + sums[fold + 1 :]


@pytest.fixture(params=[0.0, 1e9], ids=["never", "always"])
def folding(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The implicit stand's key folded into a chunk's never or wherever there is one
    (``FOLD_PAIRS``), and a check that it was folded in the second case and not the first."""
    monkeypatch.setattr(packed_passes, "FOLD_PAIRS", request.param)
    folds = [0]
    unfold = packed_passes._unfold

    def counting(sums: list[list[int]], fold: int, span: int) -> list[list[int]]:
        folds[0] += 1
        return unfold(sums, fold, span)

    monkeypatch.setattr(packed_passes, "_unfold", counting)
    yield
    assert (folds[0] > 0) == (request.param > 0), folds


@pytest.mark.usefixtures("folding")
@pytest.mark.parametrize(
    ("kind", "generator"),
    GENERATORS[:4],
    ids=GENERATOR_IDS[:4],
)
def test_marginals_folded_or_not_are_exact(
    kind: int, generator: Callable[[random.Random], Position]
) -> None:
    """Random small positions, the implicit stand's key folded into a chunk's or not: every
    engine's and direction's totals, marginals, odds and drawn worlds are brute force's
    (``check_against_oracle``)."""
    for seed in range(40):
        rng = random.Random(830_000 + 1000 * kind + seed)
        check_against_oracle(generator(rng), rng)
