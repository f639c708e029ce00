"""The rules: resolving one action on a fresh copy of the state.

:func:`resolve` is only called by :meth:`GameState.apply` on a clone, so a refusal (raised at any
point) leaves the caller's state untouched. Each handler checks its action against the rules
(spec §5-§9), changes the state, runs the automatic steps that follow (end of turn, the round's
tick, the next turn's draw) and returns the events, in order.

A sub-decision with a single possible answer (the only face-down wire, the only other player
with cards, the only agent still inside) is answered at once rather than asked.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any, TypeVar

from ..core.errors import RecordError
from ..core.events import Event
from .actions import (
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
from .cards import (
    AGENTS,
    ALARM,
    ANALYZE,
    BYPASS,
    COMBINATION,
    EXIT,
    HAND_LIMIT,
    INTERCEPT,
    MAX_CUTS,
    REENTER,
    TIMER_STEPS,
    WILD_MIN_COUNTDOWN,
    WILD_MODES,
    colour_order,
    cut_colour,
    cut_kind,
    sort_cards,
    zone,
)
from .deal import START_COUNTDOWN, chance_rng, deal
from .errors import IllegalActionError, Reason
from .state import Agent, GameState, Pending, Phase, Played

Events = list[Event]
A = TypeVar("A", bound=Action)


def resolve(s: GameState, action: Action) -> Events:
    if s.result is not None:
        raise IllegalActionError(Reason.GAME_OVER)
    seat = action.seat
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < s.players:
        raise IllegalActionError(Reason.NO_SUCH_PLAYER)
    handler = _HANDLERS.get(type(action))
    if handler is None:
        raise IllegalActionError(Reason.MALFORMED, detail=f"unknown action {action!r}")
    return handler(s, action)


def start_events(s: GameState) -> Events:
    """The events of a new game up to its first decision: the first player's draw."""
    events = [Event("game_start", {"game": s.game, "first": s.first, "players": s.players})]
    _start_turn(s, events)
    return events


# --------------------------------------------------------------------------- shared checks


def _require(s: GameState, seat: int, phase: Phase) -> None:
    if s.pending.phase is not phase:
        raise IllegalActionError(Reason.NOT_NOW, phase=s.pending.phase.value)
    if seat != s.pending.seat:
        raise IllegalActionError(Reason.NOT_YOUR_DECISION, seat=s.pending.seat)


def _agent_index(agent: object) -> int:
    if isinstance(agent, bool) or not isinstance(agent, int) or not 0 <= agent < AGENTS:
        raise IllegalActionError(Reason.NO_SUCH_AGENT)
    return agent


def _take_from_hand(s: GameState, seat: int, cards: tuple[str, ...]) -> None:
    hand = Counter(s.hands[seat])
    need = Counter(cards)
    for card, n in need.items():
        if hand[card] < n:
            raise IllegalActionError(Reason.NOT_IN_HAND, card=card)
    hand.subtract(need)
    s.hands[seat] = tuple(sort_cards(list(hand.elements())))


def _check_playable(s: GameState, seat: int, cards: tuple[str, ...]) -> None:
    """The cards are in the seat's hand, and none was taken with a Frisk this turn when the
    option ``frisked_card_playable`` is off (§12 A13)."""
    hand, free = Counter(s.hands[seat]), s.playable_cards(seat)
    for card, n in Counter(cards).items():
        if hand[card] < n:
            raise IllegalActionError(Reason.NOT_IN_HAND, card=card)
        if free[card] < n:
            raise IllegalActionError(Reason.CARD_LOCKED, card=card)


def _ready_agent(s: GameState, seat: int, agent: int) -> Agent:
    index = _agent_index(agent)
    state = s.agents[seat][index]
    if state.acted:
        raise IllegalActionError(Reason.AGENT_ACTED, agent=index)
    return state


def _resume(s: GameState) -> None:
    s.pending = Pending(Phase.PLAY, s.active)


# --------------------------------------------------------------------------- playing cards


def _check_card_effect(s: GameState, seat: int, card: str, agent: Agent) -> None:
    """A card needs a possible effect (§12 A10); the Siren is always playable."""
    if card in (ANALYZE, BYPASS) and not s.face_down():
        raise IllegalActionError(Reason.NO_FACE_DOWN)
    if card == BYPASS and not s.reserve:
        raise IllegalActionError(Reason.NO_RESERVE)
    if card == INTERCEPT and not _intercept_targets(s, seat):
        raise IllegalActionError(Reason.NO_TARGET)
    if card == REENTER and s.mascot == seat:
        raise IllegalActionError(Reason.MASCOT_NO_REENTER)
    if cut_colour(card) is not None and s.cut_count(seat) >= MAX_CUTS and not agent.cuts:
        raise IllegalActionError(Reason.CUT_LIMIT)


def _play_card(s: GameState, a: PlayCard) -> Events:
    _require(s, a.seat, Phase.PLAY)
    agent = _ready_agent(s, a.seat, a.agent)
    card = a.card
    _check_playable(s, a.seat, (card,))
    wanted = zone(card)
    if (wanted == "out") != agent.out:
        raise IllegalActionError(Reason.WRONG_ZONE, card=card, agent=a.agent, zone=wanted)
    _check_card_effect(s, a.seat, card, agent)
    _take_from_hand(s, a.seat, (card,))
    s.set_agent(a.seat, a.agent, acted=True)
    s.played = (*s.played, Played(a.agent, (card,), card))
    events = [Event("play", {"seat": a.seat, "card": card, "agent": a.agent})]
    _resume(s)
    colour = cut_colour(card)
    if colour is not None:
        _open_cut(s, a.seat, a.agent, colour, events)
    elif card == ANALYZE:
        _open_pick(s, a.seat, Phase.ANALYZE_PICK, events)
    elif card == EXIT:
        _exit(s, a.seat, a.agent, events)
    elif card == INTERCEPT:
        _open_intercept(s, a.seat, events)
    elif card in TIMER_STEPS:
        for _ in range(TIMER_STEPS[card]):
            if _tick(s, "timer", events):
                break
    elif card == ALARM:
        _open_alarm(s, a.seat, events)
    elif card == REENTER:
        s.set_agent(a.seat, a.agent, out=False, by_alarm=False)
        events.append(Event("reenter", {"seat": a.seat, "agent": a.agent}))
    elif card == BYPASS:
        _open_pick(s, a.seat, Phase.BYPASS_PICK, events)
    return events


def _play_wild(s: GameState, a: PlayWild) -> Events:
    _require(s, a.seat, Phase.PLAY)
    if len(a.cards) != 2:
        raise IllegalActionError(Reason.WILD_PAIR)
    if a.mode not in WILD_MODES:
        raise IllegalActionError(Reason.WILD_MODE)
    agent = _ready_agent(s, a.seat, a.agent)
    if (s.showing or 0) < WILD_MIN_COUNTDOWN:
        raise IllegalActionError(Reason.WILD_TOO_LATE)
    if agent.out:
        raise IllegalActionError(Reason.WRONG_ZONE, card=a.mode, agent=a.agent, zone="in")
    if a.mode == ANALYZE and not s.face_down():
        raise IllegalActionError(Reason.NO_FACE_DOWN)
    _check_playable(s, a.seat, a.cards)
    _take_from_hand(s, a.seat, a.cards)
    s.set_agent(a.seat, a.agent, acted=True)
    s.played = (*s.played, Played(a.agent, a.cards, a.mode, wild=True))
    events = [
        Event("wild", {"seat": a.seat, "cards": list(a.cards), "agent": a.agent, "as": a.mode})
    ]
    _resume(s)
    if a.mode == ANALYZE:
        _open_pick(s, a.seat, Phase.ANALYZE_PICK, events)
    else:
        _exit(s, a.seat, a.agent, events)
    return events


# --------------------------------------------------------------------------- Scan and Rewire


def _open_pick(s: GameState, seat: int, phase: Phase, events: Events) -> None:
    positions = s.face_down()
    if len(positions) == 1:
        _pick(s, seat, phase, positions[0], events)
    else:
        s.pending = Pending(phase, seat)


def _pick(s: GameState, seat: int, phase: Phase, position: int, events: Events) -> None:
    if phase is Phase.ANALYZE_PICK:
        colour = s.combination[position]
        s.knowledge[seat][position] = (colour, s.round)
        if seat not in s.analysed[position]:
            s.analysed[position] = (*s.analysed[position], seat)
        events.append(
            Event("analyze", {"seat": seat, "position": position}, {seat: {"colour": colour}})
        )
    else:
        old, new = s.combination[position], s.reserve.pop(0)
        s.combination[position] = new
        s.face_up[position] = True
        s.removed.append(old)
        s.analysed[position] = ()
        for known in s.knowledge:
            known.pop(position, None)
        events.append(
            Event("bypass", {"seat": seat, "position": position, "removed": old, "new": new})
        )
    _resume(s)


def _pick_wire(s: GameState, a: PickWire) -> Events:
    phase = s.pending.phase
    if phase not in (Phase.ANALYZE_PICK, Phase.BYPASS_PICK):
        raise IllegalActionError(Reason.NOT_NOW, phase=phase.value)
    _require(s, a.seat, phase)
    position = a.position
    if isinstance(position, bool) or not isinstance(position, int):
        raise IllegalActionError(Reason.NO_SUCH_POSITION)
    if not 0 <= position < COMBINATION:
        raise IllegalActionError(Reason.NO_SUCH_POSITION)
    if s.face_up[position]:
        raise IllegalActionError(Reason.FACE_UP, position=position)
    events: Events = []
    _pick(s, a.seat, phase, position, events)
    return events


# --------------------------------------------------------------------------- Snip


def cut_options(s: GameState, seat: int, agent: int) -> list[str | None]:
    """Where a Snip played on ``agent`` can go: None (added) and/or the colours it may replace."""
    options: list[str | None] = []
    if s.cut_count(seat) < MAX_CUTS:
        options.append(None)
    replaceable: list[str] = sorted(set(s.agents[seat][agent].cuts), key=colour_order)
    options.extend(replaceable)
    return options


def _open_cut(s: GameState, seat: int, agent: int, colour: str, events: Events) -> None:
    options = cut_options(s, seat, agent)
    if len(options) == 1:
        _place_cut(s, seat, agent, colour, options[0], events)
    else:
        s.pending = Pending(Phase.CUT_PLACE, seat, agent=agent, colour=colour)


def _place_cut(
    s: GameState, seat: int, agent: int, colour: str, replaced: str | None, events: Events
) -> None:
    cuts = list(s.agents[seat][agent].cuts)
    if replaced is not None:
        cuts.remove(replaced)
        s.discard.append(cut_kind(replaced))
    cuts.append(colour)
    s.set_agent(seat, agent, cuts=tuple(sorted(cuts, key=colour_order)))
    events.append(
        Event("cut", {"seat": seat, "agent": agent, "colour": colour, "replaced": replaced})
    )
    _resume(s)


def _place_cut_action(s: GameState, a: PlaceCut) -> Events:
    _require(s, a.seat, Phase.CUT_PLACE)
    agent, colour = s.pending.agent, s.pending.colour
    assert agent is not None and colour is not None
    if a.replace is None:
        if s.cut_count(a.seat) >= MAX_CUTS:
            raise IllegalActionError(Reason.CUT_LIMIT)
    elif a.replace not in s.agents[a.seat][agent].cuts:
        raise IllegalActionError(Reason.NO_CUT_THERE, agent=agent, colour=a.replace)
    events: Events = []
    _place_cut(s, a.seat, agent, colour, a.replace, events)
    return events


# --------------------------------------------------------------------------- Evacuate, mascot


def _exit(s: GameState, seat: int, agent: int, events: Events) -> None:
    dropped = list(s.agents[seat][agent].cuts)
    s.discard.extend(cut_kind(c) for c in dropped)
    s.set_agent(seat, agent, out=True, cuts=(), by_alarm=False)
    events.append(Event("exit", {"seat": seat, "agent": agent, "discarded": dropped}))
    _mascot_check(s, seat, events)


def _mascot_check(s: GameState, actor: int, events: Events) -> None:
    """§6.12: after an Evacuate only. The mascot goes to the actor if their count of agents
    outside reaches the keeper's (or, with no keeper, everyone else's)."""
    if s.mascot == actor:
        return
    mine = s.outside(actor)
    if s.mascot is not None:
        bar = s.outside(s.mascot)
    else:
        bar = max((s.outside(q) for q in range(s.players) if q != actor), default=0)
    if mine >= bar and mine >= 1:
        events.append(Event("mascot", {"seat": actor, "from": s.mascot, "outside": mine}))
        s.mascot = actor


# --------------------------------------------------------------------------- Frisk


def _intercept_targets(s: GameState, seat: int) -> list[int]:
    return [q for q in range(s.players) if q != seat and s.hands[q]]


def _open_intercept(s: GameState, seat: int, events: Events) -> None:
    targets = _intercept_targets(s, seat)
    if len(targets) == 1:
        _intercept_target(s, seat, targets[0], events)
    else:
        s.pending = Pending(Phase.INTERCEPT_TARGET, seat)


def _intercept_target(s: GameState, seat: int, target: int, events: Events) -> None:
    kinds = sort_cards(list(set(s.hands[target])))
    if len(kinds) == 1:
        _take(s, seat, target, kinds[0], events)
    else:
        s.pending = Pending(Phase.INTERCEPT_CARD, seat, target=target)


def _pick_target(s: GameState, a: PickTarget) -> Events:
    _require(s, a.seat, Phase.INTERCEPT_TARGET)
    if a.target not in _intercept_targets(s, a.seat):
        raise IllegalActionError(Reason.NOT_A_TARGET)
    events: Events = []
    _intercept_target(s, a.seat, a.target, events)
    return events


def _take(s: GameState, seat: int, target: int, card: str, events: Events) -> None:
    seen = list(s.hands[target])
    rest = list(seen)
    rest.remove(card)
    s.hands[target] = tuple(rest)
    s.hands[seat] = tuple(sort_cards([*s.hands[seat], card]))
    if not s.setup.options.frisked_card_playable:
        s.locked = (*s.locked, card)
    events.append(
        Event(
            "intercept",
            {"seat": seat, "target": target},
            {seat: {"hand": seen, "took": card}, target: {"took": card}},
        )
    )
    _draw(s, target, 1, "intercept", events)
    _resume(s)


def _take_card(s: GameState, a: TakeCard) -> Events:
    _require(s, a.seat, Phase.INTERCEPT_CARD)
    target = s.pending.target
    assert target is not None
    if a.card not in s.hands[target]:
        raise IllegalActionError(Reason.NOT_IN_TARGET_HAND, card=a.card)
    events: Events = []
    _take(s, a.seat, target, a.card, events)
    return events


# --------------------------------------------------------------------------- Siren


def _inside(s: GameState, seat: int) -> list[int]:
    return [i for i, agent in enumerate(s.agents[seat]) if not agent.out]


def _open_alarm(s: GameState, actor: int, events: Events) -> None:
    events.append(Event("alarm", {"seat": actor}))
    order = [(actor + k) % s.players for k in range(s.players)]
    _next_alarm(s, tuple(q for q in order if _inside(s, q)), events)


def _next_alarm(s: GameState, queue: tuple[int, ...], events: Events) -> None:
    """Clockwise from the actor, each player with an agent inside sends one out (§6.7)."""
    while queue:
        seat, queue = queue[0], queue[1:]
        inside = _inside(s, seat)
        if len(inside) == 1:
            _alarm_out(s, seat, inside[0], events)
        elif inside:
            s.pending = Pending(Phase.ALARM_CHOICE, seat, queue=queue)
            return
    _resume(s)


def _alarm_out(s: GameState, seat: int, agent: int, events: Events) -> None:
    dropped = list(s.agents[seat][agent].cuts)
    s.discard.extend(cut_kind(c) for c in dropped)
    # §12 A12: by default an agent sent out before it acted may still act this turn; with the
    # option off, the Siren uses up the action of the actor's agent (the other players' agents
    # get a fresh action at their own turn anyway).
    acted = s.agents[seat][agent].acted or (
        seat == s.active and not s.setup.options.siren_agents_may_act
    )
    s.set_agent(seat, agent, out=True, cuts=(), by_alarm=True, acted=acted)
    events.append(Event("alarm_out", {"seat": seat, "agent": agent, "discarded": dropped}))


def _alarm_agent(s: GameState, a: AlarmAgent) -> Events:
    _require(s, a.seat, Phase.ALARM_CHOICE)
    index = _agent_index(a.agent)
    if s.agents[a.seat][index].out:
        raise IllegalActionError(Reason.NOT_INSIDE, agent=index)
    events: Events = []
    queue = s.pending.queue
    _alarm_out(s, a.seat, index, events)
    _next_alarm(s, queue, events)
    return events


# --------------------------------------------------------------------------- countdown, endings


def _tick(s: GameState, reason: str, events: Events) -> bool:
    """Remove the top countdown card; True when that made the bomb explode (§8.1)."""
    removed = s.countdown.pop(0)
    events.append(Event("tick", {"removed": removed, "showing": s.showing, "reason": reason}))
    if not s.countdown:
        _explode(s, "countdown", events)
        return True
    return False


def _explode(s: GameState, cause: str, events: Events) -> None:
    events.append(Event("explode", {"cause": cause, "winner": s.mascot}))
    _game_over(s, s.mascot, cause, 3 if s.mascot is not None else 0, events)


def _game_over(s: GameState, winner: int | None, cause: str, points: int, events: Events) -> None:
    result: dict[str, Any] = {
        "game": s.game,
        "winner": winner,
        "cause": cause,
        "round": s.round,
        "showing": s.showing,
        "mascot": s.mascot,
    }
    events.append(
        Event(
            "game_over",
            {
                **result,
                "combination": list(s.combination),
                "reserve": list(s.reserve),
                "hands": [list(h) for h in s.hands],
            },
        )
    )
    s.game_result = result
    if not s.setup.options.points:
        s.result = result
        s.pending = Pending(Phase.OVER, None)
        return
    if winner is not None and points:
        scores = list(s.scores)
        scores[winner] += points
        s.scores = tuple(scores)
        events.append(Event("score", {"seat": winner, "points": points, "scores": list(s.scores)}))
    leader = max(range(s.players), key=lambda q: s.scores[q])
    if s.scores[leader] >= s.setup.options.points_goal:
        s.result = {**result, "match_winner": leader, "scores": list(s.scores)}
        events.append(Event("match_over", {"winner": leader, "scores": list(s.scores)}))
        s.pending = Pending(Phase.OVER, None)
    else:
        s.pending = Pending(Phase.NEXT_GAME, (s.first + 1) % s.players)


def _end_play(s: GameState, a: EndPlay) -> Events:
    _require(s, a.seat, Phase.PLAY)
    dropped = [card for played in s.played for card in played.to_discard]
    s.discard.extend(dropped)
    s.played = ()
    events = [Event("end_play", {"seat": a.seat, "discarded": dropped})]
    if s.can_defuse(a.seat):
        s.pending = Pending(Phase.DEFUSE, a.seat)
    else:
        _discard_phase(s, events)
    return events


def _defuse(s: GameState, a: Defuse) -> Events:
    _require(s, a.seat, Phase.DEFUSE)
    cuts = sorted(s.cuts(a.seat), key=colour_order)
    success = Counter(cuts) == Counter(s.combination)
    events = [
        Event(
            "defuse",
            {"seat": a.seat, "cuts": cuts, "combination": list(s.combination), "success": success},
        )
    ]
    if success:
        _game_over(s, a.seat, "defused", s.showing or 0, events)
    else:
        _explode(s, "failed_defuse", events)
    return events


def _no_defuse(s: GameState, a: NoDefuse) -> Events:
    _require(s, a.seat, Phase.DEFUSE)
    events: Events = []
    _discard_phase(s, events)
    return events


def _discard_phase(s: GameState, events: Events) -> None:
    excess = len(s.hands[s.active]) - HAND_LIMIT
    if excess > 0:
        s.pending = Pending(Phase.DISCARD, s.active, count=excess)
    else:
        _end_turn(s, events)


def _discard(s: GameState, a: Discard) -> Events:
    _require(s, a.seat, Phase.DISCARD)
    if len(a.cards) != s.pending.count:
        raise IllegalActionError(Reason.DISCARD_COUNT, count=s.pending.count)
    _take_from_hand(s, a.seat, a.cards)
    s.discard.extend(a.cards)
    events = [Event("discard", {"seat": a.seat, "cards": list(a.cards)})]
    _end_turn(s, events)
    return events


# --------------------------------------------------------------------------- turns and draws


def _end_turn(s: GameState, events: Events) -> None:
    following = (s.active + 1) % s.players
    if following == s.first:
        s.round += 1
        events.append(Event("round", {"round": s.round}))
        if _tick(s, "round", events):
            return
    s.active = following
    _start_turn(s, events)


def _start_turn(s: GameState, events: Events) -> None:
    seat = s.active
    s.agents[seat] = tuple(
        agent if not agent.acted else Agent(agent.out, agent.cuts, False, agent.by_alarm)
        for agent in s.agents[seat]
    )
    s.locked = ()
    events.append(Event("turn", {"seat": seat, "round": s.round}))
    _draw(s, seat, 3 if s.players == 2 else 2, "turn", events)
    s.pending = Pending(Phase.PLAY, seat)


def _draw(s: GameState, seat: int, n: int, reason: str, events: Events) -> None:
    """Draw ``n`` cards, reshuffling the discards when the deck runs out (§6.11); with both
    empty, as many as there are (§12 A14)."""
    drawn: list[str] = []
    for _ in range(n):
        if not s.deck:
            if not s.discard:
                break
            _reshuffle(s, events)
        drawn.append(s.deck.pop(0))
    s.hands[seat] = tuple(sort_cards([*s.hands[seat], *drawn]))
    events.append(
        Event(
            "draw", {"seat": seat, "count": len(drawn), "reason": reason}, {seat: {"cards": drawn}}
        )
    )


def _chance(s: GameState, kind: str) -> dict[str, Any] | None:
    """The recorded outcome of the next chance event, when replaying one."""
    index = len(s.chance)
    if index < len(s.script):
        entry = dict(s.script[index])
        if entry.get("type") != kind:
            raise RecordError(
                f"chance {index + 1}: expected a {kind}, the record has {entry.get('type')!r}"
            )
        return entry
    return None


def _reshuffle(s: GameState, events: Events) -> None:
    recorded = _chance(s, "reshuffle")
    if recorded is not None:
        deck = list(recorded.get("deck") or [])
        if Counter(deck) != Counter(s.discard):
            raise RecordError(
                f"chance {len(s.chance) + 1}: the reshuffled deck is not the discard pile"
            )
    else:
        deck = list(s.discard)
        chance_rng(s.setup.seed, len(s.chance)).shuffle(deck)
    s.chance = (*s.chance, {"type": "reshuffle", "deck": list(deck)})
    s.discard = []
    s.deck = deck
    events.append(Event("reshuffle", {"count": len(deck)}))


def _next_game(s: GameState, a: NextGame) -> Events:
    _require(s, a.seat, Phase.NEXT_GAME)
    wires = sorted(s.setup.all_wires().elements(), key=colour_order)
    cards = sort_cards(list(s.setup.all_cards().elements()))
    first = (s.first + 1) % s.players
    recorded = _chance(s, "deal")
    if recorded is not None:
        combination = tuple(recorded.get("combination") or ())
        reserve = tuple(recorded.get("reserve") or ())
        hands = tuple(tuple(h) for h in recorded.get("hands") or ())
        deck = tuple(recorded.get("deck") or ())
        dealt = Counter(deck)
        for hand in hands:
            dealt.update(hand)
        if (
            Counter([*combination, *reserve]) != Counter(wires)
            or len(combination) != COMBINATION
            or dealt != Counter(cards)
            or len(hands) != s.players
        ):
            raise RecordError(f"chance {len(s.chance) + 1}: the deal does not use the game's cards")
    else:
        new = deal(chance_rng(s.setup.seed, len(s.chance)), s.players, wires, cards)
        combination, reserve, hands, deck = new.combination, new.reserve, new.hands, new.deck
    s.chance = (
        *s.chance,
        {
            "type": "deal",
            "combination": list(combination),
            "reserve": list(reserve),
            "hands": [list(h) for h in hands],
            "deck": list(deck),
        },
    )
    s.game += 1
    s.first = s.active = first
    s.round = 1
    s.countdown = list(range(START_COUNTDOWN, 0, -1))
    s.combination = list(combination)
    s.face_up = [False] * COMBINATION
    s.reserve = list(reserve)
    s.removed = []
    s.deck = list(deck)
    s.discard = []
    s.hands = [tuple(sort_cards(list(h))) for h in hands]
    s.agents = [(Agent(),) * AGENTS for _ in range(s.players)]
    s.played = ()
    s.mascot = None
    s.knowledge = [{} for _ in range(s.players)]
    s.analysed = [() for _ in range(COMBINATION)]
    s.game_result = None
    events = [Event("game_start", {"game": s.game, "first": first, "players": s.players})]
    _start_turn(s, events)
    return events


_HANDLERS: dict[type, Callable[[GameState, Any], Events]] = {
    PlayCard: _play_card,
    PlayWild: _play_wild,
    EndPlay: _end_play,
    PickWire: _pick_wire,
    PlaceCut: _place_cut_action,
    PickTarget: _pick_target,
    TakeCard: _take_card,
    AlarmAgent: _alarm_agent,
    Defuse: _defuse,
    NoDefuse: _no_defuse,
    Discard: _discard,
    NextGame: _next_game,
}
