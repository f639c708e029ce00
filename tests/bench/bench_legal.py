"""Benchmark: the time of one Red Wire legal-move listing, per mission (prints figures; not a test).

    python build.py bench legal [--games 3] [--missions 1-65] [--bot cautious] [--repeat 2]
                                [--top 12]

For every mission, ``--games`` seeded games are played by bots (game seed ``g``, seat ``k``'s bot
seeded ``8 g + k``, the player counts taken in turn from the mission's own), and every position
they pass through is kept. Then the listing of the seat to move is timed at each position: the
engine's ``legal_actions`` function itself (a ``GameState`` keeps the listing it made once), the
least of ``--repeat`` timings. The table gives per mission the positions, the median milliseconds
(of them all, and of the turns' listings: the cuts, the costly ones), the worst and the whole
time (``--top N``: only the N missions whose turns cost most). The last line is a digest of every
listing, so two versions of the engine can be shown to list exactly the same actions in the same
order on the same positions.
"""

from __future__ import annotations

import argparse
import hashlib
import platform
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from engine.redwire import GameState, Phase, load_mission, new_game
from engine.redwire.bots import make_bot
from engine.redwire.legal import legal_actions

#: Far beyond a real game (a few hundred actions): a bot table still going is stopped here.
MAX_ACTIONS = 2000


def positions(mission: int, games: int, bot: str) -> list[GameState]:
    """The positions (with a seat to move) of ``games`` seeded bot games of ``mission``."""
    counts = list(load_mission(mission).players)
    kept: list[GameState] = []
    for game in range(games):
        players = counts[game % len(counts)]
        state = new_game(mission, players, game)
        bots = [make_bot(bot, game * 8 + seat) for seat in range(players)]
        for _ in range(MAX_ACTIONS):
            seat = state.to_move
            if state.is_over or seat is None:
                break
            kept.append(state)
            state, _ = state.apply(
                bots[seat].choose(state.observation(seat), state.legal_actions(seat))
            )
    return kept


def span(text: str) -> list[int]:
    first, _, last = text.partition("-")
    return list(range(int(first), int(last or first) + 1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3, help="bot games per mission")
    parser.add_argument("--missions", default="1-65", help="a mission or a range (1-65)")
    parser.add_argument("--bot", default="cautious", help="the level that plays the games")
    parser.add_argument("--repeat", type=int, default=2, help="timings per position (the least)")
    parser.add_argument("--top", type=int, default=0, help="print only the N slowest missions")
    args = parser.parse_args()
    print(
        f"Red Wire legal_actions - CPython {platform.python_version()} on {platform.machine()}, "
        f"{args.games} {args.bot} games per mission"
    )
    digest = hashlib.sha256()
    rows: list[tuple[float, str]] = []
    total = 0.0
    for mission in span(args.missions):
        times: list[float] = []
        turns: list[float] = []  # the listings of a turn (the cuts), the costly ones
        for state in positions(mission, args.games, args.bot):
            seat = state.to_move
            assert seat is not None
            best = float("inf")
            for _ in range(args.repeat):  # the least of a few: the machine's noise left out
                start = time.perf_counter()
                listing = legal_actions(state, seat)
                best = min(best, time.perf_counter() - start)
            times.append(best)
            if state.phase is Phase.TURN:
                turns.append(best)
            digest.update(repr(listing).encode())
        total += sum(times)
        median, worst = statistics.median(times) * 1e3, max(times) * 1e3
        turn = statistics.median(turns) * 1e3 if turns else 0.0
        row = (
            f"{mission:>7} {len(times):>9} {median:>10.2f} {turn:>8.2f} {worst:>9.2f}"
            f" {sum(times):>8.2f}"
        )
        rows.append((turn, row))
    shown = sorted(rows, reverse=True)[: args.top] if args.top else rows
    print(
        f"{'mission':>7} {'positions':>9} {'median ms':>10} {'turns ms':>8} {'worst ms':>9}"
        f" {'total s':>8}"
    )
    for _, row in shown:
        print(row)
    print(f"all listings: {total:.2f} s; digest of every listing {digest.hexdigest()[:16]}")


if __name__ == "__main__":
    main()
