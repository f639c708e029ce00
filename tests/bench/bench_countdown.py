"""Countdown bot benchmark: strong against basic against random, seat-rotated on the same seeds.

    python3 build.py bench countdown [--seeds N] [--full] [--players 2-5]
                                     [--pairs strong-basic,basic-random,strong-random]
                                     [--workers 2] [--page]

For every player count and every pair of levels A-B, each seed's deal is played once for every
way of seating the two levels alternately around the table (A on the even seats, then rotated,
then with A and B swapped): 2 games per seed with 2 players, 2n with n. Every seat has its own
bot (seed ``8 s + k``). The table gives each level's **win rate per seat** with its 95% Wilson
interval, and the **difference** A - B with its 95% interval over seeds (a seed's games are one
sample, so the comparison is paired on the deal): "beyond doubt" when the interval is above 0.
Then how games end (defused, the countdown ran out, a failed defusal; and games nobody won),
their average length in rounds and turns, and the time of every bot decision (``choose`` only,
CPython). ``--page`` also times the strong bot's decisions of a 5-player game in the page's
Pyodide (headless Chromium; target: every decision <= 300 ms).

The default run (a few minutes on 2 cores) plays, for 2/3/4/5 players, 100/60/80/40 seeds of
strong-basic (200 to 640 games each: the closest comparison needs the most) and 30/20/24/20 seeds
of the other pairs; ``--full`` plays three times as many; ``--seeds N`` sets N seeds for every
pair and player count.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import tempfile
import time
import zipfile
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from engine.countdown import new_game
from engine.countdown.bots import make_bot

ROOT = Path(__file__).resolve().parents[2]
PAIRS = ("strong-basic", "basic-random", "strong-random")
PAGE_BUDGET_MS = 300.0
#: Seeds per player count: strong-basic is the close comparison, the others are wide apart.
CLOSE_SEEDS = {2: 100, 3: 60, 4: 80, 5: 40}
WIDE_SEEDS = {2: 30, 3: 20, 4: 24, 5: 20}


def seatings(players: int, a: str, b: str) -> list[list[str]]:
    """A and B alternately around the table, every rotation, and swapped."""
    out = []
    for first, second in ((a, b), (b, a)):
        base = [first if k % 2 == 0 else second for k in range(players)]
        rotations = players if players > 2 else 1
        out.extend(base[r:] + base[:r] for r in range(rotations))
    return out


@dataclass
class GameResult:
    levels: list[str]
    winner: int | None
    cause: str
    rounds: int
    turns: int
    times: dict[str, list[float]] = field(default_factory=dict)


def play(players: int, seed: int, levels: Sequence[str]) -> GameResult:
    game = new_game(players, seed)
    bots = [make_bot(level, seed * 8 + seat) for seat, level in enumerate(levels)]
    times: dict[str, list[float]] = {level: [] for level in set(levels)}
    while not game.is_over:
        seat = game.to_move
        assert seat is not None
        obs, legal = game.observation(seat), game.legal_actions(seat)
        start = time.process_time()  # CPU time: other work on the machine does not count
        action = bots[seat].choose(obs, legal)
        times[levels[seat]].append((time.process_time() - start) * 1e3)
        game, _ = game.apply(action)
    result = game.result
    assert result is not None
    turns = sum(1 for e in game.log if e.type == "turn")
    return GameResult(
        list(levels), result["winner"], result["cause"], result["round"], turns, times
    )


def play_seed(job: tuple[int, str, str, int]) -> list[GameResult]:
    players, a, b, seed = job
    return [play(players, seed, levels) for levels in seatings(players, a, b)]


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 0.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_interval(samples: Sequence[float], z: float = 1.96) -> tuple[float, float, float]:
    mean = statistics.fmean(samples)
    if len(samples) < 2:
        return mean, mean, mean
    half = z * statistics.stdev(samples) / math.sqrt(len(samples))
    return mean, mean - half, mean + half


def pct(x: float) -> str:
    return f"{100 * x:5.1f}%"


def report(players: int, pair: str, seeds: list[list[GameResult]]) -> tuple[bool, str]:
    a, b = pair.split("-")
    seat_games = Counter[str]()
    wins = Counter[str]()
    diffs = []
    for games in seeds:
        d = 0.0
        for g in games:
            k = Counter(g.levels)
            seat_games.update(k)
            won = g.levels[g.winner] if g.winner is not None else None
            if won is not None:
                wins[won] += 1
            d += (won == a) / k[a] - (won == b) / k[b]
        diffs.append(d / len(games))
    rate = {lv: wins[lv] / seat_games[lv] for lv in (a, b)}
    low = {lv: wilson(wins[lv], seat_games[lv]) for lv in (a, b)}
    mean, lo, hi = mean_interval(diffs)
    verdict = lo > 0
    line = (
        f"{players}p  {pair:14} {a:>6} {pct(rate[a])} [{pct(low[a][0])},{pct(low[a][1])}]"
        f"  {b:>6} {pct(rate[b])} [{pct(low[b][0])},{pct(low[b][1])}]"
        f"  diff {100 * mean:+5.1f} [{100 * lo:+5.1f},{100 * hi:+5.1f}]"
        f"  {len(seeds) * len(seeds[0]):4d} games  {'beyond doubt' if verdict else 'NOT shown'}"
    )
    return verdict, line


PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bench</title></head>
<body><script type="module">
import { loadPyodide } from "./runtime/pyodide/pyodide.mjs";
const pyodide = await loadPyodide();
const code = await (await fetch("code.zip")).arrayBuffer();
pyodide.unpackArchive(code, "zip", { extractDir: "/home/pyodide/bench" });
window.result = pyodide.runPython(await (await fetch("bench.py")).text());
document.documentElement.setAttribute("data-done", "");
</script></body></html>
"""

# Runs inside Pyodide: whole 5-player games, every seat strong, each decision timed.
PAGE_BENCH = """
import json, statistics, sys, time
sys.path.insert(0, "/home/pyodide/bench")
from engine.countdown import new_game
from engine.countdown.bots import make_bot

times = []
for seed in range(GAMES):
    game = new_game(5, seed)
    bots = [make_bot("strong", seed * 8 + k) for k in range(5)]
    while not game.is_over:
        seat = game.to_move
        obs, legal = game.observation(seat), game.legal_actions(seat)
        start = time.perf_counter()
        action = bots[seat].choose(obs, legal)
        times.append((time.perf_counter() - start) * 1e3)
        game, _ = game.apply(action)
times.sort()
json.dumps({
    "decisions": len(times),
    "median": statistics.median(times),
    "p95": times[int(0.95 * (len(times) - 1))],
    "worst": times[-1],
})
"""


def page_bench(games: int) -> dict[str, float]:
    """The strong bot's decisions under Pyodide in headless Chromium."""
    sys.path.insert(0, str(ROOT / "tests" / "e2e"))
    from harness import build_once, launch  # type: ignore[import-not-found]
    from playwright.sync_api import sync_playwright

    import build

    site = build.SITE if (build.SITE / "runtime").exists() else build_once("bench-countdown")
    with tempfile.TemporaryDirectory(prefix="fusebox-countdown-") as tmp:
        folder = Path(tmp)
        (folder / "runtime").symlink_to(site / "runtime")
        (folder / "index.html").write_text(PAGE)
        (folder / "bench.py").write_text(PAGE_BENCH.replace("GAMES", str(games)))
        with zipfile.ZipFile(folder / "code.zip", "w") as archive:
            for path in sorted((ROOT / "engine").rglob("*")):
                if path.suffix in (".py", ".json"):
                    archive.write(path, path.relative_to(ROOT).as_posix())
        server, url = build.serve_in_thread(folder)
        try:
            with sync_playwright() as playwright:
                browser = launch(playwright)
                page = browser.new_page()
                page.goto(url + "index.html")
                page.wait_for_selector("html[data-done]", state="attached", timeout=900_000)
                result: dict[str, float] = json.loads(page.evaluate("window.result"))
                browser.close()
        finally:
            server.shutdown()
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--seeds", type=int, default=None, help="seeds for strong-basic per player count"
    )
    parser.add_argument("--full", action="store_true", help="100 seeds (40 for the other pairs)")
    parser.add_argument("--players", default="2-5", help="player counts, e.g. 2-5 or 3")
    parser.add_argument("--pairs", default=",".join(PAIRS), help="pairs of levels to compare")
    parser.add_argument("--workers", type=int, default=2, help="processes")
    parser.add_argument("--page", action="store_true", help="also time the strong bot in Pyodide")
    args = parser.parse_args()
    low, _, high = args.players.partition("-")
    counts = range(int(low), int(high or low) + 1)
    scale = 3 if args.full else 1
    pairs = [p for p in args.pairs.split(",") if p]
    started = time.perf_counter()
    jobs = []
    for players in counts:
        for pair in pairs:
            a, b = pair.split("-")
            table = CLOSE_SEEDS if pair == "strong-basic" else WIDE_SEEDS
            seeds = args.seeds or scale * table[players]
            jobs.extend((players, a, b, 1000 * players + s) for s in range(seeds))
    with Pool(args.workers) as pool:
        results = pool.map(play_seed, jobs, chunksize=1)
    by_cell: dict[tuple[int, str], list[list[GameResult]]] = {}
    for job, games in zip(jobs, results, strict=True):
        by_cell.setdefault((job[0], f"{job[1]}-{job[2]}"), []).append(games)
    print("Countdown bots: win rate per seat [95% Wilson], difference A-B [95% over seeds]")
    all_ok = True
    for (players, pair), seeds in by_cell.items():
        ok, line = report(players, pair, seeds)
        all_ok &= ok
        print(line)
    print()
    print("How games end, and their length (all pairs together)")
    times: dict[str, list[float]] = {}
    for players in counts:
        games = [g for (p, _), seeds in by_cell.items() if p == players for s in seeds for g in s]
        causes = Counter(g.cause for g in games)
        nobody = sum(g.winner is None for g in games)
        n = len(games)
        print(
            f"{players}p  {n:4d} games  defused {pct(causes['defused'] / n)}"
            f"  countdown {pct(causes['countdown'] / n)}  failed defusal {pct(causes['failed_defuse'] / n)}"
            f"  (nobody won {pct(nobody / n)})  rounds {statistics.fmean(g.rounds for g in games):4.1f}"
            f"  turns {statistics.fmean(g.turns for g in games):5.1f}"
        )
        for g in games:
            for level, ts in g.times.items():
                times.setdefault(level, []).extend(ts)
    print()
    print("Decision time (CPython, ms)")
    for level in sorted(times):
        ts = sorted(times[level])
        print(
            f"  {level:7} {len(ts):7d} decisions  mean {statistics.fmean(ts):6.2f}"
            f"  p95 {ts[int(0.95 * (len(ts) - 1))]:6.2f}  worst {ts[-1]:7.2f}"
        )
    if args.page:
        found = page_bench(3)
        print(
            f"  strong in the page (Pyodide): {found['decisions']:.0f} decisions  median "
            f"{found['median']:.1f}  p95 {found['p95']:.1f}  worst {found['worst']:.1f} ms"
            f"  (target <= {PAGE_BUDGET_MS:.0f} ms: {'met' if found['worst'] <= PAGE_BUDGET_MS else 'NOT met'})"
        )
    print()
    print(
        f"Every comparison beyond doubt: {'yes' if all_ok else 'NO'}"
        f"  ({time.perf_counter() - started:.0f} s)"
    )


if __name__ == "__main__":
    main()
