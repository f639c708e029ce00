"""X wires on the page (mission 20): an "X" drawn on each stand's unsorted far-right wire and said
in its name, and the rule in words in the mission's panel."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.redwire.mechanisms import x_wires

from ..markup import esc, tag

if TYPE_CHECKING:
    from engine.redwire.observation_types import Observation

    from ..words import Words

Tile = tuple[int, int]


def _marks(obs: Observation, w: Words) -> dict[Tile, tuple[str, str]]:
    part = x_wires.view(obs)
    if part is None:
        return {}
    mark = tag("span", "X", class_="rw-xmark", aria_hidden="true")
    words = w.t("rw.x.tile")
    return dict.fromkeys(((stand, slot) for stand, slot in part["x"]), (mark, words))


def _part(obs: Observation, w: Words) -> str:
    if x_wires.view(obs) is None:
        return ""
    return tag(
        "p",
        tag("span", "X", class_="rw-xmark rw-xmark--inline", aria_hidden="true")
        + esc(w.t("rw.x.rule")),
        class_="rw-seq",
        data_testid="x-wires",
    )


TILE_MARKS = (_marks,)
PARTS = (_part,)
