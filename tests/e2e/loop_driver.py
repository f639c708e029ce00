"""Playing Loop the Loop in the page like a player, for the browser tests.

The page saves the game after every action (localStorage: the engine's record, dice included), so
a test reads the game back with the engine in CPython, lets a bot choose the person's move from
that person's observation, and makes it with clicks on the board, as a player would: cards in the
hand, then a plan; dice, then "roll again"; a placement button.
"""

from __future__ import annotations

import json
from typing import Any

import harness  # noqa: F401  (puts the repository, and so the engine, on sys.path)
from playwright.sync_api import Page

from engine.loop import (
    Assign,
    Declare,
    DeclareFree,
    Discard,
    Draw,
    EndDraw,
    GameState,
    Highlight,
    Record,
    Reroll,
    Roll,
    SeventhDie,
    Stop,
)
from engine.loop.actions import Action

GAME_KEY = "fusebox.loop.game"
#: A person in the first seat against computers, moving at once.
QUICK = "&bots=1&pace=instant"


def saved(page: Page, key: str = GAME_KEY) -> Any:
    """The data of a saved envelope (None when nothing is saved)."""
    text = page.evaluate(f"localStorage.getItem({key!r})")
    return None if text is None else json.loads(text)["data"]


def saved_state(page: Page) -> GameState:
    """The game in progress, replayed from the page's save."""
    return Record.from_json(saved(page)["record"]).replay()


def moves(page: Page) -> int:
    data = saved(page)
    return 0 if data is None else len(data["record"]["actions"])


def wait_turn(page: Page, timeout: float = 60_000) -> str:
    """Wait until the board waits for the person on screen (the decision), a handoff or the end."""
    page.wait_for_selector(
        '[data-testid="lp-prompt"][data-decision], [data-testid="lp-end"], '
        '[data-testid="lp-handoff"]',
        timeout=timeout,
    )
    if page.get_by_test_id("lp-end").count():
        return "over"
    if page.get_by_test_id("lp-handoff").count():
        return "handoff"
    return str(page.get_by_test_id("lp-prompt").get_attribute("data-decision"))


def click(page: Page, selector: str) -> None:
    page.locator(selector).first.click()


def cards(page: Page, ids: tuple[str, ...]) -> None:
    for card in ids:
        click(page, f'[data-act="card"][data-card="{card}"]')


def play(page: Page, action: Action) -> None:
    """Make ``action`` with clicks, and wait until the page has saved it."""
    before = moves(page)
    match action:
        case Draw():
            click(page, f'[data-act="draw"][data-deck="{action.deck}"]')
        case EndDraw():
            click(page, '[data-act="keep"]')
        case Discard():
            cards(page, action.cards)
            click(page, '[data-act="discard"]')
        case Declare():
            cards(page, action.cards)
            click(page, f'[data-act="fly"][data-plan="{action.plan}"]')
        case DeclareFree():
            cards(page, action.cards)
            click(page, '[data-act="free"]')
        case Highlight():
            click(page, f'[data-act="highlight"][data-card="{action.card}"]')
        case Roll():
            click(page, '[data-act="roll"]')
        case SeventhDie():
            click(page, '[data-act="seventh"]')
        case Stop():
            click(page, '[data-act="stop"]')
        case Assign():
            dice = ",".join(map(str, action.dice))
            click(page, f'[data-act="place"][data-card="{action.card}"][data-dice="{dice}"]')
        case Reroll():
            roll = list(saved_state(page).flight.roll or ())  # type: ignore[union-attr]
            for value in action.dice:
                index = roll.index(value)
                roll[index] = -1
                click(page, f'[data-act="die"][data-index="{index}"]')
            click(page, '[data-act="reroll"]')
        case _:
            raise AssertionError(action)
    page.wait_for_function(
        f"() => JSON.parse(localStorage.getItem({GAME_KEY!r})).data.record.actions.length > {before}"
    )
