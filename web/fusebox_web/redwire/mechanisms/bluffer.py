"""The Bluffer on the page (mission 17): his badge, his false tokens on the wires ("not 7",
drawn crossed out, said in words), his setup tokens chosen by touch or keyboard (a wire of his,
then a number it is not), and the log line."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.redwire import GameState
from engine.redwire.mechanisms import bluffer
from engine.redwire.mechanisms.bluffer import FalseToken
from engine.redwire.wires import BLUE_VALUES

from ..icons import icon
from ..markup import esc, tag
from .base import Found, View, action_use, legal

if TYPE_CHECKING:
    from engine.redwire.observation_types import Observation

    from ..selection import Selection
    from ..words import Words

Tile = tuple[int, int]


def _badge(obs: Observation, seat: int, w: Words) -> str:
    part = bluffer.view(obs)
    if part is None or part["bluffer"] != seat:
        return ""
    label = w.t("rw.bluff.badgeLabel")
    return tag(
        "span",
        icon("captain") + esc(w.t("rw.bluff.badge")),
        class_="rw-badge rw-badge--role",
        title=label,
        aria_label=label,
        role="img",
        data_testid="bluffer-badge",
    )


def _marks(obs: Observation, w: Words) -> dict[Tile, tuple[str, str]]:
    part = bluffer.view(obs)
    if part is None:
        return {}
    found: dict[Tile, list[int]] = {}
    for token in part["tokens"]:
        found.setdefault((token["stand"], token["slot"]), []).append(token["value"])
    return {
        tile: (
            tag(
                "span",
                esc("≠" + "/".join(map(str, values))),
                class_="rw-token rw-token--false",
                aria_hidden="true",
            ),
            w.t("rw.bluff.tile", values=w.listing([str(v) for v in values])),
        )
        for tile, values in found.items()
    }


def _part(obs: Observation, w: Words) -> str:
    part = bluffer.view(obs)
    if part is None:
        return ""
    return tag(
        "p",
        esc(w.t("rw.bluff.rule", name=w.name(part["bluffer"]))),
        class_="rw-seq",
        data_testid="bluffer",
    )


def _afford(state: GameState, seat: int) -> dict[Tile, list[int]] | None:
    """His wires that may take a false token, each with the numbers it may show."""
    found: dict[Tile, list[int]] = {}
    for stand, slot, _ in state.hand(seat):
        values = [v for v in BLUE_VALUES if legal(state, FalseToken(seat, stand, slot, v))]
        if values:
            found[(stand, slot)] = values
    return found or None


def _tiles(choices: Any, sel: Selection) -> frozenset[Tile]:
    return frozenset(choices) if choices else frozenset()


def _values(choices: Any) -> tuple[int, ...]:
    return tuple(BLUE_VALUES)


def _build(sel: Selection, seat: int) -> FalseToken | None:
    if len(sel.targets) != 1 or len(sel.values) != 1:
        return None
    stand, slot = sel.targets[0]
    return FalseToken(seat, stand, slot, sel.values[0])


def _line(e: View, w: Words) -> Found:
    return (
        w.t(
            "rw.log.falseToken",
            who=w.name(e["seat"]),
            where=w.where(e["stand"], e["slot"]),
            value=e["value"],
        ),
        "info",
    )


SEAT_BADGES = (_badge,)
TILE_MARKS = (_marks,)
PARTS = (_part,)
USES = (
    action_use(
        "false_token",
        FalseToken,
        _afford,
        _build,
        lambda a, w, obs: w.t("rw.confirm.false_token", wire=a.slot + 1, value=a.value),
        timing="any_time",
        plain=False,
        tiles=_tiles,
        values=_values,
        values_label="rw.values.falseToken",
        select=lambda a: {
            "mode": "false_token",
            "targets": ((a.stand, a.slot),),
            "values": (a.value,),
        },
        missing=lambda sel: "rw.msg.needWire" if not sel.targets else "rw.msg.needValue",
        probe=lambda seat, tile, sel, players: FalseToken(seat, tile[0], tile[1], 13),
    ),
)
LINES = {"false_token": _line}
