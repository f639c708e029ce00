"""The bots' calculation (mission 47, ``arithmetic``), from the seat's observation.

The legal calculations give only values the seat holds. Every level but ``random``:

* calculates the value whose best single cut is the surest (a Solo Cut, every other copy being
  cut, is sure); of several pairs of cards giving it, it discards the pair that leaves the row
  the most values to make (the teammates' turns come next);
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
    value = max(by_value, key=lambda v: (round(by_value[v][0], 9), v))
    success, explosion = by_value[value]
    if explosion > success and know.dial_left > 1:
        return _pass(ask, passes)
    row = _row(obs)

    def left(a: Calculate) -> int:
        rest = [c for c in row if c not in (a.first, a.second)]
        return len(results(rest))

    ways = [a for a in calculations if a.result == value]
    choice = max(ways, key=lambda a: (left(a), -a.first, -a.second))
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
