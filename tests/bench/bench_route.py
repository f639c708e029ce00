"""The routing's estimates against each engine's first solve in a game (``choice``'s constants).

    python tests/bench/bench_route.py --dump real.jsonl --over 15 --out route.jsonl
    python tests/bench/bench_route.py --fit route.jsonl

The real bench (``bench_solver.py --only real --dump real.jsonl``) times each position once, as
its first solve inside the process that played the game and solved its earlier positions: what
the page pays. Here each position of the dump over ``--over`` ms is timed again the same way with
each engine forced (``solve(..., engine=...)``; ``packed`` falls back to the sparse engine where
it cannot take a position), one process per game and mode, so that no engine's solve warms
another's masks; a ``sizes`` pass records what ``choice`` sees (the direct engine's estimated
states, the rough estimates, and the packed plan's ``walk_sizes`` with the time to build it).
``--fit`` fits the packed engine's first-solve time on the sizes (least squares on the relative
error, as the constants before) and prints the errors beside the rough estimate's.

CPU time (``time.thread_time``); the machine's other work still moves the figures by a third
or more: repeat the modes (``--rounds``) and keep the best.
"""

from __future__ import annotations

import argparse
import json
import math
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

MODES = ("default", "packed", "direct", "sizes")


def sizes_of(norm: Any) -> dict[str, Any]:
    """What ``choice`` sees of one walk's problem: the direct engine's estimated states, the
    rough estimates of the direction it weighs first, the packed plan's sizes and build time."""
    from engine.redwire.deduction import choice, direct
    from engine.redwire.deduction.packed_plan import build_packed_plan, takes

    out: dict[str, Any] = {}
    if not norm.feasible:
        return out
    levels = direct.direct_levels(norm)
    out["states"] = direct.estimate(levels[2], norm.universe) if all(map(all, levels[2])) else 0
    option = choice.first_option(norm, None)
    out["rough"] = [option.packed, option.sparse]
    if option.packed is None or option.levels is None or not takes(option.walked):
        return out
    start = time.thread_time()
    plan = build_packed_plan(option.walked, levels=option.levels)
    out["build_ms"] = (time.thread_time() - start) * 1e3
    if plan is not None and plan.final >= 0:
        sizes = choice.walk_sizes(plan)
        out["sizes"] = [sizes.swept, sizes.spread, sizes.joined, sizes.reached, sizes.live]
    return out


def run_cell(cell: str, mode: str, targets: set[str]) -> None:
    """Play ``cell``'s game as the real bench does and time its ``targets`` with ``mode``."""
    import real_positions as rp
    from bench_solver import engines

    from engine.redwire.deduction import position_from_observation, solve, solver
    from tests.redwire.deduction.real_games import play_game

    found: list[dict[str, Any]] = []
    active = [False]
    route = solver.route

    def routed(norm: Any, mirrored: Any, engine: Any) -> Any:
        if active[0]:
            found.append(sizes_of(norm))
        return route(norm, mirrored, engine)

    solver.route = routed  # type: ignore[assignment]
    mission, players, seed = map(int, cell.split(","))
    game = play_game(mission, players, seed, rp.levels_for(players, seed))
    order = [
        (f"{cell},{k},{'s' if v is None else v}", game.states[k].observation(v))
        for k in rp.sampled_actions(len(game.states), 8)
        for v in [*range(players), None]
    ]
    del game
    keys = iter(order)
    best_time = rp.best_time

    def timed(job: Any, repeat: int, clock: Any, slow_ms: float = 50.0) -> float:
        key, observation = next(keys)
        if key not in targets:
            return best_time(job, repeat, clock, slow_ms)
        position = position_from_observation(observation)
        found.clear()
        active[0] = mode == "sizes"
        start = time.thread_time()
        solution = solve(position, engine=None if mode in ("default", "sizes") else mode)
        hidden = position.hidden_slots()
        if hidden and solution.feasible:
            solution.class_weights(hidden[0])
        ms = (time.thread_time() - start) * 1e3
        active[0] = False
        row = {"key": key, "mode": mode, "ms": ms, "engines": engines(solution), "sizes": found[:]}
        print(json.dumps(row), flush=True)
        return ms

    rp.best_time = timed
    rp.time_cell((mission, players, seed), 8, 3, "cpu")


def collect(args: argparse.Namespace) -> None:
    cells: dict[str, list[str]] = defaultdict(list)
    for line in Path(args.dump).read_text().splitlines():
        row = json.loads(line)
        if row["ms"] > args.over:
            cells[",".join(row["position"].split(",")[:3])].append(row["position"])
    with Path(args.out).open("a") as out:
        for _ in range(args.rounds):
            for mode in args.modes.split(","):
                for cell, keys in cells.items():
                    command = [sys.executable, __file__, "--cell", cell, "--mode", mode, *keys]
                    done = subprocess.run(command, capture_output=True, text=True, check=True)
                    out.write(done.stdout)
                    out.flush()


def least_squares(rows: list[list[float]], ys: list[float]) -> list[float]:
    """Coefficients minimising the sum of ((row . c - y) / y)^2 (normal equations)."""
    n = len(rows[0])
    m = [
        [sum(r[a] * r[b] / y**2 for r, y in zip(rows, ys, strict=True)) for b in range(n)]
        for a in range(n)
    ]
    v = [sum(r[a] / y for r, y in zip(rows, ys, strict=True)) for a in range(n)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p], v[c], v[p] = m[p], m[c], v[p], v[c]
        for r in range(n):
            if r != c:
                f = m[r][c] / m[c][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c], strict=True)]
                v[r] -= f * v[c]
    return [v[c] / m[c][c] for c in range(n)]


def log_errors(estimates: list[float], ys: list[float]) -> str:
    errors = sorted(abs(math.log(max(e, 0.1) / y)) for e, y in zip(estimates, ys, strict=True))
    return f"median |log(est / time)| {errors[len(errors) // 2]:.2f}, 90% {errors[int(0.9 * len(errors))]:.2f}"


def fit(path: str) -> None:
    """The packed engine's first-solve ms on the sizes (MB swept and spread, ``choice``'s
    constants; then with the joined masks' MB too), and the rough estimate's errors."""
    best: dict[tuple[str, str], dict[str, Any]] = {}
    sizes: dict[str, list[dict[str, Any]]] = {}
    for line in Path(path).read_text().splitlines():
        row = json.loads(line)
        if row["mode"] == "sizes":
            sizes[row["key"]] = row["sizes"]
        elif (row["key"], row["mode"]) not in best or row["ms"] < best[row["key"], row["mode"]][
            "ms"
        ]:
            best[row["key"], row["mode"]] = row
    rows, ys, rough = [], [], []
    for key, found in sizes.items():
        packed = best.get((key, "packed"))
        walks = [f for f in found if "sizes" in f]
        if packed is None or not walks or "sparse" in packed["engines"]:
            continue
        rows.append([sum(f["sizes"][i] for f in walks) / (1 << 20) for i in range(3)])
        ys.append(packed["ms"])
        rough.append(sum(f["rough"][0] for f in walks) / 1e6)
    print(f"{len(ys)} positions the packed engine takes")
    for names in (("swept", "spread"), ("swept", "spread", "joined")):
        chosen = [[r[("swept", "spread", "joined").index(n)] for n in names] + [1.0] for r in rows]
        coefs = least_squares(chosen, ys)
        terms = ", ".join(f"{n} {c:.3f}" for n, c in zip(names, coefs, strict=False))
        fitted = [sum(c * x for c, x in zip(coefs, r, strict=True)) for r in chosen]
        print(f"ms per MB: {terms}; fixed {coefs[-1]:.1f} ms: {log_errors(fitted, ys)}")
    print("rough estimate:", log_errors(rough, ys))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dump", help="a real bench's --dump")
    parser.add_argument("--over", type=float, default=15.0, help="positions over this many ms")
    parser.add_argument("--out", default="route.jsonl")
    parser.add_argument("--modes", default=",".join(MODES))
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--fit", help="fit the constants on a collected file")
    parser.add_argument("--cell", help=argparse.SUPPRESS)
    parser.add_argument("--mode", help=argparse.SUPPRESS)
    parser.add_argument("keys", nargs="*", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.cell:
        run_cell(args.cell, args.mode, set(args.keys))
    elif args.fit:
        fit(args.fit)
    else:
        collect(args)


if __name__ == "__main__":
    main()
