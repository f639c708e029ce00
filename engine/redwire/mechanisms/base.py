"""What a mechanism is: one rule of the game in one place, and the hook points the core calls.

A :class:`Mechanism` is an object whose methods the core calls at named points of a game; the
base class does nothing at each of them, so a mechanism overrides only what it needs. It may bring

* its **configuration** from the mission file (``configure``) and its **setup data**, drawn from
  the seeded generator (``deal``) or read from a record (``setup_from_json``);
* the **other mechanisms it puts in play** (``brings``: the equipment tray brings its cards);
* its **state component** (``init_part``): one immutable value under its id in ``Table.parts``,
  replaced (never changed) by its rules, so it is copied, compared and saved with the state;
* **hooks**: ``start_game``, ``turn_start``, ``check_action`` (may refuse any action with a reason,
  with ``allows`` its legal-move filter; or both from ``action_filter``, built once per listing),
  ``before_action`` (a price paid first), ``after_cuts`` (also the end-of-mission check),
  ``after_mistake``, ``end_turn``;
* **cut modifiers**: detectors (:class:`Tool`, named by the Dual Cut's ``tool`` field), extra
  announced values (:class:`Announcer`), and ``shields_cut`` (the Stabilizer: no dial, no
  explosion);
* **actions** (:class:`ActionSpec`: class, JSON type, legal-move generator, handler) and
  **decisions** of its own (:class:`PickSpec`: a phase and what a pick does in it);
* what it adds to each viewer's **observation** (``observe``), its **events** and their
  transcript lines;
* the **deduction facts** its events prove (``facts``: a reader per event type) and its part of the
  observation proves (``part_facts``), which the deduction registers the first time it reads an
  observation (see docs/mechanisms.md).

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
from functools import partial
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Generic, Literal, NamedTuple, Protocol, TypeVar

from ...core.errors import IllegalActionError, ReasonCode
from ...core.events import Event, Viewer
from ..actions import Action, Cut, SoloCut
from ..model import Pending, Phase, Table
from ..wires import value_to_json

if TYPE_CHECKING:
    from ...core.rng import Rng
    from ..deduction.tracker import Tracker
    from ..missions import ConfigReader, WireSet
    from ..observation_types import Observation
    from ..options import Options

Events = list[Event]
Part = TypeVar("Part")
A = TypeVar("A", bound=Action)
#: When an action may be taken: on your own turn as your action, or any time no action is
#: being resolved (B1: during turns and the setup).
Timing = Literal["turn", "any_time"]
#: What one event (the viewer's view of it) proves to the deduction: ``reader(event, tracker)``
#: adds facts to the ``engine.redwire.deduction.tracker.Tracker`` (see ``deduction.readers``).
FactReader = Callable[[Mapping[str, Any], "Tracker"], None]
#: What a mechanism's part of an observation (``observation["mechanisms"][id]``) proves.
PartFactReader = Callable[[Any, "Tracker"], None]
#: One transcript line for one event view: (view, names of the seats, owner seat of each stand).
Line = Callable[[Mapping[str, Any], Sequence[str], Sequence[int] | None], str]
#: A bot sentence a mechanism brings: (its params, its English template, when it is said).
BotKey = tuple[tuple[str, ...], str, str]
#: A mechanism's advice to a bot: the action, and the key and params of its sentence.
Advice = tuple[Action, str, Mapping[str, Any]]


class Refusal(NamedTuple):
    """Why a mechanism refuses an action: its typed reason and the sentence's params, the
    IllegalActionError ``check_action`` raises (built only then, by ``error``: a listing
    refuses thousands of candidates and needs no sentence for them)."""

    reason: ReasonCode
    params: Mapping[str, Any] = MappingProxyType({})

    def error(self) -> IllegalActionError:
        return IllegalActionError(self.reason, **self.params)


#: One listing's filter of a mechanism (``Mechanism.action_filter``): the refusal an action
#: meets, or None when the mechanism allows it.
ActionFilter = Callable[[Action], Refusal | None]
#: The values a seat's cuts may announce on his turn (``Mechanism.announce_bound``): True for a
#: value its mechanism's ``action_filter`` may allow in a Dual Cut or a Solo Cut.
ValueBound = Callable[[int], bool]


def bound_value_filter(
    seat: int, value: int, reason: ReasonCode, others: Callable[[Action], bool]
) -> ActionFilter:
    """The filter of a turn bound to one value (the Bat radar's named cutter, a volunteer):
    ``seat``'s cuts must announce ``value``; his other actions pass when ``others`` allows them.

    >>> from engine.redwire.mechanisms.bat_radar import BatReason
    >>> refuse = bound_value_filter(0, 5, BatReason.BAT_VALUE, lambda action: True)
    >>> refuse(Cut(seat=0, targets=((1, 2),), values=(5,))) is None
    True
    >>> refuse(Cut(seat=0, targets=((1, 2),), values=(6,))).params["value"]
    5
    """
    refusal = Refusal(reason, {"value": value_to_json(value)})

    def refuse(action: Action) -> Refusal | None:
        if action.seat != seat:
            return None
        if isinstance(action, Cut):
            allowed = action.values == (value,)
        elif isinstance(action, SoloCut):
            allowed = action.value == value
        else:
            allowed = others(action)
        return None if allowed else refusal

    return refuse


class BotAsk(Protocol):
    """What a bot tells a mechanism when it asks for advice (``Mechanism.advise``): only what
    its seat may know."""

    #: The seat's observation and legal actions, and the bot's level ("cautious", "expert"...).
    obs: Observation
    legal: Sequence[Action]
    level: str

    def knowledge(self) -> Any:
        """The seat's odds (``engine.redwire.bots.knowledge.Knowledge``), solved on first use."""
        ...

    def choice(self, options: Sequence[Any]) -> Any:
        """One of ``options`` from the bot's own random stream."""
        ...


def name_of(names: Sequence[str], seat: object) -> str:
    """A seat's name in a transcript line (``Player N`` for a seat with no name)."""
    if isinstance(seat, int) and 0 <= seat < len(names):
        return names[seat]
    return f"Player {seat}"


def where(names: Sequence[str], owners: Sequence[int] | None, stand: int, slot: int) -> str:
    """A wire's place in a transcript line."""
    owner = f"{name_of(names, owners[stand])}'s " if owners else ""
    return f"{owner}stand {stand + 1}, wire {slot + 1}"


def listing_filters(table: Table) -> list[Callable[[Action], bool]]:
    """The legal-move filters of the mechanisms in play, built once for one listing on ``table``
    (each True when its mechanism allows the action): a mechanism's ``action_filter``, or its
    ``allows`` when it overrides only that; a mechanism that refuses nothing has none."""
    filters: list[Callable[[Action], bool]] = []
    for mechanism in table.mechanisms:
        refuse = mechanism.action_filter(table)
        if refuse is not None:
            filters.append(_allowed_by(refuse))
        elif type(mechanism).allows is not Mechanism.allows:
            filters.append(partial(mechanism.allows, table))
    return filters


def announce_bound(table: Table, seat: int) -> ValueBound | None:
    """The values ``seat`` may announce at all on his turn on ``table``: those every mechanism's
    ``announce_bound`` lets through (None: no mechanism bounds them). The listing builds no cut
    announcing another value (mission 47's thousands of cuts of values not calculated)."""
    bounds = [b for m in table.mechanisms if (b := m.announce_bound(table, seat)) is not None]
    if not bounds:
        return None
    if len(bounds) == 1:
        return bounds[0]
    return lambda value: all(bound(value) for bound in bounds)


def _allowed_by(refuse: ActionFilter) -> Callable[[Action], bool]:
    return lambda action: refuse(action) is None


@dataclass(frozen=True)
class ActionSpec(Generic[A]):
    """An action a mechanism brings: its class (whose ``type`` is the JSON type), when it may be
    taken, the legal-move generator (every instance ``seat`` may take now, in a stable order)
    and the handler (checks it against the rules, changes the Table, returns the events)."""

    cls: type[A]
    timing: Timing
    legal: Callable[[Table, int], Iterable[A]]
    handler: Callable[[Table, A], Events]
    #: A "turn" action that is the turn's action itself (it ends or replaces the turn, as the
    #: Coffee Break or a mission's special action), not one that only prepares a cut (the
    #: Stabilizer): a seat that has one is never out of moves.
    is_action: bool = False
    #: Offered (legal generator asked) even when the seat has only red wires left (a mission's
    #: special action that replaces revealing them).
    with_only_reds: bool = False

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
    #: The event types it emits.
    events: tuple[str, ...] = ()
    #: What its events prove: a fact reader per event type (its own events, or another's such as
    #: the tray's ``equipment``). A reader may leave out what it cannot express, never add a fact
    #: that is not certain for the viewer. Registered lazily, so a game that never asks for odds
    #: never imports the solver.
    facts: Mapping[str, FactReader] = {}
    #: What its part of the observation proves (the labels lying on the board now), or None.
    part_facts: PartFactReader | None = None
    #: A transcript line (English, for the command line and golden games) per event type.
    lines: Mapping[str, Line] = {}
    #: Why the bomb exploded, when its rule makes it explode: the ``explosion`` event's cause ->
    #: the end of the transcript's line ("BOOM! The bomb explodes (the rookie missed).").
    causes: Mapping[str, str] = {}
    #: The sentences its bot advice gives, by key (``engine.redwire.bots.explanation.KEYS``).
    bot_keys: Mapping[str, BotKey] = {}

    def advise(self, ask: BotAsk) -> Advice | None:
        """A decision this mechanism knows best (its own actions and choices), for a bot of any
        level that is not the random one, or None to let the bot decide as usual. It reads only
        ``ask`` (the seat's observation and legal actions)."""
        return None

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

    def deal(
        self,
        config: Any,
        rng: Rng,
        players: int,
        options: Options,
        mission: int,
        dealt: Mapping[str, Any],
    ) -> Any:
        """Setup data drawn after the wires, in the mission's order (None: it draws nothing);
        ``dealt``: what the mechanisms listed before it drew.

        It must draw from ``rng`` in a fixed order: the same seed deals the same game."""
        return None

    def setup_from_json(
        self,
        config: Any,
        raw: object,
        players: int,
        options: Options,
        mission: int,
        dealt: Mapping[str, Any],
    ) -> Any:
        """Read (and check) the setup data of a record or a hand-made deal; raise SetupError.
        ``dealt``: the setup data of the mechanisms listed before it, already checked."""
        return None

    def setup_to_json(self, data: Any) -> Any:
        return data

    def deal_on_stands(
        self,
        config: Any,
        rng: Rng,
        stands: list[list[int]],
        owners: tuple[int, ...],
        captain: int,
    ) -> Any:
        """Its setup data drawn once the wires are dealt (``stands``: each stand's codes in the
        order dealt, which it may reorder: the wire the captain turns round goes last), when
        ``deal`` drew none. None: nothing to draw. Draw only from ``rng``."""
        return None

    def arrange_stand(
        self, config: Any, data: Any, stand: int, codes: Sequence[int]
    ) -> tuple[int, ...] | None:
        """The layout of ``stand`` (codes in the order dealt) when this mechanism's setup
        ``data`` keeps a wire of it apart (a wire turned round, at the far right); else None."""
        return None

    def deal_wires(
        self,
        config: Any,
        rng: Rng,
        pool: list[int],
        order: list[int],
        owners: tuple[int, ...],
        captain: int,
    ) -> list[list[int]] | None:
        """Deal the wires itself (None: the usual shuffle and round-robin deal): ``pool`` is
        every tile in play, ``order`` the stands in dealing order (the captain's first). Return
        the stands (unsorted). Draw only from ``rng``."""
        return None

    def deal_pile(self, config: Any, rng: Rng, pool: list[int], players: int) -> Any:
        """Setup data of wires this mechanism takes out of ``pool`` before the stands are dealt
        (Nano's face-down wires, which nobody holds), removing them from ``pool``; None: it
        takes none. Draw only from ``rng``."""
        return None

    def pile_codes(self, config: Any, data: Any) -> tuple[int, ...]:
        """The codes of the wires its setup ``data`` keeps off the stands (Nano's), in the
        order they lie: the game gives them the wire ids after the stands'."""
        return ()

    def arrange(self, config: Any, codes: Sequence[int]) -> tuple[int, ...] | None:
        """A stand's layout from its wires in the order dealt, when the mission keeps some out
        of the sorted order (None: sorted)."""
        return None

    def check_stands(
        self, config: Any, stands: Sequence[Sequence[int]], owners: tuple[int, ...], captain: int
    ) -> None:
        """Refuse (SetupError) a hand-made deal this mechanism's way of dealing cannot make."""

    def stand_slack(self, config: Any) -> int:
        """How many wires more than an even deal's one the stands' sizes may differ by (mission
        64: a wire turned round may move to its owner's other stand); 0 by default."""
        return 0

    def wire_draws(self, config: Any, wires: WireSet, options: Options) -> WireSet:
        """The red and yellow draws of a deal under ``options`` (mission 50's memory option
        turns the markers into "k of every tile": nobody remembers which values are in play);
        by default the mission's own."""
        return wires

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

    def dial_start(self, table: Table) -> int | None:
        """Steps from the skull the detonator starts at, when the mission moves it (None: the
        number of players)."""
        return None

    def dial_view(self, table: Table) -> tuple[int, int] | None:
        """The ``(left, start)`` the observation's ``dial`` shows instead of the detonator's,
        when the mission replaces the detonator (mission 53: how many failed cuts Nano's space
        still allows); None: the detonator's own."""
        return None

    def start_game(self, table: Table, events: Events) -> None:
        """Once, when the game is dealt, before the first decision."""

    def turn_start(self, table: Table, events: Events) -> None:
        """When a seat's turn begins (after its ``turn`` event)."""

    def action_filter(self, table: Table) -> ActionFilter | None:
        """This mechanism's refusals on ``table`` as it stands, for many actions at once (None:
        it refuses nothing this way).

        Called once per legal-move listing (and once per ``check_action``), it computes what
        does not depend on the action (the X wires, the value a seat must cut, a seat's hand,
        lazily) and returns the function that gives each action's :class:`Refusal` (the typed
        reason and params of the IllegalActionError ``check_action`` raises) or None.
        A mechanism that overrides it takes its ``check_action`` and ``allows`` from it (the
        defaults below), so the listing and the refusal have one source and cannot drift apart;
        a check that rebuilds something per action belongs here rather than in ``allows``."""
        return None

    def announce_bound(self, table: Table, seat: int) -> ValueBound | None:
        """Which values ``seat`` may announce at all on his turn (called by the listing only
        while it is his turn): a value it rejects is one ``action_filter`` refuses in every Dual
        Cut that announces it (whatever the targets, the tool, the other value) and in a Solo
        Cut of it, so the listing skips those candidates instead of building and refusing them.
        It only narrows the listing; the refusals (and their reasons) stay ``action_filter``'s.
        None: no bound (the default)."""
        return None

    def check_action(self, table: Table, action: Action) -> None:
        """Before any action is resolved: raise IllegalActionError to forbid it now.

        The legal-move list must agree: a mechanism that forbids actions here must leave them
        out of ``legal_actions`` too (see ``allows``). By default: ``action_filter``'s refusal."""
        refuse = self.action_filter(table)
        if refuse is not None:
            refusal = refuse(action)
            if refusal is not None:
                raise refusal.error()

    def allows(self, table: Table, action: Action) -> bool:
        """The legal-move filter matching ``check_action`` (True: not forbidden by this). By
        default: ``action_filter`` has no refusal for it."""
        refuse = self.action_filter(table)
        return refuse is None or refuse(action) is None

    def before_action(self, table: Table, action: Action, events: Events) -> None:
        """Once every mechanism allowed ``action``, before it is resolved: what it costs first
        (mission 44's oxygen, taken before a cut). A refusal later discards it with the copy."""

    def shields_cut(self, table: Table) -> bool:
        """True when a Dual Cut this turn can neither move the dial nor explode."""
        return False

    def unsorted_wires(self, table: Table) -> frozenset[int]:
        """Wire ids kept outside the sorted order of their stands (X wires)."""
        return frozenset()

    def left_apart(self, table: Table) -> frozenset[int]:
        """Those of ``unsorted_wires`` that lie at the far left of their stands (mission 64's
        lower flipped wires; the others lie at the far right): a wire put in sorted place goes
        right of them."""
        return frozenset()

    def off_stand(self, table: Table) -> frozenset[int]:
        """Wire ids no stand holds now (Nano's wires, and one taken from Nano waiting for the
        stand its taker puts it on): they have no position, and no action aims at them."""
        return frozenset()

    def unneeded(self, table: Table) -> frozenset[int]:
        """Wire ids the bomb does not need cut to be defused (a pile's wires the audio track
        never brought in: mission 54); ``Table.all_cut`` leaves them out."""
        return frozenset()

    def off_stand_seen(self, table: Table, viewer: Viewer) -> frozenset[int]:
        """Those of ``off_stand`` whose value ``viewer`` sees (the wire its taker holds)."""
        return frozenset()

    def due_value(self, table: Table) -> int | None:
        """The value the active player has bound himself to cut this turn (a Number card he
        chose, mission 59's walk, mission 47's calculation), or None: while it is due, no
        teammate's Grappling Hook takes any of his wires."""
        return None

    def equipment_ignores(self, table: Table) -> frozenset[int]:
        """Wire ids no equipment may point at and every equipment effect ignores (X wires)."""
        return frozenset()

    def uncuttable(self, table: Table) -> frozenset[int]:
        """Wire ids no cut may cut now (mission 35's X wires until every yellow wire is cut):
        never a seat's own side of a Dual Cut."""
        return frozenset()

    def acts_red(self, table: Table) -> frozenset[int]:
        """Codes of wires that behave exactly like red wires (a blue value turned red): pointing
        at one explodes, nobody may announce it, a hand of only such wires must be revealed."""
        return frozenset()

    def info_token(self, table: Table, wire: int, reason: str, events: Events) -> bool:
        """An info token is about to go on ``wire`` (``reason``: "setup", "miss", "post_it"...):
        place the mission's own kind of token instead (even/odd, x1/x2/x3) and return True, or
        False for the true-value token."""
        return False

    def token_on_cut_wire(self, table: Table, seat: int) -> bool:
        """True when ``seat``'s Sticky Note may also mark one of his cut wires (missions 24 and
        40: an x1/x2/x3 token in front of a cut wire)."""
        return False

    def miss_token(
        self, table: Table, wire: int, announced: tuple[int, ...], events: Events
    ) -> bool:
        """A missed cut's token on ``wire`` (``announced``: the values said): place its own and
        return True (the Bluffer's false token), or False for the true-value token."""
        return False

    def no_miss_token(self, table: Table) -> bool:
        """True when a missed cut places no token at all (mission 58): a detector's miss then
        asks its owner for no wire, and the turn ends at once."""
        return False

    def without_character(self, table: Table, seat: int) -> bool:
        """True when ``seat`` has no character card (so no Double Detector): the careless
        captain of mission 28, the Bluffer with the option of mission 17."""
        return False

    def explodes_on_miss_in(self, obs: Observation, seat: int) -> bool:
        """Whether the observation shows that a miss of ``seat`` explodes the bomb (read from
        this mechanism's part: what bots and the page's odds need to know)."""
        return False

    def miss_explodes(self, table: Table, seat: int) -> str | None:
        """When a missed Dual Cut of ``seat`` explodes the bomb instead of moving the dial (the
        rookie, Captain Careless): the explosion's cause; else None."""
        return None

    def card_lock(self, table: Table, card: int) -> int | None:
        """The value whose two wires must still be cut before an equipment card unlocks, when
        this mechanism adds a second lock to its number's (mission 12: the Number card lying on
        it); None when it adds none, or that lock is open."""
        return None

    def places_setup_token(self, table: Table, seat: int) -> bool:
        """False when ``seat`` places no setup info token in this mission."""
        return True

    def token_skipped(self, table: Table, seat: int) -> Mapping[str, Any] | None:
        """What the ``token_skipped`` event of a seat that places no setup token says (its
        token lies beside its stand: ``{"reason": "beside", "value": 7}``), or None."""
        return None

    def after_cuts(self, table: Table, events: Events) -> None:
        """After wires were cut (§5.7), before the win check: unlocks, and the end-of-mission
        check of a mechanism that can end it (``turn.finish``)."""

    def takes_mistake(self, table: Table, events: Events) -> bool:
        """A mistake (a failed cut) is about to move the detonator: count it this mechanism's
        way instead and return True, when the mission has no detonator (mission 53: Nano's
        track); False for the dial."""
        return False

    def after_mistake(self, table: Table, events: Events) -> None:
        """After a wrong Dual Cut moved the dial (and the bomb did not explode)."""

    def end_turn(self, table: Table, events: Events) -> None:
        """When a turn ends, before the next one is chosen (also when the mission ended)."""

    def next_turn(self, table: Table, seat: int, events: Events) -> bool:
        """Before a turn begins (the first one too): ``seat`` would play it (the next seat
        clockwise with wires, or the one a card named). Return True to take over: the mechanism
        then sets ``table.pending`` itself (and calls ``turn.begin_turn`` when a seat is chosen)."""
        return False

    # ------------------------------------------------------------------ observation

    def observe(self, table: Table, viewer: Viewer) -> Any:
        """What ``viewer`` may know of this mechanism, as JSON (None: nothing to add)."""
        return None

    def log_view(self, table: Table, viewer: Viewer, view: dict[str, Any]) -> dict[str, Any]:
        """An event as ``viewer`` (a seat or a spectator, never the seer) keeps it in his
        observation's log, when this mechanism makes part of it forgotten (mission 50's memory
        option: where a failed cut pointed); by default as it was seen."""
        return view

    # ------------------------------------------------------------------ hidden information

    def scramble(self, table: Table, viewer: Viewer, rng: Rng) -> None:
        """Change, on ``table`` (a copy), what of this mechanism ``viewer`` may not know (a
        deck's order, face-down cards, another seat's hand), keeping what it may: the no-leak
        check (``tests/redwire/engine/walk.py``) asserts that the viewer's observation and legal
        actions do not change. Draw only from ``rng``."""
