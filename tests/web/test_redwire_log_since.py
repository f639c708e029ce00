"""A move's announcement reads only its own turn of the log (``lines_since``): the same lines as
the whole log's, on real games, from every seat's view and a spectator's.

The sentences that read several events (a cut and its wire cut or token, a solo cut and its
wires, a wire cut and its cut) are the core's, in every mission: a few missions with equipment,
characters and their own events by default, every mission with ``--all-missions``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from fusebox_web.redwire.log_text import lines_since, log_lines, since
from fusebox_web.redwire.words import Words
from fusebox_web.shell.i18n import Catalog, load_catalogs

from engine.redwire import all_missions, load_mission, new_game
from engine.redwire.bots import make_bot
from tests.web.board_page import NAMES

#: Missions 1 (the core), 9 (the sequence), 13 (red wires of their own), 21 (number cards and
#: a solo cut's many wires), 31 (characters), 47 (calculations), 54 (oxygen), 65.
MISSIONS = [1, 9, 13, 21, 31, 47, 54, 65]


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "mission" in metafunc.fixturenames:
        every = metafunc.config.getoption("--all-missions")
        metafunc.parametrize("mission", sorted(all_missions()) if every else MISSIONS)


@pytest.fixture(scope="module")
def english() -> Catalog:
    """One language: where a sentence's events begin and end is the same in every language."""
    return load_catalogs(Path(__file__).resolve().parents[2] / "web" / "i18n", "en")


def test_the_lines_since_a_move_are_the_whole_logs(english: Catalog, mission: int) -> None:
    catalog = english
    players = max(load_mission(mission).players)
    state = new_game(mission, players, mission)
    bots = [make_bot("random", mission * 10 + seat) for seat in range(players)]
    while not state.is_over and len(state.history) < 400:
        seat = state.to_move
        assert seat is not None
        action = bots[seat].choose(state.observation(seat), state.legal_actions(seat))
        state, _ = state.apply(action)
    assert state.is_over
    for viewer in [*range(players), None]:
        obs = state.observation(viewer)
        log = obs["log"]
        owners = [stand["owner"] for stand in obs["stands"]]
        words = Words(catalog, list(NAMES[:players]), owners, viewer=viewer)
        whole = log_lines(log, words)
        # Every index, not only where a move began: a turn header is the only boundary needed.
        for start in range(len(log) + 1):
            assert lines_since(log, words, start) == since(whole, start), (viewer, start)
