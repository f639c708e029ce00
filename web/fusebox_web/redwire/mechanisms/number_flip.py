"""Turning up the Number deck's cards on the page (mission 30): the button anyone presses when
the audio track says to turn up a card (the deck and its face-up card are drawn by the Number
cards' part), and the log."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.redwire import GameState
from engine.redwire.mechanisms.number_flip import FlipNumber

from .base import Found, View, action_use, legal

if TYPE_CHECKING:
    from ..words import Words


def _afford(state: GameState, seat: int) -> bool | None:
    return True if legal(state, FlipNumber(seat)) else None


def _line(e: View, w: Words) -> Found:
    return w.t("rw.log.numberFlip", who=w.name(e["seat"]), value=e["value"]), "info"


USES = (
    action_use(
        "flip_number",
        FlipNumber,
        _afford,
        lambda s, seat: FlipNumber(seat),
        lambda a, w, obs: w.t("rw.confirm.flip_number"),
        timing="any_time",
    ),
)
LINES = {"number_flip": _line}
