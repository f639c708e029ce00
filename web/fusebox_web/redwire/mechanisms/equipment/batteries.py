"""Equipment 7, Spare Batteries, on the page: choose one or two players whose Double Detector
is used."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.redwire import Batteries, GameState
from engine.redwire.mechanisms.equipment.batteries import NUMBER

from ..base import CardUse, Chosen, Found, View, legal

if TYPE_CHECKING:
    from engine.redwire.observation_types import Observation

    from ...selection import Selection
    from ...words import Words


def _afford(state: GameState, seat: int) -> list[int] | None:
    used = [p for p in range(state.players) if legal(state, Batteries(seat, (p,)))]
    return used or None


def _build(s: Selection, seat: int) -> Batteries | None:
    return Batteries(seat, s.seats) if s.seats else None


def _select(action: Batteries) -> Chosen:
    return {"mode": "batteries", "seats": action.seats}


def _confirm(action: Batteries, w: Words, obs: Observation) -> str:
    return w.t(
        "rw.confirm.batteries",
        seats=w.listing([w.name(s) for s in action.seats]),
        card=w.card_name(NUMBER),
    )


def _log(e: View, w: Words) -> Found:
    names = w.listing([w.name(s) for s in e.get("seats", [])])
    return w.t(
        "rw.log.batteries", who=w.name(e["seat"]), card=w.card_name(NUMBER), seats=names
    ), "info"


USES = (
    CardUse(
        card=NUMBER,
        mode="batteries",
        timing="any_time",
        afford=_afford,
        action=Batteries,
        build=_build,
        select=_select,
        confirm=_confirm,
        seats=list,
        seats_label="rw.seats.batteries",
        seats_many=2,
        log=_log,
    ),
)
