"""The bots' Challenge card decisions (missions 55 and 60, ``challenges``), from the observation.

Every level but the random one claims card 9 as soon as one of its stands meets it (a free step
back, and it can only be lost by cutting an odd wire of that stand), and calls a teammate's wire
red for card 1 only when the deduction proves it red (a wrong call explodes the bomb). The other
cards are met, or not, by the usual play.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..deduction import RED
from ..mechanisms.base import Advice, BotAsk
from ..mechanisms.challenges import ChallengeClaim, RedCall

if TYPE_CHECKING:
    from .knowledge import Knowledge


def advise(ask: BotAsk) -> Advice | None:
    claim = next((a for a in ask.legal if isinstance(a, ChallengeClaim)), None)
    if claim is not None:
        return claim, "challenge_claim", {}
    calls = [a for a in ask.legal if isinstance(a, RedCall)]
    if not calls:
        return None
    know: Knowledge = ask.knowledge()
    for call in calls:
        if know.certain((call.stand, call.slot), (RED,)):
            params = {"seat": know.owners[call.stand], "wire": call.slot + 1}
            return call, "red_call_sure", params
    return None
