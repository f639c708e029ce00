"""Equipment 8, Radar Sweep, on the page: choose a number; the log lists who said yes."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.redwire import GameState, Radar
from engine.redwire.mechanisms.equipment.radar import NUMBER

from ..base import CardUse, Chosen, Found, View, legal

if TYPE_CHECKING:
    from engine.redwire.observation_types import Observation

    from ...selection import Selection
    from ...words import Words


def _afford(state: GameState, seat: int) -> list[int] | None:
    low, high = state.wireset.blue[0], state.wireset.blue[-1]
    values = [v for v in range(low, high + 1) if legal(state, Radar(seat, v))]
    return values or None


def _build(s: Selection, seat: int) -> Radar | None:
    return Radar(seat, s.values[0]) if len(s.values) == 1 else None


def _select(action: Radar) -> Chosen:
    return {"mode": "radar", "values": (action.value,)}


def _confirm(action: Radar, w: Words, obs: Observation) -> str:
    return w.t("rw.confirm.radar", value=action.value, card=w.card_name(NUMBER))


def _answers(e: View, w: Words) -> Found:
    yes: list[str] = []
    for stand, answer in enumerate(e.get("answers", [])):
        if answer:
            name = w.name(w.owners[stand]) if stand < len(w.owners) else "?"
            number = w.stand_number(stand) if stand < len(w.owners) else None
            yes.append(name if number is None else f"{name} ({number})")
    found = w.listing(yes) if yes else w.t("rw.word.nobody")
    return w.t("rw.log.radar", who=w.name(e["seat"]), value=e["value"], found=found), "info"


USES = (
    CardUse(
        card=NUMBER,
        mode="radar",
        timing="any_time",
        afford=_afford,
        action=Radar,
        build=_build,
        select=_select,
        confirm=_confirm,
        missing=lambda sel: "rw.msg.needValue",
        values=tuple,
        values_label="rw.values.radar",
    ),
)
LINES = {"radar": _answers}
