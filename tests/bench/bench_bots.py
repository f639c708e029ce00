"""Bot benchmark: how often an all-bot table wins, and why it loses.

    python build.py bench bots [--games 200] [--quick] [--missions 1-30] [--players 2-5]
                               [--levels random,cautious,expert,omniscient] [--workers 2]
                               [--fresh] [--results .cache/bench_bots.json]

For every mission and player count, each level plays the same seeded games (game seed ``s``, the
bot of seat ``k`` seeded ``8 s + k``, every seat the same level). Per level and cell the table gives
the win rate with its 95% Wilson interval, the average detonator steps left at the end (0 after an
explosion) and where the losses come from: the fatal action of a lost game (the cut that exploded
the bomb or spent its last step) is a **forced guess** when the seat had no certain move and no cut
less likely to lose on the spot (an explosion, or any failure on the last step), else an
**avoidable risk**. The time of every bot decision is measured (``choose`` only), and the cold
first turn of the 5-player mission-8 opening is timed on its own (the page's worst case).

Results are saved chunk by chunk in a JSON file under .cache/, so an interrupted run resumes where it
stopped (``--fresh`` starts over; results of other engine or mission sources are not reused).
``--quick`` plays 4 games per cell (a smoke run for CI). A game still going after
``MAX_ACTIONS`` actions is stopped, counted as lost and named on stderr, and the run ends with
an error listing its cells: a game that never ends is a bug, never a slow cell. The omniscient bot reads the true state: it
checks the harness, it is not a level.
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import json
import math
import os
import statistics
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass, field
from multiprocessing import Pool
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from engine.redwire import GameState, all_missions, load_mission, new_game
from engine.redwire.actions import Action, Cut, RevealReds, SoloCut
from engine.redwire.bots import make_bot
from engine.redwire.bots.characters import table_characters
from engine.redwire.bots.cuts import rate_detectors, rate_singles
from engine.redwire.bots.knowledge import Knowledge, _solutions
from engine.redwire.bots.omniscient import OmniscientBot

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_RESULTS = ROOT / ".cache" / "bench_bots.json"
LEVELS = ("random", "cautious", "expert", "omniscient")
CHUNK = 10  # games per unit of work (and of resumption)
# Far beyond any real game (a 5-player game takes a few hundred actions): a game still going
# here goes round forever, a rules or bot bug (mission 32 had one), and is reported as such.
MAX_ACTIONS = 2000
FORMAT = 2


@dataclass
class Tally:
    """What a chunk of games adds up to."""

    games: int = 0
    wins: int = 0
    steps_left: int = 0
    decisions: int = 0
    seconds: float = 0.0
    worst: float = 0.0
    forced: int = 0
    avoidable: int = 0
    explosions: int = 0  # red wire (the rest of the losses: the detonator)
    endless: int = 0  # games stopped at MAX_ACTIONS (counted as lost)

    def add(self, other: Tally) -> None:
        names = ("games", "wins", "steps_left", "decisions", "forced", "avoidable", "endless")
        for name in names:
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.explosions += other.explosions
        self.seconds += other.seconds
        self.worst = max(self.worst, other.worst)


@dataclass
class Job:
    level: str
    mission: int
    players: int
    first_seed: int
    games: int

    @property
    def key(self) -> str:
        return f"{self.level}/m{self.mission}/p{self.players}/{self.first_seed}"


@dataclass
class Opening:
    """Cold first-turn decisions of the 5-player mission-8 opening, per level."""

    times: dict[str, list[float]] = field(default_factory=dict)


# --------------------------------------------------------------------------- playing


def fatal_kind(know: Knowledge, legal: Sequence[Action], action: Action) -> str:
    """``"forced"`` or ``"avoidable"`` for the action that lost the game (see the docstring).

    A mission's own losing move that is not a cut (saying one cannot cut, under the sequence)
    is forced when the seat had no cut to make instead."""
    if not isinstance(action, Cut):
        return "avoidable" if any(isinstance(a, Cut | SoloCut) for a in legal) else "forced"
    if any(isinstance(a, (RevealReds, SoloCut)) for a in legal):
        return "avoidable"
    singles = rate_singles(know, legal)
    top = max((r.odds.success for r in singles), default=0.0)
    rated = singles + [d for d in rate_detectors(know, legal, top) if d.odds.exact]
    if any(r.certain for r in rated):
        return "avoidable"
    last_step = know.dial_left <= 1

    def loses_now(success: float, explosion: float) -> float:
        return 1.0 - success if last_step else explosion

    odds = know.cut_odds(action.targets, action.values)
    mine = loses_now(odds.success, odds.explosion)
    safest = min(loses_now(r.odds.success, r.odds.explosion) for r in rated)
    return "avoidable" if safest < mine - 1e-9 else "forced"


def play_game(level: str, mission: int, players: int, seed: int) -> Tally:
    """One game of an all-``level`` table; the tally of that one game."""
    # From mission 31 the computers choose their characters at the table (rule sticker B).
    chosen, _ = table_characters(
        mission, players, captain=None, levels=[level] * players, picks=[], seed=seed
    )
    state = new_game(mission, players, seed, chosen=chosen)
    tally = Tally(games=1)
    omniscient = OmniscientBot(seed)
    bots = (
        [make_bot(level, 8 * seed + seat) for seat in range(players)]
        if level != "omniscient"
        else []
    )
    actions = 0
    while not state.is_over:
        if actions == MAX_ACTIONS:
            print(
                f"ENDLESS: {level} table, mission {mission}, {players} players, seed {seed}:"
                f" still going after {MAX_ACTIONS} actions",
                file=sys.stderr,
                flush=True,
            )
            tally.endless = 1
            return tally
        actions += 1
        seat = state.to_move
        assert seat is not None
        legal = state.legal_actions(seat)
        observation = state.observation(seat)
        start = time.perf_counter()
        if level == "omniscient":
            action = omniscient.choose_with_state(state, seat)
        else:
            action = bots[seat].choose(observation, legal)
        spent = time.perf_counter() - start
        tally.decisions += 1
        tally.seconds += spent
        tally.worst = max(tally.worst, spent)
        after, events = state.apply(action)
        if after.result == "exploded":
            kind = fatal_kind(Knowledge(observation), legal, action)
            tally.forced += kind == "forced"
            tally.avoidable += kind == "avoidable"
            tally.explosions += any(
                e.type == "explosion" and e.data["cause"] == "red" for e in events
            )
        state = after
    tally.wins += state.result == "won"
    tally.steps_left += state.dial if state.result == "won" else 0
    return tally


def run_job(job: Job) -> tuple[str, Tally]:
    total = Tally()
    for seed in range(job.first_seed, job.first_seed + job.games):
        total.add(play_game(job.level, job.mission, job.players, seed))
    return job.key, total


def opening_time(args: tuple[str, int]) -> tuple[str, float]:
    """The cold first-turn decision of a 5-player mission-8 game (setup tokens placed first)."""
    level, seed = args
    state: GameState = new_game(8, 5, seed)
    bots = [make_bot(level, 8 * seed + seat) for seat in range(5)]
    while state.phase.value == "setup_token":
        seat = state.to_move
        assert seat is not None
        state, _ = state.apply(
            bots[seat].choose(state.observation(seat), state.legal_actions(seat))
        )
    seat = state.to_move
    assert seat is not None
    observation, legal = state.observation(seat), state.legal_actions(seat)
    _solutions.clear()  # cold: nothing solved yet
    start = time.perf_counter()
    bots[seat].choose(observation, legal)
    return level, time.perf_counter() - start


# --------------------------------------------------------------------------- results file


def fingerprint() -> str:
    """A hash of the engine and mission sources: saved results of other code are not reused."""
    digest = hashlib.sha256()
    sources = sorted((ROOT / "engine").rglob("*.py")) + sorted((ROOT / "missions").glob("*.toml"))
    for source in sources:
        digest.update(source.relative_to(ROOT).as_posix().encode())
        digest.update(source.read_bytes())
    return digest.hexdigest()[:16]


def load(path: Path, fresh: bool) -> dict[str, Any]:
    empty = {"format": FORMAT, "code": fingerprint(), "chunks": {}}
    if fresh or not path.exists():
        return empty
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    if data.get("format") != FORMAT or data.get("code") != empty["code"]:
        print("saved results are of other code: starting over", flush=True)
        return empty
    return data


def save(path: Path, data: dict[str, Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_suffix(".tmp")
    temporary.write_text(json.dumps(data, indent=0, sort_keys=True), encoding="utf-8")
    os.replace(temporary, path)


def jobs(
    levels: Sequence[str], missions: Sequence[int], players: Sequence[int], games: int
) -> Iterator[Job]:
    # Slow levels first, so that the two workers stay busy to the end.
    for level in sorted(levels, key=lambda name: name not in ("expert", "cautious")):
        for mission in missions:
            allowed = load_mission(mission).players  # mission 34: not with two
            for count in (c for c in players if c in allowed):
                for first in range(0, games, CHUNK):
                    yield Job(level, mission, count, first, min(CHUNK, games - first))


def cell(data: dict[str, Any], level: str, mission: int, players: int, games: int) -> Tally:
    total = Tally()
    for first in range(0, games, CHUNK):
        found = data["chunks"].get(f"{level}/m{mission}/p{players}/{first}")
        if found is not None:
            total.add(Tally(**found))
    return total


# --------------------------------------------------------------------------- the table


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a win rate.

    >>> [round(x, 3) for x in wilson(190, 200)]
    [0.91, 0.973]
    """
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return (max(0.0, centre - half), min(1.0, centre + half))


def order(tallies: dict[str, Tally]) -> str:
    """Expert vs cautious vs random: ``>`` when the intervals are apart, ``≈`` when they overlap,
    ``<`` when the lower level is ahead beyond doubt."""
    names = [n for n in ("expert", "cautious", "random") if n in tallies and tallies[n].games]
    text = names[0][0].upper() if names else ""
    for high, low in itertools.pairwise(names):
        hi, lo = (
            wilson(tallies[high].wins, tallies[high].games),
            wilson(tallies[low].wins, tallies[low].games),
        )
        sign = ">" if hi[0] > lo[1] else ("<" if hi[1] < lo[0] else "≈")
        text += sign + low[0].upper()
    return text


def table(
    data: dict[str, Any],
    levels: Sequence[str],
    missions: Sequence[int],
    players: Sequence[int],
    games: int,
) -> str:
    head = "| Mission | Players | " + " | ".join(levels) + " | Order |"
    rule = "|---|---|" + "---|" * len(levels) + "---|"
    lines = [head, rule]
    for mission in missions:
        for count in players:
            tallies = {level: cell(data, level, mission, count, games) for level in levels}
            cells = []
            for level in levels:
                t = tallies[level]
                if not t.games:
                    cells.append("-")
                    continue
                low, high = wilson(t.wins, t.games)
                cells.append(f"{100 * t.wins / t.games:.1f}% ({100 * low:.0f}-{100 * high:.0f})")
            lines.append(f"| {mission} | {count} | " + " | ".join(cells) + f" | {order(tallies)} |")
    return "\n".join(lines)


def details(
    data: dict[str, Any],
    levels: Sequence[str],
    missions: Sequence[int],
    players: Sequence[int],
    games: int,
) -> str:
    head = "| Level | Games | Wins | Steps left (avg) | Losses: forced / avoidable | of which red | Decision avg | worst |"
    lines = [head, "|---|---|---|---|---|---|---|---|"]
    for level in levels:
        total = Tally()
        for mission in missions:
            for count in players:
                total.add(cell(data, level, mission, count, games))
        if not total.games:
            continue
        avg = 1000 * total.seconds / max(1, total.decisions)
        lines.append(
            f"| {level} | {total.games} | {100 * total.wins / total.games:.1f}% | "
            f"{total.steps_left / total.games:.2f} | {total.forced} / {total.avoidable} | "
            f"{total.explosions} | {avg:.1f} ms | {1000 * total.worst:.0f} ms |"
        )
    return "\n".join(lines)


def per_mission(
    data: dict[str, Any],
    levels: Sequence[str],
    missions: Sequence[int],
    players: Sequence[int],
    games: int,
) -> str:
    """Steps left and loss causes per mission (all player counts together)."""
    head = "| Mission | " + " | ".join(f"{level}: left, F/A" for level in levels) + " |"
    lines = [head, "|---|" + "---|" * len(levels)]
    for mission in missions:
        cells = []
        for level in levels:
            total = Tally()
            for count in players:
                total.add(cell(data, level, mission, count, games))
            if not total.games:
                cells.append("-")
                continue
            cells.append(f"{total.steps_left / total.games:.2f}, {total.forced}/{total.avoidable}")
        lines.append(f"| {mission} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def span(text: str) -> list[int]:
    """``"1-8"`` or ``"2,4"`` as a list of integers."""
    out: list[int] = []
    for part in text.split(","):
        low, _, high = part.partition("-")
        out += list(range(int(low), int(high or low) + 1))
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per level and cell")
    parser.add_argument("--quick", action="store_true", help="4 games per cell (CI smoke run)")
    parser.add_argument("--missions", default=f"1-{max(all_missions())}")
    parser.add_argument("--players", default="2-5")
    parser.add_argument("--levels", default=",".join(LEVELS))
    parser.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1))
    parser.add_argument(
        "--openings", type=int, default=40, help="5-player mission-8 openings timed"
    )
    parser.add_argument("--fresh", action="store_true", help="ignore saved results")
    parser.add_argument("--results", type=Path, default=None)
    args = parser.parse_args(argv)
    games = 4 if args.quick else args.games
    openings = 4 if args.quick else args.openings
    levels = [name for name in args.levels.split(",") if name]
    missions, players = span(args.missions), span(args.players)
    path = args.results or (
        DEFAULT_RESULTS.with_name("bench_bots_quick.json") if args.quick else DEFAULT_RESULTS
    )
    data = load(path, args.fresh)
    todo = [job for job in jobs(levels, missions, players, games) if job.key not in data["chunks"]]
    started = time.time()
    print(f"{len(todo)} chunks of up to {CHUNK} games to play ({path})", flush=True)
    with Pool(args.workers) as pool:
        for done, (key, tally) in enumerate(pool.imap_unordered(run_job, todo), 1):
            data["chunks"][key] = asdict(tally)
            save(path, data)
            if done % 20 == 0 or done == len(todo):
                print(f"  {done}/{len(todo)} chunks, {time.time() - started:.0f} s", flush=True)
        timed = [lvl for lvl in levels if lvl in ("random", "cautious", "expert")]
        endless = [
            f"{level} m{mission} p{count}: {found.endless}"
            for level in levels
            for mission in missions
            for count in players
            if (found := cell(data, level, mission, count, games)).endless
        ]
        times = pool.map(opening_time, [(lvl, seed) for lvl in timed for seed in range(openings)])
    print(f"\n## Win rates ({games} games per cell, 95% Wilson intervals)\n")
    print(table(data, levels, missions, players, games))
    print(
        "\nOrder: expert (E), cautious (C), random (R); '>' when the intervals are apart, '≈' when they overlap."
    )
    print("\n## Per level (all cells)\n")
    print(details(data, levels, missions, players, games))
    print("\n## Per mission: steps left at the end, losses forced / avoidable\n")
    print(per_mission(data, levels, missions, players, games))
    if openings:  # `--openings 0` times none
        print(f"\n## Cold first turn of the 5-player mission-8 opening ({openings} deals)\n")
        print("| Level | median | worst |\n|---|---|---|")
        for level in timed:
            spent = [t for name, t in times if name == level]
            print(
                f"| {level} | {1000 * statistics.median(spent):.0f} ms | {1000 * max(spent):.0f} ms |"
            )
    if endless:
        sys.exit(
            f"\n{len(endless)} cells have games that never end ({MAX_ACTIONS} actions, counted"
            " as lost; seeds on stderr above): " + ", ".join(endless)
        )


if __name__ == "__main__":
    main()
