"""Normalise a ``Position`` into per-slot allowed code sets and the facts the DP must track.

What can be settled slot by slot is settled here, so the dynamic programme only carries what
really couples slots:

* every slot gets its set of allowed codes (known slot: one code; hidden: the pool, minus what the
  facts rule out), narrowed by sortedness (a slot's codes lie between its neighbours' codes);
* an ``AtLeastOne`` fact drops the slots that cannot hold its codes, disappears when one slot must
  hold them, becomes a ``SlotIn`` when one slot is left, and makes the position impossible when
  none is left;
* a ``Label`` whose one side has a known class becomes a ``SlotIn`` / ``SlotNotIn`` on the other.

>>> from engine.redwire.deduction.position import Pool, Position, Stand
>>> from engine.redwire.deduction.facts import SlotIn
>>> pos = Position(Pool(((1, 2), (2, 1))), (Stand(0, (None, None)), Stand(1, (None,))))
>>> norm = normalize(pos.with_facts(SlotIn((0, 0), (20,))))   # then slot 1 is a 2 as well
>>> [sorted(a) for a in norm.allowed[0]], norm.feasible
([[20], [20]], True)
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.redwire.deduction.codes import class_of, colour_rank
from engine.redwire.deduction.facts import AtLeastOne, Label, SlotIn, SlotNotIn
from engine.redwire.deduction.position import Position


@dataclass(frozen=True)
class Need:
    """At least one of ``slots`` (per stand: slot indices) holds one of ``codes``."""

    slots: dict[int, frozenset[int]]
    codes: frozenset[int]


@dataclass(frozen=True)
class Normalized:
    """A position reduced to what the DP needs (``feasible`` False: no world fits)."""

    universe: tuple[int, ...]
    copies: dict[int, int]
    groups: tuple[tuple[tuple[int, ...], int], ...]  # "k of m": (candidates, k)
    allowed: tuple[tuple[frozenset[int], ...], ...]
    needs: tuple[Need, ...]
    labels: tuple[tuple[int, int, bool], ...]  # (stand, left slot, same class)
    colours: dict[int, int]  # code -> 0 blue, 1 yellow, 2 red (still right once mirrored)
    feasible: bool

    def mirrored(self) -> Normalized:
        """The same problem seen from the other end: the codes negated (so their order is
        reversed) and every stand read right to left. It has the same worlds and weights; the
        solver may walk it instead when that walk meets the tight constraints first."""
        sizes = [len(stand) for stand in self.allowed]
        return Normalized(
            universe=tuple(sorted(-c for c in self.universe)),
            copies={-c: n for c, n in self.copies.items()},
            groups=tuple((tuple(sorted(-c for c in cands)), k) for cands, k in self.groups),
            allowed=tuple(
                tuple(frozenset(-c for c in codes) for codes in reversed(stand))
                for stand in self.allowed
            ),
            needs=tuple(
                Need(
                    {s: frozenset(sizes[s] - 1 - i for i in ix) for s, ix in need.slots.items()},
                    frozenset(-c for c in need.codes),
                )
                for need in self.needs
            ),
            labels=tuple(sorted((s, sizes[s] - 2 - i, same) for s, i, same in self.labels)),
            colours={-c: rank for c, rank in self.colours.items()},
            feasible=self.feasible,
        )


def normalize(position: Position) -> Normalized:
    """Settle what can be settled per slot; see the module docstring."""
    universe = position.pool.universe()
    everything = frozenset(universe)
    allowed = [
        [everything if code is None else frozenset((code,)) for code in stand.slots]
        for stand in position.stands
    ]
    needs: list[tuple[list[tuple[int, int]], frozenset[int]]] = []
    labels: list[tuple[int, int, bool]] = []
    for fact in position.facts:
        if isinstance(fact, SlotIn):
            s, i = fact.slot
            allowed[s][i] = allowed[s][i] & frozenset(fact.codes)
        elif isinstance(fact, SlotNotIn):
            s, i = fact.slot
            allowed[s][i] = allowed[s][i] - frozenset(fact.codes)
        elif isinstance(fact, AtLeastOne):
            needs.append((list(fact.slots), frozenset(fact.codes) & everything))
        elif isinstance(fact, Label):
            labels.append((fact.slot[0], fact.slot[1], fact.same))
    feasible = _settle(allowed, needs, labels)
    return Normalized(
        universe=universe,
        copies=position.pool.copies(),
        groups=tuple((g.candidates, g.keep) for g in position.pool.groups),
        allowed=tuple(tuple(stand) for stand in allowed),
        needs=tuple(_need(slots, codes) for slots, codes in needs) if feasible else (),
        labels=tuple(sorted(set(labels))) if feasible else (),
        colours={code: colour_rank(code) for code in universe},
        feasible=feasible,
    )


def _need(slots: list[tuple[int, int]], codes: frozenset[int]) -> Need:
    per_stand: dict[int, set[int]] = {}
    for s, i in slots:
        per_stand.setdefault(s, set()).add(i)
    return Need({s: frozenset(ix) for s, ix in sorted(per_stand.items())}, codes)


def _settle(
    allowed: list[list[frozenset[int]]],
    needs: list[tuple[list[tuple[int, int]], frozenset[int]]],
    labels: list[tuple[int, int, bool]],
) -> bool:
    """Narrow ``allowed`` and simplify ``needs`` / ``labels`` in place until nothing changes."""
    changed = True
    while changed:
        changed = False
        for stand in allowed:
            changed |= _sort_bounds(stand)
            if not all(stand):
                return False
        kept_needs = []
        for slots, codes in needs:
            live = [(s, i) for s, i in slots if allowed[s][i] & codes]
            if not live:
                return False
            if any(allowed[s][i] <= codes for s, i in live):
                changed = True  # certainly met
                continue
            if len(live) == 1:
                s, i = live[0]
                allowed[s][i] &= codes
                changed = True
                continue
            changed |= len(live) != len(slots)
            kept_needs.append((live, codes))
        needs[:] = kept_needs
        kept_labels = []
        for s, i, same in labels:
            left, right = allowed[s][i], allowed[s][i + 1]
            left_class, right_class = _single_class(left), _single_class(right)
            if left_class is None and right_class is None:
                kept_labels.append((s, i, same))
                continue
            changed = True
            if left_class is not None:
                allowed[s][i + 1] = _with_class(right, left_class, same)
            if right_class is not None:
                allowed[s][i] = _with_class(left, right_class, same)
            if not (allowed[s][i] and allowed[s][i + 1]):
                return False
        labels[:] = kept_labels
    return True


def _sort_bounds(stand: list[frozenset[int]]) -> bool:
    """Drop codes that sortedness rules out (below a left slot's least, above a right's most)."""
    changed = False
    low = -1
    for i, codes in enumerate(stand):
        if codes and min(codes) < low:
            stand[i] = frozenset(c for c in codes if c >= low)
            changed = True
        if stand[i]:
            low = min(stand[i])
    high = 1 << 30
    for i in range(len(stand) - 1, -1, -1):
        codes = stand[i]
        if codes and max(codes) > high:
            stand[i] = frozenset(c for c in codes if c <= high)
            changed = True
        if stand[i]:
            high = max(stand[i])
    return changed


def _single_class(codes: frozenset[int]) -> int | None:
    classes = {class_of(c) for c in codes}
    return classes.pop() if len(classes) == 1 else None


def _with_class(codes: frozenset[int], cls: int, same: bool) -> frozenset[int]:
    return frozenset(c for c in codes if (class_of(c) == cls) == same)
