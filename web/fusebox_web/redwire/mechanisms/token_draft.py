"""Drawn info tokens on the page (mission 27): the rule (and that nobody has a Double Detector),
the tokens laid out once two yellow wires are cut and who took which, the choice of a token by
touch or keyboard, where it goes (a pick), and the log."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.redwire import GameState
from engine.redwire.mechanisms import token_draft
from engine.redwire.mechanisms.token_draft import TakeToken
from engine.redwire.wires import BLUE_VALUES, YELLOW, value_to_json

from ..markup import esc, tag
from .base import Found, View, action_use, legal

if TYPE_CHECKING:
    from engine.redwire.observation_types import Observation

    from ..words import Words


def _part(obs: Observation, w: Words) -> str:
    part = token_draft.view(obs)
    if part is None:
        return ""
    body = tag("p", esc(w.t("rw.draft.rule")), class_="rw-seq")
    if part["drawn"]:
        drawn = w.listing([w.value(v) for v in part["drawn"]])
        body += tag("p", esc(w.t("rw.draft.drawn", values=drawn)), class_="rw-seq")
        for seat, value in part["taken"]:
            body += tag(
                "p",
                esc(w.t("rw.draft.took", name=w.name(seat), value=w.value(value))),
                class_="rw-muted",
            )
    return tag(
        "section",
        tag("h3", esc(w.t("rw.draft.title")), class_="rw-h3") + body,
        class_="rw-mission-part",
        data_testid="token-draft",
    )


def _afford(state: GameState, seat: int) -> list[int] | None:
    values = [v for v in (*BLUE_VALUES, YELLOW) if legal(state, TakeToken(seat, v))]
    return values or None


def _values(choices: Any) -> tuple[int, ...]:
    return tuple(choices or ())


def _start(e: View, w: Words) -> Found:
    return w.t("rw.log.draftStart", values=w.listing([w.value(v) for v in e["values"]])), "info"


def _take(e: View, w: Words) -> Found:
    return w.t("rw.log.takeToken", who=w.name(e["seat"]), value=w.value(e["value"])), "info"


def _beside(e: View, w: Words) -> Found:
    return w.t("rw.log.rewardBeside", who=w.name(e["seat"]), value=w.value(e["value"])), "info"


def _done(e: View, w: Words) -> Found:
    return w.t("rw.log.draftDone"), "info"


PARTS = (_part,)
TOKEN_REASONS = {"reward": "rw.log.tokenReward"}
USES = (
    action_use(
        "take_token",
        TakeToken,
        _afford,
        lambda sel, seat: TakeToken(seat, sel.values[0]) if len(sel.values) == 1 else None,
        lambda a, w, obs: w.t("rw.confirm.take_token", value=w.value(value_to_json(a.value))),
        timing="any_time",
        plain=False,
        values=_values,
        values_label="rw.values.takeToken",
        select=lambda a: {"mode": "take_token", "values": (a.value,)},
        missing=lambda sel: "rw.msg.needValue",
    ),
)
LINES = {
    "draft_start": _start,
    "take_token": _take,
    "reward_beside": _beside,
    "draft_done": _done,
}
