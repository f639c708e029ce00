"""What a mechanism is: one rule of the game in one place, and the hook points the core calls.

A :class:`Mechanism` is an object whose methods the core calls at named points of a game; the
base class does nothing at each of them, so a mechanism overrides only what it needs. It may bring

* its **configuration** from the mission file (``configure``) and its **setup data**, drawn from
  the seeded generator (``deal``) or read from a record (``setup_from_json``);
* the **other mechanisms it puts in play** (``brings``: the equipment tray brings its cards);
* its **state component** (``init_part``): one immutable value under its id in ``Table.parts``,
  replaced (never changed) by its rules, so it is copied, compared and saved with the state;
* **hooks**: ``start_game``, ``turn_start``, ``check_action`` (may refuse any action with a reason,
  with ``allows`` its legal-move filter), ``after_cuts`` (also the end-of-mission check),
  ``after_mistake``, ``end_turn``;
* **cut modifiers**: detectors (:class:`Tool`, named by the Dual Cut's ``tool`` field), extra
  announced values (:class:`Announcer`), and ``shields_cut`` (the Stabilizer: no dial, no
  explosion);
* **actions** (:class:`ActionSpec`: class, JSON type, legal-move generator, handler) and
  **decisions** of its own (:class:`PickSpec`: a phase and what a pick does in it);
* what it adds to each viewer's **observation** (``observe``), its **events** and their
  transcript lines;
* the **deduction facts** its events prove: the deduction package's readers for the events named
  in ``events`` register next to the mechanism's code (see docs/mechanisms.md).

Every hook receives the :class:`~engine.redwire.model.Table` being changed (a fresh copy: a
refusal anywhere leaves the caller's state untouched) and, when it may report something, the
list of events to append to.

>>> from engine.redwire.mechanisms import get
>>> get("stabilizer").id, [spec.type for spec in get("stabilizer").actions]
('stabilizer', ['stabilize'])
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, Literal, TypeVar

from ...core.errors import ReasonCode
from ...core.events import Event, Viewer
from ..actions import Action
from ..model import Pending, Phase, Table

if TYPE_CHECKING:
    from ...core.rng import Rng
    from ..missions import ConfigReader
    from ..options import Options

Events = list[Event]
Part = TypeVar("Part")
A = TypeVar("A", bound=Action)
#: When an action may be taken: on your own turn as your action, or any time no action is
#: being resolved (B1: during turns and the setup).
Timing = Literal["turn", "any_time"]
#: One transcript line for one event view: (view, names of the seats, owner seat of each stand).
Line = Callable[[Mapping[str, Any], Sequence[str], Sequence[int] | None], str]


def name_of(names: Sequence[str], seat: object) -> str:
    """A seat's name in a transcript line (``Player N`` for a seat with no name)."""
    if isinstance(seat, int) and 0 <= seat < len(names):
        return names[seat]
    return f"Player {seat}"


def where(names: Sequence[str], owners: Sequence[int] | None, stand: int, slot: int) -> str:
    """A wire's place in a transcript line."""
    owner = f"{name_of(names, owners[stand])}'s " if owners else ""
    return f"{owner}stand {stand + 1}, wire {slot + 1}"


@dataclass(frozen=True)
class ActionSpec(Generic[A]):
    """An action a mechanism brings: its class (whose ``type`` is the JSON type), when it may be
    taken, the legal-move generator (every instance ``seat`` may take now, in a stable order)
    and the handler (checks it against the rules, changes the Table, returns the events)."""

    cls: type[A]
    timing: Timing
    legal: Callable[[Table, int], Iterable[A]]
    handler: Callable[[Table, A], Events]

    @property
    def type(self) -> str:
        return self.cls.type


@dataclass(frozen=True)
class PickSpec:
    """A decision a mechanism asks for (a :class:`Phase` it declares): the pick of one of
    ``Pending.options`` by the pending seat, and what it does (``resolve(table, pending, stand,
    slot, events)``)."""

    phase: Phase
    resolve: Callable[[Table, Pending, int, int, Events], None]
    #: English for the refusals that name this phase (``Reason.NOT_NOW``, ``NOT_AN_OPTION``).
    waiting: str
    expected: str


@dataclass(frozen=True)
class Tool:
    """A detector for the Dual Cut, named by the action's ``tool`` field.

    ``wires``: how many wires of one teammate it points at (None: every uncut wire of one
    stand). The core checks the targets' shape and runs the cut; the mechanism says whether the
    seat may use it now (``ready``, for the legal moves) and uses it up (``use``: refuses with a
    reason if it cannot be used, else changes its part and appends its events).
    """

    name: str
    #: Its English name, for transcripts ("Double Detector").
    title: str
    wires: int | None
    ready: Callable[[Table, int], bool]
    use: Callable[[Table, int, Events], None]
    #: Detectors work with numbers only (never yellow).
    numbers_only: bool = True


@dataclass(frozen=True)
class Announcer:
    """Lets a Dual Cut announce ``count`` values instead of one (the Either-Or Ray: two)."""

    count: int
    ready: Callable[[Table, int], bool]
    use: Callable[[Table, int, Events], None]


class Mechanism(Generic[Part]):
    """One rule of the game. Subclass it, set ``id``, and override the hooks it needs."""

    #: The name missions list it by (``mechanisms = ["id", ...]`` or ``"id:param:param"``).
    id: str = ""
    #: Its actions, pick decisions, detectors and multi-value announcements.
    actions: tuple[ActionSpec[Any], ...] = ()
    picks: tuple[PickSpec, ...] = ()
    tools: tuple[Tool, ...] = ()
    announcers: tuple[Announcer, ...] = ()
    #: Its own refusal reasons (a ReasonCode enum; codes unique across the game, translated by
    #: the page as ``rw.reason.<code>``), or None when it refuses only with the core's.
    reasons: type[ReasonCode] | None = None
    #: The event types it emits; the deduction readers for them live with the mechanism.
    events: tuple[str, ...] = ()
    #: A transcript line (English, for the command line and golden games) per event type.
    lines: Mapping[str, Line] = {}

    # ------------------------------------------------------------------ mission and setup

    def configure(
        self, params: tuple[str, ...], table: Mapping[str, Any] | None, reader: ConfigReader
    ) -> Any:
        """The mechanism's configuration from its mission entry: ``params`` from ``"id:a:b"``
        and the mission's ``[id]`` table if any. Raise ``reader.fail(...)`` on bad values."""
        if params:
            raise reader.fail(f"mechanisms.{self.id}", "no parameters", ":".join(params))
        if table is not None:
            raise reader.fail(self.id, f"no table: mechanism {self.id!r} takes no settings")
        return None

    def deal(self, config: Any, rng: Rng, players: int, options: Options) -> Any:
        """Setup data drawn after the wires, in the mission's order (None: it draws nothing).

        It must draw from ``rng`` in a fixed order: the same seed deals the same game."""
        return None

    def setup_from_json(
        self, config: Any, raw: object, players: int, options: Options, mission: int
    ) -> Any:
        """Read (and check) the setup data of a record or a hand-made deal; raise SetupError."""
        return None

    def setup_to_json(self, data: Any) -> Any:
        return data

    def brings(self, setup_data: Any) -> tuple[str, ...]:
        """Ids of the other mechanisms this one puts in play, given its setup data."""
        return ()

    # ------------------------------------------------------------------ state and hooks

    def init_part(self, table: Table) -> Part | None:
        """The component the game starts with (None: the mechanism keeps no state)."""
        return None

    def part(self, table: Table) -> Part:
        """This mechanism's component in ``table``."""
        part: Part = table.parts[self.id]
        return part

    def start_game(self, table: Table, events: Events) -> None:
        """Once, when the game is dealt, before the first decision."""

    def turn_start(self, table: Table, events: Events) -> None:
        """When a seat's turn begins (after its ``turn`` event)."""

    def check_action(self, table: Table, action: Action) -> None:
        """Before any action is resolved: raise IllegalActionError to forbid it now.

        The legal-move list must agree: a mechanism that forbids actions here must leave them
        out of ``legal_actions`` too (see ``allows``)."""

    def allows(self, table: Table, action: Action) -> bool:
        """The legal-move filter matching ``check_action`` (True: not forbidden by this)."""
        return True

    def shields_cut(self, table: Table) -> bool:
        """True when a Dual Cut this turn can neither move the dial nor explode."""
        return False

    def after_cuts(self, table: Table, events: Events) -> None:
        """After wires were cut (§5.7), before the win check: unlocks, and the end-of-mission
        check of a mechanism that can end it (``turn.finish``)."""

    def after_mistake(self, table: Table, events: Events) -> None:
        """After a wrong Dual Cut moved the dial (and the bomb did not explode)."""

    def end_turn(self, table: Table, events: Events) -> None:
        """When a turn ends, before the next one is chosen (also when the mission ended)."""

    # ------------------------------------------------------------------ observation

    def observe(self, table: Table, viewer: Viewer) -> Any:
        """What ``viewer`` may know of this mechanism, as JSON (None: nothing to add)."""
        return None
