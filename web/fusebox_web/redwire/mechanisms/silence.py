"""Silence on numbers on the page (mission 25): the rule stated on the board and the briefing,
a reminder in the turn's prompt, and the honour system's button "A number was said" (any
player, any time: the detonator moves one step), with the slips counted."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.redwire import GameState
from engine.redwire.mechanisms import silence
from engine.redwire.mechanisms.silence import NumberSaid

from ..markup import esc, tag
from .base import Found, View, action_use, legal

if TYPE_CHECKING:
    from engine.redwire.observation_types import Observation

    from ..words import Words


def _afford(state: GameState, seat: int) -> bool | None:
    return True if legal(state, NumberSaid(seat)) else None


def _part(obs: Observation, w: Words) -> str:
    part = silence.view(obs)
    if part is None:
        return ""
    return tag(
        "section",
        tag("h3", esc(w.t("rw.silence.title")), class_="rw-h3")
        + tag("p", esc(w.t("rw.silence.rule")), class_="rw-seq")
        + tag(
            "p",
            esc(w.tn("rw.silence.slips", part["slips"], count=part["slips"])),
            class_="rw-muted",
        ),
        class_="rw-mission-part rw-silence",
        role="note",
        data_testid="silence",
    )


def _prompt(obs: Observation, w: Words) -> str | None:
    if silence.view(obs) is None or obs["phase"] != "turn":
        return None
    return w.t("rw.silence.prompt")


def _line(e: View, w: Words) -> Found:
    return w.t("rw.log.numberSaid", who=w.name(e["seat"])), "miss"


PARTS = (_part,)
PROMPTS = (_prompt,)
USES = (
    action_use(
        "number_said",
        NumberSaid,
        _afford,
        lambda s, seat: NumberSaid(seat),
        lambda a, w, obs: w.t("rw.confirm.number_said"),
        timing="any_time",
    ),
)
LINES = {"number_said": _line}
