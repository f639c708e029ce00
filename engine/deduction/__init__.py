"""Exact deduction for Red Wire: what one seat can infer about every hidden wire.

Build a ``Position`` (what a seat knows), then ``solve`` it for exact marginals and random worlds,
or ask ``odds`` for the chances of an action. See ``solver`` for the method.

>>> pool = Pool.standard(range(1, 3))                 # blue 1 and 2, four copies each
>>> me, you = Stand(0, (10, 10, 20, 20)), Stand(1, (None,) * 4)
>>> sol = solve(Position(pool, (me, you), viewer=0))
>>> sol.class_probabilities((1, 0))
{1: Fraction(1, 1)}
"""

from engine.deduction.actions import Detector, DualCut, Odds, odds
from engine.deduction.codes import RED, YELLOW, blue, class_of, red, yellow
from engine.deduction.facts import AtLeastOne, Fact, Label, SlotIn, SlotNotIn, SlotRef
from engine.deduction.position import Group, Pool, Position, Stand
from engine.deduction.solution import Solution
from engine.deduction.solver import count_worlds, solve

__all__ = [
    "RED",
    "YELLOW",
    "AtLeastOne",
    "Detector",
    "DualCut",
    "Fact",
    "Group",
    "Label",
    "Odds",
    "Pool",
    "Position",
    "SlotIn",
    "SlotNotIn",
    "SlotRef",
    "Solution",
    "Stand",
    "blue",
    "class_of",
    "count_worlds",
    "odds",
    "red",
    "solve",
    "yellow",
]
