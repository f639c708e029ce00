"""Exact deduction for Red Wire: what one seat can infer about every hidden wire.

A ``Position`` says what a seat knows; ``solve`` gives the exact distribution of every hidden slot
and draws exact random worlds; ``odds`` gives the chances of a cut or a detector.

Position (immutable, JSON round trip with ``to_json`` / ``from_json``; see ``position``):
  ``pool``    ``Pool(blue, certain, groups)``: blue ``(value, copies)`` pairs (4 copies in the game;
              ``Pool.standard(range(1, 13), red=..., yellow=..., groups=...)``), red/yellow codes
              surely in play, and "k of m" draws ``Group(candidates, keep)``.
  ``stands``  ``Stand(owner, slots, cut, unsorted)``: per slot the known code (cut wire, own wire,
              an info token that names a blue value) or ``None``; ``cut`` lists the cut slots;
              ``owner`` is ``None`` for wires nobody holds (Nano's, a pile); ``unsorted`` lists
              slots outside the sorted order (X wires: each is dealt alone).
  ``facts``   ``SlotIn(slot, codes)`` / ``SlotNotIn(slot, codes)`` (tokens, ``SlotIn.parity`` for
              even/odd tokens, failed cuts, radar "no", false tokens), ``AtLeastOne(slots,
              codes)`` and ``Count(slots, codes, low, high)`` over any slots of any stands (the
              announcer held the value, radar "yes", a detector result; x1/x2/x3 tokens, "not on
              this stand", dealing quotas), ``Label(slot, same)`` (slot and its right neighbour,
              "=" or "≠"), ``SameClass(a, b, same)`` and ``Order(a, b, strict)`` for any two slots
              (labels and sorted stands around wires that moved; ``together``: two unsorted
              slots drawn as one pair, dealt as one sorted place of two: mission 64's flipped
              pair). ``*.classes(...)`` builds them
              from classes (blue 1..12, ``YELLOW``, ``RED``). A slot is ``(stand index, slot
              index)``.
  ``viewer``  the seat whose knowledge this is (informative).
  ``dealt``   where each wire was dealt, when wires moved since the deal (a world's weight counts
              the stands as dealt).

``position_from_observation(obs)`` compiles an engine observation (docs/engine.md) into one: the log
is replayed on a ``Tracker`` (which follows every wire) by the fact readers registered per event
type and observation part (``readers``: ``register_event(event_type, reader)``,
``register_part(part_name, reader)``; core readers in ``readers_core``, each mechanism's in its
``facts``, in ``engine/redwire/mechanisms/``). An event no reader takes is ignored: less sharp odds, never wrong ones.

Codes: blue n -> 10n, yellow n.1 -> 10n+1, red n.5 -> 10n+5 (``blue``, ``yellow``, ``red``); they
sort like the tiles. A world weighs the number of physical deals that produce it (copies are
distinct tiles; known slots count too), so ``Solution.total`` is that number of deals.

Solution (``solve(position)``):
  ``total``, ``feasible``; ``code_probabilities(slot)``, ``class_probabilities(slot)`` (exact
  ``Fraction``), ``class_probabilities_float(slot)``, ``probability(slot, classes)``,
  ``code_weights(slot)``, ``class_weights(slot)``, ``marginals()`` (every hidden slot, floats);
  ``sample(random.Random)`` (an exact random world).
``count_worlds(position)``: the total alone (one forward pass).
``odds(solution, DualCut(slot, values) | Detector(slots, values))`` -> ``Odds(success, explosion,
mistake)``; ``Detector.whole_stand(position, stand, values)`` for the Super Detector.

How it is solved: ``normalize`` settles what each slot may hold (and the "k of m" candidates a
slot must or cannot hold); a DP over the codes in increasing order whose state is each stand's fill
level, run by the direct engine (``direct``: small positions, late in a game), the sparse one
(``plan``, ``passes``) or the packed one (``packed_plan``, ``packed_passes``), whichever is
expected to be faster (``choice``); blank stands are dealt as one, and so are interchangeable
unsorted single slots (``symmetry``). It is checked against a brute-force enumerator of deals
(tests/redwire/deduction/oracle.py) and against every deal replayed through real games
(tests/redwire/deduction/real_games.py).

>>> pool = Pool.standard(range(1, 3))                 # blue 1 and 2, four copies each
>>> me, you = Stand(0, (10, 10, 20, 20)), Stand(1, (None,) * 4)
>>> sol = solve(Position(pool, (me, you), viewer=0))
>>> sol.class_probabilities((1, 0))
{1: Fraction(1, 1)}
"""

from engine.redwire.deduction.actions import Detector, DualCut, Odds, odds
from engine.redwire.deduction.codes import RED, YELLOW, blue, class_of, red, yellow
from engine.redwire.deduction.facts import (
    AtLeastOne,
    Count,
    Fact,
    Label,
    Order,
    SameClass,
    SlotIn,
    SlotNotIn,
    SlotRef,
)
from engine.redwire.deduction.observe import position_from_observation
from engine.redwire.deduction.position import Group, Pool, Position, Stand
from engine.redwire.deduction.solution import Solution
from engine.redwire.deduction.solver import count_worlds, solve

__all__ = [
    "RED",
    "YELLOW",
    "AtLeastOne",
    "Count",
    "Detector",
    "DualCut",
    "Fact",
    "Group",
    "Label",
    "Odds",
    "Order",
    "Pool",
    "Position",
    "SameClass",
    "SlotIn",
    "SlotNotIn",
    "SlotRef",
    "Solution",
    "Stand",
    "blue",
    "class_of",
    "count_worlds",
    "odds",
    "position_from_observation",
    "red",
    "solve",
    "yellow",
]
