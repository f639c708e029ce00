"""The weak spot on the page (mission 34): the viewer's own hidden cards (his constraint card
and whether he holds the Captain card), never another seat's; the wrong accusations so far; once
the cards are turned up or discarded, everyone's. The accusation: one dock button per constraint
card ("Accuse: card A"), then the teammate to name (seat buttons, by touch or keyboard), then
confirm; the stuck weak spot's button; the prompt's reminder of one's own secret card; the log
saying each outcome in words."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.redwire import GameState
from engine.redwire.mechanisms import weakest_link
from engine.redwire.mechanisms.weakest_link import LETTERS, Accuse, WeakLinkStuck

from ..markup import esc, tag
from .base import CardUse, Found, View, action_use, legal
from .constraints import text

if TYPE_CHECKING:
    from engine.redwire.observation_types import Observation

    from ..selection import Selection
    from ..words import Words


def _part(obs: Observation, w: Words) -> str:
    part = weakest_link.view(obs)
    if part is None:
        return ""
    items: list[str] = []
    mine = part.get("mine")
    if part["stage"] == "hidden":
        rule = w.t("rw.weak.rule")
        if mine is not None:
            role = w.t("rw.weak.mineLink" if mine["link"] else "rw.weak.mineNot")
            items.append(
                tag(
                    "li",
                    esc(w.t("rw.weak.mine", card=text(w, mine["card"]), role=role)),
                    data_testid="weak-mine",
                    data_card=mine["card"],
                    data_link="true" if mine["link"] else "false",
                )
            )
        else:
            items.append(tag("li", esc(w.t("rw.weak.hidden")), data_testid="weak-hidden"))
    else:
        rule = w.t("rw.weak.revealed" if part["stage"] == "revealed" else "rw.weak.discarded")
        link = part.get("link")
        cards = part.get("cards") or []
        if link is not None:
            items.append(
                tag(
                    "li",
                    esc(w.t("rw.weak.was", name=w.name(link))),
                    data_testid="weak-link",
                )
            )
        for seat, letter in enumerate(cards):
            items.append(
                tag("li", esc(w.t("rw.weak.seatCard", name=w.name(seat), card=text(w, letter))))
            )
    for wrong in part["wrong"]:
        items.append(
            tag(
                "li",
                esc(
                    w.t(
                        "rw.weak.wrong",
                        who=w.name(wrong["seat"]),
                        named=w.name(wrong["target"]),
                        letter=wrong["card"],
                    )
                ),
                data_testid="weak-wrong",
            )
        )
    return tag(
        "div",
        tag("p", esc(rule), class_="rw-seq") + tag("ul", "".join(items), class_="rw-plain-list"),
        data_testid="weak-spot",
        data_stage=part["stage"],
    )


def _prompt(obs: Observation, w: Words) -> str | None:
    viewer = obs.get("viewer")
    part = weakest_link.view(obs)
    if not isinstance(viewer, int) or obs["phase"] != "turn" or part is None:
        return None
    mine = part.get("mine")
    if mine is None or part["stage"] != "hidden":
        return None
    if mine["link"]:
        return w.t("rw.weak.promptLink", card=text(w, mine["card"]))
    return w.t("rw.weak.promptOther")


def _accuse_use(letter: str) -> CardUse:
    name = f"weakest_accuse_{letter}"

    def afford(state: GameState, seat: int) -> list[int] | None:
        seats = [s for s in range(state.players) if legal(state, Accuse(seat, s, letter))]
        return seats or None

    def build(sel: Selection, seat: int) -> Accuse | None:
        return Accuse(seat, sel.seats[0], letter) if len(sel.seats) == 1 else None

    def seats(choices: Any) -> list[int]:
        return list(choices or [])

    return action_use(
        name,
        Accuse,
        afford,
        build,
        lambda a, w, obs: w.t(
            "rw.confirm.weakest_accuse", who=w.name(a.target), card=text(w, a.card)
        ),
        plain=False,
        seats=seats,
        seats_label="rw.seats.weakAccuse",
        select=lambda a: {"mode": f"weakest_accuse_{a.card}", "seats": (a.target,)},
        missing=lambda sel: "rw.msg.needSeat",
    )


def _stuck_afford(state: GameState, seat: int) -> bool | None:
    return True if legal(state, WeakLinkStuck(seat)) else None


def _dealt(e: View, w: Words) -> Found:
    secret = e.get("secret")
    if not secret:
        return w.t("rw.log.weakDealt"), "info"
    role = w.t("rw.weak.mineLink" if secret["link"] else "rw.weak.mineNot")
    return w.t("rw.log.weakDealtMine", card=text(w, secret["card"]), role=role), "info"


def _accuse(e: View, w: Words) -> Found:
    key = "rw.log.weakRight" if e["right"] else "rw.log.weakWrong"
    return (
        w.t(key, who=w.name(e["seat"]), named=w.name(e["target"]), letter=e["card"]),
        "hit" if e["right"] else "warn",
    )


def _stuck(e: View, w: Words) -> Found:
    return w.t("rw.log.weakStuck", who=w.name(e["seat"]), card=text(w, e["card"])), "warn"


def _cards(e: View, w: Words) -> Found:
    key = "rw.log.weakRevealed" if e["stage"] == "revealed" else "rw.log.weakDiscarded"
    cards = w.listing([f"{w.name(s)} {c}" for s, c in enumerate(e["cards"])])
    return w.t(key, name=w.name(e["link"]), cards=cards), "info"


PARTS = (_part,)
PROMPTS = (_prompt,)
USES = (
    *(_accuse_use(letter) for letter in LETTERS),
    action_use(
        "weakest_stuck",
        WeakLinkStuck,
        _stuck_afford,
        lambda sel, seat: WeakLinkStuck(seat),
        lambda a, w, obs: w.t("rw.confirm.weakest_stuck"),
    ),
)
LINES = {
    "weakest_dealt": _dealt,
    "weakest_accuse": _accuse,
    "weakest_stuck": _stuck,
    "weakest_cards": _cards,
}
