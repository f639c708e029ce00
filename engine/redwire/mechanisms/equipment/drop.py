"""Equipment 3-3, Emergency Drop (rule sticker C, from mission 55): every used card face up.

An instant card: the moment all four 3s are cut it acts by itself. Every equipment card already
used is turned face up and can be used again this mission; then the Emergency Drop itself is
spent. Our reading: the instant cards (the Hidden Stash, the Disintegrator) stay face down,
since a refreshed instant card would act again at once with nothing left to act on (the card
speaks of cards that "can be used again", which an instant card never is by a player).

>>> CARDS[0].number, CARDS[0].timing
(33, 'instant')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ....core.events import Event
from ...model import Table
from ..base import Events, Mechanism
from .tray import ID as TRAY
from .tray import TrayPart, card, card_label, card_state, spend

ID = "emergency_drop"
NUMBER = 33
CARDS = (
    card(
        NUMBER,
        "instant",
        ID,
        (
            "Emergency Drop",
            "When all four 3s are cut, every used equipment card turns face up: it can be used again.",
        ),
        (
            "Lancio d'emergenza",
            "Quando tutti e quattro i 3 sono tagliati, ogni carta Equipaggiamento usata torna scoperta: si può riusare.",
        ),
    ),
)


def refresh(table: Table, instant: frozenset[int]) -> list[int]:
    """Turn every used card but the instant ones face up; returns them in board order."""
    tray = table.part(TRAY, TrayPart)
    back = [n for n in tray.cards if n in tray.used and n not in instant]
    table.set_part(TRAY, replace(tray, used=tray.used - set(back)))
    return back


def _line(e: Mapping[str, Any], n: Any, o: Any) -> str:
    cards = [card_label(c) for c in e["cards"]]
    if not cards:
        return "Emergency Drop: no used card to turn face up."
    return f"Emergency Drop: card{'s' if len(cards) > 1 else ''} {', '.join(cards)} turn face up, usable again."


class EmergencyDrop(Mechanism[None]):
    id = ID
    events = ("emergency_drop",)
    lines = {"emergency_drop": _line}

    def after_cuts(self, table: Table, events: Events) -> None:
        """All four 3s cut: the used cards turn face up, and the Emergency Drop is spent."""
        if card_state(table, NUMBER) != "usable":
            return
        from . import CARDS as ALL  # the package's catalogue (it imports this module)

        instant = frozenset(n for n, c in ALL.items() if c.timing == "instant")
        back = refresh(table, instant)
        spend(table, NUMBER)
        events.append(Event("emergency_drop", {"cards": back}))


MECHANISM = EmergencyDrop()
