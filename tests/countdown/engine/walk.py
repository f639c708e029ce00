"""Random games with invariant checks at every step (in the spirit of OpenSpiel's random_sim_test).

The walker mixes three ways of choosing: a move drawn at random (kind first), the basic bot's
move, and at the defuse decision a choice made with the true combination (so games end in every
way: defusals, failed defusals, the countdown). At each step :func:`check_step` verifies the
invariants that tie the API together.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.core.events import SEER, Event
from engine.countdown import GameState, Options, Phase, Record, Setup, action_from_json, new_game
from engine.countdown.actions import (
    Action,
    AlarmAgent,
    Defuse,
    Discard,
    EndPlay,
    NextGame,
    NoDefuse,
    PickTarget,
    PickWire,
    PlaceCut,
    PlayCard,
    PlayWild,
    TakeCard,
)
from engine.countdown.bots import make_bot
from engine.countdown.cards import (
    COMBINATION,
    MAX_CUTS,
    PALETTE,
    PLAIN_KINDS,
    cut_kind,
    kind_order,
    sort_cards,
)
from engine.countdown.errors import IllegalActionError
from engine.countdown.game import start
from tests.core.walking import with_log

KINDS = [*PLAIN_KINDS, *(cut_kind(c) for c in PALETTE[:5])]
#: Every this many actions, and at a game's end, the checks read the whole log too.
WHOLE = 64


@dataclass
class WalkStats:
    games: int = 0
    steps: int = 0
    endings: Counter[str] = field(default_factory=Counter)
    action_types: Counter[str] = field(default_factory=Counter)
    cards_played: Counter[str] = field(default_factory=Counter)
    phases: Counter[str] = field(default_factory=Counter)
    reshuffles: int = 0
    matches: int = 0


def pick_action(
    state: GameState,
    seat: int,
    rng: random.Random,
    informed: float,
    legal: Sequence[Action] | None = None,
) -> Action:
    legal = state.legal_actions(seat) if legal is None else legal
    assert legal, f"no legal action for the seat to move: {state!r}"
    if state.phase is Phase.DEFUSE and rng.random() < informed:
        right = Counter(state.cuts(seat)) == Counter(state.combination)
        return Defuse(seat) if right or rng.random() < 0.05 else NoDefuse(seat)
    if rng.random() < informed:
        bot = make_bot("basic", rng.randrange(1 << 30))
        return bot.choose(state.observation(seat), legal)
    kinds = sorted({a.type for a in legal})
    kind = rng.choice(kinds)
    return rng.choice([a for a in legal if a.type == kind])


def random_candidate(state: GameState, rng: random.Random) -> Action:
    """Any action with plausible parameters, legal or not (mostly not)."""
    n = state.players
    seat = rng.randrange(-1, n + 1) if rng.random() < 0.1 else rng.randrange(n)
    if rng.random() < 0.5 and state.to_move is not None:
        seat = state.to_move
    card = rng.choice(KINDS)
    agent = rng.randrange(-1, 5)
    position = rng.randrange(-1, COMBINATION + 1)
    colour = rng.choice([None, *PALETTE[:5]])
    makers: list[Callable[[], Action]] = [
        lambda: PlayCard(seat, card, agent),
        lambda: PlayWild(
            seat, (card, rng.choice(KINDS)), agent, rng.choice(["analyze", "exit", "timer"])
        ),
        lambda: PlayWild(seat, (card,), agent, "exit"),
        lambda: EndPlay(seat),
        lambda: PickWire(seat, position),
        lambda: PlaceCut(seat, colour),
        lambda: PickTarget(seat, rng.randrange(-1, n + 1)),
        lambda: TakeCard(seat, card),
        lambda: AlarmAgent(seat, agent),
        lambda: Defuse(seat),
        lambda: NoDefuse(seat),
        lambda: Discard(seat, tuple(rng.choice(KINDS) for _ in range(rng.randrange(1, 4)))),
        lambda: NextGame(seat),
    ]
    if state.to_move is not None and rng.random() < 0.3:  # near misses of the real hand
        hand = state.hands[state.to_move]
        if len(hand) >= 2:
            pair = tuple(rng.sample(list(hand), 2))
            makers.append(lambda: PlayWild(seat, pair, agent, rng.choice(["analyze", "exit"])))
        if hand:
            makers.append(lambda: PlayCard(seat, rng.choice(hand), agent))
            makers.append(lambda: Discard(seat, tuple(rng.sample(list(hand), min(len(hand), 2)))))
    return rng.choice(makers)()


def _revealed(state: GameState) -> bool:
    return state.phase in (Phase.OVER, Phase.NEXT_GAME)


def scrambled_event(event: Event, viewer: int | None) -> Event:
    """``event`` with every other seat's secret replaced (the viewer's own kept)."""
    return Event(
        event.type,
        event.data,
        {q: ({"scrambled": True} if q != viewer else v) for q, v in event.secret.items()},
    )


def hidden_twin(
    state: GameState, viewer: int | None, rng: random.Random, *, log: bool = True
) -> GameState:
    """The same state with everything the viewer cannot see scrambled: other hands and the deck
    (sizes kept), the face-down wires it has not scanned and the spare wires, and other seats'
    secrets in the log (``log=False``: no log at all, for a check that compares the events
    apart). An observation that reads no hidden data cannot tell the two apart."""
    twin = state.clone()
    if not log:
        twin.log = ()
    if _revealed(state):
        return twin
    pending = state.pending
    seen_hand = (
        pending.target if pending.phase is Phase.INTERCEPT_CARD and pending.seat == viewer else None
    )
    hidden_seats = [q for q in range(state.players) if q not in (viewer, seen_hand)]
    pool = [card for q in hidden_seats for card in state.hands[q]] + list(state.deck)
    rng.shuffle(pool)
    for q in hidden_seats:
        size = len(state.hands[q])
        twin.hands[q] = tuple(sort_cards(pool[:size]))
        pool = pool[size:]
    twin.deck = pool
    known = set(state.knowledge[viewer]) if viewer is not None else set()
    slots = [p for p in state.face_down() if p not in known]
    wires = [state.combination[p] for p in slots] + list(state.reserve)
    rng.shuffle(wires)
    for p in slots:
        twin.combination[p] = wires.pop()
    twin.reserve = wires
    twin.knowledge = [
        dict(k) if q == viewer else dict.fromkeys(k, ("?", 0))
        for q, k in enumerate(state.knowledge)
    ]
    twin.log = tuple(scrambled_event(e, viewer) for e in twin.log)
    twin.script = ()
    return twin


def check_conservation(state: GameState) -> None:
    assert state.card_count() == state.setup.all_cards(), "action cards are conserved"
    wires = Counter([*state.combination, *state.reserve, *state.removed])
    assert wires == state.setup.all_wires(), "wires are conserved"
    for seat in range(state.players):
        assert state.cut_count(seat) <= MAX_CUTS
        assert all(not a.cuts for a in state.agents[seat] if a.out), (
            "no Snip under an agent outside"
        )
        assert list(state.hands[seat]) == sorted(state.hands[seat], key=kind_order)
    assert not Counter(state.locked) - Counter(state.hands[state.active]), "locked cards are held"
    if state.setup.options.frisked_card_playable:
        assert state.locked == ()


def check_step(
    before: GameState,
    action: Action,
    after: GameState,
    events: Sequence[Event],
    replayed: GameState,
    rng: random.Random,
) -> list[Action]:
    """Every invariant of one transition; returns the legal actions of the seat to move next."""
    check_conservation(after)
    # The countdown only moves with tick events (or a new game of a match).
    ticks = [e for e in events if e.type == "tick"]
    if not any(e.type == "game_start" for e in events):
        assert len(before.countdown) - len(after.countdown) == len(ticks)
        # The mascot changes hands only with a mascot event.
        moves = [e for e in events if e.type == "mascot"]
        assert (after.mascot != before.mascot) == bool(moves)
        assert len(after.removed) - len(before.removed) == sum(e.type == "bypass" for e in events)
    # The log only grows: the events of this step are appended to ``before``'s, untouched.
    start = len(before.log)
    assert after.log[:start] == before.log and list(after.log[start:]) == list(events)
    # The record replays to the same state (each action through its JSON round trip): all but
    # the log, and the events this step added (the earlier ones were compared at their steps;
    # the whole log once more at every ``WHOLE``-th step and, with the record, at the end).
    whole = len(after.history) % WHOLE == 0
    assert (replayed if whole else with_log(replayed, after.log)).same_as(after)
    assert len(replayed.log) == len(after.log) and replayed.log[start:] == after.log[start:]
    # Legal actions are unique and only the mover has any; random candidates agree with the list.
    legal_lists = {seat: after.legal_actions(seat) for seat in range(after.players)}
    for seat, legal in legal_lists.items():
        assert len(set(legal)) == len(legal)
        assert bool(legal) == (seat == after.to_move)
    mover = after.to_move if after.to_move is not None else 0
    for sample in rng.sample(legal_lists[mover], min(3, len(legal_lists[mover]))):
        assert after.is_legal(sample), sample
    legal_sets = {seat: set(legal) for seat, legal in legal_lists.items()}
    for _ in range(6):
        candidate = random_candidate(after, rng)
        snapshot = after.clone()
        try:
            after.apply(candidate)
            accepted = True
        except IllegalActionError:
            accepted = False
        assert accepted == (candidate in legal_sets.get(candidate.seat, set())), (
            candidate,
            accepted,
        )
        assert after.same_as(snapshot), "a refusal changed the state"
    # No observation depends on what its viewer cannot see: all of it but the log for a viewer
    # drawn at random, and each new event for every viewer (an event's view reads nothing but
    # the event, so each is checked once, when it is added).
    viewer = rng.choice([None, *range(after.players)])
    twin = hidden_twin(after, viewer, rng, log=whole)
    mine = after if whole else with_log(after, ())
    assert mine.observation(viewer) == twin.observation(viewer)
    if viewer is not None:
        assert after.legal_actions(viewer) == twin.legal_actions(viewer)
    for event in events:
        for seat in (None, *range(after.players)):
            assert event.view(seat) == scrambled_event(event, seat).view(seat), (event, seat)
    # Observations are plain JSON (the log's events as they are added).
    json.dumps(mine.observation(SEER))
    json.dumps([event.view(SEER) for event in events])
    return legal_lists[mover]


def walk_game(
    seed: int,
    players: int,
    stats: WalkStats,
    *,
    checks: bool = True,
    informed: float = 0.6,
    options: Options | None = None,
    max_steps: int = 20_000,
) -> GameState:
    rng = random.Random(seed)
    state = new_game(players, seed, options=options)
    replayed = start(Setup.from_json(json.loads(json.dumps(state.setup.to_json()))), state.script)
    assert replayed.same_as(state)
    legal: list[Action] | None = None
    for _ in range(max_steps):
        if state.is_over:
            break
        seat = state.to_move
        assert seat is not None
        action = pick_action(state, seat, rng, informed, legal)
        after, events = state.apply(action)
        stats.steps += 1
        stats.action_types[action.type] += 1
        stats.phases[state.phase.value] += 1
        if isinstance(action, PlayCard):
            stats.cards_played[
                action.card.split("_")[0] if action.card.startswith("cut_") else action.card
            ] += 1
        stats.reshuffles += sum(e.type == "reshuffle" for e in events)
        for e in events:
            if e.type == "game_over":
                stats.endings[e.data["cause"]] += 1
        if checks:
            replayed, _ = replayed.apply(action_from_json(json.loads(json.dumps(action.to_json()))))
            legal = check_step(state, action, after, events, replayed, rng)
        else:
            check_conservation(after)
            legal = None
        state = after
    else:
        raise AssertionError(f"game did not end in {max_steps} steps")
    record = Record.loads(state.record.dumps())
    assert record.replay().same_as(state)
    if checks:  # the whole log at the end: the replay's, and each viewer's observation of it
        assert replayed.same_as(state)
        for viewer in (None, *range(state.players)):
            assert state.observation(viewer) == hidden_twin(state, viewer, rng).observation(viewer)
        json.dumps(state.observation(SEER))
    stats.games += 1
    stats.matches += state.setup.options.points
    return state


def walk_options(index: int) -> Options:
    """A mix of rule options over the walk: every fourth game a short Points match, every third
    with the Siren's exits left out of the mascot counts, every fifth with the Siren using up the
    actor's agents, every seventh with frisked cards waiting for the next turn."""
    return Options(
        points=index % 4 == 3,
        points_goal=1 + index % 5,
        mascot_count_alarm_exits=index % 3 != 2,
        siren_agents_may_act=index % 5 != 4,
        frisked_card_playable=index % 7 != 6,
    )


def describe_stats(stats: WalkStats) -> dict[str, Any]:
    return {
        "games": stats.games,
        "steps": stats.steps,
        "endings": dict(stats.endings),
        "reshuffles": stats.reshuffles,
    }
