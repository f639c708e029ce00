"""Yellow tripwires on the page (mission 41): the rule in the mission's panel with how many
tripwires each stand was dealt (and how many are still uncut), the special action as a dock
button (tap a teammate's wire, confirm "it is a tripwire") by touch or keyboard, the skip of a
player left with only his tripwire (and red wires), and the log's lines."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.redwire import GameState
from engine.redwire.mechanisms import tripwires
from engine.redwire.mechanisms.tripwires import TripPoint, TripSkip

from ..markup import esc, tag
from .base import Found, View, action_use, legal

if TYPE_CHECKING:
    from engine.redwire.observation_types import Observation

    from ..selection import Selection
    from ..words import Words

Tile = tuple[int, int]


def _part(obs: Observation, w: Words) -> str:
    part = tripwires.view(obs)
    if part is None:
        return ""
    holders = [
        w.name(obs["stands"][stand]["owner"])
        for stand, count in enumerate(part["stands"])
        for _ in range(count)
    ]
    cut = sum(
        1
        for stand in obs["stands"]
        for tile in stand["slots"]
        if tile["cut"] and tile["wire"] is not None and _is_yellow(str(tile["wire"]))
    )
    text = " ".join(
        (
            w.t("rw.trip.rule"),
            w.t("rw.trip.holders", names=", ".join(holders)),
            w.t("rw.trip.left", left=len(holders) - cut, total=len(holders)),
        )
    )
    return tag("p", esc(text), class_="rw-seq", data_testid="tripwires")


def _is_yellow(label: str) -> bool:
    return label.partition(".")[2] == "1"


def _point_afford(state: GameState, seat: int) -> list[Tile] | None:
    tiles = [(a.stand, a.slot) for a in state.legal_set(seat) if isinstance(a, TripPoint)]
    return sorted(tiles) or None


def _tiles(choices: Any, sel: Selection) -> frozenset[Tile]:
    return frozenset(choices) if choices else frozenset()


def _point_build(sel: Selection, seat: int) -> TripPoint | None:
    if len(sel.targets) != 1:
        return None
    stand, slot = sel.targets[0]
    return TripPoint(seat, stand, slot)


def _skip_afford(state: GameState, seat: int) -> bool | None:
    return True if legal(state, TripSkip(seat)) else None


def _point_line(e: View, w: Words) -> Found:
    key = {"hit": "rw.log.tripHit", "miss": "rw.log.tripMiss", "red": "rw.log.tripRed"}[
        str(e["outcome"])
    ]
    kind = {"hit": "hit", "miss": "warn", "red": "warn"}[str(e["outcome"])]
    return w.t(key, who=w.name(e["seat"]), where=w.where(e["stand"], e["slot"])), kind


def _skip_line(e: View, w: Words) -> Found:
    return w.t("rw.log.tripSkip", who=w.name(e["seat"])), "info"


PARTS = (_part,)
USES = (
    action_use(
        "trip_point",
        TripPoint,
        _point_afford,
        _point_build,
        lambda a, w, obs: w.t("rw.confirm.trip_point", where=w.where(a.stand, a.slot)),
        plain=False,
        tiles=_tiles,
        select=lambda a: {"mode": "trip_point", "targets": ((a.stand, a.slot),)},
        missing=lambda sel: "rw.msg.needWire",
        probe=lambda seat, tile, sel, players: TripPoint(seat, tile[0], tile[1]),
    ),
    action_use(
        "trip_skip",
        TripSkip,
        _skip_afford,
        lambda sel, seat: TripSkip(seat),
        lambda a, w, obs: w.t("rw.confirm.trip_skip"),
    ),
)
LINES = {"trip_point": _point_line, "trip_skip": _skip_line}
