"""Four at once, and the equipment countdown (mission 23).

* **The Number card.** One Number card (the top of the shuffled twelve) is turned face up once
  the setup tokens are placed (FAQ), before the first turn.
* **Four at once.** The four wires of its value must be cut together: no Dual Cut, detector or
  Solo Cut may announce that value. A new turn action (``FourAtOnce``): the actor points at
  four uncut wires, anywhere (his own included), one by one (``four_point`` picks), without
  equipment; all four of that value: they are cut together; otherwise the bomb explodes. The
  actor need not hold any of them (REC, as mission 39).
* **The equipment countdown.** There is no equipment on the board: seven random equipment cards
  form a face-down deck (the tray's ``count = 7`` and ``face_down``). Until the four are cut,
  at the end of each round (before the captain's turn, B12) the deck's top card is discarded
  unseen. Once they are cut, every card left in the deck is turned face up, usable at once
  whatever wires of its number are cut.

>>> from engine.redwire import new_game
>>> game = new_game(mission=23, players=3, seed=2)
>>> view(game.observation(0))["value"] is None       # face down during the setup tokens
True
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, ClassVar, TypedDict, cast

from ...core.errors import ReasonCode
from ...core.events import Event, Viewer
from ..actions import Action, Cut, Pick, SoloCut
from ..errors import IllegalActionError
from ..model import Pending, Phase, Table
from ..turn import after_cuts, cut_wire, end_turn, explode, require_own_turn
from ..wires import blue
from . import number_cards
from .base import ActionSpec, Advice, BotAsk, Events, Mechanism, PickSpec, name_of
from .equipment import tray

if TYPE_CHECKING:
    from ..deduction.tracker import Tracker
    from ..observation_types import Observation

ID = "four_at_once"
#: How many wires of the value are cut together.
COUNT = 4
FOUR_POINT = Phase.declare("four_point")


class FourReason(ReasonCode):
    """Refusals around the four wires cut together."""

    FOUR_TOGETHER = (
        "four_together",
        "The four {value}s are cut only all together, with the special action.",
    )
    FOUR_NOT_NOW = ("four_not_now", "The special action needs the Number card face up.")


@dataclass(frozen=True)
class FourAtOnce(Action):
    """Start the special action: then point, one by one, at the four wires of the value."""

    type: ClassVar[str] = "four_at_once"
    seat: int


@dataclass(frozen=True)
class FourPart:
    """The wires pointed at so far (wire ids), whether the four are cut, and the seat that
    played the turn just ended (to see a round end: the turn passes the captain's seat)."""

    chosen: tuple[int, ...] = ()
    done: bool = False
    last: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {"chosen": list(self.chosen), "done": self.done, "last": self.last}


class FourView(TypedDict):
    """``observation["mechanisms"]["four_at_once"]``: the value (None while its card is face
    down), whether its four wires are cut, and the wires pointed at in an action under way."""

    value: int | None
    done: bool
    chosen: list[list[int]]


def view(obs: Observation) -> FourView | None:
    return cast("FourView | None", obs["mechanisms"].get(ID))


def value_of(table: Table) -> int | None:
    """The Number card's value, once face up."""
    return number_cards.top(table)


def _blocked(table: Table) -> int | None:
    """The value no ordinary cut may announce now."""
    part = table.parts.get(ID)
    if not isinstance(part, FourPart) or part.done:
        return None
    return value_of(table)


def _start(s: Table, a: FourAtOnce) -> Events:
    if ID not in s.parts or value_of(s) is None:
        raise IllegalActionError(FourReason.FOUR_NOT_NOW)
    require_own_turn(s, a.seat)
    if s.part(ID, FourPart).done:
        raise IllegalActionError(FourReason.FOUR_NOT_NOW)
    s.set_part(ID, replace(s.part(ID, FourPart), chosen=()))
    _ask(s, a.seat)
    return [Event("four_start", {"seat": a.seat, "value": value_of(s)})]


def _ask(s: Table, seat: int) -> None:
    chosen = s.part(ID, FourPart).chosen
    options = tuple(
        (stand, slot)
        for stand in range(len(s.stands))
        for slot, _ in s.uncut(stand)
        if s.stands[stand][slot] not in chosen
    )
    s.pending = Pending(FOUR_POINT, seat, options, actor=seat)


def _point(s: Table, pending: Pending, stand: int, slot: int, events: Events) -> None:
    assert pending.actor is not None
    seat = pending.actor
    part = s.part(ID, FourPart)
    chosen = (*part.chosen, s.stands[stand][slot])
    s.set_part(ID, replace(part, chosen=chosen))
    events.append(Event("four_point", {"seat": seat, "stand": stand, "slot": slot}))
    if len(chosen) < COUNT:
        _ask(s, seat)
        return
    value = value_of(s)
    assert value is not None
    targets = sorted(s.position_of(w) for w in chosen)
    hit = all(s.codes[w] == blue(value) for w in chosen)
    s.set_part(ID, replace(part, chosen=(), done=hit))
    outcome = "hit" if hit else "miss"
    data = {"seat": seat, "targets": [list(t) for t in targets], "value": value}
    events.append(Event("four_cut", {**data, "outcome": outcome}))
    if not hit:
        explode(s, "four", events)
        return
    s.pending = Pending(Phase.TURN, seat)
    for t_stand, t_slot in targets:
        cut_wire(s, t_stand, t_slot, seat, events, revealed=True)
    while tray.reveal_next(s, events) is not None:  # the deck left: face up, usable at once
        pass
    if not after_cuts(s, events):
        end_turn(s, events)


def _legal(s: Table, seat: int) -> Iterator[FourAtOnce]:
    part = s.parts.get(ID)
    if (
        isinstance(part, FourPart)
        and not part.done
        and value_of(s) is not None
        and s.phase is Phase.TURN
        and s.active == seat
    ):
        yield FourAtOnce(seat)


def _read_four(event: Mapping[str, Any], tracker: Tracker) -> None:
    """A miss: not all four pointed wires are of the value (a hit shows in its cut wires)."""
    if event["outcome"] != "miss":
        return
    from ..deduction.codes import BLUE_VALUES, RED, YELLOW
    from ..deduction.facts import AtLeastOne, class_codes

    targets = tuple(tracker.wire(stand, slot) for stand, slot in event["targets"])
    others = [c for c in (RED, YELLOW, *BLUE_VALUES) if c != int(event["value"])]
    tracker.add(AtLeastOne(targets, class_codes(others)))


def _round_ended(table: Table, last: int, now: int) -> bool:
    """The turn passed the captain's seat going clockwise from ``last`` to ``now`` (B12: a
    round ends each time the turn would reach the captain, skipped seats included)."""
    captain, players = table.setup.captain, table.players
    step = (now - last) % players or players
    return any((last + k) % players == captain for k in range(1, step + 1))


class FourAtOnceMechanism(Mechanism[FourPart]):
    id = ID
    causes = {"four": "the four wires pointed at were not all of the value"}
    reasons = FourReason
    actions = (ActionSpec(FourAtOnce, "turn", _legal, _start, is_action=True),)
    picks = (
        PickSpec(
            FOUR_POINT,
            _point,
            "the four wires are being pointed at",
            "point at the next wire of the Number card's value",
        ),
    )
    events = ("number_up", "four_start", "four_point", "four_cut")
    facts = {"four_cut": _read_four}
    lines = {
        "number_up": lambda e, n, o: f"The Number card is turned face up: {e['value']}.",
        "four_start": lambda e, n, o: (
            f"{name_of(n, e['seat'])} says where the four {e['value']}s are."
        ),
        "four_point": lambda e, n, o: (
            f"{name_of(n, e['seat'])} points at stand {e['stand'] + 1}, wire {e['slot'] + 1}."
        ),
        "four_cut": lambda e, n, o: (
            f"{name_of(n, e['seat'])} points at "
            + ", ".join(f"stand {st + 1} wire {sl + 1}" for st, sl in e["targets"])
            + f": all four {e['value']}s? "
            + ("yes!" if e["outcome"] == "hit" else "no!")
        ),
    }
    bot_keys = {
        "four_sure": (
            ("value",),
            "I know where all four {value}s are: I point at them.",
            "mission 23 (`four_at_once`): every wire of the value is certain",
        ),
        "four_forced": (
            ("value", "percent"),
            "Nothing else is left to me: I point at the likeliest four {value}s ({percent}%).",
            "mission 23: no other move",
        ),
        "four_point": (
            ("stand", "wire"),
            "Wire {wire}: one of the four, I say.",
            "mission 23: the next wire pointed at",
        ),
    }

    def init_part(self, table: Table) -> FourPart:
        return FourPart()

    def turn_start(self, table: Table, events: Events) -> None:
        part = self.part(table)
        if value_of(table) is None and table.turn_number == 1:
            value = number_cards.turn_top_up(table)  # after the setup tokens (FAQ)
            events.append(Event("number_up", {"value": value}))
        if part.done or part.last is None or table.turn_number <= 1:
            return
        if _round_ended(table, part.last, table.active):
            tray.discard_next(table, events)

    def end_turn(self, table: Table, events: Events) -> None:
        table.set_part(ID, replace(self.part(table), last=table.active))

    def check_action(self, table: Table, action: Action) -> None:
        if not self.allows(table, action):
            value = _blocked(table)
            raise IllegalActionError(FourReason.FOUR_TOGETHER, value=value)

    def allows(self, table: Table, action: Action) -> bool:
        value = _blocked(table)
        if value is None:
            return True
        if isinstance(action, Cut):
            return value not in action.values
        if isinstance(action, SoloCut):
            return action.value != value
        return True

    def observe(self, table: Table, viewer: Viewer) -> FourView:
        part = self.part(table)
        return {
            "value": value_of(table),
            "done": part.done,
            "chosen": [list(table.position_of(w)) for w in part.chosen],
        }

    def advise(self, ask: BotAsk) -> Advice | None:
        """Point at the four when their places are certain, or when nothing else is left
        (the likeliest four); then point at the planned wires one by one."""
        from .sweep import likeliest

        part = view(ask.obs)
        if part is None or part["value"] is None or part["done"]:
            return None
        value = int(part["value"])
        picks = [a for a in ask.legal if isinstance(a, Pick)]
        prompt = ask.obs["prompt"]
        chosen = [(int(a), int(b)) for a, b in part["chosen"]]
        if picks and prompt is not None and prompt["kind"] == FOUR_POINT.value:
            group, _ = likeliest(ask.knowledge(), value, COUNT, chosen)
            for slot in group:
                pick = next((p for p in picks if (p.stand, p.slot) == slot), None)
                if pick is not None and slot not in chosen:
                    return pick, "four_point", {"stand": pick.stand, "wire": pick.slot + 1}
            pick = picks[0]
            return pick, "four_point", {"stand": pick.stand, "wire": pick.slot + 1}
        starts = [a for a in ask.legal if isinstance(a, FourAtOnce)]
        if not starts:
            return None
        know = ask.knowledge()
        _, chance = likeliest(know, value, COUNT, [])
        if chance >= 1.0 - 1e-12:
            return starts[0], "four_sure", {"value": value}
        if not any(a.type in ("cut", "solo", "reveal") for a in ask.legal):
            percent = max(0, min(100, int(chance * 100 + 1e-9)))
            return starts[0], "four_forced", {"value": value, "percent": percent}
        return None


MECHANISM = FourAtOnceMechanism()
