"""The yellow card, Hidden Stash (rule sticker A, from mission 9): two more cards for the board.

In a mission with yellow wires (whose ``[equipment]`` table says ``yellow_card = true``) the
yellow card joins the pool. On the board it unlocks, as any card, when two wires of its value
are cut: two yellow wires. It then acts at once, by itself: the two cards the deal drew face
down for it (``tray.reserve_of``) are laid on the board, each usable at once if two wires of
its own number are already cut, and the yellow card is spent.

>>> CARDS[0].number, CARDS[0].timing
(0, 'instant')
"""

from __future__ import annotations

from typing import Any

from ....core.events import Event
from ...model import Table
from ..base import Events, Mechanism
from .tray import YELLOW_CARD, TrayPart, add_cards, card, card_state, reserve_of, spend

ID = "stash"
CARDS = (
    card(
        YELLOW_CARD,
        "instant",
        ID,
        (
            "Hidden Stash",
            "When two yellow wires are cut, two more equipment cards join the board at once.",
        ),
        (
            "Scorta nascosta",
            "Quando sono tagliati due cavi gialli, due carte Equipaggiamento in più entrano subito in gioco.",
        ),
    ),
)


def _cards_line(e: Any, n: Any, o: Any) -> str:
    cards = [str(c) for c in e["cards"]]
    if not cards:
        return "Hidden Stash: no card is left to add."
    listed = cards[0] if len(cards) == 1 else f"{', '.join(cards[:-1])} and {cards[-1]}"
    return f"Hidden Stash: card{'s' if len(cards) > 1 else ''} {listed} join the board."


class HiddenStash(Mechanism[None]):
    id = ID
    events = ("stash",)
    lines = {"stash": _cards_line}

    def after_cuts(self, table: Table, events: Events) -> None:
        """Two yellow wires cut: the reserve joins the board and the yellow card is spent."""
        if card_state(table, YELLOW_CARD) != "usable":
            return
        tray = table.parts.get("equipment")
        assert isinstance(tray, TrayPart)
        reserve = tuple(n for n in reserve_of(table.setup) if n not in tray.cards)
        spend(table, YELLOW_CARD)
        events.append(Event("stash", {"cards": list(reserve)}))
        add_cards(table, reserve, events)


MECHANISM = HiddenStash()
