"""Builders for hand-made deals and short sequences of moves, shared by the engine tests."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.events import Event
from engine.countdown import GameState, Options, explicit_setup, start
from engine.countdown.actions import Action, Discard, EndPlay, NoDefuse
from engine.countdown.state import Phase

FILLER = "reenter"
COMBO = ("red", "blue", "green", "yellow")


def table(
    players: int = 2,
    *,
    hands: Sequence[Sequence[str]] | None = None,
    deck: Sequence[str] | None = None,
    combination: Sequence[str] = COMBO,
    reserve: Sequence[str] = COMBO,
    first: int = 0,
    countdown: int = 10,
    agents: Sequence[Sequence[dict[str, Any]]] | None = None,
    mascot: int | None = None,
    options: Options | None = None,
    discard: Sequence[str] = (),
    face_up: Sequence[bool] | None = None,
    removed: Sequence[str] = (),
) -> GameState:
    """A game from a hand-made deal; the first player has drawn from ``deck`` (filler cards by
    default: Sneak Back, which is useless inside)."""
    setup = explicit_setup(
        players=players,
        first=first,
        combination=list(combination),
        reserve=list(reserve),
        hands=[list(h) for h in (hands or [[] for _ in range(players)])],
        deck=list(deck) if deck is not None else [FILLER] * 40,
        options=options,
        countdown=countdown,
        agents=agents,
        mascot=mascot,
        discard=list(discard),
        face_up=list(face_up) if face_up is not None else [False] * 4,
        removed=list(removed),
    )
    return start(setup)


def out(*cuts_or_flags: bool | Sequence[str]) -> list[dict[str, Any]]:
    """A team from four entries: True (outside), False (inside) or a list of colours (inside,
    with those Snips)."""
    team = []
    for entry in cuts_or_flags:
        if isinstance(entry, bool):
            team.append({"out": entry, "cuts": []})
        else:
            team.append({"out": False, "cuts": list(entry)})
    return team


INSIDE = out(False, False, False, False)


def play(state: GameState, *actions: Action) -> tuple[GameState, list[Event]]:
    """Apply actions in order; returns the last state and every event."""
    events: list[Event] = []
    for action in actions:
        state, new = state.apply(action)
        events.extend(new)
    return state, events


def finish_turn(state: GameState) -> tuple[GameState, list[Event]]:
    """End the active player's play phase, decline to defuse, discard the first cards."""
    events: list[Event] = []
    seat = state.active
    if state.phase is Phase.PLAY:
        state, new = state.apply(EndPlay(seat))
        events += new
    if state.phase is Phase.DEFUSE:
        state, new = state.apply(NoDefuse(seat))
        events += new
    if state.phase is Phase.DISCARD:
        state, new = state.apply(Discard(seat, state.hands[seat][: state.pending.count]))
        events += new
    return state, events


def types(events: Sequence[Event]) -> list[str]:
    return [e.type for e in events]


def of_type(events: Sequence[Event], kind: str) -> list[Event]:
    return [e for e in events if e.type == kind]
