"""Arithmetic on the page (mission 47): the twelve Number cards drawn in two lines of six (the
Number cards' part), the rule and this turn's calculation in the mission's panel; the
calculation as two dock buttons, "Add two cards" and "Subtract two cards", each collecting two
card chips (by touch or keyboard) and confirmed with its result ("7 + 3 = 10: I cut 10 this
turn"); the pass (a dock button; with the option ``m47_pass_discards`` it collects the two
cards to discard); the turn's prompt (calculate first, then cut the result); the log."""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any

from engine.redwire import GameState
from engine.redwire.mechanisms import arithmetic, number_cards
from engine.redwire.mechanisms.arithmetic import ArithPass, Calculate

from ..markup import esc, tag
from .base import Found, View, action_use, legal

if TYPE_CHECKING:
    from engine.redwire.observation_types import Observation

    from ..selection import Selection
    from ..words import Words


def _row(state: GameState) -> tuple[int, ...]:
    return number_cards.row(state) if arithmetic.ID in state.parts else ()


def _afford(sign: str) -> Any:
    """The pairs of cards (smaller first) whose calculation of ``sign`` is legal now, or None;
    the chips offered are the cards of those pairs (two chips that do not go together are
    refused in words)."""

    def afford(state: GameState, seat: int) -> tuple[tuple[int, int], ...] | None:
        pairs = [
            (min(first, second), max(first, second))
            for ways in arithmetic.results(_row(state)).values()
            for first, second, way in ways
            if way == sign and legal(state, Calculate(seat, first, second, sign))
        ]
        return tuple(sorted(pairs)) or None

    return afford


def _pass_afford(state: GameState, seat: int) -> bool | None:
    return True if legal(state, ArithPass(seat)) else None


def _discard_afford(state: GameState, seat: int) -> tuple[tuple[int, int], ...] | None:
    """With the option: every pair of the row's cards the pass may discard."""
    pairs = [p for p in combinations(sorted(_row(state)), 2) if legal(state, ArithPass(seat, p))]
    return tuple(pairs) or None


def _build(sign: str) -> Any:
    def build(sel: Selection, seat: int) -> Calculate | None:
        if len(sel.values) != 2:
            return None
        low, high = sorted(sel.values)
        return Calculate(seat, low, high, "+") if sign == "+" else Calculate(seat, high, low, "-")

    return build


def _discard_build(sel: Selection, seat: int) -> ArithPass | None:
    if len(sel.values) == 2:
        return ArithPass(seat, (sel.values[0], sel.values[1]))
    return None


def _cards(choices: Any) -> tuple[int, ...]:
    """The chips: every card of the offered pairs."""
    return tuple(sorted({card for pair in choices or () for card in pair}))


def _select(a: Calculate) -> dict[str, Any]:
    return {"mode": "calc_add" if a.sign == "+" else "calc_sub", "values": (a.first, a.second)}


def _pass_select(a: ArithPass) -> dict[str, Any]:
    if a.discard:
        return {"mode": "arith_discard", "values": a.discard}
    return {"mode": "arith_pass"}


def _confirm(a: Calculate, w: Words, obs: Observation) -> str:
    return w.t("rw.confirm.calculate", first=a.first, sign=a.sign, second=a.second, value=a.result)


def _pass_confirm(a: ArithPass, w: Words, obs: Observation) -> str:
    if a.discard:
        return w.t("rw.confirm.arith_pass.discard", first=a.discard[0], second=a.discard[1])
    return w.t("rw.confirm.arith_pass")


def _part(obs: Observation, w: Words) -> str:
    part = arithmetic.view(obs)
    if part is None:
        return ""
    text = w.t("rw.arith.rule")
    text += " " + w.t("rw.arith.passDiscards" if part["pass_discards"] else "rw.arith.pass")
    lines = [tag("p", esc(text), class_="rw-seq")]
    if part["current"] is not None:
        first, second = part["cards"]
        now = w.t(
            "rw.arith.current", first=first, sign=part["sign"], second=second, value=part["current"]
        )
        lines.append(tag("p", tag("strong", esc(now)), class_="rw-seq", data_testid="arith-now"))
    return tag(
        "section",
        tag("h3", esc(w.t("rw.arith.title")), class_="rw-h3") + "".join(lines),
        class_="rw-mission-part rw-arith",
        role="note",
        data_testid="arithmetic",
    )


def _prompt(obs: Observation, w: Words) -> str | None:
    part = arithmetic.view(obs)
    if part is None or obs["phase"] != "turn" or obs["active"] != obs["viewer"]:
        return None
    if part["current"] is not None:
        return w.t("rw.arith.promptCut", value=part["current"])
    return w.t("rw.arith.prompt")


def _calculate_line(e: View, w: Words) -> Found:
    text = w.t(
        "rw.log.calculate",
        who=w.name(e["seat"]),
        first=e["first"],
        sign=e["sign"],
        second=e["second"],
        value=e["value"],
    )
    return text, "info"


def _pass_line(e: View, w: Words) -> Found:
    cards = e["discard"]
    if cards:
        text = w.t(
            "rw.log.arithPassDiscard", who=w.name(e["seat"]), first=cards[0], second=cards[1]
        )
    else:
        text = w.t("rw.log.arithPass", who=w.name(e["seat"]))
    return text, "miss"


def _relaid_line(e: View, w: Words) -> Found:
    return w.t("rw.log.numbersRelaid"), "info"


def _missing(sel: Selection) -> str:
    return "rw.arith.needCards"


PARTS = (_part,)
PROMPTS = (_prompt,)
USES = (
    action_use(
        "calc_add",
        Calculate,
        _afford("+"),
        _build("+"),
        _confirm,
        plain=False,
        values=_cards,
        values_label="rw.values.arithCards",
        values_many=2,
        select=_select,
        missing=_missing,
    ),
    action_use(
        "calc_sub",
        Calculate,
        _afford("-"),
        _build("-"),
        _confirm,
        plain=False,
        values=_cards,
        values_label="rw.values.arithCards",
        values_many=2,
        select=_select,
        missing=_missing,
    ),
    action_use(
        "arith_pass",
        ArithPass,
        _pass_afford,
        lambda sel, seat: ArithPass(seat),
        _pass_confirm,
        select=_pass_select,
    ),
    action_use(
        "arith_discard",
        ArithPass,
        _discard_afford,
        _discard_build,
        _pass_confirm,
        plain=False,
        values=_cards,
        values_label="rw.values.arithDiscard",
        values_many=2,
        select=_pass_select,
        missing=_missing,
    ),
)
LINES = {
    "calculate": _calculate_line,
    "arith_pass": _pass_line,
    "numbers_relaid": _relaid_line,
}
