"""Readable English lines for events, for the command line and golden transcripts.

It reads event *views* (the dicts of :meth:`Event.view`), so a seat's transcript shows only what
that seat may know.

>>> describe({"type": "roll", "seat": 1, "dice": [1, 3, 5], "red": None}, ["Ana", "Bea"])
'Bea rolls 1 3 5.'
>>> describe({"type": "draw", "seat": 0, "deck": "A", "for": "exchange"}, ["Ana", "Bea"])
'Ana draws from deck A.'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..core.text import counted
from .cards import MANEUVER, PLAN_BY_ID

View = Mapping[str, Any]


def _name(names: Sequence[str], seat: object) -> str:
    if isinstance(seat, int) and 0 <= seat < len(names):
        return names[seat]
    return f"Player {seat}"


def card_text(card: Mapping[str, Any]) -> str:
    """``Loop 12 (10/4)``: manoeuvre, difficulty, exact / over points."""
    name = MANEUVER[card["color"]]["en"]
    return f"{name} {card['difficulty']} ({card['exact']}/{card['over']})"


def _cards(cards: Sequence[Mapping[str, Any]]) -> str:
    return ", ".join(card_text(c) for c in cards) or "nothing"


def _plan(plan: object) -> str:
    return PLAN_BY_ID[str(plan)].name["en"] if str(plan) in PLAN_BY_ID else str(plan)


def _dice(dice: Sequence[int], red: int | None = None) -> str:
    return " ".join(f"{v}*" if i == red else str(v) for i, v in enumerate(dice))


def describe(event: View, names: Sequence[str]) -> str:
    """One line for one event view."""
    handler = _LINES.get(str(event.get("type")))
    if handler is None:
        return f"{event.get('type')}: {dict(event)}"
    return handler(event, names)


def _deal(e: View, n: Sequence[str]) -> str:
    line = f"{len(n)} pilots; {_name(n, e['first'])} flies first."
    secret = e.get("secret")
    if secret:
        line += f" Your hand: {_cards(secret['cards'])}."
    secrets = e.get("secrets")
    if secrets:
        line += "".join(
            f" {_name(n, int(seat))}: {_cards(s['cards'])}." for seat, s in secrets.items()
        )
    return line


def _draw(e: View, n: Sequence[str]) -> str:
    line = f"{_name(n, e['seat'])} draws from deck {e['deck']}"
    secret = e.get("secret") or next(iter((e.get("secrets") or {}).values()), None)
    if secret:
        line += f": {card_text(secret['card'])}"
    return line + "."


def _declare(e: View, n: Sequence[str]) -> str:
    who, plan = _name(n, e["seat"]), _plan(e["plan"])
    if not e["laid"]:
        return f"{who} flies {plan} as it lies: {_cards(e['cards'])}."
    verb = "upgrades" if len(e["laid"]) == 1 else "lays"
    line = f"{who} {verb} {plan}: {_cards(e['laid'])}"
    if e["replaced"]:
        line += f" (replacing {_cards(e['replaced'])})"
    if len(e["laid"]) == 1:
        line += f"; flies {_cards(e['cards'])}"
    return line + "."


def _assign(e: View, n: Sequence[str]) -> str:
    how = "exactly" if e["exact"] else "over"
    red = " (red die among them)" if e.get("red") else ""
    return (
        f"{_name(n, e['seat'])} places {'+'.join(map(str, e['dice']))}{red} on "
        f"{card_text(e['card'])}: {how}, {counted(e['points'], 'point', 'points')}; "
        f"{counted(e['pool'], 'die', 'dice')} left."
    )


def _flight_end(e: View, n: Sequence[str]) -> str:
    who = _name(n, e["seat"])
    what = _plan(e["plan"]) if e["kind"] == "plan" else "the free flight"
    if e["outcome"] == "success":
        return (
            f"{who} completes {what}: {e['points']} + {e['unused']} unused "
            f"= {e['points'] + e['unused']}."
        )
    if e["outcome"] == "stopped":
        return f"{who} stops {what} after two cards."
    why = {"no_fit": "no dice fit", "no_dice": "no dice left"}.get(e["why"], e["why"])
    return f"{who} fails {what} after {counted(e['completed'], 'card', 'cards')}: {why}."


def _registered(e: View, n: Sequence[str]) -> str:
    who, plan = _name(n, e["seat"]), _plan(e["plan"])
    if e["old"] is None:
        return f"{who} registers {e['score']} on {plan}: +{e['gain']}."
    if e["gain"]:
        return f"{who} improves {plan} from {e['old']} to {e['score']}: +{e['gain']}."
    return f"{who} scores {e['score']} on {plan}, no better than {e['old']}."


_REASONS = {
    "two_of_three": "two of three cards",
    "first_12": "first 12+ on the plan",
    "record": "a new record",
    "twenty": "20 or more",
    "last_card": "failed on the last card",
}


def _bonus(e: View, n: Sequence[str]) -> str:
    why = ", ".join(_REASONS.get(r, r) for r in e["reasons"])
    if e["type"] == "bonus_none":
        return f"No bonus token left for {_name(n, e['seat'])} ({why})."
    return f"{_name(n, e['seat'])} takes a bonus token ({why}); now {e['tokens']}."


def _free_scored(e: View, n: Sequence[str]) -> str:
    who = _name(n, e["seat"])
    line = f"{who}'s free flight scores {e['score']} (best card {e['best_card']} counted twice)"
    if e["gain"]:
        line += f", replacing {_plan(e['worst_plan'])} ({e['worst']}): +{e['gain']}"
    else:
        line += f", not above their worst plan ({e['worst']})"
    return line + f". The game ends with round {e['end_round']}."


def _game_over(e: View, n: Sequence[str]) -> str:
    scores = ", ".join(f"{_name(n, i)} {s}" for i, s in enumerate(e["scores"]))
    winners = " and ".join(_name(n, w) for w in e["winners"])
    why = {"free_flight": "", "round_cap": " (round limit)", "stuck": " (no moves left)"}
    return f"Game over{why.get(e['reason'], '')}: {scores}. Winner: {winners}."


_LINES: dict[str, Callable[[View, Sequence[str]], str]] = {
    "deal": _deal,
    "turn": lambda e, n: f"-- Round {e['round']}, turn {e['number']}: {_name(n, e['seat'])}.",
    "draw": _draw,
    "reshuffle": lambda e, n: (
        f"Deck {e['deck']}'s {e['cards']} discards are shuffled into a new pile."
    ),
    "pass": lambda e, n: f"{_name(n, e['seat'])} passes.",
    "discard": lambda e, n: (
        f"{_name(n, e['seat'])} discards {_cards(e['cards'])}"
        + (f" (-{e['cost']} points)." if e["cost"] else ".")
    ),
    "declare": _declare,
    "free_declared": lambda e, n: (
        f"{_name(n, e['seat'])} declares a free flight: {_cards(e['cards'])}"
        + (f"; discards {_cards(e['discarded'])}." if e["discarded"] else ".")
    ),
    "highlight": lambda e, n: f"{_name(n, e['seat'])} highlights {card_text(e['card'])}.",
    "seventh_die": lambda e, n: (
        f"{_name(n, e['seat'])} adds the red 7th die: {counted(e['pool'], 'die', 'dice')} in the pool."
    ),
    "roll": lambda e, n: f"{_name(n, e['seat'])} rolls {_dice(e['dice'], e['red'])}.",
    "reroll": lambda e, n: (
        f"{_name(n, e['seat'])} rolls {' '.join(map(str, e['dice']))} again: "
        f"{_dice(e['roll'], e['red'])}."
    ),
    "assign": _assign,
    "stop": lambda e, n: f"{_name(n, e['seat'])} ends the flight.",
    "flight_end": _flight_end,
    "not_registered": lambda e, n: (
        f"{_name(n, e['seat'])}'s {e['score']} on {_plan(e['plan'])} is under 8: not registered."
    ),
    "registered": _registered,
    "bonus": _bonus,
    "bonus_none": _bonus,
    "free_scored": _free_scored,
    "free_failed": lambda e, n: (
        f"{_name(n, e['seat'])}'s free flight fails: -{e['cost']} points; they fly it again next turn."
    ),
    "all_plans": lambda e, n: (
        f"{_name(n, e['seat'])} has completed all four plans: the free flight is next."
    ),
    "game_over": _game_over,
}
