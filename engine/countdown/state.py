"""The state of a game of Countdown (or of a whole match in the Points variant), and its API.

>>> from engine.countdown import new_game
>>> game = new_game(players=3, seed=7)
>>> game.phase.value, game.to_move == game.first, len(game.hands[game.to_move])
('play', True, 6)
>>> first = game.legal_actions(game.to_move)[0]
>>> after, events = game.apply(first)
>>> game.history, len(after.history)          # the old state is untouched
((), 1)

The public API never mutates a state: ``apply`` returns a new state and the events the action
caused, or raises :class:`~engine.core.errors.IllegalActionError` and changes nothing.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from ..core.events import Event, Viewer
from .actions import Action
from .cards import MAX_CUTS, cut_kind
from .deal import Setup

if TYPE_CHECKING:
    from .record import Record


class Phase(StrEnum):
    """What the game waits for (the spec's §5 state machine; automatic steps never wait)."""

    PLAY = "play"  # the active player plays cards on agents, or ends the phase
    ANALYZE_PICK = "analyze_pick"  # Scan: which face-down wire to look at
    BYPASS_PICK = "bypass_pick"  # Rewire: which face-down wire to replace
    CUT_PLACE = "cut_place"  # Snip: add it, or replace which Snip under the agent
    INTERCEPT_TARGET = "intercept_target"  # Frisk: whose hand
    INTERCEPT_CARD = "intercept_card"  # Frisk: which card to take
    ALARM_CHOICE = "alarm_choice"  # Siren: a player picks the inside agent that leaves
    DEFUSE = "defuse"  # the active player may declare a defusal
    DISCARD = "discard"  # the active player discards down to 4 cards
    NEXT_GAME = "next_game"  # Points variant: a game is over, the match goes on
    OVER = "over"


#: Decisions inside the play phase that resume it once made.
SUB_DECISIONS = frozenset(
    {
        Phase.ANALYZE_PICK,
        Phase.BYPASS_PICK,
        Phase.CUT_PLACE,
        Phase.INTERCEPT_TARGET,
        Phase.INTERCEPT_CARD,
        Phase.ALARM_CHOICE,
    }
)


@dataclass(frozen=True)
class Pending:
    """The decision the game waits for, whose it is, and what it is about."""

    phase: Phase
    seat: int | None
    agent: int | None = None  # CUT_PLACE: the agent the Snip was played on
    colour: str | None = None  # CUT_PLACE: the Snip's colour
    target: int | None = None  # INTERCEPT_CARD: whose hand is being looked at
    queue: tuple[int, ...] = ()  # ALARM_CHOICE: the players still to choose after this one
    count: int = 0  # DISCARD: how many cards to discard


@dataclass(frozen=True)
class Agent:
    """One agent: inside or outside, the Snips under it, whether it acted this turn, and (for
    the ``mascot_count_alarm_exits=False`` option) whether a Siren sent it out."""

    out: bool = False
    cuts: tuple[str, ...] = ()
    acted: bool = False
    by_alarm: bool = False


@dataclass(frozen=True)
class Played:
    """A card (or a wild pair) sitting on an agent until the end of the play phase."""

    agent: int
    cards: tuple[str, ...]
    #: What it acted as: the card's kind, or "analyze"/"exit" for a wild pair.
    mode: str
    wild: bool = False

    @property
    def to_discard(self) -> tuple[str, ...]:
        """The cards that go to the discard pile at the end of the phase (a Snip stays under)."""
        if not self.wild and self.mode.startswith("cut_"):
            return ()
        return self.cards

    def to_json(self) -> dict[str, Any]:
        return {"agent": self.agent, "cards": list(self.cards), "as": self.mode, "wild": self.wild}


class GameState:
    """One game (a whole match in the Points variant). Build it with :func:`new_game` or from a
    record; never change one returned by the API."""

    __slots__ = (
        "_legal",
        "active",
        "agents",
        "analysed",
        "chance",
        "combination",
        "countdown",
        "deck",
        "discard",
        "face_up",
        "first",
        "game",
        "game_result",
        "hands",
        "history",
        "knowledge",
        "locked",
        "log",
        "mascot",
        "pending",
        "played",
        "removed",
        "reserve",
        "result",
        "round",
        "scores",
        "script",
        "setup",
    )

    def __init__(self, setup: Setup, script: tuple[Mapping[str, Any], ...] = ()) -> None:
        self.setup = setup
        self.game = 1
        self.scores: tuple[int, ...] = (0,) * setup.players
        self.first = setup.first
        self.active = setup.first
        self.round = 1
        self.countdown: list[int] = list(range(setup.countdown, 0, -1))
        self.combination: list[str] = list(setup.combination)
        self.face_up: list[bool] = list(setup.face_up)
        self.reserve: list[str] = list(setup.reserve)
        self.removed: list[str] = list(setup.removed)
        self.deck: list[str] = list(setup.deck)
        self.discard: list[str] = list(setup.discard)
        self.hands: list[tuple[str, ...]] = list(setup.hands)
        self.agents: list[tuple[Agent, ...]] = [
            tuple(Agent(out=a.out, cuts=a.cuts) for a in setup.team(seat))
            for seat in range(setup.players)
        ]
        self.played: tuple[Played, ...] = ()
        #: Cards the active player took with a Frisk this turn and may not play before their next
        #: turn (only with the option ``frisked_card_playable`` off).
        self.locked: tuple[str, ...] = ()
        self.mascot = setup.mascot
        #: Private Scan results: per seat, position -> (colour, round seen).
        self.knowledge: list[dict[int, tuple[str, int]]] = [{} for _ in range(setup.players)]
        #: Public: the seats that scanned the wire now at each position.
        self.analysed: list[tuple[int, ...]] = [() for _ in setup.combination]
        self.pending = Pending(Phase.PLAY, setup.first)
        self.game_result: dict[str, Any] | None = None
        self.result: dict[str, Any] | None = None
        self.history: tuple[Action, ...] = ()
        #: Chance after the deal (reshuffles, the next deals of a match), as it happened.
        self.chance: tuple[dict[str, Any], ...] = ()
        #: Recorded chance to use instead of drawing it (a replay).
        self.script = script
        self.log: tuple[Event, ...] = ()
        self._legal: dict[int, tuple[Action, ...]] = {}

    def clone(self) -> GameState:
        new = GameState.__new__(GameState)
        for name in GameState.__slots__:
            setattr(new, name, getattr(self, name))
        new.countdown = list(self.countdown)
        new.combination = list(self.combination)
        new.face_up = list(self.face_up)
        new.reserve = list(self.reserve)
        new.removed = list(self.removed)
        new.deck = list(self.deck)
        new.discard = list(self.discard)
        new.hands = list(self.hands)
        new.agents = list(self.agents)
        new.knowledge = [dict(k) for k in self.knowledge]
        new.analysed = list(self.analysed)
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
        """The seat whose decision the game waits for (None when it is over)."""
        return self.pending.seat

    @property
    def is_over(self) -> bool:
        return self.result is not None

    def legal_actions(self, seat: int) -> list[Action]:
        """Every action ``seat`` may take now, in a stable order (empty if it is not theirs)."""
        from .legal import legal_actions

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

        return Record(self.setup, self.history, self.chance)

    # ------------------------------------------------------------------ queries

    @property
    def showing(self) -> int | None:
        """The number on top of the countdown (None once the bomb has exploded)."""
        return self.countdown[0] if self.countdown else None

    def cuts(self, seat: int) -> list[str]:
        """The colours of every Snip under the seat's agents."""
        return [c for agent in self.agents[seat] for c in agent.cuts]

    def cut_count(self, seat: int) -> int:
        return sum(len(agent.cuts) for agent in self.agents[seat])

    def outside(self, seat: int) -> int:
        """Agents outside, as the mascot rule counts them (see Options.mascot_count_alarm_exits)."""
        count_alarm = self.setup.options.mascot_count_alarm_exits
        return sum(1 for a in self.agents[seat] if a.out and (count_alarm or not a.by_alarm))

    def face_down(self) -> list[int]:
        return [pos for pos, up in enumerate(self.face_up) if not up]

    def playable_cards(self, seat: int) -> Counter[str]:
        """The cards of the seat's hand it may play now (its hand, less the cards it took with a
        Frisk this turn when the option ``frisked_card_playable`` is off)."""
        cards = Counter(self.hands[seat])
        if seat == self.active:
            cards.subtract(self.locked)
        return +cards

    def can_defuse(self, seat: int) -> bool:
        return self.cut_count(seat) == MAX_CUTS and self.mascot != seat

    def set_agent(self, seat: int, index: int, **changes: Any) -> None:
        team = list(self.agents[seat])
        team[index] = replace(team[index], **changes)
        self.agents[seat] = tuple(team)

    def card_count(self) -> Counter[str]:
        """Every action card now in the game, wherever it is (constant: cards are conserved)."""
        cards = Counter(self.deck)
        cards.update(self.discard)
        for hand in self.hands:
            cards.update(hand)
        for seat in range(self.players):
            cards.update(cut_kind(c) for c in self.cuts(seat))
        for played in self.played:
            cards.update(played.to_discard)
        if self.pending.phase is Phase.CUT_PLACE and self.pending.colour is not None:
            cards[cut_kind(self.pending.colour)] += 1  # played, not yet under its agent
        return cards

    def same_as(self, other: GameState) -> bool:
        """Exact equality of everything that evolves (used by replay checks)."""
        return all(
            getattr(self, name) == getattr(other, name)
            for name in GameState.__slots__
            if name not in ("_legal", "script")
        )

    def __repr__(self) -> str:
        return (
            f"<Countdown players={self.players} game={self.game} round={self.round} "
            f"phase={self.phase.value} to_move={self.to_move} showing={self.showing}>"
        )
