"""What one seat knows at a decision, read from its observation only, with the solver's odds.

``Knowledge(observation)`` compiles the observation into a ``Position`` and solves it once (the
solution is cached per position, so a bot asked again about the same position, or two bots of one
process looking at the same position, do not solve twice). It answers what bots ask: the chance
that a wire holds a value, whether a wire is surely red, the odds of a detector (extra passes,
cached per question), the wires and values of the viewer's own hand.

>>> from engine.redwire import new_game
>>> game = new_game(mission=1, players=2, seed=3)
>>> know = Knowledge(game.observation(game.to_move))
>>> know.seat == game.to_move, sum(know.held.values())
(True, 12)
>>> teammate_slot = know.uncut_slots(know.stands_of(1 - know.seat)[0])[0]
>>> round(sum(know.chance(teammate_slot, (v,)) for v in range(1, 7)), 6)
1.0
"""

from __future__ import annotations

from collections import Counter, OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..deduction import (
    RED,
    Fact,
    Label,
    Position,
    SlotIn,
    SlotNotIn,
    Solution,
    count_worlds,
    position_from_observation,
    solve,
)
from ..deduction.codes import class_of, code_of_label
from ..mechanisms import miss_explodes_in, red_value
from ..observation_types import Observation

Slot = tuple[int, int]

_CACHE_SIZE = 6
_solutions: OrderedDict[Position, Solution] = OrderedDict()


def solution_of(position: Position) -> Solution:
    """``solve(position)``, remembered for the last few positions (an LRU keyed by position).

    >>> from engine.redwire.deduction import Pool, Stand
    >>> pos = Position(Pool.standard(range(1, 2)), (Stand(0, (10, 10)), Stand(1, (None, None))))
    >>> solution_of(pos) is solution_of(pos)
    True
    """
    found = _solutions.get(position)
    if found is not None:
        _solutions.move_to_end(position)
        return found
    solution = solve(position)
    _solutions[position] = solution
    if len(_solutions) > _CACHE_SIZE:
        _solutions.popitem(last=False)
    return solution


@dataclass(frozen=True)
class CutOdds:
    """Chances of a cutting action: ``success``, ``explosion`` (every pointed wire red), and the
    rest is a mistake. ``exact`` is False while a multi-wire estimate is only a bound."""

    success: float
    explosion: float
    exact: bool = True

    @property
    def mistake(self) -> float:
        return max(0.0, 1.0 - self.success - self.explosion)


class Knowledge:
    """One seat's view of the game at one decision (see the module docstring)."""

    def __init__(self, observation: Observation) -> None:
        viewer = observation.get("viewer")
        if not isinstance(viewer, int):
            raise ValueError("a bot reads the observation of a seat")
        self.obs = observation
        self.seat: int = viewer
        #: The classes that explode when pointed at: red, and a mission's blue values that act
        #: as red (``red_value``).
        self.reds: tuple[int, ...] = (RED, *red_value.values_in(observation))
        #: A miss of this seat explodes the bomb (the rookie of mission 14, the careless captain).
        self.miss_explodes: bool = miss_explodes_in(observation, viewer)
        self.players: int = int(observation["players"])
        self.owners: list[int] = [int(s["owner"]) for s in observation["stands"]]
        self.position: Position = position_from_observation(observation)
        self._solution: Solution | None = None
        self._weights: dict[Slot, dict[int, int]] = {}
        self._probabilities: dict[Slot, dict[int, float]] = {}
        self._detectors: dict[tuple[tuple[Slot, ...], tuple[int, ...]], CutOdds] = {}
        #: My uncut wires: (stand, slot) -> class.
        self.hand: dict[Slot, int] = {}
        for stand, data in enumerate(observation["stands"]):
            if data["owner"] != self.seat:
                continue
            for slot, tile in enumerate(data["slots"]):
                if not tile["cut"] and tile["wire"] is not None:
                    self.hand[(stand, slot)] = class_of(code_of_label(tile["wire"]))
        #: How many uncut wires of each class I hold.
        self.held: Counter[int] = Counter(self.hand.values())

    # ------------------------------------------------------------------ public facts

    @property
    def dial_left(self) -> int:
        """Detonator steps left before the skull."""
        return int(self.obs["dial"]["left"])

    def stands_of(self, seat: int) -> list[int]:
        return [s for s, owner in enumerate(self.owners) if owner == seat]

    def tile(self, slot: Slot) -> Mapping[str, Any]:
        tile: Mapping[str, Any] = self.obs["stands"][slot[0]]["slots"][slot[1]]
        return tile

    def uncut_slots(self, stand: int) -> list[Slot]:
        slots = self.obs["stands"][stand]["slots"]
        return [(stand, i) for i, tile in enumerate(slots) if not tile["cut"]]

    def hand_of(self, seat: int) -> list[Slot]:
        """The uncut wires of a seat, over all its stands."""
        return [slot for stand in self.stands_of(seat) for slot in self.uncut_slots(stand)]

    def teammates_with_wires(self) -> list[int]:
        seats = {self.owners[s] for s, _ in self._all_uncut()} - {self.seat}
        return sorted(seats)

    def _all_uncut(self) -> list[Slot]:
        return [slot for stand in range(len(self.owners)) for slot in self.uncut_slots(stand)]

    # ------------------------------------------------------------------ the solver's odds

    @property
    def solution(self) -> Solution:
        """The solved position. Should the facts contradict each other (a fact the observation
        got wrong), the facts least sure to hold are dropped until a world fits: labels first
        (a wire inserted between two labelled wires can leave a label reported on the wrong
        pair), then what failed cuts and radars taught; tokens and seen wires always stay."""
        if self._solution is None:
            solution = solution_of(self.position)
            for keep in (_not_label, _token):
                if solution.feasible:
                    break
                self.position = Position(
                    self.position.pool,
                    self.position.stands,
                    tuple(f for f in self.position.facts if keep(f)),
                    self.position.viewer,
                    self.position.dealt,
                )
                solution = solution_of(self.position)
            if not solution.feasible:
                raise ValueError("no world fits even the wires this seat sees")
            self._solution = solution
        return self._solution

    def weights(self, slot: Slot) -> dict[int, int]:
        """Per class, the weight of the worlds where ``slot`` has it (they add up to ``total``)."""
        found = self._weights.get(slot)
        if found is None:
            code = self.position.code(slot)  # known: the viewer's own wire, or a cut one
            found = {class_of(code): 1} if code is not None else self.solution.class_weights(slot)
            self._weights[slot] = found
        return found

    def chance(self, slot: Slot, classes: Sequence[int]) -> float:
        """P(the wire at ``slot`` has one of ``classes``)."""
        probabilities = self._probabilities.get(slot)
        if probabilities is None:
            probabilities = self.classes_at(slot)
            self._probabilities[slot] = probabilities
        if len(classes) == 1:
            return probabilities.get(classes[0], 0.0)
        return sum(probabilities.get(c, 0.0) for c in classes)

    def certain(self, slot: Slot, classes: Sequence[int]) -> bool:
        """True when the wire surely has one of ``classes`` (exact, no rounding)."""
        weights = self.weights(slot)
        return sum(weights.get(c, 0) for c in classes) == sum(weights.values())

    def surely_red(self, slot: Slot) -> bool:
        """Surely red, or of a value that acts as red."""
        return self.certain(slot, self.reds)

    def classes_at(self, slot: Slot) -> dict[int, float]:
        """Every possible class of ``slot`` with its probability."""
        weights = self.weights(slot)
        total = sum(weights.values())
        return {c: w / total for c, w in weights.items() if w}

    def next_holds(self, me: int) -> dict[int, float]:
        """For each blue value, the chance the next player after ``me`` with wires holds one:
        an estimate that takes his wires as independent, to rank choices (Nano's facing, the
        cards left by a calculation), no fact. Empty when no one else has wires."""
        for step in range(1, self.players):
            seat = (me + step) % self.players
            slots = self.hand_of(seat)
            if slots:
                out: dict[int, float] = {}
                for value in range(1, 13):
                    none = 1.0
                    for slot in slots:
                        none *= 1.0 - self.chance(slot, (value,))
                    out[value] = 1.0 - none
                return out
        return {}

    def cut_odds(self, targets: Sequence[Slot], values: Sequence[int]) -> CutOdds:
        """Exact odds of a cut at one wire (marginals) or several (extra passes, cached)."""
        if len(targets) == 1:
            odds = CutOdds(self.chance(targets[0], values), self.chance(targets[0], self.reds))
        else:
            key = (tuple(targets), tuple(values))
            found = self._detectors.get(key)
            if found is None:
                found = self._detector_odds(tuple(targets), tuple(values))
                self._detectors[key] = found
            odds = found
        if self.miss_explodes:  # every failure explodes
            return CutOdds(odds.success, 1.0 - odds.success, odds.exact)
        return odds

    def detector_bound(self, targets: Sequence[Slot], values: Sequence[int]) -> float:
        """An upper bound of a detector's success (the union bound), from the marginals only."""
        return min(1.0, sum(self.chance(t, values) for t in targets))

    def _detector_odds(self, targets: tuple[Slot, ...], values: tuple[int, ...]) -> CutOdds:
        solution = self.solution
        total = solution.total
        if any(self.certain(t, values) for t in targets):
            return CutOdds(1.0, 0.0)
        missed = count_worlds(
            self.position.with_facts(*(SlotNotIn.classes(t, *values) for t in targets))
        )
        explosion = 0.0
        if all(self.chance(t, self.reds) > 0 for t in targets):
            red = count_worlds(
                self.position.with_facts(*(SlotIn.classes(t, *self.reds) for t in targets))
            )
            explosion = red / total
        return CutOdds(1.0 - missed / total, explosion)


def _not_label(fact: Fact) -> bool:
    return not isinstance(fact, Label)


def _token(fact: Fact) -> bool:
    """A fact an info token gives (the slot holds one class): the surest kind."""
    return isinstance(fact, SlotIn)
