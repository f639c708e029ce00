"""Positions of real games for ``bench_solver``: played, sampled, timed, and made again.

A *cell* is one game: a mission, a player count and a seed. Its seats' levels are drawn from the
seed alone (``levels_for``), so ``(mission, players, seed, actions, viewer)`` names a position
for good: ``position_of`` plays the game again and compiles that viewer's observation.
``time_cell`` plays a cell's game and times, every ``step`` actions (and before the setup
tokens, action 0), the position of every seat and of the spectator; the cells are independent,
so ``time_cells`` can share them among worker processes.

>>> key = PositionKey(1, 2, 7, 0, None)
>>> key.text(), PositionKey.parse(key.text()) == key
('1,2,7,0,s', True)
"""

from __future__ import annotations

import gc
import random
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from multiprocessing import Pool

from engine.redwire import load_mission
from engine.redwire.deduction import Position, position_from_observation, solve

#: Seeds of the benchmark's games: ``SEED_BASE * mission + 100 * players + game``.
SEED_BASE = 10_000


@dataclass(frozen=True)
class PositionKey:
    """What makes a position of a real game again: the game (mission, players, seed), the
    number of actions played, and the viewer (a seat, or ``None`` for a spectator)."""

    mission: int
    players: int
    seed: int
    actions: int
    viewer: int | None

    def text(self) -> str:
        """``mission,players,seed,actions,viewer`` (viewer ``s``: the spectator)."""
        who = "s" if self.viewer is None else str(self.viewer)
        return f"{self.mission},{self.players},{self.seed},{self.actions},{who}"

    @staticmethod
    def parse(text: str) -> PositionKey:
        mission, players, seed, actions, who = text.split(",")
        viewer = None if who.strip() in ("s", "spectator") else int(who)
        return PositionKey(int(mission), int(players), int(seed), int(actions), viewer)

    def describe(self) -> str:
        who = "spectator" if self.viewer is None else f"seat {self.viewer}"
        return (
            f"mission {self.mission}, {self.players} players, seed {self.seed}, "
            f"after {self.actions} actions, {who} (--position {self.text()})"
        )


@dataclass(frozen=True)
class Timed:
    """One position's time (ms) and its number of hidden slots."""

    key: PositionKey
    ms: float
    hidden: int


def levels_for(players: int, seed: int) -> tuple[str, ...]:
    """The seats' bot levels of the benchmark's game ``seed`` (drawn from the seed alone, so
    that a game is made again from its seed)."""
    from tests.redwire.deduction.real_games import random_levels

    return random_levels(players, random.Random(seed))


def cells(missions: Iterable[int], games: int) -> list[tuple[int, int, int]]:
    """``(mission, players, seed)`` of every game: ``games`` per mission and player count it
    allows (mission 34: not with two)."""
    return [
        (mission, players, SEED_BASE * mission + 100 * players + g)
        for mission in missions
        for players in load_mission(mission).players
        for g in range(games)
    ]


def full_solve(position: Position) -> None:
    """The whole job a viewer's odds cost: the solve and every hidden slot's marginals."""
    solution = solve(position)
    hidden = position.hidden_slots()
    if hidden and solution.feasible:
        solution.class_weights(hidden[0])  # builds every slot's marginals


def best_time(
    job: Callable[[], object], repeat: int, clock: Callable[[], float], slow_ms: float = 50.0
) -> float:
    """The best of ``repeat`` runs of ``job`` in ms; a run over ``slow_ms`` is not repeated (its
    noise is small beside it, and the repeats would be most of a run's time)."""
    best = float("inf")
    for _ in range(repeat):
        start = clock()
        job()
        best = min(best, (clock() - start) * 1e3)
        if best > slow_ms:
            break
    return best


def sampled_actions(states: int, step: int) -> Iterator[int]:
    """Action counts sampled in a game of ``states`` states: 0 (before the setup tokens), then
    every ``step``."""
    yield 0
    yield from range(step, states, step)


def time_cell(cell: tuple[int, int, int], step: int, repeat: int, clock: str) -> list[Timed]:
    """Play a cell's game and time its sampled positions (see the module docstring)."""
    from tests.redwire.deduction.real_games import play_game

    mission, players, seed = cell
    tick = time.thread_time if clock == "cpu" else time.perf_counter
    game = play_game(mission, players, seed, levels_for(players, seed))
    positions = [
        (PositionKey(mission, players, seed, k, viewer), game.states[k].observation(viewer))
        for k in sampled_actions(len(game.states), step)
        for viewer in [*range(players), None]
    ]
    del game
    # The game's states are not the solver's: kept out of the collector's full passes.
    gc.collect()
    gc.freeze()
    found = []
    for key, observation in positions:
        position = position_from_observation(observation)
        ms = best_time(lambda p=position: full_solve(p), repeat, tick)  # type: ignore[misc]
        found.append(Timed(key, ms, len(position.hidden_slots())))
    gc.unfreeze()
    return found


def _time_cell_args(args: tuple[tuple[int, int, int], int, int, str]) -> list[Timed]:
    return time_cell(*args)


def time_cells(
    chosen: list[tuple[int, int, int]],
    step: int,
    repeat: int,
    clock: str,
    workers: int,
    progress: Callable[[list[Timed]], None] = lambda _: None,
) -> list[Timed]:
    """Every cell timed, in this process (``workers`` 1) or shared among ``workers``
    processes; ``progress`` is told each cell's times as they come."""
    jobs = [(cell, step, repeat, clock) for cell in chosen]
    found: list[Timed] = []
    if workers <= 1:
        for job in jobs:
            found += _time_cell_args(job)
            progress(found)
        return found
    with Pool(workers) as pool:
        for timed in pool.imap_unordered(_time_cell_args, jobs):
            found += timed
            progress(found)
    return found


def position_of(key: PositionKey) -> Position:
    """The position ``key`` names, made again by playing its game."""
    from tests.redwire.deduction.real_games import play_game

    game = play_game(
        key.mission,
        key.players,
        key.seed,
        levels_for(key.players, key.seed),
        max_actions=key.actions,
    )
    return position_from_observation(game.states[key.actions].observation(key.viewer))
