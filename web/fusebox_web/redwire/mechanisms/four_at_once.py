"""Four at once on the page (mission 23): the Number card (face down until the setup tokens are
placed), the rule and the wires pointed at so far, the special action's button, the prompt's
reminder that its value is never announced, and the log (the four, the deck running down)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.redwire import GameState
from engine.redwire.mechanisms import four_at_once
from engine.redwire.mechanisms.equipment import tray
from engine.redwire.mechanisms.four_at_once import FourAtOnce

from ..markup import esc, tag
from .base import Found, View, action_use, legal

if TYPE_CHECKING:
    from engine.redwire.observation_types import Observation

    from ..words import Words


def _afford(state: GameState, seat: int) -> bool | None:
    return True if legal(state, FourAtOnce(seat)) else None


def _part(obs: Observation, w: Words) -> str:
    part = four_at_once.view(obs)
    if part is None:
        return ""
    value = part["value"]
    if value is None:
        card = tag("p", esc(w.t("rw.four.faceDown")), class_="rw-seq")
    else:
        card = tag(
            "p",
            tag("span", esc(str(value)), class_="rw-ncard", data_value=value)
            + " "
            + esc(w.t("rw.four.done" if part["done"] else "rw.four.rule", value=value)),
            class_="rw-seq",
        )
    chosen = ""
    if part["chosen"]:
        where = w.listing([w.where(stand, slot) for stand, slot in part["chosen"]])
        chosen = tag("p", esc(w.t("rw.four.chosen", where=where)), class_="rw-seq")
    deck = ""
    equipment = tray.view(obs)
    if equipment is not None and not part["done"]:
        left = equipment.get("face_down", 0)
        deck = tag("p", esc(w.t("rw.four.deck", count=left)), class_="rw-muted")
    return tag(
        "section",
        tag("h3", esc(w.t("rw.four.title")), class_="rw-h3") + card + chosen + deck,
        class_="rw-mission-part",
        data_testid="four-at-once",
    )


def _prompt(obs: Observation, w: Words) -> str | None:
    part = four_at_once.view(obs)
    if part is None or part["value"] is None or part["done"] or obs["phase"] != "turn":
        return None
    return w.t("rw.four.prompt", value=part["value"])


def _up(e: View, w: Words) -> Found:
    return w.t("rw.log.numberUp", value=e["value"]), "info"


def _start(e: View, w: Words) -> Found:
    return w.t("rw.log.fourStart", who=w.name(e["seat"]), value=e["value"]), "info"


def _point(e: View, w: Words) -> Found:
    return w.t(
        "rw.log.fourPoint", who=w.name(e["seat"]), where=w.where(e["stand"], e["slot"])
    ), "info"


def _cut(e: View, w: Words) -> Found:
    if e["outcome"] == "hit":
        return w.t("rw.log.fourHit", who=w.name(e["seat"]), value=e["value"]), "hit"
    return w.t("rw.log.fourMiss", who=w.name(e["seat"]), value=e["value"]), "boom"


def _discarded(e: View, w: Words) -> Found:
    return w.t("rw.log.deckDiscarded", count=e["left"]), "info"


PARTS = (_part,)
PROMPTS = (_prompt,)
USES = (
    action_use(
        "four_at_once",
        FourAtOnce,
        _afford,
        lambda s, seat: FourAtOnce(seat),
        lambda a, w, obs: w.t("rw.confirm.four_at_once"),
    ),
)
LINES = {
    "number_up": _up,
    "four_start": _start,
    "four_point": _point,
    "four_cut": _cut,
    "equipment_discarded": _discarded,
}
