"""The "strong" level: flies optimally, chooses its turn by expected value.

*In flight* it plays the exact expectimax of :mod:`..solver`: every roll, placement, re-roll, 7th
die and stop maximises the expected gain (points on the main track, plus 1.5 points per bonus
token held at the end), from its own observation. It plans with at most four tokens in a plan's
flight and two in a free flight (each one costs time; more tokens keep their value).

*Its turn*: every declaration it may make (three cards or an upgrade on each plan) is valued by
the same solver with its registered score, the plan's record and the bonus rules; exchanging (when
the hand's best declaration is worth under 6 points) is valued by the expected best declaration
after one more card from each deck (every unseen card as likely), less a turn's worth, since
declaring also renews the hand. The race: on its last turn
(the game ends with this round) it never exchanges; entering the free flight (a fourth plan
registered) is favoured when it leads and avoided when it trails far behind; a free flight is
valued with its retries (-2 per failure) and declared once it beats exchanging (1 point a card).

>>> from engine.loop import new_game
>>> game = new_game(players=2, seed=4)
>>> bot = StrongBot(seed=1)
>>> action = bot.choose(game.observation(game.to_move), game.legal_actions(game.to_move))
>>> action in game.legal_actions(game.to_move), bot.explain().key in ("declare", "draw")
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from fractions import Fraction
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
from ..odds import objective_for, position_of, roll_odds
from ..solver import Choice, Position, Solver
from .base import register_bot
from .explanation import Explanation, explanation
from .values import TOKEN_VALUE, Planner, free_hand_value, free_quality, solver
from .view import CardView, View, plan_after, spec

#: Tokens the in-flight solver may plan to spend in a plan's flight and in a free flight (whose
#: 3 to 6 cards make a much larger tree); the rest keep their value.
FLIGHT_TOKENS = {"plan": 4, "free": 2}
#: Declarations are ranked without tokens; the best few are valued again with (up to) this many.
EXACT_TOKENS = 1
FINALISTS = 2
#: Highlight candidates valued exactly (the likeliest exact hits).
HIGHLIGHTS = 3
#: Draw another card in an exchange when it promises this much more.
DRAW_MARGIN = 0.4
#: What a turn is worth (a declaration renews the hand; an exchange spends the turn).
TURN_VALUE = 3.5
#: Exchanging is weighed only when the hand's best declaration is worth less than this (with
#: more, one card more would have to add a turn's worth on top: it never did in our games).
OUTLOOK_BELOW = 6.0
#: Favour / penalty for entering the free flight when leading / trailing.
ENTER_LEAD = 2.0
ENTER_TRAIL = 4.0


def pct(x: float | Fraction) -> int:
    return round(100 * float(x))


class StrongBot:
    """Exact expectimax in flight; expected value for the turn, with the race in view."""

    name = "strong"

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)
        self._why = explanation("roll")

    def explain(self) -> Explanation:
        return self._why

    def choose(self, observation: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        if not legal:
            raise ValueError("a bot is only asked when it has a legal action")
        view = View(observation)
        phase = view.phase
        if phase in ("pre_roll", "rolled", "landing"):
            action = self._fly(view, legal)
        elif phase == "turn":
            action = (
                self._free_turn(view, legal) if view.status == "free" else self._turn(view, legal)
            )
        elif phase == "draw":
            action = self._draw_more(view, legal)
        elif phase == "discard":
            action = self._discard(view, legal)
        elif phase == "refill":
            action = self._refill(view, legal)
        else:
            action = self._highlight(view, legal)
        assert action in legal, (action, phase)
        return action

    # ------------------------------------------------------------------ flying

    def _flight_solver(self, view: View) -> Solver:
        assert view.flight is not None
        objective = objective_for(view.obs, view.seat, view.flight["plan"], token_value=TOKEN_VALUE)
        return solver(objective, view.options["seventh_die_timing"] == "any")

    def _fly(self, view: View, legal: Sequence[Action]) -> Action:
        position, roll = position_of(view.obs)
        assert view.flight is not None
        cap = FLIGHT_TOKENS[view.flight["kind"]]
        position = replace(position, tokens=min(position.tokens, cap))
        flight_solver = self._flight_solver(view)
        seat = view.seat
        if view.phase == "pre_roll":
            choice = flight_solver.decide_pre_roll(position)
        elif view.phase == "rolled":
            assert roll is not None
            choice = flight_solver.decide_rolled(position, roll)
        else:
            choice = flight_solver.decide_landing(position)
        if choice.kind == "assign":
            return self._assign(view, flight_solver, position, choice)
        if choice.kind == "reroll":
            odds = flight_solver.odds(position, roll)
            self._why = explanation("reroll", dice=list(choice.dice), percent=pct(odds.success))
            return Reroll(seat, choice.dice)
        if choice.kind == "seventh":
            key = "seventh_point" if view.phase == "landing" else "seventh"
            self._why = explanation(key)
            return SeventhDie(seat)
        if choice.kind == "roll":
            self._why = explanation("roll")
            return Roll(seat)
        if view.phase == "landing":
            self._why = explanation("land")
        elif view.phase == "rolled":
            self._why = explanation("give_up")
        else:
            self._why = explanation("stop_two")
        return Stop(seat)

    def _assign(
        self, view: View, flight_solver: Solver, position: Position, choice: Choice
    ) -> Action:
        assert view.flight is not None and choice.card is not None
        card_id = next(
            c["id"]
            for c in view.flight["cards"]
            if c["placed"] is None and spec(c, c["highlight"]) == choice.card
        )
        after = flight_solver.after(position, choice)
        odds = flight_solver.odds(after)
        self._why = explanation(
            "assign", dice=list(choice.dice), card=card_id, percent=pct(odds.success)
        )
        return Assign(view.seat, card_id, choice.dice)

    # ------------------------------------------------------------------ the turn

    def _turn(self, view: View, legal: Sequence[Action]) -> Action:
        planner = Planner(view)
        declarations = [a for a in legal if isinstance(a, Declare)]
        ranked = sorted(
            (
                (self._declaration_value(view, planner, a, 0), i, a)
                for i, a in enumerate(declarations)
            ),
            key=lambda t: (-t[0], t[1]),
        )
        tokens = min(view.tokens, EXACT_TOKENS)
        best: tuple[float, Declare] | None = None
        for _, _, action in ranked[: FINALISTS if tokens else 1]:
            value = self._declaration_value(view, planner, action, tokens)
            if best is None or value > best[0] + 1e-9:
                best = (value, action)
        draws = [a for a in legal if isinstance(a, Draw)]
        now = planner.best(view.hand)  # valued as the outlook is, to compare like with like
        if draws and not view.last_turn and (best is None or now < OUTLOOK_BELOW):
            outlook = [
                (gain, a.deck)
                for a in draws
                if (gain := planner.draw_outlook(view.hand, a.deck, weigh=False)) is not None
            ]
            if outlook:
                gain, deck = max(outlook, key=lambda t: (t[0], t[1] == "A"))
                if best is None or now + self._turn_value(view) < gain:
                    self._why = explanation("exchange", points=round(now, 1))
                    return next(a for a in draws if a.deck == deck)
        if best is None:
            return self._fallback(view, legal)
        self._explain_declaration(view, planner, best[1])
        return best[1]

    def _turn_value(self, view: View) -> float:
        """What one more turn is worth: less when the end may be near."""
        racing = any(s["status"] in ("free", "retry") for s in view.opponents)
        return TURN_VALUE * (0.5 if racing else 1.0)

    def _fallback(self, view: View, legal: Sequence[Action]) -> Action:
        self._why = explanation("random_move", kind=legal[0].type)
        return legal[0]

    def _declaration_value(
        self, view: View, planner: Planner, action: Declare, tokens: int
    ) -> float:
        laid = [view.card[c] for c in action.cards]
        cards = plan_after(view, action.plan, laid)
        value = planner.value(action.plan, cards, tokens)
        if view.my_best(action.plan) is None and view.registered == 3:
            value += self._entering_free(view)
        return value

    def _entering_free(self, view: View) -> float:
        """The race: a fourth plan registered starts my free flight (and so the end)."""
        lead = view.score - max(s["score"] for s in view.opponents)
        if lead >= 0:
            return ENTER_LEAD
        if lead < -15:
            return -ENTER_TRAIL
        return 0.0

    def _explain_declaration(self, view: View, planner: Planner, action: Declare) -> None:
        """The chance and points of the flight before any token is spent (quick to tell; the
        tokens only add to them)."""
        cards = plan_after(view, action.plan, [view.card[c] for c in action.cards])
        odds = planner.solver_for(action.plan).odds(
            Position(tuple(spec(c) for c in cards), pool=6, tokens=0)
        )
        params: dict[str, Any] = {
            "plan": action.plan,
            "percent": pct(odds.success),
            "points": round(float(odds.points), 1),
        }
        if len(action.cards) == 1:
            self._why = explanation("upgrade", card=action.cards[0], **params)
        else:
            self._why = explanation("declare", **params)

    # ------------------------------------------------------------------ exchanges

    def _draw_more(self, view: View, legal: Sequence[Action]) -> Action:
        draws = [a for a in legal if isinstance(a, Draw)]
        drawn = view.obs["prompt"]["drawn"]
        if view.status == "free":
            return self._free_draw_more(view, draws, drawn)
        planner = Planner(view)
        now = planner.best(view.hand)  # hypothetical values on both sides
        outlook = [
            (gain, a.deck)
            for a in draws
            if (gain := planner.draw_outlook(view.hand, a.deck, weigh=False)) is not None
        ]
        if outlook:
            gain, deck = max(outlook, key=lambda t: (t[0], t[1] == "A"))
            if gain - now > DRAW_MARGIN:
                self._why = explanation("draw", deck=deck, color=self._color_of(view, deck))
                return next(a for a in draws if a.deck == deck)
        self._why = explanation("draw_stop", count=drawn)
        return EndDraw(view.seat)

    def _color_of(self, view: View, deck: str) -> str:
        """The colour of ``deck`` the hand lacks most (for the explanation)."""
        colors = [c for c in COLORS if DECK_OF[c] == deck]
        return min(colors, key=lambda c: (sum(h["color"] == c for h in view.hand), c))

    def _discard(self, view: View, legal: Sequence[Action]) -> Action:
        planner = Planner(view)
        best: tuple[float, Action] | None = None
        for action in legal:
            assert isinstance(action, Discard)
            keep = [c for c in view.hand if c["id"] not in action.cards]
            value = free_hand_value(keep) if view.status == "free" else planner.hand_value(keep)
            if best is None or value > best[0] + 1e-9:
                best = (value, action)
        assert best is not None and isinstance(best[1], Discard)
        self._why = explanation("discard", cards=list(best[1].cards))
        return best[1]

    def _refill(self, view: View, legal: Sequence[Action]) -> Action:
        planner = Planner(view)
        best: tuple[float, Draw] | None = None
        for action in legal:
            assert isinstance(action, Draw)
            value = planner.draw_outlook(view.hand, action.deck, weigh=True)
            value = -1e9 if value is None else value
            if best is None or value > best[0] + 1e-9:
                best = (value, action)
        assert best is not None
        deck = best[1].deck
        self._why = explanation("refill", deck=deck, color=self._color_of(view, deck))
        return best[1]

    # ------------------------------------------------------------------ the free flight

    def _free_value(
        self, view: View, planner: Planner, cards: Sequence[CardView], highlight: int
    ) -> tuple[float, float]:
        """(value with its retries, chance per attempt) of a free flight, without tokens."""
        position = Position(tuple(spec(c, i == highlight) for i, c in enumerate(cards)), pool=6)
        odds = planner.solver_for(None).odds(position)
        once, chance = float(odds.value), max(float(odds.success), 0.05)
        if view.last_turn:
            return once, chance
        return once / chance, chance

    def _free_turn(self, view: View, legal: Sequence[Action]) -> Action:
        planner = Planner(view)
        ranked = []
        for index, action in enumerate(legal):
            if isinstance(action, DeclareFree):
                cards = [view.card[c] for c in action.cards]
                quick, hl = free_quality(cards)
                ranked.append((quick, index, action, cards, hl))
        ranked.sort(key=lambda t: (-t[0], t[1]))
        best: tuple[float, float, DeclareFree] | None = None
        for _, _, action, cards, hl in ranked[:FINALISTS]:
            value, chance = self._free_value(view, planner, cards, hl)
            if best is None or value > best[0] + 1e-9:
                best = (value, chance, action)
        draws = [a for a in legal if isinstance(a, Draw)]
        if best is not None and (not draws or view.last_turn or best[0] > 0 or best[1] > 0.3):
            self._why = explanation("free", cards=list(best[2].cards), percent=pct(best[1]))
            return best[2]
        if draws:
            deck = self._free_deck(view, draws)
            self._why = explanation("draw", deck=deck, color=self._color_of(view, deck))
            return next(a for a in draws if a.deck == deck)
        return self._fallback(view, legal)

    def _free_deck(self, view: View, draws: Sequence[Draw]) -> str:
        best: tuple[float, str] | None = None
        for action in draws:
            unseen = view.unseen(action.deck) or list(view.obs["decks"][action.deck]["discard"])
            value = sum(free_hand_value([*view.hand, c]) for c in unseen) / max(1, len(unseen))
            if best is None or value > best[0] + 1e-12:
                best = (value, action.deck)
        assert best is not None
        return best[1]

    def _free_draw_more(self, view: View, draws: Sequence[Draw], drawn: int) -> Action:
        if draws and free_hand_value(view.hand) < 0.15:
            deck = self._free_deck(view, draws)
            self._why = explanation("draw", deck=deck, color=self._color_of(view, deck))
            return next(a for a in draws if a.deck == deck)
        self._why = explanation("draw_stop", count=drawn)
        return EndDraw(view.seat)

    def _highlight(self, view: View, legal: Sequence[Action]) -> Action:
        planner = Planner(view)
        cards = list(view.me["free_plan"] or [])
        best: tuple[float, float, Highlight] | None = None
        # The cards most often hit exactly are the candidates (each is a whole free-flight solve).
        ranked = sorted(
            (a for a in legal if isinstance(a, Highlight)),
            key=lambda a: -_exact_share(next(c for c in cards if c["id"] == a.card)),
        )
        for action in ranked[:HIGHLIGHTS]:
            index = next(i for i, c in enumerate(cards) if c["id"] == action.card)
            value, chance = self._free_value(view, planner, cards, index)
            if best is None or value > best[0] + 1e-9:
                best = (value, chance, action)
        assert best is not None
        self._why = explanation("highlight", card=best[2].card, percent=pct(best[1]))
        return best[2]


def _exact_share(card: CardView) -> float:
    """How often one roll that reaches the card hits it exactly."""
    odds = roll_odds(card["difficulty"])
    return float(odds.exact) / float(odds.reach) if odds.reach else 0.0


register_bot("strong", StrongBot)
