"""x1/x2/x3 tokens on the page (mission 24): each token drawn under its wire ("x2" drawn with a multiplication sign, said in
words: how many times that wire's value is on the stand), the rule in the mission's panel, the
setup prompt and confirm button, and the log (also when no x4 token exists)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.redwire.actions import Action, PlaceToken
from engine.redwire.mechanisms import count_tokens

from ..markup import esc, tag
from .base import Found, View

if TYPE_CHECKING:
    from engine.redwire.observation_types import Observation

    from ..words import Words

Tile = tuple[int, int]
#: The multiplication sign the physical tokens show.
TIMES = "\u00d7"


def _marks(obs: Observation, w: Words) -> dict[Tile, tuple[str, str]]:
    part = count_tokens.view(obs)
    if part is None:
        return {}
    out: dict[Tile, tuple[str, str]] = {}
    for token in part["tokens"]:
        count = token["count"]
        drawn = tag(
            "span", esc(f"{TIMES}{count}"), class_="rw-token rw-token--count", aria_hidden="true"
        )
        # The name says the token right after the wire's value, as it is seen ("blu 2, x1").
        out[(token["stand"], token["slot"])] = (drawn, w.tn("rw.count.tile", count, count=count))
    return out


def _seats_ok(obs: Observation, seat: int | None) -> bool:
    """Whether ``seat``'s wires get these tokens (mission 40 gives them to some seats only)."""
    part = count_tokens.view(obs)
    return part is not None and (seat is None or seat in part.get("seats", [seat]))


def _part(obs: Observation, w: Words) -> str:
    part = count_tokens.view(obs)
    if part is None:
        return ""
    text = w.t("rw.count.rule")
    if "seats" in part:  # mission 40: whose wires get them
        names = ", ".join(w.name(seat) for seat in part["seats"])
        text = f"{text} {w.t('rw.count.who', names=names)}"
    return tag("p", esc(text), class_="rw-seq", data_testid="count-rule")


def _prompt(obs: Observation, w: Words) -> str | None:
    if not _seats_ok(obs, obs["to_move"]) or obs["phase"] != "setup_token":
        return None
    return w.t("rw.count.prompt")


def _count_of(obs: Observation, stand: int, slot: int) -> int | None:
    labels = [t["wire"] for t in obs["stands"][stand]["slots"]]
    label = labels[slot]
    return None if label is None else sum(1 for other in labels if other == label)


def _confirm(action: Action, w: Words, obs: Observation) -> str | None:
    if not isinstance(action, PlaceToken) or not _seats_ok(obs, action.seat):
        return None
    count = _count_of(obs, action.stand, action.slot)
    if count is None:
        return None
    return w.t("rw.confirm.countToken", where=w.where_own(action.stand, action.slot), count=count)


def _line(e: View, w: Words) -> Found:
    where = w.where_their(e["stand"], e["slot"])
    if not e.get("placed", True):
        return w.t("rw.log.countNone", where=w.where(e["stand"], e["slot"])), "info"
    key = {"setup": "rw.log.countSetup", "miss": "rw.log.countMiss"}.get(
        str(e["reason"]), "rw.log.countOther"
    )
    return w.t(key, who=w.name(e["seat"]), count=e["count"], where=where), "info"


TILE_MARKS = (_marks,)
PARTS = (_part,)
PROMPTS = (_prompt,)
TOKEN_CONFIRMS = (_confirm,)
LINES = {"count_token": _line}
