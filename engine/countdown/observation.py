"""Observations: the state as one viewer may know it, as plain JSON-able data.

Three kinds of viewer (as OpenSpiel's observation types): a seat (its own hand and Scan notes,
everything public, the log with its own secrets), a spectator (``None``: public only) and the seer
(``"seer"``: everything). Once a game is over everything is revealed to everyone (spec §10.2).
The page renders observations only and bots decide from them, so nothing hidden from a seat can
reach its screen or its bot.

>>> from engine.countdown import new_game
>>> game = new_game(players=3, seed=3)
>>> obs = game.observation(1)
>>> obs["seats"][1]["hand"] is not None, obs["seats"][0]["hand"], obs["combination"][0]["colour"]
(True, None, None)
>>> obs["reserve"], obs["countdown"]["showing"]
({'count': 4, 'colours': None}, 10)
"""

from __future__ import annotations

from typing import Any

from ..core.events import SEER, Viewer
from .cards import WILD_MIN_COUNTDOWN, kind_order
from .state import GameState, Phase

SCHEMA = "fusebox.countdown.observation"
SCHEMA_VERSION = 1


def observe(s: GameState, viewer: Viewer) -> dict[str, Any]:
    if viewer is not None and viewer != SEER and viewer not in range(s.players):
        raise ValueError(f"no seat {viewer!r} in a {s.players}-player game")
    revealed = viewer == SEER or s.phase in (Phase.OVER, Phase.NEXT_GAME)
    composition = s.setup.all_cards()
    options = s.setup.options
    return {
        "schema": SCHEMA,
        "version": SCHEMA_VERSION,
        "viewer": viewer,
        "players": s.players,
        "options": options.to_json(),
        "cards": {
            "composition": {k: composition[k] for k in sorted(composition, key=kind_order)},
            "wires": dict(sorted(s.setup.all_wires().items())),
        },
        "game": s.game,
        "scores": list(s.scores) if options.points else None,
        "round": s.round,
        "first": s.first,
        "active": s.active,
        "phase": s.phase.value,
        "to_move": s.to_move,
        "prompt": _prompt(s, viewer),
        "countdown": {
            "showing": s.showing,
            "left": list(s.countdown),
            "wild_allowed": (s.showing or 0) >= WILD_MIN_COUNTDOWN,
        },
        "combination": [
            {
                "position": pos,
                "face_up": s.face_up[pos],
                "colour": colour if s.face_up[pos] or revealed else None,
                "analysed_by": list(s.analysed[pos]),
            }
            for pos, colour in enumerate(s.combination)
        ],
        "reserve": {"count": len(s.reserve), "colours": list(s.reserve) if revealed else None},
        "removed": list(s.removed),
        "deck": len(s.deck),
        "discard": list(s.discard),
        "mascot": s.mascot,
        "seats": [_seat(s, q, viewer, revealed) for q in range(s.players)],
        "played": [p.to_json() for p in s.played],
        "notes": _notes(s, viewer),
        "game_result": s.game_result,
        "result": s.result,
        "log": [event.view(viewer) for event in s.log],
    }


def _seat(s: GameState, seat: int, viewer: Viewer, revealed: bool) -> dict[str, Any]:
    hand = s.hands[seat]
    private = revealed or viewer == seat
    locked = list(s.locked) if seat == s.active else []
    return {
        "seat": seat,
        "hand_size": len(hand),
        "hand": list(hand) if private else None,
        #: Cards of the hand taken with a Frisk this turn that may not be played yet (only with
        #: the option frisked_card_playable off).
        "locked": locked if private else None,
        "agents": [
            {"out": a.out, "cuts": list(a.cuts), "acted": a.acted, "by_alarm": a.by_alarm}
            for a in s.agents[seat]
        ],
        "cuts": s.cut_count(seat),
        "outside": s.outside(seat),
        "can_defuse": s.can_defuse(seat),
        "notes": _seat_notes(s, seat) if viewer == SEER else None,
    }


def _seat_notes(s: GameState, seat: int) -> list[dict[str, Any]]:
    return [
        {"position": pos, "colour": colour, "round": seen}
        for pos, (colour, seen) in sorted(s.knowledge[seat].items())
    ]


def _notes(s: GameState, viewer: Viewer) -> list[dict[str, Any]] | None:
    """The viewer's private Scan results that still hold (a Rewire makes one obsolete)."""
    if isinstance(viewer, int):
        return _seat_notes(s, viewer)
    return None


def _prompt(s: GameState, viewer: Viewer) -> dict[str, Any] | None:
    """What the game waits for; private details only for the seat that decides (or the seer)."""
    pending = s.pending
    if pending.phase is Phase.OVER:
        return None
    prompt: dict[str, Any] = {"kind": pending.phase.value, "seat": pending.seat, "actor": s.active}
    if pending.phase is Phase.CUT_PLACE:
        prompt["agent"] = pending.agent
        prompt["colour"] = pending.colour
    elif pending.phase is Phase.INTERCEPT_CARD:
        prompt["target"] = pending.target
        if viewer in (SEER, pending.seat) and pending.target is not None:
            prompt["hand"] = list(s.hands[pending.target])
    elif pending.phase is Phase.ALARM_CHOICE:
        prompt["queue"] = list(pending.queue)
    elif pending.phase is Phase.DISCARD:
        prompt["count"] = pending.count
    return prompt
