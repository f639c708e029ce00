"""The shell's table and computer-player pacing, as any game uses them."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from pathlib import Path

import pytest
from fusebox_web.redwire.table import Table
from fusebox_web.shell.pacing import BoardBots, play_bots

FIXTURES = Path(__file__).resolve().parents[1] / "redwire" / "fixtures" / "v1"


class Bots:
    """A table where seats 1 and 2 are computers; the test may pause or move the game on."""

    def __init__(self, to_move: list[int]) -> None:
        self.to_move = to_move
        self.paused = False
        self.moves: list[int] = []
        self.thinking_shown: list[int | None] = []
        self.during_delay: Callable[[], object] = lambda: None
        #: The seats whose moves the table draws (the others' are left for a later drawing).
        self.drawn_seats = {1, 2}

    def may_play(self) -> bool:
        return not self.paused

    def bot_seat(self) -> int | None:
        return self.to_move[0] if self.to_move and self.to_move[0] in (1, 2) else None

    def delay(self) -> float:
        self.during_delay()
        return 0.0

    def thinking(self, seat: int | None) -> None:
        self.thinking_shown.append(seat)

    def play(self, seat: int) -> bool:
        self.moves.append(seat)
        self.to_move.pop(0)
        return seat in self.drawn_seats


def test_the_computers_play_until_a_person_must_decide() -> None:
    bots = Bots([1, 2, 0, 1])
    assert asyncio.run(play_bots(bots)) == 2
    assert bots.moves == [1, 2] and bots.thinking_shown == [1, 2, None]


def test_only_a_drawn_move_is_followed_by_a_breath() -> None:
    """A move the table drew gets a frame's wait (the browser paints it); an undrawn one only a
    turn of the event loop, at once."""
    bots = Bots([1, 2, 1, 0])
    bots.drawn_seats = {2}
    slept: list[float] = []

    async def sleep(seconds: float) -> None:
        slept.append(seconds)

    assert asyncio.run(play_bots(bots, sleep, breath=0.25)) == 3
    # Each move: the seat's delay (0.0), then the breath or none.
    assert slept == [0.0, 0, 0.0, 0.25, 0.0, 0]


def test_a_pause_during_the_delay_stops_before_the_move() -> None:
    bots = Bots([1, 2])

    def pause() -> None:
        bots.paused = True

    bots.during_delay = pause
    assert asyncio.run(play_bots(bots)) == 0
    assert bots.moves == [] and bots.thinking_shown == [1, None]


def test_a_game_that_moved_on_during_the_delay_is_not_played_twice() -> None:
    bots = Bots([1, 2, 0])
    bots.during_delay = lambda: bots.to_move.pop(0) if bots.to_move[0] == 1 else None
    assert asyncio.run(play_bots(bots)) == 1
    assert bots.moves == [2]


def test_red_wire_tables_saved_by_the_format_1_page_load_unchanged() -> None:
    items = json.loads((FIXTURES / "page-localstorage.json").read_text())
    for key in ("fusebox.redwire.progress", "fusebox.redwire.game"):
        saved = json.loads(items[key])["data"]["table"]
        table = Table.from_json(saved)
        assert table.to_json() == saved
        assert table.seat_kinds() == ["human", "bot", "human"] and table.humans() == [0, 2]


class Board:
    """A board app for the shell's BoardBots: computers at seats 1 and 2, a pace, and the
    drawings it was asked for."""

    paused = False
    screen = "board"
    thinking: int | None = None

    def __init__(self, to_move: list[int], delay: float) -> None:
        self.to_move, self.pace = to_move, delay
        self.draws: list[int] = []
        self.session = self

    def bot_seat(self) -> int | None:
        return self.to_move[0] if self.to_move and self.to_move[0] in (1, 2) else None

    @property
    def game(self) -> Board:
        return self

    @property
    def table(self) -> Board:
        return self

    def delay(self) -> float:
        return self.pace

    def draw_board(self) -> None:
        self.draws.append(len(self.to_move))

    def after_change(self, draw: bool = True) -> None:
        if draw:
            self.draw_board()


@pytest.mark.parametrize("delay", [0.0, 0.5])
def test_the_instant_pace_draws_the_board_once_a_frame(delay: float) -> None:
    """At the instant pace, moves made within one frame of the last drawing are not drawn; the
    move before a person's decision always is. At a pace one can follow, every move is."""
    board = Board([1, 2, 1, 2, 1, 0], delay)
    bots = BoardBots(board)
    frame = BoardBots.FRAME_MS
    clock = iter([0.0, 10.0, frame - 1, frame + 50, frame + 60, frame + 70])
    drawn = []
    for _ in range(5):
        board.to_move.pop(0)
        drawn.append(bots.draw_now(next(clock)))
    if delay:
        assert drawn == [True] * 5
    else:
        # 0 ms drawn; 10 and a frame less 1 ms within the frame; a frame and 50 ms drawn; the
        # next move is before the person's turn.
        assert drawn == [True, False, False, True, True]


class SavingBoard(Board):
    """A board whose session counts its saves and says when a move waits for one."""

    def __init__(self, to_move: list[int], delay: float) -> None:
        super().__init__(to_move, delay)
        self.unsaved = False
        self.saves = 0

    def save(self) -> None:
        self.unsaved = False
        self.saves += 1


def test_a_computers_move_is_saved_when_drawn_or_when_the_computers_stop() -> None:
    """Every game's computers (Red Wire, Countdown, Loop the Loop) move unsaved: the shell's
    ``BoardBots`` saves a move it draws, and one left undrawn once the computers stop (a person
    decides, a pause, the board left), never while they play on."""
    board = SavingBoard([1, 2, 1, 0], 0.0)
    bots = BoardBots(board)
    board.unsaved = True
    bots.thinking(2)  # the computers play on: the move stays unsaved (it was not drawn)
    assert (board.saves, board.unsaved) == (0, True)
    bots.shown()  # drawn: saved
    assert (board.saves, board.unsaved) == (1, False)
    bots.thinking(None)  # they stop with nothing due: no save
    assert board.saves == 1
    board.unsaved = True
    bots.thinking(None)  # they stop after an undrawn move: saved
    assert (board.saves, board.unsaved) == (2, False)
    assert board.thinking is None
