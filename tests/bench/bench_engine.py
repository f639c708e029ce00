"""Benchmark: random-play throughput of the engine in CPython (prints figures; not a test).

    python build.py bench engine [--games 400]

Two policies: "random" picks a kind of action, then an action of that kind, uniformly (the
random-walk tests' policy without their checks); "simple" is the simple bot deciding from
observations, as the command line plays.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from engine.redwire import new_game
from engine.redwire.bots import make_bot


def play_random(seed: int, mission: int, players: int) -> int:
    rng = random.Random(seed)
    state = new_game(mission, players, seed)
    steps = 0
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        legal = state.legal_actions(seat)
        kind = rng.choice(sorted({a.type for a in legal}))
        state, _ = state.apply(rng.choice([a for a in legal if a.type == kind]))
        steps += 1
    return steps


def play_simple(seed: int, mission: int, players: int) -> int:
    state = new_game(mission, players, seed)
    bots = [make_bot("simple", seed * 8 + seat) for seat in range(players)]
    steps = 0
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        action = bots[seat].choose(state.observation(seat), state.legal_actions(seat))
        state, _ = state.apply(action)
        steps += 1
    return steps


def measure(policy: str, games: int) -> tuple[float, float, float]:
    play = play_random if policy == "random" else play_simple
    start = time.perf_counter()
    steps = 0
    for index in range(games):
        steps += play(index, 1 + index % 8, 2 + (index // 8) % 4)
    elapsed = time.perf_counter() - start
    return steps / elapsed, games / elapsed, steps / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--games", type=int, default=400, help="games per run (missions 1-8 x 2-5 players)"
    )
    parser.add_argument("--runs", type=int, default=3, help="runs; the median is reported")
    args = parser.parse_args()
    print(
        f"Engine throughput - CPython {platform.python_version()} on {platform.machine()}, "
        f"{args.games} games per run, median of {args.runs} runs"
    )
    print(f"{'policy':<8} {'actions/s':>10} {'games/s':>9} {'actions/game':>13}")
    for policy in ("random", "simple"):
        runs = [measure(policy, args.games) for _ in range(args.runs)]
        actions = statistics.median(r[0] for r in runs)
        games = statistics.median(r[1] for r in runs)
        print(f"{policy:<8} {actions:>10,.0f} {games:>9,.1f} {runs[0][2]:>13.1f}")


if __name__ == "__main__":
    main()
