"""The page's mechanisms: what each engine mechanism shows and offers, by the same names.

``web/fusebox_web/redwire/mechanisms/<name>.py`` mirrors ``engine/redwire/mechanisms/<name>.py``:
the equipment cards (one :class:`~.base.CardUse` per card, in :data:`CARD_USES`), the tray
(:mod:`.equipment.tray`: the cards' panel) and the Double Detector (:mod:`.double_detector`: the
player's badge). The board, the dock, the selection, the affordances and the log ask these,
never a card's number.

>>> sorted(CARD_USES) == list(range(1, 13)), MODES["radar"].card
(True, 8)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine.redwire import GameState
from engine.redwire.actions import Action

from . import double_detector
from .base import CardUse, Chosen, Found, View
from .equipment import (
    batteries,
    coffee,
    detectors,
    either_or,
    labels,
    post_it,
    radar,
    rewind,
    stabilizer,
    walkie,
)

if TYPE_CHECKING:
    from engine.redwire.observation_types import Observation

    from ..affordances import Affordances
    from ..selection import Selection
    from ..words import Words

_MODULES = (
    labels,
    walkie,
    detectors,
    post_it,
    rewind,
    batteries,
    radar,
    stabilizer,
    either_or,
    coffee,
)

#: How each equipment card is offered, by card number.
CARD_USES: dict[int, CardUse] = {use.card: use for module in _MODULES for use in module.USES}
#: The selection modes the cards start and build themselves (not the Dual Cut's), by mode.
MODES: dict[str, CardUse] = {}
for _use in sorted(CARD_USES.values(), key=lambda u: u.card):
    if _use.build is not None:
        MODES.setdefault(_use.mode, _use)
#: Log sentences of the mechanisms' own events (besides ``equipment``), by event type.
LINES: dict[str, Callable[[View, Words], Found]] = {**walkie.LINES, **radar.LINES}
#: The log sentence of an info token a mechanism placed, by the token event's ``reason``.
TOKEN_REASONS: dict[str, str] = {**post_it.TOKEN_REASONS}
#: The card whose name the dock's "X or Y" toggle shows.
XY_CARD = either_or.XY_CARD


def use_of(sel: Selection) -> CardUse | None:
    """The card a selection is using (its mode's, or its own card's when two share a mode)."""
    use = MODES.get(sel.mode or "")
    if use is not None and sel.card in CARD_USES and CARD_USES[sel.card].mode == use.mode:
        return CARD_USES[sel.card]
    return use


def use_mode(card: int, aff: Affordances) -> str | None:
    """The mode a card's "Use" button starts, if the viewer may use it now."""
    use = CARD_USES.get(card)
    return use.mode if use is not None and use.usable(aff) else None


def cards_now(state: GameState, seat: int, own_turn: bool) -> dict[int, Any]:
    """The cards ``seat`` may use now and their choices: the "any time" ones, and on the seat's
    own turn the turn ones (asked of the engine by each card)."""
    out: dict[int, Any] = {}
    for card, use in sorted(CARD_USES.items()):
        if use.afford is None or (use.timing == "turn" and not own_turn):
            continue
        choices = use.afford(state, seat)
        if choices is not None:
            out[card] = choices
    return out


def build(sel: Selection, seat: int) -> Action | None:
    use = use_of(sel)
    return use.build(sel, seat) if use is not None and use.build is not None else None


def chosen(action: Action) -> Chosen | None:
    """The selection fields that build ``action``, if a card's mode builds it."""
    for use in CARD_USES.values():
        if use.action is not None and isinstance(action, use.action) and use.select:
            return use.select(action)
    return None


def confirm_text(action: Action, w: Words, obs: Observation) -> str | None:
    for use in CARD_USES.values():
        if use.action is not None and isinstance(action, use.action) and use.confirm:
            return use.confirm(action, w, obs)
    return None


def equipment_line(e: View, w: Words) -> Found:
    """The log sentence of an ``equipment`` event (None: the card's own event says it)."""
    use = CARD_USES.get(e["card"])
    return use.log(e, w) if use is not None and use.log is not None else None


def tool_name(tool: object, w: Words) -> str:
    """A detector's name in the player's language."""
    if not isinstance(tool, str):
        return ""
    return double_detector.tool_name(tool, w) or detectors.tool_name(tool, w) or ""


def legends(obs: Observation, w: Words) -> list[str]:
    """What the board's short marks mean, for the mechanisms in play ("DD: the Double
    Detector..."), shown with the mission's rules."""
    found = double_detector.legend(obs, w)
    return [found] if found else []


def tool_short(tool: object, w: Words) -> str | None:
    """A detector's short name for a narrow screen ("DD"), if it has one."""
    return double_detector.short_name(w) if tool == "double" else None


def choices(aff: Affordances, sel: Selection) -> Any:
    """The current card's choices in the affordances (None when it is not usable now)."""
    use = use_of(sel)
    return aff.cards.get(use.card) if use is not None else None


__all__ = [
    "CARD_USES",
    "LINES",
    "MODES",
    "XY_CARD",
    "CardUse",
    "build",
    "cards_now",
    "chosen",
    "confirm_text",
    "equipment_line",
    "legends",
    "tool_name",
    "tool_short",
    "use_mode",
    "use_of",
]
