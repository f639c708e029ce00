"""Equipment 2, Walkie-Talkies, on the page: a wire of yours, then the teammate; the log tells
the offer, the exchange, and (to the two players) which wires changed hands."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from engine.redwire import GameState, Walkie
from engine.redwire.mechanisms.equipment.walkie import NUMBER

from ..base import CardUse, Chosen, Found, Tile, View, legal, one_tile, own_label

if TYPE_CHECKING:
    from engine.redwire.observation_types import Observation

    from ...selection import Selection
    from ...words import Words


def _afford(state: GameState, seat: int) -> dict[str, Any] | None:
    mine = state.hand(seat)
    partners = [p for p in range(state.players) if p != seat and state.has_wires(p)]
    if mine and partners and legal(state, Walkie(seat, mine[0][0], mine[0][1], partners[0])):
        return {"tiles": [(st, sl) for st, sl, _ in mine], "partners": partners}
    return None


def _build(s: Selection, seat: int) -> Walkie | None:
    one = one_tile(s)
    return Walkie(seat, one[0], one[1], s.seats[0]) if one and s.seats else None


def _tiles(choices: dict[str, Any], sel: Selection) -> frozenset[Tile]:
    return frozenset(choices["tiles"])


def _confirm(action: Walkie, w: Words, obs: Observation) -> str:
    return w.t(
        "rw.confirm.walkie",
        where=w.where_own(action.stand, action.slot),
        wire=w.wire(own_label(obs, action.stand, action.slot)),
        partner=w.name(action.partner),
    )


def _offer(e: View, w: Words) -> Found:
    return (
        w.t(
            "rw.log.walkieOffer",
            who=w.name(e["seat"]),
            partner=w.name(e.get("partner")),
            where=w.where(e["stand"], e["slot"]),
        ),
        "info",
    )


def _exchange(e: View, w: Words) -> Found:
    text = w.t("rw.log.walkie", who=w.name(e["seat"]), partner=w.name(e["partner"]))
    secret = e.get("secret")
    if isinstance(secret, Mapping) and "gave" in secret:
        text += " " + w.t(
            "rw.log.walkieSecret", gave=w.wire(secret["gave"]), got=w.wire(secret["got"])
        )
    return text, "info"


def _select(action: Walkie) -> Chosen:
    return {"mode": "walkie", "targets": ((action.stand, action.slot),), "seats": (action.partner,)}


USES = (
    CardUse(
        card=NUMBER,
        mode="walkie",
        timing="any_time",
        afford=_afford,
        action=Walkie,
        build=_build,
        select=_select,
        confirm=_confirm,
        missing=lambda sel: "rw.msg.needSeat" if sel.targets else "rw.msg.needWire",
        tiles=_tiles,
        seats=lambda choices: list(choices["partners"]),
        seats_label="rw.seats.walkie",
        probe=lambda viewer, tile, sel, players: Walkie(viewer, *tile, (viewer + 1) % players),
        log=_offer,
    ),
)
#: Log sentences of this mechanism's own events.
LINES = {"walkie": _exchange}
