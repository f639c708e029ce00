"""The equipment tray on the page: the cards on the board and a card's panel."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.redwire.mechanisms.equipment import tray

from ...icons import icon
from ...markup import classes, esc, tag
from .. import use_mode

if TYPE_CHECKING:
    from engine.redwire.observation_types import Observation

    from ...affordances import Affordances
    from ...words import Words


def card_state_text(w: Words, card: int, state: str) -> str:
    if state == "locked":
        return w.t("rw.card.locked", value=card)
    return w.t(f"rw.card.{state}")


def gear(obs: Observation, w: Words, aff: Affordances, panel: str | None) -> str:
    """The cards on the board, each a button that opens its panel."""
    items = []
    view = tray.view(obs)
    for entry in view["cards"] if view else []:
        card, state = entry["card"], entry["state"]
        name = w.card_name(card)
        usable_now = use_mode(card, aff) is not None
        state_text = card_state_text(w, card, state)
        mark = icon("lock") if state == "locked" else icon("check") if state == "usable" else ""
        items.append(
            tag(
                "li",
                # Named by what it shows ("7 Spare Batteries Locked: ..."), nothing else.
                tag(
                    "button",
                    tag("span", esc(str(card)), class_="rw-card-no")
                    + " "
                    + tag("span", esc(name), class_="rw-card-name")
                    + " "
                    + tag("span", mark + esc(state_text), class_="rw-card-state"),
                    type="button",
                    class_=classes("rw-card", f"is-{state}", usable_now and "is-ready"),
                    data_act="panel",
                    data_panel=f"card:{card}",
                    aria_expanded="true" if panel == f"card:{card}" else "false",
                ),
            )
        )
    heading = tag("h3", esc(w.t("rw.gear.title")), class_="rw-h3")
    if not items:
        return heading + tag("p", esc(w.t("rw.gear.none")), class_="rw-muted")
    return heading + tag("ul", "".join(items), class_="rw-cards")


def card_panel(obs: Observation, w: Words, aff: Affordances, card: int) -> str:
    """A card's text, state and timing, and its Use button when the viewer may use it now."""
    view = tray.view(obs)
    entry = next((e for e in view["cards"] if e["card"] == card), None) if view else None
    state = entry["state"] if entry else "absent"
    body = tag("p", esc(w.card_text(card))) + tag(
        "p", esc(card_state_text(w, card, state)), class_="rw-muted"
    )
    if entry:
        body += tag("p", esc(w.t(f"rw.timing.{entry['timing']}")), class_="rw-muted")
    if use_mode(card, aff) is not None:
        body += tag(
            "button",
            esc(w.t("rw.card.use", name=w.card_name(card))),
            type="button",
            class_="rw-confirm",
            data_act="use",
            data_card=card,
        )
    return body


def briefing_list(obs: Observation, w: Words) -> str:
    """The briefing's list of the cards on the board, each with its text (all locked yet)."""
    view = tray.view(obs)
    if not view or not view["cards"]:
        return tag("p", esc(w.t("rw.gear.none")), class_="rw-muted")
    items = [
        tag(
            "li",
            tag("strong", esc(f"{e['card']} · {w.card_name(e['card'])}"))
            + " "
            + esc(w.card_text(e["card"]))
            + " "
            + tag("span", esc(w.t("rw.card.locked", value=e["card"])), class_="rw-muted"),
        )
        for e in view["cards"]
    ]
    return tag("ul", "".join(items), class_="rw-gear-list")
