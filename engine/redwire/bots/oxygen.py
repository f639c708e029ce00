"""The bots' oxygen decisions (missions 44, 49, 54 and 63, ``oxygen``), from the seat's
observation.

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

Mission 49 (each player's own oxygen, every cut a gift to a teammate): every level but
``random`` gives to the next teammate to play (:func:`advise_gift`), and of several sure cuts
makes the dearest, so the air travels round the table and gathers enough for the deep values (a
9 costs 9, and there are 4 to 7 tokens a player); when its oxygen pays for none of its values it
passes (or takes the Coffee Break, to the teammate with the most oxygen). Without a sure cut,
the cut is the bot's usual choice among those its oxygen pays for. Tried on omniscient tables (10
games each with three and four players, the cuts always right, only the oxygen choices differing):
giving to the teammate with the least oxygen and cutting the cheapest won 0 and 0, the least and
the dearest 2 and 0, the next teammate and the cheapest 1 and 0, the next and the dearest 2 and 4.

Mission 63 (the relay: a cut pays its value into the reserve, the rest goes left at the end of
the turn, the round's opener takes the reserve back): nobody can keep oxygen, so every level but
``random`` plans the round (:func:`_advise_relay`). The deep values can only be cut where much
oxygen is (a 12 costs 12 of the round's 14 to 30), and the cheap ones can be cut with what is
left at the end of a round, so of several sure cuts it makes the dearest, as long as what it
passes on still pays for the lowest value left in the game (else the next player surely skips,
a step): when its oxygen goes next to the seat that opens the round, what it does not spend
comes back with the reserve anyway, so simply the dearest. A cut that is not sure is the level's
usual choice among those its oxygen pays for (it must play). Without an affordable cut it
skips, or takes the Coffee Break to the seat that will start its turn with the most oxygen.
Benched (expert, 20 games a player count, 2-5 players): no advice won 17.5%, the cheapest while
teammates still play 22.5%, always the dearest 26.2%, this rule 25%: within the noise of the last
two, this one never leaves the next player a sure skip.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..actions import Action, Cut, RevealReds, SoloCut
from ..mechanisms.base import Advice, BotAsk
from ..mechanisms.equipment.coffee import CoffeeMug
from ..mechanisms.oxygen import OxygenGift, OxygenPass, OxygenView, view

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


def _after(obs: Observation, me: int, seats: list[int]) -> list[int]:
    """``seats`` in the order their turns come after ``me``'s."""
    n = obs["players"]
    return sorted(seats, key=lambda seat: (seat - me) % n)


def advise_gift(obs: Observation, gifts: list[OxygenGift]) -> Advice:
    """Who receives this turn's oxygen (mission 49): the next teammate to play who has wires, so
    the air travels round the table with the turns and gathers where the next cut is made (with
    one such teammate, him; with none, the gift is lost whoever gets it: the next seat)."""
    me = obs["viewer"]
    assert isinstance(me, int)
    alive = _after(obs, me, [g.to for g in gifts if _has_wires(obs, g.to)])
    if not alive:
        gift = min(gifts, key=lambda g: (g.to - me) % obs["players"])
        return gift, "oxygen_gift_lost", {}
    to = alive[0]
    if len(alive) == 1:
        return OxygenGift(me, to), "oxygen_gift_only", {"partner": to}
    return OxygenGift(me, to), "oxygen_gift_next", {"partner": to}


def _dearest_sure(ask: BotAsk, cuts: Sequence[Action], to: int | None) -> Advice | None:
    """Of several sure cuts at different values, the dearest: it hands the receiver the most
    oxygen, and the deep values can only be cut where much of it has gathered."""
    know = ask.knowledge()
    certain: list[Action] = [a for a in cuts if isinstance(a, SoloCut)]
    certain += [
        a
        for a in cuts
        if isinstance(a, Cut) and len(a.targets) == 1 and know.certain(a.targets[0], a.values)
    ]
    if to is None or len({_value(a) for a in certain}) < 2:
        return None
    pick = max(certain, key=_value)
    return pick, "oxygen_dear", {"value": _value(pick), "partner": to}


def _advise_own(ask: BotAsk, part: OxygenView, me: int) -> Advice | None:
    """Mission 49: the gift's receiver, the dearest of several sure cuts, or the pass (the
    Coffee Break when it can)."""
    obs, legal = ask.obs, list(ask.legal)
    gifts = [a for a in legal if isinstance(a, OxygenGift)]
    if gifts:
        return advise_gift(obs, gifts)
    cuts = [a for a in legal if isinstance(a, Cut | SoloCut)]
    if cuts:
        return _dearest_sure(ask, cuts, part["gift_to"])
    passing = next((a for a in legal if isinstance(a, OxygenPass)), None)
    if passing is None:
        return None
    mugs = [a for a in legal if isinstance(a, CoffeeMug)]
    if mugs:  # the teammate with the most oxygen plays next: the likeliest to cut
        mug = max(mugs, key=lambda m: part["stock"][m.next_seat])
        return mug, "oxygen_coffee_own", {"next_seat": mug.next_seat}
    return passing, "oxygen_pass_own", {"left": part["stock"][me]}


def _relay_receiver(obs: Observation, seat: int) -> int | None:
    """Where ``seat``'s oxygen goes at the end of his turn: the next seat on the left with wires."""
    n = obs["players"]
    return next(
        ((seat + i) % n for i in range(1, n) if _has_wires(obs, (seat + i) % n)),
        None,
    )


def _opens_round(obs: Observation, before: int, seat: int) -> bool:
    """Whether the turn going from ``before`` to ``seat`` passes the captain's seat (§12 B12),
    so ``seat`` takes the reserve (the engine's rule, from the public seats)."""
    n, captain = obs["players"], obs["captain"]
    steps = (seat - before) % n or n
    return ((captain - before) % n or n) <= steps


def _sure(ask: BotAsk, cuts: Sequence[Action]) -> list[Action]:
    """The cuts that cannot fail: Solo Cuts, and Dual Cuts of one wire the seat knows."""
    know = ask.knowledge()
    certain: list[Action] = [a for a in cuts if isinstance(a, SoloCut)]
    certain += [
        a
        for a in cuts
        if isinstance(a, Cut) and len(a.targets) == 1 and know.certain(a.targets[0], a.values)
    ]
    return certain


def _cheapest_left(obs: Observation) -> int:
    """The lowest blue value not yet cut four times (public)."""
    cut: dict[int, int] = {}
    for stand in obs["stands"]:
        for tile in stand["slots"]:
            label = tile["wire"]
            if tile["cut"] and label is not None and label.isdigit():
                cut[int(label)] = cut.get(int(label), 0) + 1
    low, high = obs["blue_values"]
    return min((v for v in range(low, high + 1) if cut.get(v, 0) < 4), default=low)


def _advise_relay(ask: BotAsk, part: OxygenView, me: int) -> Advice | None:
    """Mission 63: the dearest sure cut when the oxygen goes next to the round's opener, the
    cheapest when teammates still to play this round would be left short; else the level's
    choice. No affordable cut: the Coffee Break to the seat with the most oxygen to come, or
    the skip."""
    obs, legal = ask.obs, list(ask.legal)
    cuts = [a for a in legal if isinstance(a, Cut | SoloCut)]
    stock = part["stock"]
    if not cuts:
        passing = next((a for a in legal if isinstance(a, OxygenPass)), None)
        if passing is None:
            return None
        mugs = [a for a in legal if isinstance(a, CoffeeMug)]
        if mugs:
            to = _relay_receiver(obs, me)

            def coming(mug: CoffeeMug) -> int:
                seat = mug.next_seat
                got = stock[seat] + (stock[me] if seat == to else 0)
                return got + (part["reserve"] if _opens_round(obs, me, seat) else 0)

            mug = max(mugs, key=lambda m: (coming(m), -((m.next_seat - me) % obs["players"])))
            return mug, "oxygen_coffee_relay", {"next_seat": mug.next_seat, "left": coming(mug)}
        return passing, "oxygen_pass_own", {"left": stock[me]}
    certain = _sure(ask, cuts)
    if len({_value(a) for a in certain}) < 2:
        return None
    by_price = sorted(certain, key=lambda a: (-part["prices"][_value(a) - 1], _value(a)))
    if not still_to_play(obs, me):
        pick = by_price[0]
        return pick, "oxygen_relay_dear", {"value": _value(pick)}
    need = _cheapest_left(obs)
    for pick in by_price:
        left = stock[me] - part["prices"][_value(pick) - 1]
        if left >= need:
            return pick, "oxygen_relay_leave", {"value": _value(pick), "left": left, "price": need}
    pick = by_price[-1]
    dearest = part["prices"][_value(by_price[0]) - 1]
    price = part["prices"][_value(pick) - 1]
    return pick, "oxygen_cheap", {"value": _value(pick), "price": price, "dearest": dearest}


def advise(ask: BotAsk) -> Advice | None:
    obs, legal = ask.obs, ask.legal
    part = view(obs)
    me = obs["viewer"]
    if part is None or not isinstance(me, int) or obs["phase"] != "turn" or obs["active"] != me:
        return None
    cuts = [a for a in legal if isinstance(a, Cut | SoloCut)]
    if any(isinstance(a, RevealReds) for a in legal):
        return None
    if part["relay"]:
        return _advise_relay(ask, part, me)
    if part["take_from"] == "own":
        return _advise_own(ask, part, me)
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
