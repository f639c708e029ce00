"""Decision points for bot tests: random engine games, and every decision a seat can be asked.

The games are walked by the engine tests' informed random walker (mostly hitting cuts, kinds of
moves drawn uniformly, so detectors, Walkie-Talkies, radars and labels all happen). At each step
the seat to move is a decision point, and so is every other seat whose legal list is not empty
(the "any time" equipment it may use during someone else's turn).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

from engine.redwire import GameState, new_game
from engine.redwire.actions import Action
from engine.redwire.options import Options
from tests.redwire.engine.walk import pick_action


@dataclass(frozen=True)
class Decision:
    state: GameState
    seat: int
    legal: list[Action]

    @property
    def kind(self) -> str:
        """The prompt kind for the seat to move; ``any_time`` for another seat's equipment."""
        if self.seat == self.state.to_move:
            return self.state.phase.value
        return "any_time"


def decisions(
    mission: int,
    players: int,
    seed: int,
    *,
    every: float = 1.0,
    informed: float = 0.85,
    options: Options | None = None,
) -> Iterator[Decision]:
    """The decision points of one random game (each kept with probability ``every``)."""
    rng = random.Random(seed)
    state = new_game(mission, players, seed, options=options)
    while not state.is_over:
        mover = state.to_move
        assert mover is not None
        for seat in range(players):
            legal = state.legal_actions(seat)
            if legal and rng.random() < every:
                yield Decision(state, seat, legal)
        state, _ = state.apply(pick_action(state, mover, rng, informed))
