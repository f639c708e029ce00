"""Equipment 10-10, the Disintegrator (rule sticker C, from mission 55): a random value cut by all.

An instant card: the moment all four 10s are cut it acts by itself. It draws a random info token
from the supply and shows its number; every player then cuts all his remaining wires of that
value, and the Disintegrator is spent.

Our readings:

* **The supply** is the info tokens nobody has placed (§5.8): with the digital table's unlimited
  supply (the default) all 24 number tokens, two per value, so every value is as likely; with
  the option ``faithful_token_supply``, the number tokens not lying in front of a wire. A yellow
  token drawn is drawn again (§7.5 REC), so the draw is among the number tokens. The chance is
  kept as setup data: the deal shuffles the supply's tokens (``tray.token_order``) and the card
  takes the first one still in the supply, so a record replays without the RNG.
* **A value with no wire left** (all four already cut, or none the players can cut): the token
  is shown, nothing is cut, and the card is spent all the same.
* **The mission's rules stay in force**: a wire the equipment ignores or no cut may cut now (a
  flipped wire of missions 56 and 64, an X wire), a wire its owner cannot see, and a wire of a
  value that behaves as red stay uncut; the wires cut are each seat's own, as if he cut them
  (``wire_cut`` events, by their owner), and the post-cut checks run again at once (the value
  validated, cards unlocked, the bomb defused).

>>> CARDS[0].number, CARDS[0].timing, CARDS[0].draws_token
(1010, 'instant', True)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ....core.events import Event
from ...model import Table
from ...turn import after_cuts, cut_wire, ignored, red_codes
from ...wires import blue
from ..base import Events, Mechanism
from .tray import card, card_state, spend, token_order

if TYPE_CHECKING:
    from ...deduction.tracker import Tracker

ID = "disintegrator"
NUMBER = 1010
CARDS = (
    card(
        NUMBER,
        "instant",
        ID,
        (
            "Disintegrator",
            "When all four 10s are cut, draw a random info token: every player cuts all their "
            "remaining wires of its value.",
        ),
        (
            "Disintegratore",
            "Quando tutti e quattro i 10 sono tagliati, pescate un segnalino Info a caso: ogni "
            "giocatore taglia tutti i suoi cavi rimasti di quel valore.",
        ),
        draws_token=True,
    ),
)


def draw(table: Table) -> int | None:
    """The value of the first token of the shuffled supply that is still in the supply (None:
    no number token is left in it, which only the finite supply can do)."""
    placed: Counter[int] = Counter()
    if table.setup.options.faithful_token_supply:
        placed = Counter(v for v in table.info.values())
    seen: Counter[int] = Counter()
    for value in token_order(table):
        copy = seen[value]  # the first or second token of this value in the order
        seen[value] += 1
        if copy >= placed[value]:  # the placed ones are taken first: this one is free
            return value
    return None


def _line(e: Mapping[str, Any], n: Any, o: Any) -> str:
    value = e["value"]
    if value is None:
        return "Disintegrator: no number token is left in the supply; nothing is cut."
    cut = len(e["cut"])
    if cut == 0:
        return f"Disintegrator: the token drawn is a {value}; no wire of {value} is left to cut."
    return (
        f"Disintegrator: the token drawn is a {value}; every player cuts all their {value}s "
        f"({cut} wire{'s' if cut > 1 else ''})."
    )


def _read(event: Mapping[str, Any], tracker: Tracker) -> None:
    """Every uncut wire the card could reach was cut (the ``wire_cut`` events that follow say
    which): no other uncut wire on a player's stand but those it could not reach (``kept``) is
    of the value drawn."""
    from ...deduction.facts import Count

    value = event["value"]
    if value is None or event.get("as_red"):
        return
    skip = {tracker.wire(st, sl) for st, sl in (*event["cut"], *event["kept"])}
    rest = [
        w
        for stand, owner in enumerate(tracker.owners)
        if owner is not None
        for w in tracker.uncut(stand)
        if w not in skip
    ]
    if rest:
        tracker.add(Count.classes(rest, int(value), low=0, high=0))


class Disintegrator(Mechanism[None]):
    id = ID
    events = ("disintegrator",)
    facts = {"disintegrator": _read}
    lines = {"disintegrator": _line}

    def after_cuts(self, table: Table, events: Events) -> None:
        """All four 10s cut: draw the token, cut every wire of its value, run the checks."""
        if card_state(table, NUMBER) != "usable":
            return
        spend(table, NUMBER)  # first: the checks run again below must not fire it twice
        value = draw(table)
        if value is None:
            events.append(Event("disintegrator", {"value": None, "cut": [], "kept": []}))
            return
        code = blue(value)
        as_red = code in red_codes(table)  # a value that behaves as red is never cut
        # Wires the card cannot reach, whatever their value (public: flipped and X wires lie
        # apart for all to see): those the equipment ignores or no cut may cut now, and those
        # turned round that their owners cannot see (out of every hand).
        apart = (
            ignored(table)
            | frozenset().union(*(m.uncuttable(table) for m in table.mechanisms))
            | table.own_hidden
        )
        cut: list[tuple[int, int, int]] = []
        for seat in range(table.players):
            for stand, slot, held in table.hand(seat):
                if held == code and not as_red and table.stands[stand][slot] not in apart:
                    cut.append((seat, stand, slot))
        kept = sorted(
            [stand, slot]
            for stand, wires in enumerate(table.stands)
            for slot, wire in enumerate(wires)
            if wire in apart and not table.cut[wire]
        )
        data: dict[str, Any] = {
            "value": value,
            "cut": [[stand, slot] for _, stand, slot in cut],
            "kept": kept,
        }
        if as_red:
            data["as_red"] = True
        events.append(Event("disintegrator", data))
        for seat, stand, slot in cut:  # ``card``: its owner cut it, by the card (not a turn's cut)
            cut_wire(table, stand, slot, seat, events, card=NUMBER)
        if cut:
            after_cuts(table, events)


MECHANISM = Disintegrator()
