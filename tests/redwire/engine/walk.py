"""Random games with invariant checks at every step (in the spirit of OpenSpiel's random_sim_test).

The walker picks moves with full knowledge most of the time (so games run long and reach solo
cuts, equipment and wins) and at random otherwise (so mistakes and explosions happen too). At each
step :func:`check_step` verifies the invariants that tie the API together.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import pairwise

from engine.core.events import SEER, Event
from engine.core.rng import Rng
from engine.redwire import (
    Action,
    Batteries,
    CoffeeMug,
    Cut,
    GameState,
    Hook,
    Label,
    Phase,
    Pick,
    PlaceToken,
    PostIt,
    Radar,
    Record,
    RevealReds,
    Rewind,
    Setup,
    SoloCut,
    Stabilize,
    Walkie,
    action_from_json,
    new_game,
    start,
)
from engine.redwire.bots.characters import table_characters
from engine.redwire.errors import IllegalActionError
from engine.redwire.legal import legal_actions
from engine.redwire.mechanisms import four_at_once, sweep
from engine.redwire.mechanisms.arithmetic import ArithPass, Calculate
from engine.redwire.mechanisms.base import announce_bound
from engine.redwire.mechanisms.bat_radar import NameCutter
from engine.redwire.mechanisms.bluffer import FalseToken
from engine.redwire.mechanisms.challenges import ChallengeClaim, RedCall
from engine.redwire.mechanisms.claims import Claim, PassClaim
from engine.redwire.mechanisms.constraints import (
    ALL_CARDS,
    ChooseConstraint,
    DrawConstraint,
    PassConstraints,
    SkipTurn,
    SwapConstraint,
    TurnDown,
)
from engine.redwire.mechanisms.equipment.fast_pass import FastPass
from engine.redwire.mechanisms.equipment.single_label import SingleLabel
from engine.redwire.mechanisms.flipped_wires import (
    FlippedCut,
    FlippedReveal,
    FlippedSkip,
    FlippedSolo,
)
from engine.redwire.mechanisms.guessing import PlayNumber
from engine.redwire.mechanisms.hand_me_downs import GiveNumber, HandSkip
from engine.redwire.mechanisms.nano import NanoStand
from engine.redwire.mechanisms.nano_line import NanoFace, NanoSkip, NanoWalk
from engine.redwire.mechanisms.negative_tokens import GiveToken, NegativeToken
from engine.redwire.mechanisms.new_characters import OwnRadar, OwnWalkie
from engine.redwire.mechanisms.number_choice import ChooseNumber
from engine.redwire.mechanisms.number_flip import FlipNumber
from engine.redwire.mechanisms.oxygen import OxygenGift, OxygenPass
from engine.redwire.mechanisms.sequence import MoveSequence, PlaceSequence, Stuck
from engine.redwire.mechanisms.silence import NumberSaid
from engine.redwire.mechanisms.sweep import Sweep
from engine.redwire.mechanisms.timer import TimeUp
from engine.redwire.mechanisms.token_draft import TakeToken
from engine.redwire.mechanisms.tripwires import TripPoint, TripSkip
from engine.redwire.mechanisms.volunteers import NameVolunteer, PassVolunteer, Volunteer
from engine.redwire.mechanisms.weakest_link import Accuse, WeakLinkStuck
from engine.redwire.mechanisms.wire_pile import PileJoin
from engine.redwire.mechanisms.x_wires import XWait
from engine.redwire.observation import event_view
from engine.redwire.options import Options
from engine.redwire.wires import RED, YELLOW, cut_value
from tests.core.walking import with_log

#: Every this many actions, and at a game's end, the checks read the whole log too.
WHOLE = 16


@dataclass
class WalkStats:
    games: int = 0
    steps: int = 0
    results: Counter[str] = field(default_factory=Counter)
    action_types: Counter[str] = field(default_factory=Counter)


def informed_choice(state: GameState, legal: Sequence[Action], rng: random.Random) -> Action:
    """A move chosen with the true state: a hitting cut, a sweep of the right wires, or anything
    that is neither."""
    order = list(legal)
    rng.shuffle(order)
    for action in order:
        if isinstance(action, Cut):
            if any(cut_value(state.code_at(*t)) in action.values for t in action.targets):
                return action
        elif isinstance(action, Sweep):
            if rng.random() < 0.3:  # rarely: the walk then points at the reds (below)
                return action
        elif isinstance(action, Pick) and state.phase.value == "sweep_point":
            view = sweep.sweep_view(state.observation(None))
            colour = YELLOW if view is not None and view["colour"] == "yellow" else RED
            if cut_value(state.code_at(action.stand, action.slot)) == colour:
                return action
        elif isinstance(action, Pick) and state.phase.value == "four_point":
            if cut_value(state.code_at(action.stand, action.slot)) == four_at_once.value_of(state):
                return action
        elif isinstance(action, RedCall):
            if cut_value(state.code_at(action.stand, action.slot)) == RED:
                return action
        elif isinstance(action, NameCutter | NameVolunteer | Volunteer):
            value = state.pending.value
            seat = action.seat if isinstance(action, Volunteer) else action.named
            if any(cut_value(c) in (value, RED) for _, _, c in state.hand(seat)):
                return action
        else:
            return action
    return order[0]


def pick_action(
    state: GameState,
    seat: int,
    rng: random.Random,
    informed: float,
    legal: Sequence[Action] | None = None,
) -> Action:
    legal = state.legal_actions(seat) if legal is None else legal
    assert legal, f"no legal action for the seat to move: {state!r}"
    if rng.random() < 0.998:  # the clock running out ends the game at once: rarely
        # A person's own control (an audio mission's pile, its Number deck): now and then.
        people = [a for a in legal if not a.for_bots and not isinstance(a, TimeUp)]
        keep = people if people and rng.random() < 0.05 else []
        legal = [a for a in legal if a.for_bots or a in keep] or legal
    kinds = sorted({a.type for a in legal})
    kind = rng.choice(kinds)  # choose a kind first, so rare actions are not drowned by cuts
    pool = [a for a in legal if a.type == kind]
    if rng.random() < informed:
        return informed_choice(state, pool if kind == "cut" else legal, rng)
    return rng.choice(pool)


def random_candidate(state: GameState, rng: random.Random) -> Action:
    """Any action with plausible parameters, legal or not (mostly not)."""
    n = state.players
    seat = rng.randrange(-1, n + 1) if rng.random() < 0.1 else rng.randrange(n)
    stand = rng.randrange(len(state.stands) + 1)
    slot = rng.randrange(15)
    value = rng.choice([*range(1, 13), YELLOW, RED, 13])
    target = (stand, slot)
    makers: list[Callable[[], Action]] = [
        lambda: PlaceToken(seat, stand, slot),
        lambda: Cut(seat, (target,), (value,)),
        lambda: Cut(seat, (target, (stand, rng.randrange(15))), (value,), "double"),
        lambda: Cut(seat, (target,), (value, rng.randrange(1, 13))),
        lambda: SoloCut(seat, value),
        lambda: RevealReds(seat),
        lambda: Pick(seat, stand, slot),
        lambda: Label(seat, rng.choice((1, 12)), stand, slot),
        lambda: Walkie(seat, stand, slot, rng.randrange(n + 1)),
        lambda: Hook(seat, stand, slot, rng.randrange(len(state.stands) + 1)),
        lambda: PostIt(seat, stand, slot),
        lambda: Rewind(seat),
        lambda: Batteries(seat, (rng.randrange(n),)),
        lambda: Radar(seat, value),
        lambda: Stabilize(seat),
        lambda: CoffeeMug(seat, rng.randrange(n + 1)),
        lambda: Stuck(seat),
        lambda: Claim(seat),
        lambda: PassClaim(seat),
        lambda: TimeUp(seat),
        lambda: Sweep(seat),
        lambda: FalseToken(seat, stand, slot, rng.randrange(1, 14)),
        lambda: NameCutter(seat, rng.randrange(n + 1)),
        lambda: Volunteer(seat),
        lambda: PassVolunteer(seat),
        lambda: NameVolunteer(seat, rng.randrange(n + 1)),
        lambda: NegativeToken(seat, stand, value),
        lambda: GiveToken(seat, value),
        lambda: four_at_once.FourAtOnce(seat),
        lambda: NumberSaid(seat),
        lambda: TakeToken(seat, value),
        lambda: ChooseNumber(seat, value),
        lambda: PlayNumber(seat, value),
        lambda: FlipNumber(seat),
        lambda: PileJoin(seat, stand),
        lambda: OxygenPass(seat),
        lambda: Calculate(seat, rng.randrange(0, 14), rng.randrange(0, 14), rng.choice("+-")),
        lambda: ArithPass(seat, rng.choice(((), (rng.randrange(14), rng.randrange(14))))),
        lambda: RedCall(seat, stand, slot),
        lambda: ChallengeClaim(seat, stand),
        lambda: HandSkip(seat),
        lambda: GiveNumber(seat, value, rng.randrange(-1, n + 1)),
        # Mission 64: either flipped wire of the seat (0, 1), or one he does not have (2).
        lambda: FlippedCut(seat, stand, slot, value, rng.randrange(3)),
        lambda: FlippedSolo(seat, value, rng.choice(((0,), (1,), (0, 1), (2,)))),
        lambda: FlippedReveal(seat, rng.choice(((0,), (1,), (0, 1), (2,)))),
        lambda: PassConstraints(seat, rng.choice(("keep", "clockwise", "anticlockwise", "up"))),
        lambda: DrawConstraint(seat),
        lambda: NanoWalk(seat, value),
        lambda: NanoSkip(seat),
        lambda: NanoFace(seat, rng.choice(("left", "right", "up"))),
    ]
    return rng.choice(makers)()


def later_candidate(state: GameState, rng: random.Random) -> Action:
    """More actions with plausible parameters, legal or not: the kinds ``random_candidate`` was
    written before (drawn from their own generator, ``check_step``, so that the walk's games stay
    the ones its regression tests name)."""
    n = state.players
    seat = rng.randrange(-1, n + 1) if rng.random() < 0.1 else rng.randrange(n)
    stand, slot = rng.randrange(len(state.stands) + 1), rng.randrange(15)
    value = rng.choice([*range(1, 13), YELLOW, RED, 13])
    card = rng.choice((*ALL_CARDS, "Z"))
    makers: list[Callable[[], Action]] = [
        # The Fast Pass names two wires: the second one may be a flipped wire, or the first.
        lambda: FastPass(
            seat, value, stand, slot, rng.randrange(len(state.stands) + 1), rng.randrange(15)
        ),
        lambda: SingleLabel(seat, stand, slot),
        lambda: OwnRadar(seat, value),
        lambda: OwnWalkie(seat, stand, slot, rng.randrange(n + 1)),
        lambda: ChooseConstraint(seat, card),
        lambda: TurnDown(seat),
        lambda: SwapConstraint(seat, rng.random() < 0.5),
        lambda: SkipTurn(seat),
        lambda: FlippedSkip(seat),
        lambda: NanoStand(seat, stand),
        lambda: OxygenGift(seat, rng.randrange(-1, n + 1)),
        lambda: PlaceSequence(seat, rng.choice(("left", "right", "up"))),
        lambda: MoveSequence(seat, rng.random() < 0.5),
        lambda: TripPoint(seat, stand, slot),
        lambda: TripSkip(seat),
        lambda: Accuse(seat, rng.randrange(-1, n + 1), card),
        lambda: WeakLinkStuck(seat),
        lambda: XWait(seat),
    ]
    return rng.choice(makers)()


def _hidden_from(state: GameState, stand: int, wire: int, viewer: int | None) -> bool:
    """Whether ``viewer`` cannot see the uncut ``wire``: another seat's, or his own turned round
    (a flipped wire faces every seat but its owner; a spectator sees none)."""
    owner = state.owners[stand]
    if wire in state.own_hidden:
        return viewer is None or viewer == owner
    return owner != viewer


def scrambled_event(event: Event, viewer: int | None) -> Event:
    """``event`` with every other seat's secret replaced (the viewer's own kept)."""
    return type(event)(
        event.type,
        event.data,
        {seat: {"scrambled": True} for seat in event.secret if seat != viewer}
        | {s: v for s, v in event.secret.items() if s == viewer},
    )


def hidden_twin(
    state: GameState, viewer: int | None, rng: random.Random, *, log: bool = True
) -> GameState:
    """The same state with every wire the viewer cannot see scrambled, and others' secrets
    replaced (``log=False``: no log at all, for a check that compares the events apart): an
    observation that reads no hidden data cannot tell the two apart."""
    twin = state.clone() if log else with_log(state, ())
    hidden = [
        w
        for stand, ids in enumerate(state.stands)
        for w in ids
        if not state.cut[w] and _hidden_from(state, stand, w, viewer)
    ]
    # Wires no stand holds (Nano's), but the one the viewer took and is placing.
    for mechanism in state.mechanisms:
        seen = mechanism.off_stand_seen(state, viewer)
        hidden += sorted(w for w in mechanism.off_stand(state) if w not in seen)
    codes = list(state.codes)
    shuffled = [codes[w] for w in hidden]
    rng.shuffle(shuffled)
    for w, code in zip(hidden, shuffled, strict=True):
        codes[w] = code
    twin.codes = tuple(codes)
    deck_rng = Rng(rng.randrange(2**32))
    for mechanism in twin.mechanisms:  # a deck's order, face-down cards, another seat's cards
        mechanism.scramble(twin, viewer, deck_rng)
    twin.log = tuple(scrambled_event(e, viewer) for e in twin.log)
    return twin


def refusal(state: GameState, action: Action) -> tuple[str, str] | None:
    """The reason and message ``state`` refuses ``action`` with (None: accepted)."""
    try:
        state.apply(action)
    except IllegalActionError as err:
        return str(err.reason), str(err)
    return None


def check_step(
    before: GameState,
    action: Action,
    after: GameState,
    events: Sequence[Event],
    replayed: GameState,
    rng: random.Random,
) -> list[Action]:
    """Every invariant of one transition; returns the legal actions of the seat to move next."""
    # Wires are conserved and every stand stays sorted.
    off = [w for m in after.mechanisms for w in m.off_stand(after)]  # Nano's wires
    ids = sorted([w for stand in after.stands for w in stand] + off)
    assert ids == list(range(len(after.codes)))
    assert Counter(after.codes) == Counter(c for s in after.setup.stands for c in s) + Counter(
        c
        for use in after.mission.mechanisms
        if use.id in after.setup.parts
        for m in after.mechanisms
        if m.id == use.id
        for c in m.pile_codes(use.config, after.setup.parts[use.id])
    )
    apart = {w for m in after.mechanisms for w in m.unsorted_wires(after)}  # X wires
    for stand in after.stands:
        codes = [after.codes[w] for w in stand if w not in apart]
        assert codes == sorted(codes)
    # Cut wires stay cut; the dial moves one step at a time, and only with a dial event (two
    # chained steps only for mission 32's card L, a failed cut moving it twice, and mission 34's
    # stuck weakest link).
    assert all(after.cut[w] for w in range(len(after.cut)) if before.cut[w])
    moves = [e for e in events if e.type == "dial"]
    if moves:
        double = any(e.type in ("constraint_double", "weakest_stuck") for e in events)
        # Mission 56's toll (a cut at a teammate's flipped wire) is one more step, after the
        # cut's own (a miss's): its dial event follows its ``flipped_toll`` event.
        tolls = [events[i + 1] for i, e in enumerate(events[:-1]) if e.type == "flipped_toll"]
        assert all(t.type == "dial" for t in tolls)
        # Missions 55 and 60: every Challenge card a cut fulfils moves the dial back one step of
        # its own (two cards met by one cut, two steps back), right after its ``challenge_done``
        # (none when the dial is already at its cap).
        rewards = [
            events[i + 1]
            for i, e in enumerate(events[:-1])
            if e.type == "challenge_done" and events[i + 1].type == "dial"
        ]
        assert all(r.data["to"] == r.data["from"] + 1 for r in rewards)
        steps = [m for m in moves if all(m is not t for t in (*tolls, *rewards))]
        # (a second step the first one's explosion made moot is not taken)
        assert (
            not steps
            or len(steps) == (2 if double and after.dial > 0 else 1)
            or (double and len(steps) == 2)
        )
        assert steps or tolls or rewards
        assert all(abs(m.data["to"] - m.data["from"]) <= 1 for m in moves)
        assert all(a.data["to"] == b.data["from"] for a, b in pairwise(moves))
        assert after.dial == moves[-1].data["to"]
    else:
        assert after.dial == before.dial
    assert 0 <= after.dial <= after.setup.options.dial_cap
    # An "any time" action's pick (the Walkie-Talkies exchange), once answered, gives back the
    # decision it interrupted exactly as it was (a turn, or a mission's own decision).
    resume = before.pending.resume
    if resume is not None and after.result is None and after.pending.phase != before.phase:
        assert after.pending == resume, (before.pending, after.pending)
    # The log only grows: the step's events appended to ``before``'s, untouched (by identity).
    start = len(before.log)
    assert after.log[:start] == before.log and list(after.log[start:]) == list(events)
    # The record replays to the same state: ``replayed`` is built from the JSON round trip of
    # every action, one step at a time (the setup's round trip is checked once per game); all
    # but the log, and the events this step added (the whole log every ``WHOLE`` actions and,
    # with the record, at the game's end).
    whole = len(after.history) % WHOLE == 0
    assert (replayed if whole else with_log(replayed, after.log)).same_as(after)
    assert len(replayed.log) == len(after.log) and replayed.log[start:] == after.log[start:]
    # Legal actions are unique, each one accepted; random candidates agree with the lists.
    legal_lists = {seat: after.legal_actions(seat) for seat in range(after.players)}
    legal_sets = {seat: set(legal) for seat, legal in legal_lists.items()}
    assert all(len(legal_sets[seat]) == len(legal_lists[seat]) for seat in legal_lists)
    # The values a mechanism bounds (``announce_bound``) only spare the listing its refused
    # cuts: built from every value the seat holds and filtered, the list is the same (at every
    # fourth step: the unbounded listing costs what the bound saves; no draw from ``rng``).
    if (
        len(after.history) % 4 == 0
        and after.phase is Phase.TURN
        and announce_bound(after, after.active) is not None
    ):
        unbounded = legal_actions(after, after.active, bounded=False)
        assert legal_lists[after.active] == unbounded, after.mission.id
    mover = after.to_move if after.to_move is not None else 0
    for sample in rng.sample(legal_lists[mover], min(3, len(legal_lists[mover]))):
        assert after.is_legal(sample), sample
    # Two more from their own generator, seeded by the game and the step (see ``later_candidate``).
    later = random.Random(f"{after.setup.seed}:{len(after.log)}")
    candidates = [random_candidate(after, rng) for _ in range(6)]
    candidates += [later_candidate(after, later) for _ in range(2)]
    for candidate in candidates:
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
        assert after.same_as(snapshot)
    # No observation depends on what its viewer cannot see: all of it but the log (every
    # ``WHOLE`` actions with it) for a viewer drawn at random, and each new event as every
    # viewer keeps it (a view reads the event and the rule options, nothing that changes: each
    # is checked once, as it is added). Without the log a part that counts its events (mission
    # 25's slips) reads none on both sides: public, and compared with the whole log.
    viewer = rng.choice([None, *range(after.players)])
    twin = hidden_twin(after, viewer, rng, log=whole)
    mine = after if whole else with_log(after, ())
    assert mine.observation(viewer) == twin.observation(viewer)
    if viewer is not None:
        assert after.legal_actions(viewer) == twin.legal_actions(viewer)
        # Nor does the refusal of the viewer's own move (its reason is shown to him).
        for candidate in candidates:
            if candidate.seat == viewer:
                assert refusal(mine, candidate) == refusal(twin, candidate), candidate
    for event in events:
        for seat in (None, *range(after.players)):
            seen = event_view(after, event, seat)
            assert seen == event_view(after, scrambled_event(event, seat), seat), (event, seat)
    # Observations are plain JSON (the log's events as they are added).
    json.dumps(mine.observation(SEER))
    json.dumps([event.view(SEER) for event in events])
    return legal_lists[mover]


def walk_game(
    seed: int,
    mission: int,
    players: int,
    stats: WalkStats,
    *,
    checks: bool = True,
    informed: float = 0.85,
    max_steps: int = 2000,
    options: Options | None = None,
) -> GameState:
    rng = random.Random(seed)
    # From mission 31 every seat's character is drawn (rule sticker B): each personal equipment.
    chosen, _ = table_characters(
        mission, players, captain=None, levels=["random"] * players, picks=[], seed=seed
    )
    state = new_game(mission, players, seed, chosen=chosen, options=options)
    replayed = start(Setup.from_json(json.loads(json.dumps(state.setup.to_json()))))
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
        if checks:
            replayed, _ = replayed.apply(action_from_json(json.loads(json.dumps(action.to_json()))))
            legal = check_step(state, action, after, events, replayed, rng)
        state = after
    else:
        raise AssertionError(f"game did not end in {max_steps} steps")
    if checks:
        assert Record.loads(state.record.dumps()).replay().same_as(state)
        assert replayed.same_as(state)  # the whole log, and every viewer's whole observation
        for viewer in (None, *range(players)):
            assert state.observation(viewer) == hidden_twin(state, viewer, rng).observation(viewer)
        json.dumps(state.observation(SEER))
    stats.games += 1
    stats.results[state.result or "unfinished"] += 1
    return state
