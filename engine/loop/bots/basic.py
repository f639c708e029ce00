"""The "basic" level: sensible rules of thumb, no look-ahead.

It declares the plan whose cards it would most likely complete (one roll per card, each card's
chance of being reached by three dice), weighted by the points it would register, once that
estimate reaches 3 points; otherwise it exchanges, drawing from the deck of the colour its hand
lacks most (every colour in hand: the colour of its best plan's least likely card) and discarding
its easiest cards outside the best plan. In flight it places dice for the most points, an exact
hit first and the fewest dice second, never leaving the other cards fewer dice than they need
when another placement would not; it rolls again only when nothing fits (in a free flight, also
when every placement would leave too few dice), stops after two cards when the third is unlikely,
and adds the 7th die at the end when the extra point counts (in a free flight, as soon as the
cards left need every die). Its free flight is the legal one most likely to succeed, highlighting
the card most often hit exactly; a hand whose best free flight is unlikely (a failed one must be
flown again, the same cards, every turn) is exchanged first, keeping the best free flight and
discarding the hardest of the rest.

>>> from engine.loop import new_game
>>> game = new_game(players=2, seed=4)
>>> bot = BasicBot(seed=1)
>>> bot.choose(game.observation(game.to_move), game.legal_actions(game.to_move)) in game.legal_actions(game.to_move)
True
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
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
from .values import color_need, free_hand_value, free_quality, plan_options
from .view import CardView, View, plan_after

DECLARE_AT = 3.0
#: The least quick estimate of a free flight's chance (values.free_quality) worth declaring.
FREE_AT = 0.2
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


def min_dice(cards: Iterable[CardView]) -> int:
    """The fewest dice that can reach every one of ``cards`` (a die shows at most 6)."""
    return sum(-(-c["difficulty"] // 6) for c in cards)


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
        # No colour missing: the colour of the best plan's least likely card (not always deck
        # A, which left a hand of hard green and yellow cards waiting for ever).
        weak = dict.fromkeys(COLORS, 0.0)
        for card in self._best_plan(view)[1]:
            weak[card["color"]] = 1.0 - float(roll_odds(card["difficulty"]).reach)
        color = max(
            (c for c in COLORS if any(d.deck == DECK_OF[c] for d in draws)),
            key=lambda c: (need[c], weak[c], -COLORS.index(c)),
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
        if view.status == "free":
            return self._free_discard(view, legal)
        # Keep the best plan's cards; of the rest, discard the easiest first.
        best_cards = {c["id"] for c in self._best_plan(view)[1]}
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

    def _free_discard(self, view: View, legal: Sequence[Action]) -> Action:
        # Keep the hand's best free flight; of the rest, discard the hardest first.
        best: tuple[float, tuple[int, ...], Discard] | None = None
        for action in legal:
            assert isinstance(action, Discard)
            keep = [c for c in view.hand if c["id"] not in action.cards]
            value = free_hand_value(keep)
            hardest = tuple(
                sorted((view.card[c]["difficulty"] for c in action.cards), reverse=True)
            )
            if (
                best is None
                or value > best[0] + 1e-12
                or (value > best[0] - 1e-12 and hardest > best[1])
            ):
                best = (value, hardest, action)
        assert best is not None
        self._why = explanation("discard", cards=list(best[2].cards))
        return best[2]

    def _best_plan(self, view: View) -> tuple[float, list[CardView]]:
        """The expected gain of the hand's best three-card plan and its cards (none: -1, [])."""
        best: tuple[float, list[CardView]] = (-1.0, [])
        for plan, laid in self._possible_plans(view):
            _, gain = estimate(plan_after(view, plan, laid), view.my_best(plan))
            if gain > best[0]:
                best = (gain, laid)
        return best

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
        # A failed free flight must be flown again, the same cards, turn after turn: a hand whose
        # best free flight is unlikely is exchanged first (a point a card, once).
        if best is not None and (best[0] >= FREE_AT or not draws or view.last_turn):
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
        seventh = [a for a in legal if isinstance(a, SeventhDie)]
        if seventh and flight["kind"] == "free" and flight["pool"] <= min_dice(left):
            # The free flight's cards need every die left: the 7th gives one to spare.
            self._why = explanation("seventh")
            return seventh[0]
        if any(isinstance(a, Roll) for a in legal):
            self._why = explanation("roll")
            return Roll(view.seat)
        if seventh and flight["kind"] == "free":
            self._why = explanation("seventh")
            return seventh[0]
        self._why = explanation("give_up")
        return next(a for a in legal if isinstance(a, Stop))

    def _rolled(self, view: View, legal: Sequence[Action]) -> Action:
        flight = view.flight
        assert flight is not None
        cards = {c["id"]: c for c in flight["cards"]}
        left = [c for c in flight["cards"] if c["placed"] is None]
        # The dice the cards still to fly need at the least, and what the pool can give them
        # (the 7th die too, while a token can still add it).
        spare = 1 if any(isinstance(a, SeventhDie) for a in legal) else 0
        best: tuple[bool, float, int, Assign] | None = None
        for index, action in enumerate(legal):
            if not isinstance(action, Assign):
                continue
            card = cards[action.card]
            exact = sum(action.dice) == card["difficulty"]
            points = card["exact"] if exact else card["over"]
            score = points - 0.8 * len(action.dice) + 0.05 * card["difficulty"]
            # A placement that leaves too few dice for the other cards ends the flight short:
            # a free flight then fails (2 points, and the same plan again next turn).
            rest = min_dice(c for c in left if c["id"] != action.card)
            keeps = flight["pool"] - len(action.dice) + spare >= rest
            if best is None or (keeps, score) > (best[0], best[1] + 1e-9):
                best = (keeps, score, index, action)
        rerolls = [a for a in legal if isinstance(a, Reroll)]
        if best is not None and not best[0] and flight["kind"] == "free" and rerolls:
            # Every placement dooms the free flight: a token on the dice is the only way on.
            action = max(rerolls, key=lambda a: (len(a.dice), a.dice))
            self._why = explanation("reroll", dice=list(action.dice), percent=50)
            return action
        if best is not None:
            action = best[3]
            self._why = explanation("assign", dice=list(action.dice), card=action.card, percent=50)
            return action
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
