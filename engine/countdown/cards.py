"""The cards: the kinds of action card, where each may be played, the wire colours, and the
provisional counts of the physical deck, read from ``cards.json`` and checked on load.

The rules are code; the numbers are data. Nobody we could reach knows the per-kind split of the
66 action cards or the colours of the 8 wires (spec §2.3-2.4, §12 A1-A2), so they live in
``engine/countdown/cards.json`` (shipped in the wheel) and can be corrected without touching
code. A record stores its whole deal, so correcting the file never changes a saved game.

>>> data = load_cards()
>>> data.colours, sum(data.wires.values()), sum(data.actions.values())
(('red', 'blue', 'green', 'yellow'), 8, 66)
>>> data.actions["cut_blue"], zone("cut_blue"), zone("timer")
(6, 'in', 'out')
>>> parse_card_data({"wires": {"red": 8}, "actions": {}}, "x.json")
Traceback (most recent call last):
engine.countdown.cards.CardDataError: x.json: field 'actions.analyze': expected a whole number of cards (0 or more), got nothing
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Literal

from ..core.errors import SetupError

Zone = Literal["in", "out"]

ANALYZE = "analyze"
EXIT = "exit"
INTERCEPT = "intercept"
TIMER = "timer"
DOUBLE_TIMER = "double_timer"
ALARM = "alarm"
REENTER = "reenter"
BYPASS = "bypass"
CUT_PREFIX = "cut_"

#: Colours a wire (and a Snip card) may have: the page knows how to draw and name these.
PALETTE = ("red", "blue", "green", "yellow", "black", "white", "orange", "purple")
#: The kinds that are not Snips, in the order hands and lists show them (Snips come after Analyze).
PLAIN_KINDS = (ANALYZE, EXIT, INTERCEPT, TIMER, DOUBLE_TIMER, ALARM, REENTER, BYPASS)
IN_KINDS = frozenset({ANALYZE, EXIT})
OUT_KINDS = frozenset({INTERCEPT, TIMER, DOUBLE_TIMER, ALARM, REENTER, BYPASS})
#: What a wild pair may act as (§6.2).
WILD_MODES = (ANALYZE, EXIT)
#: Countdown cards removed by each timer card.
TIMER_STEPS = {TIMER: 1, DOUBLE_TIMER: 2}

HAND_LIMIT = 4
MAX_CUTS = 4
AGENTS = 4
COMBINATION = 4
WILD_MIN_COUNTDOWN = 4
PLAYER_COUNTS = range(2, 6)
WIRE_TOTAL = 8
ACTION_TOTAL = 66


def cut_kind(colour: str) -> str:
    """The kind of the Snip card of a colour: ``cut_red``."""
    return CUT_PREFIX + colour


def cut_colour(kind: str) -> str | None:
    """The colour of a Snip kind, None for other kinds."""
    return kind[len(CUT_PREFIX) :] if kind.startswith(CUT_PREFIX) else None


def is_cut(kind: str) -> bool:
    return kind.startswith(CUT_PREFIX)


def is_kind(kind: object) -> bool:
    """A kind any deck may hold: a plain kind or the Snip of a palette colour."""
    return isinstance(kind, str) and (kind in PLAIN_KINDS or cut_colour(kind) in PALETTE)


def zone(kind: str) -> Zone:
    """Where the agent must be for this card: "in" (inside the building) or "out"."""
    return "out" if kind in OUT_KINDS else "in"


_ORDER = {
    kind: index
    for index, kind in enumerate([ANALYZE, *(cut_kind(c) for c in PALETTE), *PLAIN_KINDS[1:]])
}


def kind_order(kind: str) -> int:
    """Sort key of kinds: Analyze, Snips by colour, Exit, then the outside cards."""
    return _ORDER[kind]


def sort_cards(cards: list[str]) -> list[str]:
    return sorted(cards, key=kind_order)


def colour_order(colour: str) -> int:
    return PALETTE.index(colour)


class CardDataError(SetupError):
    """The card data file is wrong: names the file, the field and what was expected."""

    def __init__(self, source: str, field: str, expected: str, got: object = None) -> None:
        self.source, self.field, self.expected = source, field, expected
        shown = "nothing" if got is None else repr(got)
        super().__init__(f"{source}: field {field!r}: expected {expected}, got {shown}")


@dataclass(frozen=True)
class CardData:
    """The physical components: wires by colour and action cards by kind (Snips as ``cut_<c>``)."""

    wires: Mapping[str, int]
    actions: Mapping[str, int]
    provisional: bool
    source: str

    @property
    def colours(self) -> tuple[str, ...]:
        return tuple(self.wires)

    def wire_list(self) -> list[str]:
        """Every wire, colour by colour (the order a deal shuffles)."""
        return [colour for colour, n in self.wires.items() for _ in range(n)]

    def deck_list(self) -> list[str]:
        """Every action card, kind by kind (the order a deal shuffles)."""
        return [kind for kind, n in self.actions.items() for _ in range(n)]


def _count(raw: object, source: str, field: str, least: int) -> int:
    if isinstance(raw, bool) or not isinstance(raw, int) or raw < least:
        what = "a whole number of cards" + (" (0 or more)" if least == 0 else " (1 or more)")
        raise CardDataError(source, field, what, raw)
    return raw


def parse_card_data(raw: object, source: str = "cards.json") -> CardData:
    """Check and read card data (the parsed JSON); raises CardDataError naming the field."""
    if not isinstance(raw, dict):
        raise CardDataError(source, "(file)", "a JSON object", type(raw).__name__)
    unknown = sorted(set(raw) - {"about", "provisional", "wires", "actions"})
    if unknown:
        raise CardDataError(source, unknown[0], "one of about, provisional, wires, actions", "?")
    wires_raw = raw.get("wires")
    if not isinstance(wires_raw, dict) or not wires_raw:
        raise CardDataError(source, "wires", "an object of colour: count", wires_raw)
    wires: dict[str, int] = {}
    for colour, n in wires_raw.items():
        if colour not in PALETTE:
            raise CardDataError(
                source, f"wires.{colour}", f"a colour of {', '.join(PALETTE)}", colour
            )
        wires[colour] = _count(n, source, f"wires.{colour}", 1)
    if sum(wires.values()) != WIRE_TOTAL:
        raise CardDataError(
            source,
            "wires",
            f"{WIRE_TOTAL} wires in all (the rulebook's count)",
            sum(wires.values()),
        )
    actions_raw = raw.get("actions")
    if not isinstance(actions_raw, dict):
        raise CardDataError(source, "actions", "an object of kind: count", actions_raw)
    extra = sorted(set(actions_raw) - {*PLAIN_KINDS, "cut"})
    if extra:
        raise CardDataError(
            source, f"actions.{extra[0]}", f"a kind of {', '.join(PLAIN_KINDS)}, cut", extra[0]
        )
    actions: dict[str, int] = {}
    actions[ANALYZE] = _count(actions_raw.get(ANALYZE), source, f"actions.{ANALYZE}", 0)
    cuts = actions_raw.get("cut")
    if not isinstance(cuts, dict):
        raise CardDataError(source, "actions.cut", "an object of colour: count", cuts)
    if list(cuts) != list(wires):
        raise CardDataError(
            source,
            "actions.cut",
            f"one count per wire colour, in order: {', '.join(wires)}",
            list(cuts),
        )
    for colour in wires:
        actions[cut_kind(colour)] = _count(cuts[colour], source, f"actions.cut.{colour}", 0)
    for kind in PLAIN_KINDS[1:]:
        actions[kind] = _count(actions_raw.get(kind), source, f"actions.{kind}", 0)
    total = sum(actions.values())
    if total != ACTION_TOTAL:
        raise CardDataError(
            source, "actions", f"{ACTION_TOTAL} action cards in all (the rulebook's count)", total
        )
    provisional = raw.get("provisional", True)
    if not isinstance(provisional, bool):
        raise CardDataError(source, "provisional", "true or false", provisional)
    return CardData(wires, actions, provisional, source)


def _read_text(name: str) -> str:
    """A data file of this package, through the package's own loader (a folder, a wheel, the
    page's zip archive): no importlib.resources on the page's boot path."""
    loader = getattr(__spec__, "loader", None)
    path = os.path.join(os.path.dirname(__file__), name)
    try:
        data: bytes = loader.get_data(path)  # type: ignore[union-attr]
    except (OSError, AttributeError):
        data = Path(path).read_bytes()
    return data.decode("utf-8")


@cache
def load_cards() -> CardData:
    """The shipped card data (``engine/countdown/cards.json``), checked once."""
    try:
        raw = json.loads(_read_text("cards.json"))
    except json.JSONDecodeError as exc:
        raise CardDataError("cards.json", "(file)", "valid JSON", str(exc)) from exc
    return parse_card_data(raw, "cards.json")
