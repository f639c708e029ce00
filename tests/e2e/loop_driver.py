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
from playwright.sync_api import Page, expect

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


#: Every control of the game that is displayed, and why it is out of reach: beyond the screen's
#: sides, or covered (scrolled to the middle of the screen, something else takes its centre).
#: Also a page wider than the screen, and an action dock taller than the screen.
OUT_OF_REACH = """() => {
    const out = [];
    const width = window.innerWidth, height = window.innerHeight;
    const name = (el) => el ? el.tagName + (el.dataset.act ? "[" + el.dataset.act + "]" : "")
        + " " + (el.textContent || "").trim().slice(0, 30) : "nothing";
    if (document.documentElement.scrollWidth > width) {
        out.push("the page scrolls sideways: " + document.documentElement.scrollWidth);
    }
    const dock = document.querySelector("#lp-dock");
    if (dock && dock.getBoundingClientRect().height > height) {
        out.push("the actions are taller than the screen");
    }
    const scroll = window.scrollY;
    const controls = "button, select, input, summary, a[href]";
    for (const el of document.querySelectorAll("#lp-root :is(" + controls + ")")) {
        if (!el.checkVisibility()) continue;  // not displayed (in a closed section)
        el.scrollIntoView({ block: "center", inline: "nearest" });
        const box = el.getBoundingClientRect();
        if (box.left < 0 || box.right > width) {
            out.push(name(el) + " beyond the side: " + box.left + ".." + box.right);
            continue;
        }
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        if (!hit || !(hit === el || el.contains(hit))) out.push(name(el) + " covered by " + name(hit));
    }
    window.scrollTo(0, scroll);
    return out;
}"""


def out_of_reach(page: Page) -> list[str]:
    """The game's controls a player could not reach on this screen (empty: all of them)."""
    return list(page.evaluate(OUT_OF_REACH))


def click(page: Page, selector: str, keyboard: bool = False, key: str = "Enter") -> None:
    """Press the control: a click, or with ``keyboard`` focus it and press ``key`` (a button
    takes Enter and Space alike: the toggles, cards and dice, get Space)."""
    control = page.locator(selector).first
    if not keyboard:
        control.click()
        return
    control.focus()
    expect(control).to_be_focused()
    control.press(key)


def cards(page: Page, ids: tuple[str, ...], keyboard: bool = False) -> None:
    for card in ids:
        click(page, f'[data-act="card"][data-card="{card}"]', keyboard, "Space")


def play(page: Page, action: Action, keyboard: bool = False) -> None:
    """Make ``action`` with clicks (or keys), and wait until the page has saved it."""
    before = moves(page)
    k = keyboard
    match action:
        case Draw():
            click(page, f'[data-act="draw"][data-deck="{action.deck}"]', k)
        case EndDraw():
            click(page, '[data-act="keep"]', k)
        case Discard():
            cards(page, action.cards, k)
            click(page, '[data-act="discard"]', k)
        case Declare():
            cards(page, action.cards, k)
            click(page, f'[data-act="fly"][data-plan="{action.plan}"]', k)
        case DeclareFree():
            cards(page, action.cards, k)
            click(page, '[data-act="free"]', k)
        case Highlight():
            click(page, f'[data-act="highlight"][data-card="{action.card}"]', k)
        case Roll():
            click(page, '[data-act="roll"]', k)
        case SeventhDie():
            click(page, '[data-act="seventh"]', k)
        case Stop():
            click(page, '[data-act="stop"]', k)
        case Assign():
            dice = ",".join(map(str, action.dice))
            click(page, f'[data-act="place"][data-card="{action.card}"][data-dice="{dice}"]', k)
        case Reroll():
            roll = list(saved_state(page).flight.roll or ())  # type: ignore[union-attr]
            for value in action.dice:
                index = roll.index(value)
                roll[index] = -1
                click(page, f'[data-act="die"][data-index="{index}"]', k, "Space")
            click(page, '[data-act="reroll"]', k)
        case _:
            raise AssertionError(action)
    page.wait_for_function(
        f"() => JSON.parse(localStorage.getItem({GAME_KEY!r})).data.record.actions.length > {before}"
    )
