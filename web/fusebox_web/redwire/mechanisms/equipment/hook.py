"""Equipment 11-11, Grappling Hook, on the page: tap a teammate's uncut wire to take it (with two
stands, then tap a wire of the stand it goes to); the log says where it came from and where it
went, and (to the taker and its former owner only) its value; the wire just taken is marked
on its new stand with a hook sign and words.

>>> from fusebox_web.redwire.selection import Selection
>>> _OFFERED[0] = Offer({(1, 4): (0,)}, {0: 12})
>>> USES[0].build(Selection("hook", ((1, 4),), card=1111), 0)
Hook(seat=0, stand=1, slot=4, into=0)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.redwire import GameState, Hook
from engine.redwire.mechanisms.equipment.hook import NUMBER

from ...markup import tag
from ..base import CardUse, Chosen, Found, Tile, View

if TYPE_CHECKING:
    from engine.redwire.observation_types import Observation

    from ...selection import Selection
    from ...words import Words


@dataclass(frozen=True)
class Offer:
    """What a seat may take now: each teammate's wire it may take with the stands of its own
    it may go onto, and the size of each of those stands (a tile per slot, cut ones included)."""

    wires: Mapping[Tile, tuple[int, ...]]
    sizes: Mapping[int, int]


#: The offer of each seat at the last drawing (a selection holds only taps).
_OFFERED: dict[int, Offer] = {}


def _afford(state: GameState, seat: int) -> Offer | None:
    wires: dict[Tile, tuple[int, ...]] = {}
    for a in state.legal_actions(seat):
        if isinstance(a, Hook):
            wires[(a.stand, a.slot)] = (*wires.get((a.stand, a.slot), ()), a.into)
    sizes = {st: len(state.stands[st]) for st in state.seat_stands[seat]}
    _OFFERED[seat] = Offer(wires, sizes)
    return _OFFERED[seat] if wires else None


def _taken(s: Selection, offer: Offer) -> Tile | None:
    """The teammate's wire of the selection (the last one tapped)."""
    wires = [t for t in s.targets if t in offer.wires]
    return wires[-1] if wires else None


def _build(s: Selection, seat: int) -> Hook | None:
    offer = _OFFERED.get(seat)
    wire = _taken(s, offer) if offer is not None else None
    if offer is None or wire is None:
        return None
    stands = offer.wires[wire]
    if len(stands) == 1:
        return Hook(seat, *wire, stands[0])
    chosen = [t[0] for t in s.targets if t[0] in stands]
    return Hook(seat, *wire, chosen[-1]) if chosen else None


def _tiles(offer: Offer, sel: Selection) -> frozenset[Tile]:
    """The teammates' wires; with two stands of mine and one of theirs chosen, my wires too
    (a tap on one chooses its stand)."""
    tiles = set(offer.wires)
    wire = _taken(sel, offer)
    if wire is not None and len(offer.wires[wire]) > 1:
        tiles |= {(st, sl) for st in offer.wires[wire] for sl in range(offer.sizes[st])}
    return frozenset(tiles)


def _probe(viewer: int, tile: Tile, sel: Selection, players: int) -> Hook:
    """Why a wire cannot be taken: the engine's answer for a hook onto my first stand."""
    offer = _OFFERED.get(viewer)
    return Hook(viewer, *tile, min(offer.sizes) if offer is not None and offer.sizes else -1)


def _select(action: Hook) -> Chosen:
    return {
        "mode": "hook",
        "targets": ((action.stand, action.slot), (action.into, 0)),
        "card": NUMBER,
    }


def _confirm(action: Hook, w: Words, obs: Observation) -> str:
    mine = [i for i, st in enumerate(obs["stands"]) if st["owner"] == action.seat]
    if len(mine) > 1:
        return w.t(
            "rw.confirm.hookOnto",
            card=w.card_name(NUMBER),
            where=w.where(action.stand, action.slot),
            stand=mine.index(action.into) + 1,
        )
    return w.t(
        "rw.confirm.hook", card=w.card_name(NUMBER), where=w.where(action.stand, action.slot)
    )


def _line(e: View, w: Words) -> Found:
    text = w.t(
        "rw.log.hook",
        who=w.name(e["seat"]),
        where=w.where(*e["from"]),
        to=w.where(*e["to"]),
    )
    secret = e.get("secret")
    if isinstance(secret, Mapping) and "got" in secret:
        text += " " + w.t("rw.log.hookGot", wire=w.wire(secret["got"]))
    elif isinstance(secret, Mapping) and "lost" in secret:
        text += " " + w.t("rw.log.hookLost", wire=w.wire(secret["lost"]))
    return text, "info"


#: Events after which the hooked wire's place is no longer where the log said (wires moved).
_MOVES = ("walkie", "hook", "nano_insert", "pile_join")


def _marks(obs: Observation, w: Words) -> dict[Tile, tuple[str, str]]:
    """The wire the last Grappling Hook took, on its new stand (until any wire moves again)."""
    last: Tile | None = None
    for event in obs["log"]:
        if event["type"] == "hook":
            last = (int(event["to"][0]), int(event["to"][1]))
        elif event["type"] in _MOVES:
            last = None
    if last is None:
        return {}
    mark = tag("span", "\u2693", class_="rw-hookmark", aria_hidden="true")
    return {last: (mark, w.t("rw.hook.tile"))}


USES = (
    CardUse(
        card=NUMBER,
        mode="hook",
        timing="any_time",
        afford=_afford,
        action=Hook,
        build=_build,
        select=_select,
        confirm=_confirm,
        missing=lambda sel: "rw.msg.needHookStand" if sel.targets else "rw.msg.needTheirWire",
        tiles=_tiles,
        taps=2,
        probe=_probe,
        log=lambda e, w: None,  # the hook event says it
    ),
)
TILE_MARKS = (_marks,)
LINES = {"hook": _line}
