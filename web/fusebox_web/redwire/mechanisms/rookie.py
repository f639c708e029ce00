"""The rookie on the page (mission 14): a badge by the rookie's name, and the rule in words in
the mission's panel (and, for the rookie, in the turn's prompt)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.redwire.mechanisms import rookie

from ..icons import icon
from ..markup import esc, tag

if TYPE_CHECKING:
    from engine.redwire.observation_types import Observation

    from ..words import Words


def _badge(obs: Observation, seat: int, w: Words) -> str:
    if not rookie.miss_explodes_in(obs, seat):
        return ""
    label = w.t("rw.rookie.badgeLabel")
    return tag(
        "span",
        icon("captain") + esc(w.t("rw.rookie.badge")),
        class_="rw-badge rw-badge--role",
        title=label,
        aria_label=label,
        role="img",
        data_testid="rookie-badge",
    )


def _part(obs: Observation, w: Words) -> str:
    part = rookie.view(obs)
    if part is None:
        return ""
    return tag(
        "p",
        esc(w.t("rw.rookie.rule", name=w.name(part["rookie"]))),
        class_="rw-seq",
        data_testid="rookie",
    )


def _prompt(obs: Observation, w: Words) -> str | None:
    viewer = obs.get("viewer")
    if isinstance(viewer, int) and rookie.miss_explodes_in(obs, viewer):
        return w.t("rw.rookie.prompt")
    return None


SEAT_BADGES = (_badge,)
PARTS = (_part,)
PROMPTS = (_prompt,)
