"""Links name a game (``?game=<id>``, Red Wire by default): every link shared before still works."""

from __future__ import annotations

import pytest
from fusebox_web.redwire.page import PAGE
from fusebox_web.redwire.urls import Link, parse_link, without_game_params
from fusebox_web.shell.links import (
    GAME_PARAM,
    SHELL_PARAMS,
    LinkError,
    choose_game,
    shell_only,
)

from engine.core.registry import DEFAULT_GAME, games

GAMES = list(games())

# Links as the page before the shell made and read them (docs/redwire-page.md, the tests).
OLD_LINKS = [
    "?mission=4&players=4&seed=7",
    "?mission=1&players=3&seed=3&bots=1&pace=instant&brief=0",
    "?lang=it&mission=4&players=4&seed=7&captain=1&bots=1&pace=instant&brief=0",
    "?mission=8&players=5&seed=3&bots=all&level=expert&brief=0&pace=instant",
    "?mission=3&players=4&seed=9&edition=EN&scope=stand&supply=faithful",
    "?mission=12&players=4&lang=en",
    "?mission=3&players=two",
]


@pytest.mark.parametrize("search", OLD_LINKS)
def test_every_red_wire_link_keeps_working(search: str) -> None:
    choice = choose_game(search, GAMES)
    assert choice == choose_game(search.replace("?", "?game=redwire&", 1), GAMES)
    assert choice.game == choice.opens == "redwire" and choice.error is None
    assert parse_link(search) == parse_link(search.replace("?", "?game=redwire&", 1))
    assert parse_link(search) is not None


def test_the_default_game_is_red_wire() -> None:
    assert DEFAULT_GAME == "redwire" and choose_game("", GAMES).game == "redwire"
    assert choose_game("?GAME=chess&mission=2", GAMES).game == "redwire"  # names are exact...
    assert choose_game("?game=RedWire&mission=2", GAMES).game == "redwire"  # ...values are not


@pytest.mark.parametrize("value", ["chess", "", "red wire", "x" * 80])
def test_a_game_the_box_does_not_hold_is_refused(value: str) -> None:
    search = f"?game={value}&mission=2&lang=it"
    choice = choose_game(search, GAMES, last="redwire")
    assert choice == choose_game(search, GAMES)
    assert choice.game is None and choice.opens is None
    assert choice.error == LinkError("app.link.unknownGame", {"value": value.strip()[:24]})
    assert shell_only(search) == "?lang=it"


def test_without_a_link_the_game_played_last_may_open() -> None:
    assert choose_game("?lang=it", ["redwire", "countdown"], last="countdown").opens == "countdown"
    assert choose_game("", ["redwire"], last="gone").opens == "redwire"
    assert choose_game("?mission=2", ["redwire", "countdown"], last="countdown").opens == "redwire"


def test_a_started_game_leaves_only_the_shell_parameters() -> None:
    search = "?game=redwire&mission=2&players=3&seed=5&bots=1&brief=0&lang=en"
    assert without_game_params(search) == "?lang=en"
    assert isinstance(parse_link(search), Link)


def test_game_link_parameters_are_never_the_shells() -> None:
    assert not set(PAGE.link_params) & {GAME_PARAM, *SHELL_PARAMS}
