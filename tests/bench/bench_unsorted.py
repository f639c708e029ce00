"""Solver timing on positions with wires outside the sorted order (issue 7): missions 56 (every
seat's flipped wire), 20 and 35 (X wires) and 38 (a flipped wire), spectators and seats.

    python tests/bench/bench_unsorted.py [--games 1] [--step 5] [--moves 30] [--players 2,3,4,5]
                                         [--missions 56,20,35,38] [--root DIR]

Random bots play ``--games`` games per mission and player count (seeds 1, 2, ..); every
``--step`` actions up to ``--moves``, the spectator's and every seat's positions are solved (the
whole job, as ``bench_solver``'s ``full_solve``: the solve and every slot's marginals), once each,
timed in this thread's CPU time. Prints per mission, player count and viewer kind the median and
the worst in ms. ``--root`` times another checkout's engine (the figures before a change).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--step", type=int, default=5)
    parser.add_argument("--moves", type=int, default=30)
    parser.add_argument("--players", default="2,3,4,5")
    parser.add_argument("--missions", default="56,20,35,38")
    parser.add_argument("--root", default=str(Path(__file__).resolve().parents[2]))
    args = parser.parse_args()
    sys.path.insert(0, args.root)
    from engine.redwire import load_mission, new_game
    from engine.redwire.bots import make_bot
    from engine.redwire.deduction import position_from_observation, solve

    print(
        f"{'mission':>7} {'players':>7} {'viewer':>10} {'count':>5} {'median ms':>10} {'worst ms':>9}"
    )
    for mission in map(int, args.missions.split(",")):
        allowed = load_mission(mission).players
        for players in map(int, args.players.split(",")):
            if players not in allowed:
                continue
            times: dict[str, list[float]] = {"spectator": [], "seats": []}
            for seed in range(1, args.games + 1):
                state = new_game(mission=mission, players=players, seed=seed)
                bots = [make_bot("random", seed * 10 + k) for k in range(players)]
                for move in range(args.moves + 1):
                    if move % args.step == 0:
                        for viewer in [None, *range(players)]:
                            position = position_from_observation(state.observation(viewer))
                            start = time.thread_time()
                            solution = solve(position)
                            hidden = position.hidden_slots()
                            if hidden and solution.feasible:
                                solution.class_weights(hidden[0])
                            spent = (time.thread_time() - start) * 1e3
                            times["spectator" if viewer is None else "seats"].append(spent)
                    if state.is_over:
                        break
                    seat = state.to_move
                    assert seat is not None
                    action = bots[seat].choose(state.observation(seat), state.legal_actions(seat))
                    state, _ = state.apply(action)
            for who, found in times.items():
                if found:
                    print(
                        f"{mission:>7} {players:>7} {who:>10} {len(found):>5} "
                        f"{statistics.median(found):>10.1f} {max(found):>9.1f}",
                        flush=True,
                    )


if __name__ == "__main__":
    main()
