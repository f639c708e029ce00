"""The Number cards on the page: the row (with each card's state in words and a symbol), the
face-down deck and its face-up top card, the discarded cards.

What a card means in this mission (the sequence's current value, a blocked one...) comes from
the mechanisms that use the cards (``MARKS``: a function per mechanism giving each value's mark).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from engine.redwire.mechanisms import number_cards

from ..icons import icon
from ..markup import classes, esc, tag
from . import four_at_once, number_choice, recovery_targets, red_value, sequence

if TYPE_CHECKING:
    from engine.redwire.observation_types import Observation

    from ..words import Words

#: A mark per value of the row: (css state, words), from the mechanisms using the cards.
Marks = dict[int, tuple[str, str]]
MARKS: tuple[Callable[[Observation, Words], Marks], ...] = (
    sequence.marks,
    red_value.marks,
    number_choice.marks,
    four_at_once.marks,
    recovery_targets.marks,
)


def card_face(value: int, state: str, words: str) -> str:
    """One Number card: its value large, its state in words (never only a colour)."""
    symbol = {
        "blocked": icon("lock"),
        "done": icon("check"),
        "red": icon("red"),
        "target": icon("cut"),
    }.get(state, "")
    return tag(
        "li",
        tag("span", esc(str(value)), class_="rw-ncard-n")
        + (tag("span", symbol + esc(words), class_="rw-ncard-state") if words else ""),
        class_=classes("rw-ncard", state and f"is-{state}"),
        data_value=value,
    )


def _row(obs: Observation, w: Words) -> str:
    cards = number_cards.view(obs)
    if cards is None:
        return ""
    marks: Marks = {}
    for mark in MARKS:
        marks.update(mark(obs, w))
    parts = []
    if cards["row"]:
        items = []
        for card in cards["row"]:
            value = card["value"]
            state, words = marks.get(value, ("down" if card["down"] else "", ""))
            items.append(card_face(value, state, words))
        parts.append(
            tag(
                "ol",
                "".join(items),
                class_="rw-ncards",
                aria_label=w.t(
                    "rw.ncards.row", values=", ".join(str(c["value"]) for c in cards["row"])
                ),
                data_testid="number-row",
            )
        )
    if cards["deck"] or cards["top"] is not None:
        top = cards["top"]
        text = w.tn("rw.ncards.deck", cards["deck"], count=cards["deck"])
        if top is not None:
            text += " " + w.t("rw.ncards.top", value=top)
        parts.append(tag("p", esc(text), class_="rw-muted", data_testid="number-deck"))
    if cards["discarded"]:
        parts.append(
            tag(
                "p",
                esc(w.t("rw.ncards.discarded", values=", ".join(map(str, cards["discarded"])))),
                class_="rw-muted",
            )
        )
    if not parts:
        # Every card lies elsewhere (mission 65's hands, drawn by their own part): a heading
        # with nothing under it would only be a stray title in the panel.
        return ""
    return tag(
        "section",
        tag("h3", esc(w.t("rw.ncards.title")), class_="rw-h3") + "".join(parts),
        class_="rw-mission-part rw-ncards-part",
        aria_label=w.t("rw.ncards.title"),
        data_testid="number-cards",
    )


PARTS = (_row,)
