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
from typing import TYPE_CHECKING, Any, Literal, NotRequired, TypedDict, cast

from ...core.errors import ReasonCode
from ...core.events import Event, Viewer
from ..actions import Action, PlaceToken
from ..errors import IllegalActionError
from ..model import Table
from ..wires import Colour, colour_of, number_of
from . import token_seats
from .base import Advice, BotAsk, Events, Mechanism, name_of, where
from .equipment.post_it import PostIt

if TYPE_CHECKING:
    from ..deduction.tracker import Tracker
    from ..missions import ConfigReader
    from ..observation_types import Observation

ID = "parity_tokens"
Parity = Literal["even", "odd"]


class ParityReason(ReasonCode):
    """The even/odd tokens' refusal."""

    PARITY_MARKED = ("parity_marked", "That wire already has an even/odd token.")


@dataclass(frozen=True)
class ParityPart:
    """The even/odd tokens lying on wires: (wire id, even, the stand it lay on), in the order
    placed (a token travels with its wire, unless the mission discards it: mission 40)."""

    tokens: tuple[tuple[int, bool, int], ...] = ()

    def to_json(self) -> list[list[object]]:
        return [[wire, even] for wire, even, _ in self.tokens]


class ParityTokenView(TypedDict):
    stand: int
    slot: int
    parity: Parity


class ParityView(TypedDict):
    """``observation["mechanisms"]["parity_tokens"]``: the even/odd tokens on the wires."""

    tokens: list[ParityTokenView]
    #: When the mission gives them to some seats only (mission 40): the seats whose wires get them.
    seats: NotRequired[list[int]]


def view(obs: Observation) -> ParityView | None:
    return cast("ParityView | None", obs["mechanisms"].get(ID))


def parity_of(code: int) -> Parity | None:
    """A blue wire's parity; None for red and yellow wires."""
    if colour_of(code) is not Colour.BLUE:
        return None
    return "even" if number_of(code) % 2 == 0 else "odd"


def _marked(table: Table, wire: int) -> bool:
    """Whether an even/odd token lies on ``wire`` (one the mission discarded does not)."""
    part = table.parts.get(ID)
    if not isinstance(part, ParityPart):
        return False
    config = token_seats.config_of(table, ID)
    discard = config is not None and config.discard_moved
    here = table.position_of(wire)[0]
    return any(w == wire and not (discard and on != here) for w, _, on in part.tokens)


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

    def configure(
        self, params: tuple[str, ...], table: Mapping[str, Any] | None, reader: ConfigReader
    ) -> token_seats.TokenSeats | None:
        return token_seats.configure(ID, params, table, reader, discard=True)

    def init_part(self, table: Table) -> ParityPart:
        return ParityPart()

    def info_token(self, table: Table, wire: int, reason: str, events: Events) -> bool:
        parity = parity_of(table.codes[wire])
        if parity is None or not token_seats.wire_uses(table, ID, wire):
            return False
        if _marked(table, wire):
            return True  # it would say nothing new
        part = self.part(table)
        stand, slot = table.position_of(wire)
        kept = tuple(t for t in part.tokens if t[0] != wire)  # a discarded token replaced
        table.set_part(ID, ParityPart((*kept, (wire, parity == "even", stand))))
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
        wire = stands[action.stand][action.slot] if known else None
        if wire is not None and _marked(table, wire) and token_seats.wire_uses(table, ID, wire):
            return IllegalActionError(ParityReason.PARITY_MARKED)
        return None

    def check_action(self, table: Table, action: Action) -> None:
        refusal = self._refusal(table, action)
        if refusal is not None:
            raise refusal

    def allows(self, table: Table, action: Action) -> bool:
        return self._refusal(table, action) is None

    def observe(self, table: Table, viewer: Viewer) -> ParityView | None:
        seats = token_seats.seats_using(table, ID)
        if seats == []:
            return None  # no seat uses them (mission 40's English edition)
        config = token_seats.config_of(table, ID)
        discard = config is not None and config.discard_moved
        tokens: list[ParityTokenView] = []
        for wire, even, placed_on in self.part(table).tokens:
            stand, slot = table.position_of(wire)
            if discard and stand != placed_on:
                continue  # a wire the Walkie-Talkies moved lost its token (mission 40's FAQ)
            tokens.append({"stand": stand, "slot": slot, "parity": "even" if even else "odd"})
        if seats is None:
            return {"tokens": tokens}
        return {"tokens": tokens, "seats": seats}

    def advise(self, ask: BotAsk) -> Advice | None:
        """The setup token: on a wire near the middle of a stand (the sorted order pins the
        ends best), a value held once rather than a pair."""
        tokens = [a for a in ask.legal if isinstance(a, PlaceToken)]
        if not tokens or len(tokens) != len(ask.legal):
            return None
        part = view(ask.obs)
        if part is None or tokens[0].seat not in part.get("seats", [tokens[0].seat]):
            return None  # this seat places another kind of token (mission 40)
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
