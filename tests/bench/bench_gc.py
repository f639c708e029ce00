"""Collector pauses of a long-lived process that solves real games' positions one game after another.

    python tests/bench/bench_gc.py [--missions all|1-65|20,35] [--games 1] [--step 8] [--census]

The page (Pyodide) and a bot table are one Python process that solves position after position,
game after game, and the solver keeps caches across solves (``solver.forget_caches``). Every
object they hold that the collector tracks is scanned by each full (generation 2) collection, so a
cache of many containers makes pauses the solve times of ``bench_solver`` do not show (it calls
``gc.collect(); gc.freeze()`` per game). Here nothing is frozen or forgotten: the real games of
``tests/bench/real_positions.py`` are played one after another (their bots solve positions too, as
a bot table does), and after each game every sampled position of every seat and the spectator is
solved once, in game order, as the page would. ``gc.callbacks`` times every collection (this
thread's CPU time and wall-clock time); the report gives per generation the count, the total and
the worst pause, for the whole run and for the solves alone, the solves' CPU times, and the
tracked objects (``len(gc.get_objects())``) after each tenth of the games. ``--census`` adds, at
the end, per cache of the deduction package (a module global named ``_UPPER``: a dict or a list),
its entries, the tracked objects reachable from it (through tracked containers: those the
collector visits) and their references (a full collection's work is about both).
Target: no collection over 20 ms.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import os
import pkgutil
import statistics
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from engine.redwire.deduction import position_from_observation
from tests.bench.bench_solver import parse_missions
from tests.bench.real_positions import (
    PositionKey,
    cells,
    full_solve,
    levels_for,
    sampled_actions,
)

PAUSE_MS = 20.0


@dataclass
class Pauses:
    """The collections seen, per generation: (CPU ms, wall ms, objects collected), and where."""

    phase: str = "play"  # "play" (the game and its bots) or "solve" (the timed positions)
    seen: dict[str, list[list[tuple[float, float, int]]]] = field(
        default_factory=lambda: {"play": [[], [], []], "solve": [[], [], []]}
    )
    _start: tuple[float, float] = (0.0, 0.0)

    def __call__(self, event: str, info: dict[str, int]) -> None:
        if event == "start":
            self._start = (time.thread_time(), time.perf_counter())
            return
        cpu = (time.thread_time() - self._start[0]) * 1e3
        wall = (time.perf_counter() - self._start[1]) * 1e3
        self.seen[self.phase][info["generation"]].append((cpu, wall, info["collected"]))


def modules() -> list[object]:
    """Every module of the deduction package (imported)."""
    import engine.redwire.deduction as package

    found: list[object] = [package]
    for info in pkgutil.iter_modules(package.__path__):
        found.append(importlib.import_module(f"{package.__name__}.{info.name}"))
    return found


def caches() -> dict[str, object]:
    """The deduction package's module-level caches: globals named ``_UPPER`` holding a dict or
    a list (constants such as ``_BINOMIAL`` are listed too: they are as the collector sees them)."""
    found: dict[str, object] = {}
    for module in modules():
        short = module.__name__.rsplit(".", 1)[-1]  # type: ignore[attr-defined]
        for name, value in vars(module).items():
            if not (name.startswith("_") and name[1:2].isupper()):
                continue
            if isinstance(value, dict | list) and not name.endswith("_LIMIT"):
                found[f"{short}.{name}"] = value
    return found


def reachable(root: object, seen: set[int]) -> tuple[int, int, Counter[str]]:
    """The tracked objects reachable from ``root`` through tracked containers (what a full
    collection visits for it) but for those in ``seen`` (met from an earlier cache; added to it),
    their references and their types; not through modules, classes and the modules' globals (a
    cached closure reaches its module, and from there everything)."""
    seen.add(id(root))
    todo = [root]
    objects = references = 0
    types: Counter[str] = Counter()
    while todo:
        here = todo.pop()
        objects += 1
        types[type(here).__name__] += 1
        referents = gc.get_referents(here)
        references += len(referents)
        for item in referents:
            if (
                gc.is_tracked(item)
                and id(item) not in seen
                and not isinstance(item, type | ModuleType)
            ):
                seen.add(id(item))
                todo.append(item)
    return objects, references, types


def census() -> list[tuple[str, int, int, int, int, str]]:
    """Per cache, biggest first: (name, entries, tracked objects reachable, those no bigger cache
    reaches, their references, their commonest types)."""
    globals_ = {id(vars(m)) for m in list(sys.modules.values()) if m is not None}
    found = caches()
    alone = {name: reachable(cache, set(globals_))[0] for name, cache in found.items()}
    seen = set(globals_)
    rows = []
    for name in sorted(alone, key=lambda name: -alone[name]):
        objects, references, types = reachable(found[name], seen)
        common = " ".join(f"{kind}:{count}" for kind, count in types.most_common(4))
        rows.append((name, len(found[name]), alone[name], objects, references, common))  # type: ignore[arg-type]
    return rows


def play_positions(cell: tuple[int, int, int], step: int) -> list[tuple[PositionKey, object]]:
    """A cell's game, played by its bots: the observations of its sampled positions."""
    from tests.redwire.deduction.real_games import play_game

    mission, players, seed = cell
    game = play_game(mission, players, seed, levels_for(players, seed))
    return [
        (PositionKey(mission, players, seed, k, viewer), game.states[k].observation(viewer))
        for k in sampled_actions(len(game.states), step)
        for viewer in [*range(players), None]
    ]


def spread(pauses: list[tuple[float, float, int]]) -> str:
    """count, total and worst CPU ms, worst wall ms, objects collected."""
    if not pauses:
        return f"{0:6d} {'':>9} {'':>8} {'':>8} {'':>9}"
    cpu = [p[0] for p in pauses]
    wall = [p[1] for p in pauses]
    collected = sum(p[2] for p in pauses)
    return f"{len(pauses):6d} {sum(cpu):9.0f} {max(cpu):8.1f} {max(wall):8.1f} {collected:9d}"


def report(pauses: Pauses) -> None:
    print(
        f"{'collections':22} {'count':>6} {'total ms':>9} {'worst':>8} {'wall':>8} {'collected':>9}"
    )
    for phase in ("solve", "play"):
        for generation in range(3):
            print(
                f"{phase + ', generation ' + str(generation):22} {spread(pauses.seen[phase][generation])}"
            )
    everything = [p for phase in pauses.seen.values() for gen in phase for p in gen]
    over = sum(1 for p in everything if p[0] > PAUSE_MS)
    worst = max((p[0] for p in everything), default=0.0)
    print(f"collections over {PAUSE_MS:.0f} ms (CPU): {over}; worst {worst:.1f} ms")
    print(f"target: no collection over {PAUSE_MS:.0f} ms: {'met' if not over else 'NOT met'}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--missions", default="all", help="real games' missions: all, 1-65, 20,35")
    parser.add_argument("--games", type=int, default=1, help="games per mission and player count")
    parser.add_argument("--step", type=int, default=8, help="actions between sampled positions")
    parser.add_argument("--census", action="store_true", help="per cache: its tracked objects")
    parser.add_argument(
        "--freeze-imports",
        action="store_true",
        help="gc.freeze() once after the imports (what lives then lives for good)",
    )
    parser.add_argument(
        "--limit",
        action="append",
        default=[],
        help="set a cache's size limit first: MODULE.NAME=VALUE (direct._CACHE_LIMIT=4000)",
    )
    args = parser.parse_args()
    for text in args.limit:
        name, _, value = text.partition("=")
        module, _, constant = name.rpartition(".")
        found = importlib.import_module(f"engine.redwire.deduction.{module}")
        assert isinstance(getattr(found, constant), int), name
        setattr(found, constant, int(value))
    chosen = cells(parse_missions(args.missions), args.games)
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(
        f"Python {sys.version.split()[0]}; {len(chosen)} games in one process, nothing frozen or "
        f"forgotten; CPU ms (this thread); load average {load}; gc thresholds {gc.get_threshold()}"
        + (f"; limits {' '.join(args.limit)}" if args.limit else "")
        + ("; imports frozen" if args.freeze_imports else "")
    )
    if args.freeze_imports:  # modules, classes, functions: never garbage, never scanned again
        import tests.redwire.deduction.real_games  # noqa: F401 (the bots and the game too)

        gc.collect()
        gc.freeze()
    pauses = Pauses()
    gc.callbacks.append(pauses)
    solves: list[float] = []
    in_gc: list[float] = []  # per solve: the CPU ms of the collections inside it
    started = time.process_time()
    checkpoints = {len(chosen) * k // 10 for k in range(1, 11)}
    for done, cell in enumerate(chosen, 1):
        pauses.phase = "play"
        positions = play_positions(cell, args.step)
        pauses.phase = "solve"
        for _, observation in positions:
            position = position_from_observation(observation)  # type: ignore[arg-type]
            before = sum(p[0] for gen in pauses.seen["solve"] for p in gen)
            start = time.thread_time()
            full_solve(position)
            solves.append((time.thread_time() - start) * 1e3)
            in_gc.append(sum(p[0] for gen in pauses.seen["solve"] for p in gen) - before)
        del positions
        if done in checkpoints:
            print(
                f"  {done} games, {len(solves)} positions, {time.process_time() - started:.0f} s"
                f" CPU: {len(gc.get_objects())} tracked objects",
                file=sys.stderr,
                flush=True,
            )
            if args.census:  # the biggest caches now (they may be emptied later)
                top = sorted(census(), key=lambda row: -row[3])[:6]
                print(
                    "    " + ", ".join(f"{row[0]} {row[3]}" for row in top),
                    file=sys.stderr,
                    flush=True,
                )
    gc.callbacks.remove(pauses)
    print(
        f"{len(solves)} positions solved: median {statistics.median(solves):.1f} ms, worst "
        f"{max(solves):.1f} ms, total {sum(solves) / 1e3:.1f} s, of which collections "
        f"{sum(in_gc) / 1e3:.1f} s; solves with a collection over {PAUSE_MS:.0f} ms in them: "
        f"{sum(1 for t in in_gc if t > PAUSE_MS)}; run {time.process_time() - started:.0f} s CPU"
    )
    report(pauses)
    print(f"tracked objects at the end: {len(gc.get_objects())}")
    if args.census:
        print(f"{'cache':24} {'entries':>7} {'tracked':>7} {'its own':>7} {'refs':>8}  types")
        for name, entries, alone, objects, references, common in census():
            if alone > 1:
                print(f"{name:24} {entries:7d} {alone:7d} {objects:7d} {references:8d}  {common}")
        start = time.thread_time()
        gc.collect()
        print(f"one more full collection: {(time.thread_time() - start) * 1e3:.1f} ms CPU")
    print(f"load average at the end: {', '.join(f'{x:.1f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
