"""The Double Detector on the page: each player's badge (ready or used; "∞" when it never runs
out, mission 58) and the tool's name."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.redwire.mechanisms import double_detector

from ..icons import icon
from ..markup import classes, esc, tag

if TYPE_CHECKING:
    from engine.redwire.observation_types import Observation

    from ..words import Words


def badge(obs: Observation, seat: int, w: Words) -> str:
    """The badge by a player's name: their Double Detector, ready or used ("" without one)."""
    if double_detector.view(obs) is None or double_detector.absent_in(obs, seat):
        return ""  # no character card: no Double Detector
    used = double_detector.used_in(obs, seat)
    unlimited = double_detector.unlimited_in(obs)
    key = "rw.dd.unlimited" if unlimited else "rw.dd.used" if used else "rw.dd.ready"
    label = w.t(key, name=w.detector_name())
    mark = tag("span", "∞", class_="rw-dd-unlimited", aria_hidden="true") if unlimited else ""
    return tag(
        "span",
        icon("detector") + esc(w.t("rw.dd.short")) + mark,
        class_=classes("rw-badge rw-badge--dd", used and "is-used", unlimited and "is-unlimited"),
        title=label,
        aria_label=label,
        role="img",
    )


def legend(obs: Observation, w: Words) -> str:
    """What the "DD" badge means ("" when the mission has no Double Detector)."""
    if double_detector.view(obs) is None:
        return ""
    return w.t("rw.dd.legendUnlimited" if double_detector.unlimited_in(obs) else "rw.dd.legend")


def short_name(w: Words) -> str:
    """The badge's two letters, which the rules' legend explains."""
    return w.t("rw.dd.short")


def tool_name(tool: str, w: Words) -> str | None:
    return w.detector_name() if tool == "double" else None
