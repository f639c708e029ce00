"""Hand-me-downs on the page (mission 65): the Number cards in front of each player (face up or
face down, each card with its state in words and a symbol, each row named for its player), the
turn's reminder of the values one may cut, the skip (a dock button, opened at once when it is the
one move), the gift at the end of the turn (a card chip and a teammate chip, by touch or
keyboard), and the log."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.redwire import GameState
from engine.redwire.mechanisms import hand_me_downs, number_cards
from engine.redwire.mechanisms.hand_me_downs import GiveNumber, HandSkip

from ..markup import esc, tag
from .base import Chosen, Found, View, action_use, legal
from .number_cards import card_face

if TYPE_CHECKING:
    from engine.redwire.observation_types import Observation

    from ..selection import Selection
    from ..words import Words


def _seat_row(obs: Observation, w: Words, seat: int, hand: list[Any]) -> str:
    """One player's cards: the name, then each card (a face-down one marked so in words)."""
    faces = "".join(
        card_face(
            int(c["value"]),
            "done" if c["down"] else "",
            w.t("rw.hand.down") if c["down"] else "",
        )
        for c in hand
    )
    up = [str(c["value"]) for c in hand if not c["down"]]
    down = [str(c["value"]) for c in hand if c["down"]]
    label = w.t(
        w.about("rw.hand.label", seat),
        who=w.name(seat),
        up=w.listing(up) if up else w.t("rw.hand.noneUp"),
    )
    if down:
        label += " " + w.t("rw.hand.labelDown", down=w.listing(down))
    you = seat == obs.get("viewer")
    name = tag("span", esc(w.t("rw.hand.you") if you else w.name(seat)), class_="rw-hand-name")
    cards = (
        tag("ol", faces, class_="rw-ncards rw-hand-cards", aria_hidden="true")
        if hand
        else tag("span", esc(w.t("rw.hand.empty")), class_="rw-muted")
    )
    active = seat == obs.get("active") and obs["phase"] in ("turn", "hand_give")
    return tag(
        "li",
        name + cards,
        class_="rw-hand" + (" is-active" if active else ""),
        aria_label=label,
        data_testid="hand-row",
        data_seat=seat,
    )


def _part(obs: Observation, w: Words) -> str:
    part = hand_me_downs.view(obs)
    cards = number_cards.view(obs)
    if part is None or cards is None or "hands" not in cards:
        return ""
    rows = "".join(_seat_row(obs, w, seat, hand) for seat, hand in enumerate(cards["hands"]))
    body = tag("p", esc(w.t("rw.hand.rule")), class_="rw-seq")
    body += tag("ul", rows, class_="rw-hands", data_testid="hands")
    if part["stranded_loss"]:
        body += tag("p", esc(w.t("rw.hand.strandedRule")), class_="rw-seq")
    return tag(
        "section",
        tag("h3", esc(w.t("rw.hand.title")), class_="rw-h3") + body,
        class_="rw-mission-part",
        data_testid="hand-me-downs",
    )


def _mine(obs: Observation) -> list[int]:
    cards = number_cards.view(obs)
    viewer = obs.get("viewer")
    if cards is None or "hands" not in cards or not isinstance(viewer, int):
        return []
    return [int(c["value"]) for c in cards["hands"][viewer] if not c["down"]]


def _prompt(obs: Observation, w: Words) -> str | None:
    if hand_me_downs.view(obs) is None or obs["phase"] != "turn":
        return None
    if obs.get("viewer") != obs["active"]:
        return None
    mine = _mine(obs)
    if not mine:
        return w.t("rw.hand.promptNone")
    return w.t("rw.hand.prompt", values=w.listing([str(v) for v in mine]))


def _give_prompt(obs: Observation, w: Words) -> str | None:
    part = hand_me_downs.view(obs)
    if part is None or part["resume"] is None:
        return None
    return w.t("rw.hand.promptGive", who=w.name(part["resume"]))


def _skip_afford(state: GameState, seat: int) -> bool | None:
    return True if legal(state, HandSkip(seat)) else None


def _give_afford(state: GameState, seat: int) -> dict[str, list[int]] | None:
    """The cards the seat may give now and the teammates it may give them to."""
    gifts = [
        (v, to)
        for v in range(1, 13)
        for to in range(state.players)
        if legal(state, GiveNumber(seat, v, to))
    ]
    if not gifts:
        return None
    return {
        "values": sorted({v for v, _ in gifts}),
        "seats": sorted({to for _, to in gifts}),
    }


def _build_give(sel: Selection, seat: int) -> GiveNumber | None:
    if len(sel.values) != 1 or not sel.seats:
        return None
    return GiveNumber(seat, int(sel.values[0]), sel.seats[0])


def _select_give(action: GiveNumber) -> Chosen:
    return {"mode": "give_number", "values": (action.value,), "seats": (action.to,)}


def _missing_give(sel: Selection) -> str:
    return "rw.msg.needValue" if len(sel.values) != 1 else "rw.msg.needSeat"


def _skip_line(e: View, w: Words) -> Found:
    values = [str(v) for v in e["values"]]
    if not values:
        return w.t(w.about("rw.log.handSkipNone", e["seat"]), who=w.name(e["seat"])), "miss"
    key = w.about("rw.log.handSkip", e["seat"])
    return w.t(key, who=w.name(e["seat"]), values=w.listing(values)), "miss"


def _give_line(e: View, w: Words) -> Found:
    key = "rw.log.giveNumberDown" if e["down"] else "rw.log.giveNumber"
    text = w.t(w.about(key, e["seat"]), who=w.name(e["seat"]), value=e["value"], to=w.name(e["to"]))
    return text, "info"


def _down_line(e: View, w: Words) -> Found:
    return w.t("rw.log.handDown", value=e["value"], who=w.name(e["seat"])), "info"


def _stranded_line(e: View, w: Words) -> Found:
    who = w.listing([w.name(s) for s in e["seats"]])
    values = w.listing([str(v) for v in e["values"]])
    return w.t("rw.log.handStranded", who=who, values=values), "miss"


PARTS = (_part,)
PROMPTS = (_prompt,)
DECISION_PROMPTS = {"hand_give": _give_prompt, "give_number": _give_prompt}
USES = (
    action_use(
        "hand_skip",
        HandSkip,
        _skip_afford,
        lambda sel, seat: HandSkip(seat),
        lambda a, w, obs: w.t("rw.confirm.hand_skip"),
    ),
    action_use(
        "give_number",
        GiveNumber,
        _give_afford,
        _build_give,
        lambda a, w, obs: w.t("rw.confirm.give_number", value=a.value, who=w.name(a.to)),
        timing="any_time",
        plain=False,
        values=lambda choices: tuple((choices or {}).get("values", ())),
        values_label="rw.values.giveNumber",
        seats=lambda choices: list((choices or {}).get("seats", [])),
        seats_label="rw.seats.giveNumber",
        select=_select_give,
        missing=_missing_give,
    ),
)
LINES = {
    "hand_skip": _skip_line,
    "give_number": _give_line,
    "hand_down": _down_line,
    "hand_stranded": _stranded_line,
}
