"""The blue value that acts as red on the page (mission 11): its Number card marked with the red
wires' flame and the words "acts as red", and a line saying what it means."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.redwire.mechanisms import red_value

from ..icons import icon
from ..markup import esc, tag
from .base import Found, View

if TYPE_CHECKING:
    from engine.redwire.observation_types import Observation

    from ..words import Words


def marks(obs: Observation, w: Words) -> dict[int, tuple[str, str]]:
    """The Number card of the value that acts as red."""
    return {value: ("red", w.t("rw.redValue.mark")) for value in red_value.values_in(obs)}


def _line(obs: Observation, w: Words) -> str:
    values = red_value.values_in(obs)
    if not values:
        return ""
    return tag(
        "p",
        icon("red") + esc(w.t("rw.redValue.rule", value=values[0])),
        class_="rw-red-value",
        data_testid="red-value",
    )


def _start(e: View, w: Words) -> Found:
    return w.t("rw.log.redValue", value=e["value"]), "info"


PARTS = (_line,)
LINES = {"red_value": _start}
