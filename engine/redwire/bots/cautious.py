"""The "cautious" level: every turn, the safest move it can find, with the solver's exact odds.

* A certain move first: reveal the reds, a solo cut, or a cut the solver says cannot fail.
* Else, before a guess, the Fast Pass (9-9) on a pair of its own or the Single Wire Label (2-2).
* Else the cut with the best odds (an explosion counts double, see ``cuts.safety``), detectors
  included; before such a guess it turns the Stabilizer on, and winds the detonator back with
  Rewind once a step was lost.
* It places its setup token and answers picks (which wire is cut, where a token goes, which wire
  to give) at random: it does not think about what the team learns.

>>> from engine.redwire import new_game
>>> game = new_game(mission=1, players=3, seed=4)
>>> bot = CautiousBot(seed=4)
>>> while not game.is_over:
...     seat = game.to_move
...     game, _ = game.apply(bot.choose(game.observation(seat), game.legal_actions(seat)))
>>> game.result
'won'
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .. import Action, Pick, PlaceToken, RevealReds, Rewind, SoloCut, Stabilize
from ..observation_types import Observation
from ..wires import value_to_json
from . import sticker_c
from .advice import ask_mechanisms
from .base import for_bots, register_bot, seen_wire
from .cuts import RatedCut, rate_cuts, token_cuts
from .explanation import Explanation, explanation
from .knowledge import CutOdds, Knowledge
from .phrasing import cut_explanation, percent


class CautiousBot:
    """Maximises the safety of each move (see the module docstring)."""

    name = "cautious"

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)
        self._why = explanation("random_move", kind="none")

    def explain(self) -> Explanation:
        return self._why

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        if not legal:
            raise ValueError("a bot is only asked when it has a legal action")
        legal = for_bots(legal)
        advised = ask_mechanisms(observation, legal, self.name, self._rng)
        if advised is not None:  # a decision the mission's own rule knows best
            action, self._why = advised
            return action
        if all(isinstance(a, Pick) for a in legal):
            pick = self._rng.choice(list(legal))
            assert isinstance(pick, Pick)
            self._why = explanation("pick_any", stand=pick.stand, wire=pick.slot + 1)
            return pick
        tokens = [a for a in legal if isinstance(a, PlaceToken)]
        if tokens:
            token = self._rng.choice(tokens)
            wire = seen_wire(observation, token.stand, token.slot)
            self._why = explanation(
                "setup_token_any", stand=token.stand, wire=token.slot + 1, value=int(wire)
            )
            return token
        return self._turn(Knowledge(observation), legal)

    def _turn(self, know: Knowledge, legal: Sequence[Action]) -> Action:
        for action in legal:
            if isinstance(action, RevealReds):
                self._why = explanation("reveal_reds")
                return action
        for action in legal:
            if isinstance(action, SoloCut):
                self._why = explanation("solo_cut", value=value_to_json(action.value))
                return action
        shown = token_cuts(know, legal)
        if shown:  # certain without solving: a token shows the value
            cut = self._rng.choice(shown)
            self._why = cut_explanation(know, RatedCut(cut, CutOdds(1.0, 0.0)))
            return cut
        rated = rate_cuts(know, legal)
        if not rated:  # nothing to cut (cannot happen in a turn, but stay legal)
            action = self._rng.choice(list(legal))
            self._why = explanation("random_move", kind=action.type)
            return action
        certain = [r for r in rated if r.certain]
        if certain:
            singles = [r for r in certain if len(r.action.targets) == 1] or certain
            choice = self._rng.choice(singles)
            self._why = cut_explanation(know, choice)
            return choice.action
        for found in (
            sticker_c.fast_pass(legal),
            sticker_c.hook_solo(know, legal, 0.5),
            sticker_c.single_label(know.obs, legal),
        ):
            if found is not None:  # a sure step, or a free token, before a guess
                action, self._why = found
                return action
        best = rated[0]
        for action in legal:
            if isinstance(action, Stabilize):
                self._why = explanation("stabilize", percent=percent(best.odds.success))
                return action
            if isinstance(action, Rewind) and know.dial_left < know.players:
                self._why = explanation("rewind", left=know.dial_left)
                return action
        self._why = cut_explanation(know, best)
        return best.action


register_bot("cautious", CautiousBot)
