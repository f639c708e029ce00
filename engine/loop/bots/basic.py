"""The "basic" level: sensible rules of thumb, no look-ahead.

It declares the plan whose cards it would most likely complete (one roll per card, each card's
chance of being reached by three dice), weighted by the points it would register, once that
estimate reaches 3 points; otherwise it exchanges, drawing from the deck of the colour its hand
lacks most and discarding its easiest cards outside the best plan. In flight it places dice for
the most points, an exact hit first and the fewest dice second; it rolls again only when nothing
fits, stops after two cards when the third is unlikely, and adds the 7th die at the end when the
extra point counts. Its free flight is the legal one most likely to succeed, highlighting the card
most often hit exactly.

>>> from engine.loop import new_game
>>> game = new_game(players=2, seed=4)
>>> bot = BasicBot(seed=1)
>>> bot.choose(game.observation(game.to_move), game.legal_actions(game.to_move)) in game.legal_actions(game.to_move)
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ..actions import (
    Action,
    Assign,
    Declare,
    DeclareFree,
    Discard,
    Draw,
    EndDraw,
    Highlight,
    Reroll,
    Roll,
    SeventhDie,
    Stop,
)
from ..cards import COLORS, DECK_OF
from ..odds import roll_odds
from .base import register_bot
from .explanation import Explanation, explanation
from .values import color_need, free_quality, plan_options
from .view import CardView, View, plan_after

DECLARE_AT = 3.0
STOP_BELOW = 0.4


def estimate(cards: Sequence[CardView], old: int | None) -> tuple[float, float]:
    """(chance, expected gain) of a plan by the rule of thumb."""
    chance = 1.0
    points = 0.0
    for card in cards:
        odds = roll_odds(card["difficulty"])
        chance *= float(odds.reach)
        share = float(odds.exact) / float(odds.reach) if odds.reach else 0.0
        points += share * card["exact"] + (1 - share) * card["over"]
    points += 1.0  # an unused die, usually
    if points < 8:
        return chance, 0.0
    gain = points if old is None else max(0.0, points - old)
    return chance, chance * gain


class BasicBot:
    """Rules of thumb; see the module's docstring."""

    name = "basic"

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)
        self._why = explanation("roll")

    def explain(self) -> Explanation:
        return self._why

    def choose(self, observation: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        if not legal:
            raise ValueError("a bot is only asked when it has a legal action")
        view = View(observation)
        handler = {
            "turn": self._turn,
            "draw": self._draw_more,
            "discard": self._discard,
            "refill": self._refill,
            "highlight": self._highlight,
            "pre_roll": self._pre_roll,
            "rolled": self._rolled,
            "landing": self._landing,
        }[view.phase]
        action = handler(view, legal)
        assert action in legal, (action, view.phase)
        return action

    # ------------------------------------------------------------------ turns

    def _turn(self, view: View, legal: Sequence[Action]) -> Action:
        if view.status == "free":
            return self._free_turn(view, legal)
        best: tuple[float, float, int, Declare] | None = None
        for index, action in enumerate(legal):
            if not isinstance(action, Declare):
                continue
            cards = plan_after(view, action.plan, [view.card[c] for c in action.cards])
            chance, gain = estimate(cards, view.my_best(action.plan))
            if best is None or gain > best[0] + 1e-9:
                best = (gain, chance, index, action)
        draws = [a for a in legal if isinstance(a, Draw)]
        if best is not None and (best[0] >= DECLARE_AT or not draws or view.last_turn):
            gain, chance, _, action = best
            key = "upgrade" if len(action.cards) == 1 else "declare"
            extra = {"card": action.cards[0]} if key == "upgrade" else {}
            self._why = explanation(
                key, plan=action.plan, percent=round(100 * chance), points=round(gain, 1), **extra
            )
            return action
        if draws:
            return self._draw(view, draws)
        self._why = explanation("random_move", kind=legal[0].type)
        return legal[0]

    def _needed_deck(self, view: View, draws: Sequence[Draw]) -> tuple[Draw, str]:
        need = color_need(view, view.hand)
        color = max(
            (c for c in COLORS if any(d.deck == DECK_OF[c] for d in draws)),
            key=lambda c: (need[c], -COLORS.index(c)),
        )
        return next(d for d in draws if d.deck == DECK_OF[color]), color

    def _draw(self, view: View, draws: Sequence[Draw]) -> Action:
        action, color = self._needed_deck(view, draws)
        self._why = explanation("draw", deck=action.deck, color=color)
        return action

    def _draw_more(self, view: View, legal: Sequence[Action]) -> Action:
        draws = [a for a in legal if isinstance(a, Draw)]
        drawn = view.obs["prompt"]["drawn"]
        if draws and view.status != "free":
            return self._draw(view, draws)
        self._why = explanation("draw_stop", count=drawn)
        return EndDraw(view.seat)

    def _discard(self, view: View, legal: Sequence[Action]) -> Action:
        # Keep the best plan's cards; of the rest, discard the easiest first.
        best_cards: set[str] = set()
        best_gain = -1.0
        for plan, laid in self._possible_plans(view):
            cards = plan_after(view, plan, laid)
            _, gain = estimate(cards, view.my_best(plan))
            if gain > best_gain:
                best_gain, best_cards = gain, {c["id"] for c in laid}
        count = view.obs["prompt"]["drawn"]
        order = sorted(
            view.hand,
            key=lambda c: (
                c["id"] in best_cards,
                c["difficulty"] if view.status != "free" else -c["difficulty"],
                c["id"],
            ),
        )
        chosen = tuple(sorted(c["id"] for c in order[:count]))
        action = next(a for a in legal if isinstance(a, Discard) and a.cards == chosen)
        self._why = explanation("discard", cards=list(chosen))
        return action

    def _possible_plans(self, view: View) -> list[tuple[str, list[CardView]]]:
        return [(p, cards) for p, cards in plan_options(view, view.hand) if len(cards) == 3]

    def _refill(self, view: View, legal: Sequence[Action]) -> Action:
        draws = [a for a in legal if isinstance(a, Draw)]
        action, color = self._needed_deck(view, draws)
        self._why = explanation("refill", deck=action.deck, color=color)
        return action

    # ------------------------------------------------------------------ free flight

    def _free_turn(self, view: View, legal: Sequence[Action]) -> Action:
        best: tuple[float, int, DeclareFree] | None = None
        for index, action in enumerate(legal):
            if isinstance(action, DeclareFree):
                quality, _ = free_quality([view.card[c] for c in action.cards])
                if best is None or quality > best[0] + 1e-12:
                    best = (quality, index, action)
        draws = [a for a in legal if isinstance(a, Draw)]
        if best is not None:
            self._why = explanation("free", cards=list(best[2].cards), percent=round(100 * best[0]))
            return best[2]
        if draws:
            # Harder cards make the 25 points of difficulty: draw where they are.
            action = draws[0] if len(draws) == 1 else draws[self._rng.randrange(len(draws))]
            self._why = explanation("draw", deck=action.deck, color=self._deck_color(action.deck))
            return action
        self._why = explanation("random_move", kind=legal[0].type)
        return legal[0]

    def _deck_color(self, deck: str) -> str:
        return next(c for c in COLORS if DECK_OF[c] == deck)

    def _highlight(self, view: View, legal: Sequence[Action]) -> Action:
        cards = list(view.me["free_plan"] or [])
        quality, index = free_quality(cards)
        card = cards[index]["id"]
        self._why = explanation("highlight", card=card, percent=round(100 * quality))
        return next(a for a in legal if isinstance(a, Highlight) and a.card == card)

    # ------------------------------------------------------------------ flying

    def _pre_roll(self, view: View, legal: Sequence[Action]) -> Action:
        flight = view.flight
        assert flight is not None
        left = [c for c in flight["cards"] if c["placed"] is None]
        can_stop = any(isinstance(a, Stop) for a in legal)
        if can_stop and flight["kind"] == "plan" and len(left) == 1 and flight["pool"]:
            dice = min(3, flight["pool"])
            chance = (
                float(roll_odds(left[0]["difficulty"], dice).reach)
                if left[0]["difficulty"] <= 6 * dice
                else 0.0
            )
            if chance < STOP_BELOW:
                self._why = explanation("stop_two")
                return Stop(view.seat)
        if any(isinstance(a, Roll) for a in legal):
            self._why = explanation("roll")
            return Roll(view.seat)
        seventh = [a for a in legal if isinstance(a, SeventhDie)]
        if seventh and flight["kind"] == "free":
            self._why = explanation("seventh")
            return seventh[0]
        self._why = explanation("give_up")
        return next(a for a in legal if isinstance(a, Stop))

    def _rolled(self, view: View, legal: Sequence[Action]) -> Action:
        flight = view.flight
        assert flight is not None
        cards = {c["id"]: c for c in flight["cards"]}
        best: tuple[float, int, Assign] | None = None
        for index, action in enumerate(legal):
            if not isinstance(action, Assign):
                continue
            card = cards[action.card]
            exact = sum(action.dice) == card["difficulty"]
            points = card["exact"] if exact else card["over"]
            score = points - 0.8 * len(action.dice) + 0.05 * card["difficulty"]
            if best is None or score > best[0] + 1e-9:
                best = (score, index, action)
        if best is not None:
            action = best[2]
            self._why = explanation("assign", dice=list(action.dice), card=action.card, percent=50)
            return action
        rerolls = [a for a in legal if isinstance(a, Reroll)]
        if rerolls:
            action = max(rerolls, key=lambda a: (len(a.dice), a.dice))
            self._why = explanation("reroll", dice=list(action.dice), percent=50)
            return action
        self._why = explanation("give_up")
        return next(a for a in legal if isinstance(a, Stop))

    def _landing(self, view: View, legal: Sequence[Action]) -> Action:
        flight = view.flight
        assert flight is not None
        seventh = [a for a in legal if isinstance(a, SeventhDie)]
        total = flight["points"] + flight["pool"]
        if seventh and flight["kind"] == "plan":
            old = view.my_best(flight["plan"]) or 0
            if (total + 1 >= 8 and total + 1 > old and total < 8) or total + 1 in (12, 20):
                self._why = explanation("seventh_point")
                return seventh[0]
        self._why = explanation("land")
        return Stop(view.seat)


register_bot("basic", BasicBot)
