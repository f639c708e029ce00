"""Countdown's page after a computer's move: its announcement reads the log back from the end
only (``log_text.last_line``), the same line as the whole log's; and the move is left unsaved
for the page to save when it draws it (``Session.play_bot(save=False)``).

A real game of computers of every level, every position, every seat's view and a spectator's,
with the computers' reasons, in memory play or not, revealed or not; in English (a line reads
one event in every language).
"""

from __future__ import annotations

from functools import partial
from pathlib import Path

from fusebox_web.countdown.log_text import UNSAID, Note, last_line, log_lines
from fusebox_web.countdown.session import Game, Session, note_of
from fusebox_web.countdown.storage import SAVES, MemoryStore
from fusebox_web.countdown.words import Words
from fusebox_web.shell.i18n import load_catalogs

from engine.countdown import GameState, new_game
from engine.countdown.bots import make_bot
from engine.countdown.bots.explanation import is_private
from tests.web.saving import check_saved_at_once, check_saved_on_demand


def played(players: int, seed: int) -> tuple[GameState, list[Note]]:
    """A whole game of computers of every level, with their reasons as the page keeps them."""
    state = new_game(players, seed)
    bots = [make_bot(("strong", "basic", "random")[k % 3], seed + k) for k in range(players)]
    notes: list[Note] = []
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        action = bots[seat].choose(state.observation(seat), state.legal_actions(seat))
        notes.append(note_of(seat, len(state.log), bots[seat].explain()))
        state, _ = state.apply(action)
    return state, notes


def test_the_last_line_read_back_is_the_whole_logs() -> None:
    catalog = load_catalogs(Path(__file__).resolve().parents[2] / "web" / "i18n", "en")
    players = 4
    state, notes = played(players, 11)
    w = Words(catalog, [catalog.t(f"cd.name.{k + 1}") for k in range(players)])
    checked = 0
    for viewer in [*range(players), None]:
        views = [event.view(viewer) for event in state.log]
        for memory, reveal in [(False, False), (True, False), (False, True)]:
            for end in range(len(views) + 1):
                whole = log_lines(views[:end], w, notes, memory=memory, reveal=reveal)
                said = [x for x in whole if x.kind not in UNSAID]
                tail = ((i, views[i]) for i in reversed(range(end)))
                assert last_line(tail, w, notes, memory, reveal) == (said[-1] if said else None)
                checked += bool(said)
    # The game holds what the settings change: private reasons, Scans (memory play words them).
    assert checked > 100 and any(is_private(note.key) for note in notes)
    assert any(event.type == "analyze" for event in state.log)


def test_a_computers_move_left_unsaved_is_saved_on_demand() -> None:
    """``play_bot(save=False)``: the move is made, the store keeps the position before it (the
    last one the page drew) until the page saves; then it holds the move."""
    store = MemoryStore()
    s = Session(store)
    s.table = s.table.with_players(3).with_kinds(["bot", "bot", "human"])
    s.start(seed=12, first=0)
    read = partial(store.get, SAVES.key("game"))
    after = check_saved_on_demand(s, read, Game.from_json)
    assert after.state.history == s.state.history and len(after.state.history) == 1
    again = check_saved_at_once(s, read, Game.from_json)
    assert len(again.state.history) == 2
