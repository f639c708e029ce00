"""Tokens beside the stands on the page (mission 22): the setup tokens laid by touch or keyboard
(a wire of the stand, then a value not held), drawn as badges by each player's name ("no 7")
and listed in words, the gift (a value for the left neighbour, then where it goes), the log."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.redwire import GameState
from engine.redwire.mechanisms import negative_tokens
from engine.redwire.mechanisms.negative_tokens import VALUES, GiveToken, NegativeToken
from engine.redwire.wires import value_to_json

from ..markup import esc, tag
from .base import Found, View, action_use, legal

if TYPE_CHECKING:
    from engine.redwire.observation_types import Observation

    from ..selection import Selection
    from ..words import Words

Tile = tuple[int, int]


def _tokens_of(obs: Observation, seat: int) -> list[str]:
    part = negative_tokens.view(obs)
    if part is None:
        return []
    return [str(t["value"]) for t in part["tokens"] if t["seat"] == seat]


def _badge(obs: Observation, seat: int, w: Words) -> str:
    values = _tokens_of(obs, seat)
    if not values:
        return ""
    shown = [w.value(v) for v in values]
    label = w.t("rw.negative.badgeLabel", values=w.listing(shown))
    return tag(
        "span",
        esc(" ".join("∅" + v for v in shown)),
        class_="rw-badge rw-badge--negative",
        title=label,
        aria_label=label,
        role="img",
        data_testid="negative-badge",
    )


def _part(obs: Observation, w: Words) -> str:
    part = negative_tokens.view(obs)
    if part is None:
        return ""
    items = []
    for seat in range(int(obs["players"])):
        values = _tokens_of(obs, seat)
        if values:
            listed = w.listing([w.value(v) for v in values])
            items.append(tag("li", esc(w.t("rw.negative.seat", name=w.name(seat), values=listed))))
    gift = {
        "none": "rw.negative.giftLater",
        "due": "rw.negative.giftDue",
        "giving": "rw.negative.giftNow",
        "done": "rw.negative.giftDone",
    }[part["gift"]]
    return tag(
        "section",
        tag("h3", esc(w.t("rw.negative.title")), class_="rw-h3")
        + (tag("ul", "".join(items), class_="rw-drawn") if items else "")
        + tag("p", esc(w.t(gift)), class_="rw-seq"),
        class_="rw-mission-part",
        data_testid="negative-tokens",
    )


def _prompt(obs: Observation, w: Words) -> str | None:
    if negative_tokens.view(obs) is None or obs["phase"] != "setup_token":
        return None
    return w.t("rw.negative.prompt")


def _afford(state: GameState, seat: int) -> dict[Tile, list[int]] | None:
    """The wires of each stand that may take a token beside it, with the values it may show."""
    found: dict[Tile, list[int]] = {}
    for stand in state.seat_stands[seat]:
        values = [v for v in VALUES if legal(state, NegativeToken(seat, stand, v))]
        if values:
            for slot in range(len(state.stands[stand])):
                found[(stand, slot)] = values
    return found or None


def _tiles(choices: Any, sel: Selection) -> frozenset[Tile]:
    return frozenset(choices) if choices else frozenset()


def _values(choices: Any) -> tuple[int, ...]:
    held = {v for values in (choices or {}).values() for v in values}
    return tuple(v for v in VALUES if v in held)


def _build(sel: Selection, seat: int) -> NegativeToken | None:
    if len(sel.targets) != 1 or len(sel.values) != 1:
        return None
    return NegativeToken(seat, sel.targets[0][0], sel.values[0])


def _afford_gift(state: GameState, seat: int) -> list[int] | None:
    values = [v for v in VALUES if legal(state, GiveToken(seat, v))]
    return values or None


def _build_gift(sel: Selection, seat: int) -> GiveToken | None:
    return GiveToken(seat, sel.values[0]) if len(sel.values) == 1 else None


def _line_negative(e: View, w: Words) -> Found:
    return (
        w.t("rw.log.negativeToken", who=w.name(e["seat"]), value=w.value(e["value"])),
        "info",
    )


def _line_short(e: View, w: Words) -> Found:
    return w.t("rw.log.negativeShort", who=w.name(e["seat"])), "info"


def _line_start(e: View, w: Words) -> Found:
    return w.t("rw.log.giftStart", who=w.name(e["captain"])), "info"


def _line_give(e: View, w: Words) -> Found:
    return (
        w.t(
            "rw.log.giveToken", who=w.name(e["seat"]), to=w.name(e["to"]), value=w.value(e["value"])
        ),
        "info",
    )


def _line_beside(e: View, w: Words) -> Found:
    return w.t("rw.log.giftBeside", who=w.name(e["seat"]), value=w.value(e["value"])), "info"


def _line_done(e: View, w: Words) -> Found:
    return w.t("rw.log.giftDone"), "info"


SEAT_BADGES = (_badge,)
PARTS = (_part,)
PROMPTS = (_prompt,)
TOKEN_REASONS = {"gift": "rw.log.tokenGift"}
USES = (
    action_use(
        "negative_token",
        NegativeToken,
        _afford,
        _build,
        lambda a, w, obs: w.t("rw.confirm.negative_token", value=w.value(value_to_json(a.value))),
        timing="any_time",
        plain=False,
        tiles=_tiles,
        values=_values,
        values_label="rw.values.negativeToken",
        select=lambda a: {
            "mode": "negative_token",
            "targets": ((a.stand, 0),),
            "values": (a.value,),
        },
        missing=lambda sel: "rw.msg.needWire" if not sel.targets else "rw.msg.needValue",
        probe=lambda seat, tile, sel, players: NegativeToken(seat, tile[0], 13),
    ),
    action_use(
        "give_token",
        GiveToken,
        _afford_gift,
        _build_gift,
        lambda a, w, obs: w.t(
            "rw.confirm.give_token",
            value=w.value(value_to_json(a.value)),
            who=w.name((a.seat + 1) % int(obs["players"])),
        ),
        timing="any_time",
        plain=False,
        values=tuple,
        values_label="rw.values.giveToken",
        select=lambda a: {"mode": "give_token", "values": (a.value,)},
        missing=lambda sel: "rw.msg.needValue",
    ),
)
LINES = {
    "negative_token": _line_negative,
    "negative_short": _line_short,
    "gift_start": _line_start,
    "give_token": _line_give,
    "gift_beside": _line_beside,
    "gift_done": _line_done,
    "token_skipped:holds_all": lambda e, w: (
        w.t("rw.log.negativeNone", who=w.name(e["seat"])),
        "info",
    ),
}
