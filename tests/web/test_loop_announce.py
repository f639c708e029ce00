"""Loop the Loop's page after a computer's move: its announcement reads the log back from the
end only (``log_text.last_line``), the same sentence as the whole log's last; and the move is
left unsaved for the page to save when it draws it (``Session.play_bot(save=False)``).

A real game of computers, every position, every seat's view and a spectator's and the seer's,
with the computers' reasons; in English (a sentence reads one event in every language).
"""

from __future__ import annotations

from functools import partial
from pathlib import Path

from fusebox_web.loop.log_text import last_line, log_lines
from fusebox_web.loop.session import Game, Note, Session
from fusebox_web.loop.storage import SAVES, MemoryStore
from fusebox_web.loop.words import Words
from fusebox_web.shell.i18n import load_catalogs

from engine.core.events import SEER
from engine.loop import GameState, Options, new_game
from engine.loop.bots import make_bot
from tests.web.saving import check_saved_at_once, check_saved_on_demand


def played(players: int, seed: int) -> tuple[GameState, list[Note]]:
    """A game of computers (a round limit keeps it short), with their reasons as the page
    keeps them."""
    state = new_game(players, seed, options=Options(max_rounds=6))
    bots = [make_bot("basic", seed + seat) for seat in range(players)]
    notes: list[Note] = []
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        action = bots[seat].choose(state.observation(seat), state.legal_actions(seat))
        why = bots[seat].explain()
        notes.append(Note(len(state.log), seat, why.key, dict(why.params)))
        state, _ = state.apply(action)
    return state, notes


def test_the_last_line_read_back_is_the_whole_logs() -> None:
    catalog = load_catalogs(Path(__file__).resolve().parents[2] / "web" / "i18n", "en")
    players = 3
    state, notes = played(players, 7)
    obs = state.observation(SEER)
    w = Words(catalog, ["Ana", "Bea", "Carlo"], {c["id"]: c for c in obs["cards"]})
    checked = 0
    for viewer in [*range(players), None, SEER]:
        views = state.log_view(viewer)
        for end in range(len(views) + 1):
            said = [text for text in log_lines(views[:end], w, notes) if text]
            tail = ((i, views[i]) for i in reversed(range(end)))
            assert last_line(tail, w, notes) == (said[-1] if said else None)
            checked += bool(said)
    assert checked > 100 and notes
    # Some events say nothing: the sentence read back is then an earlier one.
    assert any(not w.line(event) for event in state.log_view(None))


def test_a_computers_move_left_unsaved_is_saved_on_demand() -> None:
    """``play_bot(save=False)``: the move is made, the store keeps the position before it (the
    last one the page drew) until the page saves; then it holds the move."""
    store = MemoryStore()
    s = Session(store)
    s.table = s.table.with_players(2).with_kinds(["bot", "human"])
    s.start(seed=9, first=0)
    read = partial(store.get, SAVES.key("game"))
    after = check_saved_on_demand(s, read, Game.from_json)
    assert after.state.history == s.state.history and len(after.state.history) == 1
    assert s.game is not None and after.notes == s.game.notes
    again = check_saved_at_once(s, read, Game.from_json)
    assert len(again.state.history) == 2
