"""The bots' calculation (mission 47, ``arithmetic``), from the seat's observation.

The legal calculations give only values the seat holds. Every level but ``random``:

* calculates so as to lose the fewest steps expected: the miss of its surest single cut of the
  result (a Solo Cut, every other copy being cut, is sure; a red wire weighs as the whole
  dial), plus the chance that the next player with wires can make none of his values with the
  cards left (each value's chance of being in his hand estimated from the odds of his wires;
  emptying the row lays out all twelve again);
* passes (one step) only when no calculation is legal, or when the surest cut it could make is
  likelier to point at a red wire than to succeed while the detonator has steps to spare (a
  miss costs the same step as a pass, so otherwise cutting is never worse).

Once the value is calculated, the bot's usual cut choice picks among the legal cuts (all of
that value).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..mechanisms import number_cards
from ..mechanisms.arithmetic import ArithPass, Calculate, results, view
from ..mechanisms.base import Advice, BotAsk

if TYPE_CHECKING:
    from ..observation_types import Observation


def advise(ask: BotAsk) -> Advice | None:
    obs, legal = ask.obs, ask.legal
    part = view(obs)
    me = obs["viewer"]
    if part is None or not isinstance(me, int) or part["current"] is not None:
        return None
    calculations = [a for a in legal if isinstance(a, Calculate)]
    passes = [a for a in legal if isinstance(a, ArithPass)]
    if not passes:
        return None
    if not calculations:
        return _pass(ask, passes)
    know = ask.knowledge()
    others = [slot for seat in range(know.players) if seat != me for slot in know.hand_of(seat)]

    def odds(value: int) -> tuple[float, float]:
        """(success, explosion) of the surest single cut of ``value``."""
        if sum(know.chance(slot, (value,)) for slot in others) < 1e-9:
            return 1.0, 0.0  # every other copy is cut: a Solo Cut
        best = max(others, key=lambda slot: know.chance(slot, (value,)))
        return know.chance(best, (value,)), know.chance(best, know.reds)

    by_value = {v: odds(v) for v in sorted({a.result for a in calculations})}
    row = _row(obs)
    holds = know.next_holds(me)

    def can_play(rest: list[int]) -> float:
        """The chance the next player can calculate with the cards left (a whole new row
        when none is)."""
        if not rest:
            return 1.0
        stuck = 1.0
        for value in results(rest):
            stuck *= 1.0 - holds.get(value, 0.0)
        return 1.0 - stuck

    def loss(a: Calculate) -> float:
        """Steps expected lost: this cut's miss (an explosion weighs as the whole dial), and
        the next player's forced pass."""
        success, explosion = by_value[a.result]
        rest = [c for c in row if c not in (a.first, a.second)]
        steps = float(know.dial_left)
        return (1.0 - success - explosion) + explosion * steps + 1.0 - can_play(rest)

    choice = min(calculations, key=lambda a: (round(loss(a), 9), -a.result, a.first, a.second))
    value = choice.result
    success, explosion = by_value[value]
    if explosion > success and know.dial_left > 1:
        return _pass(ask, passes)
    percent = max(0, min(100, round(100 * success)))
    params = {
        "first": choice.first,
        "sign": choice.sign,
        "second": choice.second,
        "value": value,
        "percent": percent,
    }
    return choice, "calculate", params


def _row(obs: Observation) -> list[int]:
    cards = number_cards.view(obs)
    return [card["value"] for card in cards["row"]] if cards else []


def _pass(ask: BotAsk, passes: list[ArithPass]) -> Advice:
    """Pass; with the option, discarding the pair that leaves the row the most values."""
    row = _row(ask.obs)

    def left(a: ArithPass) -> int:
        return len(results([c for c in row if c not in a.discard]))

    choice = max(passes, key=lambda a: (left(a), tuple(-c for c in a.discard)))
    return choice, "arith_pass", {}
