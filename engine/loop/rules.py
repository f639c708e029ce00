"""The rules: resolving one action on a fresh copy of the state (spec §5-§10).

:func:`resolve` is only called by :meth:`GameState.apply` on a clone, so a refusal (raised at any
point) leaves the caller's state untouched. Each handler checks its action, changes the state and
returns the events it caused, in order, with the action as the record keeps it (with its dice).

Moments with a single possible outcome are not asked: a roll no die fits when no token is left
fails the flight, an empty pool with no 7th die to add fails it, a completed flight without a
7th die to add is scored.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from ..core.events import Event
from . import chance
from .actions import (
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
    has_outcome,
)
from .cards import DECKS, PLAN_BY_ID, PLAN_IDS
from .dice import contains, positions, subsets
from .errors import IllegalActionError, Reason
from .state import Flight, GameState, Pending, Phase, Placed, Status

Events = list[Event]

#: A plan flight scores only from this total on (spec §8.1).
MIN_REGISTERED = 8
#: Plans scored this high are locked for their pilot (spec §8.1) and earn a bonus (§8.3 d).
LOCK_SCORE = 20
#: The first registered score this high on a plan earns a bonus (spec §8.3 b).
FIRST_BONUS_SCORE = 12
#: Free flights: 3 to 6 cards, total difficulty, dice (spec §9.1); failure costs (§9.3).
FREE_SIZES = range(3, 7)
FREE_MIN_DIFFICULTY = 25
FREE_MAX_DICE = 6
FREE_FAILURE_COST = 2
EXCHANGE_MAX = 3
DICE_PER_ROLL = 3
POOL = 6


def resolve(s: GameState, action: Action, *, recorded: bool) -> tuple[Events, Action]:
    if s.result is not None:
        raise IllegalActionError(Reason.GAME_OVER)
    seat = action.seat
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < s.players:
        raise IllegalActionError(Reason.NO_SUCH_PLAYER)
    if has_outcome(action) and not recorded:
        raise IllegalActionError(Reason.CHANCE_IS_NOT_YOURS)
    handler = _HANDLERS.get(type(action))
    if handler is None:
        raise IllegalActionError(Reason.MALFORMED, detail=f"unknown action {action!r}")
    events: Events = []
    resolved = handler(s, action, events)
    s._legal = {}
    return events, resolved


# --------------------------------------------------------------------------- checks


def _require(s: GameState, seat: int, *phases: Phase) -> None:
    if s.pending.phase not in phases:
        raise IllegalActionError(Reason.NOT_NOW, phase=s.pending.phase.value)
    if seat != s.pending.seat:
        raise IllegalActionError(Reason.NOT_YOUR_DECISION, seat=s.pending.seat)


def _hand_cards(s: GameState, seat: int, cards: tuple[str, ...]) -> None:
    if len(set(cards)) != len(cards):
        raise IllegalActionError(Reason.SAME_CARD_TWICE)
    for card in cards:
        if card not in s.card:
            raise IllegalActionError(Reason.NO_SUCH_CARD, card=card)
        if card not in s.hands[seat]:
            raise IllegalActionError(Reason.NOT_IN_HAND, card=card)


def _flight(s: GameState) -> Flight:
    assert s.flight is not None, "a flight phase always has a flight"
    return s.flight


def seventh_available(s: GameState) -> bool:
    """The active pilot may add the 7th die now (a token, not yet this turn, timing option)."""
    if s.flight is None or s.flight.outcome is not None:
        return False
    if s.tokens[s.active] < 1 or s.seventh_used:
        return False
    if s.setup.options.seventh_die_timing == "before_roll":
        return s.pending.phase is Phase.PRE_ROLL
    return s.pending.phase in (Phase.PRE_ROLL, Phase.ROLLED, Phase.LANDING)


def assignments(s: GameState) -> list[Assign]:
    """Every legal placement of the current roll, card by card, fewest dice first."""
    flight = s.flight
    if flight is None or flight.roll is None:
        return []
    out: list[Assign] = []
    choices = subsets(flight.roll)
    for card_id in flight.remaining:
        card = s.card[card_id]
        exact_only = card_id == flight.highlight
        for dice in choices:
            total = sum(dice)
            if total == card.difficulty or (total > card.difficulty and not exact_only):
                out.append(Assign(s.active, card_id, dice))
    return out


def stop_allowed(s: GameState) -> bool:
    flight = s.flight
    if flight is None:
        return False
    phase = s.pending.phase
    if phase is Phase.PRE_ROLL:
        return (flight.kind == "plan" and len(flight.done) == 2) or flight.pool == 0
    if phase is Phase.ROLLED:
        return not assignments(s)
    return phase is Phase.LANDING


def free_plan_problem(s: GameState, cards: tuple[str, ...]) -> IllegalActionError | None:
    """Why these cards are not a legal free flight (spec §9.1), or None."""
    if len(cards) not in FREE_SIZES:
        return IllegalActionError(Reason.FREE_CARD_COUNT)
    total = sum(s.card[c].difficulty for c in cards)
    if total < FREE_MIN_DIFFICULTY:
        return IllegalActionError(Reason.FREE_TOO_EASY, total=total)
    dice = sum(s.card[c].min_dice for c in cards)
    if dice > FREE_MAX_DICE:
        return IllegalActionError(Reason.FREE_TOO_MANY_DICE, dice=dice)
    return None


def _card_json(s: GameState, card: str) -> dict[str, Any]:
    return s.card[card].to_json()


def _cards_json(s: GameState, cards: tuple[str, ...] | list[str]) -> list[dict[str, Any]]:
    return [_card_json(s, c) for c in cards]


# --------------------------------------------------------------------------- exchange


def _draw(s: GameState, a: Draw, events: Events) -> Action:
    _require(s, a.seat, Phase.TURN, Phase.DRAW, Phase.REFILL)
    phase = s.pending.phase
    if a.deck not in DECKS:
        raise IllegalActionError(Reason.MALFORMED, detail="deck must be 'A' or 'B'")
    if phase is Phase.TURN and s.status[a.seat] not in (Status.NORMAL, Status.FREE):
        raise IllegalActionError(Reason.NOT_NOW, phase=phase.value)
    if not s.can_draw(a.deck):
        raise IllegalActionError(Reason.DECK_EMPTY, deck=a.deck)
    shuffled = _reshuffle_if_empty(s, a.deck, a.shuffled, events)
    pile = s.draw[a.deck]
    card, s.draw[a.deck] = pile[0], pile[1:]
    s.hands[a.seat].append(card)
    purpose = "refill" if phase is Phase.REFILL else "exchange"
    events.append(
        Event(
            "draw",
            {"seat": a.seat, "deck": a.deck, "for": purpose},
            {a.seat: {"card": _card_json(s, card)}},
        )
    )
    if phase is Phase.REFILL:
        s.refill -= 1
        if s.refill == 0 or not any(s.can_draw(d) for d in DECKS):
            _end_turn(s, events)
    else:
        s.drawn += 1
        s.pending = Pending(Phase.DRAW, a.seat)
        if s.drawn == EXCHANGE_MAX:
            s.pending = Pending(Phase.DISCARD, a.seat)
    return Draw(a.seat, a.deck, shuffled)


def _reshuffle_if_empty(
    s: GameState, deck: str, recorded: tuple[str, ...] | None, events: Events
) -> tuple[str, ...] | None:
    """An empty draw pile takes its discards, shuffled (the seed's rule); returns the order."""
    if s.draw[deck]:
        if recorded is not None:
            raise IllegalActionError(Reason.BAD_OUTCOME, detail=f"deck {deck} needed no shuffle")
        return None
    pile = s.discard[deck]
    if recorded is None:
        order = chance.shuffled(s.setup.seed, s.chance, pile)
    else:
        if Counter(recorded) != Counter(pile):
            raise IllegalActionError(
                Reason.BAD_OUTCOME, detail=f"the shuffle of deck {deck} is not its discard pile"
            )
        order = tuple(recorded)
    s.chance += 1
    s.draw[deck], s.discard[deck] = order, ()
    events.append(Event("reshuffle", {"deck": deck, "cards": len(order)}))
    return order


def _end_draw(s: GameState, a: EndDraw, events: Events) -> Action:
    _require(s, a.seat, Phase.TURN, Phase.DRAW)
    if s.pending.phase is Phase.TURN:
        if not s.setup.options.allow_pass:
            raise IllegalActionError(Reason.MUST_DRAW)
        if s.status[a.seat] not in (Status.NORMAL, Status.FREE):
            raise IllegalActionError(Reason.NOT_NOW, phase=s.pending.phase.value)
        events.append(Event("pass", {"seat": a.seat}))
        _end_turn(s, events)
        return a
    s.pending = Pending(Phase.DISCARD, a.seat)
    return a


def _discard(s: GameState, a: Discard, events: Events) -> Action:
    _require(s, a.seat, Phase.DISCARD)
    if len(a.cards) != s.drawn:
        raise IllegalActionError(Reason.DISCARD_COUNT, count=s.drawn)
    _hand_cards(s, a.seat, a.cards)
    _to_discard(s, a.seat, a.cards)
    cost = s.drawn if s.status[a.seat] is Status.FREE else 0
    s.scores[a.seat] -= cost
    events.append(
        Event("discard", {"seat": a.seat, "cards": _cards_json(s, a.cards), "cost": cost})
    )
    _end_turn(s, events)
    return a


def _to_discard(s: GameState, seat: int | None, cards: tuple[str, ...] | list[str]) -> None:
    """Cards onto the face-up discard pile of their deck (from a hand when ``seat`` is given)."""
    for card in cards:
        if seat is not None:
            s.hands[seat].remove(card)
        deck = s.card[card].deck
        s.discard[deck] = (*s.discard[deck], card)


# --------------------------------------------------------------------------- declaring


def _declare(s: GameState, a: Declare, events: Events) -> Action:
    _require(s, a.seat, Phase.TURN)
    if s.status[a.seat] is not Status.NORMAL:
        raise IllegalActionError(Reason.NOT_NORMAL)
    plan = PLAN_BY_ID.get(a.plan)
    if plan is None:
        raise IllegalActionError(Reason.NO_SUCH_PLAN, plan=a.plan)
    best = s.best[a.plan][a.seat]
    if best is not None and best >= LOCK_SCORE:
        raise IllegalActionError(Reason.PLAN_LOCKED, plan=a.plan)
    _hand_cards(s, a.seat, a.cards)
    on_plan = s.plans[a.plan]
    colors = ", ".join(plan.colors)
    if len(a.cards) == 3:
        by_color = {s.card[c].color: c for c in a.cards}
        if sorted(by_color) != sorted(plan.colors):
            raise IllegalActionError(Reason.PLAN_COLORS, plan=a.plan, colors=colors)
        new_plan = tuple(by_color[color] for color in plan.colors)
        replaced = on_plan
    elif len(a.cards) == 1:
        if s.round < 2:
            raise IllegalActionError(Reason.UPGRADE_FIRST_ROUND)
        if not on_plan:
            raise IllegalActionError(Reason.PLAN_NOT_FULL, plan=a.plan)
        (card,) = a.cards
        color = s.card[card].color
        if color not in plan.colors:
            raise IllegalActionError(Reason.PLAN_COLORS, plan=a.plan, colors=colors)
        index = plan.colors.index(color)
        old = on_plan[index]
        if s.card[card].difficulty <= s.card[old].difficulty:
            raise IllegalActionError(Reason.UPGRADE_NOT_HIGHER, card=card, old=old)
        new_plan = (*on_plan[:index], card, *on_plan[index + 1 :])
        replaced = (old,)
    elif not a.cards and s.setup.options.fly_existing and on_plan:
        new_plan, replaced = on_plan, ()
    else:
        raise IllegalActionError(Reason.CARD_COUNT)
    for card in a.cards:
        s.hands[a.seat].remove(card)
    _to_discard(s, None, replaced)
    s.plans[a.plan] = new_plan
    events.append(
        Event(
            "declare",
            {
                "seat": a.seat,
                "plan": a.plan,
                "laid": _cards_json(s, a.cards),
                "replaced": _cards_json(s, replaced),
                "cards": _cards_json(s, new_plan),
            },
        )
    )
    s.flight = Flight("plan", a.plan, new_plan, pool=POOL, laid=len(a.cards))
    s.pending = Pending(Phase.PRE_ROLL, a.seat)
    return a


def _declare_free(s: GameState, a: DeclareFree, events: Events) -> Action:
    _require(s, a.seat, Phase.TURN)
    if s.status[a.seat] is not Status.FREE:
        raise IllegalActionError(Reason.NOT_FREE)
    _hand_cards(s, a.seat, a.cards)
    problem = free_plan_problem(s, a.cards)
    if problem is not None:
        raise problem
    rest = [c for c in s.hands[a.seat] if c not in a.cards]
    s.hands[a.seat] = []
    _to_discard(s, None, rest)
    ordered = tuple(sorted(a.cards, key=lambda c: (-s.card[c].difficulty, c)))
    s.free_plans[a.seat] = ordered
    events.append(
        Event(
            "free_declared",
            {"seat": a.seat, "cards": _cards_json(s, ordered), "discarded": _cards_json(s, rest)},
        )
    )
    s.pending = Pending(Phase.HIGHLIGHT, a.seat)
    return a


def _highlight(s: GameState, a: Highlight, events: Events) -> Action:
    _require(s, a.seat, Phase.HIGHLIGHT)
    plan = s.free_plans[a.seat] or ()
    if a.card not in plan:
        raise IllegalActionError(Reason.NOT_IN_FLIGHT, card=a.card)
    events.append(Event("highlight", {"seat": a.seat, "card": _card_json(s, a.card)}))
    s.flight = Flight("free", None, plan, pool=POOL, highlight=a.card)
    s.pending = Pending(Phase.PRE_ROLL, a.seat)
    return a


# --------------------------------------------------------------------------- flying


def _seventh(s: GameState, a: SeventhDie, events: Events) -> Action:
    _require(s, a.seat, Phase.PRE_ROLL, Phase.ROLLED, Phase.LANDING)
    if s.tokens[a.seat] < 1:
        raise IllegalActionError(Reason.NO_TOKEN)
    if s.seventh_used:
        raise IllegalActionError(Reason.SEVENTH_USED)
    if not seventh_available(s):
        raise IllegalActionError(Reason.SEVENTH_TIMING)
    flight = _flight(s)
    s.tokens[a.seat] -= 1
    s.supply += 1
    s.seventh_used = True
    s.flight = replace(flight, red=True, pool=flight.pool + 1)
    events.append(Event("seventh_die", {"seat": a.seat, "pool": flight.pool + 1}))
    _settle(s, events)
    return a


def _valid_dice(values: tuple[int, ...], count: int, what: str) -> None:
    if len(values) != count or any(not 1 <= v <= 6 for v in values):
        raise IllegalActionError(
            Reason.BAD_OUTCOME, detail=f"{what} needs {count} dice of 1..6, got {list(values)}"
        )


def _roll(s: GameState, a: Roll, events: Events) -> Action:
    _require(s, a.seat, Phase.PRE_ROLL)
    flight = _flight(s)
    if flight.pool < 1:
        raise IllegalActionError(Reason.NO_DICE)
    count = min(DICE_PER_ROLL, flight.pool)
    if a.result is None:
        dice = chance.roll(s.setup.seed, s.chance, count)
    else:
        _valid_dice(a.result, count, "this roll")
        dice = a.result
    s.chance += 1
    red = 0 if flight.red and not flight.red_placed else None
    s.flight = replace(flight, roll=dice, roll_red=red)
    events.append(Event("roll", {"seat": a.seat, "dice": list(dice), "red": red}))
    s.pending = Pending(Phase.ROLLED, a.seat)
    _settle(s, events)
    return Roll(a.seat, dice)


def _reroll(s: GameState, a: Reroll, events: Events) -> Action:
    _require(s, a.seat, Phase.ROLLED)
    flight = _flight(s)
    assert flight.roll is not None
    if s.tokens[a.seat] < 1:
        raise IllegalActionError(Reason.NO_TOKEN)
    if not 1 <= len(a.dice) <= len(flight.roll):
        raise IllegalActionError(Reason.REROLL_COUNT)
    if not contains(flight.roll, a.dice):
        raise IllegalActionError(Reason.NOT_ROLLED, dice=list(a.dice))
    if a.result is None:
        new = chance.roll(s.setup.seed, s.chance, len(a.dice))
    else:
        _valid_dice(a.result, len(a.dice), "this re-roll")
        new = a.result
    s.chance += 1
    s.tokens[a.seat] -= 1
    s.supply += 1
    roll = list(flight.roll)
    for where, value in zip(positions(flight.roll, flight.roll_red, a.dice), new, strict=True):
        roll[where] = value
    s.flight = replace(flight, roll=tuple(roll), rerolls=flight.rerolls + 1)
    events.append(
        Event(
            "reroll",
            {
                "seat": a.seat,
                "dice": list(a.dice),
                "result": list(new),
                "roll": roll,
                "red": flight.roll_red,
            },
        )
    )
    _settle(s, events)
    return Reroll(a.seat, a.dice, new)


def _assign(s: GameState, a: Assign, events: Events) -> Action:
    _require(s, a.seat, Phase.ROLLED)
    flight = _flight(s)
    assert flight.roll is not None
    if a.card not in flight.cards:
        raise IllegalActionError(Reason.NOT_IN_FLIGHT, card=a.card)
    if a.card not in flight.remaining:
        raise IllegalActionError(Reason.CARD_DONE, card=a.card)
    if not a.dice or not contains(flight.roll, a.dice):
        raise IllegalActionError(Reason.NOT_ROLLED, dice=list(a.dice))
    card = s.card[a.card]
    total = sum(a.dice)
    if total < card.difficulty:
        raise IllegalActionError(
            Reason.TOO_LOW, total=total, card=a.card, difficulty=card.difficulty
        )
    if a.card == flight.highlight and total != card.difficulty:
        raise IllegalActionError(Reason.HIGHLIGHT_EXACT, total=total, difficulty=card.difficulty)
    taken = positions(flight.roll, flight.roll_red, a.dice)
    red = flight.roll_red is not None and flight.roll_red in taken
    placed = Placed(a.card, a.dice, total == card.difficulty, card.points(total), red)
    s.flight = replace(
        flight,
        done=(*flight.done, placed),
        pool=flight.pool - len(a.dice),
        roll=None,
        roll_red=None,
        red_placed=flight.red_placed or red,
    )
    events.append(
        Event(
            "assign",
            {
                "seat": a.seat,
                "card": _card_json(s, a.card),
                "dice": list(a.dice),
                "exact": placed.exact,
                "points": placed.points,
                "red": red,
                "pool": flight.pool - len(a.dice),
            },
        )
    )
    done = not s.flight.remaining
    s.pending = Pending(Phase.LANDING if done else Phase.PRE_ROLL, a.seat)
    _settle(s, events)
    return a


def _stop(s: GameState, a: Stop, events: Events) -> Action:
    _require(s, a.seat, Phase.PRE_ROLL, Phase.ROLLED, Phase.LANDING)
    if not stop_allowed(s):
        raise IllegalActionError(Reason.STOP_NOT_ALLOWED)
    flight = _flight(s)
    phase = s.pending.phase
    events.append(Event("stop", {"seat": a.seat}))
    if phase is Phase.LANDING:
        _end_flight(s, "success", "landed", events)
    elif phase is Phase.ROLLED:
        _end_flight(s, "failed", "no_fit", events)
    elif flight.pool == 0:
        _end_flight(s, "failed", "no_dice", events)
    else:
        _end_flight(s, "stopped", "stopped", events)
    return a


def _settle(s: GameState, events: Events) -> None:
    """Resolve the moments that leave no choice (see the module's docstring)."""
    flight = _flight(s)
    phase = s.pending.phase
    if phase is Phase.PRE_ROLL and flight.pool == 0 and not seventh_available(s):
        _end_flight(s, "failed", "no_dice", events)
    elif phase is Phase.ROLLED and not assignments(s) and s.tokens[s.active] == 0:
        _end_flight(s, "failed", "no_fit", events)
    elif phase is Phase.LANDING and not seventh_available(s):
        _end_flight(s, "success", "landed", events)


# --------------------------------------------------------------------------- scoring


def _award(s: GameState, seat: int, reasons: list[str], events: Events) -> None:
    """At most one bonus token per turn (spec §8.3), none from an empty supply."""
    if not reasons or s.bonus_taken:
        return
    s.bonus_taken = True
    if s.supply < 1:
        events.append(Event("bonus_none", {"seat": seat, "reasons": reasons}))
        return
    s.supply -= 1
    s.tokens[seat] += 1
    events.append(Event("bonus", {"seat": seat, "reasons": reasons, "tokens": s.tokens[seat]}))


def _end_flight(s: GameState, outcome: str, why: str, events: Events) -> None:
    flight = _flight(s)
    seat = s.active
    score = flight.points + flight.pool
    s.flight = replace(flight, outcome=outcome, roll=None, roll_red=None, score=score)
    events.append(
        Event(
            "flight_end",
            {
                "seat": seat,
                "kind": flight.kind,
                "plan": flight.plan,
                "outcome": outcome,
                "why": why,
                "completed": len(flight.done),
                "points": flight.points,
                "unused": flight.pool,
            },
        )
    )
    if flight.kind == "free":
        _end_free_flight(s, seat, outcome == "success", events)
        return
    assert flight.plan is not None
    if outcome == "success":
        _register(s, seat, flight.plan, score, events)
    elif len(flight.done) == 2:  # the third card failed, or the pilot stopped (§8.3 a, Q11)
        _award(s, seat, ["two_of_three"], events)
    s.refill = flight.laid
    if s.refill and any(s.can_draw(d) for d in DECKS):
        s.pending = Pending(Phase.REFILL, seat)
    else:
        _end_turn(s, events)


def _register(s: GameState, seat: int, plan: str, score: int, events: Events) -> None:
    """Spec §8.1 and §8.3 (b)-(d)."""
    if score < MIN_REGISTERED:
        events.append(Event("not_registered", {"seat": seat, "plan": plan, "score": score}))
        return
    bests = s.best[plan]
    old = bests[seat]
    table = max((b for b in bests if b is not None), default=None)
    gain = score if old is None else max(0, score - old)
    if old is None or score > old:
        s.best[plan] = (*bests[:seat], score, *bests[seat + 1 :])
        s.scores[seat] += gain
    events.append(
        Event(
            "registered",
            {"seat": seat, "plan": plan, "score": score, "old": old, "gain": gain},
        )
    )
    reasons = []
    if score >= FIRST_BONUS_SCORE and s.first12[plan] is None:
        s.first12[plan] = seat
        reasons.append("first_12")
    if s.setup.options.record_bonus == "own":
        record = old is not None and score > old
    else:
        record = table is not None and score > table
    if record:
        reasons.append("record")
    if score >= LOCK_SCORE:
        reasons.append("twenty")
    _award(s, seat, reasons, events)


def _end_free_flight(s: GameState, seat: int, success: bool, events: Events) -> None:
    """Spec §9.3 and §9.4."""
    flight = _flight(s)
    if success:
        top = max(p.points for p in flight.done)
        free = flight.points + flight.pool + top
        scored = [(s.best[p][seat] or 0, i, p) for i, p in enumerate(PLAN_IDS)]
        worst_score, _, worst_plan = min(scored)
        gain = max(0, free - worst_score)
        s.scores[seat] += gain
        s.free_scores[seat] = free
        if gain:
            s.replaced[seat] = worst_plan
        s.status[seat] = Status.DONE
        s.flight = replace(flight, score=free)
        if s.end_round is None:
            s.end_round = s.round
        events.append(
            Event(
                "free_scored",
                {
                    "seat": seat,
                    "score": free,
                    "best_card": top,
                    "worst_plan": worst_plan,
                    "worst": worst_score,
                    "gain": gain,
                    "end_round": s.end_round,
                },
            )
        )
    else:
        s.scores[seat] -= FREE_FAILURE_COST
        s.status[seat] = Status.RETRY
        events.append(Event("free_failed", {"seat": seat, "cost": FREE_FAILURE_COST}))
        if len(flight.remaining) == 1:
            _award(s, seat, ["last_card"], events)
    _end_turn(s, events)


# --------------------------------------------------------------------------- turns


def _end_turn(s: GameState, events: Events) -> None:
    seat = s.active
    if s.status[seat] is Status.NORMAL and s.registered(seat) == len(PLAN_IDS):
        s.status[seat] = Status.FREE
        events.append(Event("all_plans", {"seat": seat}))
    s.drawn = 0
    s.refill = 0
    _next_turn(s, events)


def _next_turn(s: GameState, events: Events) -> None:
    """Clockwise to the next player who still plays; the round ends after the player right of
    the first player, and the game with the round of the first successful free flight."""
    from .legal import legal_actions

    stuck = 0
    while True:
        nxt = (s.active + 1) % s.players
        if nxt == s.setup.first:
            if s.end_round is not None:
                _game_over(s, "free_flight", events)
                return
            cap = s.setup.options.max_rounds
            if cap is not None and s.round >= cap:
                _game_over(s, "round_cap", events)
                return
            s.round += 1
        s.active = nxt
        if s.status[nxt] is Status.DONE:
            continue
        s.turn_number += 1
        s.bonus_taken = False
        s.seventh_used = False
        s.flight = None
        events.append(Event("turn", {"seat": nxt, "round": s.round, "number": s.turn_number}))
        s.turn_start = len(s.log) + len(events) - 1
        phase = Phase.HIGHLIGHT if s.status[nxt] is Status.RETRY else Phase.TURN
        s.pending = Pending(phase, nxt)
        s._legal = {}
        if legal_actions(s, nxt):
            return
        # Nothing to do (no free flight can be made and no card can be drawn): pass.
        events.append(Event("pass", {"seat": nxt, "forced": True}))
        stuck += 1
        if stuck > s.players:
            _game_over(s, "stuck", events)
            return


def _game_over(s: GameState, reason: str, events: Events) -> None:
    top = max(s.scores)
    winners = [seat for seat, score in enumerate(s.scores) if score == top]
    s.result = {"reason": reason, "scores": list(s.scores), "winners": winners}
    s.pending = Pending(Phase.OVER, None)
    s.flight = None
    events.append(Event("game_over", dict(s.result)))


def start_events(s: GameState) -> list[Event]:
    """The deal (each hand secret to its owner) and the first turn."""
    events = [
        Event(
            "deal",
            {
                "players": s.players,
                "first": s.setup.first,
                "backs": [s.hand_backs(seat) for seat in range(s.players)],
                "plans": list(PLAN_IDS),
            },
            {seat: {"cards": _cards_json(s, s.hands[seat])} for seat in range(s.players)},
        ),
        Event("turn", {"seat": s.active, "round": 1, "number": 1}),
    ]
    s.turn_start = 1
    return events


_HANDLERS: dict[type, Callable[[GameState, Any, Events], Action]] = {
    Draw: _draw,
    EndDraw: _end_draw,
    Discard: _discard,
    Declare: _declare,
    DeclareFree: _declare_free,
    Highlight: _highlight,
    SeventhDie: _seventh,
    Roll: _roll,
    Reroll: _reroll,
    Assign: _assign,
    Stop: _stop,
}
