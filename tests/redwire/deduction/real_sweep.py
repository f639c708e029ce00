"""A sweep of whole games against the oracle over real games (``real_games``): every position.

``test_real_games`` checks a sample of late positions per game; the sweep checks **every**
position of a game, after every action, from every seat and the spectator, wherever the oracle
can enumerate it (``MAX_UNSEEN`` wires unseen at most, ``budget`` layouts replayed at most:
beyond that ``enumerate_worlds`` says None and the position is counted as skipped, never as
checked). It is what a mechanism's reader must survive: the sampled test may miss the one
position where a fact is read wrongly.

>>> tally = Tally()
>>> tally.add(checked=True, exact=True)
>>> tally.add(checked=False, exact=True)
>>> (tally.checked, tally.skipped, tally.wrong)
(1, 1, 0)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field

from engine.redwire import load_mission
from engine.redwire.deduction import position_from_observation, solve
from tests.redwire.deduction.real_games import (
    PlayedGame,
    enumerate_worlds,
    play_game,
    random_levels,
    unseen_slots,
)

#: At most this many wires unseen by the viewer (the sampled test's ``MAX_UNSEEN``).
MAX_UNSEEN = 10
#: Layouts replayed at most per position (the sampled test's 24; a replay costs ~15 ms).
BUDGET = 24


@dataclass
class Tally:
    """What a sweep checked: positions compared, positions the oracle could not enumerate
    within its budget, and the mismatches (as lines to reproduce them)."""

    checked: int = 0
    skipped: int = 0
    wrong: int = 0
    lines: list[str] = field(default_factory=list)
    #: Per event type, the checked positions whose log holds one (what the sweep reached).
    events: Counter[str] = field(default_factory=Counter)

    def add(self, checked: bool, exact: bool, line: str = "") -> None:
        if not checked:
            self.skipped += 1
            return
        self.checked += 1
        if not exact:
            self.wrong += 1
            self.lines.append(line)

    def __iadd__(self, other: Tally) -> Tally:
        self.checked += other.checked
        self.skipped += other.skipped
        self.wrong += other.wrong
        self.lines += other.lines
        self.events += other.events
        return self


def sweep_game(game: PlayedGame, budget: int = BUDGET) -> Tally:
    """Every position of ``game`` (after 1, 2, .. actions), every seat and the spectator,
    against the oracle wherever it can enumerate the position."""
    tally = Tally()
    for k, state in enumerate(game.states):
        for viewer in [*range(game.players), None]:
            obs = state.observation(viewer)
            if not 0 < len(unseen_slots(obs)) <= MAX_UNSEEN:
                continue
            truth = enumerate_worlds(game, k, viewer, budget)
            if truth is None:
                tally.add(checked=False, exact=True)
                continue
            solution = solve(position_from_observation(obs))
            exact = solution.total == truth.total and all(
                solution.code_probabilities(slot) == truth.distribution(slot)
                for slot in truth.weights
            )
            tally.events.update({event.type for event in state.log})
            tally.add(
                checked=True,
                exact=exact,
                line=f"mission {game.mission}, {game.players} players, seed {game.seed}, "
                f"levels {game.levels}, after {k} actions, viewer {viewer}: "
                f"{solution.total} deals for {truth.total}",
            )
    return tally


def sweep_games(mission: int, games: int) -> Iterator[tuple[PlayedGame, Tally]]:
    """``games`` bot games per player count of ``mission`` (even rounds all experts, odd ones
    a random mix of levels), each swept whole."""
    rng = random.Random(mission)
    for round_ in range(games):
        for players in load_mission(mission).players:
            seed = 7000 * mission + 10 * round_ + players
            levels = ("expert",) * players if round_ % 2 == 0 else random_levels(players, rng)
            game = play_game(mission, players, seed, levels)
            yield game, sweep_game(game)
