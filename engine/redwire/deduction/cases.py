"""Facts that are a choice of conjunctions, solved case by case: ``Multiplicity``.

An x1/x2/x3 token says that the class of a wire, whatever it is, occurs exactly ``n`` times on its
(sorted) stand. A blue class is one code, whose copies lie side by side on a sorted stand; a
yellow or red class is several codes, which need not (3.1 and 5.1 around a 4), and a wire outside
the sorted order (an X wire, a flipped one) may hold the class anywhere. So the fact is split by
what the wire may hold: yellow, red (exactly ``n`` of that colour: a ``Count``), or blue. Blue, on
slots all in sorted order: on a whole stand that no wire has left or joined, the sparse engine
takes it itself (``normalize``: a run of ``n`` equal codes covers the slot, or a plain ``Count``
when the wire's code is known); otherwise (the Walkie-Talkies moved wires since), the wire's
class forms a run of ``n`` equal neighbours among the fact's slots, starting somewhere among the
``n`` slots that reach it: one conjunction of class relations per start (``same`` inside the
run, ``differ`` at both ends), and exactly one of them holds. Blue, with wires out of the
sorted order among them: each of those has the wire's class or not (a class relation), and the
sorted ones hold a run of ``n`` less those that do; when the wire itself is out of the order, one
case per blue code it may hold (exactly ``n`` of it). ``expand`` turns a
position with such facts into the positions of every combination of cases that the known codes
allow (the cases are disjoint, so their worlds add up); ``MixedSolution`` adds their solutions
up.

>>> from engine.redwire.deduction import Pool, Position, Stand, solve
>>> from engine.redwire.deduction.facts import Multiplicity
>>> me, you = Stand(0, (10, 20, 20)), Stand(1, (None, None, None))
>>> pos = Position(Pool.standard(range(1, 3), copies=3), (me, you))
>>> x2 = Multiplicity(((1, 0), (1, 1), (1, 2)), 0, 2)     # "x2" on your first wire
>>> expand(pos.with_facts(x2)) is None                   # a whole stand: the DP takes it
True
>>> solve(pos.with_facts(x2)).class_probabilities((1, 2))
{2: Fraction(1, 1)}
>>> part = Multiplicity(((1, 0), (1, 1)), 0, 2)           # among two slots only: cases
>>> [len(case.facts) for case in expand(pos.with_facts(part))]
[1]
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from itertools import combinations, product
from random import Random

from engine.redwire.deduction.codes import BLUE_VALUES, RED, YELLOW, class_of, is_blue
from engine.redwire.deduction.facts import (
    Count,
    Fact,
    Label,
    Multiplicity,
    SameClass,
    SlotIn,
    SlotNotIn,
    SlotRef,
    class_codes,
    same_class,
)
from engine.redwire.deduction.position import Position
from engine.redwire.deduction.solution import Solution

Option = tuple[Fact, ...]


BLUE_CODES = class_codes(BLUE_VALUES)


def may_hold(position: Position, slot: SlotRef) -> frozenset[int]:
    """The codes ``slot`` may hold by the pool and the facts about it alone (``SlotIn``,
    ``SlotNotIn``): never fewer than it can hold in a world."""
    code = position.code(slot)
    if code is not None:
        return frozenset((code,))
    held = frozenset(position.pool.universe())
    for fact in position.facts:
        if isinstance(fact, SlotIn) and fact.slot == slot:
            held &= frozenset(fact.codes)
        elif isinstance(fact, SlotNotIn) and fact.slot == slot:
            held -= frozenset(fact.codes)
    return held


def options(position: Position, fact: Multiplicity, native: bool = False) -> list[Option]:
    """The conjunctions one of which holds, less those the known codes rule out (``native``:
    the DP takes the fact itself when the wire is blue, ``normalize.native_run``)."""
    slots, n, at = fact.slots, fact.count, fact.at
    code = position.code(slots[at])
    if code is not None:  # the class is known: exactly n of them
        return [(Count(slots, class_codes([class_of(code)]), n, n),)]
    held = may_hold(position, slots[at])
    found: list[Option] = []
    for colour in (YELLOW, RED):  # several codes, anywhere on the stand: count the colour
        codes = class_codes([colour])
        if held & frozenset(codes):
            found.append((SlotIn(slots[at], codes), Count(slots, codes, n, n)))
    blue = sorted(c for c in held if is_blue(c))
    if not blue:
        return found
    # The blue case, told apart from the others when there are others.
    guard: Option = (SlotIn(slots[at], BLUE_CODES),) if found else ()
    if native:
        return [*found, (*guard, fact)]
    x = slots[at]
    loose = [slot for slot in slots if slot[1] in position.stands[slot[0]].unsorted]
    if x in loose:  # the wire itself lies out of the order: one case per value
        return found + [(SlotIn(x, (c,)), Count(slots, (c,), n, n)) for c in blue]
    # The wires in sorted order hold the class as one run through ``x``; each wire out of the
    # order (a flipped one, an X wire) holds it or not: the run is ``n`` less those that do.
    ordered = [slot for slot in slots if slot not in loose]
    for size in range(min(len(loose), n - 1) + 1):
        for same in combinations(loose, size):
            apart = [same_class(x, u, u in same) for u in loose]
            for run in _runs(ordered, ordered.index(x), n - size):
                facts = [*apart, *run]
                if all(_possible(position, f) for f in facts):
                    found.append((*guard, *facts))
    return found


def _runs(slots: Sequence[SlotRef], at: int, n: int) -> list[list[Fact]]:
    """The class of ``slots[at]`` as a run of exactly ``n`` neighbours among ``slots`` (in
    sorted order): per start, ``same`` inside the run and ``differ`` at both ends."""
    found: list[list[Fact]] = []
    for start in range(max(0, at - n + 1), min(at, len(slots) - n) + 1):
        facts: list[Fact] = [
            same_class(slots[j], slots[j + 1], True) for j in range(start, start + n - 1)
        ]
        if start > 0:
            facts.append(same_class(slots[start - 1], slots[start], False))
        if start + n < len(slots):
            facts.append(same_class(slots[start + n - 1], slots[start + n], False))
        found.append(facts)
    return found


def _pair(fact: Fact) -> tuple[SlotRef, SlotRef, bool] | None:
    if isinstance(fact, Label):
        return fact.slot, fact.right, fact.same
    if isinstance(fact, SameClass):
        return fact.first, fact.second, fact.same
    return None


def _possible(position: Position, fact: Fact) -> bool:
    """False when both slots of a class relation are known and break it."""
    pair = _pair(fact)
    if pair is None:
        return True
    first, second, same = pair
    a, b = position.code(first), position.code(second)
    if a is None or b is None:
        return True
    return (class_of(a) == class_of(b)) == same


def _agree(facts: Sequence[Fact]) -> bool:
    """False when two class relations of one combination contradict each other, or its
    ``SlotIn`` facts leave a slot no code (two cases of one wire: yellow and blue)."""
    seen: dict[tuple[SlotRef, SlotRef], bool] = {}
    inside: dict[SlotRef, frozenset[int]] = {}
    for fact in facts:
        if isinstance(fact, SlotIn):
            inside[fact.slot] = inside.get(fact.slot, frozenset(fact.codes)) & frozenset(fact.codes)
            if not inside[fact.slot]:
                return False
        pair = _pair(fact)
        if pair is None:
            continue
        first, second, same = pair
        key = (min(first, second), max(first, second))
        if seen.setdefault(key, same) != same:
            return False
    return True


def expand(position: Position) -> list[Position] | None:
    """The positions of every case (None: the position has no ``Multiplicity`` fact)."""
    from engine.redwire.deduction.normalize import native_run

    def split(f: object) -> bool:
        if not isinstance(f, Multiplicity):
            return False
        if not native_run(position, f):
            return True
        # The DP's run of equal codes is the fact only where the wire is blue.
        return not may_hold(position, f.slots[f.at]) <= frozenset(BLUE_CODES)

    # A fact told twice is one choice, not two.
    choices = list(
        dict.fromkeys(f for f in position.facts if isinstance(f, Multiplicity) and split(f))
    )
    if not choices:
        return None
    base = [f for f in position.facts if not split(f)]
    per_fact = [options(position, f, native_run(position, f)) for f in choices]
    cases: list[Position] = []
    for combo in product(*per_fact):
        facts = [*base, *(f for option in combo for f in option)]
        if _agree(facts):
            cases.append(
                Position(
                    position.pool,
                    position.stands,
                    tuple(dict.fromkeys(facts)),
                    position.viewer,
                    position.dealt,
                )
            )
    return cases


class MixedSolution(Solution):
    """The solutions of disjoint cases of one position, added up."""

    def __init__(self, position: Position, parts: Sequence[Solution]) -> None:
        kept = [part for part in parts if part.feasible]
        super().__init__(position, sum(part.total for part in kept))
        self._parts = kept

    def code_weights(self, slot: SlotRef) -> dict[int, int]:
        self._require_feasible()
        result: dict[int, int] = {}
        for part in self._parts:
            code = part.position.code(slot)
            weights = {code: part.total} if code is not None else part.code_weights(slot)
            for c, w in weights.items():
                result[c] = result.get(c, 0) + w
        return {c: w for c, w in result.items() if w}

    def code_probabilities(self, slot: SlotRef) -> dict[int, Fraction]:
        return {c: Fraction(w, self.total) for c, w in sorted(self.code_weights(slot).items())}

    def sample(self, rng: Random) -> tuple[tuple[int, ...], ...]:
        self._require_feasible()
        pick = rng.randrange(self.total)
        for part in self._parts:
            if pick < part.total:
                return part.sample(rng)
            pick -= part.total
        raise AssertionError("the parts' totals add up to the total")
