"""Equipment 1 (≠) and 12 (=) on the page: pick two side-by-side wires of yours.

>>> from fusebox_web.redwire.selection import Selection
>>> USES[0].build(Selection("label", ((0, 3), (0, 2)), card=1), 0)
Label(seat=0, card=1, stand=0, slot=2)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.redwire import GameState, Label
from engine.redwire.mechanisms.equipment.labels import EQ, NEQ

from ..base import CardUse, Chosen, Found, Tile, View, legal

if TYPE_CHECKING:
    from engine.redwire.observation_types import Observation

    from ...selection import Selection
    from ...words import Words


def _use(card: int) -> CardUse:
    def afford(state: GameState, seat: int) -> list[Tile] | None:
        pairs = [
            (st, sl)
            for st in state.seat_stands[seat]
            for sl in range(len(state.stands[st]) - 1)
            if legal(state, Label(seat, card, st, sl))  # type: ignore[arg-type]
        ]
        return pairs or None

    def tiles(pairs: list[Tile], sel: Selection) -> frozenset[Tile]:
        return frozenset(t for st, sl in pairs for t in ((st, sl), (st, sl + 1)))

    return CardUse(
        card=card,
        mode="label",
        timing="any_time",
        afford=afford,
        action=Label,
        build=_build,
        select=_select,
        confirm=_confirm,
        missing=lambda sel: "rw.msg.needPair",
        tiles=tiles,
        taps=2,
        probe=lambda viewer, tile, sel, players: Label(viewer, sel.card or NEQ, *tile),  # type: ignore[arg-type]
        log=_log,
    )


def _build(s: Selection, seat: int) -> Label | None:
    if s.card not in (NEQ, EQ) or len(s.targets) != 2:
        return None
    a, b = sorted(s.targets)
    if a[0] == b[0] and b[1] == a[1] + 1:
        return Label(seat, s.card, a[0], a[1])
    return None


def _select(action: Label) -> Chosen:
    pair = ((action.stand, action.slot), (action.stand, action.slot + 1))
    return {"mode": "label", "targets": pair, "card": action.card}


def _confirm(action: Label, w: Words, obs: Observation) -> str:
    return w.t(
        "rw.confirm.label",
        card=w.card_name(action.card),
        first=action.slot + 1,
        second=action.slot + 2,
    )


def _log(e: View, w: Words) -> Found:
    slots = e.get("slots", [0, 1])
    return (
        w.t(
            "rw.log.label",
            who=w.name(e["seat"]),
            label=w.card_name(e["card"]),
            wires=w.listing([str(s + 1) for s in slots]),
        ),
        "info",
    )


USES = (_use(NEQ), _use(EQ))
