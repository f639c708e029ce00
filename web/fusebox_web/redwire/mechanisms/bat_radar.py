"""The radar turn on the page (mission 18): the Number card turned up, the radar's answers, the
naming of the player who must cut (seat buttons, by touch or keyboard), and the reminder to the
named player.

Mission 51 (``bat_radar:sir``, "Sir / Ma'am"): no radar; the card is drawn as a Number card (its
number and the word "card", named in words for screen readers), Sir or Ma'am (whose turn it is)
is named with a symbol, and the rule is recalled (a player without the value: a token and a
step; naming only red wires loses). The log says whether the named player held the value."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.redwire import GameState
from engine.redwire.mechanisms import bat_radar
from engine.redwire.mechanisms.bat_radar import NameCutter

from ..markup import esc, tag
from .base import Found, View, action_use, legal

if TYPE_CHECKING:
    from engine.redwire.observation_types import Observation

    from ..selection import Selection
    from ..words import Words


def _sir_part(obs: Observation, part: bat_radar.BatView, w: Words) -> str:
    """Mission 51: the card drawn, Sir or Ma'am, who must cut, the deck and the rule."""
    card = ""
    if part["current"] is not None:
        card = tag(
            "div",
            tag("span", esc(str(part["current"])), class_="rw-ncard-n", aria_hidden="true")
            + tag("span", esc(w.t("rw.sir.cardWord")), class_="rw-ncard-state"),
            class_="rw-ncard is-current rw-sir-card",
            role="img",
            aria_label=w.t("rw.sir.card", value=part["current"]),
            data_testid="sir-card",
        )
    who = []
    if part["owner"] is not None:
        who.append(
            tag(
                "p",
                tag("span", "★", aria_hidden="true")
                + " "
                + esc(w.t("rw.sir.owner", who=w.name(part["owner"]))),
                class_="rw-seq rw-sir-owner",
                data_testid="sir-owner",
            )
        )
    if part["named"] is not None and part["current"] is not None:
        who.append(
            tag(
                "p",
                tag("span", "✂", aria_hidden="true")
                + " "
                + esc(w.t("rw.bat.named", who=w.name(part["named"]), value=part["current"])),
                class_="rw-seq rw-sir-named",
                data_testid="sir-named",
            )
        )
    lines = [w.tn("rw.bat.deck", part["deck"], count=part["deck"])]
    if part["gone"]:
        lines.append(w.t("rw.bat.gone", values=", ".join(map(str, part["gone"]))))
    return tag(
        "section",
        tag("h3", esc(w.t("rw.sir.title")), class_="rw-h3")
        + tag("div", card + tag("div", "".join(who), class_="rw-sir-who"), class_="rw-sir-row")
        + "".join(tag("p", esc(line), class_="rw-seq") for line in lines)
        + tag("p", esc(w.t("rw.sir.rule")), class_="rw-seq rw-muted"),
        class_="rw-mission-part rw-sir",
        data_testid="sir",
    )


def _part(obs: Observation, w: Words) -> str:
    part = bat_radar.view(obs)
    if part is None:
        return ""
    if part["sir"]:
        return _sir_part(obs, part, w)
    lines = []
    if part["current"] is not None:
        lines.append(w.t("rw.bat.card", value=part["current"]))
        radar = next((e for e in reversed(obs["log"]) if e["type"] == "radar"), None)
        if radar is not None and radar["value"] == part["current"]:
            yes = [
                w.name(w.owners[st]) + (f" ({w.stand_number(st)})" if w.stand_number(st) else "")
                for st, answer in enumerate(radar["answers"])
                if answer
            ]
            lines.append(w.t("rw.bat.yes", who=w.listing(yes) if yes else w.t("rw.word.nobody")))
        if part["named"] is not None:
            lines.append(w.t("rw.bat.named", who=w.name(part["named"]), value=part["current"]))
    lines.append(w.tn("rw.bat.deck", part["deck"], count=part["deck"]))
    if part["gone"]:
        lines.append(w.t("rw.bat.gone", values=", ".join(map(str, part["gone"]))))
    return tag(
        "section",
        tag("h3", esc(w.t("rw.bat.title")), class_="rw-h3")
        + "".join(tag("p", esc(line), class_="rw-seq") for line in lines),
        class_="rw-mission-part",
        data_testid="bat-radar",
    )


def _prompt(obs: Observation, w: Words) -> str | None:
    part = bat_radar.view(obs)
    viewer = obs.get("viewer")
    if part is None or part["named"] != viewer or obs["phase"] != "turn":
        return None
    return w.t("rw.bat.cutNow", value=part["current"])


def _afford(state: GameState, seat: int) -> list[int] | None:
    seats = [s for s in range(state.players) if legal(state, NameCutter(seat, s))]
    return seats or None


def _build(sel: Selection, seat: int) -> NameCutter | None:
    return NameCutter(seat, sel.seats[0]) if len(sel.seats) == 1 else None


def _confirm(action: NameCutter, w: Words, obs: Observation) -> str:
    part = bat_radar.view(obs)
    value = part["current"] if part else "?"
    return w.t("rw.confirm.name_cutter", who=w.name(action.named), value=value)


def _line(e: View, w: Words) -> Found:
    """Mission 51's naming also says whether the named player held the value (or only red
    wires: the bomb explodes); mission 18's radar said it before."""
    key = "rw.log.nameCutter"
    tone = "info"
    if e.get("reds"):
        key, tone = "rw.log.nameCutterReds", "bad"
    elif e.get("held") is False:
        key, tone = "rw.log.nameCutterNone", "bad"
    return w.t(key, who=w.name(e["seat"]), named=w.name(e["named"]), value=e["value"]), tone


def _card(e: View, w: Words) -> Found:
    return w.t("rw.log.batCard", value=e["value"]), "info"


def _seats(choices: Any) -> list[int]:
    return list(choices or [])


PARTS = (_part,)
PROMPTS = (_prompt,)
USES = (
    action_use(
        "name_cutter",
        NameCutter,
        _afford,
        _build,
        _confirm,
        timing="any_time",
        plain=False,
        button=False,
        seats=_seats,
        seats_label="rw.seats.nameCutter",
        select=lambda a: {"mode": "name_cutter", "seats": (a.named,)},
        missing=lambda sel: "rw.msg.needSeat",
    ),
)
LINES = {"name_cutter": _line, "bat_card": _card}
