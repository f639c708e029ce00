"""The omniscient bot: it reads the true state. It exists only to check the harness and the rules
(with full knowledge the base game can always be won), never to play with people.

>>> from engine.redwire import new_game
>>> game = new_game(mission=8, players=5, seed=4)
>>> bot = OmniscientBot()
>>> while not game.is_over:
...     game, _ = game.apply(bot.choose_with_state(game, game.to_move))
>>> game.result
'won'
"""

from __future__ import annotations

from ..actions import Action, Cut, PlaceToken, RevealReds, SoloCut
from ..state import GameState
from ..wires import cut_value
from .base import for_bots
from .explanation import Explanation, explanation

#: Equipment actions (the omniscient bot never needs them).
EQUIPMENT = frozenset(
    (
        "label",
        "walkie",
        "post_it",
        "rewind",
        "batteries",
        "radar",
        "stabilize",
        "coffee",
        "pass_claim",
    )
)


class OmniscientBot:
    """Cuts only wires it knows match; never uses equipment or guesses."""

    name = "omniscient"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def explain(self) -> Explanation:
        return explanation("sees_all")

    def choose_with_state(self, state: GameState, seat: int | None) -> Action:
        if seat is None:
            raise ValueError("the game is over")
        legal = for_bots(state.legal_actions(seat))
        for action in legal:
            if isinstance(action, (RevealReds, SoloCut, PlaceToken)):
                return action
        for action in legal:
            if isinstance(action, Cut) and action.tool is None and len(action.values) == 1:
                stand, slot = action.targets[0]
                if cut_value(state.code_at(stand, slot)) == action.values[0]:
                    return action
        picks = [a for a in legal if a.type == "pick"]
        if picks:
            return picks[0]
        # A mission's own decision (a claim of the next turn, a stuck turn...): its own move
        # first, else the first one offered.
        own = [a for a in legal if a.type not in EQUIPMENT and a.type != "cut"]
        if own:
            return next((a for a in own if a.type == "claim" and a.seat == seat), own[0])
        # No cut can hit (the values a mission allows are all elsewhere): a sure miss on a wire
        # that is not red costs one step and nothing more.
        for action in legal:
            if (
                isinstance(action, Cut)
                and action.tool is None
                and len(action.values) == 1
                and not any(state.code_at(*t) % 10 == 5 for t in action.targets)
            ):
                return action
        raise AssertionError(f"no move for seat {seat} in {state!r}")
