"""Flipped wires on the page (mission 38): the captain's wire turned round, drawn with a turned
mark at the far right of his stand; its value shows to every other seat (in pass-and-play, on
their screens only) and never to its owner or on the projector, where it is a back with the mark;
the rule in the mission's panel; the owner's cuts with it (a teammate's wire tapped and a value
chosen, a Solo Cut's value, revealing it as red) and the others' skip, as dock buttons by touch
or keyboard; the log lines."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.redwire import GameState
from engine.redwire.mechanisms import flipped_wires
from engine.redwire.mechanisms.flipped_wires import (
    FlippedCut,
    FlippedReveal,
    FlippedSkip,
    FlippedSolo,
)
from engine.redwire.wires import BLUE_VALUES

from ..markup import esc, tag
from .base import Found, View, action_use, legal

if TYPE_CHECKING:
    from engine.redwire.observation_types import Observation

    from ..selection import Selection
    from ..words import Words

Tile = tuple[int, int]


def _marks(obs: Observation, w: Words) -> dict[Tile, tuple[str, str]]:
    part = flipped_wires.view(obs)
    if part is None:
        return {}
    viewer = obs.get("viewer")
    mark = tag("span", "↻", class_="rw-flipmark", aria_hidden="true")
    found: dict[Tile, tuple[str, str]] = {}
    for (stand, slot), owner in zip(part["wires"], part["owners"], strict=True):
        if obs["stands"][stand]["slots"][slot]["cut"]:
            continue
        key = "rw.flip.tileOwn" if viewer == owner else "rw.flip.tile"
        found[(stand, slot)] = (mark, w.t(key, name=w.name(owner)))
    return found


def _part(obs: Observation, w: Words) -> str:
    part = flipped_wires.view(obs)
    if part is None or not part["owners"]:
        return ""
    return tag(
        "p",
        tag("span", "↻", class_="rw-flipmark rw-flipmark--inline", aria_hidden="true")
        + esc(w.t("rw.flip.rule", name=w.name(part["owners"][0]))),
        class_="rw-seq",
        data_testid="flipped-wires",
    )


# --------------------------------------------------------------------------- the owner's cut


def _cut_afford(state: GameState, seat: int) -> dict[Tile, list[int]] | None:
    """The teammates' wires he may point at with his flipped wire, each with its values."""
    found: dict[Tile, list[int]] = {}
    for action in state.legal_set(seat):
        if isinstance(action, FlippedCut):
            found.setdefault((action.stand, action.slot), []).append(action.value)
    return {tile: sorted(values) for tile, values in found.items()} or None


def _tiles(choices: Any, sel: Selection) -> frozenset[Tile]:
    return frozenset(choices) if choices else frozenset()


def _values(choices: Any) -> tuple[int, ...]:
    return tuple(BLUE_VALUES)


def _cut_build(sel: Selection, seat: int) -> FlippedCut | None:
    if len(sel.targets) != 1 or len(sel.values) != 1:
        return None
    stand, slot = sel.targets[0]
    return FlippedCut(seat, stand, slot, sel.values[0])


def _solo_afford(state: GameState, seat: int) -> list[int] | None:
    values = [v for v in BLUE_VALUES if legal(state, FlippedSolo(seat, v))]
    return values or None


def _solo_values(choices: Any) -> tuple[int, ...]:
    return tuple(choices or ())


def _solo_build(sel: Selection, seat: int) -> FlippedSolo | None:
    return FlippedSolo(seat, sel.values[0]) if len(sel.values) == 1 else None


def _plain_afford(action: type[FlippedReveal] | type[FlippedSkip]) -> Any:
    def afford(state: GameState, seat: int) -> bool | None:
        return True if legal(state, action(seat)) else None

    return afford


# --------------------------------------------------------------------------- the log


def _flipped(e: View, w: Words) -> Found:
    return (
        w.t("rw.log.flipped", who=w.name(e["seat"]), where=w.where(e["stand"], e["slot"])),
        "info",
    )


def _cut(e: View, w: Words) -> Found:
    key = "rw.log.flippedHit" if e["outcome"] == "hit" else "rw.log.flippedMiss"
    return (
        w.t(key, who=w.name(e["seat"]), where=w.where(e["stand"], e["slot"]), value=e["value"]),
        "hit" if e["outcome"] == "hit" else "warn",
    )


def _solo(e: View, w: Words) -> Found:
    return w.t("rw.log.flippedSolo", who=w.name(e["seat"]), value=e["value"]), "info"


def _reveal(e: View, w: Words) -> Found:
    return w.t("rw.log.flippedReveal", who=w.name(e["seat"])), "info"


def _failed(e: View, w: Words) -> Found:
    return w.t("rw.log.flippedFailed", wire=e["wire"]), "warn"


def _skip(e: View, w: Words) -> Found:
    return w.t("rw.log.flippedSkip", who=w.name(e["seat"])), "warn"


def _toll(e: View, w: Words) -> Found:
    return w.t("rw.log.flippedToll", who=w.name(e["seat"])), "warn"


TILE_MARKS = (_marks,)
PARTS = (_part,)
USES = (
    action_use(
        "flipped_cut",
        FlippedCut,
        _cut_afford,
        _cut_build,
        lambda a, w, obs: w.t(
            "rw.confirm.flipped_cut", where=w.where(a.stand, a.slot), value=a.value
        ),
        plain=False,
        tiles=_tiles,
        values=_values,
        values_label="rw.values.flippedCut",
        select=lambda a: {
            "mode": "flipped_cut",
            "targets": ((a.stand, a.slot),),
            "values": (a.value,),
        },
        missing=lambda sel: "rw.msg.needWire" if not sel.targets else "rw.msg.needValue",
        probe=lambda seat, tile, sel, players: FlippedCut(seat, tile[0], tile[1], 1),
    ),
    action_use(
        "flipped_solo",
        FlippedSolo,
        _solo_afford,
        _solo_build,
        lambda a, w, obs: w.t("rw.confirm.flipped_solo", value=a.value),
        plain=False,
        values=_solo_values,
        values_label="rw.values.flippedSolo",
        select=lambda a: {"mode": "flipped_solo", "values": (a.value,)},
        missing=lambda sel: "rw.msg.needValue",
    ),
    action_use(
        "flipped_reveal",
        FlippedReveal,
        _plain_afford(FlippedReveal),
        lambda sel, seat: FlippedReveal(seat),
        lambda a, w, obs: w.t("rw.confirm.flipped_reveal"),
    ),
    action_use(
        "flipped_skip",
        FlippedSkip,
        _plain_afford(FlippedSkip),
        lambda sel, seat: FlippedSkip(seat),
        lambda a, w, obs: w.t("rw.confirm.flipped_skip"),
    ),
)
LINES = {
    "flipped": _flipped,
    "flipped_cut": _cut,
    "flipped_solo": _solo,
    "flipped_reveal": _reveal,
    "flipped_failed": _failed,
    "flipped_skip": _skip,
    "flipped_toll": _toll,
}
