"""Exact probabilities for players, the page's learning aid and the bots (spec §2.5).

:func:`roll_odds` answers for one card and one roll: the chance that ``dice`` fresh dice offer a
subset summing exactly to the difficulty, and one reaching it. :func:`flight_odds` answers for a
whole flight from any moment (cards left, pool, tokens, the 7th die, the roll on the table): the
chance to complete it and the points to expect under the best play (:mod:`.solver`).

>>> o = roll_odds(7)
>>> o.exact, o.reach, o.min_dice
(Fraction(35, 72), Fraction(49, 54), 2)
>>> round(float(roll_odds(12).exact), 3), round(float(roll_odds(13, dice=3).reach), 3)
(0.19, 0.259)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any

from .solver import Objective, Odds, Position, Solver, Spec, rolls

__all__ = [
    "Odds",
    "RollOdds",
    "card_spec",
    "flight_odds",
    "objective_for",
    "plan_odds",
    "position_of",
    "roll_odds",
]


@dataclass(frozen=True)
class RollOdds:
    """One card against one roll of ``dice`` dice: exact hit, reaching it, fewest dice needed."""

    difficulty: int
    dice: int
    exact: Fraction
    reach: Fraction
    min_dice: int


@cache
def roll_odds(difficulty: int, dice: int = 3) -> RollOdds:
    """Exact chances for a card of ``difficulty`` against ``dice`` fresh dice (1 to 3)."""
    if not 1 <= dice <= 3:
        raise ValueError("a roll throws 1 to 3 dice")
    from .dice import subsets

    exact = reach = Fraction(0)
    for roll, weight in rolls(dice, True):
        sums = {sum(s) for s in subsets(roll)}
        if difficulty in sums:
            exact += Fraction(weight)
        if max(sums) >= difficulty:
            reach += Fraction(weight)
    return RollOdds(difficulty, dice, Fraction(exact), Fraction(reach), -(-difficulty // 6))


def card_spec(card: Mapping[str, Any], highlighted: bool = False) -> Spec:
    """A card (as observations show it) as the solver sees it."""
    return Spec(int(card["difficulty"]), int(card["exact"]), int(card["over"]), highlighted)


def position_of(observation: Mapping[str, Any]) -> tuple[Position, tuple[int, ...] | None]:
    """The flight of an observation as a solver position, and the roll on the table."""
    flight = observation["flight"]
    if flight is None:
        raise ValueError("no flight in progress")
    seat = flight["seat"]
    left = [c for c in flight["cards"] if c["placed"] is None]
    done = [c["placed"] for c in flight["cards"] if c["placed"] is not None]
    points = sum(p["points"] for p in done)
    top = max((p["points"] for p in done), default=0) if flight["kind"] == "free" else 0
    position = Position(
        tuple(card_spec(c, c["highlight"]) for c in left),
        pool=flight["pool"],
        points=points,
        top=top,
        done=len(done),
        tokens=observation["seats"][seat]["tokens"],
        seventh=not flight["seventh_used"],
    )
    roll = None if flight["roll"] is None else tuple(flight["roll"])
    return position, roll


def objective_for(
    observation: Mapping[str, Any],
    seat: int,
    plan: str | None,
    *,
    token_value: float = 1.5,
    free_bonus: float = 0.0,
) -> Objective:
    """What a flight of ``plan`` (None: the free flight) is worth to ``seat``, from what the
    observation shows (its registered scores, the plan's record, the bonus supply)."""
    bonus = observation["supply"] > 0
    record_mode = observation["options"]["record_bonus"]
    if plan is None:
        bests = [p["best"][seat] or 0 for p in observation["plans"]]
        return Objective("free", token_value, worst=min(bests), bonus=bonus, free_bonus=free_bonus)
    info = next(p for p in observation["plans"] if p["id"] == plan)
    return Objective(
        "plan",
        token_value,
        old=info["best"][seat],
        table=info["record"],
        first12_open=info["first12"] is None,
        record_mode=record_mode,
        bonus=bonus,
    )


def flight_odds(observation: Mapping[str, Any], *, token_value: float = 1.5) -> Odds:
    """The odds of the flight in progress under the best play: completion, registration,
    expected points on the main track, expected token change."""
    flight = observation["flight"]
    if flight is None:
        raise ValueError("no flight in progress")
    position, roll = position_of(observation)
    objective = objective_for(observation, flight["seat"], flight["plan"], token_value=token_value)
    seventh_any = observation["options"]["seventh_die_timing"] == "any"
    return Solver(objective, seventh_any_time=seventh_any).odds(position, roll)


def plan_odds(
    cards: Sequence[Mapping[str, Any]],
    *,
    objective: Objective | None = None,
    tokens: int = 0,
    highlight: int | None = None,
) -> Odds:
    """The odds of flying these cards from the start (six dice), e.g. before declaring them."""
    objective = objective or Objective("plan" if highlight is None else "free", 0)
    specs = tuple(card_spec(c, i == highlight) for i, c in enumerate(cards))
    return Solver(objective).odds(Position(specs, pool=6, tokens=tokens))
