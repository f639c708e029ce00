"""The constraint cards on the page (mission 31): the cards on offer while the players choose,
then each player's card, face up (its letter and what it allows) or turned face down; the choice
(one dock button per card, by touch or keyboard; turning one's card down when an exchange on
one's turn left no fitting wire); the prompt's reminder of one's own card; the
log (whether the active player can obey his card, each turn, is public)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.redwire import GameState
from engine.redwire.mechanisms import constraints
from engine.redwire.mechanisms.constraints import CARDS, OWN_CARDS, ChooseConstraint, TurnDown

from ..markup import esc, tag
from .base import CardUse, Found, View, action_use, legal

if TYPE_CHECKING:
    from engine.redwire.observation_types import Observation

    from ..words import Words


def text(w: Words, letter: str) -> str:
    """A card's letter and what it allows ("A: only even values")."""
    return w.t("rw.constraint.card", letter=letter, rule=w.t(f"rw.constraint.{letter}"))


def _part(obs: Observation, w: Words) -> str:
    part = constraints.view(obs)
    if part is None:
        return ""
    items = []
    if part["offered"]:
        offered = w.listing([text(w, letter) for letter in part["offered"]])
        items.append(tag("li", esc(w.t("rw.constraint.offered", cards=offered))))
    for entry in part["seats"]:
        letter = entry["card"]
        if letter is None:
            continue
        if entry["down"]:
            line = w.t("rw.constraint.seatDown", name=w.name(entry["seat"]), letter=letter)
        else:
            line = w.t("rw.constraint.seat", name=w.name(entry["seat"]), card=text(w, letter))
        items.append(
            tag(
                "li",
                esc(line),
                data_testid=f"constraint-{entry['seat']}",
                data_down="true" if entry["down"] else "false",
            )
        )
    return tag(
        "div",
        tag("p", esc(w.t("rw.constraint.rule")), class_="rw-seq")
        + tag("ul", "".join(items), class_="rw-plain-list"),
        data_testid="constraints",
    )


def _prompt(obs: Observation, w: Words) -> str | None:
    viewer = obs.get("viewer")
    if not isinstance(viewer, int) or obs["phase"] != "turn":
        return None
    card = constraints.card_in(obs, viewer)
    if card is None:
        return None
    return w.t("rw.constraint.prompt", card=text(w, card.letter))


def _use(letter: str) -> CardUse:
    def afford(state: GameState, seat: int) -> bool | None:
        return True if legal(state, ChooseConstraint(seat, letter)) else None

    return action_use(
        f"constraint_{letter}",
        ChooseConstraint,
        afford,
        lambda sel, seat: ChooseConstraint(seat, letter),
        lambda a, w, obs: w.t("rw.confirm.constraint", card=text(w, a.card)),
        timing="any_time",
        select=lambda a: {"mode": f"constraint_{a.card}"},
    )


def _choose(e: View, w: Words) -> Found:
    return w.t("rw.log.constraintChoose", who=w.name(e["seat"]), card=text(w, e["card"])), "info"


def _discarded(e: View, w: Words) -> Found:
    return w.t("rw.log.constraintsDiscarded", cards=w.listing(list(e["cards"]))), "info"


def _down(e: View, w: Words) -> Found:
    return w.t("rw.log.constraintDown", who=w.name(e["seat"]), letter=e["card"]), "info"


def _kept(e: View, w: Words) -> Found:
    return w.t("rw.log.constraintKept", who=w.name(e["seat"]), letter=e["card"]), "info"


def _reds(e: View, w: Words) -> Found:
    return w.t("rw.log.constraintReds", who=w.name(e["seat"]), letter=e["card"]), "info"


PARTS = (_part,)
PROMPTS = (_prompt,)


def _turn_down_afford(state: GameState, seat: int) -> bool | None:
    return True if legal(state, TurnDown(seat)) else None


USES = (
    *(_use(letter) for letter in OWN_CARDS),
    action_use(
        "constraint_turn_down",
        TurnDown,
        _turn_down_afford,
        lambda sel, seat: TurnDown(seat),
        lambda a, w, obs: w.t("rw.confirm.constraint_turn_down"),
    ),
)
LINES = {
    "choose_constraint": _choose,
    "constraints_discarded": _discarded,
    "constraint_down": _down,
    "constraint_kept": _kept,
    "constraint_reds": _reds,
}
#: Every card's letter (the strings give each its rule).
LETTERS = tuple(CARDS)
