"""The new characters on the page (rule sticker B, from mission 31): a badge by each player's
name with his personal equipment (E1-E4, ready or used: a text mark besides its look), their
list in the mission's panel, the Radar Sweep and the Walkie-Talkies of one's own as dock buttons
(any time), the Triple Scanner as a detector of the Dual Cut (its name), and the log."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.redwire import GameState
from engine.redwire.mechanisms import new_characters
from engine.redwire.mechanisms.new_characters import DD, TRIPLE, OwnRadar, OwnWalkie

from ..icons import icon
from ..markup import classes, esc, tag
from .base import Chosen, Found, Tile, View, action_use, legal, one_tile, own_label

if TYPE_CHECKING:
    from engine.redwire.observation_types import Observation

    from ..selection import Selection
    from ..words import Words


def name(w: Words, character: str) -> str:
    """A character's personal equipment in the player's language ("Radar Sweep (E1)")."""
    return w.t(f"rw.character.{character}")


def _badge(obs: Observation, seat: int, w: Words) -> str:
    part = new_characters.view(obs)
    if part is None:
        return ""
    entry = part["characters"][seat]
    if entry["character"] == DD:
        return ""  # the Double Detector's own badge
    used = entry["used"]
    label = w.t(
        "rw.personal.used" if used else "rw.personal.ready",
        name=w.name(seat),
        equipment=name(w, entry["character"]),
    )
    return tag(
        "span",
        icon("detector") + esc(entry["character"]),
        class_=classes("rw-badge rw-badge--dd", used and "is-used"),
        title=label,
        aria_label=label,
        role="img",
        data_testid=f"character-badge-{seat}",
    )


def _part(obs: Observation, w: Words) -> str:
    part = new_characters.view(obs)
    if part is None:
        return ""
    items = []
    for entry in part["characters"]:
        state = w.t("rw.personal.usedShort") if entry["used"] else ""
        text = f"{w.name(entry['seat'])}: {name(w, entry['character'])}"
        items.append(tag("li", esc(text + (f" ({state})" if state else ""))))
    return tag(
        "div",
        tag("p", esc(w.t("rw.personal.title")), class_="rw-seq")
        + tag("ul", "".join(items), class_="rw-plain-list"),
        data_testid="characters",
    )


# --------------------------------------------------------------------------- E1: the Radar


def _radar_afford(state: GameState, seat: int) -> list[int] | None:
    values = [v for v in state.wireset.blue if legal(state, OwnRadar(seat, v))]
    return values or None


def _radar_confirm(action: OwnRadar, w: Words, obs: Observation) -> str:
    return w.t("rw.confirm.own_radar", value=action.value)


# --------------------------------------------------------------------------- E2: the exchange


def _walkie_afford(state: GameState, seat: int) -> dict[str, Any] | None:
    mine = state.hand(seat)
    partners = [p for p in range(state.players) if p != seat and state.has_wires(p)]
    if mine and partners and legal(state, OwnWalkie(seat, mine[0][0], mine[0][1], partners[0])):
        return {"tiles": [(st, sl) for st, sl, _ in mine], "partners": partners}
    return None


def _walkie_build(sel: Selection, seat: int) -> OwnWalkie | None:
    one = one_tile(sel)
    return OwnWalkie(seat, one[0], one[1], sel.seats[0]) if one and sel.seats else None


def _walkie_tiles(choices: dict[str, Any], sel: Selection) -> frozenset[Tile]:
    return frozenset(choices["tiles"])


def _walkie_confirm(action: OwnWalkie, w: Words, obs: Observation) -> str:
    return w.t(
        "rw.confirm.own_walkie",
        where=w.where_own(action.stand, action.slot),
        wire=w.wire(own_label(obs, action.stand, action.slot)),
        partner=w.name(action.partner),
    )


def _walkie_select(action: OwnWalkie) -> Chosen:
    return {
        "mode": "own_walkie",
        "targets": ((action.stand, action.slot),),
        "seats": (action.partner,),
    }


# --------------------------------------------------------------------------- the log


def _characters(e: View, w: Words) -> Found:
    names = [f"{w.name(seat)}: {name(w, c)}" for seat, c in enumerate(e["characters"])]
    return w.t("rw.log.characters", list=w.listing(names)), "info"


def _personal(e: View, w: Words) -> Found:
    if "partner" in e:
        return (
            w.t(
                "rw.log.ownWalkie",
                who=w.name(e["seat"]),
                partner=w.name(e["partner"]),
                where=w.where(e["stand"], e["slot"]),
            ),
            "info",
        )
    return w.t("rw.log.personal", who=w.name(e["seat"]), equipment=name(w, e["character"])), "info"


def tool_name(tool: str, w: Words, logged: bool = False) -> str | None:
    """The Triple Scanner's name: on its owner's own buttons and prompts "My Triple Scanner"
    (the equipment card 3 is a Triple Scanner too); in the log, said of whoever used it, the
    character's name ("Ana uses the Triple Scanner (E3)", not "the My Triple Scanner")."""
    if tool != TRIPLE:
        return None
    return w.t("rw.character.E3") if logged else w.t("rw.tool.own_triple")


SEAT_BADGES = (_badge,)
PARTS = (_part,)
USES = (
    action_use(
        "own_radar",
        OwnRadar,
        _radar_afford,
        lambda sel, seat: OwnRadar(seat, sel.values[0]) if len(sel.values) == 1 else None,
        _radar_confirm,
        timing="any_time",
        plain=False,
        values=tuple,
        values_label="rw.values.radar",
        select=lambda a: {"mode": "own_radar", "values": (a.value,)},
        missing=lambda sel: "rw.msg.needValue",
    ),
    action_use(
        "own_walkie",
        OwnWalkie,
        _walkie_afford,
        _walkie_build,
        _walkie_confirm,
        timing="any_time",
        plain=False,
        select=_walkie_select,
        missing=lambda sel: "rw.msg.needSeat" if sel.targets else "rw.msg.needWire",
        tiles=_walkie_tiles,
        seats=lambda choices: list(choices["partners"]),
        seats_label="rw.seats.walkie",
        probe=lambda viewer, tile, sel, players: OwnWalkie(
            viewer, tile[0], tile[1], (viewer + 1) % players
        ),
    ),
)
LINES = {"characters": _characters, "personal": _personal}
