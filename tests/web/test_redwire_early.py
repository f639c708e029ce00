"""js/redwire.js (the table before Python boots) agrees with the Python side it hands over to,
and the tutorial's script is a winning game whose every coach line and reason exists."""

from __future__ import annotations

import json
import re
from pathlib import Path

from fusebox_web.redwire import tutorial
from fusebox_web.redwire.log_text import Note, explain
from fusebox_web.redwire.session import Session
from fusebox_web.redwire.storage import MemoryStore
from fusebox_web.redwire.table import LEVELS, MAX_PLAYERS, MIN_PLAYERS, RULES, Table
from fusebox_web.redwire.words import Words
from fusebox_web.shell.i18n import Catalog
from fusebox_web.shell.table import NAME_LIMIT

SCRIPT = (Path(__file__).resolve().parents[2] / "web" / "js" / "redwire.js").read_text()


def constant(name: str) -> object:
    match = re.search(rf"^const {name} = (.+);$", SCRIPT, re.M)
    assert match, name
    return json.loads(match.group(1))


def test_the_early_table_knows_the_same_rules_as_python() -> None:
    assert constant("LEVELS") == list(LEVELS)
    assert constant("MIN_PLAYERS") == MIN_PLAYERS and constant("MAX_PLAYERS") == MAX_PLAYERS
    assert constant("NAME_LIMIT") == NAME_LIMIT
    assert constant("DEFAULT_PLAYERS") == RULES.default_players
    # What it saves reads on the Python side as the same table.
    default = Table.default().to_json()
    assert default["players"] == constant("DEFAULT_PLAYERS") and len(default["seats"]) == 5


def test_a_person_captains_a_first_game_and_the_chosen_captain_is_used_once() -> None:
    s = Session(MemoryStore())
    s.set_table(Table.default().with_players(3).with_kinds(["bot", "human", "bot"]))
    game = s.start(mission=1, seed=1)
    assert game.state.setup.captain == 1  # the first person, never a computer by default
    s.set_table(s.table, captain=2)
    assert s.start(mission=1, seed=1).state.setup.captain == 2
    assert s.captain is None  # used: the campaign passes the role on from there
    again = Session(s.store)
    again.load()
    assert again.table == s.table


def test_the_tutorial_is_a_winning_game_and_counts_nowhere() -> None:
    s = Session(MemoryStore())
    s.start_tutorial()
    assert s.game is not None and s.game.tutorial and s.viewer == tutorial.YOU
    while s.game.stage != "over":
        if s.bot_seat() is not None:
            s.play_bot()
            continue
        expected = tutorial.expected(s.state)
        assert expected is not None and expected.seat == tutorial.YOU
        s.apply(expected)
    assert s.state.result == "won" and s.campaign.progress == {}
    assert all(note.key for note in s.game.notes)


def test_every_coach_line_and_reason_is_in_both_languages(catalog: Catalog) -> None:
    keys = {c.key for c in tutorial.COACH.values()}
    keys |= {"rw.tutorial.done", "rw.tutorial.finish", "rw.tutorial.afterMiss"}
    keys |= {"rw.tutorial.watch", "rw.tutorial.tokens"}
    for key in keys:
        assert key in catalog.messages["it"] and key in catalog.messages["en"], key
    words = Words(catalog, ["Ana", "Ben", "Cleo", "Dev"], [0, 1, 2, 3])
    for index, (key, params) in tutorial.WHY.items():
        text = explain(Note(0, tutorial.SCRIPT[index].seat, key, dict(params), ""), words)
        assert text and "{" not in text, (index, text)


def test_the_coach_names_the_computers_as_the_table_does(catalog: Catalog) -> None:
    """No name is written into the coach's words: the computers' names come from the table."""
    for key in ("rw.tutorial.dual", "rw.tutorial.miss", "rw.tutorial.afterMiss"):
        for lang in ("en", "it"):
            text = catalog.messages[lang][key]
            assert not re.search(r"\b(Ben|Dev|Bruno|Dario)\b", text), (lang, key)
            assert "{first}" in text or "{third}" in text
