"""Loop the Loop's controller, without the page: the table, the game, whose view, bots, saves.

A :class:`Session` holds everything the screens show and every decision that is not about
drawing: which seat's view the device shows (``viewer``), when the device must be passed to
another person (``handoff``, the shell's :class:`~fusebox_web.shell.handoff.Device`), which seat a
computer plays (``bot_seat``), and saving after every action (the engine's record, so a reload
replays the same game with the same dice).

>>> from .storage import MemoryStore
>>> s = Session(MemoryStore())
>>> s.table = s.table.with_players(2).with_kinds(["human", "human"])
>>> game = s.start(seed=5)
>>> s.handoff == game.state.to_move, s.viewer is None
(True, True)
>>> s.accept_handoff()
>>> s.viewer == game.state.to_move
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine.loop import GameState, Record, new_game
from engine.loop.actions import Action

from ..shell.handoff import Device
from .storage import SAVES, Store
from .table import Table, engine_options


@dataclass
class Note:
    """Why a computer made a move: its explanation (to translate), and where it goes in the log
    (``move``: the number of events before that move's)."""

    move: int
    seat: int
    key: str
    params: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        return {"move": self.move, "seat": self.seat, "key": self.key, "params": self.params}

    @classmethod
    def from_json(cls, raw: object) -> Note:
        if not isinstance(raw, dict):
            raise ValueError("a note is an object")
        move, seat, key, params = raw["move"], raw["seat"], raw["key"], raw["params"]
        if not (isinstance(move, int) and isinstance(seat, int) and isinstance(key, str)):
            raise ValueError(f"note {raw!r}")
        if not isinstance(params, dict):
            raise ValueError("note params")
        return cls(move, seat, key, params)


@dataclass
class Game:
    """One game, as the device plays it."""

    state: GameState
    table: Table
    device: Device = field(default_factory=Device)
    #: The learning aid (exact odds of the flight on screen) is on.
    odds: bool = False
    notes: list[Note] = field(default_factory=list)

    @property
    def over(self) -> bool:
        return self.state.is_over

    def to_json(self) -> dict[str, Any]:
        return {
            "table": self.table.to_json(),
            "record": self.state.record.to_json(),
            "holder": self.device.holder,
            "handoff": self.device.handoff,
            "odds": self.odds,
            "notes": [n.to_json() for n in self.notes[-300:]],
            # What the home card shows, read without replaying the record.
            "summary": {
                "round": self.state.round,
                "to_move": self.state.to_move,
                "over": self.state.is_over,
            },
        }

    @classmethod
    def from_json(cls, raw: object) -> Game:
        """Check a saved game and replay its record (with its dice); raises if it does not fit."""
        if not isinstance(raw, dict):
            raise ValueError("a saved game is an object")
        table = Table.from_json(raw.get("table"))
        state = Record.from_json(raw.get("record")).replay()
        if state.players != table.players:
            raise ValueError("the table and the record disagree on the number of players")
        holder, handoff = raw.get("holder"), raw.get("handoff")
        for value in (holder, handoff):
            if value is not None and (isinstance(value, bool) or value not in range(state.players)):
                raise ValueError(f"no seat {value!r}")
        odds = raw.get("odds", False)
        if not isinstance(odds, bool):
            raise ValueError(f"odds {odds!r}")
        notes = [Note.from_json(n) for n in raw.get("notes", [])]
        return cls(state, table, Device(holder, handoff), odds, notes)


class Session:
    """The table, the game in progress and the saves of one device."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.table = Table.default()
        self.game: Game | None = None
        #: Catalog keys of what went wrong with the saved data (told once, on the home screen).
        self.problems: list[str] = []
        #: The learning aid's switch for new games (kept with the table).
        self.odds_default = False
        self.save_failed = False
        #: A computer's move was made and not saved yet (``play_bot(save=False)``).
        self.unsaved = False
        self._bots: dict[int, Any] = {}

    # ------------------------------------------------------------------ saves

    def load(self) -> None:
        loaded_table = SAVES.read(self.store, "table", _parse_table)
        if loaded_table.value is not None:
            self.table, self.odds_default = loaded_table.value
        elif loaded_table.problem:
            self.problems.append("lp.storage.tableDamaged")
        loaded = SAVES.read(self.store, "game", Game.from_json)
        if loaded.value is not None:
            self.game = loaded.value
        elif loaded.problem:
            self.problems.append("lp.storage.gameDamaged")

    def save(self) -> None:
        self.unsaved = False
        try:
            SAVES.write(
                self.store, "table", {"table": self.table.to_json(), "odds": self.odds_default}
            )
            if self.game is None:
                SAVES.remove(self.store, "game")
            else:
                SAVES.write(self.store, "game", self.game.to_json())
            self.save_failed = False
        except Exception:  # storage full or refused: the game goes on, the page says so
            self.save_failed = True

    def set_table(self, table: Table) -> None:
        self.table = table
        self.save()

    # ------------------------------------------------------------------ games

    def start(
        self,
        seed: int | None = None,
        *,
        first: int | None = None,
        rounds: int | None = None,
        odds: bool | None = None,
    ) -> Game:
        """A new game at the table (a random seed unless a link gives one)."""
        if seed is None:
            import random  # only a game without a link needs it

            seed = random.SystemRandom().randrange(2**32)
        table = self.table
        state = new_game(table.players, seed, first=first, options=engine_options(table, rounds))
        game = Game(state, table, odds=self.odds_default if odds is None else odds)
        self.game = game
        self._bots = {}
        self.settle()
        self.save()
        return game

    def quit(self) -> None:
        self.game = None
        self._bots = {}
        self.save()

    @property
    def state(self) -> GameState:
        assert self.game is not None
        return self.game.state

    def humans(self) -> list[int]:
        assert self.game is not None
        return self.game.table.humans()

    def settle(self) -> None:
        """After any change: ask for a handoff when the game waits for another person."""
        game = self.game
        if game is None:
            return
        game.device.settle(self.humans(), game.state.to_move, live=not game.over)

    @property
    def handoff(self) -> int | None:
        return None if self.game is None else self.game.device.handoff

    @property
    def viewer(self) -> int | None:
        """The seat whose view the page shows (None: a spectator's, or a handoff)."""
        if self.game is None:
            return None
        return self.game.device.viewer(self.humans())

    def accept_handoff(self) -> None:
        if self.game is not None and self.game.device.accept():
            self.save()

    def bot_seat(self) -> int | None:
        """The computer seat the game waits for, or None."""
        game = self.game
        if game is None or game.over:
            return None
        seat = game.state.to_move
        return seat if seat is not None and game.table.seat(seat).is_bot else None

    def apply(self, action: Action, save: bool = True) -> None:
        """A move (raises IllegalActionError, changing nothing, if refused); ``save``: False
        leaves the save to the caller (``unsaved`` says one is due)."""
        assert self.game is not None
        self.game.state, _ = self.game.state.apply(action)
        self.settle()
        if save:
            self.save()
        else:
            self.unsaved = True

    def bot(self, seat: int) -> Any:
        found = self._bots.get(seat)
        if found is None:
            from engine.loop.bots import make_bot

            assert self.game is not None
            level = self.game.table.seat(seat).level or "strong"
            found = self._bots[seat] = make_bot(level, self.state.setup.seed * 8 + seat)
        return found

    def play_bot(
        self, decided: Callable[[], object] | None = None, save: bool = True
    ) -> Note | None:
        """The computer seat the game waits for makes its move; returns why. ``decided`` is
        called once the bot has chosen, before the move is applied and saved (for timing).
        ``save``: False leaves the save to the caller (``unsaved`` says one is due): the page
        saves a computer's move when it draws it or when the computers stop (the shell's
        ``pacing.BoardBots``), not after each of an instant game's moves."""
        seat = self.bot_seat()
        if seat is None:
            return None
        game = self.game
        assert game is not None
        bot = self.bot(seat)
        action = bot.choose(game.state.observation(seat), game.state.legal_actions(seat))
        why = bot.explain()
        if decided is not None:
            decided()
        note = Note(len(game.state.log), seat, why.key, dict(why.params))
        game.notes.append(note)
        self.apply(action, save)
        return note

    def set_odds(self, on: bool) -> None:
        if self.game is not None:
            self.game.odds = on
        self.odds_default = on
        self.save()

    def names(self, default_name: Any) -> list[str]:
        table = self.game.table if self.game is not None else self.table
        return table.names(default_name)


def _parse_table(data: Any) -> tuple[Table, bool]:
    if not isinstance(data, dict):
        raise ValueError("the saved table is not an object")
    odds = data.get("odds", False)
    if not isinstance(odds, bool):
        raise ValueError(f"odds {odds!r}")
    return Table.from_json(data.get("table")), odds
