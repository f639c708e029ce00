"""Equipment 4, Sticky Note, on the page: tap one of your blue wires."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.redwire import GameState, PostIt
from engine.redwire.mechanisms.equipment.post_it import NUMBER

from ..base import CardUse, Chosen, Tile, legal, one_tile, own_label

if TYPE_CHECKING:
    from engine.redwire.observation_types import Observation

    from ...selection import Selection
    from ...words import Words


def _afford(state: GameState, seat: int) -> list[Tile] | None:
    """Your wires the engine lets the note mark (a mission may allow cut ones too)."""
    tiles = [
        (st, sl)
        for st in state.seat_stands[seat]
        for sl in range(len(state.stands[st]))
        if legal(state, PostIt(seat, st, sl))
    ]
    return tiles or None


def _build(s: Selection, seat: int) -> PostIt | None:
    one = one_tile(s)
    return PostIt(seat, *one) if one else None


def _select(action: PostIt) -> Chosen:
    return {"mode": "post_it", "targets": ((action.stand, action.slot),)}


def _confirm(action: PostIt, w: Words, obs: Observation) -> str:
    return w.t(
        "rw.confirm.post_it",
        where=w.where_own(action.stand, action.slot),
        value=own_label(obs, action.stand, action.slot),
        card=w.card_name(NUMBER),
    )


#: The log sentence of the token it places (the ``token`` event's reason).
TOKEN_REASONS = {"post_it": "rw.log.tokenPostIt"}
USES = (
    CardUse(
        card=NUMBER,
        mode="post_it",
        timing="any_time",
        afford=_afford,
        action=PostIt,
        build=_build,
        select=_select,
        confirm=_confirm,
        tiles=lambda tiles, sel: frozenset(tiles),
        probe=lambda viewer, tile, sel, players: PostIt(viewer, *tile),
    ),
)
