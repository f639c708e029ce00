"""Equipment 9-9, Fast Pass, on the page: on your turn, tap two of your wires of one value.

>>> from fusebox_web.redwire.selection import Selection
>>> USES[0].build(Selection("fast_pass", ((0, 4), (0, 3)), card=99), 0) is None  # no value known
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

#: The pairs the engine offered at the last drawing, by their two wires: a selection holds only
#: the two taps, and the value the action names is the seat's own wires' (the seat's own view).
_OFFERED: dict[frozenset[Tile], FastPass] = {}


def _afford(state: GameState, seat: int) -> list[FastPass] | None:
    passes = [a for a in state.legal_actions(seat) if isinstance(a, FastPass)]
    _OFFERED.clear()
    _OFFERED.update({frozenset({(a.stand, a.slot), (a.stand2, a.slot2)}): a for a in passes})
    return passes or None


def _tiles(passes: list[FastPass], sel: Selection) -> frozenset[Tile]:
    return frozenset(t for a in passes for t in ((a.stand, a.slot), (a.stand2, a.slot2)))


def _build(s: Selection, seat: int) -> FastPass | None:
    if len(s.targets) != 2:
        return None
    found = _OFFERED.get(frozenset(s.targets))
    return found if found is not None and found.seat == seat else None


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
        build=_build,
        select=_select,
        confirm=_confirm,
        missing=lambda sel: "rw.msg.needFastPair",
        tiles=_tiles,
        taps=2,
        log=_log,
    ),
)
