"""Normalise a ``Position`` into per-slot allowed code sets and the facts the DP must track.

What can be settled slot by slot is settled here, so the dynamic programme only carries what
really couples slots:

* the DP's stands: the stands as they were dealt (``Position.dealt``); a stand's sorted slots form
  one DP stand, and each of its ``unsorted`` slots a DP stand of one slot of its own (but a pair
  drawn together, ``Order(.., together=True)``: one sorted DP stand of its two slots, where equal
  codes weigh as one draw, as a sorted stand's do; mission 64's flipped pair) (so is every
  wire dealt to a pile: a stand nobody owns with no slot in order, as Nano's; the solver deals
  the interchangeable ones as one: ``symmetry.single_groups``)
  (``Normalized.place`` maps a position's slot to its DP slot). Where wires moved since the deal,
  the order of the stands as they are now is a set of pairs of slots;
* every slot gets its set of allowed codes (known slot: one code; hidden: the pool, minus what the
  facts rule out), narrowed by sortedness (a slot's codes lie between its neighbours' codes);
* a count (``Count``, ``AtLeastOne``) drops the slots that cannot hold its codes and counts those
  that must; it disappears when it is met whatever the others hold, turns into ``SlotIn`` /
  ``SlotNotIn`` facts when only one way is left, and makes the position impossible when none is.
  What is left is a ``Need`` (at least one) or a ``Tally`` (any other range) for the DP;
* a ``Label`` or ``SameClass`` whose one side has a known class becomes a ``SlotIn`` /
  ``SlotNotIn`` on the other; an ``Order`` narrows both sides to the codes it leaves them. Labels of
  neighbours stay ``labels``; other relations that are left are ``pairs`` for the DP.

A position whose every fact is on one stand (slot facts, counts within a stand: a mid-game's
"he holds a 5", info and failure tokens), its stands as dealt, is settled stand by stand, each
stand kept across solves by its slots and facts (``_by_stand``): a game's next position and a
bot's "what if" ones change a stand or two, and a stand settled alone is settled as well as
with the others, none of its facts reaching them.

>>> from engine.redwire.deduction.position import Pool, Position, Stand
>>> from engine.redwire.deduction.facts import SlotIn
>>> pos = Position(Pool(((1, 2), (2, 1))), (Stand(0, (None, None)), Stand(1, (None,))))
>>> norm = normalize(pos.with_facts(SlotIn((0, 0), (20,))))   # then slot 1 is a 2 as well
>>> [sorted(a) for a in norm.allowed[0]], norm.feasible
([[20], [20]], True)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from itertools import pairwise
from typing import Literal

from engine.redwire.deduction.codes import class_of, colour_rank
from engine.redwire.deduction.facts import (
    AtLeastOne,
    Count,
    Label,
    Multiplicity,
    Order,
    SameClass,
    SlotIn,
    SlotNotIn,
    SlotRef,
    class_codes,
)
from engine.redwire.deduction.position import Pool, Position

#: How two slots are tied: code(first) <= / < code(second), same class / different classes.
Relation = Literal["le", "lt", "same", "differ"]


@dataclass(frozen=True)
class Need:
    """At least one of ``slots`` (per stand: slot indices) holds one of ``codes``."""

    slots: dict[int, frozenset[int]]
    codes: frozenset[int]


@dataclass(frozen=True)
class Tally:
    """Between ``low`` and ``high`` of ``slots`` (per stand: slot indices) hold one of ``codes``."""

    slots: dict[int, frozenset[int]]
    codes: frozenset[int]
    low: int
    high: int


@dataclass(frozen=True)
class Pair:
    """Two DP slots tied by ``relation``."""

    first: SlotRef
    second: SlotRef
    relation: Relation


@dataclass(frozen=True)
class Normalized:
    """A position reduced to what the DP needs (``feasible`` False: no world fits)."""

    universe: tuple[int, ...]
    copies: dict[int, int]
    groups: tuple[tuple[tuple[int, ...], int], ...]  # "k of m": (candidates, k)
    allowed: tuple[tuple[frozenset[int], ...], ...]  # per DP stand, per slot
    needs: tuple[Need, ...]
    labels: tuple[tuple[int, int, bool], ...]  # (stand, left slot, same class)
    colours: dict[int, int]  # code -> 0 blue, 1 yellow, 2 red (still right once mirrored)
    feasible: bool
    tallies: tuple[Tally, ...] = ()
    pairs: tuple[Pair, ...] = ()
    place: tuple[tuple[SlotRef, ...], ...] = ()  # per position stand, per slot: its DP slot
    #: x1/x2/x3 tokens on a hidden slot: (DP stand, slot, n), the run of equal codes covering that
    #: slot holds exactly n slots (the sparse and direct engines' stand options keep only such
    #: runs; the packed engine deals such a code to the stand in one block and checks it there).
    runs: tuple[tuple[int, int, int], ...] = ()

    def mirrored(self) -> Normalized:
        """The same problem seen from the other end: the codes negated (so their order is
        reversed) and every stand read right to left. It has the same worlds and weights; the
        solver may walk it instead when that walk meets the tight constraints first."""
        sizes = [len(stand) for stand in self.allowed]

        def flip(slots: dict[int, frozenset[int]]) -> dict[int, frozenset[int]]:
            return {s: frozenset(sizes[s] - 1 - i for i in ix) for s, ix in slots.items()}

        def at(slot: SlotRef) -> SlotRef:
            return (slot[0], sizes[slot[0]] - 1 - slot[1])

        def negated(codes: frozenset[int]) -> frozenset[int]:
            found = _NEGATED.get(codes)
            if found is None:
                if len(_NEGATED) >= _KEEP:
                    _NEGATED.clear()
                found = _NEGATED[codes] = frozenset([-c for c in codes])
            return found

        return Normalized(
            universe=tuple(sorted(-c for c in self.universe)),
            copies={-c: n for c, n in self.copies.items()},
            groups=tuple((tuple(sorted(-c for c in cands)), k) for cands, k in self.groups),
            allowed=tuple(tuple(negated(codes) for codes in reversed(st)) for st in self.allowed),
            needs=tuple(Need(flip(n.slots), negated(n.codes)) for n in self.needs),
            labels=tuple(sorted((s, sizes[s] - 2 - i, same) for s, i, same in self.labels)),
            colours={-c: rank for c, rank in self.colours.items()},
            feasible=self.feasible,
            tallies=tuple(
                Tally(flip(t.slots), negated(t.codes), t.low, t.high) for t in self.tallies
            ),
            # Negated codes reverse an order: first <= second becomes second' <= first'.
            pairs=tuple(
                Pair(at(p.second), at(p.first), p.relation)
                if p.relation in ("le", "lt")
                else Pair(at(p.first), at(p.second), p.relation)
                for p in self.pairs
            ),
            place=tuple(tuple(map(at, stand)) for stand in self.place),
            runs=tuple((st, sizes[st] - 1 - i, n) for st, i, n in self.runs),
        )


def dp_stands(position: Position) -> tuple[tuple[SlotRef, ...], ...]:
    """Per stand of ``position``, per slot, its slot in the DP. The DP deals the stands as they
    were dealt (``Position.dealt``): the sorted slots of a dealt stand form one DP stand, and
    each unsorted slot a DP stand of its own.

    >>> from engine.redwire.deduction.position import Pool, Stand
    >>> pool = Pool.standard(range(1, 2))
    >>> dp_stands(Position(pool, (Stand(0, (None,) * 4, unsorted=frozenset({0})),)))
    (((1, 0), (0, 0), (0, 1), (0, 2)),)

    A pair drawn together (mission 64's flipped pair, the first and last slots) is one DP stand
    of two slots, the lower first:

    >>> pair = Stand(0, (None,) * 4, unsorted=frozenset({0, 3}))
    >>> dp_stands(Position(pool, (pair,), (Order((0, 0), (0, 3), together=True),)))
    (((1, 0), (0, 0), (0, 1), (1, 1)),)
    """
    origins = position.origins()
    loose = {origins[s][i] for s, stand in enumerate(position.stands) for i in stand.unsorted}
    mates = _drawn_together(position, origins, loose)
    # A stand nobody owns with no slot in order is a face-down pile (Nano's): it was dealt in no
    # order, so each wire dealt to it stays a place of its own where it lies now (sorted on a
    # player's stand, once taken).
    loose |= {
        origin
        for s, stand in enumerate(position.stands)
        if stand.owner is None and len(stand.unsorted) == len(stand.slots)
        for origin in _dealt_to(origins, s)
    }
    dealt: dict[int, list[int]] = {}
    for stand in origins:
        for s0, i0 in stand:
            dealt.setdefault(s0, []).append(i0)
    where: dict[SlotRef, SlotRef] = {}
    count = 0
    for s0 in sorted(dealt):
        ordered = [i0 for i0 in sorted(dealt[s0]) if (s0, i0) not in loose]
        if ordered:
            where.update({(s0, i0): (count, k) for k, i0 in enumerate(ordered)})
            count += 1
        for i0 in sorted(dealt[s0]):
            if (s0, i0) in loose and (s0, i0) not in where:
                where[(s0, i0)] = (count, 0)
                if (s0, i0) in mates:  # its mate: the second slot of the pair's one stand
                    mate, second = mates[(s0, i0)]
                    where[(s0, i0)] = (count, int(not second))
                    where[mate] = (count, int(second))
                count += 1
    return tuple(tuple(where[origin] for origin in stand) for stand in origins)


def _drawn_together(
    position: Position, origins: tuple[tuple[SlotRef, ...], ...], loose: set[SlotRef]
) -> dict[SlotRef, tuple[SlotRef, bool]]:
    """Per origin of a slot of a pair drawn together (``Order(.., together=True)``, both slots
    unsorted), its mate's origin and whether the mate is the pair's second (higher) slot."""
    mates: dict[SlotRef, tuple[SlotRef, bool]] = {}
    for fact in position.facts:
        if isinstance(fact, Order) and fact.together:
            first = origins[fact.first[0]][fact.first[1]]
            second = origins[fact.second[0]][fact.second[1]]
            if first in loose and second in loose and first not in mates and second not in mates:
                mates[first] = (second, True)
                mates[second] = (first, False)
    return mates


def _dealt_to(origins: tuple[tuple[SlotRef, ...], ...], stand: int) -> list[SlotRef]:
    """Every origin of a wire dealt to ``stand``, wherever it lies now."""
    return [origin for where in origins for origin in where if origin[0] == stand]


def _sorted_now(position: Position, place: tuple[tuple[SlotRef, ...], ...]) -> list[Pair]:
    """Stands are sorted now too: neighbours (but unsorted slots) of a stand that the DP does
    not deal in order (wires moved since the deal) are tied by an order."""
    pairs = []
    for stand, where in zip(position.stands, place, strict=True):
        ordered = [where[i] for i in stand.sorted_slots()]
        for a, b in pairwise(ordered):
            if a[0] != b[0] or a[1] > b[1]:
                pairs.append(Pair(a, b, "le"))
    return pairs


_Count = tuple[list[SlotRef], frozenset[int], int, int]  # slots, codes, low, high


@dataclass(frozen=True)
class _PoolData:
    """What ``normalize`` reads of a pool, the same for every position of a game."""

    copies: dict[int, int]  # never changed in place (``_settle_groups`` copies it first)
    universe: tuple[int, ...]
    everything: frozenset[int]
    groups: tuple[tuple[tuple[int, ...], int], ...]
    colours: dict[int, int]


# Per pool (the positions of a game, and the bots' "what if" positions, share theirs): built once
# rather than per solve (a few percent of a mid-game's solve). Emptied past ``_KEEP``.
_POOLS: dict[Pool, _PoolData] = {}


def _pool_data(pool: Pool) -> _PoolData:
    found = _POOLS.get(pool)
    if found is None:
        copies = pool.copies()
        universe = tuple(sorted(copies))
        if len(_POOLS) >= _KEEP:
            _POOLS.clear()
        found = _POOLS[pool] = _PoolData(
            copies,
            universe,
            frozenset(universe),
            tuple((g.candidates, g.keep) for g in pool.groups),
            {code: colour_rank(code) for code in universe},
        )
    return found


def normalize(position: Position) -> Normalized:
    """Settle what can be settled per slot; see the module docstring."""
    pool = _pool_data(position.pool)
    copies, universe, everything = pool.copies, pool.universe, pool.everything
    allowed: list[list[frozenset[int]]]
    moved = bool(position.dealt) or any(stand.unsorted for stand in position.stands)
    if moved:
        place = dp_stands(position)
        sizes: dict[int, int] = {}
        for where in place:
            for ds, di in where:
                sizes[ds] = max(sizes.get(ds, 0), di + 1)
        allowed = [[everything] * sizes[ds] for ds in range(len(sizes))]
        for stand, where in zip(position.stands, place, strict=True):
            for code, (ds, di) in zip(stand.slots, where, strict=True):
                if code is not None:
                    allowed[ds][di] = _single(code)

        def at(slot: SlotRef) -> SlotRef:
            return place[slot[0]][slot[1]]

    else:  # every stand is dealt as it lies: the DP's slots are the position's
        by_stand = _by_stand(position, pool)
        if by_stand is not None:
            return by_stand
        place = _identity_place(tuple(len(stand) for stand in position.stands))
        allowed = [
            [everything if code is None else _single(code) for code in stand.slots]
            for stand in position.stands
        ]

        def at(slot: SlotRef) -> SlotRef:
            return slot

    counts: list[_Count] = []
    labels: list[tuple[int, int, bool]] = []
    runs: list[tuple[int, int, int]] = []
    pairs: list[Pair] = _sorted_now(position, place) if position.dealt else []
    for fact in position.facts:
        if isinstance(fact, SlotIn):
            s, i = at(fact.slot)
            allowed[s][i] = allowed[s][i] & frozenset(fact.codes)
        elif isinstance(fact, SlotNotIn):
            s, i = at(fact.slot)
            allowed[s][i] = allowed[s][i] - frozenset(fact.codes)
        elif isinstance(fact, AtLeastOne):
            slots = [at(s) for s in fact.slots] if moved else list(fact.slots)
            counts.append((slots, frozenset(fact.codes) & everything, 1, len(slots)))
        elif isinstance(fact, Count):
            slots = [at(s) for s in fact.slots] if moved else list(fact.slots)
            counts.append((slots, frozenset(fact.codes) & everything, fact.low, fact.high))
        elif isinstance(fact, Label | SameClass):
            first, second = (
                (fact.slot, fact.right) if isinstance(fact, Label) else (fact.first, fact.second)
            )
            a, b = sorted((at(first), at(second)))
            if a[0] == b[0] and a[1] + 1 == b[1]:
                labels.append((a[0], a[1], fact.same))
            else:
                pairs.append(Pair(a, b, "same" if fact.same else "differ"))
        elif isinstance(fact, Order):
            first, second = at(fact.first), at(fact.second)
            # A pair drawn together is one sorted DP stand already (``dp_stands``).
            if not (fact.together and first[0] == second[0] and first[1] < second[1]):
                pairs.append(Pair(first, second, "lt" if fact.strict else "le"))
        elif isinstance(fact, Multiplicity) and native_run(position, fact):
            code = position.code(fact.slots[fact.at])
            if code is None:  # a run of n equal codes covers the slot
                s, i = at(fact.slots[fact.at])
                runs.append((s, i, fact.count))
            else:  # the class is known: exactly n of it on the stand
                slots = [at(s) for s in fact.slots]
                codes = frozenset(class_codes([class_of(code)])) & everything
                counts.append((slots, codes, fact.count, fact.count))
        else:  # a choice of conjunctions: the solver expands it first (``cases``)
            raise ValueError(f"{type(fact).__name__} facts are solved case by case: {fact}")
    return _settled(
        Normalized(
            universe=universe,
            copies=copies,
            groups=pool.groups,
            allowed=(),
            needs=(),
            labels=(),
            colours=pool.colours,
            feasible=True,
            place=place,
        ),
        allowed,
        counts,
        labels,
        pairs,
        tuple(runs),
    )


def _by_stand(position: Position, pool: _PoolData) -> Normalized | None:
    """``normalize`` of a position whose every fact is on one stand (slot facts, counts within a
    stand: a mid-game's "he holds a 5", info and failure tokens), from each stand settled alone
    (``_stand_settled``, kept across solves: a game's next position, and a bot's "what if"
    ones, change a stand or two). Those stands are independent, so settling them one by one
    reaches what settling them together does. ``None``: a fact couples stands or is of another
    kind, or a stand admits no code (the general path says it)."""
    facts: list[list[SlotIn | SlotNotIn | AtLeastOne | Count]] = [[] for _ in position.stands]
    for fact in position.facts:
        if isinstance(fact, SlotIn | SlotNotIn):
            facts[fact.slot[0]].append(fact)
        elif isinstance(fact, AtLeastOne | Count):
            stand = fact.slots[0][0] if fact.slots else -1
            if stand < 0 or any(s != stand for s, _ in fact.slots):
                return None
            facts[stand].append(fact)
        else:
            return None
    allowed: list[list[frozenset[int]]] = []
    counts: list[_Count] = []
    for s, dealt in enumerate(position.stands):
        name = (s, dealt.slots, tuple(map(_fact_key, facts[s])), pool.universe)
        found = _SETTLED.get(name)
        if found is None:
            found = _stand_settled(s, dealt.slots, facts[s], pool.everything)
            if len(_SETTLED) >= _KEEP:
                _SETTLED.clear()
            _SETTLED[name] = found
        if found is None:
            return None
        allowed.append(list(found[0]))
        counts += [(list(slots), codes, low, high) for slots, codes, low, high in found[1]]
    base = Normalized(
        universe=pool.universe,
        copies=pool.copies,
        groups=pool.groups,
        allowed=(),
        needs=(),
        labels=(),
        colours=pool.colours,
        feasible=True,
        place=_identity_place(tuple(len(stand) for stand in position.stands)),
    )
    return _settled(base, allowed, counts, [], [], settled=True)


StandSettled = tuple[
    tuple[frozenset[int], ...],
    tuple[tuple[tuple[SlotRef, ...], frozenset[int], int, int], ...],
]
# Per (stand, its slots, its facts, the pool's codes): the stand settled alone (``_by_stand``).
# Keyed by tuples of ints (``_fact_key``, the universe), not by the facts and the pool's set:
# a key of atoms is one the collector stops scanning, where a fact is two objects it scans at
# every full collection for as long as the entry lives (thousands of entries: 45k objects).
_SETTLED: dict[tuple[object, ...], StandSettled | None] = {}


def _fact_key(fact: SlotIn | SlotNotIn | AtLeastOne | Count) -> tuple[object, ...]:
    """A one-stand fact as a tuple of ints (equal for equal facts, as the facts compare)."""
    if isinstance(fact, SlotIn):
        return (0, fact.slot, fact.codes)
    if isinstance(fact, SlotNotIn):
        return (1, fact.slot, fact.codes)
    if isinstance(fact, AtLeastOne):
        return (2, fact.slots, fact.codes)
    return (3, fact.slots, fact.codes, fact.low, fact.high)


def forget() -> None:
    """Empty the stands settled alone kept across solves (to time cold solves)."""
    _SETTLED.clear()


def _stand_settled(
    s: int,
    slots: tuple[int | None, ...],
    facts: list[SlotIn | SlotNotIn | AtLeastOne | Count],
    everything: frozenset[int],
) -> StandSettled | None:
    """Stand ``s`` with its facts settled alone (``_settle``): its slots' codes and its counts
    left (``None``: no world fits it)."""
    allowed = [everything if code is None else _single(code) for code in slots]
    counts: list[_Count] = []
    for fact in facts:  # the stand is stand 0 of ``_settle``'s one-stand problem
        if isinstance(fact, SlotIn):
            allowed[fact.slot[1]] &= frozenset(fact.codes)
        elif isinstance(fact, SlotNotIn):
            allowed[fact.slot[1]] -= frozenset(fact.codes)
        else:
            low, high = (
                (1, len(fact.slots)) if isinstance(fact, AtLeastOne) else (fact.low, fact.high)
            )
            counts.append(
                ([(0, i) for _, i in fact.slots], frozenset(fact.codes) & everything, low, high)
            )
    if not all(allowed) or not _settle([allowed], counts, [], []):
        return None
    return tuple(allowed), tuple(
        (tuple([(s, i) for _, i in found]), codes, low, high) for found, codes, low, high in counts
    )


_PLACES: dict[tuple[int, ...], tuple[tuple[SlotRef, ...], ...]] = {}


def _identity_place(sizes: tuple[int, ...]) -> tuple[tuple[SlotRef, ...], ...]:
    """``Normalized.place`` when every slot is its own DP slot: the same for every position
    with stands of these sizes (kept across solves)."""
    found = _PLACES.get(sizes)
    if found is None:
        if len(_PLACES) >= _KEEP:
            _PLACES.clear()
        found = _PLACES[sizes] = tuple(
            tuple((s, i) for i in range(size)) for s, size in enumerate(sizes)
        )
    return found


def native_run(position: Position, fact: Multiplicity) -> bool:
    """Whether the DP takes a ``Multiplicity`` itself: its slots are a whole stand in order, no
    wire has moved and the stand is sorted throughout (else ``cases`` expands it)."""
    stand = fact.slots[0][0]
    return (
        not position.dealt
        and not position.stands[stand].unsorted
        and fact.slots == tuple((stand, i) for i in range(len(position.stands[stand])))
    )


def without_needs(norm: Normalized, dropped: list[int], forbidden: list[int]) -> Normalized:
    """``norm`` without its needs number ``dropped``, and with the needs number ``forbidden``
    turned round: none of their slots holds one of their codes (counting a need by subtraction:
    the worlds that meet it are all the worlds but those where none of its slots does).

    >>> from engine.redwire.deduction.position import Pool, Position, Stand
    >>> from engine.redwire.deduction.facts import AtLeastOne
    >>> pos = Position(Pool(((1, 2), (2, 2))), (Stand(0, (None, None)), Stand(1, (None, None))))
    >>> norm = normalize(pos.with_facts(AtLeastOne([(0, 0), (1, 0)], (20,))))
    >>> [sorted(a) for a in without_needs(norm, [0], [0]).allowed[0]]
    [[10], [10, 20]]
    """
    allowed = [list(stand) for stand in norm.allowed]
    for k in forbidden:
        need = norm.needs[k]
        for s, slots in need.slots.items():
            for i in slots:
                allowed[s][i] -= need.codes
    counts: list[_Count] = [
        (slots, need.codes, 1, len(slots))
        for k, need in enumerate(norm.needs)
        if k not in dropped
        for slots in [[(s, i) for s, ix in need.slots.items() for i in sorted(ix)]]
    ]
    counts += [
        ([(s, i) for s, ix in t.slots.items() for i in sorted(ix)], t.codes, t.low, t.high)
        for t in norm.tallies
    ]
    return _settled(norm, allowed, counts, list(norm.labels), list(norm.pairs), norm.runs)


def with_label(norm: Normalized, k: int, same: bool | None) -> Normalized:
    """``norm`` with its label number ``k`` dropped (``same`` is ``None``) or made ``same``
    (counting a "differ" label by subtraction: the worlds where two neighbours differ are all
    the worlds but those where they are of one class), settled again.

    >>> from engine.redwire.deduction.position import Pool, Position, Stand
    >>> from engine.redwire.deduction.facts import Label
    >>> pos = Position(Pool(((1, 2), (2, 2))), (Stand(0, (None, None)), Stand(1, (None, None))))
    >>> norm = normalize(pos.with_facts(Label((0, 0), False)))
    >>> norm.labels, with_label(norm, 0, None).labels, with_label(norm, 0, True).labels
    (((0, 0, False),), (), ((0, 0, True),))
    """
    labels = [label for j, label in enumerate(norm.labels) if j != k]
    if same is not None:
        labels.append((*norm.labels[k][:2], same))
    allowed = [list(stand) for stand in norm.allowed]
    counts: list[_Count] = [
        (slots, need.codes, 1, len(slots))
        for need in norm.needs
        for slots in [[(s, i) for s, ix in need.slots.items() for i in sorted(ix)]]
    ]
    counts += [
        ([(s, i) for s, ix in t.slots.items() for i in sorted(ix)], t.codes, t.low, t.high)
        for t in norm.tallies
    ]
    return _settled(norm, allowed, counts, labels, list(norm.pairs), norm.runs)


def _settled(
    base: Normalized,
    allowed: list[list[frozenset[int]]],
    counts: list[_Count],
    labels: list[tuple[int, int, bool]],
    pairs: list[Pair],
    runs: tuple[tuple[int, int, int], ...] = (),
    settled: bool = False,
) -> Normalized:
    """``base`` (for its pool and layout) with these slots and facts, settled (``settled``:
    the slots and facts are, ``_settle`` has nothing left to do)."""
    feasible = settled or (
        all(all(stand) for stand in allowed)
        and _settle(allowed, counts, labels, pairs, twins(base.copies, base.groups))
    )
    groups, copies = base.groups, base.copies
    if feasible and groups:
        kept = _settle_groups(groups, copies, allowed)
        if kept is None:
            feasible = False
        else:
            groups, copies = kept
    feasible = feasible and _room(base, allowed)
    needs: list[Need] = []
    tallies: list[Tally] = []
    for slots, codes, low, high in counts if feasible else []:
        if low == 1 and high >= len(slots):
            needs.append(Need(_per_stand(slots), codes))
        else:
            tallies.append(Tally(_per_stand(slots), codes, low, high))
    return Normalized(
        universe=base.universe,
        copies=copies,
        groups=groups,
        allowed=tuple(tuple(stand) for stand in allowed),
        needs=tuple(needs),
        labels=tuple(sorted(set(labels))) if feasible else (),
        colours=base.colours,
        feasible=feasible,
        tallies=tuple(tallies),
        pairs=tuple(dict.fromkeys(pairs)) if feasible else (),
        place=base.place,
        runs=tuple(sorted(set(runs))) if feasible else (),
    )


def _settle_groups(
    groups: tuple[tuple[tuple[int, ...], int], ...],
    copies: dict[int, int],
    allowed: list[list[frozenset[int]]],
) -> tuple[tuple[tuple[tuple[int, ...], int], ...], dict[int, int]] | None:
    """The "k of m" groups without the candidates the slots settle: one that a slot must hold
    is in play (the group keeps one fewer of the others), one that no slot may hold is not (no
    copy of it); a group left with nothing to choose goes. ``None``: no world fits. (The DP would
    learn it only at the group's last candidate, having walked the states that cannot end.)

    >>> allowed = [[frozenset({15}), frozenset({10, 25})], [frozenset({10, 20})]]
    >>> _settle_groups((((15, 25, 35), 2),), {10: 2, 15: 1, 20: 1, 25: 1, 35: 1}, allowed)
    ((), {10: 2, 15: 1, 20: 1, 25: 1, 35: 0})
    """
    candidates = frozenset(c for group, _ in groups for c in group)
    held: set[int] = set()  # candidates some slot allows
    certain: set[int] = set()  # candidates some slot must hold
    for stand in allowed:
        for codes in stand:
            if candidates.isdisjoint(codes):
                continue
            found = codes & candidates
            if found:
                held |= found
                if len(codes) == 1:
                    certain |= found
    if len(held) == len(candidates) and not certain:
        return groups, copies
    copies = dict(copies)
    kept = []
    for group, keep in groups:
        left = tuple(c for c in group if c in held and c not in certain)
        more = keep - sum(1 for c in group if c in certain)  # to keep among ``left``
        if not 0 <= more <= len(left):
            return None
        for c in group:
            if c not in held:
                copies[c] = 0
        if more == 0:
            for c in left:
                copies[c] = 0
        elif more < len(left):
            kept.append((left, more))
    return tuple(kept), copies


def _room(norm: Normalized, allowed: list[list[frozenset[int]]]) -> bool:
    """No more slots restricted to red (or to yellow) codes than red (yellow) tiles may be in
    play: the pigeonhole check the DP would otherwise make the long way ("both wires red" with
    one red wire)."""
    yellow, red = _colour_codes(norm.colours)
    short = max(len(yellow), len(red))  # a slot allowing more codes is restricted to neither
    restricted = [0, 0]  # slots restricted to yellow, to red
    for stand in allowed:
        for slot in stand:
            if len(slot) <= short:
                if slot <= yellow:
                    restricted[0] += 1
                elif slot <= red:
                    restricted[1] += 1
    grouped = {c for cands, _ in norm.groups for c in cands}
    for codes, count in zip((yellow, red), restricted, strict=True):
        most = sum(norm.copies[c] for c in codes - grouped)
        most += sum(min(keep, len(codes.intersection(cands))) for cands, keep in norm.groups)
        if count > most:
            return False
    return True


_COLOUR_CODES: dict[int, tuple[frozenset[int], frozenset[int]]] = {}


def _colour_codes(colours: dict[int, int]) -> tuple[frozenset[int], frozenset[int]]:
    """The yellow and the red codes of a universe (by the identity of its ``colours``, which
    ``_pool_data`` shares among the positions of a pool; an entry keeps it alive)."""
    found = _COLOUR_CODES.get(id(colours))
    if found is None or _COLOUR_KEPT.get(id(colours)) is not colours:
        if len(_COLOUR_CODES) >= _KEEP:
            _COLOUR_CODES.clear()
            _COLOUR_KEPT.clear()
        found = _COLOUR_CODES[id(colours)] = (
            frozenset(c for c, rank in colours.items() if rank == 1),
            frozenset(c for c, rank in colours.items() if rank == 2),
        )
        _COLOUR_KEPT[id(colours)] = colours
    return found


_COLOUR_KEPT: dict[int, dict[int, int]] = {}


def _per_stand(slots: list[SlotRef]) -> dict[int, frozenset[int]]:
    per_stand: dict[int, set[int]] = {}
    for s, i in slots:
        per_stand.setdefault(s, set()).add(i)
    return {s: frozenset(ix) for s, ix in sorted(per_stand.items())}


def _settle(
    allowed: list[list[frozenset[int]]],
    counts: list[_Count],
    labels: list[tuple[int, int, bool]],
    pairs: list[Pair],
    twin: Twin | None = None,
) -> bool:
    """Narrow ``allowed`` and simplify the facts in place until nothing changes (``twin``:
    which two codes may lie on two slots at once, to narrow "same class" relations)."""
    changed = first = True
    dirty: Iterable[int] = range(len(allowed))  # the stands to sort: changed since sorted
    while changed:
        changed = False
        for s in dirty:
            stand = allowed[s]
            changed |= _sort_bounds(stand)
            if not all(stand):
                return False
        sorted_stands = [tuple(stand) for stand in allowed]
        kept_counts: list[_Count] = []
        recount = None if first else set(dirty)  # counts on the other stands are settled
        first = False
        for count in counts:
            if recount is not None and not _touches(count[0], recount):
                kept_counts.append(count)
                continue
            settled = _settle_count(allowed, count)
            if settled is None:
                return False
            if settled != [count]:
                changed = True
            kept_counts += settled
        counts[:] = kept_counts
        kept_labels = []
        for s, i, same in labels:
            left, right = allowed[s][i], allowed[s][i + 1]
            left_class, right_class = _single_class(left), _single_class(right)
            if left_class is None and right_class is None:
                if same and twin is not None:
                    changed |= _same_classes(allowed, (s, i), (s, i + 1), twin)
                    if not (allowed[s][i] and allowed[s][i + 1]):
                        return False
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
        kept_pairs = []
        for pair in pairs:
            outcome = _settle_pair(allowed, pair)
            if outcome is None:
                return False
            if outcome[0] and pair.relation == "same" and twin is not None:
                changed |= _same_classes(allowed, pair.first, pair.second, twin)
                (sa, ia), (sb, ib) = pair.first, pair.second
                if not (allowed[sa][ia] and allowed[sb][ib]):
                    return False
            keep, narrowed = outcome
            changed |= narrowed or not keep
            if keep:
                kept_pairs.append(pair)
        pairs[:] = kept_pairs
        dirty = [s for s, stand in enumerate(allowed) if tuple(stand) != sorted_stands[s]]
    counts[:] = _without_implied(counts)
    return True


def _implies(strong: _Count, weak: _Count) -> bool:
    """Whether ``strong`` holding makes ``weak`` hold, when ``weak`` is a lower bound alone: its
    slots and codes hold those of ``strong`` and ask for no more of them."""
    slots, codes, low, _ = strong
    weak_slots, weak_codes, weak_low, weak_high = weak
    return (
        weak_high >= len(weak_slots)
        and low >= weak_low
        and codes <= weak_codes
        and set(slots) <= set(weak_slots)
    )


def _without_implied(counts: list[_Count]) -> list[_Count]:
    """``counts`` less those another one implies (``_implies``): the same worlds, and fewer
    facts for the DP to carry. A fact on a stand and the same fact on the stand and its X wire
    (the announcer held the value, told again once the X wire is known to be out of it) couple
    the X wire to the stand's DP walk and keep it out of ``symmetry``'s merged singles."""
    kept = list(counts)
    for weak in counts:
        if any(strong is not weak and _implies(strong, weak) for strong in kept):
            kept.remove(weak)  # what implies it is kept, or implied in turn by a kept one
    return kept


def _touches(slots: list[SlotRef], stands: set[int]) -> bool:
    """Whether one of ``slots`` is on one of ``stands``."""
    return any(s in stands for s, _ in slots)


def _settle_count(allowed: list[list[frozenset[int]]], count: _Count) -> list[_Count] | None:
    """The count left once the slots that must or cannot hold its codes are set apart ([] when
    it is met whatever happens, or turned into slot facts; None when it cannot be met)."""
    slots, codes, low, high = count
    unsure = []
    sure = 0
    for slot in slots:
        here = allowed[slot[0]][slot[1]]
        if codes.isdisjoint(here):
            continue
        if here <= codes:
            sure += 1
        else:
            unsure.append(slot)
    low, high = max(low - sure, 0), min(high - sure, len(unsure))
    if high < low:
        return None
    if low == 0 and high == len(unsure):
        return []
    if high == 0:
        for s, i in unsure:
            allowed[s][i] -= codes
        return []
    if low == len(unsure):
        for s, i in unsure:
            allowed[s][i] &= codes
        return []
    if len(unsure) == len(slots) and (low, high) == count[2:]:
        return [count]  # nothing settled: the same count (``_settle`` sees no change)
    return [(unsure, codes, low, high)]


def _settle_pair(allowed: list[list[frozenset[int]]], pair: Pair) -> tuple[bool, bool] | None:
    """Narrow the two slots of ``pair``: (whether the DP must still track it, whether a slot
    changed), or None when no world fits."""
    (sa, ia), (sb, ib) = pair.first, pair.second
    a, b = allowed[sa][ia], allowed[sb][ib]
    if pair.relation in ("le", "lt"):
        strict = pair.relation == "lt"
        least, most = min(a), max(b)
        new_b = frozenset(c for c in b if c > least or (c == least and not strict))
        new_a = frozenset(c for c in a if c < most or (c == most and not strict))
        if not (new_a and new_b):
            return None
        allowed[sa][ia], allowed[sb][ib] = new_a, new_b
        met = max(new_a) < min(new_b) or (max(new_a) == min(new_b) and not strict)
        implied = not strict and sa == sb and ia < ib  # sorted stand
        return (not (met or implied), (new_a, new_b) != (a, b))
    same = pair.relation == "same"
    class_a, class_b = _single_class(a), _single_class(b)
    if class_a is not None or class_b is not None:
        if class_a is not None:
            allowed[sb][ib] = _with_class(b, class_a, same)
        if class_b is not None:
            allowed[sa][ia] = _with_class(a, class_b, same)
        if not (allowed[sa][ia] and allowed[sb][ib]):
            return None
        return (False, True)
    if not {class_of(c) for c in a} & {class_of(c) for c in b}:
        return None if same else (False, False)
    return (True, False)


#: Whether two codes may lie on two slots of one world at once (``twins``).
Twin = Callable[[int, int], bool]


def twins(copies: dict[int, int], groups: tuple[tuple[tuple[int, ...], int], ...]) -> Twin:
    """Whether codes ``x`` and ``y`` may lie on two slots of one world: one code needs two
    copies, two candidates of a "1 of m" group never do (mission 21's red 2.5 or 11.5)."""
    single = {code: k for k, (cands, keep) in enumerate(groups) if keep < 2 for code in cands}

    def twin(x: int, y: int) -> bool:
        if x == y:
            return copies.get(x, 0) >= 2
        return x not in single or single[x] != single.get(y)

    return twin


def _same_classes(
    allowed: list[list[frozenset[int]]], first: SlotRef, second: SlotRef, twin: Twin
) -> bool:
    """Keep on each slot of a "same class" relation the codes that have a *twin* on the other
    (a code of their class that may lie there at once: the same blue code, another yellow or
    red); whether a slot changed. Why here: a yellow or red that the other slot cannot match
    would need the engines to remember its colour (the packed engine cannot; ``packed_plan``),
    and the answer is the same without it."""
    (sa, ia), (sb, ib) = first, second
    a, b = allowed[sa][ia], allowed[sb][ib]
    new_a = frozenset(x for x in a if any(class_of(y) == class_of(x) and twin(x, y) for y in b))
    new_b = frozenset(y for y in b if any(class_of(x) == class_of(y) and twin(x, y) for x in a))
    allowed[sa][ia], allowed[sb][ib] = new_a, new_b
    return (new_a, new_b) != (a, b)


def _sort_bounds(stand: list[frozenset[int]]) -> bool:
    """Drop codes that sortedness rules out (below a left slot's least, above a right's most)."""
    changed = False
    bounds = _BOUNDS
    low = -(1 << 30)
    for i, codes in enumerate(stand):
        if not codes:
            continue
        found = bounds.get(codes) or _bounds(codes)
        least = found[0]
        if least < low:
            kept = stand[i] = _narrowed(codes, low, True)
            changed = True
            if not kept:
                continue
            least = min(kept)
        low = least
    high = 1 << 30
    for i in range(len(stand) - 1, -1, -1):
        codes = stand[i]
        if not codes:
            continue
        found = bounds.get(codes) or _bounds(codes)
        most = found[1]
        if most > high:
            codes = stand[i] = _narrowed(codes, high, False)
            changed = True
            if not codes:
                continue
            most = max(codes)
        high = most
    return changed


# The least and the most code of the sets of codes met (a frozenset keeps its hash), and the
# one-code sets, kept across positions (emptied when they grow past ``_KEEP``).
_BOUNDS: dict[frozenset[int], tuple[int, int]] = {}
_SINGLES: dict[int, frozenset[int]] = {}
_KEEP = 2048  # a full collection scans what these keep (``direct._CACHE_LIMIT``)


def _bounds(codes: frozenset[int]) -> tuple[int, int]:
    if len(_BOUNDS) >= _KEEP:
        _BOUNDS.clear()
    found = _BOUNDS[codes] = (min(codes), max(codes))
    return found


def _narrowed(codes: frozenset[int], bound: int, above: bool) -> frozenset[int]:
    """``codes`` from ``bound`` up (``above``), or up to ``bound`` (kept across positions)."""
    name = (codes, bound, above)
    found = _NARROWED.get(name)
    if found is None:
        if len(_NARROWED) >= _KEEP:
            _NARROWED.clear()
        kept = [c for c in codes if c >= bound] if above else [c for c in codes if c <= bound]
        found = _NARROWED[name] = frozenset(kept)
    return found


_NARROWED: dict[tuple[frozenset[int], int, bool], frozenset[int]] = {}
# The negated sets of codes met (``Normalized.mirrored``): most slots share a few sets.
_NEGATED: dict[frozenset[int], frozenset[int]] = {}


def _single(code: int) -> frozenset[int]:
    found = _SINGLES.get(code)
    if found is None:
        if len(_SINGLES) >= _KEEP:
            _SINGLES.clear()
        found = _SINGLES[code] = frozenset((code,))
    return found


def _single_class(codes: frozenset[int]) -> int | None:
    classes = {class_of(c) for c in codes}
    return classes.pop() if len(classes) == 1 else None


def _with_class(codes: frozenset[int], cls: int, same: bool) -> frozenset[int]:
    return frozenset(c for c in codes if (class_of(c) == cls) == same)
