"""Random games with invariant checks at every step (in the spirit of OpenSpiel's random_sim_test).

The walker plays the basic bot's move most of the time (so games reach free flights and their
end) and a random legal move otherwise (so odd moves happen too: exchanges, stops, re-rolls,
wasteful placements). At each step :func:`check_step` verifies the invariants that tie the API
together.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.core.events import SEER, Event
from engine.loop import GameState, Options, Record, Setup, action_from_json, new_game, start
from engine.loop.actions import (
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
from engine.loop.bots import make_bot
from engine.loop.cards import DECKS, PLAN_IDS
from engine.loop.errors import IllegalActionError
from engine.loop.state import Phase, Status
from tests.core.walking import with_log

#: Every this many actions, and at a game's end, the checks read the whole log too.
WHOLE = 64


@dataclass
class WalkStats:
    games: int = 0
    steps: int = 0
    results: Counter[str] = field(default_factory=Counter)
    action_types: Counter[str] = field(default_factory=Counter)
    event_types: Counter[str] = field(default_factory=Counter)


def random_candidate(state: GameState, rng: random.Random) -> Action:
    """Any action with plausible parameters, legal or not (mostly not)."""
    n = state.players
    seat = rng.randrange(-1, n + 1) if rng.random() < 0.1 else rng.randrange(n)
    ids = [*state.card, "joker"]
    hand = state.hands[seat] if 0 <= seat < n and state.hands[seat] else ids
    card = rng.choice(hand if rng.random() < 0.7 else ids)
    cards = tuple(rng.sample(hand, min(len(hand), rng.randrange(0, 5))))
    dice = tuple(rng.randrange(1, 7) for _ in range(rng.randrange(1, 4)))
    if state.flight is not None and state.flight.roll and rng.random() < 0.6:
        roll = list(state.flight.roll)
        dice = tuple(rng.sample(roll, rng.randrange(1, len(roll) + 1)))
    makers = [
        lambda: Draw(seat, rng.choice(["A", "B", "C"])),
        lambda: EndDraw(seat),
        lambda: Discard(seat, cards),
        lambda: Declare(seat, rng.choice([*PLAN_IDS, "eagle"]), cards[:3]),
        lambda: Declare(seat, rng.choice(PLAN_IDS), cards[:1]),
        lambda: DeclareFree(seat, cards),
        lambda: Highlight(seat, card),
        lambda: SeventhDie(seat),
        lambda: Roll(seat),
        lambda: Reroll(seat, dice),
        lambda: Assign(seat, card, dice),
        lambda: Stop(seat),
    ]
    return rng.choice(makers)()


def scrambled_event(event: Event, viewer: int | None) -> Event:
    """``event`` with every other seat's secret replaced (the viewer's own kept)."""
    return Event(
        event.type,
        event.data,
        {seat: {"scrambled": True} for seat in event.secret if seat != viewer}
        | {s: v for s, v in event.secret.items() if s == viewer},
    )


def hidden_twin(
    state: GameState, viewer: int | None, rng: random.Random, since: int = 0
) -> GameState:
    """The same state with every card the viewer cannot see scrambled (others' hands, keeping
    their backs, and the draw piles) and others' secrets replaced, in the log's events from
    ``since`` on (the observation shows those of this turn; the earlier ones are shared as they
    are): an observation that reads no hidden data cannot tell the two apart."""
    twin = state.clone()
    for deck in DECKS:
        places: list[tuple[str, int, int]] = []
        cards: list[str] = []
        for seat, hand in enumerate(state.hands):
            if seat == viewer:
                continue
            for i, c in enumerate(hand):
                if state.card[c].deck == deck:
                    places.append(("hand", seat, i))
                    cards.append(c)
        for i, c in enumerate(state.draw[deck]):
            places.append(("draw", 0, i))
            cards.append(c)
        rng.shuffle(cards)
        pile = list(state.draw[deck])
        for (where, seat, i), c in zip(places, cards, strict=True):
            if where == "hand":
                twin.hands[seat][i] = c
            else:
                pile[i] = c
        twin.draw[deck] = tuple(pile)
    twin.log = (*state.log[:since], *(scrambled_event(e, viewer) for e in state.log[since:]))
    return twin


def check_invariants(state: GameState) -> None:
    """What holds in every state."""
    # Every card is in exactly one place.
    places = [c for hand in state.hands for c in hand]
    for deck in DECKS:
        places += [*state.draw[deck], *state.discard[deck]]
        assert all(state.card[c].deck == deck for c in state.draw[deck])
        assert all(state.card[c].deck == deck for c in state.discard[deck])
    for plan in PLAN_IDS:
        places += state.plans[plan]
    places += [c for plan in state.free_plans if plan for c in plan]
    assert Counter(places) == Counter(c.id for c in state.setup.cards)
    # Tokens are conserved; registered scores are 8+; statuses fit the scores.
    assert sum(state.tokens) + state.supply == state.setup.options.bonus_supply
    for plan in PLAN_IDS:
        assert all(b is None or b >= 8 for b in state.best[plan])
        cards = state.plans[plan]
        assert not cards or len(cards) == 3
    for seat in range(state.players):
        status = state.status[seat]
        if status is not Status.NORMAL:
            assert state.registered(seat) == len(PLAN_IDS)
        if status in (Status.RETRY, Status.DONE):
            assert not state.hands[seat] and state.free_plans[seat]
    if state.flight is not None:
        flight = state.flight
        assert 0 <= flight.pool <= 7
        used = sum(len(p.dice) for p in flight.done)
        assert used + flight.pool == 6 + flight.red
        if flight.roll is not None:  # (the 7th die may join after the roll)
            assert 1 <= len(flight.roll) <= min(3, flight.pool) and state.phase is Phase.ROLLED
    if state.pending.phase is Phase.TURN:
        assert len(state.hands[state.active]) == 6 or state.setup.options.max_rounds


def score_from_events(events: Sequence[Event], seat: int) -> int:
    """A seat's score rebuilt from the log: every gain, cost and penalty is an event."""
    total = 0
    for e in events:
        if e.data.get("seat") != seat:
            continue
        if e.type in ("registered", "free_scored"):
            total += e.data["gain"]
        elif e.type in {"discard", "free_failed"}:
            total -= e.data["cost"]
    return total


def check_step(
    before: GameState,
    action: Action,
    after: GameState,
    events: Sequence[Event],
    replayed: GameState,
    rng: random.Random,
) -> list[Action]:
    """Every invariant of one transition; returns the legal actions of the seat to move next."""
    check_invariants(after)
    # Scores move only with their events; best scores only go up.
    for seat in range(after.players):
        assert after.scores[seat] - before.scores[seat] == score_from_events(events, seat)
        for plan in PLAN_IDS:
            old, new = before.best[plan][seat], after.best[plan][seat]
            assert old is None or (new is not None and new >= old)
    # The log only grows: the step's events appended to ``before``'s, untouched (by identity).
    start = len(before.log)
    assert after.log[:start] == before.log and list(after.log[start:]) == list(events)
    # The record replays to the same state (the action through JSON, with its dice): all but
    # the log, and the events this step added (the earlier ones were compared at their steps;
    # the whole log again every ``WHOLE`` actions and at the end: re-reading it at every step
    # made a game's checks grow with the square of its length).
    whole = len(after.history) % WHOLE == 0
    assert (replayed if whole else with_log(replayed, after.log)).same_as(after)
    assert len(replayed.log) == len(after.log) and replayed.log[start:] == after.log[start:]
    # Legal actions are unique and each one accepted; random candidates agree with the lists.
    legal_lists = {seat: after.legal_actions(seat) for seat in range(after.players)}
    mover = after.to_move
    for seat, legal in legal_lists.items():
        assert len(set(legal)) == len(legal)
        assert (seat == mover) == bool(legal), (seat, mover, legal)
    if mover is not None:
        for sample in rng.sample(legal_lists[mover], min(3, len(legal_lists[mover]))):
            assert after.is_legal(sample), sample
    for _ in range(6):
        candidate = random_candidate(after, rng)
        snapshot = after.clone()
        try:
            after.apply(candidate)
            accepted = True
        except IllegalActionError:
            accepted = False
        legal = set(legal_lists.get(candidate.seat, []))
        assert accepted == (candidate in legal), (candidate, accepted)
        assert after.same_as(snapshot)
    # No observation depends on what its viewer cannot see (its log: this turn's events), nor
    # does any event: each new one for every viewer, as it is added (a view reads only the
    # event; the whole log's view again every ``WHOLE`` actions and at the end).
    viewer = rng.choice([None, *range(after.players)])
    twin = hidden_twin(after, viewer, rng, since=0 if whole else after.turn_start)
    assert after.observation(viewer) == twin.observation(viewer)
    if whole:
        assert after.log_view(viewer) == twin.log_view(viewer)
    for event in events:
        for seat in (None, *range(after.players)):
            assert event.view(seat) == scrambled_event(event, seat).view(seat), (event, seat)
    if viewer is not None:
        assert after.legal_actions(viewer) == twin.legal_actions(viewer)
    json.dumps(after.observation(SEER))  # observations are plain JSON
    return legal_lists[mover] if mover is not None else []


def walk_game(
    seed: int,
    players: int,
    stats: WalkStats,
    *,
    checks: bool = True,
    informed: float = 0.85,
    max_steps: int = 6000,
    options: Options | None = None,
) -> GameState:
    rng = random.Random(seed)
    options = options or Options(max_rounds=40)
    state = new_game(players, seed, options=options)
    replayed = start(Setup.from_json(json.loads(json.dumps(state.setup.to_json()))))
    assert replayed.same_as(state)
    guide = {seat: make_bot("basic", seed * 8 + seat) for seat in range(players)}
    legal: list[Action] | None = None
    for _ in range(max_steps):
        if state.is_over:
            break
        seat = state.to_move
        assert seat is not None
        legal = state.legal_actions(seat) if legal is None else legal
        if rng.random() < informed:
            action = guide[seat].choose(state.observation(seat), legal)
        else:
            kind = rng.choice(sorted({a.type for a in legal}))
            action = rng.choice([a for a in legal if a.type == kind])
        after, events = state.apply(action)
        stats.steps += 1
        stats.action_types[action.type] += 1
        stats.event_types.update(e.type for e in events)
        if checks:
            recorded = action_from_json(json.loads(json.dumps(after.history[-1].to_json())))
            replayed, _ = replayed.apply_recorded(recorded)
            legal = check_step(state, action, after, events, replayed, rng)
        else:
            legal = None
        state = after
    else:
        raise AssertionError(f"game did not end in {max_steps} steps")
    if checks:
        assert Record.loads(state.record.dumps()).replay().same_as(state)
        assert replayed.same_as(state)  # the whole log too
        for viewer in (None, *range(players)):
            assert state.log_view(viewer) == hidden_twin(state, viewer, rng).log_view(viewer)
    stats.games += 1
    stats.results[state.result["reason"] if state.result else "unfinished"] += 1
    return state
