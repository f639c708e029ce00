"""Setup tokens drawn at random on the page (mission 13): the token each player drew, and the
ones lying beside a stand (that player holds none of that number)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.redwire.mechanisms import random_token

from ..markup import esc, tag

if TYPE_CHECKING:
    from engine.redwire.observation_types import Observation

    from ..words import Words


def beside(obs: Observation) -> dict[int, int]:
    """Seat -> the token lying beside its stand (from the log: public)."""
    return {
        int(e["seat"]): int(e["value"])
        for e in obs["log"]
        if e["type"] == "token_skipped" and e.get("reason") == "beside"
    }


def _drawn(obs: Observation, w: Words) -> str:
    part = random_token.view(obs)
    if part is None:
        return ""
    laid = beside(obs)
    items = []
    for seat, value in enumerate(part["values"]):
        if value is None:
            continue
        key = "rw.drawn.beside" if seat in laid else "rw.drawn.seat"
        items.append(tag("li", esc(w.t(key, name=w.name(seat), value=value))))
    return tag(
        "section",
        tag("h3", esc(w.t("rw.drawn.title")), class_="rw-h3")
        + tag("ul", "".join(items), class_="rw-drawn"),
        class_="rw-mission-part",
        data_testid="drawn-tokens",
    )


def _prompt(obs: Observation, w: Words) -> str | None:
    """During the setup, the token the seat to play must place."""
    part = random_token.view(obs)
    viewer = obs.get("viewer")
    if part is None or obs["phase"] != "setup_token" or obs["to_move"] != viewer:
        return None
    value = part["values"][int(obs["to_move"] or 0)]
    return w.t("rw.drawn.prompt", value=value) if value is not None else None


PARTS = (_drawn,)
PROMPTS = (_prompt,)
