"""Equipment 9-9, Fast Pass, on the page: on your turn, tap two of your wires of one value.

A selection holds only the two taps; the value the action names is the seat's own wires', so the
action is picked among the pairs the engine offered (the card's choices, which each page's
affordances hold: no table of this module is shared between two pages).

>>> from fusebox_web.redwire.selection import Selection
>>> offered = [FastPass(0, 2, 0, 3, 0, 4)]
>>> USES[0].build_from(offered, Selection("fast_pass", ((0, 4), (0, 3)), card=99), 0)
FastPass(seat=0, value=2, stand=0, slot=3, stand2=0, slot2=4)
>>> USES[0].build_from(offered, Selection("fast_pass", ((0, 4), (0, 5)), card=99), 0) is None
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.redwire import FastPass, GameState
from engine.redwire.mechanisms.equipment.fast_pass import NUMBER
from engine.redwire.wires import value_to_json

from ..base import CardUse, Chosen, Found, Tile, View

if TYPE_CHECKING:
    from engine.redwire.observation_types import Observation

    from ...selection import Selection
    from ...words import Words


def _afford(state: GameState, seat: int) -> list[FastPass] | None:
    """The pairs the seat may pass now (the card's choices, kept by the page's affordances)."""
    passes = [a for a in state.legal_actions(seat) if isinstance(a, FastPass)]
    return passes or None


def _tiles(passes: list[FastPass], sel: Selection) -> frozenset[Tile]:
    return frozenset(t for a in passes for t in ((a.stand, a.slot), (a.stand2, a.slot2)))


def _build(passes: list[FastPass], s: Selection, seat: int) -> FastPass | None:
    """The offered pass on the two tapped wires (in either order), if the seat was offered it."""
    if len(s.targets) != 2:
        return None
    taps = frozenset(s.targets)
    for a in passes:
        if a.seat == seat and frozenset({(a.stand, a.slot), (a.stand2, a.slot2)}) == taps:
            return a
    return None


def _select(action: FastPass) -> Chosen:
    pair = ((action.stand, action.slot), (action.stand2, action.slot2))
    return {"mode": "fast_pass", "targets": pair, "card": NUMBER}


def _confirm(action: FastPass, w: Words, obs: Observation) -> str:
    return w.t(
        "rw.confirm.fast_pass",
        card=w.card_name(NUMBER),
        value=w.value(value_to_json(action.value)),
        first=w.where_own(action.stand, action.slot),
        second=w.where_own(action.stand2, action.slot2),
    )


def _log(e: View, w: Words) -> Found:
    return (
        w.t(
            "rw.log.fast_pass",
            who=w.name(e["seat"]),
            card=w.card_name(NUMBER),
            value=w.value(e["value"]),
        ),
        "info",
    )


USES = (
    CardUse(
        card=NUMBER,
        mode="fast_pass",
        timing="turn",
        afford=_afford,
        action=FastPass,
        build=None,
        build_from=_build,
        select=_select,
        confirm=_confirm,
        missing=lambda sel: "rw.msg.needFastPair",
        tiles=_tiles,
        taps=2,
        log=_log,
    ),
)
