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
from ..mechanisms.tripwires import TripPoint
from ..state import GameState
from ..wires import cut_value
from .base import Bot, for_bots, make_bot
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
    """Cuts only wires it knows match; never uses equipment or guesses; its other decisions
    (a mission's own choices) are the expert's."""

    name = "omniscient"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self._helper: Bot | None = None

    def _expert(self) -> Bot:
        if self._helper is None:
            self._helper = make_bot("expert", self.seed)
        return self._helper

    def explain(self) -> Explanation:
        return explanation("sees_all")

    def choose_with_state(self, state: GameState, seat: int | None) -> Action:
        if seat is None:
            raise ValueError("the game is over")
        legal = for_bots(state.legal_actions(seat))
        # Mission 41's yellow wires are cut only by a teammate pointing at them, one a turn: it
        # knows which are yellow and points at one first, a sure step back on the detonator,
        # before a stand left with only yellow wires has no teammate with a turn to free it.
        for action in legal:
            if isinstance(action, TripPoint) and state.code_at(action.stand, action.slot) % 10 == 1:
                return action
        for action in legal:
            if isinstance(action, (RevealReds, SoloCut, PlaceToken)):
                return action
        for action in legal:
            if isinstance(action, Cut) and action.tool is None and len(action.values) == 1:
                stand, slot = action.targets[0]
                if cut_value(state.code_at(stand, slot)) == action.values[0]:
                    return action
        # Any other decision (the wire to give up after a hit, a mission's own choice: the reds
        # of a sweep, a named cutter, a claim, a stuck turn...) is taken as the expert takes it,
        # from the seat's observation: the true state only ever picks the cuts.
        if any(a.type != "cut" and a.type not in EQUIPMENT for a in legal):
            return self._expert().choose(state.observation(seat), state.legal_actions(seat))
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
        # No cut at all (the Sequence card blocks every value the seat holds): a card of
        # equipment it holds (a Coffee Mug passes the turn) keeps the game going.
        if legal:
            return legal[0]
        raise AssertionError(f"no move for seat {seat} in {state!r}")
