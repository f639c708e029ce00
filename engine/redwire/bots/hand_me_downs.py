"""The bots' decisions of mission 65 (``hand_me_downs``), from the seat's observation only.

Every level but ``random``:

* **skips** when the skip is offered (it is offered only when the seat holds no wire of its
  face-up values, so no cut is possible; equipment was the bot's to use before);
* **gives** the card that helps the team most and costs the giver least. Each (card,
  teammate) pair is scored: a face-up card is worth to a teammate with wires the chance he holds
  an uncut wire of its value (the exact odds), and costs the giver 1 when he holds a wire of
  it himself (he would lose a cut he can make); a face-up card given to a teammate with no wires
  is stranded (nobody can cut its value again): never chosen while anything else is possible. A
  face-down card (its value fully cut) helps nobody and costs nothing: given when every live
  card is worth keeping, to a teammate with the fewest cards. Ties go to the next teammate to
  play (he uses the card soonest).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..mechanisms.base import Advice, BotAsk
from ..mechanisms.hand_me_downs import GiveNumber, HandSkip

if TYPE_CHECKING:
    from ..observation_types import Observation


def _hands(obs: Observation) -> list[list[tuple[int, bool]]]:
    cards = obs["mechanisms"]["number_cards"]
    return [[(int(c["value"]), bool(c["down"])) for c in hand] for hand in cards["hands"]]


def _has_wires(obs: Observation, seat: int) -> bool:
    return any(
        not tile["cut"]
        for stand in obs["stands"]
        if stand["owner"] == seat
        for tile in stand["slots"]
    )


def advise(ask: BotAsk) -> Advice | None:
    skips = [a for a in ask.legal if isinstance(a, HandSkip)]
    if skips:
        me = int(ask.obs["viewer"] or 0)
        values = [v for v, down in _hands(ask.obs)[me] if not down]
        if not values:
            return skips[0], "hand_skip_none", {}
        return skips[0], "hand_skip", {"values": values}
    gifts = [a for a in ask.legal if isinstance(a, GiveNumber)]
    if not gifts:
        return None
    return _give(ask, gifts)


def _give(ask: BotAsk, gifts: list[GiveNumber]) -> Advice:
    obs = ask.obs
    me = gifts[0].seat
    players = int(obs["players"])
    hands = _hands(obs)
    down = {v for hand in hands for v, d in hand if d}
    know = ask.knowledge()
    wired = {seat: _has_wires(obs, seat) for seat in range(players)}

    def holds(seat: int, value: int) -> float:
        p_none = 1.0
        for slot in know.hand_of(seat):
            p_none *= 1.0 - know.chance(slot, (value,))
        return 1.0 - p_none

    def order(seat: int) -> int:  # 1 for the next seat to play, and so on
        return (seat - me) % players

    scored: list[tuple[tuple[float, float, int, int], GiveNumber, float]] = []
    for gift in gifts:
        if gift.value in down:
            # Helps nobody, costs nothing: to the teammate with the fewest cards (a seat with no
            # card must skip), a seat with wires first.
            score = (0.0, -len(hands[gift.to]) + (10 if wired[gift.to] else 0), 0, -order(gift.to))
            scored.append((score, gift, 0.0))
            continue
        if not wired[gift.to]:
            scored.append(((-10.0, 0.0, 0, -order(gift.to)), gift, 0.0))
            continue
        p = holds(gift.to, gift.value)
        cost = 1.0 if know.held[gift.value] else 0.0
        scored.append(((round(p - cost, 9), 0.0, 0, -order(gift.to)), gift, p))
    _, best, p = max(scored, key=lambda t: t[0])
    seat = best.to
    if best.value in down:
        return best, "give_dead", {"value": best.value, "seat": seat}
    percent = max(0, min(100, round(100 * p)))
    return best, "give_held", {"value": best.value, "seat": seat, "percent": percent}
