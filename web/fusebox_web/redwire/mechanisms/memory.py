"""Mission 50's memory option on the page: the info tokens lying beside each stand (a badge by
each player's name: "has a 5, a 7, a yellow"), the rule in the mission's panel, and the
``token_beside`` log line. Off (the default), the tokens are drawn at their wires as in every
mission and this module draws nothing."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.redwire.mechanisms import memory

from ..icons import icon
from ..markup import esc, tag
from .base import Found, View

if TYPE_CHECKING:
    from engine.redwire.observation_types import Observation

    from ..words import Words


def _beside(obs: Observation, seat: int) -> list[tuple[int, object]]:
    """(stand, value) of the tokens beside ``seat``'s stands, in the order laid."""
    part = memory.view(obs)
    if part is None:
        return []
    owners = [st["owner"] for st in obs["stands"]]
    return [(int(s), v) for s, v in part["beside"] if owners[int(s)] == seat]


def _badge(obs: Observation, seat: int, w: Words) -> str:
    tokens = _beside(obs, seat)
    if not tokens:
        return ""
    chips, said = [], []
    for stand, value in tokens:
        number = w.stand_number(stand)
        shown = w.value(value)
        said.append(
            shown if number is None else w.t("rw.memory.onStand", value=shown, stand=number)
        )
        sym = icon("yellow") if value == "yellow" else ""
        chips.append(tag("span", sym + esc(shown), class_="rw-memory-token"))
    label = w.t("rw.memory.badgeLabel", name=w.name(seat), values=w.listing(said))
    return tag(
        "span",
        "".join(chips),
        class_="rw-badge rw-badge--memory",
        title=label,
        aria_label=label,
        role="img",
        data_testid="memory-badge",
    )


def _part(obs: Observation, w: Words) -> str:
    if memory.view(obs) is None:
        return ""
    return tag(
        "p",
        esc(w.t("rw.memory.rule")),
        class_="rw-mission-part",
        data_testid="memory-rule",
    )


def _beside_line(e: View, w: Words) -> Found:
    return (
        w.t(
            w.about("rw.log.tokenLaidBeside", e["seat"]),
            who=w.name(e["seat"]),
            value=w.value(e["value"]),
        ),
        "info",
    )


PARTS = (_part,)
SEAT_BADGES = (_badge,)
LINES = {"token_beside": _beside_line}
