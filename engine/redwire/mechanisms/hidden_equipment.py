"""Hidden equipment (mission 15): the equipment cards lie face down, unseen; the Number cards'
deck shows its top card.

When all four wires of the top Number card's value are cut, the leftmost face-down equipment
card is turned face up (the card example's order, REC) and is usable at once, whatever wires of
its number are cut; then the next Number card is turned up. A Number card turned up whose value
is already fully cut is discarded at once and the next one turned up (no equipment for it).

>>> from engine.redwire import new_game
>>> from engine.redwire.mechanisms import number_cards
>>> game = new_game(mission=15, players=3, seed=2)
>>> number_cards.view(game.observation(0))["top"], tray.view(game.observation(0))["face_down"]
(2, 3)
"""

from __future__ import annotations

from ...core.events import Event
from ..model import Table
from . import number_cards
from .base import Events, Mechanism
from .equipment import tray

ID = "hidden_equipment"


class HiddenEquipment(Mechanism[None]):
    id = ID
    events = ("number_card",)
    lines = {
        "number_card": lambda e, n, o: (
            f"All four {e['done']}s are cut: its Number card is discarded"
            + (
                f"; the next one is {e['next']}."
                if e["next"] is not None
                else "; the deck is empty."
            )
        )
    }

    def after_cuts(self, table: Table, events: Events) -> None:
        """A fully cut top card: an equipment card face up (the first time), the next card."""
        rewarded = False
        current = number_cards.top(table)
        while current is not None and table.cut_count(current) == 4:
            if not rewarded:
                tray.reveal_next(table, events)
                rewarded = True
            following = number_cards.discard_top(table)
            events.append(Event("number_card", {"done": current, "next": following}))
            current = following


MECHANISM = HiddenEquipment()
