"""The state's data: the core of the table, and the mechanisms' parts under their ids.

This module knows no rule and imports none: :mod:`engine.redwire.rules` and the mechanisms change
a :class:`Table`, and :class:`engine.redwire.state.GameState` (a Table with the public API) calls
them. A Table holds

* the core every mission has: the wires (their codes, which stand and slot each sits in, which
  are cut), the info tokens, the detonator dial, whose turn it is and what the game waits for
  (:class:`Pending`), the result, the actions taken and the events they caused;
* ``parts``: one immutable component per mechanism that keeps state (the equipment tray, the
  Double Detectors, the labels...), keyed by the mechanism's id. A mechanism replaces its
  component instead of changing it, so copying a Table copies a dict of references and two
  Tables compare part by part: nothing is copied or compared by hand per mechanism.

>>> Phase.TURN.value, Phase.declare("turn") is Phase.TURN
('turn', True)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Self, TypeVar

from ..core.events import Event
from .wires import RED, YELLOW, cut_value

if TYPE_CHECKING:
    from .actions import Action
    from .deal import Setup
    from .mechanisms.base import Mechanism
    from .missions import Mission, WireSet

P = TypeVar("P")


class Phase(str):
    """What the game is waiting for: a core phase below, or one a mechanism declares.

    An open set rather than an Enum: a mechanism brings its own decisions (the Walkie-Talkies
    partner's pick) without the core naming them. Each name has one object, so ``is`` works.
    """

    __slots__ = ()
    _known: ClassVar[dict[str, Phase]] = {}

    SETUP_TOKEN: ClassVar[Phase]  # a seat places its initial info token
    TURN: ClassVar[Phase]  # the active seat chooses its action ("any time" equipment too)
    OWN_CUT: ClassVar[Phase]  # after a hit, the actor picks which of their own wires is cut
    DETECTOR_CUT: ClassVar[Phase]  # after a detector hit, the owner picks the matching wire cut
    DETECTOR_TOKEN: ClassVar[Phase]  # after a detector miss, the owner picks where the token goes
    OVER: ClassVar[Phase]

    @classmethod
    def declare(cls, name: str) -> Phase:
        """The phase called ``name`` (made on first use; the same object every time)."""
        known = cls._known.get(name)
        if known is None:
            known = cls._known[name] = cls(name)
        return known

    @classmethod
    def known(cls) -> tuple[Phase, ...]:
        """Every phase declared so far: the core's, and those of the mechanisms imported."""
        return tuple(cls._known.values())

    @property
    def value(self) -> str:
        """The phase's name, as in the observation's ``phase`` (an Enum's spelling, kept)."""
        return str(self)

    def __repr__(self) -> str:
        return f"Phase({str(self)!r})"


Phase.SETUP_TOKEN = Phase.declare("setup_token")
Phase.TURN = Phase.declare("turn")
Phase.OWN_CUT = Phase.declare("own_cut")
Phase.DETECTOR_CUT = Phase.declare("detector_cut")
Phase.DETECTOR_TOKEN = Phase.declare("detector_token")
Phase.OVER = Phase.declare("over")


@dataclass(frozen=True)
class Pending:
    """The decision the game waits for: whose it is and, for picks, the wires they may choose."""

    phase: Phase
    seat: int | None
    options: tuple[tuple[int, int], ...] = ()
    actor: int | None = None
    value: int | None = None  # OWN_CUT: the value to cut
    #: A wire the actor has put forward (public: everyone saw it), as (stand, slot).
    given: tuple[int, int] | None = None
    #: The decision an "any time" action interrupted to ask for this pick (a turn, or a
    #: mission's own decision such as a claim): it comes back, exactly as it was, once the pick
    #: is answered (see ``turn.open_pick`` and ``turn.close_pick``). Never shown in observations.
    resume: Pending | None = None


class Table:
    """The data of one attempt at a mission. Rules change a fresh copy (see ``clone``)."""

    __slots__ = (
        "_cut_counts",
        "_legal",
        "_legal_sets",
        "active",
        "codes",
        "cut",
        "dial",
        "history",
        "info",
        "log",
        "mechanisms",
        "mission",
        "own_hidden",
        "owners",
        "parts",
        "pending",
        "result",
        "seat_stands",
        "setup",
        "stands",
        "turn_number",
        "validated",
        "wireset",
    )

    #: Slots that are derived, cached or fixed for the whole game: not compared by same_as.
    _NOT_COMPARED = frozenset(
        ("mission", "wireset", "mechanisms", "_cut_counts", "_legal", "_legal_sets")
    )

    def __init__(
        self, setup: Setup, mission: Mission, mechanisms: Sequence[Mechanism[Any]]
    ) -> None:
        self.setup = setup
        self.mission = mission
        #: The mechanisms in play, in the order their hooks are called (see mechanisms.active).
        self.mechanisms: tuple[Mechanism[Any], ...] = tuple(mechanisms)
        self.wireset: WireSet = mission.wires_for(setup.players)
        for use in mission.mechanisms:  # a rule option may change the draws (mission 50)
            for m in self.mechanisms:
                if m.id == use.id:
                    self.wireset = m.wire_draws(use.config, self.wireset, setup.options)
        self.owners: tuple[int, ...] = setup.owners
        self.seat_stands: tuple[tuple[int, ...], ...] = tuple(
            tuple(i for i, o in enumerate(self.owners) if o == seat)
            for seat in range(setup.players)
        )
        codes: list[int] = []
        self.stands: list[list[int]] = []
        for stand in setup.stands:
            self.stands.append(list(range(len(codes), len(codes) + len(stand))))
            codes.extend(stand)
        # Wires no stand holds (Nano's face-down wires): the ids after the stands' wires, in
        # the order their mechanism lists them (a wire taken from there joins a stand).
        for use in mission.mechanisms:
            if use.id in setup.parts:
                found = [m for m in self.mechanisms if m.id == use.id]
                if found:
                    codes.extend(found[0].pile_codes(use.config, setup.parts[use.id]))
        #: Code of each wire by wire id (ids never change; positions can, with Walkie-Talkies
        #: and Nano; a wire off every stand has no position).
        self.codes: tuple[int, ...] = tuple(codes)
        self.cut: list[bool] = [False] * len(codes)
        self._cut_counts: Counter[int] | None = None  # cache of cut_count; see mark_cut
        self._legal: dict[int, tuple[Action, ...]] = {}  # cache of legal_actions (state is final)
        self._legal_sets: dict[int, frozenset[Action]] = {}  # the same, for membership tests
        #: Info token value in front of a wire, by wire id (tokens travel with their wire).
        self.info: dict[int, int] = {}
        self.dial = self.dial_start()
        self.validated: set[int] = set()
        #: Wires their owner cannot see (turned round on his stand: flipped wires, missions 38,
        #: 56, 64): not in his ``hand`` (what he knows he holds and may act on), shown to the
        #: other seats; set by their mechanism as the game starts.
        self.own_hidden: frozenset[int] = frozenset()
        self.active = setup.captain
        self.pending = Pending(Phase.SETUP_TOKEN, setup.captain)
        self.result: str | None = None
        self.turn_number = 0
        self.history: tuple[Action, ...] = ()
        self.log: tuple[Event, ...] = ()
        #: Each mechanism's component, by mechanism id (immutable values: replaced on change).
        self.parts: dict[str, Any] = {}
        for mechanism in self.mechanisms:
            part = mechanism.init_part(self)
            if part is not None:
                self.parts[mechanism.id] = part

    def dial_start(self) -> int:
        """Where the detonator starts: N steps from the skull, unless a mechanism of the mission
        moves it (mission 41: next to the skull)."""
        for mechanism in self.mechanisms:
            start = mechanism.dial_start(self)
            if start is not None:
                return start
        return self.setup.players

    def clone(self) -> Self:
        """A copy to change: lists and dicts are copied, parts (immutable) are shared."""
        new = type(self).__new__(type(self))
        for name in Table.__slots__:
            setattr(new, name, getattr(self, name))
        new.stands = [list(s) for s in self.stands]
        new.cut = list(self.cut)
        new.info = dict(self.info)
        new.validated = set(self.validated)
        new.parts = dict(self.parts)
        new._legal = {}
        new._legal_sets = {}
        return new

    # ------------------------------------------------------------------ parts

    def part(self, mechanism_id: str, kind: type[P]) -> P:
        """The component of a mechanism in play; KeyError if that mechanism is not in play."""
        part = self.parts[mechanism_id]
        assert isinstance(part, kind), (mechanism_id, part)
        return part

    def has_part(self, mechanism_id: str) -> bool:
        return mechanism_id in self.parts

    def set_part(self, mechanism_id: str, part: object) -> None:
        """Replace a mechanism's component (on the fresh copy a rule is changing)."""
        self.parts[mechanism_id] = part

    def parts_json(self) -> dict[str, Any]:
        """Every component as JSON (debugging, and the seer's view in tests)."""
        return {key: part.to_json() for key, part in sorted(self.parts.items())}

    # ------------------------------------------------------------------ queries

    @property
    def players(self) -> int:
        return self.setup.players

    @property
    def phase(self) -> Phase:
        return self.pending.phase

    @property
    def to_move(self) -> int | None:
        """The seat whose decision the game waits for (None when the mission is over)."""
        return self.pending.seat

    @property
    def is_over(self) -> bool:
        return self.result is not None

    def code_at(self, stand: int, slot: int) -> int:
        return self.codes[self.stands[stand][slot]]

    def wire_id(self, stand: int, slot: int) -> int:
        return self.stands[stand][slot]

    def position_of(self, wire: int) -> tuple[int, int]:
        for stand, ids in enumerate(self.stands):
            if wire in ids:
                return stand, ids.index(wire)
        raise KeyError(wire)

    def uncut(self, stand: int) -> Iterator[tuple[int, int]]:
        """(slot, code) of each uncut wire on a stand."""
        for slot, wire in enumerate(self.stands[stand]):
            if not self.cut[wire]:
                yield slot, self.codes[wire]

    def hand(self, seat: int) -> list[tuple[int, int, int]]:
        """(stand, slot, code) of each uncut wire the seat holds, both stands together (but a
        wire turned round, which he cannot see: ``own_hidden``)."""
        if self.own_hidden:
            return [
                (st, slot, code)
                for st in self.seat_stands[seat]
                for slot, code in self.uncut(st)
                if self.stands[st][slot] not in self.own_hidden
            ]
        return [(st, slot, code) for st in self.seat_stands[seat] for slot, code in self.uncut(st)]

    def has_wires(self, seat: int) -> bool:
        return any(not self.cut[w] for st in self.seat_stands[seat] for w in self.stands[st])

    def held_values(self, seat: int) -> set[int]:
        """Cut values of the seat's uncut wires (RED included)."""
        return {cut_value(code) for _, _, code in self.hand(seat)}

    def cut_count(self, value: int) -> int:
        """How many wires of this cut value are cut (public: cut wires lie face up)."""
        if self._cut_counts is None:
            self._cut_counts = Counter(
                cut_value(code) for w, code in enumerate(self.codes) if self.cut[w]
            )
        return self._cut_counts[value]

    def mark_cut(self, wire: int) -> None:
        """The one place a wire gets cut (keeps the cut_count cache right)."""
        self.cut[wire] = True
        self._cut_counts = None

    def in_play(self, value: int) -> int:
        """How many wires of this cut value the bomb holds (public from the mission and markers)."""
        if value == YELLOW:
            return self.wireset.yellow.keep if self.wireset.yellow else 0
        if value == RED:
            return self.wireset.red.keep if self.wireset.red else 0
        return 4 if value in self.wireset.blue else 0

    def all_cut(self) -> bool:
        """Every wire in play is cut (or revealed): a wire a mechanism keeps out of play (a
        pile never brought in) does not count."""
        if all(self.cut):
            return True
        unneeded = frozenset().union(*(m.unneeded(self) for m in self.mechanisms))
        return bool(unneeded) and all(c for w, c in enumerate(self.cut) if w not in unneeded)

    def same_as(self, other: Table) -> bool:
        """Exact equality of everything that evolves (used by replay checks)."""
        return all(
            getattr(self, name) == getattr(other, name)
            for name in Table.__slots__
            if name not in Table._NOT_COMPARED
        )

    def __repr__(self) -> str:
        return (
            f"<{type(self).__name__} mission={self.setup.mission} players={self.players} "
            f"phase={self.phase.value} to_move={self.to_move} dial={self.dial}>"
        )


def seat_name(seat: int, names: Sequence[str] | None = None) -> str:
    if names and 0 <= seat < len(names):
        return names[seat]
    return f"Player {seat + 1}"
