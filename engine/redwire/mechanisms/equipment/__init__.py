"""The equipment tray and its 12 cards, one module per card or family of cards.

A mission with ``"equipment"`` among its mechanisms draws cards onto the board (see
:mod:`.tray`); the mechanisms of the cards drawn come into play with it (``Tray.brings``).

>>> sorted(CARDS) == list(range(1, 13)), CARDS[9].name["en"]
(True, 'Stabilizer')
"""

from __future__ import annotations

from ..base import Mechanism
from . import batteries, coffee, detectors, either_or, labels, post_it, radar, rewind, stabilizer
from . import walkie as walkie_talkies
from .tray import Card, Tray

_MODULES = (
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
)

#: Every equipment card, by number.
CARDS: dict[int, Card] = {c.number: c for module in _MODULES for c in module.CARDS}
#: The tray, and the mechanism of each card family.
MECHANISM = Tray(CARDS)
CARD_MECHANISMS: tuple[Mechanism[object], ...] = tuple(module.MECHANISM for module in _MODULES)
