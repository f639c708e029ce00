"""The equipment tray and its cards (the 12 numbered ones, the campaign's yellow card and rule
sticker C's double cards), one module per card or family of cards.

A mission with ``"equipment"`` among its mechanisms draws cards onto the board (see
:mod:`.tray`); the mechanisms of the cards drawn come into play with it (``Tray.brings``).

>>> sorted(CARDS)[:13] == list(range(0, 13)), CARDS[9].name["en"], sorted(CARDS)[13:]
(True, 'Stabilizer', [22, 33, 99, 1010, 1111])
"""

from __future__ import annotations

from ..base import Mechanism
from . import (
    batteries,
    coffee,
    detectors,
    disintegrator,
    drop,
    either_or,
    fast_pass,
    hook,
    labels,
    post_it,
    radar,
    rewind,
    single_label,
    stabilizer,
    stash,
)
from . import walkie as walkie_talkies
from .tray import Card, Tray

_MODULES = (
    stash,
    labels,
    walkie_talkies,
    detectors,
    post_it,
    rewind,
    batteries,
    radar,
    stabilizer,
    either_or,
    coffee,
    # Rule sticker C's double cards (from mission 55), after the twelve.
    single_label,
    drop,
    fast_pass,
    disintegrator,
    hook,
)

#: Every equipment card, by number.
CARDS: dict[int, Card] = {c.number: c for module in _MODULES for c in module.CARDS}
#: The tray, and the mechanism of each card family.
MECHANISM = Tray(CARDS)
CARD_MECHANISMS: tuple[Mechanism[object], ...] = tuple(module.MECHANISM for module in _MODULES)


#: The actions of the cards (and the Dual Cut's card detectors and announcers), to know whether
#: an action uses an equipment card (a player who may not use any: the Bluffer of mission 15).
CARD_ACTIONS: tuple[type, ...] = tuple(spec.cls for m in CARD_MECHANISMS for spec in m.actions)
CARD_TOOLS: frozenset[str] = frozenset(t.name for m in CARD_MECHANISMS for t in m.tools)
CARD_COUNTS: frozenset[int] = frozenset(a.count for m in CARD_MECHANISMS for a in m.announcers)


def uses_card(action: object) -> bool:
    """Whether ``action`` uses an equipment card (its own action, a card's detector, two
    values announced with one)."""
    from ...actions import Cut

    if isinstance(action, Cut):
        return action.tool in CARD_TOOLS or len(action.values) in CARD_COUNTS
    return type(action) in CARD_ACTIONS  # not a character's own copy (a subclass)
