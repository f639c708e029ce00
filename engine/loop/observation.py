"""Observations: the state as one viewer may know it, as plain JSON-able data.

Three kinds of viewer: a seat (its own hand, everything public, the current turn's events with its
own secrets), a spectator (``None``: public only) and the seer (``"seer"``: everything). Hands are
private; their backs (how many cards of each deck) are public, as at the table. The page renders
observations only, and bots decide from them, so nothing hidden from a seat reaches its screen or
its bot. Cards are shown with their values, so an observation is read without the card list.

>>> from engine.loop import new_game
>>> game = new_game(players=4, seed=3)
>>> obs = game.observation(1)
>>> len(obs["seats"][1]["hand"]), obs["seats"][0]["hand"], obs["seats"][0]["backs"]
(6, None, {'A': 3, 'B': 3})
"""

from __future__ import annotations

from typing import Any

from ..core.events import SEER, Viewer
from .cards import DECKS, PLANS
from .rules import seventh_available, stop_allowed
from .state import Flight, GameState, Phase

SCHEMA = "fusebox.loop.observation"
SCHEMA_VERSION = 1


def observe(s: GameState, viewer: Viewer) -> dict[str, Any]:
    if viewer is not None and viewer != SEER and viewer not in range(s.players):
        raise ValueError(f"no seat {viewer!r} in a {s.players}-player game")
    return {
        "schema": SCHEMA,
        "version": SCHEMA_VERSION,
        "viewer": viewer,
        "players": s.players,
        "first": s.setup.first,
        "options": s.setup.options.to_json(),
        "round": s.round,
        "turn_number": s.turn_number,
        "active": s.active,
        "phase": s.phase.value,
        "to_move": s.to_move,
        "prompt": _prompt(s, viewer),
        "plans": [_plan(s, plan.id) for plan in PLANS],
        "seats": [_seat(s, seat, viewer) for seat in range(s.players)],
        "decks": {
            deck: {"draw": len(s.draw[deck]), "discard": [card(s, c) for c in s.discard[deck]]}
            for deck in DECKS
        },
        "supply": s.supply,
        #: The whole card list (public: every card's values are printed on it).
        "cards": [c.to_json() for c in s.setup.cards],
        "flight": _flight(s, s.flight),
        "end_round": s.end_round,
        "result": s.result,
        "log": s.log_view(viewer, s.turn_start),
    }


def card(s: GameState, card_id: str) -> dict[str, Any]:
    return s.card[card_id].to_json()


def _plan(s: GameState, plan_id: str) -> dict[str, Any]:
    bests = s.best[plan_id]
    return {
        "id": plan_id,
        "cards": [card(s, c) for c in s.plans[plan_id]],
        "best": list(bests),
        "record": max((b for b in bests if b is not None), default=None),
        "first12": s.first12[plan_id],
    }


def _seat(s: GameState, seat: int, viewer: Viewer) -> dict[str, Any]:
    sees = viewer in (SEER, seat)
    free_plan = s.free_plans[seat]
    return {
        "seat": seat,
        "score": s.scores[seat],
        "tokens": s.tokens[seat],
        "status": s.status[seat].value,
        "registered": s.registered(seat),
        "backs": s.hand_backs(seat),
        "hand": [card(s, c) for c in s.hands[seat]] if sees else None,
        "free_plan": None if free_plan is None else [card(s, c) for c in free_plan],
        "free_score": s.free_scores[seat],
        "replaced": s.replaced[seat],
    }


def _flight(s: GameState, flight: Flight | None) -> dict[str, Any] | None:
    if flight is None:
        return None
    placed = {p.card: p for p in flight.done}
    return {
        "kind": flight.kind,
        "plan": flight.plan,
        "seat": s.active,
        "cards": [
            {
                **card(s, c),
                "placed": None
                if c not in placed
                else {
                    "dice": list(placed[c].dice),
                    "exact": placed[c].exact,
                    "points": placed[c].points,
                    "red": placed[c].red,
                },
                "highlight": c == flight.highlight,
            }
            for c in flight.cards
        ],
        "order": [p.card for p in flight.done],
        "pool": flight.pool,
        "red": flight.red,
        "red_in_pool": flight.red and not flight.red_placed,
        "roll": None if flight.roll is None else list(flight.roll),
        "roll_red": flight.roll_red,
        "rerolls": flight.rerolls,
        "points": flight.points,
        "outcome": flight.outcome,
        "score": flight.score,
        "seventh_used": s.seventh_used,
    }


def _prompt(s: GameState, viewer: Viewer) -> dict[str, Any] | None:
    """What the game waits for (public: every decision is the active seat's, on the table)."""
    if s.pending.phase is Phase.OVER:
        return None
    prompt: dict[str, Any] = {"kind": s.pending.phase.value, "seat": s.pending.seat}
    if s.pending.phase in (Phase.DRAW, Phase.DISCARD):
        prompt["drawn"] = s.drawn
    if s.pending.phase is Phase.REFILL:
        prompt["left"] = s.refill
    if s.flight is not None and s.flight.outcome is None:
        prompt["can_stop"] = stop_allowed(s)
        prompt["can_add_seventh"] = seventh_available(s)
    return prompt
