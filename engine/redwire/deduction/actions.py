"""The chances of a cutting action: success, explosion, or a mistake.

* ``DualCut(target, values)``: one pointed slot, one value or two ("X or Y" ray).
* ``Detector(targets, values)``: 2 or 3 slots (Double / Triple Detector: one teammate's, on one
  stand or, under the Italian rule, on both of his stands) or a whole stand (Super Detector, see
  ``Detector.whole_stand``), with one value or two.

Success: at least one pointed slot has an announced class. Explosion: every pointed slot is red
(§6.2: the owner puts the failure token on a non-red wire when there is one). Anything else is a
mistake (the detonator moves). One pointed slot is read from the marginals; several need joint
events, counted exactly by extra forward passes on the position with one more fact.

>>> from engine.redwire.deduction import Pool, Position, Stand, solve
>>> pos = Position(Pool(((1, 2), (2, 1))), (Stand(0, (None, None)), Stand(1, (None,))))
>>> odds(solve(pos), DualCut((1, 0), (2,))).success
Fraction(1, 3)
>>> odds(solve(pos), Detector(((0, 0), (0, 1)), (2,))).success
Fraction(2, 3)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from engine.redwire.deduction.codes import RED, is_valid_class
from engine.redwire.deduction.facts import SlotIn, SlotNotIn, SlotRef
from engine.redwire.deduction.position import Position
from engine.redwire.deduction.solution import Solution
from engine.redwire.deduction.solver import count_worlds


@dataclass(frozen=True)
class DualCut:
    """Point at ``target`` and announce ``values`` (one class, or two with the X-or-Y ray)."""

    target: SlotRef
    values: tuple[int, ...]

    @property
    def targets(self) -> tuple[SlotRef, ...]:
        return (self.target,)


@dataclass(frozen=True)
class Detector:
    """Point at ``targets`` (one teammate's slots) and announce ``values`` (one or two numbers)."""

    targets: tuple[SlotRef, ...]
    values: tuple[int, ...]

    @classmethod
    def whole_stand(cls, position: Position, stand: int, values: tuple[int, ...]) -> Detector:
        """The Super Detector: every uncut slot of ``stand``."""
        return cls(tuple((stand, i) for i in position.stands[stand].uncut()), values)


Action = DualCut | Detector


@dataclass(frozen=True)
class Odds:
    """Exact probabilities of the three outcomes (they add up to 1)."""

    success: Fraction
    explosion: Fraction
    mistake: Fraction

    def floats(self) -> tuple[float, float, float]:
        """``(success, explosion, mistake)`` as floats."""
        return float(self.success), float(self.explosion), float(self.mistake)


def odds(solution: Solution, action: Action) -> Odds:
    """The exact odds of ``action`` in ``solution.position``."""
    position = solution.position
    targets, values = action.targets, action.values
    _check(position, targets, values)
    if not solution.feasible:
        raise ValueError("no world is consistent with this position")
    if len(targets) == 1:
        success = solution.probability(targets[0], values)
        explosion = solution.probability(targets[0], (RED,))
    else:
        # P(success) = 1 - P(no pointed slot has an announced class).
        missed = count_worlds(
            position.with_facts(*(SlotNotIn.classes(t, *values) for t in targets))
        )
        success = 1 - Fraction(missed, solution.total)
        all_red = count_worlds(position.with_facts(*(SlotIn.classes(t, RED) for t in targets)))
        explosion = Fraction(all_red, solution.total)
    return Odds(success, explosion, 1 - success - explosion)


def _check(position: Position, targets: tuple[SlotRef, ...], values: tuple[int, ...]) -> None:
    if not targets:
        raise ValueError("an action points at one slot at least")
    if not values or len(values) > 2 or RED in values or not all(map(is_valid_class, values)):
        raise ValueError(f"announce one or two classes other than RED, not {values}")
    for stand, index in targets:
        if not (0 <= stand < len(position.stands) and 0 <= index < len(position.stands[stand])):
            raise ValueError(f"no slot {(stand, index)}")
        if index in position.stands[stand].cut:
            raise ValueError(f"slot {(stand, index)} is cut")
