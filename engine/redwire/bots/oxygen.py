"""The bots' oxygen decisions (mission 44, ``oxygen``), from the seat's observation.

The legal moves hold only the cuts the reserve can pay for, so every level cuts what it can
afford. On top of that, every level but ``random``:

* passes when the reserve pays for none of its cuts (or, with the Coffee Break on the board,
  hands the turn on instead, to the seat that opens the next round when it can: the reserve
  fills again there, and no step is lost);
* of several certain moves at different prices, takes the cheapest when teammates still play
  before the reserve fills again and the dearest would leave them less than 3 oxygen each (never
  leave a teammate without air needlessly). With one price, or air to spare, it plays as usual.

A pass when a cut is affordable is never chosen: a cut that cannot explode is never worse than
passing (both move the detonator one step when they go wrong, and the cut may succeed).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import Action, Cut, RevealReds, SoloCut
from ..mechanisms.base import Advice, BotAsk
from ..mechanisms.equipment.coffee import CoffeeMug
from ..mechanisms.oxygen import OxygenPass, view

if TYPE_CHECKING:
    from ..observation_types import Observation

#: The most a cut costs: what each teammate still to play should be left.
_DEAREST = 3


def _has_wires(obs: Observation, seat: int) -> bool:
    return any(
        not tile["cut"]
        for stand in obs["stands"]
        if stand["owner"] == seat
        for tile in stand["slots"]
    )


def _round_opener(obs: Observation) -> int:
    """The seat whose turn opens the next round (the reserve fills then): the captain, or the
    first seat after him with wires."""
    n, captain = obs["players"], obs["captain"]
    for i in range(n):
        seat = (captain + i) % n
        if _has_wires(obs, seat):
            return seat
    return captain


def still_to_play(obs: Observation, seat: int) -> list[int]:
    """The teammates with wires whose turns come after ``seat``'s before the next refill."""
    n, opener = obs["players"], _round_opener(obs)
    out = []
    for i in range(1, n):
        other = (seat + i) % n
        if other == opener:
            break
        if _has_wires(obs, other):
            out.append(other)
    return out


def _value(action: Action) -> int:
    return action.values[0] if isinstance(action, Cut) else getattr(action, "value", 0)


def advise(ask: BotAsk) -> Advice | None:
    obs, legal = ask.obs, ask.legal
    part = view(obs)
    me = obs["viewer"]
    if part is None or not isinstance(me, int) or obs["phase"] != "turn" or obs["active"] != me:
        return None
    cuts = [a for a in legal if isinstance(a, Cut | SoloCut)]
    if any(isinstance(a, RevealReds) for a in legal):
        return None
    if not cuts:
        passing = next((a for a in legal if isinstance(a, OxygenPass)), None)
        if passing is None:
            return None
        mugs = [a for a in legal if isinstance(a, CoffeeMug)]
        if mugs:
            opener = _round_opener(obs)
            mug = next((m for m in mugs if m.next_seat == opener), mugs[0])
            return mug, "oxygen_coffee", {"next_seat": mug.next_seat}
        return passing, "oxygen_pass", {"left": part["reserve"]}
    prices = part["prices"]
    dues = {prices[_value(a) - 1] for a in cuts}
    coming = still_to_play(obs, me)
    if len(dues) < 2 or not coming or part["reserve"] - max(dues) >= _DEAREST * len(coming):
        return None
    know = ask.knowledge()
    certain: list[Action] = [a for a in cuts if isinstance(a, SoloCut)]
    certain += [
        a
        for a in cuts
        if isinstance(a, Cut) and len(a.targets) == 1 and know.certain(a.targets[0], a.values)
    ]
    if not certain:
        return None
    cheapest = min(prices[_value(a) - 1] for a in certain)
    dearest = max(prices[_value(a) - 1] for a in certain)
    if cheapest == dearest:
        return None
    pick = next(a for a in certain if prices[_value(a) - 1] == cheapest)
    params = {"value": _value(pick), "price": cheapest, "dearest": dearest}
    return pick, "oxygen_cheap", params
