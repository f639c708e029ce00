"""x1/x2/x3 tokens (mission 24): every info token becomes a count token.

Whenever an info token would be placed (the setup token, a missed cut's token, the Sticky Note),
an x1, x2 or x3 token goes in front of that wire instead: the wire's value occurs 1, 2 or 3
times on its stand, cut wires included. It does not say which value. Count tokens describe
numbers: never on a red wire; a yellow wire would keep its ordinary token (REC; there is no
yellow wire in the missions that use them). There is no x4 token: a setup token cannot go on a
wire whose value fills four places of its stand, and a miss on such a wire gets no token (so
everyone learns that count). The Sticky Note may mark a cut wire too. A token on a wire that
the Walkie-Talkies move is discarded (FAQ); a wire keeps one count token.

>>> from engine.redwire import new_game
>>> game = new_game(mission=24, players=3, seed=2)
>>> game, events = game.apply(game.legal_actions(game.to_move)[0])
>>> events[0].type, 1 <= events[0].data["count"] <= 3
('count_token', True)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NotRequired, TypedDict, cast

from ...core.errors import ReasonCode
from ...core.events import Event, Viewer
from ..actions import Action, PlaceToken
from ..errors import IllegalActionError
from ..model import Table
from ..turn import seen_own_wire
from ..wires import Colour, colour_of
from . import token_seats
from .base import Advice, BotAsk, Events, Mechanism, name_of, where
from .equipment.post_it import PostIt

if TYPE_CHECKING:
    from ..deduction.tracker import Tracker
    from ..missions import ConfigReader
    from ..observation_types import Observation

ID = "count_tokens"
#: The count tokens that exist: x1, x2, x3 (A10: no x4).
MOST = 3
#: The bots' sentence keys, by count.
TIMES_WORD = {1: "once", 2: "twice", 3: "thrice"}


class CountReason(ReasonCode):
    """The count tokens' refusals."""

    COUNT_FOUR = (
        "count_four",
        "There is no x4 token: that wire's value is on your stand four times.",
    )
    COUNT_MARKED = ("count_marked", "That wire already has a count token.")


@dataclass(frozen=True)
class CountPart:
    """The count tokens: (wire id, count, the stand it lay on), in the order placed."""

    tokens: tuple[tuple[int, int, int], ...] = ()

    def to_json(self) -> list[list[int]]:
        return [list(t) for t in self.tokens]


class CountTokenView(TypedDict):
    stand: int
    slot: int
    count: int


class CountView(TypedDict):
    """``observation["mechanisms"]["count_tokens"]``: the count tokens in front of the wires;
    ``seats``, when the mission gives them to some seats only (mission 40), the seats whose
    wires get them."""

    tokens: list[CountTokenView]
    seats: NotRequired[list[int]]


def view(obs: Observation) -> CountView | None:
    return cast("CountView | None", obs["mechanisms"].get(ID))


def count_on_stand(table: Table, wire: int) -> int:
    """How many wires of that wire's value its stand holds, cut ones included."""
    stand, _ = table.position_of(wire)
    code = table.codes[wire]
    return sum(1 for w in table.stands[stand] if table.codes[w] == code)


def _marked(table: Table, wire: int) -> bool:
    part = table.parts.get(ID)
    return isinstance(part, CountPart) and any(w == wire for w, _, _ in part.tokens)


def _read_count(event: Mapping[str, Any], tracker: Tracker) -> None:
    """A count token (or none, for four): the wire's value occurs that many times on its stand
    as it is now, cut wires included; and it is blue (count tokens describe numbers)."""
    from ..deduction.codes import BLUE_VALUES
    from ..deduction.facts import Multiplicity, SlotIn, class_codes

    stand, slot = int(event["stand"]), int(event["slot"])
    wires = tracker.wires(stand)
    tracker.add(Multiplicity(wires, slot, int(event["count"])))
    tracker.add(SlotIn(wires[slot], class_codes(BLUE_VALUES)))


def _line(e: Mapping[str, Any], n: Any, o: Any) -> str:
    place = where(n, o, e["stand"], e["slot"])
    if not e.get("placed", True):
        return f"No x4 token: its value is four times on that stand ({place})."
    why = {"setup": "places a count token", "miss": "marks the count"}.get(
        str(e["reason"]), "gets a count token"
    )
    return f"{name_of(n, e['seat'])} {why}: x{e['count']} on {place}."


class CountTokens(Mechanism[CountPart]):
    id = ID
    reasons = CountReason
    events = ("count_token",)
    facts = {"count_token": _read_count}
    lines = {"count_token": _line}
    bot_keys = {
        f"count_token_{TIMES_WORD[n]}": (
            ("stand", "wire"),
            f"x{n} token on my wire {{wire}}: "
            + ("its value is there once." if n == 1 else "a run of that value to place."),
            "missions with count tokens: the setup token, on a value held more than once",
        )
        for n in range(1, MOST + 1)
    }

    def configure(
        self, params: tuple[str, ...], table: Mapping[str, Any] | None, reader: ConfigReader
    ) -> token_seats.TokenSeats | None:
        return token_seats.configure(ID, params, table, reader, discard=False)

    def init_part(self, table: Table) -> CountPart:
        return CountPart()

    def info_token(self, table: Table, wire: int, reason: str, events: Events) -> bool:
        if not token_seats.wire_uses(table, ID, wire):
            return False  # that seat's wires get another kind of token (mission 40)
        if colour_of(table.codes[wire]) is not Colour.BLUE:
            return False  # a yellow wire keeps its ordinary token (REC)
        if _marked(table, wire):
            return True  # it would say nothing new
        count = count_on_stand(table, wire)
        stand, slot = table.position_of(wire)
        data = {
            "seat": table.owners[stand],
            "stand": stand,
            "slot": slot,
            "count": count,
            "reason": reason,
        }
        if count > MOST:
            events.append(Event("count_token", {**data, "placed": False}))
            return True
        part = self.part(table)
        table.set_part(ID, CountPart((*part.tokens, (wire, count, stand))))
        events.append(Event("count_token", data))
        return True

    def token_on_cut_wire(self, table: Table, seat: int) -> bool:
        return token_seats.uses(table, ID, seat)

    def places_setup_token(self, table: Table, seat: int) -> bool:
        if not token_seats.uses(table, ID, seat):
            return True
        return any(
            colour_of(code) is Colour.BLUE and count_on_stand(table, table.stands[st][sl]) <= MOST
            for st, sl, code in table.hand(seat)
        )

    def _refusal(self, table: Table, action: Action) -> IllegalActionError | None:
        if not isinstance(action, PlaceToken | PostIt):
            return None
        wire = seen_own_wire(table, action.seat, action.stand, action.slot)
        if wire is None:
            return None  # not a wire of his that he sees: the core refuses it
        if not token_seats.wire_uses(table, ID, wire):
            return None
        if isinstance(action, PostIt) and _marked(table, wire):
            return IllegalActionError(CountReason.COUNT_MARKED)
        four = count_on_stand(table, wire) > MOST
        if four and colour_of(table.codes[wire]) is Colour.BLUE:
            return IllegalActionError(CountReason.COUNT_FOUR)
        return None

    def check_action(self, table: Table, action: Action) -> None:
        refusal = self._refusal(table, action)
        if refusal is not None:
            raise refusal

    def allows(self, table: Table, action: Action) -> bool:
        return self._refusal(table, action) is None

    def observe(self, table: Table, viewer: Viewer) -> CountView | None:
        seats = token_seats.seats_using(table, ID)
        if seats == []:
            return None  # no seat uses them (mission 40's English edition: parity for none)
        tokens: list[CountTokenView] = []
        for wire, count, placed_on in self.part(table).tokens:
            stand, slot = table.position_of(wire)
            if stand == placed_on:  # a wire the Walkie-Talkies moved lost its token (FAQ)
                tokens.append({"stand": stand, "slot": slot, "count": count})
        if seats is None:
            return {"tokens": tokens}
        return {"tokens": tokens, "seats": seats}

    def advise(self, ask: BotAsk) -> Advice | None:
        """The setup token: on a value I hold more than once on that stand (x2, x3: the token
        tells a run to place), nearest the middle of the stand; else a single one."""
        tokens = [a for a in ask.legal if isinstance(a, PlaceToken)]
        if not tokens or len(tokens) != len(ask.legal):
            return None
        part = view(ask.obs)
        if part is None or tokens[0].seat not in part.get("seats", [tokens[0].seat]):
            return None  # this seat places another kind of token (mission 40)
        stands = ask.obs["stands"]

        def label(a: PlaceToken) -> str:
            return str(stands[a.stand]["slots"][a.slot]["wire"])

        def count(a: PlaceToken) -> int:
            return sum(1 for t in stands[a.stand]["slots"] if str(t["wire"]) == label(a))

        def score(a: PlaceToken) -> tuple[int, float, int, int]:
            size = len(stands[a.stand]["slots"])
            return (-min(count(a), 2), abs(a.slot - (size - 1) / 2), a.stand, a.slot)

        choice = min(tokens, key=score)
        params = {"stand": choice.stand, "wire": choice.slot + 1}
        return choice, f"count_token_{TIMES_WORD[count(choice)]}", params


MECHANISM = CountTokens()
