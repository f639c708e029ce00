"""Solver benchmark: exact solves of real positions, timed over many random deals and games.

    python build.py bench solver [--deals 100] [--games 1] [--step 8] [--missions all|1-65|20,35]
                                 [--workers 1] [--repeat 3] [--only TEXT|real] [--profile]
                                 [--cold] [--clock wall|cpu] [--dump FILE]
    python build.py bench solver --position MISSION,PLAYERS,SEED,ACTIONS,VIEWER
    python tests/bench/bench_solver.py --page [--deals 40]

A solve is the whole job: normalise the position, build the plan, the forward and the backward
passes, and every slot's class marginals (``solve(position)`` then one ``class_weights`` call). Each
position is solved ``--repeat`` times and its best time kept (the machine's other load only ever
adds time; a real position over 50 ms is solved once); the tables give the median and the worst, in
milliseconds, and for the dealt scenarios the forward pass alone (``count_worlds``). The packed
engine keeps the masks and level keys of the layouts it meets across solves (the positions of one
game share them); ``--cold`` empties those caches before every dealt scenario's solve.

Real games (``tests/bench/real_positions.py``): ``--games`` per mission of ``--missions`` (every
mission file by default: 1-65) and player count it allows, played by the engine's bots on fixed
seeds, the seats' levels drawn from the seed (some equipment-eager, as in
tests/redwire/deduction/real_games.py). Before the setup tokens and every ``--step`` actions, the
position of every seat and of the spectator is timed. The table gives per mission the seats' and
the spectator's count, median and worst, and the mission's worst position as
``MISSION,PLAYERS,SEED,ACTIONS,VIEWER`` (viewer ``s``: the spectator), which ``--position`` makes
again (it replays the game), times and prints as the JSON of its ``Position``
(``Position.from_json`` reads it back); then the overall worst, with the engine(s) that walked it
(``direct``, ``sparse``, ``packed``) and its JSON. Target: every position <= 100 ms. The games are
independent: ``--workers N`` shares them among N processes (figures at ``--workers 1`` are the
ones to compare; two workers on a loaded two-core machine slow each other).
``--dump FILE`` writes every real position's key, time and hidden slots as a JSON line as each
game's positions are timed: a run cut short keeps what it timed.

Scenarios dealt by the tiny dealer (mission 8: all 48 blue wires, red "1 of 2", yellow "2 of 3";
the viewer is seat 0 and knows his own stands; "tokens": every player put an info token on one of
his blue wires):
  - the 5-player opening with tokens, the hardest seat's opening (target: median <= 10 ms);
  - 2-, 3- and 4-player openings with tokens (3 players: the viewer is seat 1, so the captain's two
    stands are hidden);
  - the 5-player opening without tokens;
  - a 5-player opening dealt by the engine itself (``new_game``; the simple bot places the setup
    tokens), compiled from seat 0's observation by ``position_from_observation``;
  - 5-player mid-games after 6, 12 and 20 random dual cuts (cut wires, failure tokens, "the actor
    holds the value" facts; target after 12 and 20: median <= 2 ms);
  - a spectator's opening: the 5-player opening with tokens, every stand hidden.
``--page`` times the headline scenario in the page instead: Pyodide (the site's vendored runtime)
in headless Chromium, on this working tree's ``engine`` package, after eight untimed solves (V8
first runs the wasm unoptimised and tiers it up as it runs: the first solves of a page are 2-5
times slower); ``first`` is the very first solve (cold caches, cold wasm, after the imports). The
page target is a median <= 60 ms.

``--clock cpu`` times each solve in this thread's CPU time instead of wall-clock time: on a machine
shared with other work, the figures the solver alone would give.

``--profile`` runs cProfile over the selected scenarios (``--only``) instead of timing them.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import json
import os
import pstats
import random
import statistics
import sys
import tempfile
import time
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from engine.redwire import all_missions
from engine.redwire.deduction import Position, count_worlds, solve
from engine.redwire.deduction.solution import Solution
from engine.redwire.deduction.solver import forget_caches
from tests.bench.real_positions import PositionKey, Timed, cells, position_of, time_cells
from tests.redwire.deduction.dealing import deal, midgame, mission_pool, opening, token_slots

MEDIAN_MS = 10.0
MIDGAME_MEDIAN_MS = 2.0
WORST_MS = 100.0
PAGE_MEDIAN_MS = 60.0
#: Every mission the engine has a file for (real games are sampled from each).
MISSIONS = sorted(all_missions())
ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class Sample:
    position: Position
    origin: str  # how to make it again


@dataclass(frozen=True)
class Scenario:
    name: str
    samples: Callable[[], list[Sample]]
    forward: bool = True  # also time the forward pass alone


def dealt(make: Callable[[int], Position], deals: int, what: str) -> Callable[[], list[Sample]]:
    """``deals`` positions from ``make(seed)``."""
    return lambda: [Sample(make(seed), f"{what}, seed {seed}") for seed in range(deals)]


def opening_scenario(
    players: int, viewer: int = 0, tokens: bool = True
) -> Callable[[int], Position]:
    def make(seed: int) -> Position:
        rng = random.Random(seed)
        game = deal(mission_pool(8, rng), players, rng)
        return opening(game, viewer, token_slots(game, rng) if tokens else None)

    return make


def midgame_scenario(players: int, turns: int) -> Callable[[int], Position]:
    def make(seed: int) -> Position:
        rng = random.Random(seed)
        game = deal(mission_pool(8, rng), players, rng)
        return midgame(game, 0, turns, rng)

    return make


def engine_opening_scenario(players: int) -> Callable[[int], Position]:
    """An opening dealt by the engine (``new_game``), the setup tokens placed by the simple bot,
    compiled from seat 0's observation."""
    from engine.redwire import new_game
    from engine.redwire.bots import make_bot
    from engine.redwire.deduction import position_from_observation

    def make(seed: int) -> Position:
        state = new_game(8, players, seed)
        bot = make_bot("simple", seed)
        while state.phase.value == "setup_token":
            seat = state.to_move
            assert seat is not None
            state, _ = state.apply(bot.choose(state.observation(seat), state.legal_actions(seat)))
        return position_from_observation(state.observation(0))

    return make


def scenarios(deals: int) -> list[Scenario]:
    few = max(5, deals // 5)
    return [
        Scenario(
            "M8 5p opening, tokens (headline)", dealt(opening_scenario(5), deals, "5p opening")
        ),
        Scenario("M8 4p opening, tokens", dealt(opening_scenario(4), deals // 2, "4p opening")),
        Scenario(
            "M8 3p opening, tokens (viewer seat 1)",
            dealt(opening_scenario(3, 1), deals // 2, "3p opening"),
        ),
        Scenario("M8 2p opening, tokens", dealt(opening_scenario(2), deals // 2, "2p opening")),
        Scenario(
            "M8 5p opening, no tokens", dealt(opening_scenario(5, tokens=False), few, "no tokens")
        ),
        Scenario(
            "M8 5p engine opening (new_game, bot tokens)",
            dealt(engine_opening_scenario(5), deals // 2, "new_game opening"),
        ),
        Scenario("M8 5p mid-game, 6 cuts", dealt(midgame_scenario(5, 6), deals // 2, "6 cuts")),
        Scenario("M8 5p mid-game, 12 cuts", dealt(midgame_scenario(5, 12), deals // 2, "12 cuts")),
        Scenario("M8 5p mid-game, 20 cuts", dealt(midgame_scenario(5, 20), deals // 2, "20 cuts")),
        Scenario(
            "M8 5p spectator (every stand hidden)",
            dealt(opening_scenario(5, -1), few // 2, "spectator opening"),
        ),
    ]


def full_solve(position: Position) -> None:
    solution = solve(position)
    hidden = position.hidden_slots()
    if hidden and solution.feasible:
        solution.class_weights(hidden[0])  # builds every slot's marginals


def engines(solution: Solution) -> str:
    """The engines whose walks make ``solution`` (the cases of a choice each have theirs)."""
    names = {"DirectTables": "direct", "PackedTables": "packed", "SparseTables": "sparse"}
    found: set[str] = set()
    parts = [solution]
    while parts:
        part = parts.pop()
        parts += getattr(part, "_parts", [])
        for walk in getattr(part, "_walks", ()):
            kind = type(walk.tables).__name__
            found.add(names.get(kind, kind))
    return "+".join(sorted(found)) or "none (no world)"


def solve_all(position: Position) -> bool:
    """``full_solve``, for a callable that must give a value."""
    full_solve(position)
    return True


#: The clock solves are timed with: wall-clock by default; ``--clock cpu`` takes this thread's
#: CPU time instead, which other processes on a shared machine barely change.
CLOCKS: dict[str, Callable[[], float]] = {"wall": time.perf_counter, "cpu": time.thread_time}


def best_time(
    job: Callable[[], object],
    repeat: int,
    cold: bool = False,
    clock: Callable[[], float] = time.perf_counter,
) -> float:
    best = float("inf")
    for _ in range(repeat):
        if cold:
            forget_caches()
        start = clock()
        job()
        best = min(best, clock() - start)
    return best * 1e3


@dataclass
class Row:
    count: int
    median: float
    p90: float
    worst: float
    forward: float | None
    worst_sample: Sample
    timed: list[tuple[float, Sample]]


def run(scenario: Scenario, repeat: int, cold: bool, clock: Callable[[], float]) -> Row | None:
    samples = scenario.samples()
    if not samples:
        return None
    # The games and positions made for the benchmark are not the solver's: kept out of the
    # collector's full passes (which would otherwise scan them all, hundreds of ms now and then).
    gc.collect()
    gc.freeze()
    solves, forwards = [], []
    for sample in samples:
        position = sample.position
        solves.append(best_time(lambda p=position: full_solve(p), repeat, cold, clock))  # type: ignore[misc]
        if scenario.forward:
            forwards.append(best_time(lambda p=position: count_worlds(p), repeat, cold, clock))  # type: ignore[misc]
    worst = max(range(len(solves)), key=solves.__getitem__)
    return Row(
        len(solves),
        statistics.median(solves),
        statistics.quantiles(solves, n=10, method="inclusive")[-1]
        if len(solves) > 1
        else solves[0],
        solves[worst],
        statistics.median(forwards) if forwards else None,
        samples[worst],
        list(zip(solves, samples, strict=True)),
    )


PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>solver</title></head>
<body><script type="module">
import { loadPyodide } from "./runtime/pyodide/pyodide.mjs";
const pyodide = await loadPyodide();
const code = await (await fetch("code.zip")).arrayBuffer();
pyodide.unpackArchive(code, "zip", { extractDir: "/home/pyodide/bench" });
window.result = pyodide.runPython(await (await fetch("bench.py")).text());
document.documentElement.setAttribute("data-done", "");
</script></body></html>
"""

# Runs inside Pyodide: the headline scenario, as ``run`` does here.
PAGE_BENCH = """
import json, random, statistics, sys, time
sys.path.insert(0, "/home/pyodide/bench")
from engine.redwire.deduction import solve
from tests.redwire.deduction.dealing import deal, mission_pool, opening, token_slots

def make(seed):
    rng = random.Random(seed)
    game = deal(mission_pool(8, rng), 5, rng)
    return opening(game, 0, token_slots(game, rng))

def timed(position):
    start = time.perf_counter()
    solve(position).class_weights(position.hidden_slots()[0])
    return (time.perf_counter() - start) * 1e3

first = timed(make(DEALS))
for seed in range(DEALS + 1, DEALS + 9):  # V8 tiers the wasm up while it runs: warm it first
    timed(make(seed))
times = [min(timed(make(seed)) for _ in range(REPEAT)) for seed in range(DEALS)]
json.dumps({
    "first": first,
    "median": statistics.median(times),
    "p90": statistics.quantiles(times, n=10, method="inclusive")[-1],
    "worst": max(times),
})
"""


def page_bench(deals: int, repeat: int) -> dict[str, float]:
    """The headline scenario under Pyodide in headless Chromium (see the module docstring)."""
    sys.path.insert(0, str(ROOT / "tests" / "e2e"))
    from harness import build_once, launch  # type: ignore[import-not-found]
    from playwright.sync_api import sync_playwright

    import build

    site = build.SITE if (build.SITE / "runtime").exists() else build_once(f"solver-{deals}")
    with tempfile.TemporaryDirectory(prefix="fusebox-solver-") as tmp:
        folder = Path(tmp)
        (folder / "runtime").symlink_to(site / "runtime")
        (folder / "index.html").write_text(PAGE)
        bench = PAGE_BENCH.replace("DEALS", str(deals)).replace("REPEAT", str(repeat))
        (folder / "bench.py").write_text(bench)
        with zipfile.ZipFile(folder / "code.zip", "w") as archive:
            for path in sorted((ROOT / "engine").rglob("*.py")):
                archive.write(path, path.relative_to(ROOT).as_posix())
            for name in ("tests/__init__.py", "tests/redwire/deduction/__init__.py"):
                archive.writestr(name, "")
            archive.write(
                ROOT / "tests/redwire/deduction/dealing.py", "tests/redwire/deduction/dealing.py"
            )
        server, url = build.serve_in_thread(folder)
        try:
            with sync_playwright() as playwright:
                browser = launch(playwright)
                page = browser.new_page()
                page.goto(url + "index.html")
                page.wait_for_selector("html[data-done]", state="attached", timeout=600_000)
                result: dict[str, float] = json.loads(page.evaluate("window.result"))
                browser.close()
        finally:
            server.shutdown()
    return result


def parse_missions(text: str) -> list[int]:
    """``1-65``, ``20,35`` or ``1-10,56``: the missions chosen (every one shipped: ``all``)."""
    if text == "all":
        return MISSIONS
    chosen: list[int] = []
    for part in text.split(","):
        low, _, high = part.partition("-")
        chosen += range(int(low), int(high or low) + 1)
    unknown = sorted(set(chosen) - set(MISSIONS))
    if unknown:
        raise SystemExit(f"no mission file for {unknown}")
    return chosen


def spread(times: list[float]) -> str:
    """``count median worst`` of some times in ms (blank columns when there are none)."""
    if not times:
        return f"{'':>5} {'':>7} {'':>8}"
    return f"{len(times):5d} {statistics.median(times):7.1f} {max(times):8.1f}"


def real_report(found: list[Timed], clock: str) -> Timed | None:
    """Print the real games' table (per mission: seats and spectator, count, median, worst and
    the worst position) and the overall worst; give the worst position's time."""
    if not found:
        return None
    print()
    print(
        f"positions of real games: {len(found)} ({clock} ms; --position M,P,SEED,ACTIONS,VIEWER makes one again)"
    )
    print(
        f"{'mission':>7} | {'seats':>5} {'median':>7} {'worst':>8} | {'spect.':>5} {'median':>7} {'worst':>8} | worst position"
    )
    by_mission: dict[int, list[Timed]] = {}
    for timed in found:
        by_mission.setdefault(timed.key.mission, []).append(timed)
    for mission in sorted(by_mission):
        mine = by_mission[mission]
        seats = [t.ms for t in mine if t.key.viewer is not None]
        spectators = [t.ms for t in mine if t.key.viewer is None]
        worst = max(mine, key=lambda t: t.ms)
        print(
            f"{mission:7d} | {spread(seats)} | {spread(spectators)} | {worst.key.text()}",
            flush=True,
        )
    for who, spectator in (("seats", False), ("spectators", True)):
        times = [t.ms for t in found if (t.key.viewer is None) == spectator]
        if times:
            over = sum(ms > WORST_MS for ms in times)
            print(
                f"all {who}: {spread(times)} ms (count, median, worst); over {WORST_MS:.0f} ms: {over}"
            )
    late = [t.ms for t in found if t.key.actions > 0]
    openings = [t.ms for t in found if t.key.actions == 0]
    print(f"before the setup tokens: {spread(openings)}; later: {spread(late)}")
    return max(found, key=lambda t: t.ms)


def show_position(
    key: PositionKey, repeat: int, clock: Callable[[], float], profile: bool = False
) -> None:
    """Make one position of a real game again, time it and print it (``--position``); with
    ``profile``, cProfile one more solve of it (warm caches, as the timed ones) after them."""
    position = position_of(key)
    ms = best_time(lambda: full_solve(position), repeat, False, clock)
    print(
        f"{ms:.1f} ms: {key.describe()}; {len(position.hidden_slots())} hidden slots; engine {engines(solve(position))}"
    )
    print(json.dumps(position.to_json(), separators=(",", ":")))
    if profile:
        profiler = cProfile.Profile()
        profiler.runcall(lambda: full_solve(position))
        pstats.Stats(profiler).sort_stats("tottime").print_stats(25)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100, help="deals of the headline scenario")
    parser.add_argument("--games", type=int, default=1, help="real games per mission and players")
    parser.add_argument("--step", type=int, default=8, help="actions between real positions")
    parser.add_argument("--missions", default="all", help="real games' missions: all, 1-65, 20,35")
    parser.add_argument("--workers", type=int, default=1, help="processes timing real games")
    parser.add_argument(
        "--position",
        default="",
        help="time one real position: M,P,SEED,ACTIONS,VIEWER (s: spectator)",
    )
    parser.add_argument("--repeat", type=int, default=3, help="solves per position (best kept)")
    parser.add_argument("--profile", action="store_true", help="cProfile the selected scenarios")
    parser.add_argument(
        "--only",
        default="",
        help="run the scenarios whose name contains this; 'real': real games only",
    )
    parser.add_argument("--cold", action="store_true", help="empty the solver's caches every solve")
    parser.add_argument("--page", action="store_true", help="the headline under Pyodide, Chromium")
    parser.add_argument(
        "--clock",
        choices=sorted(CLOCKS),
        default="wall",
        help="wall-clock or this thread's CPU time",
    )
    parser.add_argument(
        "--dump",
        default="",
        help="write the 30 slowest real positions' keys and times to this file",
    )
    args = parser.parse_args()
    if args.page:
        page = page_bench(args.deals, args.repeat)
        print(f"Pyodide in headless Chromium; best of {args.repeat} per deal; wall-clock ms")
        print(f"{'scenario':42} {'deals':>5} {'median':>8} {'p90':>8} {'worst':>8} {'first':>8}")
        print(
            f"{'M8 5p opening, tokens (headline, page)':42} {args.deals:5d} {page['median']:8.1f}"
            f" {page['p90']:8.1f} {page['worst']:8.1f} {page['first']:8.1f}"
        )
        met = page["median"] <= PAGE_MEDIAN_MS
        print(f"target (page): median <= {PAGE_MEDIAN_MS:.0f} ms: {'met' if met else 'NOT met'}")
        return
    if args.position:
        show_position(
            PositionKey.parse(args.position), args.repeat, CLOCKS[args.clock], args.profile
        )
        return
    chosen = [s for s in scenarios(args.deals) if args.only in s.name]
    real_cells = (
        cells(parse_missions(args.missions), args.games) if args.only in ("", "real") else []
    )
    if args.profile:
        positions = [sample.position for s in chosen for sample in s.samples()]
        profiler = cProfile.Profile()
        profiler.runcall(lambda: [solve_all(p) for p in positions])
        pstats.Stats(profiler).sort_stats("tottime").print_stats(20)
        return
    caches = "cold caches" if args.cold else "warm caches"
    unit = "wall-clock ms" if args.clock == "wall" else "CPU ms (this thread)"
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(
        f"Python {sys.version.split()[0]}; best of {args.repeat} per position, {caches}; {unit}; "
        f"load average {load}"
    )
    print(f"{'scenario':52} {'count':>5} {'median':>8} {'p90':>8} {'worst':>8} {'fwd med':>8}")
    rows: dict[str, Row] = {}
    for scenario in chosen:
        row = run(scenario, args.repeat, args.cold, CLOCKS[args.clock])
        if row is None:
            continue
        rows[scenario.name] = row
        forward = "" if row.forward is None else f"{row.forward:8.1f}"
        print(
            f"{scenario.name:52} {row.count:5d} {row.median:8.1f} {row.p90:8.1f} {row.worst:8.1f}"
            f" {forward}",
            flush=True,
        )
    started = time.perf_counter()
    log = open(args.dump, "w") if args.dump else None  # noqa: SIM115 (written as cells end)
    written = 0

    def progress(found: list[Timed]) -> None:
        nonlocal written
        print(
            f"  ... {len(found)} real positions, {time.perf_counter() - started:.0f} s",
            file=sys.stderr,
            flush=True,
        )
        if log is not None:  # every time as it comes: a run cut short keeps what it timed
            for timed in found[written:]:
                line = {"ms": timed.ms, "position": timed.key.text(), "hidden": timed.hidden}
                log.write(json.dumps(line) + "\n")
            log.flush()
            written = len(found)

    found = time_cells(real_cells, args.step, args.repeat, args.clock, args.workers, progress)
    if log is not None:
        log.close()
    worst_real = real_report(found, args.clock)
    if found:
        print(
            f"real games timed in {time.perf_counter() - started:.0f} s ({len(real_cells)} games, --workers {args.workers})"
        )
    verdicts = []
    if rows:
        worst_name = max(rows, key=lambda name: rows[name].worst)
        worst = rows[worst_name]
        print(
            f"worst dealt position: {worst.worst:.1f} ms ({worst_name}: {worst.worst_sample.origin})"
        )
    if worst_real is not None:
        position = position_of(worst_real.key)
        print(
            f"worst real position: {worst_real.ms:.1f} ms, {worst_real.key.describe()}; "
            f"{worst_real.hidden} hidden slots; engine {engines(solve(position))}"
        )
        print(json.dumps(position.to_json(), separators=(",", ":")))
    if "M8 5p opening, tokens (headline)" in rows:
        median = rows["M8 5p opening, tokens (headline)"].median
        verdicts.append((f"headline median <= {MEDIAN_MS:.0f} ms", median <= MEDIAN_MS))
    for cuts in (12, 20):
        name = f"M8 5p mid-game, {cuts} cuts"
        if name in rows:
            ok = rows[name].median <= MIDGAME_MEDIAN_MS
            verdicts.append(
                (f"mid-game after {cuts} cuts median <= {MIDGAME_MEDIAN_MS:.0f} ms", ok)
            )
    if worst_real is not None:
        ok = worst_real.ms <= WORST_MS
        verdicts.append((f"every position of a real game <= {WORST_MS:.0f} ms", ok))
    for what, ok in verdicts:
        print(f"target: {what}: {'met' if ok else 'NOT met'}")


if __name__ == "__main__":
    main()
