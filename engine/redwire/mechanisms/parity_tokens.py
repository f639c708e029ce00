"""Even/odd tokens (mission 21): every info token becomes an even or odd token.

Whenever an info token would be placed (the setup token, a missed cut's token, the Sticky Note),
an even or odd token goes on that wire instead: it says only whether the wire's number is even
or odd. Cuts still need the exact value. Red wires are neither even nor odd, and never get one
(a setup token and the Sticky Note go on blue wires, a miss on a red wire explodes, and a
detector's token goes on a wire that is not red). A yellow wire (none in the missions that use
this rule) would keep its ordinary token. A wire that already has an even/odd token gets no
second one (it would say nothing new), and the Sticky Note may not be used on it.

>>> from engine.redwire import new_game
>>> game = new_game(mission=21, players=3, seed=2)
>>> game, events = game.apply(game.legal_actions(game.to_move)[0])
>>> events[0].type, events[0].data["parity"] in ("even", "odd")
('parity_token', True)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, TypedDict, cast

from ...core.errors import ReasonCode
from ...core.events import Event, Viewer
from ..actions import Action, PlaceToken
from ..errors import IllegalActionError
from ..model import Table
from ..wires import Colour, colour_of, number_of
from .base import Advice, BotAsk, Events, Mechanism, name_of, where
from .equipment.post_it import PostIt

if TYPE_CHECKING:
    from ..deduction.tracker import Tracker
    from ..observation_types import Observation

ID = "parity_tokens"
Parity = Literal["even", "odd"]


class ParityReason(ReasonCode):
    """The even/odd tokens' refusal."""

    PARITY_MARKED = ("parity_marked", "That wire already has an even/odd token.")


@dataclass(frozen=True)
class ParityPart:
    """The even/odd tokens lying on wires: (wire id, even), in the order placed (a token
    travels with its wire)."""

    tokens: tuple[tuple[int, bool], ...] = ()

    def to_json(self) -> list[list[object]]:
        return [[wire, even] for wire, even in self.tokens]


class ParityTokenView(TypedDict):
    stand: int
    slot: int
    parity: Parity


class ParityView(TypedDict):
    """``observation["mechanisms"]["parity_tokens"]``: the even/odd tokens on the wires."""

    tokens: list[ParityTokenView]


def view(obs: Observation) -> ParityView | None:
    return cast("ParityView | None", obs["mechanisms"].get(ID))


def parity_of(code: int) -> Parity | None:
    """A blue wire's parity; None for red and yellow wires."""
    if colour_of(code) is not Colour.BLUE:
        return None
    return "even" if number_of(code) % 2 == 0 else "odd"


def _marked(table: Table, wire: int) -> bool:
    part = table.parts.get(ID)
    return isinstance(part, ParityPart) and any(w == wire for w, _ in part.tokens)


def _read_parity(event: Mapping[str, Any], tracker: Tracker) -> None:
    """An even/odd token: that wire is a blue wire of that parity."""
    from ..deduction.facts import SlotIn

    wire = tracker.wire(event["stand"], event["slot"])
    tracker.add(SlotIn.parity(wire, event["parity"] == "even"))


_WHY = {
    "setup": "places an even/odd token",
    "miss": "marks the parity",
    "post_it": "uses a Sticky Note",
}


def _line(e: Mapping[str, Any], n: Any, o: Any) -> str:
    why = _WHY.get(str(e["reason"]), "places an even/odd token")
    return f"{name_of(n, e['seat'])} {why}: {e['parity']} on {where(n, o, e['stand'], e['slot'])}."


class ParityTokens(Mechanism[ParityPart]):
    id = ID
    reasons = ParityReason
    events = ("parity_token",)
    facts = {"parity_token": _read_parity}
    lines = {"parity_token": _line}
    bot_keys = {
        f"parity_token_{parity}": (
            ("stand", "wire"),
            f"{parity.capitalize()} token on my wire {{wire}}: mid-stand, where the order tells "
            "the team least.",
            "missions with even/odd tokens: the setup token on a wire near the middle of a stand",
        )
        for parity in ("even", "odd")
    }

    def init_part(self, table: Table) -> ParityPart:
        return ParityPart()

    def info_token(self, table: Table, wire: int, reason: str, events: Events) -> bool:
        parity = parity_of(table.codes[wire])
        if parity is None:
            return False
        if _marked(table, wire):
            return True  # it would say nothing new
        part = self.part(table)
        table.set_part(ID, ParityPart((*part.tokens, (wire, parity == "even"))))
        stand, slot = table.position_of(wire)
        data = {
            "seat": table.owners[stand],
            "stand": stand,
            "slot": slot,
            "parity": parity,
            "reason": reason,
        }
        events.append(Event("parity_token", data))
        return True

    def _refusal(self, table: Table, action: Action) -> IllegalActionError | None:
        if not isinstance(action, PostIt):
            return None
        stands = table.stands
        known = 0 <= action.stand < len(stands) and 0 <= action.slot < len(stands[action.stand])
        if known and _marked(table, stands[action.stand][action.slot]):
            return IllegalActionError(ParityReason.PARITY_MARKED)
        return None

    def check_action(self, table: Table, action: Action) -> None:
        refusal = self._refusal(table, action)
        if refusal is not None:
            raise refusal

    def allows(self, table: Table, action: Action) -> bool:
        return self._refusal(table, action) is None

    def observe(self, table: Table, viewer: Viewer) -> ParityView:
        tokens: list[ParityTokenView] = []
        for wire, even in self.part(table).tokens:
            stand, slot = table.position_of(wire)
            tokens.append({"stand": stand, "slot": slot, "parity": "even" if even else "odd"})
        return {"tokens": tokens}

    def advise(self, ask: BotAsk) -> Advice | None:
        """The setup token: on a wire near the middle of a stand (the sorted order pins the
        ends best), a value held once rather than a pair."""
        tokens = [a for a in ask.legal if isinstance(a, PlaceToken)]
        if not tokens or len(tokens) != len(ask.legal):
            return None
        stands = ask.obs["stands"]

        def label(a: PlaceToken) -> str:
            return str(stands[a.stand]["slots"][a.slot]["wire"])

        def score(a: PlaceToken) -> tuple[int, float, int, int]:
            slots = stands[a.stand]["slots"]
            same = sum(1 for t in slots if str(t["wire"]) == label(a))
            middle = abs(a.slot - (len(slots) - 1) / 2)
            return (same, middle, a.stand, a.slot)

        choice = min(tokens, key=score)
        parity = "even" if int(label(choice).split(".")[0]) % 2 == 0 else "odd"
        return choice, f"parity_token_{parity}", {"stand": choice.stand, "wire": choice.slot + 1}


MECHANISM = ParityTokens()
