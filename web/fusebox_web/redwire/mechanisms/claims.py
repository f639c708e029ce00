"""Free turn order on the page (mission 10): the "Snip!" button that claims the next turn, and
the button that lets the next player choose.

The button is offered to the seat holding the device whenever it may claim (first come, first
served: computer players are asked in turn and claim when they have a sure move). In pass and
play the game hands the device to the seat asked first, who claims or passes the question on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.redwire import GameState
from engine.redwire.mechanisms import claims
from engine.redwire.mechanisms.claims import Claim, PassClaim

from .base import Found, View, action_use, legal

if TYPE_CHECKING:
    from engine.redwire.observation_types import Observation

    from ..words import Words


def _afford_claim(state: GameState, seat: int) -> bool | None:
    return True if legal(state, Claim(seat)) else None


def _afford_pass(state: GameState, seat: int) -> bool | None:
    return True if legal(state, PassClaim(seat)) else None


def _prompt(obs: Observation, w: Words) -> str | None:
    part = claims.view(obs)
    if part is None or not part["eligible"]:
        return None
    names = w.listing([w.name(s) for s in part["eligible"]])
    return w.t("rw.claim.who", names=names)


def _claim_line(e: View, w: Words) -> Found:
    return w.t("rw.log.claim", who=w.name(e["seat"])), "info"


def _pass_line(e: View, w: Words) -> Found:
    return w.t("rw.log.passClaim", who=w.name(e["seat"]), next=w.name(e["next"])), "info"


USES = (
    action_use(
        "claim",
        Claim,
        _afford_claim,
        lambda s, seat: Claim(seat),
        lambda a, w, obs: w.t("rw.confirm.claim"),
        timing="any_time",
    ),
    action_use(
        "pass_claim",
        PassClaim,
        _afford_pass,
        lambda s, seat: PassClaim(seat),
        lambda a, w, obs: w.t("rw.confirm.pass_claim"),
        timing="any_time",
    ),
)
PROMPTS = (_prompt,)
LINES = {"claim": _claim_line, "pass_claim": _pass_line}
