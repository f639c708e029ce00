"""The pile of wires on the mission card on the page (mission 54's eleven reds): the pile drawn
as face-down red wires with their count in figures and words; one dock button per stand, any
time no action is being resolved, for the one control the table has: "a red wire from the pile
joins this stand" (pressed by a person when the audio track says so; touch or keyboard); the new
wire marked where it arrived (its value on its owner's screen only: the board draws the stand
from the observation); the log lines.

>>> from fusebox_web.redwire.mechanisms.wire_pile import MAX_STANDS
>>> MAX_STANDS
5
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.redwire import GameState
from engine.redwire.mechanisms import wire_pile
from engine.redwire.mechanisms.wire_pile import PileJoin

from ..markup import esc, tag
from .base import CardUse, Found, View, action_use, legal

if TYPE_CHECKING:
    from engine.redwire.observation_types import Observation

    from ..words import Words

Tile = tuple[int, int]
#: The most stands a table has (five players; two players: four); one dock button per stand.
MAX_STANDS = 5


def _pile(obs: Observation, w: Words) -> str:
    """The pile: a face-down wire (a red back with "?") per wire left, and the count."""
    part = wire_pile.view(obs)
    if part is None:
        return ""
    left, colour = part["pile"]["left"], part["colour"]
    wires = "".join(
        tag("span", "?", class_=f"rw-pile-wire rw-pile-wire--{colour}", aria_hidden="true")
        for _ in range(left)
    )
    status = w.t(f"rw.pile.status.{colour}", count=left)
    return tag(
        "section",
        tag("h3", esc(w.t(f"rw.pile.title.{colour}")), class_="rw-h3")
        + tag("p", wires, class_="rw-pile-row", role="img", aria_label=status)
        + tag("p", esc(status), class_="rw-seq", data_testid="pile-count")
        + tag("p", esc(w.t("rw.pile.rule")), class_="rw-seq"),
        class_="rw-mission-part rw-pile",
        role="note",
        data_testid="wire-pile",
        data_left=str(left),
    )


def _marks(obs: Observation, w: Words) -> dict[Tile, tuple[str, str]]:
    """The wire that came from the pile last, where it lies (until anything moves a wire)."""
    if wire_pile.view(obs) is None:
        return {}
    last: Tile | None = None
    for event in obs["log"]:
        if event["type"] == "pile_join":
            last = (int(event["stand"]), int(event["slot"]))
        elif "to_partner" in event:  # a Walkie-Talkies exchange moved wires since
            last = None
    if last is None:
        return {}
    mark = tag("span", "♦", class_="rw-pilemark", aria_hidden="true")
    return {last: (mark, w.t("rw.pile.tile"))}


def _join_use(index: int) -> CardUse:
    """The button that brings the pile's top wire to stand ``index``."""
    name = f"pile_join_{index}"

    def afford(state: GameState, seat: int) -> bool | None:
        return True if legal(state, PileJoin(seat, index)) else None

    return action_use(
        name,
        PileJoin,
        afford,
        lambda sel, seat: PileJoin(seat, index),
        lambda a, w, obs: w.t("rw.confirm.pile_join", stand=a.stand + 1),
        timing="any_time",
        select=lambda a: {"mode": f"pile_join_{a.stand}"},
    )


def _join_line(e: View, w: Words) -> Found:
    wire = e.get("secret", {}).get("wire")
    params = {
        "who": w.name(e["seat"]),
        "owner": w.name(e["owner"]),
        "stand": int(e["stand"]) + 1,
        "slot": int(e["slot"]) + 1,
        "left": e["left"],
    }
    if wire is not None:
        return w.t("rw.log.pileJoinOwn", value=wire, **params), "info"
    return w.t("rw.log.pileJoin", **params), "info"


def _start_line(e: View, w: Words) -> Found:
    return w.t(f"rw.log.pile.{e['colour']}", count=e["wires"]), "info"


PARTS = (_pile,)
TILE_MARKS = (_marks,)
USES = tuple(_join_use(index) for index in range(MAX_STANDS))
LINES = {"wire_pile": _start_line, "pile_join": _join_line}
