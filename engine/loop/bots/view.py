"""What a bot reads from its observation, in handy shapes (nothing here sees the game state).

>>> from engine.loop import new_game
>>> game = new_game(players=3, seed=2)
>>> view = View(game.observation(game.to_move))
>>> len(view.hand), view.status, view.round
(6, 'normal', 1)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cached_property
from typing import Any

from ..cards import DECK_OF, PLAN_BY_ID, PLANS
from ..solver import Spec

CardView = Mapping[str, Any]


def spec(card: CardView, highlighted: bool = False) -> Spec:
    return Spec(int(card["difficulty"]), int(card["exact"]), int(card["over"]), highlighted)


class View:
    """One seat's observation, read for decisions."""

    def __init__(self, observation: Mapping[str, Any]) -> None:
        seat = observation["viewer"]
        if not isinstance(seat, int):
            raise ValueError("a bot decides for a seat: give it that seat's observation")
        self.obs = observation
        self.seat: int = seat
        me = observation["seats"][seat]
        self.me: Mapping[str, Any] = me
        self.hand: list[CardView] = list(me["hand"] or [])
        self.tokens: int = me["tokens"]
        self.status: str = me["status"]
        self.round: int = observation["round"]
        self.phase: str = observation["phase"]
        self.flight: Mapping[str, Any] | None = observation["flight"]
        self.options: Mapping[str, Any] = observation["options"]
        self.plans: dict[str, Mapping[str, Any]] = {p["id"]: p for p in observation["plans"]}

    @cached_property
    def card(self) -> dict[str, CardView]:
        """Every card of the game by id (the list is public)."""
        return {c["id"]: c for c in self.obs["cards"]}

    def my_best(self, plan: str) -> int | None:
        best: int | None = self.plans[plan]["best"][self.seat]
        return best

    def locked(self, plan: str) -> bool:
        best = self.my_best(plan)
        return best is not None and best >= 20

    @property
    def registered(self) -> int:
        return sum(self.my_best(p.id) is not None for p in PLANS)

    @property
    def score(self) -> int:
        score: int = self.me["score"]
        return score

    @property
    def opponents(self) -> list[Mapping[str, Any]]:
        return [s for s in self.obs["seats"] if s["seat"] != self.seat]

    @property
    def last_turn(self) -> bool:
        """This is surely my last turn: the game ends with this round (or the round limit)."""
        if self.obs["end_round"] is not None:
            return True
        cap = self.options.get("max_rounds")
        return cap is not None and self.round >= cap

    def plan_cards(self, plan: str) -> list[CardView]:
        return list(self.plans[plan]["cards"])

    def unseen(self, deck: str) -> list[CardView]:
        """Cards of ``deck`` this seat has not seen anywhere: in the draw pile or in others'
        hands, each as likely as the others to be drawn next."""
        seen: set[str] = {c["id"] for c in self.hand}
        for plan in self.obs["plans"]:
            seen.update(c["id"] for c in plan["cards"])
        for d in self.obs["decks"].values():
            seen.update(c["id"] for c in d["discard"])
        for s in self.obs["seats"]:
            seen.update(c["id"] for c in s["free_plan"] or [])
        return [c for c in self.obs["cards"] if DECK_OF[c["color"]] == deck and c["id"] not in seen]


def plan_after(view: View, plan: str, laid: Sequence[CardView]) -> list[CardView]:
    """The cards a plan holds once ``laid`` (1 or 3 cards, or none) go on it."""
    colors = PLAN_BY_ID[plan].colors
    current = {c["color"]: c for c in view.plan_cards(plan)}
    if len(laid) == 3:
        current = {}
    for card in laid:
        current[card["color"]] = card
    return [current[color] for color in colors if color in current]
