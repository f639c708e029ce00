"""Equipment 2-2, Single Wire Label, on the page: tap one of your blue wires whose value is on
its stand only once; the x1 tokens are drawn under their wires (a sign and words)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.redwire import SingleLabel
from engine.redwire.mechanisms.equipment import single_label
from engine.redwire.mechanisms.equipment.single_label import NUMBER

from ...markup import esc, tag
from ..base import Found, Tile, View, own_wire_use

if TYPE_CHECKING:
    from engine.redwire.observation_types import Observation

    from ...words import Words


def _confirm(action: SingleLabel, w: Words, obs: Observation) -> str:
    return w.t(
        "rw.confirm.single_label",
        card=w.card_name(NUMBER),
        where=w.where_own(action.stand, action.slot),
    )


def _marks(obs: Observation, w: Words) -> dict[Tile, tuple[str, str]]:
    """The x1 tokens under their wires: drawn with a multiplication sign, said in words."""
    part = single_label.view(obs)
    if part is None:
        return {}
    drawn = tag("span", esc("\u00d71"), class_="rw-token rw-token--count", aria_hidden="true")
    return {(t["stand"], t["slot"]): (drawn, w.t("rw.single.tile")) for t in part["tokens"]}


def _line(e: View, w: Words) -> Found:
    where = w.where_their(e["stand"], e["slot"])
    return w.t("rw.log.single_label", who=w.name(e["seat"]), where=where), "info"


USES = (
    own_wire_use(
        NUMBER,
        "single_label",
        SingleLabel,
        _confirm,
        log=lambda e, w: None,  # the single_label event says it
    ),
)
TILE_MARKS = (_marks,)
LINES = {"single_label": _line}
