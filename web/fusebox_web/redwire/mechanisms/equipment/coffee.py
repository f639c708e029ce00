"""Equipment 11, Coffee Break, on the page: a button among the turn's actions, then the player
who plays next."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.redwire import CoffeeMug, GameState
from engine.redwire.mechanisms.equipment.coffee import NUMBER

from ..base import CardUse, Chosen, Found, View, legal

if TYPE_CHECKING:
    from engine.redwire.observation_types import Observation

    from ...selection import Selection
    from ...words import Words


def _afford(state: GameState, seat: int) -> list[int] | None:
    seats = [other for other in range(state.players) if legal(state, CoffeeMug(seat, other))]
    return seats or None


def _build(s: Selection, seat: int) -> CoffeeMug | None:
    return CoffeeMug(seat, s.seats[0]) if s.seats else None


def _select(action: CoffeeMug) -> Chosen:
    return {"mode": "coffee", "seats": (action.next_seat,)}


def _confirm(action: CoffeeMug, w: Words, obs: Observation) -> str:
    return w.t("rw.confirm.coffee", name=w.name(action.next_seat), card=w.card_name(NUMBER))


def _log(e: View, w: Words) -> Found:
    return (
        w.t(
            "rw.log.coffee",
            who=w.name(e["seat"]),
            card=w.card_name(NUMBER),
            next=w.name(e.get("next_seat")),
        ),
        "info",
    )


USES = (
    CardUse(
        card=NUMBER,
        mode="coffee",
        timing="turn",
        afford=_afford,
        action=CoffeeMug,
        build=_build,
        select=_select,
        confirm=_confirm,
        seats=list,
        seats_label="rw.seats.coffee",
        button=True,
        log=_log,
    ),
)
