"""Playing Countdown in the page like a player, for the browser tests.

The page saves the game after every action (localStorage, the engine's record), so a test can
read the game back with the engine in CPython, choose a move for the seat whose view is on
screen (the basic bot, from that seat's observation), and make it with clicks on the board as a
player would: a card of the hand, then an agent; a wire; a choice of the dock.
"""

from __future__ import annotations

import json
import sys
from typing import Any

import harness  # (puts the repository, and so the engine, on sys.path)

if str(harness.ROOT / "web") not in sys.path:  # and the page's package, for its words
    sys.path.insert(0, str(harness.ROOT / "web"))
from playwright.sync_api import Page, expect

from engine.countdown import GameState, Record
from engine.countdown.actions import (
    Action,
    AlarmAgent,
    Defuse,
    Discard,
    EndPlay,
    NoDefuse,
    PickTarget,
    PickWire,
    PlaceCut,
    PlayCard,
    PlayWild,
    TakeCard,
)
from engine.countdown.bots import make_bot

GAME_KEY = "fusebox.countdown.game"
TABLE_KEY = "fusebox.countdown.table"


def saved(page: Page, key: str = GAME_KEY) -> Any:
    """The data of a saved envelope (None when nothing is saved)."""
    text = page.evaluate(f"localStorage.getItem({key!r})")
    return None if text is None else json.loads(text)["data"]


def saved_state(page: Page) -> GameState:
    return Record.from_json(saved(page)["record"]).replay()


def wait_screen(page: Page, timeout: float = 60_000) -> str:
    """Wait until the page waits for a person: their decision on the board ("decision:<kind>"),
    a handoff ("handoff") or the end ("end")."""
    page.wait_for_selector(
        '[data-testid="prompt"][data-decision], [data-testid="handoff"], [data-testid="end"]',
        timeout=timeout,
    )
    if page.get_by_test_id("end").count():
        return "end"
    if page.get_by_test_id("handoff").count():
        return "handoff"
    return "decision:" + str(page.get_by_test_id("prompt").get_attribute("data-decision"))


def choose(state: GameState, seat: int, step: int) -> Action:
    bot = make_bot("basic", step)
    return bot.choose(state.observation(seat), state.legal_actions(seat))


def select_cards(page: Page, kinds: tuple[str, ...]) -> None:
    """Tap hand cards of these kinds (for a repeated kind, two different cards)."""
    for kind in kinds:
        free = page.locator(f'[data-act="card"][data-kind="{kind}"][aria-pressed="false"]').first
        index = free.get_attribute("data-index")
        card = page.locator(f'[data-act="card"][data-index="{index}"]')
        card.click()
        expect(card).to_have_attribute("aria-pressed", "true")


def play(page: Page, action: Action) -> None:
    """Make ``action`` with clicks, as a player would."""
    if isinstance(action, PlayCard):
        select_cards(page, (action.card,))
        page.locator(f'[data-act="play"][data-agent="{action.agent}"]').click()
    elif isinstance(action, PlayWild):
        select_cards(page, action.cards)
        page.locator(
            f'[data-act="wild"][data-agent="{action.agent}"][data-mode="{action.mode}"]'
        ).click()
    elif isinstance(action, EndPlay):
        page.locator('[data-act="end-play"]').click()
    elif isinstance(action, PickWire):
        page.locator(f'button[data-act="pick"][data-position="{action.position}"]').first.click()
    elif isinstance(action, PlaceCut):
        page.locator(f'[data-act="place"][data-replace="{action.replace or "add"}"]').click()
    elif isinstance(action, PickTarget):
        page.locator(f'[data-act="target"][data-seat="{action.target}"]').click()
    elif isinstance(action, TakeCard):
        page.locator(f'[data-act="take"][data-kind="{action.card}"]').click()
    elif isinstance(action, AlarmAgent):
        page.locator(f'[data-act="alarm"][data-agent="{action.agent}"]').click()
    elif isinstance(action, Defuse):
        page.locator('[data-act="defuse"]').click()
    elif isinstance(action, NoDefuse):
        page.locator('[data-act="no-defuse"]').click()
    elif isinstance(action, Discard):
        select_cards(page, action.cards)
        page.locator('[data-act="discard"]').click()
    else:
        raise AssertionError(f"no clicks for {action}")


def play_move(page: Page, seat: int, step: int) -> Action:
    """Play one move of ``seat`` (whose decision the board shows) and wait for the board to
    take it."""
    state = saved_state(page)
    assert state.to_move == seat, (state.to_move, seat)
    action = choose(state, seat, step)
    before = len(state.history)
    play(page, action)
    page.wait_for_function(
        f"JSON.parse(localStorage.getItem({GAME_KEY!r})).data.record.actions.length > {before}"
    )
    return action
