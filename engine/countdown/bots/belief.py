"""An exact belief over the wire layouts, from one seat's observation.

The eight wires lie in 4 combination positions and 4 ordered spare slots: 8!/(2!^4) = 2,520
distinguishable colour layouts with the default wires (spec §11.1), equally likely at the deal.
Play reveals some (a Rewire shows the wire it removes and the spare that replaces it) and the
seat's own Scans pin others down. What is left is a uniform prior over the arrangements of the
unknown wires in the face-down positions and the spare slots still in the pile; we keep it
grouped by what matters for play (the colours of the face-down positions and of the next spare
wire), each group weighed by the exact number of layouts in it.

Hard evidence filters layouts out: the seat's own Scans (and every face-up wire). Soft evidence
re-weighs them: an opponent who scanned some wires and then placed Snips most likely placed the
colours they saw, but may bluff, so each Snip that contradicts a layout (an honest player would
have matched it) multiplies its weight by ``bluff`` rather than ruling it out.

>>> from engine.countdown import new_game
>>> game = new_game(players=2, seed=3)
>>> b = Belief.of(game.observation(game.to_move))
>>> b.layouts, round(b.p_multiset(("blue", "green", "red", "yellow")), 4)
(2520, 0.2286)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from math import factorial, prod
from typing import Any

from ..cards import COMBINATION, colour_order

#: How much more likely an opponent is to place a Snip of a colour they saw in a Scan than one of
#: another colour (0 = their Snips say nothing; a large value = they never guess nor bluff).
LEAN = 0.5

Multiset = tuple[str, ...]


def multiset(colours: Iterable[str]) -> Multiset:
    """A combination's colours in a canonical order (order and position never matter)."""
    return tuple(sorted(colours, key=colour_order))


def _arrangements(counts: Mapping[str, int]) -> int:
    """Distinct orderings of a multiset of wires."""
    return factorial(sum(counts.values())) // prod(factorial(n) for n in counts.values())


@cache
def _classes(
    unknown: tuple[tuple[str, int], ...], positions: int, spares: int
) -> tuple[tuple[tuple[str, ...], str | None, int], ...]:
    """Every way to colour ``positions`` face-down wires and the next spare from the unknown
    wires, with the number of full layouts (the rest of the spare pile arranged) behind each."""
    counts = dict(unknown)
    out: list[tuple[tuple[str, ...], str | None, int]] = []

    def fill(prefix: list[str], left: dict[str, int]) -> None:
        if len(prefix) == positions:
            if spares:
                for colour, n in left.items():
                    if n:
                        rest = dict(left)
                        rest[colour] -= 1
                        out.append((tuple(prefix), colour, _arrangements(rest)))
            else:
                out.append((tuple(prefix), None, _arrangements(left)))
            return
        for colour, n in left.items():
            if n:
                left[colour] -= 1
                prefix.append(colour)
                fill(prefix, left)
                prefix.pop()
                left[colour] += 1

    fill([], counts)
    return tuple(out)


def _counts(colours: Iterable[str], palette: Sequence[str]) -> tuple[int, ...]:
    found = Counter(colours)
    return tuple(found[c] for c in palette)


@dataclass(frozen=True)
class Reading:
    """What an opponent's Snips say: the face-down positions they scanned, and the colours of
    their Snips placed after their first Scan."""

    seat: int
    scanned: tuple[int, ...]
    informed: tuple[str, ...]


def read_opponents(obs: Mapping[str, Any], me: int) -> list[Reading]:
    """Follow the current game's log: which Snips each opponent placed after scanning, and which
    of those are still under their agents."""
    log: Sequence[Mapping[str, Any]] = obs["log"]
    start = max((i for i, e in enumerate(log) if e["type"] == "game_start"), default=0)
    players = obs["players"]
    scanned_any = [False] * players
    # Per seat and agent: the colours under it, each with whether it was placed after a Scan.
    under: list[list[list[tuple[str, bool]]]] = [[[] for _ in range(4)] for _ in range(players)]
    for event in log[start:]:
        kind = event["type"]
        if kind == "analyze":
            scanned_any[event["seat"]] = True
        elif kind == "cut":
            cuts = under[event["seat"]][event["agent"]]
            if event["replaced"] is not None:
                for i, (colour, _) in enumerate(cuts):
                    if colour == event["replaced"]:
                        del cuts[i]
                        break
            cuts.append((event["colour"], scanned_any[event["seat"]]))
        elif kind in ("exit", "alarm_out"):
            under[event["seat"]][event["agent"]] = []
    face_down = [w["position"] for w in obs["combination"] if not w["face_up"]]
    readings = []
    for seat in range(players):
        if seat == me:
            continue
        scanned = tuple(p for p in face_down if seat in obs["combination"][p]["analysed_by"])
        informed = tuple(c for agent in under[seat] for c, after in agent if after)
        if scanned and informed:
            readings.append(Reading(seat, scanned, informed))
    return readings


class Belief:
    """The exact distribution of the face-down wires (and the next spare) for one seat."""

    def __init__(
        self,
        wire_counts: Mapping[str, int],
        face_up: Mapping[int, str],
        removed: Sequence[str],
        spares: int,
        known: Mapping[int, str],
        readings: Sequence[Reading] = (),
        lean: float = LEAN,
    ) -> None:
        self.face_up = dict(face_up)
        self.positions: tuple[int, ...] = tuple(p for p in range(COMBINATION) if p not in face_up)
        palette = tuple(sorted(wire_counts, key=colour_order))
        self._palette = palette
        unknown = Counter(wire_counts)
        unknown.subtract(face_up.values())
        unknown.subtract(removed)
        key = tuple(sorted((c, n) for c, n in unknown.items() if n > 0))
        classes = _classes(key, len(self.positions), spares)
        index = {p: i for i, p in enumerate(self.positions)}
        pinned = [(index[p], c) for p, c in known.items() if p in index]
        fixed = _counts(self.face_up.values(), palette)
        checks = [
            ([index[p] for p in r.scanned], [palette.index(c) for c in r.informed])
            for r in readings
        ]
        slot = {c: i for i, c in enumerate(palette)}
        rows: list[tuple[tuple[str, ...], str | None, float, tuple[int, ...]]] = []
        total = 0.0
        layouts = 0
        for colours, spare, count in classes:
            if any(colours[i] != c for i, c in pinned):
                continue
            layouts += count
            weight = float(count)
            for where, informed in checks:
                seen = [False] * len(palette)
                for i in where:
                    seen[slot[colours[i]]] = True
                # Each Snip placed after a Scan leans towards the colours the player saw.
                share = 1.0 / (len(palette) + lean * sum(seen))
                for k in informed:
                    weight *= (1.0 + lean if seen[k] else 1.0) * share
            vector = list(fixed)
            for colour in colours:
                vector[slot[colour]] += 1
            rows.append((colours, spare, weight, tuple(vector)))
            total += weight
        self.layouts = layouts
        self._rows = (
            [(colours, spare, w / total, v) for colours, spare, w, v in rows] if total else []
        )
        self._fixed = list(self.face_up.values())
        by_vector: dict[tuple[int, ...], float] = {}
        for _, _, w, v in self._rows:
            by_vector[v] = by_vector.get(v, 0.0) + w
        self._by_multiset: dict[Multiset, float] = {
            self._multiset_of(v): w for v, w in by_vector.items()
        }

    def _multiset_of(self, vector: tuple[int, ...]) -> Multiset:
        return tuple(c for c, n in zip(self._palette, vector, strict=True) for _ in range(n))

    @classmethod
    def of(cls, obs: Mapping[str, Any], lean: float = LEAN, soft: bool = True) -> Belief:
        """The belief of the observing seat."""
        me = obs["viewer"]
        face_up = {w["position"]: w["colour"] for w in obs["combination"] if w["face_up"]}
        known = {n["position"]: n["colour"] for n in obs["notes"] or []}
        return cls(
            obs["cards"]["wires"],
            face_up,
            obs["removed"],
            obs["reserve"]["count"],
            known,
            read_opponents(obs, me) if soft else (),
            lean,
        )

    # ------------------------------------------------------------------ queries

    def multisets(self) -> dict[Multiset, float]:
        """The probability of each combination, as a multiset of colours."""
        return dict(self._by_multiset)

    def p_multiset(self, colours: Iterable[str]) -> float:
        return self._by_multiset.get(multiset(colours), 0.0)

    def best(self) -> tuple[Multiset, float]:
        if not self._by_multiset:
            return (), 0.0
        m = max(self._by_multiset, key=lambda k: (self._by_multiset[k], k))
        return m, self._by_multiset[m]

    def marginal(self, position: int) -> dict[str, float]:
        """The chance of each colour at a combination position."""
        if position in self.face_up:
            return {self.face_up[position]: 1.0}
        i = self.positions.index(position)
        out: dict[str, float] = {}
        for colours, _, w, _ in self._rows:
            out[colours[i]] = out.get(colours[i], 0.0) + w
        return out

    def next_spare(self) -> dict[str, float]:
        out: dict[str, float] = {}
        for _, spare, w, _ in self._rows:
            if spare is not None:
                out[spare] = out.get(spare, 0.0) + w
        return out

    def scan_value(self, position: int) -> float:
        """The chance of the likeliest combination after scanning ``position`` (one-step value
        of information: higher is better)."""
        if position in self.face_up:
            return self.best()[1]
        i = self.positions.index(position)
        joint: dict[tuple[str, tuple[int, ...]], float] = {}
        for colours, _, w, vector in self._rows:
            key = (colours[i], vector)
            joint[key] = joint.get(key, 0.0) + w
        best: dict[str, float] = {}
        for (colour, _), w in joint.items():
            best[colour] = max(best.get(colour, 0.0), w)
        return sum(best.values())

    def after_bypass(self, position: int) -> dict[Multiset, float]:
        """The combination's distribution if ``position`` were rewired now (the next spare wire
        takes its place)."""
        i = self.positions.index(position)
        slot = {c: k for k, c in enumerate(self._palette)}
        by_vector: dict[tuple[int, ...], float] = {}
        for colours, spare, w, vector in self._rows:
            if spare is None:
                continue
            changed = list(vector)
            changed[slot[colours[i]]] -= 1
            changed[slot[spare]] += 1
            key = tuple(changed)
            by_vector[key] = by_vector.get(key, 0.0) + w
        return {self._multiset_of(v): w for v, w in by_vector.items()}

    def p_contains(self, colours: Iterable[str]) -> float:
        """The chance that the combination holds at least these colours."""
        need = Counter(colours)
        return sum(w for m, w in self._by_multiset.items() if not need - Counter(m))
