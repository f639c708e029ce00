"""Wires dealt first on the page (mission 13): how many red wires each player was dealt."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.redwire.mechanisms import dealt_first

from ..icons import icon
from ..markup import esc, tag

if TYPE_CHECKING:
    from engine.redwire.observation_types import Observation

    from ..words import Words


def _dealt(obs: Observation, w: Words) -> str:
    part = dealt_first.view(obs)
    if part is None:
        return ""
    per_seat: dict[int, int] = {}
    for stand, count in enumerate(part["stands"]):
        owner = obs["stands"][stand]["owner"]
        per_seat[owner] = per_seat.get(owner, 0) + count
    who = w.listing(
        [
            w.t("rw.dealt.each", name=w.name(seat), count=count)
            for seat, count in sorted(per_seat.items())
            if count
        ]
    )
    key = "rw.dealt.red" if part["colour"] == "red" else "rw.dealt.yellow"
    return tag(
        "p",
        icon(part["colour"]) + esc(w.t(key, who=who)),
        class_="rw-red-value",
        data_testid="dealt-first",
    )


PARTS = (_dealt,)
