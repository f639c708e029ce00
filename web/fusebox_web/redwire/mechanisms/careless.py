"""The careless captain on the page (mission 28): a badge by the captain's name (no Double
Detector badge for him), the rule in the mission's panel, and a warning in his own prompt."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.redwire.mechanisms import careless

from ..icons import icon
from ..markup import esc, tag

if TYPE_CHECKING:
    from engine.redwire.observation_types import Observation

    from ..words import Words


def _badge(obs: Observation, seat: int, w: Words) -> str:
    part = careless.view(obs)
    if part is None or part["careless"] != seat:
        return ""
    label = w.t("rw.careless.badgeLabel")
    return tag(
        "span",
        icon("captain") + esc(w.t("rw.careless.badge")),
        class_="rw-badge rw-badge--role",
        title=label,
        aria_label=label,
        role="img",
        data_testid="careless-badge",
    )


def _part(obs: Observation, w: Words) -> str:
    part = careless.view(obs)
    if part is None:
        return ""
    return tag(
        "p",
        esc(w.t("rw.careless.rule", name=w.name(part["careless"]))),
        class_="rw-seq",
        data_testid="careless",
    )


def _prompt(obs: Observation, w: Words) -> str | None:
    part = careless.view(obs)
    if part is None or obs.get("viewer") != part["careless"] or obs["phase"] != "turn":
        return None
    return w.t("rw.careless.prompt")


SEAT_BADGES = (_badge,)
PARTS = (_part,)
PROMPTS = (_prompt,)
