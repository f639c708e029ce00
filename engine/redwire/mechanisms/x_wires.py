"""X wires (missions 20 and 35): one wire of each stand is not sorted in.

It lies at the far right of its stand, marked with an X token. Play goes on as usual, but no
equipment may be used on an X wire, personal equipment included, and every equipment effect
ignores it: no detector points at it (the Stand Scanner's whole stand leaves it out), the X-or-Y
ray and a stabilized Dual Cut do not point at it, no Sticky Note or label goes on it, it does not
answer the Radar, and the Walkie-Talkies neither give nor take it. No setup info token goes on it
(FAQ).

Two ways, as the mission lists it:

* ``x_wires:last`` (mission 20): the last wire dealt to each stand, whatever its value (any colour);
* ``x_wires:blue:locked`` (mission 35): before the red and yellow wires are mixed in, each stand is
  dealt one random **blue** wire face down (everyone knows it is blue, not its value), then the
  rest as usual; and an X wire may be cut (a plain Dual or Solo Cut) only once every yellow wire
  is cut. Until then no cut points at it, and its owner neither announces a value he holds only
  there nor cuts it as his side of a Dual Cut, nor Solo-Cuts its value. A player whose every cut
  is locked out that way (his wires X and red, or no teammate's wire to aim at and no Solo Cut)
  passes his turn (``XWait``; the dial stays: read as mission 41's tripwires, the card says nothing).

>>> from engine.redwire import new_game
>>> view(new_game(mission=20, players=4, seed=3).observation(None))["x"]
[[0, 12], [1, 12], [2, 12], [3, 12]]
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, NotRequired, TypedDict, cast

from ...core.errors import ReasonCode
from ...core.events import Event, Viewer
from ..actions import Action, Cut, PlaceToken, SoloCut
from ..errors import IllegalActionError, SetupError
from ..model import Phase, Table
from ..turn import end_turn, must_reveal, require_own_turn
from ..wires import BLUE_VALUES, RED, YELLOW, Colour, colour_of, cut_value, label_of
from .base import ActionFilter, ActionSpec, Advice, BotAsk, Events, Mechanism, Refusal, name_of
from .equipment.labels import Label
from .equipment.post_it import PostIt
from .equipment.walkie import Walkie

if TYPE_CHECKING:
    from ...core.rng import Rng
    from ..deduction.tracker import Tracker
    from ..missions import ConfigReader
    from ..observation_types import Observation

ID = "x_wires"


class XReason(ReasonCode):
    """Refusals around X wires."""

    X_WIRE = ("x_wire", "No equipment and no info token on an X wire (it is unsorted).")
    X_LOCKED = (
        "x_locked",
        "The X wires may be cut only once all the yellow wires are cut.",
    )
    X_NOT_WAITING = ("x_not_waiting", "You can still cut: only a player who cannot may pass.")


@dataclass(frozen=True)
class XConfig:
    """``deal``: "last" (the last wire dealt) or "blue" (a blue wire dealt first to each stand);
    ``locked``: no cut on an X wire until every yellow wire is cut."""

    deal: str = "last"
    locked: bool = False


class XView(TypedDict):
    """``observation["mechanisms"]["x_wires"]``: where the X wires lie (and, in mission 35, that
    they are blue and whether they are still locked)."""

    x: list[list[int]]
    blue: NotRequired[bool]
    locked: NotRequired[bool]


def view(obs: Observation) -> XView | None:
    return cast("XView | None", obs["mechanisms"].get(ID))


@dataclass(frozen=True)
class XWait(Action):
    """Mission 35: every cut you could make is locked out by the X wires: you pass your turn."""

    type: ClassVar[str] = "x_wait"
    seat: int


def x_ids(table: Table) -> frozenset[int]:
    """The X wires' ids: the last wire of each stand as dealt."""
    ids: list[int] = []
    first = 0
    for stand in table.setup.stands:
        ids.append(first + len(stand) - 1)
        first += len(stand)
    return frozenset(ids)


def _config(table: Table) -> XConfig:
    config = table.mission.config(ID)
    assert isinstance(config, XConfig)
    return config


def locked(table: Table) -> bool:
    """Whether the X wires are locked now (mission 35: some yellow wire is still uncut)."""
    return _config(table).locked and table.cut_count(YELLOW) < table.in_play(YELLOW)


def locked_ids(table: Table) -> frozenset[int]:
    """The X wires no cut may cut now."""
    return x_ids(table) if locked(table) else frozenset()


def _stabilized(table: Table) -> bool:
    shield = table.parts.get("stabilizer")
    return bool(getattr(shield, "active", False))


def _wire(table: Table, stand: int, slot: int) -> int | None:
    if 0 <= stand < len(table.stands) and 0 <= slot < len(table.stands[stand]):
        return table.stands[stand][slot]
    return None


def _free_hand(table: Table, seat: int, xs: frozenset[int]) -> list[int]:
    """The codes of the seat's uncut wires that are not in ``xs``."""
    return [code for st, sl, code in table.hand(seat) if table.stands[st][sl] not in xs]


@dataclass(frozen=True)
class _Hand:
    """What the X wires' refusals need of one seat's hand, read once per listing."""

    #: Whether he holds an uncut wire that is not an X wire (the Walkie-Talkies' partner gives
    #: one back).
    free: bool
    #: The values he holds only on X wires (he may not announce them while they are locked).
    only_x: frozenset[int]
    #: The values of his own X wires (he may not Solo-Cut them while they are locked).
    on_x: frozenset[int]


def _refusals(table: Table) -> ActionFilter:
    """The X wires' refusals on ``table``: the X wires, whether they are locked and the
    Stabilizer read once, a seat's hand once for every action that concerns him (not once per
    action: a listing of mission 35 holds thousands of cuts)."""
    xs = x_ids(table)
    locked_now = locked(table)
    stabilized = _stabilized(table)
    hands: dict[int, _Hand] = {}

    def hand(seat: int) -> _Hand:
        if seat not in hands:
            held: set[int] = set()
            free: set[int] = set()
            on_x: set[int] = set()
            any_free = False
            for st, sl, code in table.hand(seat):
                value = cut_value(code)
                held.add(value)
                if table.stands[st][sl] in xs:
                    on_x.add(value)
                else:
                    free.add(value)
                    any_free = True
            hands[seat] = _Hand(any_free, frozenset(held - free), frozenset(on_x))
        return hands[seat]

    # Where they lie now (the Walkie-Talkies move wires), for the cuts: a listing's thousands.
    places = {
        (st, sl) for st, ids in enumerate(table.stands) for sl, w in enumerate(ids) if w in xs
    }

    def touches_x(action: Action) -> bool:
        """An action other than a cut that uses equipment (or places a token) on an X wire."""
        if isinstance(action, PlaceToken | PostIt):
            return _wire(table, action.stand, action.slot) in xs
        if isinstance(action, Label):
            return any(_wire(table, action.stand, s) in xs for s in (action.slot, action.slot + 1))
        if isinstance(action, Walkie):  # the card's and a character's own: never an X wire
            if _wire(table, action.stand, action.slot) in xs:
                return True
            if 0 <= action.partner < table.players:
                return not hand(action.partner).free
            return False
        return False

    def refuse(action: Action) -> Refusal | None:
        if isinstance(action, Cut):
            aimed = not places.isdisjoint(action.targets)
            # With equipment (a detector, two values, the Stabilizer), not at an X wire.
            if aimed and (action.tool is not None or len(action.values) > 1 or stabilized):
                return Refusal(XReason.X_WIRE)
            # While locked: no cut of an X wire, pointed at or the actor's own side of it.
            if locked_now and (aimed or not hand(action.seat).only_x.isdisjoint(action.values)):
                return Refusal(XReason.X_LOCKED)
            return None
        if touches_x(action):
            return Refusal(XReason.X_WIRE)
        if locked_now and isinstance(action, SoloCut) and action.value in hand(action.seat).on_x:
            return Refusal(XReason.X_LOCKED)
        return None

    return refuse


def _aim(table: Table, seat: int, xs: frozenset[int]) -> bool:
    """A teammate's uncut wire that a cut may point at."""
    return any(
        table.stands[st][sl] not in xs
        for other in range(table.players)
        if other != seat
        for st, sl, _ in table.hand(other)
    )


def _solo_values(table: Table, seat: int, xs: frozenset[int]) -> list[int]:
    """Values whose every remaining copy the seat could Solo-Cut if it held them all (not in X)."""
    from ..rules import solo_allowed  # the rules import the registry, which imports this module

    values = {cut_value(c) for c in _free_hand(table, seat, xs)} - {RED}
    return [v for v in sorted(values) if solo_allowed(table, seat, v)]


def waiting(table: Table, seat: int) -> bool:
    """Whether ``seat``, on its turn, has no cut the locked X wires leave it, and no action that
    replaces one: it passes."""
    if not locked(table) or must_reveal(table, seat) or not table.has_wires(seat):
        return False
    xs = x_ids(table)
    free = {cut_value(c) for c in _free_hand(table, seat, xs)} - {RED}
    if free and _aim(table, seat, xs):
        return False
    if _solo_values(table, seat, xs):
        return False
    for mechanism in table.mechanisms:
        if mechanism is MECHANISM:
            continue
        for spec in mechanism.actions:
            if spec.is_action and spec.timing == "turn" and any(spec.legal(table, seat)):
                return False
    return True


def _wait(s: Table, a: XWait) -> Events:
    require_own_turn(s, a.seat)
    if MECHANISM not in s.mechanisms or not waiting(s, a.seat):
        raise IllegalActionError(XReason.X_NOT_WAITING)
    xs = x_ids(s)
    data: dict[str, Any] = {"seat": a.seat, "aim": _aim(s, a.seat, xs)}
    if not data["aim"]:
        # no wire to aim at: of every value with 2 or 4 copies left (yellow: any), the seat
        # holds fewer than all of them outside its X wires
        left = {v: s.in_play(v) - s.cut_count(v) for v in (YELLOW, *BLUE_VALUES)}
        data["solo"] = [
            [v, n - 1] for v, n in left.items() if n > 0 and (v == YELLOW or n in (2, 4))
        ]
    events: Events = [Event("x_wait", data)]
    end_turn(s, events)
    return events


def _wait_legal(s: Table, seat: int) -> Iterator[XWait]:
    if s.pending.phase is Phase.TURN and s.active == seat and waiting(s, seat):
        yield XWait(seat)


def _read_x(part: Mapping[str, Any], tracker: Tracker) -> None:
    """The X wires lie outside the sorted order of their stands (mission 35: and are blue)."""
    from ..deduction.codes import BLUE_VALUES as BLUE
    from ..deduction.facts import SlotIn

    for stand, slot in part.get("x", ()):
        wire = tracker.wire(stand, slot)
        tracker.mark_unsorted(wire)
        if part.get("blue"):
            tracker.add(SlotIn.classes(wire, *BLUE))


def _read_locked(event: Mapping[str, Any], tracker: Tracker) -> None:
    """Mission 35's X wires, named at the start: unsorted (a swap inserts around them) and
    locked until the ``x_unlocked`` event."""
    wires = [tracker.wire(stand, slot) for stand, slot in event["x"]]
    for wire in wires:
        tracker.mark_unsorted(wire)
    tracker.memo["x_locked"] = tuple(wires)


def _read_unlocked(event: Mapping[str, Any], tracker: Tracker) -> None:
    tracker.memo.pop("x_locked", None)


def _free_of_seat(tracker: Tracker, seat: int) -> list[Any]:
    xs = set(tracker.memo.get("x_locked", ()))
    return [w for w in tracker.uncut_of_seat(seat) if w not in xs]


def _read_cut(event: Mapping[str, Any], tracker: Tracker) -> None:
    """While the X wires are locked, the actor of a Dual Cut held every announced value on a
    wire that is not X."""
    if "x_locked" not in tracker.memo:
        return
    from ..deduction.codes import class_of_json
    from ..deduction.facts import AtLeastOne

    free = _free_of_seat(tracker, int(event["seat"]))
    for value in event["values"]:
        tracker.add(AtLeastOne.classes(free, class_of_json(value)))


def _read_wait(event: Mapping[str, Any], tracker: Tracker) -> None:
    """He passed: with a teammate's wire to aim at, every wire of his but the X ones is red;
    else, of each value listed, fewer than all copies left outside his X wires; and some wire
    of his is not red (else he would reveal his reds)."""
    from ..deduction.codes import BLUE_VALUES as BLUE
    from ..deduction.codes import YELLOW as YELLOW_CLASS
    from ..deduction.facts import AtLeastOne, Count

    seat = int(event["seat"])
    free = _free_of_seat(tracker, seat)
    xs = set(tracker.memo.get("x_locked", ()))
    if event["aim"]:
        tracker.add(Count.classes(free, YELLOW_CLASS, *BLUE, low=0, high=0))
    else:
        for value, most in event.get("solo", ()):
            cls = YELLOW_CLASS if value == YELLOW else int(value)
            tracker.add(Count.classes(free, cls, low=0, high=int(most)))
    if not any(w in xs for w in tracker.uncut_of_seat(seat)):
        tracker.add(AtLeastOne.classes(free, YELLOW_CLASS, *BLUE))


class XWires(Mechanism[None]):
    id = ID
    reasons = XReason
    part_facts = staticmethod(_read_x)
    actions = (ActionSpec(XWait, "turn", _wait_legal, _wait, is_action=True),)
    events = ("x_locked", "x_unlocked", "x_wait")
    facts = {
        "x_locked": _read_locked,
        "x_unlocked": _read_unlocked,
        "cut": _read_cut,
        "x_wait": _read_wait,
    }
    lines = {
        "x_locked": lambda e, n, o: (
            "X wires: one blue wire at the far right of each stand, locked until every yellow "
            "wire is cut."
        ),
        "x_unlocked": lambda e, n, o: "Every yellow wire is cut: the X wires may be cut now.",
        "x_wait": lambda e, n, o: (
            f"{name_of(n, e['seat'])} can cut nothing while the X wires are locked, and passes."
        ),
    }
    bot_keys = {
        "x_wait": (
            (),
            "Every cut I could make needs a locked X wire: I pass.",
            "x wires: no cut allowed before the yellows are cut (the only legal move)",
        ),
    }

    def advise(self, ask: BotAsk) -> Advice | None:
        """Passing: the one move left, said as it is."""
        for action in ask.legal:
            if isinstance(action, XWait):
                return action, "x_wait", {}
        return None

    def configure(
        self, params: tuple[str, ...], table: Mapping[str, Any] | None, reader: ConfigReader
    ) -> XConfig:
        if table is None and params == ("last",):
            return XConfig("last", False)
        if table is None and params == ("blue", "locked"):
            return XConfig("blue", True)
        raise reader.fail(
            f"mechanisms.{ID}", "x_wires:last or x_wires:blue:locked", ":".join(params)
        )

    def deal_wires(
        self,
        config: XConfig,
        rng: Rng,
        pool: list[int],
        order: list[int],
        owners: tuple[int, ...],
        captain: int,
    ) -> list[list[int]] | None:
        """Mission 35: one random blue wire to each stand first (it stays last), then the rest
        shuffled and dealt round-robin from the captain's first stand."""
        if config.deal != "blue":
            return None
        blues = [c for c in pool if colour_of(c) is Colour.BLUE]
        xs = rng.sample(blues, len(owners))
        rest = list(pool)
        for code in xs:
            rest.remove(code)
        rng.shuffle(rest)
        stands: list[list[int]] = [[] for _ in owners]
        for i, code in enumerate(rest):
            stands[order[i % len(order)]].append(code)
        for i, stand in enumerate(order):
            stands[stand].append(xs[i])
        return stands

    def check_stands(
        self,
        config: XConfig,
        stands: Sequence[Sequence[int]],
        owners: tuple[int, ...],
        captain: int,
    ) -> None:
        if config.deal == "blue":
            for s, stand in enumerate(stands):
                if colour_of(stand[-1]) is not Colour.BLUE:
                    raise SetupError(
                        f"stand {s + 1}'s X wire (its last) must be blue, not {label_of(stand[-1])}"
                    )

    def arrange(self, config: Any, codes: Sequence[int]) -> tuple[int, ...]:
        """Sorted, but the X wire (the last in the list) stays at the far right."""
        if not codes:
            return ()
        return (*sorted(codes[:-1]), codes[-1])

    def equipment_ignores(self, table: Table) -> frozenset[int]:
        return x_ids(table)

    def unsorted_wires(self, table: Table) -> frozenset[int]:
        return x_ids(table)

    def uncuttable(self, table: Table) -> frozenset[int]:
        return locked_ids(table)

    def action_filter(self, table: Table) -> ActionFilter:
        return _refusals(table)

    def start_game(self, table: Table, events: Events) -> None:
        if _config(table).locked:
            xs = sorted(list(table.position_of(w)) for w in x_ids(table))
            events.append(Event("x_locked", {"x": xs}))

    def after_cuts(self, table: Table, events: Events) -> None:
        config = _config(table)
        if not config.locked or table.cut_count(YELLOW) < table.in_play(YELLOW):
            return
        if not any(e.type == "x_unlocked" for e in (*table.log, *events)):
            events.append(Event("x_unlocked", {}))

    def observe(self, table: Table, viewer: Viewer) -> XView:
        out: XView = {"x": sorted(list(table.position_of(w)) for w in x_ids(table))}
        if _config(table).deal == "blue":
            out["blue"] = True
        if _config(table).locked:
            out["locked"] = locked(table)
        return out


MECHANISM = XWires()
