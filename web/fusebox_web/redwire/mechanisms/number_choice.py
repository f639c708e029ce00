"""The turn's Number card on the page (mission 26): the row's cards marked face up, face down
or this turn's, the choice of a card (a value chip, by touch or keyboard), the prompt's
reminder to cut that value, and the log."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.redwire import GameState
from engine.redwire.mechanisms import number_cards, number_choice
from engine.redwire.mechanisms.number_choice import ChooseNumber

from ..markup import esc, tag
from .base import Found, View, action_use, legal

if TYPE_CHECKING:
    from engine.redwire.observation_types import Observation

    from ..words import Words


def marks(obs: Observation, w: Words) -> dict[int, tuple[str, str]]:
    """Each card of the row: this turn's, face up (may be chosen) or face down."""
    part = number_choice.view(obs)
    cards = number_cards.view(obs)
    if part is None or cards is None:
        return {}
    out: dict[int, tuple[str, str]] = {}
    for card in cards["row"]:
        value = card["value"]
        if value == part["current"]:
            out[value] = ("current", w.t("rw.choice.now"))
        elif card["down"]:
            out[value] = ("down", w.t("rw.choice.down"))
        else:
            out[value] = ("", w.t("rw.choice.up"))
    return out


def _afford(state: GameState, seat: int) -> list[int] | None:
    values = [v for v in range(1, 13) if legal(state, ChooseNumber(seat, v))]
    return values or None


def _values(choices: Any) -> tuple[int, ...]:
    return tuple(choices or ())


def _part(obs: Observation, w: Words) -> str:
    part = number_choice.view(obs)
    if part is None:
        return ""
    text = w.t("rw.choice.rule")
    if part["current"] is not None:
        text += " " + w.t("rw.choice.current", value=part["current"])
    return tag("p", esc(text), class_="rw-seq", data_testid="number-choice")


def _prompt(obs: Observation, w: Words) -> str | None:
    part = number_choice.view(obs)
    if part is None or part["current"] is None or obs["phase"] != "turn":
        return None
    return w.t("rw.choice.prompt", value=part["current"])


def _choose(e: View, w: Words) -> Found:
    return w.t("rw.log.chooseNumber", who=w.name(e["seat"]), value=e["value"]), "info"


def _skip(e: View, w: Words) -> Found:
    return w.t("rw.log.numberSkip", who=w.name(e["seat"])), "info"


def _none(e: View, w: Words) -> Found:
    return w.t("rw.log.numberNone", who=w.name(e["seat"])), "info"


def _up(e: View, w: Words) -> Found:
    return w.t("rw.log.numbersUp"), "info"


def _removed(e: View, w: Words) -> Found:
    return w.t("rw.log.numberRemoved", value=e["value"]), "info"


def _turn(e: View, w: Words) -> Found:
    return None  # the choice that follows says it


PARTS = (_part,)
PROMPTS = (_prompt,)
USES = (
    action_use(
        "choose_number",
        ChooseNumber,
        _afford,
        lambda sel, seat: ChooseNumber(seat, sel.values[0]) if len(sel.values) == 1 else None,
        lambda a, w, obs: w.t("rw.confirm.choose_number", value=a.value),
        timing="any_time",
        plain=False,
        values=_values,
        values_label="rw.values.chooseNumber",
        select=lambda a: {"mode": "choose_number", "values": (a.value,)},
        missing=lambda sel: "rw.msg.needValue",
    ),
)
LINES = {
    "choose_number": _choose,
    "number_skip": _skip,
    "number_none": _none,
    "numbers_up": _up,
    "number_removed": _removed,
    "number_turn": _turn,
}
