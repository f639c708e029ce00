"""Readable English lines for events, for the command line and golden transcripts.

It reads event *views* (the dicts of :meth:`Event.view`), so a seat's transcript shows only what
that seat may know; the seer's view shows every secret.

>>> describe({"type": "tick", "removed": 4, "showing": 3, "reason": "timer"}, ["Ana", "Bea"])
'Countdown: 4 removed, 3 showing.'
>>> describe({"type": "analyze", "seat": 1, "position": 2, "secret": {"colour": "red"}}, ["Ana", "Bea"])
'Bea scans wire 3 (red).'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..core.text import counted
from .names import MASCOT, kind_name

View = Mapping[str, Any]
Names = Sequence[str]


def _n(names: Names, seat: object) -> str:
    if isinstance(seat, int) and 0 <= seat < len(names):
        return names[seat]
    return "nobody" if seat is None else f"Player {seat}"


def _cards(cards: Sequence[str]) -> str:
    return ", ".join(kind_name(c) for c in cards) or "nothing"


def _secret(e: View, key: str) -> Any:
    """A secret of the event as the viewer sees it: their own, or (seer) anyone's."""
    if "secret" in e and key in e["secret"]:
        return e["secret"][key]
    for secret in (e.get("secrets") or {}).values():
        if key in secret:
            return secret[key]
    return None


def describe(event: View, names: Names) -> str:
    """One line for one event view."""
    handler = _LINES.get(str(event.get("type")))
    if handler is None:
        return f"{event.get('type')}: {dict(event)}"
    return handler(event, names)


def _draw(e: View, n: Names) -> str:
    cards = _secret(e, "cards")
    shown = f": {_cards(cards)}" if cards is not None else ""
    why = " to replace a frisked card" if e["reason"] == "intercept" else ""
    return f"{_n(n, e['seat'])} draws {counted(e['count'], 'card', 'cards')}{why}{shown}."


def _analyze(e: View, n: Names) -> str:
    colour = _secret(e, "colour")
    return f"{_n(n, e['seat'])} scans wire {e['position'] + 1}" + (
        f" ({colour})." if colour else "."
    )


def _intercept(e: View, n: Names) -> str:
    line = f"{_n(n, e['seat'])} frisks {_n(n, e['target'])}"
    took = _secret(e, "took")
    hand = _secret(e, "hand")
    if hand is not None:
        line += f" (sees {_cards(hand)})"
    if took is not None:
        line += f" and takes {kind_name(took)}"
    return line + "."


def _cut(e: View, n: Names) -> str:
    what = f"replaces a {e['replaced']} Snip with" if e["replaced"] else "places"
    return f"{_n(n, e['seat'])} {what} a {e['colour']} Snip under agent {e['agent'] + 1}."


def _left(e: View, n: Names, verb: str) -> str:
    lost = f" ({counted(len(e['discarded']), 'Snip', 'Snips')} discarded)" if e["discarded"] else ""
    return f"{_n(n, e['seat'])}'s agent {e['agent'] + 1} {verb}{lost}."


def _game_over(e: View, n: Names) -> str:
    how = {
        "defused": f"{_n(n, e['winner'])} defused the bomb",
        "countdown": "the countdown ran out",
        "failed_defuse": "a defusal failed",
    }[e["cause"]]
    who = (
        f"{_n(n, e['winner'])} wins"
        if e["cause"] == "defused"
        else (
            f"{_n(n, e['winner'])} holds {MASCOT} and wins"
            if e["winner"] is not None
            else "nobody wins"
        )
    )
    return f"Game {e['game']} over: {how}; {who}. Combination: {' '.join(e['combination'])}."


_LINES: dict[str, Callable[[View, Names], str]] = {
    "game_start": lambda e, n: f"== Game {e['game']}: {_n(n, e['first'])} starts.",
    "round": lambda e, n: f"-- Round {e['round']}.",
    "turn": lambda e, n: f"{_n(n, e['seat'])}'s turn.",
    "draw": _draw,
    "reshuffle": lambda e, n: f"The discard pile ({e['count']} cards) is shuffled into a new deck.",
    "play": lambda e, n: (
        f"{_n(n, e['seat'])} plays {kind_name(e['card'])} on agent {e['agent'] + 1}."
    ),
    "wild": lambda e, n: (
        f"{_n(n, e['seat'])} improvises {_cards(e['cards'])} as {kind_name(e['as'])} "
        f"on agent {e['agent'] + 1}."
    ),
    "analyze": _analyze,
    "bypass": lambda e, n: (
        f"{_n(n, e['seat'])} rewires wire {e['position'] + 1}: {e['removed']} out, "
        f"{e['new']} in, face up."
    ),
    "cut": _cut,
    "exit": lambda e, n: _left(e, n, "evacuates"),
    "mascot": lambda e, n: (
        f"{_n(n, e['seat'])} now looks after {MASCOT} ({counted(e['outside'], 'agent', 'agents')} out)."
    ),
    "intercept": _intercept,
    "alarm": lambda e, n: f"{_n(n, e['seat'])} sounds the Siren: everyone sends one agent out.",
    "alarm_out": lambda e, n: _left(e, n, "leaves at the Siren"),
    "reenter": lambda e, n: f"{_n(n, e['seat'])}'s agent {e['agent'] + 1} sneaks back in.",
    "tick": lambda e, n: (
        f"Countdown: {e['removed']} removed, "
        + (f"{e['showing']} showing." if e["showing"] is not None else "nothing left.")
    ),
    "end_play": lambda e, n: f"{_n(n, e['seat'])} ends the play phase.",
    "defuse": lambda e, n: (
        f"{_n(n, e['seat'])} tries to defuse with {' '.join(e['cuts'])}: "
        + ("it works!" if e["success"] else "wrong!")
    ),
    "discard": lambda e, n: f"{_n(n, e['seat'])} discards {_cards(e['cards'])}.",
    "explode": lambda e, n: "BOOM! The bomb explodes.",
    "game_over": _game_over,
    "score": lambda e, n: (
        f"{_n(n, e['seat'])} scores {e['points']}; scores: {', '.join(map(str, e['scores']))}."
    ),
    "match_over": lambda e, n: f"{_n(n, e['winner'])} wins the match.",
}
