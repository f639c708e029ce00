"""Countdown's controller without the page: the table, the game in progress, whose view the
device shows, the computers, and saving after every action.

Pass and play is the shell's (``fusebox_web.shell.handoff.Device``); the session tells it who
the humans are and whose decision the game waits for, so a handoff is asked before every turn
and every prompt aimed at another person (a Siren's choice), and saves its two fields with the
game. It also keeps, per seat, how much of the log that seat has seen, so that a player learns
at their next turn what was taken from them by a Frisk (a private notice).

>>> from .storage import MemoryStore
>>> s = Session(MemoryStore())
>>> s.table = s.table.with_players(2).with_kinds(["human", "human"])
>>> game = s.start(seed=5)
>>> s.handoff == game.state.to_move, s.viewer is None
(True, True)
>>> s.accept_handoff()
>>> s.viewer == game.state.to_move
True
>>> again = Session(s.store); again.load(); again.game.state.same_as(game.state)
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from engine import countdown
from engine.countdown import GameState, Phase, Record
from engine.countdown.actions import Action, NextGame

from ..shell.handoff import Device
from .log_text import Note
from .storage import SAVES, Loaded, Store
from .table import LEVELS, Table

STAGES = ("playing", "over")


@dataclass
class Game:
    """A game (or a Points match) as the device plays it."""

    state: GameState
    table: Table
    device: Device = field(default_factory=Device)
    stage: str = "playing"
    #: The computers' reasons, by the log index of their move.
    notes: list[Note] = field(default_factory=list)
    #: How many events of the log each seat has seen on its own screen (private notices).
    seen: dict[int, int] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "table": self.table.to_json(),
            "record": self.state.record.to_json(),
            "holder": self.device.holder,
            "handoff": self.device.handoff,
            "stage": self.stage,
            "notes": [n.to_json() for n in self.notes],
            "seen": {str(k): v for k, v in self.seen.items()},
        }

    @classmethod
    def from_json(cls, raw: object) -> Game:
        """Check a saved game and replay its record; raises on anything that does not fit."""
        if not isinstance(raw, dict):
            raise ValueError("a saved game is an object")
        table = Table.from_json(raw.get("table"))
        state = Record.from_json(raw.get("record")).replay()
        if state.players != table.players:
            raise ValueError("the table and the record disagree on the number of players")
        seats = range(state.players)
        holder, handoff = raw.get("holder"), raw.get("handoff")
        for value in (holder, handoff):
            if value is not None and (isinstance(value, bool) or value not in seats):
                raise ValueError(f"no seat {value!r}")
        stage = raw.get("stage")
        if stage not in STAGES:
            raise ValueError(f"stage {stage!r}")
        notes = [Note.from_json(n) for n in raw.get("notes", [])]
        seen_raw = raw.get("seen", {})
        if not isinstance(seen_raw, dict):
            raise ValueError("seen is an object")
        seen = {int(k): int(v) for k, v in seen_raw.items() if int(k) in seats}
        return cls(state, table, Device(holder, handoff), stage, notes, seen)


def new_seed() -> int:
    return random.SystemRandom().randrange(1, 2**31)


def make_bot(level: str, seed: int) -> Any:
    from engine.countdown.bots import make_bot as factory  # imported once a game needs a bot

    return factory(level if level in LEVELS else LEVELS[0], seed)


def note_of(seat: int, at: int, why: Any) -> Note:
    return Note(at, seat, str(why.key), dict(why.params), str(why.text))


class Session:
    def __init__(self, store: Store) -> None:
        self.store = store
        self.table = Table.default()
        self.game: Game | None = None
        self._bots: dict[tuple[int, str], Any] = {}
        #: What loading found wrong (catalog keys), shown once.
        self.problems: list[str] = []
        #: The last save failed (storage full or disabled): the page says so.
        self.save_failed = False
        #: A computer's move was made and not saved yet (``play_bot(save=False)``).
        self.unsaved = False

    # ------------------------------------------------------------------ loading and saving

    def load(self) -> None:
        """Read the saved table and game; bad data is set aside and reported in problems."""
        table: Loaded[Table] = SAVES.read(self.store, "table", Table.from_json)
        if table.value is not None:
            self.table = table.value
        elif table.problem:
            self.problems.append("cd.storage.badTable")
        game: Loaded[Game] = SAVES.read(self.store, "game", Game.from_json)
        if game.value is not None:
            self.game = game.value
        elif game.problem:
            self.problems.append("cd.storage.badGame")
        self._settle()

    def save(self) -> None:
        self.unsaved = False
        try:
            SAVES.write(self.store, "table", self.table.to_json())
            if self.game is None:
                SAVES.remove(self.store, "game")
            else:
                SAVES.write(self.store, "game", self.game.to_json())
        except Exception:  # quota exceeded, storage disabled: play on, and say it is not saved
            self.save_failed = True
        else:
            self.save_failed = False

    def set_table(self, table: Table) -> None:
        self.table = table
        self.save()

    # ------------------------------------------------------------------ starting and leaving

    def start(self, seed: int | None = None, first: int | None = None) -> Game:
        """Deal a new game at the table (a game link gives its seed and first player)."""
        table = self.table
        seed = new_seed() if seed is None else seed
        options = countdown.Options.from_json(table.engine_options())
        state = countdown.new_game(table.players, seed, first=first, options=options)
        self.game = Game(state, table)
        self._bots.clear()
        self._settle()
        self.save()
        return self.game

    def quit(self) -> None:
        """Leave the game (the player chose to: it is not kept)."""
        self.game = None
        self._bots.clear()
        self.save()

    # ------------------------------------------------------------------ whose view

    @property
    def state(self) -> GameState:
        assert self.game is not None
        return self.game.state

    @property
    def humans(self) -> list[int]:
        return self.game.table.humans() if self.game else []

    @property
    def handoff(self) -> int | None:
        return self.game.device.handoff if self.game else None

    @property
    def viewer(self) -> int | None:
        """The seat whose view the board shows (None: a spectator; always None in a handoff)."""
        game = self.game
        return None if game is None else game.device.viewer(self.humans)

    def accept_handoff(self) -> None:
        game = self.game
        if game is not None and game.device.accept():
            self.save()

    @property
    def live(self) -> bool:
        """Somebody must decide now (not between two games of a match, not after the end)."""
        game = self.game
        return (
            game is not None
            and game.stage == "playing"
            and not game.state.is_over
            and game.state.phase is not Phase.NEXT_GAME
        )

    def _settle(self) -> None:
        game = self.game
        if game is None:
            return
        game.device.settle(self.humans, game.state.to_move, self.live)

    def notices(self, seat: int) -> list[dict[str, Any]]:
        """What happened to ``seat`` since it last looked at its own screen that only it knows:
        the cards taken from it by Frisks (event views)."""
        game = self.game
        if game is None:
            return []
        start = game.seen.get(seat, 0)
        found = []
        for event in game.state.log[start:]:
            if event.type == "intercept" and event.data.get("target") == seat:
                found.append(event.view(seat))
        return found

    def mark_seen(self, seat: int) -> None:
        game = self.game
        if game is not None and game.seen.get(seat) != len(game.state.log):
            game.seen[seat] = len(game.state.log)
            self.save()

    # ------------------------------------------------------------------ playing

    def apply(self, action: Action) -> list[countdown.Event]:
        """Play an action (raises IllegalActionError, changing nothing); saves."""
        game = self.game
        assert game is not None and game.stage == "playing"
        game.state, events = game.state.apply(action)
        self._after_action()
        return events

    def next_game(self) -> None:
        """Points variant: deal the next game of the match (whoever holds the device asks)."""
        state = self.state
        if state.phase is Phase.NEXT_GAME and state.to_move is not None:
            self.apply(NextGame(state.to_move))

    def _after_action(self, save: bool = True) -> None:
        game = self.game
        assert game is not None
        if game.state.is_over:
            game.stage = "over"
        self._settle()
        if save:
            self.save()
        else:
            self.unsaved = True

    def bot_seat(self) -> int | None:
        """The computer seat the game waits for, if any (never the deal of a match's next game:
        that waits for a person to have seen the end of the last one)."""
        game = self.game
        if game is None or not self.live:
            return None
        seat = game.state.to_move
        if seat is not None and game.table.seat(seat).is_bot:
            return seat
        return None

    def _bot(self, seat: int, level: str) -> Any:
        key = (seat, level)
        if key not in self._bots:
            seed = (self.state.setup.seed or 0) * 8 + seat
            self._bots[key] = make_bot(level, seed)
        return self._bots[key]

    def play_bot(self, save: bool = True) -> Note | None:
        """Let the computer seat the game waits for make its move; returns its reason.
        ``save``: False leaves the save to the caller (``unsaved`` says one is due): the page
        saves a computer's move when it draws it or when the computers stop (the shell's
        ``pacing.BoardBots``), not after each of an instant game's moves."""
        seat = self.bot_seat()
        if seat is None:
            return None
        game = self.game
        assert game is not None
        bot = self._bot(seat, game.table.seat(seat).level)
        state = game.state
        action = bot.choose(state.observation(seat), state.legal_actions(seat))
        note = note_of(seat, len(state.log), bot.explain())
        game.state, _ = state.apply(action)
        game.notes.append(note)
        self._after_action(save)
        return note

    def names(self, default_name: Any) -> list[str]:
        table = self.game.table if self.game else self.table
        return table.names(default_name)
