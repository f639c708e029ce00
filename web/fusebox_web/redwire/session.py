"""Red Wire's controller, without the page: table, campaign, the game, whose view, bots, saves.

A :class:`Session` holds everything the screens show and every decision that is not about
drawing: which seat's view the device shows (``viewer``), when the device must be passed to
another human (``handoff``), which seat a computer must play for (``bot_seat``), when a finished
game counts in the campaign, and saving after every action.

Pass and play is the shell's (``fusebox_web.shell.handoff.Device``: who holds the device, when
it must be passed); the session tells it who the humans are and whose decision the game waits
for, and saves its two fields with the game.

>>> from .storage import MemoryStore
>>> s = Session(MemoryStore())
>>> s.table = s.table.with_players(2).with_kinds(["human", "human"])
>>> game = s.start(mission=1, seed=5)
>>> s.begin()
>>> s.handoff == game.state.to_move, s.viewer is None
(True, True)
>>> s.accept_handoff()
>>> s.viewer == game.state.to_move
True
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine import redwire
from engine.redwire import GameState, Record
from engine.redwire.actions import Action
from engine.redwire.bots.characters import table_characters
from engine.redwire.campaign import Campaign, box_of
from engine.redwire.rules import is_pick_phase

from ..shell.handoff import Device
from . import storage, tutorial
from .notes import GIVEN_BACK, Note
from .storage import Loaded, Store
from .table import LEVELS, Table, character_picks, characters_of, rule_options

STAGES = ("briefing", "playing", "over")


class OffScript(ValueError):
    """A move the tutorial's coach did not ask for (``expected`` is the one it asks for)."""

    def __init__(self, expected: Action | None) -> None:
        super().__init__(f"the tutorial expects {expected}")
        self.expected = expected


@dataclass
class Game:
    """One attempt at a mission, as the device plays it."""

    state: GameState
    table: Table
    #: Pass and play: the human seat holding the device, the one it must be passed to.
    device: Device = field(default_factory=Device)
    stage: str = "briefing"
    #: The result has been counted in the campaign.
    counted: bool = False
    #: A hint was asked for, or the odds were shown, during this game (a win is then "assisted").
    assisted: bool = False
    notes: list[Note] = field(default_factory=list)
    #: The "show odds" learning toggle is on (off by default; saves without it load as off).
    odds: bool = False
    #: Seconds the mission's countdown has run (missions with a timer; saved, so a reload goes
    #: on where it stopped).
    clock: float = 0.0
    #: The first-game tutorial (its scripted deal and moves; never counted in the campaign).
    tutorial: bool = False

    @property
    def mission(self) -> int:
        return self.state.setup.mission

    @property
    def holder(self) -> int | None:
        """The human seat holding the device (None before anyone took it)."""
        return self.device.holder

    @property
    def handoff(self) -> int | None:
        """The human seat the device must be passed to (the handoff screen shows), or None."""
        return self.device.handoff

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "table": self.table.to_json(),
            "record": self.state.record.to_json(),
            "holder": self.holder,
            "handoff": self.handoff,
            "stage": self.stage,
            "counted": self.counted,
            "assisted": self.assisted,
            "notes": [n.to_json() for n in self.notes],
            "odds": self.odds,
            **({"tutorial": True} if self.tutorial else {}),
        }
        if self.clock:  # a mission with a countdown
            out["clock"] = self.clock
        return out

    @classmethod
    def from_json(cls, raw: object) -> Game:
        """Check a saved game and replay its record; raises on anything that does not fit."""
        if not isinstance(raw, dict):
            raise ValueError("a saved game is an object")
        table = Table.from_json(raw.get("table"))
        refuse_unknown_levels(raw.get("table"))
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
        odds = raw.get("odds", False)
        if not isinstance(odds, bool):
            raise ValueError(f"odds {odds!r}")
        clock = raw.get("clock", 0.0)
        if isinstance(clock, bool) or not isinstance(clock, int | float) or clock < 0:
            raise ValueError(f"clock {clock!r}")
        return cls(
            state,
            table,
            Device(holder, handoff),
            stage,
            bool(raw.get("counted", False)),
            bool(raw.get("assisted", False)),
            notes,
            odds,
            float(clock),
            # A tutorial save whose moves left the script is an ordinary game.
            raw.get("tutorial") is True and tutorial.on_script(state),
        )


def given_back(state: GameState, table: Table) -> list[Note]:
    """A note for each person whose character from the table screen the mission forbids (E4 in
    mission 44, say): they play with the Double Detector, and the log says so at the start
    (the briefing too). Not the captain, whose Double Detector is the rules' own.

    >>> t = Table.default().with_players(3).with_kinds(["human", "human", "bot"])
    >>> t = t.with_option("character_1", "E4").with_option("character_0", "E1")
    >>> [n.params for n in given_back(redwire.new_game(44, 3, 3, captain=0), t)]
    [{'seat': 1, 'character': 'E4', 'mission': 44}]
    """
    dealt = characters_of(state.setup)
    if dealt is None:
        return []
    picks = character_picks(table)
    mission = state.setup.mission
    return [
        Note(
            0,
            seat,
            GIVEN_BACK,
            {"seat": seat, "character": pick, "mission": mission},
            f"{pick} is not allowed in mission {mission}: the Double Detector instead.",
        )
        for seat, pick in enumerate(picks[: len(dealt)])
        if pick is not None
        and dealt[seat] != pick
        and seat != state.setup.captain
        and not table.seat(seat).is_bot
    ]


def unknown_levels(raw_table: object) -> list[tuple[int, str]]:
    """The computer seats of a saved table (among its players) whose level this page does not
    have, with that level as saved (cut short): a hand-edited save, say ``"genius"``. The
    shell's ``Table.from_json`` reads them as the best level; a saved game says so.

    >>> table = Table.default().to_json()
    >>> table["seats"][2]["level"] = "genius"
    >>> unknown_levels(table), unknown_levels(Table.default().to_json())
    ([(2, 'genius')], [])
    """
    if not isinstance(raw_table, dict):
        return []
    players, seats = raw_table.get("players"), raw_table.get("seats")
    if not isinstance(players, int) or not isinstance(seats, list):
        return []
    return [
        (index, _as_saved(seat.get("level"))[:LEVEL_CUT])
        for index, seat in enumerate(seats[:players])
        if isinstance(seat, dict) and seat.get("kind") == "bot" and seat.get("level") not in LEVELS
    ]


def refuse_unknown_levels(raw_table: object) -> None:
    """A saved table with a computer level this page does not have is refused (``ValueError``),
    so that the save is set aside and the player told: the shell's table would play it at the
    best level without a word."""
    unknown = unknown_levels(raw_table)
    if unknown:
        seat, level = unknown[0]
        raise ValueError(f"seat {seat + 1}: computer level {level!r}")


#: How much of an unknown level's name a message repeats.
LEVEL_CUT = 20


def _as_saved(value: object) -> str:
    """A saved value as the player would see it in the file (a string without its quotes)."""
    return value if isinstance(value, str) else json.dumps(value)


@dataclass(frozen=True)
class Progress:
    campaign: Campaign
    table: Table
    #: The seat chosen on the table screen to captain the next mission (None: the campaign's
    #: turn, a person first). Saves without it load as None.
    captain: int | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"campaign": self.campaign.to_json(), "table": self.table.to_json()}
        if self.captain is not None:  # (a save without a choice stays as version 1 wrote it)
            out["captain"] = self.captain
        return out

    @classmethod
    def from_json(cls, raw: object) -> Progress:
        if not isinstance(raw, dict):
            raise ValueError("progress is an object")
        refuse_unknown_levels(raw.get("table"))
        captain = raw.get("captain")
        if captain is not None and (isinstance(captain, bool) or not isinstance(captain, int)):
            raise ValueError(f"captain {captain!r}")
        table = Table.from_json(raw.get("table"))
        return cls(Campaign.from_json(raw.get("campaign")), table, captain)


def new_seed() -> int:
    return random.SystemRandom().randrange(1, 2**31)


def available_levels() -> list[str]:
    """The bot levels this engine has, best first (``simple`` when none of ours exists)."""
    from engine.redwire.bots import bot_names  # the bots are imported only once a game needs them

    known = set(bot_names())
    return [level for level in LEVELS if level in known] or ["simple"]


def make_bot(level: str, seed: int) -> Any:
    from engine.redwire.bots import make_bot as factory

    levels = available_levels()
    return factory(level if level in levels else levels[0], seed)


def note_of(seat: int, at: int, why: object) -> Note:
    """A bot's explanation (structured, or a plain sentence from an older bot) as a Note."""
    key = getattr(why, "key", None)
    if isinstance(key, str):
        params = getattr(why, "params", {}) or {}
        return Note(at, seat, key, dict(params), str(getattr(why, "text", "")))
    return Note(at, seat, "", {}, str(why))


class Session:
    def __init__(self, store: Store) -> None:
        self.store = store
        self.table = Table.default()
        self.campaign = Campaign()
        #: The captain chosen for the next mission (None: the campaign's turn, a person first).
        self.captain: int | None = None
        self.game: Game | None = None
        self._bots: dict[tuple[int, str], Any] = {}
        #: What loading found wrong or brought back (messages for the player: a catalog key
        #: and its parameters), shown once. A ``seat`` parameter is a seat of the saved game,
        #: or of the table screen's seats when ``seat_of`` is ``"table"`` (home.problem_text).
        self.problems: list[tuple[str, dict[str, object]]] = []
        #: Of those, the one about the saved progress (set aside, brought back), if any: while
        #: the home screen shows it, it says all there is to say about the progress.
        self.progress_problem: tuple[str, dict[str, object]] | None = None
        #: The last save failed (storage full or disabled): the page says so.
        self.save_failed = False
        #: A computer's move was made and not saved yet (``play_bot(save=False)``).
        self.unsaved = False

    # ------------------------------------------------------------------ loading and saving

    def load(self) -> None:
        """Read the saved progress and game. Bad data is set aside (never lost), what it still
        holds is brought back (the missions that read, the actions that replay), and the
        player is told (``problems``)."""
        self.progress_problem = None
        progress: Loaded[Progress] = storage.read(self.store, storage.PROGRESS, Progress.from_json)
        if progress.value is not None:
            self.campaign, self.table = progress.value.campaign, progress.value.table
            self.captain = progress.value.captain
        elif progress.quarantined:
            self._repair_progress(self.store.get(progress.quarantined) or "", progress.problem)
        game: Loaded[Game] = storage.read(self.store, storage.GAME, Game.from_json)
        if game.value is not None:
            self.game = game.value
        elif game.quarantined:
            self._repair_game(self.store.get(game.quarantined) or "", game.problem)
        self._settle()

    def _repair_progress(self, text: str, problem: str | None) -> None:
        from . import recovery  # only when a save is damaged

        repaired = recovery.salvage_progress(text)
        if repaired is None:
            key = "rw.storage.newerProgress" if problem and "newer" in problem else None
            self.progress_problem = (key or "rw.storage.badProgress", {})
            self.problems.append(self.progress_problem)
            return
        self.campaign, self.table = repaired.campaign, repaired.table
        if repaired.captain is not None and repaired.captain < self.table.players:
            self.captain = repaired.captain
        won = sum(1 for p in repaired.campaign.progress.values() if p.won)
        levels = [
            (
                "rw.storage.tableLevelReset",
                # The seat is one of the table screen's (the progress), not the saved game's.
                {"seat": seat, "seat_of": "table", "level": level, "best": LEVELS[0]},
            )
            for seat, level in repaired.levels
        ]
        if not (levels and repaired.only_levels):
            # Every mission read (the damage was elsewhere: the table, a captain): no count of
            # entries lost, which would read "0".
            key = "rw.storage.progressRepaired" if repaired.lost else "rw.storage.progressSettings"
            levels.insert(0, (key, {"won": won, "lost": repaired.lost}))
        self.progress_problem = levels[0]
        self.problems.extend(levels)
        progress = Progress(self.campaign, self.table, self.captain)
        storage.write(self.store, storage.PROGRESS, progress.to_json())

    def _repair_game(self, text: str, problem: str | None) -> None:
        from . import recovery  # only when a save is damaged

        repaired = recovery.salvage_game(text)
        if repaired is None:
            key = "rw.storage.newerGame" if problem and "newer" in problem else None
            self.problems.append((key or "rw.storage.badGame", {}))
            return
        self.game = repaired.game
        if repaired.broken_at is not None:
            self.problems.append(
                ("rw.storage.gameRepaired", {"broken": repaired.broken_at, "kept": repaired.kept})
            )
        elif not (repaired.levels and repaired.only_levels):
            self.problems.append(("rw.storage.gameRepairedDetails", {"kept": repaired.kept}))
        for seat, level in repaired.levels:  # each computer whose level was unknown, by name
            self.problems.append(
                ("rw.storage.levelReset", {"seat": seat, "level": level, "best": LEVELS[0]})
            )
        storage.write(self.store, storage.GAME, repaired.game.to_json())

    def quarantined(self) -> list[storage.Quarantined]:
        """Every save set aside (newest first): listed on the campaign screen."""
        return storage.SAVES.quarantined(self.store)

    def restore(self, key: str) -> None:
        """Put a set-aside save back and read everything again (a save that still does not
        read goes back to the quarantine, and what it holds is brought back if it can be)."""
        storage.SAVES.restore(self.store, key)
        self.campaign, self.table, self.game = Campaign(), Table.default(), None
        self._bots.clear()
        self.load()

    def save(self) -> None:
        self.unsaved = False
        try:
            storage.write(
                self.store,
                storage.PROGRESS,
                Progress(self.campaign, self.table, self.captain).to_json(),
            )
            if self.game is None:
                self.store.remove(storage.GAME)
            else:
                storage.write(self.store, storage.GAME, self.game.to_json())
        except Exception:  # quota exceeded, storage disabled: play on, and say it is not saved
            self.save_failed = True
        else:
            self.save_failed = False

    def export_text(self) -> str:
        self.save()
        return storage.export_text(self.store)

    def import_text(self, text: str) -> None:
        """Replace progress (and the game in progress) by an exported file; raises BadData."""
        parts = storage.import_parts(text)
        progress = Progress.from_json(storage.unwrap(storage.PROGRESS, parts[storage.PROGRESS]))
        game = None
        if storage.GAME in parts:
            game = Game.from_json(storage.unwrap(storage.GAME, parts[storage.GAME]))
        self.campaign, self.table, self.game = progress.campaign, progress.table, game
        self._bots.clear()
        self._settle()
        self.save()

    # ------------------------------------------------------------------ table

    def open_box(self, first: int) -> None:
        """Open a box of missions early (the player confirmed), and save."""
        box = box_of(first)
        if box is None or box[0] != first:
            return
        self.campaign = self.campaign.open_box(box)
        self.save()

    def set_table(self, table: Table, captain: int | None = None) -> None:
        """The table (and the captain chosen for the next mission, if any)."""
        self.table = table
        self.captain = captain if captain is not None and 0 <= captain < table.players else None
        self.save()

    def next_captain(self, players: int) -> int:
        """Who captains the next mission: the seat chosen on the table screen, else the seat
        after the last captain (the campaign passes the role clockwise), else the first person
        at the table (a person, not a computer, leads a first game)."""
        if self.captain is not None and 0 <= self.captain < players:
            return self.captain
        if self.campaign.last_captain is not None:
            return self.campaign.next_captain(players, 0)
        people = self.table.with_players(players).humans()
        return people[0] if people else 0

    # ------------------------------------------------------------------ starting and leaving

    def start(
        self,
        mission: int,
        seed: int | None = None,
        *,
        from_link: bool = False,
        players: int | None = None,
        captain: int | None = None,
    ) -> Game:
        """Deal a new attempt at ``mission`` (shown on the briefing screen first).

        A game link deals exactly what its seed (and captain, if it names one) say; the
        campaign passes the captain clockwise from one attempt to the next.
        """
        table = self.table.with_players(players) if players else self.table
        seed = new_seed() if seed is None else seed
        options = redwire.Options.from_json(rule_options(table.options))
        if captain is None and not from_link:
            captain = self.next_captain(table.players)
            self.captain = None  # used: the role passes on from here
        # Rule sticker B: the people's characters from the table screen, the computers' own.
        bots = set(table.bots())
        chosen, reasons = table_characters(
            mission,
            table.players,
            captain=captain,
            levels=[table.seat(i).level if i in bots else None for i in range(table.players)],
            picks=character_picks(table),
            seed=seed,
        )
        state = redwire.new_game(
            mission, table.players, seed, captain=captain, options=options, chosen=chosen
        )
        self.table = table
        self.game = Game(state, table)
        for seat, why in enumerate(reasons):  # said beside the characters, at the start
            if why is not None and seat != state.setup.captain:
                self.game.notes.append(note_of(seat, 0, why))
        self.game.notes.extend(given_back(state, table))
        self._bots.clear()
        self.save()
        return self.game

    def start_tutorial(self) -> Game:
        """The first-game tutorial: its scripted deal, you (the table's first seat's name) and
        three computers. The table and the campaign are left as they are."""
        first = self.table.seat(0).name
        table = (
            Table.default()
            .with_players(tutorial.PLAYERS)
            .with_kinds(["human"] + ["bot"] * (tutorial.PLAYERS - 1))
            .with_seat(0, name=first)
            .with_pace(self.table.pace)
        )
        self.game = Game(tutorial.new_state(), table, stage="playing", tutorial=True)
        self._bots.clear()
        self._settle()
        self.save()
        return self.game

    def begin(self) -> None:
        """Leave the briefing: the game is on."""
        assert self.game is not None
        self.game.stage = "playing"
        self._settle()
        self.save()

    def quit(self) -> None:
        """Leave the game for the campaign screen (the player chose to: it is not kept)."""
        self.game = None
        self._bots.clear()
        self.save()

    def retry(self) -> Game:
        """Another attempt at the same mission, the next captain in charge."""
        assert self.game is not None
        return self.start(self.game.mission)

    def next_mission(self) -> Game:
        assert self.game is not None
        return self.start(self.game.mission + 1)

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
        return self.game.handoff if self.game else None

    @property
    def viewer(self) -> int | None:
        """The seat whose view the board shows (None: spectator; never during a handoff)."""
        game = self.game
        return None if game is None else game.device.viewer(self.humans)

    @property
    def pass_and_play(self) -> bool:
        return len(self.humans) >= 2

    def accept_handoff(self) -> None:
        """The player named by the handoff says they hold the device."""
        game = self.game
        if game is not None and game.device.accept():
            self.save()

    def _settle(self) -> None:
        """After any change: ask for a handoff when the game waits for another human."""
        game = self.game
        if game is None:
            return
        live = game.stage == "playing" and not game.state.is_over
        game.device.settle(self.humans, game.state.to_move, live)

    # ------------------------------------------------------------------ playing

    def apply(self, action: Action) -> list[redwire.Event]:
        """Play an action (raises IllegalActionError, changing nothing; in the tutorial, raises
        OffScript for any move but the coach's); saves."""
        game = self.game
        assert game is not None and game.stage == "playing"
        if game.tutorial and action != tutorial.expected(game.state):
            raise OffScript(tutorial.expected(game.state))
        game.state, events = game.state.apply(action)
        self._after_action()
        return events

    def _after_action(self, save: bool = True) -> None:
        game = self.game
        assert game is not None
        self._auto_pick()
        if game.state.is_over:
            game.stage = "over"
            self._count()
        self._settle()
        if save:
            self.save()
        else:
            self.unsaved = True

    def lone_pick(self) -> Action | None:
        """The one wire a lone person would have to tap, when the rules ask them to choose among
        a single wire (their own matching wire after a hit, say): None otherwise.

        Pass and play keeps every such choice (the next person must not learn from whether a
        choice was asked); one person with computer teammates has nobody to hide it from.
        """
        game = self.game
        if game is None or game.state.is_over or len(self.humans) != 1:
            return None
        state, seat = game.state, self.humans[0]
        pending = state.pending
        if state.to_move != seat or pending is None or len(pending.options) != 1:
            return None
        if not is_pick_phase(state.phase):
            return None
        pick = redwire.Pick(seat, *pending.options[0])
        return pick if state.is_legal(pick) else None

    def _auto_pick(self) -> None:
        game = self.game
        assert game is not None
        pick = self.lone_pick()
        if pick is not None:
            game.state, _ = game.state.apply(pick)

    def _count(self) -> None:
        game = self.game
        assert game is not None
        if game.counted or game.tutorial:
            return
        setup = game.state.setup
        self.campaign = self.campaign.finished(
            setup.mission,
            setup.players,
            setup.captain,
            game.state.result == "won",
            assisted=game.assisted,
        )
        game.counted = True

    def bot_seat(self) -> int | None:
        """The computer seat the game waits for, if any."""
        game = self.game
        if game is None or game.stage != "playing" or game.state.is_over:
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
        """Let the computer seat the game waits for make its move; returns its explanation.
        ``save``: False leaves the save to the caller (``unsaved`` says one is due): the page
        saves a computer's move when it draws it, as the instant pace draws about once a
        second (the game serialised after each of sixty moves cost more than some moves)."""
        seat = self.bot_seat()
        if seat is None:
            return None
        game = self.game
        assert game is not None
        state = game.state
        scripted = tutorial.expected(state) if game.tutorial else None
        if scripted is not None and scripted.seat == seat:
            # The tutorial's computers make the script's moves, with their reasons.
            action = scripted
            note = tutorial.note_for(state) or Note(len(state.log), seat, "", {}, "…")
        else:
            bot = self._bot(seat, game.table.seat(seat).level)
            action = bot.choose(state.observation(seat), state.legal_actions(seat))
            note = note_of(seat, len(state.log), bot.explain())
        game.state, _ = state.apply(action)
        game.notes.append(note)
        self._after_action(save)
        return note

    def hint(self) -> tuple[Action, Note] | None:
        """What the best bot would do in the viewer's place (marks the game as assisted)."""
        game, seat = self.game, self.viewer
        if game is None or seat is None:
            return None
        legal = game.state.legal_actions(seat)
        if not legal:
            return None
        bot = make_bot(available_levels()[0], len(game.state.history))
        action = bot.choose(game.state.observation(seat), legal)
        game.assisted = True
        self.save()
        return action, note_of(seat, len(game.state.log), bot.explain())

    @property
    def odds_offered(self) -> bool:
        """The "show odds" toggle is on the board: a human seat holds the device, in play (never
        for a spectator, a computer seat, or during a handoff)."""
        game, seat = self.game, self.viewer
        return (
            game is not None
            and seat is not None
            and not game.table.seat(seat).is_bot
            and game.stage == "playing"
            and not game.state.is_over
        )

    @property
    def odds_shown(self) -> bool:
        """The toggle is offered and on: a selected teammate's wire shows its odds."""
        return self.odds_offered and self.game is not None and self.game.odds

    def set_odds(self, on: bool) -> None:
        """Turn the "show odds" learning aid on or off; on marks the game as assisted (saves)."""
        game = self.game
        if game is None:
            return
        game.odds = on
        if on:
            game.assisted = True
        self.save()

    # ------------------------------------------------------------------ names

    def names(self, default_name: Any) -> list[str]:
        table = self.game.table if self.game else self.table
        return table.names(default_name)


def summary(game: Game) -> Mapping[str, Any]:
    """A few public facts about a saved game (the "Continue" button)."""
    return {
        "mission": game.mission,
        "turn": game.state.turn_number,
        "stage": game.stage,
        "players": game.state.players,
    }
