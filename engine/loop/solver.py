"""The exact expectimax of a flight: the best play and its odds, from any moment of a flight.

A flight is a small game against the dice. Its position is the cards left (difficulty, points,
whether highlighted), the points already placed (and the best card's, for a free flight), the dice
in the pool, the bonus tokens and whether the 7th die can still join. At each moment the pilot
rolls, places dice, rolls some again with a token, adds the 7th die or stops, and the dice answer
with known probabilities. :class:`Solver` values every position exactly (memoised recursion over
every roll and re-roll), for an :class:`Objective` that says what a finished flight is worth:
the points it adds to the main track, plus a value per bonus token held at the end.

>>> cards = (Spec(7, 4, 2), Spec(12, 10, 4), Spec(4, 2, 1))
>>> solver = Solver(Objective("plan", token_value=0))
>>> odds = solver.odds(Position(cards, pool=6))
>>> round(odds.success, 3), round(odds.points, 2)
(0.398, 5.34)

Why it is small enough: only the *number* of dice placed and whether the hit is exact matter
(unplaced dice go back to the pool and are rolled again), so each card keeps at most two
placements per roll (the fewest dice for an exact hit, and the fewest to beat it when that is
fewer still); identical cards are one card; the 7th die is only worth adding before a roll or at
the end (adding it after a roll changes nothing a later addition would not).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from itertools import combinations_with_replacement
from typing import Literal, NamedTuple, TypeAlias

from .dice import subsets

Number: TypeAlias = float | Fraction
Kind = Literal["plan", "free"]

DICE_PER_ROLL = 3
MIN_REGISTERED = 8
FIRST_BONUS_SCORE = 12
LOCK_SCORE = 20
FREE_FAILURE_COST = 2


class Spec(NamedTuple):
    """A card as the dice see it."""

    difficulty: int
    exact: int
    over: int
    highlighted: bool = False


@dataclass(frozen=True)
class Position:
    """A moment of a flight before a roll (or, with a roll, after it)."""

    #: The cards still to complete (any order; kept sorted).
    cards: tuple[Spec, ...]
    pool: int = 6
    #: Points of the cards already completed, and the highest of them (free flights count it twice).
    points: int = 0
    top: int = 0
    #: Cards already completed (a plan may stop after two).
    done: int = 0
    tokens: int = 0
    #: The 7th die can still join this flight (it has not been added this turn).
    seventh: bool = True

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(sorted(self.cards)))

    @property
    def key(self) -> tuple[object, ...]:
        return (self.cards, self.pool, self.points, self.top, self.done, self.tokens, self.seventh)


@dataclass(frozen=True)
class Objective:
    """What a finished flight is worth to its pilot.

    ``plan``: the points registered (nothing under 8; only the improvement over ``old``, the
    pilot's registered score), and a bonus token for two cards of three, the first 12 on the
    plan, a new record or 20+ (``bonus`` False when none can be received). ``free``: the free
    score above ``worst`` (the pilot's lowest plan), -2 on failure and a token for failing on the
    last card. Every token held at the end is worth ``token_value`` points.
    """

    kind: Kind
    token_value: Number = 1.5
    old: int | None = None
    #: Highest score registered on the plan by anyone (the record to beat), None if none.
    table: int | None = None
    first12_open: bool = True
    record_mode: Literal["table", "own"] = "table"
    bonus: bool = True
    worst: int = 0
    #: An extra value for a successful free flight (e.g. ending the game while ahead).
    free_bonus: Number = 0

    def gain(self, score: int) -> int:
        """Points a plan flight scoring ``score`` adds to the main track."""
        if score < MIN_REGISTERED:
            return 0
        return score if self.old is None else max(0, score - self.old)

    def earns_bonus(self, score: int) -> bool:
        """A registered plan score earns a token (spec §8.3 b-d)."""
        if score < MIN_REGISTERED or not self.bonus:
            return False
        if score >= FIRST_BONUS_SCORE and self.first12_open:
            return True
        if self.record_mode == "own":
            record = self.old is not None and score > self.old
        else:
            record = self.table is not None and score > self.table
        return record or score >= LOCK_SCORE

    def finished(self, points: int, top: int, unused: int) -> tuple[int, int]:
        """(main-track points, tokens received) of a completed flight."""
        if self.kind == "free":
            score = points + unused + top
            return max(0, score - self.worst), 0
        score = points + unused
        return self.gain(score), int(self.earns_bonus(score))

    def unfinished(self, done: int, left: int) -> tuple[int, int]:
        """(main-track points, tokens received) of a flight stopped or failed."""
        if self.kind == "free":
            return -FREE_FAILURE_COST, int(left == 1 and self.bonus)
        return 0, int(done == 2 and self.bonus)


@dataclass(frozen=True)
class Odds:
    """What a position promises under the best play: the chance to complete every card, the
    chance the flight registers (plans: 8 or more), the expected points on the main track and
    the expected change in bonus tokens; ``value`` is the objective's expectation."""

    success: Number
    registered: Number
    points: Number
    tokens: Number
    value: Number


# Choices, as the solver names them (the bot turns them into actions).
@dataclass(frozen=True)
class Choice:
    """``roll`` | ``seventh`` | ``stop`` | ``assign`` (``card``, ``dice``) | ``reroll``
    (``dice``); ``value``: the expected objective after it."""

    kind: str
    value: Number
    card: Spec | None = None
    dice: tuple[int, ...] = ()
    exact: bool = False


# --------------------------------------------------------------------------- dice tables


@cache
def rolls(count: int, exact: bool) -> tuple[tuple[tuple[int, ...], Number], ...]:
    """Every multiset of ``count`` dice with its probability."""
    total = 6**count
    out = []
    for combo in combinations_with_replacement(range(1, 7), count):
        ways = _arrangements(combo)
        out.append((combo, Fraction(ways, total) if exact else ways / total))
    return tuple(out)


def _arrangements(combo: tuple[int, ...]) -> int:
    from math import factorial

    ways = factorial(len(combo))
    for value in set(combo):
        ways //= factorial(combo.count(value))
    return ways


#: Every roll of 1 to 3 dice, as sorted tuples; the solver names them by index.
ROLLS: tuple[tuple[int, ...], ...] = tuple(
    combo for count in (1, 2, 3) for combo in combinations_with_replacement(range(1, 7), count)
)
ROLL_ID: dict[tuple[int, ...], int] = {roll: i for i, roll in enumerate(ROLLS)}


@cache
def _roll_ids(count: int, exact: bool) -> tuple[tuple[int, Number], ...]:
    return tuple((ROLL_ID[roll], weight) for roll, weight in rolls(count, exact))


def _minus(roll: tuple[int, ...], dice: tuple[int, ...]) -> tuple[int, ...]:
    rest = list(roll)
    for value in dice:
        rest.remove(value)
    return tuple(rest)


@cache
def _kept(roll: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """The dice one may keep when rolling again 1..3 of ``roll``: every proper sub-multiset."""
    kept = {tuple(sorted(_minus(roll, again))) for again in subsets(roll)}
    return tuple(sorted(kept, key=lambda k: (len(k), k)))


@cache
def _completions(kept: tuple[int, ...], count: int, exact: bool) -> tuple[tuple[int, Number], ...]:
    """The rolls (by index) of ``count`` dice that keep ``kept`` and roll the rest again."""
    merged: dict[int, Number] = {}
    for new, weight in rolls(count - len(kept), exact):
        result = ROLL_ID[tuple(sorted((*kept, *new)))]
        merged[result] = merged.get(result, 0) + weight
    return tuple(merged.items())


@cache
def placements(roll: tuple[int, ...], spec: Spec) -> tuple[tuple[int, bool, tuple[int, ...]], ...]:
    """The undominated ways to complete ``spec`` with dice of ``roll``: (dice used, exact,
    the dice). An exact hit with as few dice beats an over; fewer dice beat more."""
    exact = over = None
    for dice in subsets(roll):  # fewest dice first
        total = sum(dice)
        if total == spec.difficulty and exact is None:
            exact = dice
        elif total > spec.difficulty and over is None and not spec.highlighted:
            over = dice
    out = []
    if exact is not None:
        out.append((len(exact), True, exact))
    if over is not None and (exact is None or len(over) < len(exact)):
        out.append((len(over), False, over))
    return tuple(out)


# --------------------------------------------------------------------------- the solver

# A position is packed into one integer (fast to hash), low bits first: seventh (1 bit),
# tokens (7), done (3), top (7), points (10), pool (3), then the card multiset's index.
_TOKENS_AT, _DONE_AT, _TOP_AT, _POINTS_AT, _POOL_AT, _CARDS_AT = 1, 8, 11, 18, 28, 31
_POOL, _POINTS, _TOP, _DONE, _TOKENS = 8, 1024, 128, 8, 128
_ONE_TOKEN = 1 << _TOKENS_AT
_ONE_DIE = 1 << _POOL_AT


def _pack(cid: int, pool: int, points: int, top: int, done: int, tokens: int, seventh: int) -> int:
    return (
        (cid << _CARDS_AT)
        | (pool << _POOL_AT)
        | (points << _POINTS_AT)
        | (top << _TOP_AT)
        | (done << _DONE_AT)
        | (tokens << _TOKENS_AT)
        | seventh
    )


def _unpack(key: int) -> tuple[int, int, int, int, int, int, int]:
    return (
        key >> _CARDS_AT,
        (key >> _POOL_AT) & 7,
        (key >> _POINTS_AT) & 1023,
        (key >> _TOP_AT) & 127,
        (key >> _DONE_AT) & 7,
        (key >> _TOKENS_AT) & 127,
        key & 1,
    )


@dataclass
class _Shared:
    """What every solver of the process shares: card multisets by index, their placements."""

    cards: list[tuple[Spec, ...]] = field(default_factory=list)
    card_id: dict[tuple[Spec, ...], int] = field(default_factory=dict)
    children: list[tuple[tuple[int, Spec, int], ...]] = field(default_factory=list)
    moves: dict[int, tuple[tuple[int, int, int, Spec, bool, tuple[int, ...]], ...]] = field(
        default_factory=dict
    )
    groups: dict[int, tuple[tuple[Number, tuple[tuple[int, int, int], ...]], ...]] = field(
        default_factory=dict
    )


_SHARED = _Shared()


@dataclass
class Solver:
    """Values flight positions for one objective (memoised: ask it many positions).

    ``exact`` computes with fractions (for tests); ``seventh_any_time`` is the option that lets
    the 7th die join after the last card (for its unused-die point), not only before a roll.
    """

    objective: Objective
    seventh_any_time: bool = True
    exact: bool = False
    # The card multisets, their placements and grouped rolls do not depend on the objective:
    # every solver of the process shares them (see _SHARED).
    _cards: list[tuple[Spec, ...]] = field(default_factory=lambda: _SHARED.cards, repr=False)
    _card_id: dict[tuple[Spec, ...], int] = field(
        default_factory=lambda: _SHARED.card_id, repr=False
    )
    #: For each card multiset: (index, card, multiset without it) per distinct card.
    _children: list[tuple[tuple[int, Spec, int], ...]] = field(
        default_factory=lambda: _SHARED.children, repr=False
    )
    _pre: dict[int, Number] = field(default_factory=dict, repr=False)
    _rolled: dict[int, Number] = field(default_factory=dict, repr=False)
    _keep: dict[tuple[int, tuple[int, ...], int], Number] = field(default_factory=dict, repr=False)
    _stats: dict[tuple[int, int], tuple[Number, ...]] = field(default_factory=dict, repr=False)
    _move_cache: dict[int, tuple[tuple[int, int, int, Spec, bool, tuple[int, ...]], ...]] = field(
        default_factory=lambda: _SHARED.moves, repr=False
    )
    _group_cache: dict[int, tuple[tuple[Number, tuple[tuple[int, int, int], ...]], ...]] = field(
        default_factory=lambda: _SHARED.groups, repr=False
    )

    def __post_init__(self) -> None:
        self._free = self.objective.kind == "free"
        self._token_value = self.objective.token_value

    # ---------------------------------------------------------------- positions

    def _cid(self, cards: tuple[Spec, ...]) -> int:
        found = self._card_id.get(cards)
        if found is not None:
            return found
        for spec in cards:
            if spec.exact >= _TOP or spec.difficulty > 18 or len(cards) > 7:
                raise ValueError(f"a card outside the solver's range: {spec}")
        cid = len(self._cards)
        self._cards.append(cards)
        self._card_id[cards] = cid
        self._children.append(())
        children = []
        previous = None
        for index, spec in enumerate(cards):
            if spec != previous:  # the same card twice: one choice
                children.append((index, spec, self._cid(cards[:index] + cards[index + 1 :])))
            previous = spec
        self._children[cid] = tuple(children)
        return cid

    def _key(self, p: Position) -> int:
        if p.pool >= _POOL or p.points >= _POINTS or p.done >= _DONE or p.tokens >= _TOKENS:
            raise ValueError(f"a position outside the solver's range: {p}")
        return _pack(self._cid(p.cards), p.pool, p.points, p.top, p.done, p.tokens, int(p.seventh))

    # ---------------------------------------------------------------- terminal values

    def _land_value(self, points: int, top: int, pool: int, tokens: int) -> Number:
        gained, bonus = self.objective.finished(points, top, pool)
        return gained + (tokens + bonus) * self._token_value

    def _early_value(self, cid: int, done: int, tokens: int) -> Number:
        gained, bonus = self.objective.unfinished(done, len(self._cards[cid]))
        return gained + (tokens + bonus) * self._token_value

    def _can_stop_before_roll(self, pool: int, done: int) -> bool:
        return pool == 0 or (not self._free and done == 2)

    # ---------------------------------------------------------------- values

    def value(self, p: Position, roll: tuple[int, ...] | None = None) -> Number:
        """The expected objective of a position under the best play (after ``roll`` if given)."""
        key = self._key(p)
        if roll is None:
            return self._value_pre(key)
        return self._value_rolled(key, ROLL_ID[tuple(sorted(roll))])

    def _value_landing(self, points: int, top: int, pool: int, tokens: int, seventh: int) -> Number:
        best = self._land_value(points, top, pool, tokens)
        if self.seventh_any_time and seventh and tokens:
            v = self._land_value(points, top, pool + 1, tokens - 1)
            best = max(best, v)
        return best

    def _value_pre(self, key: int) -> Number:
        found = self._pre.get(key)
        if found is not None:
            return found
        cid, pool, points, top, done, tokens, seventh = _unpack(key)
        if not self._cards[cid]:
            best = self._value_landing(points, top, pool, tokens, seventh)
            self._pre[key] = best
            return best
        best_or_none: Number | None = None
        if pool:
            best_or_none = self._value_roll(key, pool)
        if seventh and tokens:
            v = self._value_pre(_pack(cid, pool + 1, points, top, done, tokens - 1, 0))
            if best_or_none is None or v > best_or_none:
                best_or_none = v
        if best_or_none is None or self._can_stop_before_roll(pool, done):
            v = self._early_value(cid, done, tokens)
            if best_or_none is None or v > best_or_none:
                best_or_none = v
        self._pre[key] = best_or_none
        return best_or_none

    def _value_roll(self, key: int, pool: int) -> Number:
        outcomes = _roll_ids(min(DICE_PER_ROLL, pool), self.exact)
        if (key >> _TOKENS_AT) & 127:
            v: Number = 0
            for roll_id, weight in outcomes:
                v += weight * self._value_rolled(key, roll_id)
            return v
        # No token: no re-roll, so each roll is met once: placed inline (the hot loop), the
        # rolls that offer the same placements taken together.
        cid = key >> _CARDS_AT
        base = key & ((1 << _TOP_AT) - 1)
        points = (key >> _POINTS_AT) & 1023
        top = (key >> _TOP_AT) & 127
        fail = self._early_value(cid, (key >> _DONE_AT) & 7, 0)
        free = self._free
        value_pre = self._value_pre
        known = self._pre.get
        after_done = base + (1 << _DONE_AT)
        total: Number = 0
        for weight, moves in self._groups(cid, min(DICE_PER_ROLL, pool)):
            if not moves:  # nothing fits: the flight fails
                total += weight * fail
                continue
            best: Number | None = None  # a fitting roll must be placed, even if failing pays
            for child, used, gained in moves:
                new_top = (gained if gained > top else top) if free else 0
                nxt = (
                    (child << _CARDS_AT)
                    | ((pool - used) << _POOL_AT)
                    | ((points + gained) << _POINTS_AT)
                    | (new_top << _TOP_AT)
                    | after_done
                )
                found = known(nxt)
                v = value_pre(nxt) if found is None else found
                if best is None or v > best:
                    best = v
            assert best is not None
            total += weight * best
        return total

    def _groups(
        self, cid: int, count: int
    ) -> tuple[tuple[Number, tuple[tuple[int, int, int], ...]], ...]:
        """The rolls of ``count`` dice grouped by the placements they offer the cards ``cid``:
        (total probability, (cards left, dice used, points gained) of each placement)."""
        memo = (((cid << 3) | count) << 1) | self.exact
        found = self._group_cache.get(memo)
        if found is not None:
            return found
        merged: dict[tuple[tuple[int, int, int], ...], Number] = {}
        for roll_id, weight in _roll_ids(count, self.exact):
            moves = tuple(sorted({(m[0], m[1], m[2]) for m in self._moves(cid, roll_id)}))
            merged[moves] = merged.get(moves, 0) + weight
        groups = tuple((weight, moves) for moves, weight in merged.items())
        self._group_cache[memo] = groups
        return groups

    def _value_keep(self, key: int, kept: tuple[int, ...], count: int) -> Number:
        """Expected value of rolling again all but ``kept`` of a ``count``-dice roll."""
        memo = (key, kept, count)
        found = self._keep.get(memo)
        if found is not None:
            return found
        v: Number = 0
        for roll_id, weight in _completions(kept, count, self.exact):
            v += weight * self._value_rolled(key, roll_id)
        self._keep[memo] = v
        return v

    def _moves(
        self, cid: int, roll_id: int
    ) -> tuple[tuple[int, int, int, Spec, bool, tuple[int, ...]], ...]:
        """(card multiset left, dice used, points gained, card, exact, dice) per placement."""
        memo = (cid << 7) | roll_id
        found = self._move_cache.get(memo)
        if found is not None:
            return found
        roll = ROLLS[roll_id]
        out = []
        for _index, spec, child in self._children[cid]:
            for used, exact, dice in placements(roll, spec):
                out.append((child, used, spec.exact if exact else spec.over, spec, exact, dice))
        moves = tuple(out)
        self._move_cache[memo] = moves
        return moves

    def _next_keys(self, key: int, roll_id: int) -> list[tuple[int, Spec, bool, tuple[int, ...]]]:
        """(next position, card, exact, dice) of every undominated placement."""
        cid, pool, points, top, done, tokens, seventh = _unpack(key)
        out = []
        free = self._free
        for child, used, gained, spec, exact, dice in self._moves(cid, roll_id):
            nxt = _pack(
                child,
                pool - used,
                points + gained,
                (gained if gained > top else top) if free else 0,
                done + 1,
                tokens,
                seventh,
            )
            out.append((nxt, spec, exact, dice))
        return out

    def _value_rolled(self, key: int, roll_id: int) -> Number:
        memo = (key << 7) | roll_id
        found = self._rolled.get(memo)
        if found is not None:
            return found
        best: Number | None = None
        moves = self._moves(key >> _CARDS_AT, roll_id)
        if moves:
            # Placing keeps the tokens and the 7th die; it moves cards, dice, points, top, done.
            base = key & ((1 << _TOP_AT) - 1)
            pool = (key >> _POOL_AT) & 7
            points = (key >> _POINTS_AT) & 1023
            top = (key >> _TOP_AT) & 127
            free = self._free
            value_pre = self._value_pre
            for child, used, gained, _spec, _exact, _dice in moves:
                new_top = (gained if gained > top else top) if free else 0
                nxt = (
                    (child << _CARDS_AT)
                    | ((pool - used) << _POOL_AT)
                    | ((points + gained) << _POINTS_AT)
                    | (new_top << _TOP_AT)
                    | (base + (1 << _DONE_AT))
                )
                v = value_pre(nxt)
                if best is None or v > best:
                    best = v
        tokens = (key >> _TOKENS_AT) & 127
        if best is None:  # nothing fits: give up, or pay to roll again
            best = self._early_value(key >> _CARDS_AT, (key >> _DONE_AT) & 7, tokens)
        if tokens:
            fewer = key - _ONE_TOKEN
            roll = ROLLS[roll_id]
            count = len(roll)
            for kept in _kept(roll):
                v = self._value_keep(fewer, kept, count)
                best = max(best, v)
        self._rolled[memo] = best
        return best

    # ---------------------------------------------------------------- decisions

    def _best_pre(self, key: int) -> tuple[str, int, Number]:
        """(choice, the position it leads to (or the same), value) before a roll; the first
        choice offered (roll, 7th die, stop) wins a tie."""
        cid, pool, points, top, done, tokens, seventh = _unpack(key)
        best: tuple[str, int, Number] | None = None
        if pool:
            best = ("roll", key, self._value_roll(key, pool))
        if seventh and tokens:
            nxt = _pack(cid, pool + 1, points, top, done, tokens - 1, 0)
            v = self._value_pre(nxt)
            if best is None or _improves(v, best[2]):
                best = ("seventh", nxt, v)
        if best is None or self._can_stop_before_roll(pool, done):
            v = self._early_value(cid, done, tokens)
            if best is None or _improves(v, best[2]):
                best = ("stop", key, v)
        return best

    def _best_rolled(self, key: int, roll_id: int) -> tuple[str, int, Number]:
        """(choice, detail, value) after a roll: ``assign`` with the index of the placement in
        :meth:`_next_keys`, ``reroll`` with the index of the dice kept in ``_kept``, ``stop``."""
        best: tuple[str, int, Number] | None = None
        for index, (nxt, *_) in enumerate(self._next_keys(key, roll_id)):
            v = self._value_pre(nxt)
            if best is None or _improves(v, best[2]):
                best = ("assign", index, v)
        cid, _pool, _points, _top, done, tokens, _seventh = _unpack(key)
        if best is None:
            best = ("stop", 0, self._early_value(cid, done, tokens))
        if tokens:
            roll = ROLLS[roll_id]
            for index, kept in enumerate(_kept(roll)):
                v = self._value_keep(key - _ONE_TOKEN, kept, len(roll))
                if _improves(v, best[2]):
                    best = ("reroll", index, v)
        return best

    def decide_pre_roll(self, p: Position) -> Choice:
        """The best choice before a roll: ``roll``, ``seventh`` or ``stop``."""
        kind, _nxt, value = self._best_pre(self._key(p))
        return Choice(kind, value)

    def decide_rolled(self, p: Position, roll: tuple[int, ...]) -> Choice:
        """The best choice after a roll: ``assign``, ``reroll`` or (nothing fits) ``stop``."""
        key = self._key(p)
        roll = tuple(sorted(roll))
        roll_id = ROLL_ID[roll]
        kind, detail, value = self._best_rolled(key, roll_id)
        if kind == "assign":
            _nxt, spec, exact, dice = self._next_keys(key, roll_id)[detail]
            return Choice("assign", value, spec, dice, exact)
        if kind == "reroll":
            return Choice("reroll", value, dice=_minus(roll, _kept(roll)[detail]))
        return Choice("stop", value)

    def decide_landing(self, p: Position) -> Choice:
        """Every card done: ``seventh`` (one more unused die) or ``stop`` (score now)."""
        best = Choice("stop", self._land_value(p.points, p.top, p.pool, p.tokens))
        if self.seventh_any_time and p.seventh and p.tokens:
            v = self._land_value(p.points, p.top, p.pool + 1, p.tokens - 1)
            if _improves(v, best.value):
                best = Choice("seventh", v)
        return best

    def after(self, p: Position, choice: Choice) -> Position:
        """The position once ``choice`` (a placement) is made."""
        if choice.kind != "assign" or choice.card is None:
            raise ValueError("only a placement moves the flight to a new position")
        cards = list(p.cards)
        cards.remove(choice.card)
        gained = choice.card.exact if choice.exact else choice.card.over
        return Position(
            tuple(cards),
            pool=p.pool - len(choice.dice),
            points=p.points + gained,
            top=max(p.top, gained) if self._free else 0,
            done=p.done + 1,
            tokens=p.tokens,
            seventh=p.seventh,
        )

    # ---------------------------------------------------------------- odds

    def odds(self, p: Position, roll: tuple[int, ...] | None = None) -> Odds:
        """The chances and expectations of a position under the best play (the play of the
        ``decide_*`` methods, ties included)."""
        key = self._key(p)
        if roll is None:
            stats = self._stats_pre(key)
        else:
            stats = self._stats_rolled(key, ROLL_ID[tuple(sorted(roll))])
        success, registered, points, tokens = stats
        return Odds(success, registered, points, tokens - p.tokens, self.value(p, roll))

    def _end_stats(self, key: int, finished: bool) -> tuple[Number, ...]:
        cid, pool, points, top, done, tokens, _seventh = _unpack(key)
        if finished:
            gained, bonus = self.objective.finished(points, top, pool)
            registered = 1 if self._free or points + pool >= MIN_REGISTERED else 0
            return (1, registered, gained, tokens + bonus)
        gained, bonus = self.objective.unfinished(done, len(self._cards[cid]))
        return (0, 0, gained, tokens + bonus)

    def _stats_pre(self, key: int) -> tuple[Number, ...]:
        memo = (key, -1)
        found = self._stats.get(memo)
        if found is not None:
            return found
        cid, pool, points, top, done, tokens, seventh = _unpack(key)
        if not self._cards[cid]:
            landed = key
            if self.seventh_any_time and seventh and tokens:
                with_seventh = self._land_value(points, top, pool + 1, tokens - 1)
                if _improves(with_seventh, self._land_value(points, top, pool, tokens)):
                    landed = _pack(cid, pool + 1, points, top, done, tokens - 1, 0)
            stats = self._end_stats(landed, True)
        else:
            kind, nxt, _value = self._best_pre(key)
            if kind == "roll":
                stats = self._stats_mix(key, _roll_ids(min(DICE_PER_ROLL, pool), self.exact))
            elif kind == "seventh":
                stats = self._stats_pre(nxt)
            else:
                stats = self._end_stats(key, False)
        self._stats[memo] = stats
        return stats

    def _stats_mix(self, key: int, outcomes: tuple[tuple[int, Number], ...]) -> tuple[Number, ...]:
        s0: Number = 0
        s1: Number = 0
        s2: Number = 0
        s3: Number = 0
        for roll_id, weight in outcomes:
            a, b, c, d = self._stats_rolled(key, roll_id)
            s0 += weight * a
            s1 += weight * b
            s2 += weight * c
            s3 += weight * d
        return (s0, s1, s2, s3)

    def _stats_rolled(self, key: int, roll_id: int) -> tuple[Number, ...]:
        memo = (key, roll_id)
        found = self._stats.get(memo)
        if found is not None:
            return found
        kind, detail, _value = self._best_rolled(key, roll_id)
        if kind == "assign":
            stats = self._stats_pre(self._next_keys(key, roll_id)[detail][0])
        elif kind == "reroll":
            roll = ROLLS[roll_id]
            kept = _kept(roll)[detail]
            stats = self._stats_mix(key - _ONE_TOKEN, _completions(kept, len(roll), self.exact))
        else:
            stats = self._end_stats(key, False)
        self._stats[memo] = stats
        return stats


def placements_exist(p: Position, roll: tuple[int, ...]) -> bool:
    return any(placements(roll, spec) for spec in p.cards)


#: Values closer than this are ties (floats); the first choice offered wins a tie.
TIE = 1e-9


def _improves(value: Number, best: Number) -> bool:
    if isinstance(value, Fraction) and isinstance(best, Fraction):
        return value > best
    return value > best + TIE


SolverFactory = Callable[[Objective], Solver]
