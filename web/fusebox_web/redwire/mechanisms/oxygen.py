"""Oxygen on the page (mission 44): the reserve drawn as tokens (how many are left, how many
each player took this round), the prices by depth and the silence rule with its one sign in the
mission's panel; the price of each cut in its confirm sentence before it is made; the pass (a
dock button, by touch and keyboard, with its confirm: the detonator moves one step); the log's
lines and the bots' reasons."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.redwire import Cut, GameState, SoloCut
from engine.redwire.actions import Action
from engine.redwire.mechanisms import oxygen
from engine.redwire.mechanisms.oxygen import OxygenPass
from engine.redwire.wires import BLUE_VALUES

from ..markup import esc, tag
from .base import Found, View, action_use, legal

if TYPE_CHECKING:
    from engine.redwire.observation_types import Observation

    from ..words import Words


def _afford(state: GameState, seat: int) -> bool | None:
    return True if legal(state, OxygenPass(seat)) else None


def _tokens(left: int, total: int, w: Words) -> str:
    """The reserve as a row of tokens: full ones left, hollow ones taken."""
    marks = "".join(
        tag("span", "", class_="rw-oxy" + ("" if i < left else " rw-oxy--taken"))
        for i in range(total)
    )
    return tag(
        "span",
        marks,
        class_="rw-oxy-row",
        role="img",
        aria_label=w.t("rw.oxygen.reserve", left=left, total=total),
    )


def _part(obs: Observation, w: Words) -> str:
    part = oxygen.view(obs)
    if part is None:
        return ""
    taken = [
        w.t("rw.oxygen.tookOne", who=w.name(seat), n=n) for seat, n in enumerate(part["taken"]) if n
    ]
    took = w.t("rw.oxygen.taken", list=", ".join(taken)) if taken else w.t("rw.oxygen.noneTaken")
    return tag(
        "section",
        tag("h3", esc(w.t("rw.oxygen.title")), class_="rw-h3")
        + tag(
            "p",
            _tokens(part["reserve"], part["tokens"], w)
            + " "
            + tag(
                "strong",
                esc(w.t("rw.oxygen.reserve", left=part["reserve"], total=part["tokens"])),
                data_testid="oxygen-reserve",
            ),
            class_="rw-seq",
        )
        + tag("p", esc(took), class_="rw-muted", data_testid="oxygen-taken")
        + tag("p", esc(w.t("rw.oxygen.prices")), class_="rw-seq")
        + tag("p", esc(w.t("rw.oxygen.rule")), class_="rw-seq")
        + tag("p", esc(w.t("rw.oxygen.silence")), class_="rw-seq"),
        class_="rw-mission-part rw-oxygen",
        role="note",
        data_testid="oxygen",
    )


def _prompt(obs: Observation, w: Words) -> str | None:
    part = oxygen.view(obs)
    if part is None or obs["phase"] != "turn":
        return None
    left = part["reserve"]
    if left >= max(part["prices"]):
        return w.t("rw.oxygen.prompt", left=left)
    affordable = [v for v in BLUE_VALUES if part["prices"][v - 1] <= left]
    if not affordable:
        return w.t("rw.oxygen.promptEmpty", left=left)
    return w.t("rw.oxygen.promptShort", left=left, last=affordable[-1])


def _held(obs: Observation) -> set[int]:
    """The blue values on the viewer's own uncut wires."""
    me = obs["viewer"]
    out: set[int] = set()
    for stand in obs["stands"]:
        if stand["owner"] != me:
            continue
        for tile in stand["slots"]:
            label = tile["wire"]
            if not tile["cut"] and label is not None and label.isdigit():
                out.add(int(label))
    return out


def _pass_prompt(obs: Observation, w: Words) -> str | None:
    """The pass's prompt: when the reserve pays for none of the viewer's values, say so."""
    part = oxygen.view(obs)
    if part is None:
        return None
    held = _held(obs)
    if held and all(part["prices"][v - 1] > part["reserve"] for v in held):
        return w.t("rw.oxygen.promptEmpty", left=part["reserve"])
    return None


def _price(action: Action, obs: Observation, w: Words) -> str | None:
    """The cut's price, said in its confirm sentence before it is made."""
    part = oxygen.view(obs)
    if part is None:
        return None
    if isinstance(action, Cut) and action.values:
        due = max(part["prices"][v - 1] for v in action.values if v in BLUE_VALUES)
    elif isinstance(action, SoloCut) and action.value in BLUE_VALUES:
        due = part["prices"][action.value - 1]
    else:
        return None
    return w.t("rw.oxygen.confirmPrice", price=due, left=part["reserve"] - due)


def _confirm(action: OxygenPass, w: Words, obs: Observation) -> str:
    return w.t("rw.confirm.oxygen_pass")


def _take_line(e: View, w: Words) -> Found:
    text = w.t(
        w.about("rw.log.oxygenTake", e["seat"]),
        who=w.name(e["seat"]),
        price=e["price"],
        value=w.value(e["value"]),
        left=e["reserve"],
    )
    return text, "info"


def _refill_line(e: View, w: Words) -> Found:
    return w.t("rw.log.oxygenRefill", who=w.name(e["seat"]), left=e["reserve"]), "info"


def _pass_line(e: View, w: Words) -> Found:
    return w.t("rw.log.oxygenPass", who=w.name(e["seat"]), left=e["reserve"]), "miss"


PARTS = (_part,)
PROMPTS = (_prompt,)
CONFIRM_NOTES = (_price,)
DECISION_PROMPTS = {"oxygen_pass": _pass_prompt}
USES = (action_use("oxygen_pass", OxygenPass, _afford, lambda s, seat: OxygenPass(seat), _confirm),)
LINES = {"oxygen": _take_line, "oxygen_refill": _refill_line, "oxygen_pass": _pass_line}
