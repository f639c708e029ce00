"""The constraint cards on the page (mission 31): the cards on offer while the players choose,
then each player's card, face up (its letter and what it allows) or turned face down; the choice
(one dock button per card, by touch or keyboard; turning one's card down when an exchange on
one's turn left no fitting wire); the prompt's reminder of one's own card; the
log (whether the active player can obey his card, each turn, is public).

Mission 32: the one visible card everyone obeys, the cards left in the face-down deck and those
replaced; the captain's keep or replace (two dock buttons), the skip when the card leaves no
cut (a dock button saying why), the prompt's reminder of the card, the log.

Mission 37 (rotating): the same visible card, deck and replaced cards, with its own rule (no
captain's choice: a value cut to its 4th wire turns the next card over, and so does a whole
round of skips, which moves the detonator) and the skips of the round so far; the log says
each card turned and why.

Mission 57 (paired): the twelve Number cards, each with its constraint card (a grid, each pair's
state in words and a symbol: on top and obeyed, covered, or still waiting for its value), the
card on top (or none yet), the paired rule and the round's skips; the log says each card put on
top and by which value, and the explosion of a whole round where nobody could cut.

Mission 61 (circle): every card around the table in the circle's order from the captain (each
player's own and the table's extra cards, each named in words: whose it is or where it lies),
the F-L pile's count and the cards discarded, the round's skips; the captain's keep / pass
clockwise / pass anticlockwise (three dock buttons), the any-time trade for the pile's top card
(a dock button saying its price), the skip; the log says each pass, each trade and its step."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.redwire import GameState
from engine.redwire.mechanisms import constraints
from engine.redwire.mechanisms.constraints import (
    CARDS,
    OWN_CARDS,
    ChooseConstraint,
    DrawConstraint,
    PassConstraints,
    SkipTurn,
    SwapConstraint,
    TurnDown,
)

from ..icons import icon
from ..markup import classes, esc, tag
from .base import CardUse, Found, View, action_use, legal

if TYPE_CHECKING:
    from engine.redwire.observation_types import Observation

    from ..words import Words


def text(w: Words, letter: str) -> str:
    """A card's letter and what it allows ("A: only even values")."""
    return w.t("rw.constraint.card", letter=letter, rule=w.t(f"rw.constraint.{letter}"))


def _panel(rule: str, items: list[str], w: Words, cards: str = "") -> str:
    """A constraint panel: its rule (the catalog key ``rule``), the cards laid out (mission 57's
    pairs, mission 61's circle), then its lines (``items``, each an ``li``)."""
    return tag(
        "div",
        tag("p", esc(w.t(rule)), class_="rw-seq")
        + cards
        + tag("ul", "".join(items), class_="rw-plain-list"),
        data_testid="constraints",
    )


def _round_skips(part: constraints.ConstraintsView, w: Words) -> str:
    """The round's skips so far and its turns (a whole round of skips turns the next card over
    or explodes, as the mission says)."""
    line = w.t(
        "rw.constraint.roundSkips",
        skips=part.get("round_skips", 0),
        turns=part.get("round_turns", 0),
    )
    return tag("li", esc(line), data_testid="constraint-round")


def _shared(part: constraints.ConstraintsView, w: Words) -> str:
    """Mission 32: the visible card (or none left), the deck's count, the cards replaced."""
    letter = part.get("visible")
    if letter:
        line = w.t("rw.constraint.visible", card=text(w, letter))
    else:
        line = w.t("rw.constraint.none")
    items = [tag("li", esc(line), data_testid="constraint-visible", data_card=letter or "")]
    items.append(tag("li", esc(w.t("rw.constraint.deck", count=part.get("deck", 0)))))
    gone = part.get("discarded") or []
    if gone:
        items.append(tag("li", esc(w.t("rw.constraint.replaced", cards=w.listing(list(gone))))))
    rotating = bool(part.get("rotating"))
    if rotating and letter and part.get("round_skips"):
        items.append(_round_skips(part, w))
    rule = "rw.constraint.rotatingRule" if rotating else "rw.constraint.sharedRule"
    return _panel(rule, items, w)


def _pair(value: int, letter: str, state: str, w: Words) -> str:
    """One Number card with its constraint card: the value, the letter, the state in words (and a
    symbol: never only a colour); its accessible name says the whole card."""
    words = w.t(f"rw.constraint.pair.{state}") if state else ""
    symbol = {"top": icon("lock"), "covered": icon("check")}.get(state, "")
    label = w.t("rw.constraint.pairName", value=value, card=text(w, letter))
    return tag(
        "li",
        tag("span", esc(str(value)), class_="rw-ncard-n")
        + tag("span", esc(letter), class_="rw-cpair-card")
        + (tag("span", symbol + esc(words), class_="rw-ncard-state") if words else ""),
        class_=classes("rw-ncard rw-cpair", state and f"is-{state}"),
        aria_label=label + (" — " + words if words else ""),
        title=label,
        data_value=value,
        data_card=letter,
        data_state=state or "waiting",
    )


def _paired(part: constraints.ConstraintsView, w: Words) -> str:
    """Mission 57: every Number card with its constraint card, the card on top (or none yet),
    the cards it covers, the round's skips."""
    pairs = part.get("pairs") or []
    top = part.get("visible")
    covered = set(part.get("discarded") or [])
    grid = "".join(
        _pair(
            value,
            letter,
            "top" if letter == top else "covered" if letter in covered else "",
            w,
        )
        for value, letter in enumerate(pairs, start=1)
    )
    line = w.t("rw.constraint.visible", card=text(w, top)) if top else w.t("rw.constraint.noneYet")
    items = [tag("li", esc(line), data_testid="constraint-visible", data_card=top or "")]
    if covered:
        gone = w.listing(list(part.get("discarded") or []))
        items.append(tag("li", esc(w.t("rw.constraint.covered", cards=gone))))
    if top and part.get("round_skips"):
        items.append(_round_skips(part, w))
    cards = tag(
        "ol",
        grid,
        class_="rw-ncards rw-cpairs",
        aria_label=w.t("rw.constraint.pairs"),
        data_testid="constraint-pairs",
    )
    return _panel("rw.constraint.pairedRule", items, w, cards)


def _position(seat: int | None, letter: str, index: int, spot: int, w: Words) -> str:
    """One place of mission 61's circle: whose card it is (or which table spot), the card in
    words (letter and rule); its accessible name says both."""
    if seat is None:
        where = w.t("rw.constraint.spotLeft" if spot == 0 else "rw.constraint.spotRight")
    else:
        where = w.name(seat)
    line = w.t("rw.constraint.place", where=where, card=text(w, letter))
    return tag(
        "li",
        tag("span", esc(letter), class_="rw-ccircle-card", aria_hidden="true")
        + tag("span", esc(line), class_="rw-ccircle-text"),
        class_=classes("rw-ccircle-place", seat is None and "is-table"),
        aria_label=line,
        data_testid=f"constraint-place-{index}",
        data_card=letter,
        data_seat="table" if seat is None else seat,
    )


def _circle(part: constraints.ConstraintsView, w: Words) -> str:
    """Mission 61: the circle of cards from the captain, the pile, the cards discarded, the
    round's skips."""
    letters = {e["seat"]: e["card"] for e in part["seats"]}
    spots = iter(part.get("spots") or [])
    places = []
    spot = 0
    for index, seat in enumerate(part.get("ring") or []):
        if seat is None:
            places.append(_position(None, next(spots), index, spot, w))
            spot += 1
        else:
            places.append(_position(seat, letters.get(seat) or "?", index, 0, w))
    items = [
        tag(
            "li",
            esc(w.t("rw.constraint.pile", count=part.get("pile", 0))),
            data_testid="constraint-pile",
        )
    ]
    gone = part.get("discarded") or []
    if gone:
        items.append(tag("li", esc(w.t("rw.constraint.traded", cards=w.listing(list(gone))))))
    if part.get("round_skips"):
        items.append(_round_skips(part, w))
    circle = tag(
        "ol",
        "".join(places),
        class_="rw-ccircle",
        aria_label=w.t("rw.constraint.circle"),
        data_testid="constraint-circle",
    )
    return _panel("rw.constraint.circleRule", items, w, circle)


def _part(obs: Observation, w: Words) -> str:
    part = constraints.view(obs)
    if part is None:
        return ""
    if part.get("circle"):
        return _circle(part, w)
    if part.get("pairs"):
        return _paired(part, w)
    if part.get("shared"):
        return _shared(part, w)
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
    return _panel("rw.constraint.rule", items, w)


def _prompt(obs: Observation, w: Words) -> str | None:
    viewer = obs.get("viewer")
    if not isinstance(viewer, int) or obs["phase"] != "turn":
        return None
    card = constraints.card_in(obs, viewer)
    if card is None:
        return None
    part = constraints.view(obs)
    if part is not None and part.get("shared"):
        return w.t("rw.constraint.sharedPrompt", card=text(w, card.letter))
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


def _swap(e: View, w: Words) -> Found:
    if e["new"]:
        line = w.t(
            "rw.log.constraintSwap", who=w.name(e["seat"]), old=e["old"], card=text(w, e["new"])
        )
    else:
        line = w.t("rw.log.constraintSwapLast", who=w.name(e["seat"]), old=e["old"])
    return line, "info"


def _rotate(e: View, w: Words) -> Found:
    """Mission 37: a card turned over, by a value cut to its 4th wire or a round of skips."""
    by_value = e["reason"] == "value"
    if e["new"]:
        key = "rw.log.constraintRotate" if by_value else "rw.log.constraintRoundNext"
        line = w.t(key, value=e.get("value", ""), old=e["old"], card=text(w, e["new"]))
    else:
        key = "rw.log.constraintRotateLast" if by_value else "rw.log.constraintRoundLast"
        line = w.t(key, value=e.get("value", ""), old=e["old"])
    return line, "info"


def _pair_line(e: View, w: Words) -> Found:
    """Mission 57: a value cut to its 4th wire puts its card on top (of the one before)."""
    card = text(w, e["new"])
    if e["old"]:
        line = w.t("rw.log.constraintPairOver", value=e["value"], old=e["old"], card=card)
    else:
        line = w.t("rw.log.constraintPair", value=e["value"], card=card)
    return line, "info"


def _round(e: View, w: Words) -> Found:
    return w.t("rw.log.constraintRound", letter=e["card"]), "warn"


def _keep(e: View, w: Words) -> Found:
    return w.t("rw.log.constraintKeep", who=w.name(e["seat"]), letter=e["card"]), "info"


def _skip(e: View, w: Words) -> Found:
    return w.t("rw.log.constraintSkip", who=w.name(e["seat"]), letter=e["card"]), "warn"


def _no_token(e: View, w: Words) -> Found:
    return w.t("rw.log.constraintNoToken"), "info"


def _double(e: View, w: Words) -> Found:
    return w.t("rw.log.constraintDouble"), "warn"


def _swap_use(swap: bool) -> CardUse:
    name = "constraint_replace" if swap else "constraint_keep"

    def afford(state: GameState, seat: int) -> bool | None:
        return True if legal(state, SwapConstraint(seat, swap)) else None

    return action_use(
        name,
        SwapConstraint,
        afford,
        lambda sel, seat: SwapConstraint(seat, swap),
        # Both buttons build the same kind of action: its own flag says which it is.
        lambda a, w, obs: w.t(
            "rw.confirm.constraint_replace" if a.swap else "rw.confirm.constraint_keep"
        ),
        timing="any_time",
        select=lambda a: {"mode": "constraint_replace" if a.swap else "constraint_keep"},
    )


def _passes(e: View, w: Words) -> Found:
    """Mission 61: the captain keeps the cards, or passes them all one place."""
    if e["way"] == "keep":
        return w.t("rw.log.constraintsKeepAll", who=w.name(e["seat"])), "info"
    cards = w.listing(
        [
            w.t("rw.constraint.holds", name=w.name(seat), letter=letter)
            for seat, letter in enumerate(e["cards"])
            if letter
        ]
    )
    return w.t(f"rw.log.constraints_{e['way']}", who=w.name(e["seat"]), cards=cards), "info"


def _draw(e: View, w: Words) -> Found:
    """Mission 61: a card traded for the pile's top card, one detonator step."""
    line = w.t("rw.log.constraintDraw", who=w.name(e["seat"]), old=e["old"], card=text(w, e["new"]))
    return line, "warn"


def _pass_use(way: str) -> CardUse:
    name = f"constraints_{way}"

    def afford(state: GameState, seat: int) -> bool | None:
        return True if legal(state, PassConstraints(seat, way)) else None

    return action_use(
        name,
        PassConstraints,
        afford,
        lambda sel, seat: PassConstraints(seat, way),
        # The three buttons build the same kind of action: its own way says which it is.
        lambda a, w, obs: w.t(f"rw.confirm.constraints_{a.way}"),
        timing="any_time",
        select=lambda a: {"mode": f"constraints_{a.way}"},
    )


def _draw_afford(state: GameState, seat: int) -> bool | None:
    return True if legal(state, DrawConstraint(seat)) else None


def _skip_afford(state: GameState, seat: int) -> bool | None:
    return True if legal(state, SkipTurn(seat)) else None


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
    _swap_use(False),
    _swap_use(True),
    *(_pass_use(way) for way in constraints.WAYS),
    action_use(
        "constraint_draw",
        DrawConstraint,
        _draw_afford,
        lambda sel, seat: DrawConstraint(seat),
        lambda a, w, obs: w.t("rw.confirm.constraint_draw"),
        timing="any_time",
    ),
    action_use(
        "constraint_skip",
        SkipTurn,
        _skip_afford,
        lambda sel, seat: SkipTurn(seat),
        lambda a, w, obs: w.t("rw.confirm.constraint_skip"),
    ),
)
LINES = {
    "choose_constraint": _choose,
    "constraints_discarded": _discarded,
    "constraint_down": _down,
    "constraint_kept": _kept,
    "constraint_reds": _reds,
    "constraint_swap": _swap,
    "constraint_keep": _keep,
    "constraint_skip": _skip,
    "constraint_rotate": _rotate,
    "constraint_round": _round,
    "constraint_pair": _pair_line,
    "constraint_no_token": _no_token,
    "constraint_double": _double,
    "constraints_pass": _passes,
    "constraint_draw": _draw,
}
#: Every card's letter (the strings give each its rule).
LETTERS = tuple(CARDS)
