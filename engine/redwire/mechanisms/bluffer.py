"""The Bluffer (mission 17): the character cards are dealt at random; the player who gets the
captain's card is the Bluffer, whose info tokens all lie.

* At setup the Bluffer places two tokens, each on a wire of his (not a red one, two different
  wires) with a number that is **not** that wire's value (``FalseToken``).
* When a Dual Cut aimed at one of his wires misses, the token he places shows the value that was
  announced (with a detector, the one he picks; with two values, the first), not the true one.
* Every such token means "this wire is NOT this value" (the ``false_token`` event; the board
  shows them apart from true tokens).
* He may not use equipment cards (he still answers the Radar and gives a wire to the
  Walkie-Talkies). His Double Detector: kept by default; the option ``m17_rhett_no_dd`` (a
  French-derived note) removes it.

>>> from engine.redwire import new_game
>>> view(new_game(mission=17, players=3, seed=5).observation(None))["bluffer"]
2
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, TypedDict, cast

from ...core.errors import ReasonCode
from ...core.events import Event, Viewer
from ..actions import Action, Cut, PlaceToken
from ..errors import IllegalActionError, Reason, SetupError
from ..model import Phase, Table
from ..turn import is_red, next_setup_seat, own_uncut_wire, require_decision
from ..wires import BLUE_VALUES, cut_value
from .base import ActionSpec, Advice, BotAsk, Events, Mechanism, name_of
from .equipment import uses_card

if TYPE_CHECKING:
    from ...core.rng import Rng
    from ..deduction.tracker import Tracker
    from ..observation_types import Observation
    from ..options import Options

ID = "bluffer"
#: How many false tokens the Bluffer places at setup.
SETUP_TOKENS = 2


class BluffReason(ReasonCode):
    """The Bluffer's refusals."""

    BLUFF_TRUE = ("bluff_true", "The Bluffer's token must not show the wire's own value.")
    BLUFF_RED = ("bluff_red", "The Bluffer's tokens never go on a red wire.")
    BLUFF_TWICE = ("bluff_twice", "The Bluffer's two tokens go on two different wires.")
    BLUFF_ONLY = ("bluff_only", "The Bluffer places false tokens only (a number a wire is not).")
    BLUFF_NO_EQUIPMENT = ("bluff_no_equipment", "The Bluffer may not use equipment cards.")
    BLUFF_NO_DETECTOR = (
        "bluff_no_detector",
        "With this rule variant the Bluffer has no Double Detector.",
    )


@dataclass(frozen=True)
class FalseToken(Action):
    """The Bluffer's setup token: on his wire ``(stand, slot)``, a number it is not."""

    type: ClassVar[str] = "false_token"
    seat: int
    stand: int
    slot: int
    value: int


@dataclass(frozen=True)
class BluffPart:
    """The false tokens lying on wires: (wire id, value), in the order placed."""

    tokens: tuple[tuple[int, int], ...] = ()

    def to_json(self) -> list[list[int]]:
        return [list(t) for t in self.tokens]


class FalseTokenView(TypedDict):
    stand: int
    slot: int
    value: int


class BlufferView(TypedDict):
    """``observation["mechanisms"]["bluffer"]``: his seat and the false tokens on the wires."""

    bluffer: int
    tokens: list[FalseTokenView]


def view(obs: Observation) -> BlufferView | None:
    return cast("BlufferView | None", obs["mechanisms"].get(ID))


def bluffer(table: Table) -> int:
    seat = table.setup.parts[ID]
    assert isinstance(seat, int)
    return seat


def _placed(table: Table) -> int:
    """False tokens the Bluffer placed at setup so far."""
    part = table.part(ID, BluffPart)
    return sum(
        1 for wire, _ in part.tokens if table.owners[table.position_of(wire)[0]] == bluffer(table)
    )


def _false_token(s: Table, a: FalseToken) -> Events:
    if ID not in s.parts:
        raise IllegalActionError(BluffReason.BLUFF_ONLY)
    require_decision(s, a.seat, Phase.SETUP_TOKEN)
    if a.seat != bluffer(s):
        raise IllegalActionError(BluffReason.BLUFF_ONLY)
    wire = own_uncut_wire(s, a.seat, a.stand, a.slot)
    code = s.codes[wire]
    if is_red(s, code):
        raise IllegalActionError(BluffReason.BLUFF_RED)
    if a.value not in BLUE_VALUES:
        raise IllegalActionError(Reason.MALFORMED, detail="a false token shows a number 1..12")
    if a.value == cut_value(code):
        raise IllegalActionError(BluffReason.BLUFF_TRUE)
    part = s.part(ID, BluffPart)
    if any(w == wire for w, _ in part.tokens):
        raise IllegalActionError(BluffReason.BLUFF_TWICE)
    s.set_part(ID, BluffPart((*part.tokens, (wire, a.value))))
    events: Events = [
        Event(
            "false_token",
            {"seat": a.seat, "stand": a.stand, "slot": a.slot, "value": a.value, "reason": "setup"},
        )
    ]
    if _placed(s) >= SETUP_TOKENS or not _more_to_mark(s, a.seat):
        next_setup_seat(s, a.seat, events)
    return events


def _more_to_mark(s: Table, seat: int) -> bool:
    part = s.part(ID, BluffPart)
    marked = {w for w, _ in part.tokens}
    return any(
        not is_red(s, code) and s.stands[st][sl] not in marked for st, sl, code in s.hand(seat)
    )


def _legal(s: Table, seat: int) -> Iterator[FalseToken]:
    if ID not in s.parts or s.phase is not Phase.SETUP_TOKEN or s.to_move != seat:
        return
    if seat != bluffer(s):
        return
    marked = {w for w, _ in s.part(ID, BluffPart).tokens}
    for stand, slot, code in s.hand(seat):
        if is_red(s, code) or s.stands[stand][slot] in marked:
            continue
        for value in BLUE_VALUES:
            if value != cut_value(code):
                yield FalseToken(seat, stand, slot, value)


def _read_false(event: Mapping[str, Any], tracker: Tracker) -> None:
    """A false token: that wire is NOT that value; and it is not red either (his setup tokens
    never go on a red wire; a miss on a red wire would have exploded)."""
    from ..deduction.codes import RED
    from ..deduction.facts import SlotNotIn

    wire = tracker.wire(event["stand"], event["slot"])
    tracker.add(SlotNotIn.classes(wire, int(event["value"]), RED))


class Bluffer(Mechanism[BluffPart]):
    id = ID
    reasons = BluffReason
    actions = (ActionSpec(FalseToken, "any_time", _legal, _false_token),)
    events = ("false_token",)
    facts = {"false_token": _read_false}
    lines = {
        "false_token": lambda e, n, o: (
            f"{name_of(n, e['seat'])} puts a false token on stand {e['stand'] + 1}, "
            f"wire {e['slot'] + 1}: not {e['value']}."
        )
    }
    bot_keys = {
        "bluff_token": (
            ("stand", "wire", "value"),
            "False token on my wire {wire}: not {value}, a value a teammate could have guessed.",
            "mission 17: the Bluffer's setup tokens",
        ),
    }

    def deal(
        self,
        config: Any,
        rng: Rng,
        players: int,
        options: Options,
        mission: int,
        dealt: Mapping[str, Any],
    ) -> int:
        return rng.below(players)

    def setup_from_json(
        self,
        config: Any,
        raw: object,
        players: int,
        options: Options,
        mission: int,
        dealt: Mapping[str, Any],
    ) -> int:
        seat = raw.get("seat") if isinstance(raw, dict) and set(raw) == {"seat"} else None
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise SetupError(f'setup.parts.bluffer must be {{"seat": 0..{players - 1}}}')
        return seat

    def setup_to_json(self, data: int) -> dict[str, Any]:
        return {"seat": data}

    def init_part(self, table: Table) -> BluffPart:
        return BluffPart()

    def miss_token(
        self, table: Table, wire: int, announced: tuple[int, ...], events: Events
    ) -> bool:
        stand, slot = table.position_of(wire)
        if table.owners[stand] != bluffer(table) or not announced:
            return False
        part = self.part(table)
        value = announced[0]
        if (wire, value) not in part.tokens:
            table.set_part(ID, BluffPart((*part.tokens, (wire, value))))
        events.append(
            Event(
                "false_token",
                {
                    "seat": bluffer(table),
                    "stand": stand,
                    "slot": slot,
                    "value": value,
                    "reason": "miss",
                },
            )
        )
        return True

    def _refusal(self, table: Table, action: Action) -> IllegalActionError | None:
        seat = bluffer(table)
        if action.seat != seat:
            return None
        if isinstance(action, PlaceToken):
            return IllegalActionError(BluffReason.BLUFF_ONLY)
        if uses_card(action):
            return IllegalActionError(BluffReason.BLUFF_NO_EQUIPMENT)
        no_dd = table.setup.options.m17_rhett_no_dd
        if no_dd and isinstance(action, Cut) and action.tool == "double":
            return IllegalActionError(BluffReason.BLUFF_NO_DETECTOR)
        return None

    def without_character(self, table: Table, seat: int) -> bool:
        return table.setup.options.m17_rhett_no_dd and seat == bluffer(table)

    def check_action(self, table: Table, action: Action) -> None:
        refusal = self._refusal(table, action)
        if refusal is not None:
            raise refusal

    def allows(self, table: Table, action: Action) -> bool:
        return self._refusal(table, action) is None

    def observe(self, table: Table, viewer: Viewer) -> BlufferView:
        tokens: list[FalseTokenView] = []
        for wire, value in self.part(table).tokens:
            stand, slot = table.position_of(wire)
            tokens.append({"stand": stand, "slot": slot, "value": value})
        return {"bluffer": bluffer(table), "tokens": tokens}

    def advise(self, ask: BotAsk) -> Advice | None:
        """The Bluffer's setup tokens: on two of his wires far apart, a number next to the
        true one (one a teammate could have guessed there: "not it" rules it out)."""
        fakes = [a for a in ask.legal if isinstance(a, FalseToken)]
        if not fakes:
            return None
        slots = ask.obs["stands"]
        marked = {(t["stand"], t["slot"]) for t in (view(ask.obs) or {"tokens": []})["tokens"]}

        def value_of(a: FalseToken) -> int:
            label = str(slots[a.stand]["slots"][a.slot]["wire"])
            whole, _, rest = label.partition(".")
            return int(whole) if not rest else 0

        def score(a: FalseToken) -> tuple[int, int, int]:
            true = value_of(a)
            near = abs(a.value - true) if true else 6
            far = min((abs(a.slot - s) for st, s in marked if st == a.stand), default=13)
            return (-(near == 1), -far, near)

        choice = min(fakes, key=score)
        return (
            choice,
            "bluff_token",
            {"stand": choice.stand, "wire": choice.slot + 1, "value": choice.value},
        )


MECHANISM = Bluffer()
