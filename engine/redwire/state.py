"""The game state of one attempt at a mission, and its public API.

>>> from engine.redwire import new_game, Cut
>>> game = new_game(mission=1, players=3, seed=7)
>>> game.phase.value, game.to_move == game.setup.captain
('setup_token', True)
>>> first = game.legal_actions(game.to_move)[0]
>>> after, events = game.apply(first)
>>> events[0].type, game.phase.value          # the old state is untouched
('token', 'setup_token')

The state is never mutated by the public API: ``apply`` returns a new state and the events the
action caused, or raises :class:`IllegalActionError` and changes nothing.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from ..core.events import Event, Viewer
from .actions import Action
from .deal import Setup
from .missions import Mission, WireSet, load_mission
from .wires import RED, YELLOW, cut_value

if TYPE_CHECKING:
    from .record import Record


class Phase(StrEnum):
    """What the game is waiting for."""

    SETUP_TOKEN = "setup_token"  # a seat places its initial info token
    TURN = "turn"  # the active seat chooses its action (anyone may use "any time" equipment)
    OWN_CUT = "own_cut"  # after a hit, the actor picks which of their own wires is cut
    DETECTOR_CUT = "detector_cut"  # after a detector hit, the owner picks the matching wire cut
    DETECTOR_TOKEN = "detector_token"  # after a detector miss, the owner picks where the token goes
    WALKIE_GIVE = "walkie_give"  # the Walkie-Talkies partner picks the wire they give
    OVER = "over"


@dataclass(frozen=True)
class Pending:
    """The decision the game waits for: whose it is and, for picks, the wires they may choose."""

    phase: Phase
    seat: int | None
    options: tuple[tuple[int, int], ...] = ()
    actor: int | None = None
    value: int | None = None  # OWN_CUT: the value to cut
    given: tuple[int, int] | None = None  # WALKIE_GIVE: the user's wire (stand, slot)


class GameState:
    """One attempt at a mission. Build it with :func:`engine.new_game` or from a record."""

    __slots__ = (
        "_cut_counts",
        "_legal",
        "active",
        "characters_used",
        "codes",
        "cut",
        "dial",
        "equipment_used",
        "history",
        "info",
        "labels",
        "log",
        "mission",
        "owners",
        "pending",
        "result",
        "seat_stands",
        "setup",
        "stabilized",
        "stands",
        "turn_number",
        "unlocked",
        "validated",
        "wireset",
    )

    def __init__(self, setup: Setup) -> None:
        self.setup = setup
        self.mission: Mission = load_mission(setup.mission)
        self.wireset: WireSet = self.mission.wires_for(setup.players)
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
        #: Code of each wire by wire id (ids never change; positions can, with Walkie-Talkies).
        self.codes: tuple[int, ...] = tuple(codes)
        self.cut: list[bool] = [False] * len(codes)
        self._cut_counts: Counter[int] | None = None  # cache of cut_count; see mark_cut
        self._legal: dict[int, tuple[Action, ...]] = {}  # cache of legal_actions (state is final)
        #: Info token value in front of a wire, by wire id (tokens travel with their wire).
        self.info: dict[int, int] = {}
        #: ("neq" | "eq", left wire id, right wire id)
        self.labels: list[tuple[str, int, int]] = []
        self.dial = setup.players
        self.characters_used = [False] * setup.players
        self.equipment_used = dict.fromkeys(setup.equipment, False)
        self.unlocked: set[int] = set()
        self.validated: set[int] = set()
        self.active = setup.captain
        self.pending = Pending(Phase.SETUP_TOKEN, setup.captain)
        self.stabilized = False
        self.result: str | None = None
        self.turn_number = 0
        self.history: tuple[Action, ...] = ()
        self.log: tuple[Event, ...] = ()

    def clone(self) -> GameState:
        new = GameState.__new__(GameState)
        for name in GameState.__slots__:
            setattr(new, name, getattr(self, name))
        new.stands = [list(s) for s in self.stands]
        new.cut = list(self.cut)
        new.info = dict(self.info)
        new.labels = list(self.labels)
        new.characters_used = list(self.characters_used)
        new.equipment_used = dict(self.equipment_used)
        new.unlocked = set(self.unlocked)
        new.validated = set(self.validated)
        new._legal = {}
        return new

    # ------------------------------------------------------------------ public API

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

    def legal_actions(self, seat: int) -> list[Action]:
        """Every action ``seat`` may take now, in a stable order."""
        from .legal import legal_actions

        # A state is never changed once apply has returned it, so its legal actions can be kept.
        if seat not in self._legal:
            self._legal[seat] = tuple(legal_actions(self, seat))
        return list(self._legal[seat])

    def apply(self, action: Action) -> tuple[GameState, list[Event]]:
        """The state after ``action`` and the events it caused; raises IllegalActionError."""
        from .rules import resolve

        new = self.clone()
        events = resolve(new, action)
        new.history = (*self.history, action)
        new.log = (*self.log, *events)
        return new, events

    def check(self, action: Action) -> None:
        """Raise IllegalActionError if ``action`` is not legal now; never changes the state."""
        self.apply(action)

    def is_legal(self, action: Action) -> bool:
        from .errors import IllegalActionError

        try:
            self.check(action)
        except IllegalActionError:
            return False
        return True

    def observation(self, viewer: Viewer) -> dict[str, Any]:
        """What ``viewer`` may know: a seat, None (spectator) or "seer" (everything)."""
        from .observation import observe

        return observe(self, viewer)

    @property
    def record(self) -> Record:
        from .record import Record

        return Record(self.setup, self.history)

    # ------------------------------------------------------------------ queries

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
        """(stand, slot, code) of each uncut wire the seat holds, both stands together."""
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

    def equipment_state(self, card: int) -> str:
        """'absent', 'locked', 'usable' or 'used' (unlock is a state check on cut wires)."""
        if card not in self.equipment_used:
            return "absent"
        if self.equipment_used[card]:
            return "used"
        return "usable" if self.cut_count(card) >= 2 else "locked"

    def all_cut(self) -> bool:
        return all(self.cut)

    def same_as(self, other: GameState) -> bool:
        """Exact equality of everything that evolves (used by replay checks)."""
        return all(
            getattr(self, name) == getattr(other, name)
            for name in GameState.__slots__
            if name not in ("mission", "wireset", "_cut_counts", "_legal")
        )

    def __repr__(self) -> str:
        return (
            f"<GameState mission={self.setup.mission} players={self.players} "
            f"phase={self.phase.value} to_move={self.to_move} dial={self.dial}>"
        )


def seat_name(seat: int, names: Sequence[str] | None = None) -> str:
    if names and 0 <= seat < len(names):
        return names[seat]
    return f"Player {seat + 1}"
