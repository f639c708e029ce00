"""The Bluffer (mission 17): the character cards are dealt at random; the player who gets the
captain's card is the Bluffer, whose info tokens all lie. ``bluffer:all`` (mission 52): every
player is one, with the differences listed at the end.

* At setup the Bluffer places two tokens, each on a wire of his (not a red one, two different
  wires) with a number that is **not** that wire's value (``FalseToken``).
* When a Dual Cut aimed at one of his wires misses, the token he places shows the value that was
  announced (with a detector, the one he picks; with two values, the first), not the true one.
* Every such token means "this wire is NOT this value" (the ``false_token`` event; the board
  shows them apart from true tokens).
* He may not use equipment cards (he still answers the Radar and gives a wire to the
  Walkie-Talkies). His Double Detector: kept by default; the option ``m17_rhett_no_dd`` (a
  French-derived note) removes it.

``bluffer:all`` (mission 52, "every info token means NOT"): no seat is dealt; every seat places
two false setup tokens, on a blue **or red** wire (never a yellow one: the card says "blue or
red"); every miss gets a false token showing the announced value (a yellow one: "not yellow");
nobody is kept from the equipment, and the Sticky Note's token is false too (the ``FalseToken``
action, any time, spends card 4: a number an own uncut blue wire is not; ``PostIt`` is refused).

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
from ..turn import (
    any_time_now,
    is_red,
    next_setup_seat,
    own_uncut_wire,
    require_any_time,
    require_decision,
)
from ..wires import (
    BLUE_VALUES,
    Colour,
    colour_of,
    cut_value,
    value_from_json,
    value_to_json,
)
from .base import ActionSpec, Advice, BotAsk, Events, Mechanism, name_of
from .equipment import uses_card
from .equipment.post_it import NUMBER as STICKY_NOTE
from .equipment.post_it import PostIt, PostItReason
from .equipment.tray import require_card, usable, use_card

if TYPE_CHECKING:
    from ...core.rng import Rng
    from ..deduction.tracker import Tracker
    from ..missions import ConfigReader
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
    BLUFF_YELLOW = (
        "bluff_yellow",
        "A false setup token goes on a blue or red wire, not a yellow one.",
    )
    BLUFF_STICKY = (
        "bluff_sticky",
        "Every token is false here: the Sticky Note places a false token (a number the wire is not).",
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


@dataclass(frozen=True)
class BluffConfig:
    """``bluffer`` (one Bluffer, dealt) or ``bluffer:all`` (every seat bluffs)."""

    everyone: bool = False


class FalseTokenView(TypedDict):
    stand: int
    slot: int
    value: int | str  # 1..12, or "yellow" (a miss announcing yellow, mission 52 with two players)


class BlufferView(TypedDict):
    """``observation["mechanisms"]["bluffer"]``: his seat (None: everyone bluffs) and the false
    tokens on the wires."""

    bluffer: int | None
    tokens: list[FalseTokenView]


def view(obs: Observation) -> BlufferView | None:
    return cast("BlufferView | None", obs["mechanisms"].get(ID))


def everyone(table: Table) -> bool:
    """Whether every seat bluffs (``bluffer:all``)."""
    config = table.mission.config(ID)
    return isinstance(config, BluffConfig) and config.everyone


def bluffer(table: Table) -> int | None:
    """The Bluffer's seat; None when everyone bluffs."""
    if everyone(table):
        return None
    seat = table.setup.parts[ID]
    assert isinstance(seat, int)
    return seat


def bluffs(table: Table, seat: int) -> bool:
    """Whether ``seat``'s info tokens lie."""
    return everyone(table) or seat == bluffer(table)


def _placed(table: Table, seat: int) -> int:
    """False tokens ``seat`` placed at setup so far (only setup tokens exist then)."""
    part = table.part(ID, BluffPart)
    return sum(1 for wire, _ in part.tokens if table.owners[table.position_of(wire)[0]] == seat)


def _may_mark(table: Table, code: int) -> bool:
    """A setup token may go on this wire: never a yellow one; a red one only when everyone
    bluffs (mission 52's card: "blue or red"; mission 17: never red)."""
    if colour_of(code) is Colour.YELLOW:
        return False
    return everyone(table) or not is_red(table, code)


def _false_token(s: Table, a: FalseToken) -> Events:
    if ID not in s.parts:
        raise IllegalActionError(BluffReason.BLUFF_ONLY)
    if everyone(s) and s.pending.phase is not Phase.SETUP_TOKEN:
        return _sticky_note(s, a)
    require_decision(s, a.seat, Phase.SETUP_TOKEN)
    if not bluffs(s, a.seat):
        raise IllegalActionError(BluffReason.BLUFF_ONLY)
    wire = own_uncut_wire(s, a.seat, a.stand, a.slot)
    code = s.codes[wire]
    if colour_of(code) is Colour.YELLOW:
        raise IllegalActionError(BluffReason.BLUFF_YELLOW)
    if not _may_mark(s, code):
        raise IllegalActionError(BluffReason.BLUFF_RED)
    if a.value not in BLUE_VALUES:
        raise IllegalActionError(Reason.MALFORMED, detail="a false token shows a number 1..12")
    if a.value == cut_value(code):
        raise IllegalActionError(BluffReason.BLUFF_TRUE)
    part = s.part(ID, BluffPart)
    if any(w == wire for w, _ in part.tokens):
        raise IllegalActionError(BluffReason.BLUFF_TWICE)
    s.set_part(ID, BluffPart((*part.tokens, (wire, a.value))))
    data: dict[str, Any] = {
        "seat": a.seat,
        "stand": a.stand,
        "slot": a.slot,
        "value": a.value,
        "reason": "setup",
    }
    if everyone(s):  # the readers' cue: this one may lie on a red wire
        data["red_ok"] = True
    events: Events = [Event("false_token", data)]
    if _placed(s, a.seat) >= SETUP_TOKENS or not _more_to_mark(s, a.seat):
        next_setup_seat(s, a.seat, events)
    return events


def _sticky_note(s: Table, a: FalseToken) -> Events:
    """Mission 52: the Sticky Note (card 4) used, its token a false one on an own uncut blue
    wire that carries no token yet."""
    require_any_time(s)
    require_card(s, STICKY_NOTE)
    wire = own_uncut_wire(s, a.seat, a.stand, a.slot)
    code = s.codes[wire]
    if colour_of(code) is not Colour.BLUE:
        raise IllegalActionError(Reason.NOT_BLUE)
    if a.value not in BLUE_VALUES:
        raise IllegalActionError(Reason.MALFORMED, detail="a false token shows a number 1..12")
    if a.value == cut_value(code):
        raise IllegalActionError(BluffReason.BLUFF_TRUE)
    part = s.part(ID, BluffPart)
    if wire in s.info or any(w == wire for w, _ in part.tokens):
        raise IllegalActionError(PostItReason.ALREADY_MARKED)
    events: Events = []
    use_card(s, STICKY_NOTE, a.seat, events)
    s.set_part(ID, BluffPart((*part.tokens, (wire, a.value))))
    events.append(
        Event(
            "false_token",
            {
                "seat": a.seat,
                "stand": a.stand,
                "slot": a.slot,
                "value": a.value,
                "reason": "post_it",
            },
        )
    )
    return events


def _more_to_mark(s: Table, seat: int) -> bool:
    part = s.part(ID, BluffPart)
    marked = {w for w, _ in part.tokens}
    return any(
        _may_mark(s, code) and s.stands[st][sl] not in marked for st, sl, code in s.hand(seat)
    )


def _legal(s: Table, seat: int) -> Iterator[FalseToken]:
    if ID not in s.parts:
        return
    if everyone(s) and s.phase is not Phase.SETUP_TOKEN:
        yield from _legal_sticky(s, seat)
        return
    if s.phase is not Phase.SETUP_TOKEN or s.to_move != seat or not bluffs(s, seat):
        return
    marked = {w for w, _ in s.part(ID, BluffPart).tokens}
    for stand, slot, code in s.hand(seat):
        if not _may_mark(s, code) or s.stands[stand][slot] in marked:
            continue
        for value in BLUE_VALUES:
            if value != cut_value(code):
                yield FalseToken(seat, stand, slot, value)


def _legal_sticky(s: Table, seat: int) -> Iterator[FalseToken]:
    if not any_time_now(s) or not usable(s, STICKY_NOTE):
        return
    marked = {w for w, _ in s.part(ID, BluffPart).tokens}
    for stand, slot, code in s.hand(seat):
        wire = s.stands[stand][slot]
        if colour_of(code) is not Colour.BLUE or wire in marked or wire in s.info:
            continue
        for value in BLUE_VALUES:
            if value != cut_value(code):
                yield FalseToken(seat, stand, slot, value)


def _read_false(event: Mapping[str, Any], tracker: Tracker) -> None:
    """A false token: that wire is NOT that value. And, by where it may lie: a setup token is
    never on a yellow wire, nor on a red one unless the event says ``red_ok`` (mission 52); a
    miss's is never on a red wire (a miss on one would have exploded, a detector's token skips
    them); the Sticky Note's is on a blue wire."""
    from ..deduction.codes import RED
    from ..deduction.codes import YELLOW as YELLOW_CLASS
    from ..deduction.facts import SlotNotIn

    wire = tracker.wire(event["stand"], event["slot"])
    shown = value_from_json(event["value"])  # a number, or yellow (the same code here)
    reason = event.get("reason")
    if reason == "setup" and event.get("red_ok"):
        others: tuple[int, ...] = (YELLOW_CLASS,)
    elif reason == "post_it":
        others = (RED, YELLOW_CLASS)
    else:
        others = (RED,)
    tracker.add(SlotNotIn.classes(wire, shown, *others))


class Bluffer(Mechanism[BluffPart]):
    id = ID
    reasons = BluffReason
    actions = (ActionSpec(FalseToken, "any_time", _legal, _false_token),)
    events = ("false_token",)
    facts = {"false_token": _read_false}
    lines = {
        "false_token": lambda e, n, o: (
            f"{name_of(n, e['seat'])} "
            + ("uses the Sticky Note: " if e.get("reason") == "post_it" else "")
            + f"puts a false token on stand {e['stand'] + 1}, "
            f"wire {e['slot'] + 1}: not {e['value']}."
        )
    }
    bot_keys = {
        "bluff_token": (
            ("stand", "wire", "value"),
            "False token on my wire {wire}: not {value}, a value a teammate could have guessed.",
            "missions 17 and 52: the false setup tokens",
        ),
        "bluff_note": (
            ("stand", "wire", "value"),
            "Sticky Note, false like every token here: my wire {wire} is not {value}.",
            "mission 52: the Sticky Note's false token, used at once",
        ),
    }

    def configure(
        self, params: tuple[str, ...], table: Mapping[str, Any] | None, reader: ConfigReader
    ) -> BluffConfig:
        if table is not None or params not in ((), ("all",)):
            raise reader.fail(f"mechanisms.{ID}", "bluffer or bluffer:all", ":".join(params))
        return BluffConfig(everyone=params == ("all",))

    def deal(
        self,
        config: Any,
        rng: Rng,
        players: int,
        options: Options,
        mission: int,
        dealt: Mapping[str, Any],
    ) -> int | None:
        if isinstance(config, BluffConfig) and config.everyone:
            return None  # nobody to draw: every seat bluffs
        return rng.below(players)

    def setup_from_json(
        self,
        config: Any,
        raw: object,
        players: int,
        options: Options,
        mission: int,
        dealt: Mapping[str, Any],
    ) -> int | None:
        if isinstance(config, BluffConfig) and config.everyone:
            if raw is not None:
                raise SetupError("setup.parts.bluffer: every seat bluffs, no seat to give")
            return None
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
        owner = table.owners[stand]
        if not bluffs(table, owner) or not announced:
            return False
        part = self.part(table)
        value = announced[0]
        if (wire, value) not in part.tokens:
            table.set_part(ID, BluffPart((*part.tokens, (wire, value))))
        events.append(
            Event(
                "false_token",
                {
                    "seat": owner,
                    "stand": stand,
                    "slot": slot,
                    "value": value_to_json(value),
                    "reason": "miss",
                },
            )
        )
        return True

    def _refusal(self, table: Table, action: Action) -> IllegalActionError | None:
        if not bluffs(table, action.seat):
            return None
        if isinstance(action, PlaceToken):
            return IllegalActionError(BluffReason.BLUFF_ONLY)
        if everyone(table):  # mission 52: equipment as usual, but the Sticky Note lies too
            if isinstance(action, PostIt):
                return IllegalActionError(BluffReason.BLUFF_STICKY)
            return None
        if uses_card(action):
            return IllegalActionError(BluffReason.BLUFF_NO_EQUIPMENT)
        no_dd = table.setup.options.m17_rhett_no_dd
        if no_dd and isinstance(action, Cut) and action.tool == "double":
            return IllegalActionError(BluffReason.BLUFF_NO_DETECTOR)
        return None

    def without_character(self, table: Table, seat: int) -> bool:
        if everyone(table):
            return False
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
            tokens.append({"stand": stand, "slot": slot, "value": value_to_json(value)})
        return {"bluffer": bluffer(table), "tokens": tokens}

    def advise(self, ask: BotAsk) -> Advice | None:
        """The false setup tokens: on two of his wires far apart, a number next to the true one
        (one a teammate could have guessed there: "not it" rules it out). Mission 52's Sticky
        Note, a false token too: used as soon as it may be, as the expert uses it elsewhere
        (it costs nothing), chosen the same way."""
        fakes = [a for a in ask.legal if isinstance(a, FalseToken)]
        if not fakes:
            return None
        setup = ask.obs["phase"] == Phase.SETUP_TOKEN.value
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
            "bluff_token" if setup else "bluff_note",
            {"stand": choice.stand, "wire": choice.slot + 1, "value": choice.value},
        )


MECHANISM = Bluffer()
