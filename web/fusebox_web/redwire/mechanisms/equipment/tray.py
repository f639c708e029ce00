"""The equipment tray on the page: the cards on the board and a card's panel."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.redwire.mechanisms.equipment import tray

from ...icons import icon
from ...markup import classes, esc, tag
from .. import card_notes, use_mode

if TYPE_CHECKING:
    from engine.redwire.observation_types import Observation

    from ...affordances import Affordances
    from ...words import Words


def card_state_text(w: Words, card: int, state: str) -> str:
    if state == "locked" and card == tray.YELLOW_CARD:
        return w.t("rw.card.lockedYellow")
    if state == "locked" and card in tray.DOUBLE_CARDS:  # rule sticker C: all four wires
        return w.t("rw.card.lockedAll", value=tray.unlock_value(card))
    if state == "locked":
        return w.t("rw.card.locked", value=card)
    return w.t(f"rw.card.{state}")


def card_number(card: int, w: Words) -> str:
    """What a card shows in its corner: its number ("10-10" for a double card), or a yellow
    diamond for the yellow card."""
    if card == tray.YELLOW_CARD:
        return icon("yellow") + tag("span", esc(w.t("rw.card.yellowNo")), class_="rw-sr")
    return esc(tray.card_label(card))


def card_title(card: int, w: Words) -> str:
    """A card's panel title: "8 · Radar Sweep" (the yellow card by its name alone)."""
    if card == tray.YELLOW_CARD:
        return w.card_name(card)
    return f"{tray.card_label(card)} · {w.card_name(card)}"


def gear(obs: Observation, w: Words, aff: Affordances, panel: str | None) -> str:
    """The cards on the board, each a button that opens its panel."""
    items = []
    view = tray.view(obs)
    for entry in view["cards"] if view else []:
        card, state = entry["card"], entry["state"]
        name = w.card_name(card)
        usable_now = use_mode(card, aff) is not None
        state_text = " · ".join([card_state_text(w, card, state), *card_notes(obs, card, w)])
        mark = icon("lock") if state == "locked" else icon("check") if state == "usable" else ""
        items.append(
            tag(
                "li",
                # Named by what it shows ("7 Spare Batteries Locked: ..."), nothing else.
                tag(
                    "button",
                    tag("span", card_number(card, w), class_="rw-card-no")
                    + " "
                    # Its own ``lang``: a long name ("Disintegratore") breaks with a hyphen.
                    + tag("span", esc(name), class_="rw-card-name", lang=w.card_name_lang(card))
                    + " "
                    + tag("span", mark + esc(state_text), class_="rw-card-state"),
                    type="button",
                    class_=classes(
                        "rw-card",
                        f"is-{state}",
                        usable_now and "is-ready",
                        # A double card's wide label ("10-10"): the name takes a row of its own.
                        card in tray.DOUBLE_CARDS and "rw-card--wide",
                    ),
                    data_act="panel",
                    data_panel=f"card:{card}",
                    aria_expanded="true" if panel == f"card:{card}" else "false",
                ),
            )
        )
    for _ in range(view.get("face_down", 0) if view else 0):
        label = w.t("rw.card.faceDown")
        items.append(
            tag(
                "li",
                tag(
                    "span",
                    tag("span", "?", class_="rw-card-no")
                    + tag("span", esc(label), class_="rw-card-name")
                    + tag("span", esc(w.t("rw.card.faceDownState")), class_="rw-card-state"),
                    class_="rw-card is-face-down",
                    role="img",
                    aria_label=label,
                    data_testid="face-down-card",
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
        "p",
        esc(" · ".join([card_state_text(w, card, state), *card_notes(obs, card, w)])),
        class_="rw-muted",
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
            tag("strong", esc(card_title(e["card"], w)))
            + " "
            + esc(w.card_text(e["card"]))
            + " "
            + tag(
                "span",
                esc(
                    " · ".join(
                        [card_state_text(w, e["card"], "locked"), *card_notes(obs, e["card"], w)]
                    )
                ),
                class_="rw-muted",
            ),
        )
        for e in view["cards"]
    ]
    return tag("ul", "".join(items), class_="rw-gear-list")
