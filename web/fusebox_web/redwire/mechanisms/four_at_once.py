"""Four at once on the page (missions 23 and 39): the Number card (mission 23: face down until
the setup tokens are placed; mission 39: the noble card, face up), the rule and the wires
pointed at so far, the deck running down (equipment, or mission 39's Number deck), the special
action's button, the prompt's reminder that its value is never announced, and the log (the four,
the deck running down). Mission 39's hand-out: the cards each player received (the viewer's own
only, in the English edition), the tokens beside the stands, the pick of the token to show, and
its log lines. Mission 46 (``four_at_once:last:7``): the value cut last, drawn as a card with its
rule, the seat that must cut the four now, the turn-start checks in the log, and the prompts of
the forced special action (the teammates' wires only)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.redwire import GameState
from engine.redwire.mechanisms import four_at_once, number_cards
from engine.redwire.mechanisms.equipment import tray
from engine.redwire.mechanisms.four_at_once import FourAtOnce

from ..markup import esc, tag
from .base import Found, View, action_use, legal

if TYPE_CHECKING:
    from engine.redwire.observation_types import Observation

    from ..words import Words


def _afford(state: GameState, seat: int) -> bool | None:
    return True if legal(state, FourAtOnce(seat)) else None


def _last_part(part: four_at_once.FourView, last: four_at_once.LastView, w: Words) -> str:
    """Mission 46: the value cut last (a card with its number, the rule in words), and who must
    cut the four now."""
    value = part["value"]
    rule = "rw.last.done" if part["done"] else "rw.last.rule"
    card = tag(
        "p",
        tag("span", esc(str(value)), class_="rw-ncard", data_value=value, aria_hidden="true")
        + " "
        + esc(w.t(rule, value=value)),
        class_="rw-seq",
        data_testid="last-card",
    )
    forced = ""
    if last["forced"] is not None and not part["done"]:
        forced = tag(
            "p",
            "⚠ " + esc(w.t("rw.last.forced", who=w.name(last["forced"]), value=value)),
            class_="rw-seq rw-last-forced",
            data_testid="last-forced",
            role="status",
        )
    chosen = ""
    if part["chosen"]:
        where = w.listing([w.where(stand, slot) for stand, slot in part["chosen"]])
        chosen = tag("p", esc(w.t("rw.four.chosen", where=where)), class_="rw-seq")
    return tag(
        "section",
        tag("h3", esc(w.t("rw.last.title", value=value)), class_="rw-h3") + card + forced + chosen,
        class_="rw-mission-part",
        data_testid="four-at-once",
    )


def _part(obs: Observation, w: Words) -> str:
    part = four_at_once.view(obs)
    if part is None:
        return ""
    last = part.get("last")
    if last is not None:
        return _last_part(part, last, w)
    value = part["value"]
    noble = part.get("noble")
    done = "rw.four.done" if noble is None else "rw.noble.done"
    if value is None:
        card = tag("p", esc(w.t("rw.four.faceDown")), class_="rw-seq")
    else:
        card = tag(
            "p",
            tag("span", esc(str(value)), class_="rw-ncard", data_value=value)
            + " "
            + esc(w.t(done if part["done"] else "rw.four.rule", value=value)),
            class_="rw-seq",
            data_testid="noble-card" if noble is not None else None,
        )
    chosen = ""
    if part["chosen"]:
        where = w.listing([w.where(stand, slot) for stand, slot in part["chosen"]])
        chosen = tag("p", esc(w.t("rw.four.chosen", where=where)), class_="rw-seq")
    deck = ""
    equipment = tray.view(obs)
    cards = number_cards.view(obs)
    if equipment is not None and not part["done"]:
        left = equipment.get("face_down", 0)
        deck = tag("p", esc(w.t("rw.four.deck", count=left)), class_="rw-muted")
    elif noble is not None and cards is not None and not part["done"]:
        deck = tag(
            "p",
            esc(w.tn("rw.noble.deck", cards["deck"], count=cards["deck"])),
            class_="rw-muted",
            data_testid="noble-deck",
        )
    title = w.t("rw.four.title" if noble is None else "rw.noble.title")
    return tag(
        "section",
        tag("h3", esc(title), class_="rw-h3") + card + chosen + deck + _hand_out(noble, w),
        class_="rw-mission-part",
        data_testid="four-at-once",
    )


def _hand_out(noble: four_at_once.NobleView | None, w: Words) -> str:
    """Mission 39 after the noble cut: who received which cards (a hidden card said as such)
    and the tokens beside the stands."""
    if noble is None or not noble["received"]:
        return ""
    items = []
    for seat, cards in enumerate(noble["received"]):
        if not cards:
            continue
        shown = [str(v) for v in cards if v is not None]
        if shown:
            text = w.t("rw.noble.received", who=w.name(seat), values=", ".join(shown))
        else:
            text = w.tn("rw.noble.secret", len(cards), who=w.name(seat), count=len(cards))
        items.append(tag("li", esc(text)))
    for seat, value in noble["beside"]:
        items.append(tag("li", esc(w.t("rw.noble.beside", who=w.name(seat), value=value))))
    heading = tag("p", esc(w.t("rw.noble.handOut", edition=noble["edition"])), class_="rw-seq")
    return heading + tag("ul", "".join(items), class_="rw-drawn", data_testid="noble-hand-out")


def _prompt(obs: Observation, w: Words) -> str | None:
    part = four_at_once.view(obs)
    if part is None or part["value"] is None or part["done"] or obs["phase"] != "turn":
        return None
    if "last" in part:
        return w.t("rw.last.prompt", value=part["value"])
    return w.t("rw.four.prompt", value=part["value"])


def _last_start(obs: Observation, w: Words) -> str | None:
    """Mission 46: the special action chosen (it is the only move): what it asks."""
    part = four_at_once.view(obs)
    if part is None or "last" not in part:
        return None
    return w.t("rw.prompt.last_start", value=part["value"])


def _last_point(obs: Observation, w: Words) -> str | None:
    """Mission 46: each wire pointed at is a teammate's (his own of the value go with them)."""
    part = four_at_once.view(obs)
    if part is None or "last" not in part:
        return None
    return w.t("rw.prompt.last_point", value=part["value"])


def marks(obs: Observation, w: Words) -> dict[int, tuple[str, str]]:
    """Mission 39's noble card in the row: blocked until its four are cut together."""
    part = four_at_once.view(obs)
    if part is None or part.get("noble") is None or part["value"] is None:
        return {}
    value = int(part["value"])
    if part["done"]:
        return {value: ("done", w.t("rw.noble.markDone"))}
    return {value: ("blocked", w.t("rw.noble.mark"))}


def _up(e: View, w: Words) -> Found:
    return w.t("rw.log.numberUp", value=e["value"]), "info"


def _start(e: View, w: Words) -> Found:
    return w.t("rw.log.fourStart", who=w.name(e["seat"]), value=e["value"]), "info"


def _point(e: View, w: Words) -> Found:
    return w.t(
        "rw.log.fourPoint", who=w.name(e["seat"]), where=w.where(e["stand"], e["slot"])
    ), "info"


def _cut(e: View, w: Words) -> Found:
    if e["outcome"] == "hit":
        return w.t("rw.log.fourHit", who=w.name(e["seat"]), value=e["value"]), "hit"
    return w.t("rw.log.fourMiss", who=w.name(e["seat"]), value=e["value"]), "boom"


def _discarded(e: View, w: Words) -> Found:
    return w.t("rw.log.deckDiscarded", count=e["left"]), "info"


def _number_discarded(e: View, w: Words) -> Found:
    return w.t("rw.log.nobleDiscarded", value=e["value"], count=e["left"]), "info"


def _dealt(e: View, w: Words) -> Found:
    counts = w.listing(
        [w.t("rw.noble.count", who=w.name(s), count=n) for s, n in enumerate(e["counts"]) if n]
    )
    text = w.t("rw.log.nobleDealt", counts=counts)
    if "cards" in e:
        shown = w.listing(
            [
                w.t("rw.noble.received", who=w.name(s), values=", ".join(map(str, cards)))
                for s, cards in enumerate(e["cards"])
                if cards
            ]
        )
        text += " " + w.t("rw.log.nobleShown", shown=shown)
    secret = e.get("secret")
    if isinstance(secret, dict) and secret.get("cards"):
        text += " " + w.t("rw.log.nobleYours", values=", ".join(map(str, secret["cards"])))
    return text, "info"


def _placed(e: View, w: Words) -> Found:
    return w.t(
        "rw.log.noblePlaced",
        who=w.name(e["seat"]),
        value=e["value"],
        where=w.where(e["stand"], e["slot"]),
    ), "info"


def _ignored(e: View, w: Words) -> Found:
    if e["reason"] == "no_token":
        key = "rw.log.nobleNoToken"
    elif e["marked"]:
        key = "rw.log.nobleMarked"
    else:
        key = "rw.log.nobleNoWire"
    return w.t(key, who=w.name(e["seat"]), value=e["value"]), "info"


def _last_check(e: View, w: Words) -> Found:
    key = "rw.log.lastOnly" if e["only"] else "rw.log.lastOther"
    return w.t(key, who=w.name(e["seat"]), value=e["value"]), "info"


def _beside(e: View, w: Words) -> Found:
    return w.t("rw.log.nobleBeside", who=w.name(e["seat"]), value=e["value"]), "info"


PARTS = (_part,)
PROMPTS = (_prompt,)
DECISION_PROMPTS = {"four_at_once": _last_start, "four_point": _last_point}
USES = (
    action_use(
        "four_at_once",
        FourAtOnce,
        _afford,
        lambda s, seat: FourAtOnce(seat),
        lambda a, w, obs: w.t("rw.confirm.four_at_once"),
    ),
)
LINES = {
    "number_up": _up,
    "four_start": _start,
    "four_point": _point,
    "four_cut": _cut,
    "equipment_discarded": _discarded,
    "number_discarded": _number_discarded,
    "noble_dealt": _dealt,
    "noble_placed": _placed,
    "noble_ignored": _ignored,
    "noble_beside": _beside,
    "last_check": _last_check,
}
