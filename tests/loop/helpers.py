"""Hand-made situations for rule tests: explicit deals, a board set mid-game, scripted dice.

A test deals the cards it needs (:func:`deal`), may set the board as if earlier turns had been
played (:func:`board`: plans, registered scores, points, tokens, round...), then plays actions
with :func:`run`; rolls given with their result (``Roll(0, (1, 3, 5))``) use those dice, as a
replay does.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine.core.events import Event
from engine.loop import GameState, Options, explicit_setup, load_cards, start
from engine.loop.actions import Action
from engine.loop.cards import PLAN_IDS, card_table
from engine.loop.state import Pending, Phase, Status

CARDS = card_table(load_cards())


def deal(
    players: int = 2,
    hands: Mapping[int, Sequence[str]] | None = None,
    *,
    first: int = 0,
    top: Mapping[str, Sequence[str]] | None = None,
    options: Options | None = None,
    seed: int = 0,
) -> GameState:
    """A game whose hands and deck tops are given; the other cards fill the other hands (three
    of each deck) and the decks, in card-list order."""
    hands = dict(hands or {})
    top = dict(top or {})
    used = {c for hand in hands.values() for c in hand} | {c for t in top.values() for c in t}
    rest = {d: [c.id for c in CARDS.values() if c.deck == d and c.id not in used] for d in "AB"}
    full = []
    for seat in range(players):
        if seat in hands:
            full.append(list(hands[seat]))
        else:
            full.append(rest["A"][:3] + rest["B"][:3])
            del rest["A"][:3], rest["B"][:3]
    decks = {d: [*top.get(d, ()), *rest[d]] for d in "AB"}
    return start(explicit_setup(players, full, decks, first=first, options=options, seed=seed))


def board(
    state: GameState,
    *,
    round: int | None = None,
    plans: Mapping[str, Sequence[str]] | None = None,
    best: Mapping[str, Mapping[int, int]] | None = None,
    scores: Mapping[int, int] | None = None,
    tokens: Mapping[int, int] | None = None,
    supply: int | None = None,
    status: Mapping[int, Status] | None = None,
    first12: Mapping[str, int] | None = None,
    free_plans: Mapping[int, Sequence[str]] | None = None,
    active: int | None = None,
) -> GameState:
    """The state as if earlier turns had led here (cards put on plans come from the decks)."""
    s = state.clone()
    for plan, cards in (plans or {}).items():
        for card in cards:
            deck = CARDS[card].deck
            assert card in s.draw[deck], f"{card} must come from a draw pile"
            s.draw[deck] = tuple(c for c in s.draw[deck] if c != card)
        s.plans[plan] = tuple(cards)
    for plan, seats in (best or {}).items():
        row = list(s.best[plan])
        for seat, score in seats.items():
            row[seat] = score
        s.best[plan] = tuple(row)
    for seat, value in (scores or {}).items():
        s.scores[seat] = value
    for seat, value in (tokens or {}).items():
        s.supply -= value - s.tokens[seat]
        s.tokens[seat] = value
    if supply is not None:
        s.supply = supply
    for seat, value in (status or {}).items():
        s.status[seat] = value
    for plan, seat in (first12 or {}).items():
        s.first12[plan] = seat
    for seat, cards in (free_plans or {}).items():
        for card in cards:
            s.hands[seat].remove(card)
        s.free_plans[seat] = tuple(cards)
    if round is not None:
        s.round = round
    if active is not None:
        s.active = active
        phase = Phase.HIGHLIGHT if s.status[active] is Status.RETRY else Phase.TURN
        s.pending = Pending(phase, active)
    s._legal = {}
    return s


def run(state: GameState, *actions: Action) -> tuple[GameState, list[Event]]:
    """Play ``actions`` in order (dice given in an action are used, as in a replay)."""
    events: list[Event] = []
    for action in actions:
        state, new = state.apply_recorded(action)
        events.extend(new)
    return state, events


def types(events: Sequence[Event]) -> list[str]:
    return [e.type for e in events]


def only(events: Sequence[Event], kind: str) -> Event:
    found = [e for e in events if e.type == kind]
    assert len(found) == 1, (kind, types(events))
    return found[0]


def register_all(state: GameState, seat: int, score: int = 10) -> GameState:
    """``seat`` has a registered score on every plan (and the points on the main track)."""
    return board(
        state,
        best={plan: {seat: score} for plan in PLAN_IDS},
        scores={seat: state.scores[seat] + score * len(PLAN_IDS)},
    )
