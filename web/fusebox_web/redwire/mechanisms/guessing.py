"""The guessing game on the page (mission 29): your Number cards (secret: only yours are shown),
how many the others hold, the card put face down for this turn (its value only for whoever put
it), the choice of that card by touch or keyboard, the turn's warning, and the log."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.redwire import GameState
from engine.redwire.mechanisms import guessing
from engine.redwire.mechanisms.guessing import PlayNumber

from ..markup import esc, tag
from .base import Found, View, action_use, legal
from .number_cards import card_face

if TYPE_CHECKING:
    from engine.redwire.observation_types import Observation

    from ..words import Words


def _part(obs: Observation, w: Words) -> str:
    part = guessing.view(obs)
    if part is None:
        return ""
    body = ""
    if isinstance(obs.get("viewer"), int):
        mine = part["mine"]
        faces = "".join(card_face(v, "", "") for v in mine)
        body += tag("p", esc(w.t("rw.guess.mine" if mine else "rw.guess.none")), class_="rw-seq")
        if mine:
            body += tag(
                "ol",
                faces,
                class_="rw-ncards",
                aria_label=w.t("rw.guess.mineLabel", values=w.listing([str(v) for v in mine])),
                data_testid="my-number-cards",
            )
    others = [
        w.tn("rw.guess.size", size, name=w.name(seat), count=size)
        for seat, size in enumerate(part["sizes"])
        if seat != obs.get("viewer")
    ]
    body += tag("p", esc(" · ".join(others)), class_="rw-muted")
    if part["played_by"] is not None:
        key = "rw.guess.playedYours" if part["played"] is not None else "rw.guess.played"
        text = w.t(key, name=w.name(part["played_by"]), value=part["played"] or "")
        body += tag("p", esc(text), class_="rw-seq", data_testid="face-down-number")
    body += tag(
        "p", esc(w.tn("rw.guess.deck", part["deck"], count=part["deck"])), class_="rw-muted"
    )
    return tag(
        "section",
        tag("h3", esc(w.t("rw.guess.title")), class_="rw-h3") + body,
        class_="rw-mission-part",
        data_testid="guessing",
    )


def _prompt(obs: Observation, w: Words) -> str | None:
    part = guessing.view(obs)
    if part is None or part["played_by"] is None or obs["phase"] != "turn":
        return None
    return w.t("rw.guess.prompt")


def _afford(state: GameState, seat: int) -> list[int] | None:
    values = [v for v in range(1, 13) if legal(state, PlayNumber(seat, v))]
    return values or None


def _values(choices: Any) -> tuple[int, ...]:
    return tuple(choices or ())


def _played(e: View, w: Words) -> Found:
    secret = e.get("secret") or {}
    if "value" in secret:
        return w.t("rw.log.numberPlayedYours", value=secret["value"], to=w.name(e["for"])), "info"
    return w.t("rw.log.numberPlayed", who=w.name(e["seat"]), to=w.name(e["for"])), "info"


def _turned(e: View, w: Words) -> Found:
    key = "rw.log.numberPenalty" if e["penalty"] else "rw.log.numberTurned"
    if e.get("coffee"):
        key = "rw.log.numberCoffee"
    kind = "miss" if e["penalty"] else "info"
    return w.t(key, value=e["value"], who=w.name(e["to"])), kind


def _drawn(e: View, w: Words) -> Found:
    secret = e.get("secret") or {}
    if "value" in secret:
        return w.t("rw.log.numberDrawnYours", value=secret["value"]), "info"
    return w.t("rw.log.numberDrawn", who=w.name(e["seat"])), "info"


def _discarded(e: View, w: Words) -> Found:
    return w.t("rw.log.numbersDiscarded", values=w.listing([str(v) for v in e["values"]])), "info"


PARTS = (_part,)
PROMPTS = (_prompt,)
USES = (
    action_use(
        "play_number",
        PlayNumber,
        _afford,
        lambda sel, seat: PlayNumber(seat, sel.values[0]) if len(sel.values) == 1 else None,
        lambda a, w, obs: w.t("rw.confirm.play_number", value=a.value),
        timing="any_time",
        plain=False,
        values=_values,
        values_label="rw.values.playNumber",
        select=lambda a: {"mode": "play_number", "values": (a.value,)},
        missing=lambda sel: "rw.msg.needValue",
    ),
)
LINES = {
    "number_played": _played,
    "number_turned": _turned,
    "number_drawn": _drawn,
    "numbers_discarded": _discarded,
}
