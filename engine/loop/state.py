"""The game state and its public API.

>>> from engine.loop import new_game
>>> game = new_game(players=3, seed=7)
>>> game.phase.value, game.to_move == game.setup.first, game.round
('turn', True, 1)
>>> first = game.legal_actions(game.to_move)[0]
>>> after, events = game.apply(first)
>>> events[0].type, game.phase.value          # the old state is untouched
('draw', 'turn')

The state is never mutated by the public API: ``apply`` returns a new state and the events the
action caused, or raises :class:`IllegalActionError` and changes nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Literal

from ..core.events import Event, Viewer
from .actions import Action
from .cards import DECKS, PLAN_IDS, Card, card_table
from .setup import Setup

if TYPE_CHECKING:
    from .record import Record


class Phase(StrEnum):
    """What the game waits for (every phase is a decision of the active seat)."""

    TURN = "turn"  # exchange (draw a first card) or declare a plan / the free flight
    DRAW = "draw"  # exchange: draw another card or stop drawing
    DISCARD = "discard"  # exchange: discard as many cards as were drawn
    HIGHLIGHT = "highlight"  # free flight: choose the card to complete exactly
    PRE_ROLL = "pre_roll"  # roll (or add the 7th die; after two plan cards, stop)
    ROLLED = "rolled"  # place dice on a card (or roll again, add the 7th die)
    LANDING = "landing"  # every card done: add the 7th die for a point, or score
    REFILL = "refill"  # after a plan flight: draw as many cards as were laid
    OVER = "over"


class Status(StrEnum):
    """Where a player stands in the race (spec §4)."""

    NORMAL = "normal"  # flying the four plans
    FREE = "free"  # all four registered: exchange (1 point a card) or declare the free flight
    RETRY = "retry"  # the free flight failed: fly it again next turn
    DONE = "done"  # the free flight succeeded: no more turns


FlightKind = Literal["plan", "free"]


@dataclass(frozen=True)
class Placed:
    """Dice placed on a card: exact (upper space) or over (lower space)."""

    card: str
    dice: tuple[int, ...]
    exact: bool
    points: int
    #: The red 7th die is among these dice (cosmetic: it counts like any other die).
    red: bool = False


@dataclass(frozen=True)
class Flight:
    """The flight in progress (or just ended, until the turn ends)."""

    kind: FlightKind
    plan: str | None
    cards: tuple[str, ...]
    done: tuple[Placed, ...] = ()
    pool: int = 6
    #: The red die joined this flight (it is then part of the pool until placed).
    red: bool = False
    red_placed: bool = False
    roll: tuple[int, ...] | None = None
    #: Index of the red die in ``roll`` (it is always rolled while in the pool).
    roll_red: int | None = None
    highlight: str | None = None
    #: Cards laid from hand (1 or 3; 0 with fly_existing): drawn back after the flight.
    laid: int = 0
    rerolls: int = 0
    #: None while flying; then "success", "stopped" or "failed".
    outcome: str | None = None
    score: int | None = None

    @property
    def remaining(self) -> tuple[str, ...]:
        placed = {p.card for p in self.done}
        return tuple(c for c in self.cards if c not in placed)

    @property
    def points(self) -> int:
        return sum(p.points for p in self.done)


@dataclass(frozen=True)
class Pending:
    """The decision the game waits for: its phase and whose it is."""

    phase: Phase
    seat: int | None


class GameState:
    """One game of Loop the Loop. Build it with :func:`engine.loop.new_game` or from a record."""

    __slots__ = (
        "_legal",
        "active",
        "best",
        "bonus_taken",
        "card",
        "chance",
        "discard",
        "draw",
        "drawn",
        "end_round",
        "first12",
        "flight",
        "free_plans",
        "free_scores",
        "hands",
        "history",
        "log",
        "pending",
        "plans",
        "refill",
        "replaced",
        "result",
        "round",
        "scores",
        "setup",
        "seventh_used",
        "status",
        "supply",
        "tokens",
        "turn_number",
        "turn_start",
    )

    def __init__(self, setup: Setup) -> None:
        n = setup.players
        self.setup = setup
        #: Cards by id (the setup's own list).
        self.card: Mapping[str, Card] = card_table(setup.cards)
        self.hands: list[list[str]] = [list(hand) for hand in setup.hands]
        #: Draw piles (top first) and face-up discard piles (latest last), by deck.
        self.draw: dict[str, tuple[str, ...]] = {d: tuple(setup.decks[d]) for d in DECKS}
        self.discard: dict[str, tuple[str, ...]] = dict.fromkeys(DECKS, ())
        #: The cards on each plan, in the order of its colours (empty before anyone lays).
        self.plans: dict[str, tuple[str, ...]] = dict.fromkeys(PLAN_IDS, ())
        #: Registered best score of each seat on each plan (None: not completed).
        self.best: dict[str, tuple[int | None, ...]] = dict.fromkeys(PLAN_IDS, (None,) * n)
        #: Who first registered 12 or more on each plan (one bonus per plan).
        self.first12: dict[str, int | None] = dict.fromkeys(PLAN_IDS)
        self.scores: list[int] = [0] * n
        self.tokens: list[int] = [0] * n
        self.supply: int = setup.options.bonus_supply
        self.status: list[Status] = [Status.NORMAL] * n
        self.free_plans: list[tuple[str, ...] | None] = [None] * n
        self.free_scores: list[int | None] = [None] * n
        #: The plan whose score a successful free flight replaced.
        self.replaced: list[str | None] = [None] * n
        self.active: int = setup.first
        self.round: int = 1
        self.turn_number: int = 1
        self.bonus_taken: bool = False
        self.seventh_used: bool = False
        self.flight: Flight | None = None
        self.pending = Pending(Phase.TURN, setup.first)
        self.drawn: int = 0
        self.refill: int = 0
        self.end_round: int | None = None
        self.result: dict[str, Any] | None = None
        #: Chance events so far (numbers the dice / reshuffle stream).
        self.chance: int = 0
        self.history: tuple[Action, ...] = ()
        self.log: tuple[Event, ...] = ()
        #: Index in ``log`` of the current turn's first event.
        self.turn_start: int = 0
        self._legal: dict[int, tuple[Action, ...]] = {}

    def clone(self) -> GameState:
        new = GameState.__new__(GameState)
        for name in GameState.__slots__:
            setattr(new, name, getattr(self, name))
        new.hands = [list(h) for h in self.hands]
        new.draw = dict(self.draw)
        new.discard = dict(self.discard)
        new.plans = dict(self.plans)
        new.best = dict(self.best)
        new.first12 = dict(self.first12)
        new.scores = list(self.scores)
        new.tokens = list(self.tokens)
        new.status = list(self.status)
        new.free_plans = list(self.free_plans)
        new.free_scores = list(self.free_scores)
        new.replaced = list(self.replaced)
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
        """The seat whose decision the game waits for (None when the game is over)."""
        return self.pending.seat

    @property
    def is_over(self) -> bool:
        return self.result is not None

    def legal_actions(self, seat: int) -> list[Action]:
        """Every action ``seat`` may take now, in a stable order (empty for the other seats)."""
        from .legal import legal_actions

        if seat not in self._legal:
            self._legal[seat] = tuple(legal_actions(self, seat))
        return list(self._legal[seat])

    def apply(self, action: Action) -> tuple[GameState, list[Event]]:
        """The state after ``action`` and the events it caused; raises IllegalActionError.

        Rolls and reshuffles happen here; an action that brings its own outcome is refused
        (see :meth:`apply_recorded`)."""
        return self._apply(action, recorded=False)

    def apply_recorded(self, action: Action) -> tuple[GameState, list[Event]]:
        """Apply an action as the record holds it: its dice or reshuffle, if any, are read from
        the action (a replay never rolls). Also for tests and tutorials that script the dice."""
        return self._apply(action, recorded=True)

    def _apply(self, action: Action, *, recorded: bool) -> tuple[GameState, list[Event]]:
        from .rules import resolve

        new = self.clone()
        events, resolved = resolve(new, action, recorded=recorded)
        new.history = (*self.history, resolved)
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

    def log_view(self, viewer: Viewer, start: int = 0) -> list[dict[str, Any]]:
        """Every event from ``start`` on, as ``viewer`` may see it (the page's log)."""
        return [event.view(viewer) for event in self.log[start:]]

    @property
    def record(self) -> Record:
        from .record import Record

        return Record(self.setup, self.history)

    # ------------------------------------------------------------------ queries

    def registered(self, seat: int) -> int:
        """How many plans ``seat`` has a registered score on."""
        return sum(self.best[plan][seat] is not None for plan in PLAN_IDS)

    def hand_backs(self, seat: int) -> dict[str, int]:
        """How many cards of each deck ``seat`` holds (public: the backs show)."""
        counts: dict[str, int] = dict.fromkeys(DECKS, 0)
        for card in self.hands[seat]:
            counts[self.card[card].deck] += 1
        return counts

    def can_draw(self, deck: str) -> bool:
        return bool(self.draw[deck] or self.discard[deck])

    def same_as(self, other: GameState) -> bool:
        """Exact equality of everything that evolves (used by replay checks)."""
        return all(
            getattr(self, name) == getattr(other, name)
            for name in GameState.__slots__
            if name not in ("_legal", "card")
        )

    def __repr__(self) -> str:
        return (
            f"<GameState players={self.players} round={self.round} phase={self.phase.value} "
            f"to_move={self.to_move} scores={self.scores}>"
        )
