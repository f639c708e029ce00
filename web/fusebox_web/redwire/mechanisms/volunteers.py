"""Volunteers on the page (mission 45): the Number card turned up (drawn as a card, its number
in words for screen readers), the call (each player with wires: asked now, passed, or "Snip!"
without the value, each with a symbol and words besides colour), the deck and the discarded
cards, who must cut; the "Snip!" and "Let the next one decide" dock buttons (touch and keyboard:
the device goes to each player asked, from the captain), the captain's naming by seat buttons,
the named player's token of his choice (a pick of one of his blue wires); log lines and the
refusals in plain words."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.redwire import GameState
from engine.redwire.mechanisms import volunteers
from engine.redwire.mechanisms.volunteers import NameVolunteer, PassVolunteer, Volunteer

from ..markup import esc, tag
from .base import Found, View, action_use, legal

if TYPE_CHECKING:
    from engine.redwire.observation_types import Observation

    from ..selection import Selection
    from ..words import Words

#: The call's states per player: a symbol and its words (never colour alone).
_MARKS = {"asked": "?", "passed": "↷", "wrong": "✗", "cutter": "✂"}


def _has_wires(obs: Observation, seat: int) -> bool:
    return any(
        not tile["cut"]
        for stand in obs["stands"]
        if stand["owner"] == seat
        for tile in stand["slots"]
    )


def _state_of(obs: Observation, part: volunteers.VolunteersView, seat: int) -> str | None:
    if seat in part["wrong"]:
        return "wrong"
    if part["cutter"] == seat and not part["calling"]:
        return "cutter"
    if part["calling"] and obs["phase"] == "volunteer" and obs["to_move"] == seat:
        return "asked"
    if seat in part["passed"]:
        return "passed"
    return None


def _call(obs: Observation, part: volunteers.VolunteersView, w: Words) -> str:
    """Each player with wires and where he stands in the call."""
    items = []
    for seat in range(int(obs["players"])):
        if not _has_wires(obs, seat):
            continue
        state = _state_of(obs, part, seat)
        words = w.t(f"rw.vol.state.{state}", value=part["current"]) if state else ""
        items.append(
            tag(
                "li",
                tag("span", esc(_MARKS[state]) if state else "", aria_hidden="true")
                + " "
                + esc(w.name(seat))
                + (": " + esc(words) if words else ""),
                class_="rw-vol-seat" + (f" is-{state}" if state else ""),
                data_testid=f"vol-seat-{seat}",
            )
        )
    return tag("ul", "".join(items), class_="rw-vol-call", aria_label=w.t("rw.vol.callLabel"))


def _part(obs: Observation, w: Words) -> str:
    part = volunteers.view(obs)
    if part is None:
        return ""
    card = ""
    if part["current"] is not None:
        card = tag(
            "div",
            tag("span", esc(str(part["current"])), class_="rw-ncard-n", aria_hidden="true")
            + tag("span", esc(w.t("rw.vol.cardWord")), class_="rw-ncard-state"),
            class_="rw-ncard is-current rw-vol-card",
            role="img",
            aria_label=w.t("rw.vol.card", value=part["current"]),
            data_testid="vol-card",
        )
    lines = [w.t("rw.vol.captain", who=w.name(part["captain"]))]
    lines.append(w.tn("rw.vol.deck", part["deck"], count=part["deck"]))
    if part["gone"]:
        lines.append(w.t("rw.vol.gone", values=", ".join(map(str, part["gone"]))))
    return tag(
        "section",
        tag("h3", esc(w.t("rw.vol.title")), class_="rw-h3")
        + tag("div", card + _call(obs, part, w), class_="rw-vol-row")
        + "".join(tag("p", esc(line), class_="rw-seq") for line in lines)
        + tag("p", esc(w.t("rw.vol.rule")), class_="rw-seq rw-muted"),
        class_="rw-mission-part rw-volunteers",
        data_testid="volunteers",
    )


def _prompt(obs: Observation, w: Words) -> str | None:
    part = volunteers.view(obs)
    viewer = obs.get("viewer")
    if part is None or part["current"] is None:
        return None
    if obs["phase"] == "turn" and part["cutter"] == viewer and obs["active"] == viewer:
        return w.t("rw.vol.cutNow", value=part["current"])
    if obs["phase"] == "volunteer":
        return w.t("rw.vol.who", value=part["current"])
    return None


def _who(obs: Observation, w: Words) -> str | None:
    """The seat asked: the card's value and the two choices."""
    part = volunteers.view(obs)
    if part is None or part["current"] is None:
        return None
    return w.t("rw.vol.who", value=part["current"]) + " " + w.t("rw.prompt.volunteer")


def _afford_volunteer(state: GameState, seat: int) -> bool | None:
    return True if legal(state, Volunteer(seat)) else None


def _afford_pass(state: GameState, seat: int) -> bool | None:
    return True if legal(state, PassVolunteer(seat)) else None


def _afford_name(state: GameState, seat: int) -> list[int] | None:
    seats = [s for s in range(state.players) if legal(state, NameVolunteer(seat, s))]
    return seats or None


def _build_name(sel: Selection, seat: int) -> NameVolunteer | None:
    return NameVolunteer(seat, sel.seats[0]) if len(sel.seats) == 1 else None


def _value(obs: Observation) -> object:
    part = volunteers.view(obs)
    return part["current"] if part and part["current"] is not None else "?"


def _confirm_volunteer(action: Volunteer, w: Words, obs: Observation) -> str:
    return w.t("rw.confirm.volunteer", value=_value(obs))


def _confirm_name(action: NameVolunteer, w: Words, obs: Observation) -> str:
    return w.t("rw.confirm.name_volunteer", who=w.name(action.named), value=_value(obs))


def _card_line(e: View, w: Words) -> Found:
    return w.t("rw.log.volCard", who=w.name(e["seat"]), value=e["value"]), "info"


def _volunteer_line(e: View, w: Words) -> Found:
    who = w.name(e["seat"])
    if e.get("reds"):
        return w.t(w.about("rw.log.volReds", e["seat"]), who=who), "info"
    if e["held"]:
        return w.t(w.about("rw.log.volunteer", e["seat"]), who=who, value=e["value"]), "info"
    return w.t(w.about("rw.log.volWrong", e["seat"]), who=who, value=e["value"]), "bad"


def _pass_line(e: View, w: Words) -> Found:
    if e["next"] is None:
        return w.t(w.about("rw.log.volNobody", e["seat"]), who=w.name(e["seat"])), "info"
    key = w.about("rw.log.volPass", e["seat"])
    return w.t(key, who=w.name(e["seat"]), next=w.name(e["next"])), "info"


def _name_line(e: View, w: Words) -> Found:
    key = "rw.log.volName" if e["held"] else "rw.log.volNameNone"
    return w.t(key, who=w.name(e["seat"]), named=w.name(e["named"]), value=e["value"]), (
        "info" if e["held"] else "bad"
    )


def _seats(choices: Any) -> list[int]:
    return list(choices or [])


PARTS = (_part,)
PROMPTS = (_prompt,)
DECISION_PROMPTS = {"volunteer": _who}
USES = (
    action_use(
        "volunteer",
        Volunteer,
        _afford_volunteer,
        lambda s, seat: Volunteer(seat),
        _confirm_volunteer,
        timing="any_time",
    ),
    action_use(
        "pass_volunteer",
        PassVolunteer,
        _afford_pass,
        lambda s, seat: PassVolunteer(seat),
        lambda a, w, obs: w.t("rw.confirm.pass_volunteer"),
        timing="any_time",
    ),
    action_use(
        "name_volunteer",
        NameVolunteer,
        _afford_name,
        _build_name,
        _confirm_name,
        timing="any_time",
        plain=False,
        button=False,
        seats=_seats,
        seats_label="rw.seats.nameVolunteer",
        select=lambda a: {"mode": "name_volunteer", "seats": (a.named,)},
        missing=lambda sel: "rw.msg.needSeat",
    ),
)
LINES = {
    "volunteer_card": _card_line,
    "volunteer": _volunteer_line,
    "pass_volunteer": _pass_line,
    "name_volunteer": _name_line,
}
TOKEN_REASONS = {"volunteers": "rw.log.tokenVolunteer"}
