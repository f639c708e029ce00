"""A bot's reading of its observation: its hand, its agents, what it knows of the combination
and the public table, in handy shapes. Built from the observation only.

>>> from engine.countdown import new_game
>>> game = new_game(players=3, seed=2)
>>> v = View(game.observation(game.to_move))
>>> v.me == game.to_move, len(v.hand), v.face_down, v.known
(True, 6, [0, 1, 2, 3], {})
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from functools import cached_property
from typing import Any

from ..cards import COMBINATION, MAX_CUTS, TIMER_STEPS


class View:
    """One seat's observation, read."""

    def __init__(self, obs: Mapping[str, Any]) -> None:
        viewer = obs["viewer"]
        if not isinstance(viewer, int):
            raise ValueError("a bot decides for a seat: give it that seat's observation")
        self.obs = obs
        self.me: int = viewer
        self.players: int = obs["players"]
        seats = obs["seats"]
        self.seats: list[Mapping[str, Any]] = seats
        self.hand: list[str] = list(seats[viewer]["hand"] or [])
        self.agents: list[Mapping[str, Any]] = seats[viewer]["agents"]
        self.showing: int = obs["countdown"]["showing"] or 0
        self.wild_allowed: bool = obs["countdown"]["wild_allowed"]
        self.mascot: int | None = obs["mascot"]
        self.prompt: Mapping[str, Any] = obs["prompt"] or {}
        self.phase: str = obs["phase"]
        self.first: int = obs["first"]
        self.active: int = obs["active"]
        self.colours: tuple[str, ...] = tuple(obs["cards"]["wires"])
        self.wire_counts: dict[str, int] = dict(obs["cards"]["wires"])
        self.notes: dict[int, str] = {n["position"]: n["colour"] for n in obs["notes"] or []}
        self.face_up: dict[int, str] = {
            w["position"]: w["colour"] for w in obs["combination"] if w["face_up"]
        }
        self.face_down: list[int] = [w["position"] for w in obs["combination"] if not w["face_up"]]
        #: Every combination wire whose colour this seat knows (face up, or scanned).
        self.known: dict[int, str] = {
            **self.face_up,
            **{p: c for p, c in self.notes.items() if p in self.face_down},
        }
        self.reserve_left: int = obs["reserve"]["count"]
        self.removed: list[str] = list(obs["removed"])

    # ------------------------------------------------------------------ me

    @cached_property
    def my_cuts(self) -> list[str]:
        return [c for a in self.agents for c in a["cuts"]]

    def cuts_of(self, seat: int) -> list[str]:
        return [c for a in self.seats[seat]["agents"] for c in a["cuts"]]

    def outside(self, seat: int) -> int:
        return int(self.seats[seat]["outside"])

    def inside_count(self, seat: int) -> int:
        return sum(1 for a in self.seats[seat]["agents"] if not a["out"])

    def hand_size(self, seat: int) -> int:
        return int(self.seats[seat]["hand_size"])

    def free_agents(self, where: str) -> list[int]:
        """My agents that have not acted this turn, inside ("in") or outside ("out")."""
        return [
            i for i, a in enumerate(self.agents) if not a["acted"] and a["out"] == (where == "out")
        ]

    def holds(self, kind: str) -> int:
        return self.hand.count(kind)

    @property
    def is_keeper(self) -> bool:
        return self.mascot == self.me

    @property
    def cuts_full(self) -> bool:
        return len(self.my_cuts) >= MAX_CUTS

    def timer_reach(self) -> int:
        """Countdown cards I can remove now: timers in hand on my free outside agents."""
        slots = len(self.free_agents("out"))
        steps = sorted((TIMER_STEPS[k] for k in self.hand if k in TIMER_STEPS), reverse=True)[
            :slots
        ]
        return sum(steps)

    def wanted_colours(self, target: Counter[str]) -> Counter[str]:
        """Colours of ``target`` my Snips do not cover yet."""
        return target - Counter(self.my_cuts)

    def surplus_cuts(self, target: Counter[str]) -> Counter[str]:
        """Colours of my Snips beyond ``target``."""
        return Counter(self.my_cuts) - target

    @cached_property
    def known_multiset(self) -> Counter[str]:
        return Counter(self.known.values())

    @property
    def unknown_positions(self) -> list[int]:
        return [p for p in range(COMBINATION) if p not in self.known]
