"""Playing Red Wire in the page like a player, for the browser tests.

The page saves the game after every action (localStorage, the engine's record), so a test can
read the true deal back with the engine in CPython and choose its clicks knowing every wire: the
same seed gives the same deal in the page and here. Clicks then go through the board as a
player's would: tap a wire, tap a value, confirm.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Sequence
from typing import Any

import harness  # noqa: F401  (puts the repository, and so the engine, on sys.path)
from playwright.sync_api import Locator, Page, expect

from engine import redwire
from engine.redwire import Cut, GameState, Pick, PlaceToken, Record, RevealReds, SoloCut
from engine.redwire.mechanisms.equipment import tray
from engine.redwire.wires import RED, cut_value

GAME_KEY = "fusebox.redwire.game"
PROGRESS_KEY = "fusebox.redwire.progress"
#: A human seat against computer seats, no briefing, computers moving at once.
QUICK = "&bots=1&pace=instant&brief=0"


def saved(page: Page, key: str = GAME_KEY) -> Any:
    """The data of a saved envelope (None when nothing is saved)."""
    text = page.evaluate(f"localStorage.getItem({key!r})")
    return None if text is None else json.loads(text)["data"]


def saved_state(page: Page) -> GameState:
    """The game in progress, replayed from the page's save."""
    return Record.from_json(saved(page)["record"]).replay()


def wait_decision(page: Page, timeout: float = 30_000) -> str:
    """Wait until the board waits for the viewer (returns the decision) or the game is over."""
    page.wait_for_selector(
        '[data-testid="prompt"][data-decision], [data-testid="end"]', timeout=timeout
    )
    if page.get_by_test_id("end").count():
        return "over"
    return str(page.get_by_test_id("prompt").get_attribute("data-decision"))


def settled_decision(page: Page, timeout: float = 30_000) -> str:
    """Like :func:`wait_decision`, once the screen shows the saved game: after a move the prompt
    of the decision before it can still be on screen for a moment (the page saves, then draws)."""
    for _ in range(int(timeout / 50)):
        decision = wait_decision(page, timeout)
        if decision == "over":
            return decision
        shown = page.get_by_test_id("prompt").get_attribute("data-moves")
        if shown == str(len(saved_state(page).history)):
            return decision
        page.wait_for_timeout(50)
    raise AssertionError("the board never showed the saved game")


#: In the page: put a saved game in storage, then follow a link that names no game (as Back or
#: Forward would): Red Wire reads its saves again and goes back to the game in progress, as at a
#: boot (``fusebox_web.shell.mount``'s ``follow``), without booting Python again.
RESUME = """([key, text, query]) => {
    localStorage.setItem(key, text);
    history.pushState(null, "", query);
    dispatchEvent(new PopStateEvent("popstate"));
}"""
#: Each resume's address differs from the last (the shell opens nothing for the same address):
#: ``?game=redwire``, once or twice. It names Red Wire and none of its link's parameters, so it
#: is no link: the game in progress comes back. (``?resume=N`` was one, but a parameter Red
#: Wire does not have, alone, is now a bad link, refused naming it.)
_resumes = itertools.count(1)


def _resume_query(n: int) -> str:
    return "?" + "&".join(["game=redwire"] * (1 + n % 2))


def resume_at(page: Page, state: GameState, **fields: Any) -> None:
    """Open ``state`` in the page through its own resume path: the game the page shows, moved
    on in CPython (same deal, table and options), saved with the device held by the seat to
    move (``fields`` replace other parts of the save, e.g. ``clock``); waits for its board.
    A test reaches its position this way instead of playing every move in the page."""
    envelope = json.loads(page.evaluate(f"localStorage.getItem({GAME_KEY!r})"))
    data = envelope["data"]
    table = data["table"]
    humans = [i for i in range(table["players"]) if table["seats"][i]["kind"] != "bot"]
    data.update(
        record=state.record.to_json(),
        stage="playing",
        holder=state.to_move if state.to_move in humans else data["holder"],
        handoff=None,
    )
    data.update(fields)
    page.evaluate(RESUME, [GAME_KEY, json.dumps(envelope), _resume_query(next(_resumes))])
    moves = len(state.history)
    page.wait_for_selector(
        f'[data-testid="prompt"][data-moves="{moves}"], [data-testid="end"], '
        '[data-testid="handoff"]'
    )


def computers_tokens(page: Page, saved_moves: int = 0) -> GameState:
    """The page's game once the computers have placed their setup tokens up to the person's
    (seat 0's) next decision: chosen here, in CPython, by the page's own computers (the table's
    level, seeded as the page seeds them: the same tokens), at once (at the slow pace each takes
    2.2 s in the page). ``saved_moves``: how many moves the page's save must hold first (the
    person's own token, just played)."""
    from engine.redwire.bots import make_bot

    for _ in range(100):
        state = saved_state(page)
        if len(state.history) >= saved_moves:
            break
        page.wait_for_timeout(50)
    else:
        raise AssertionError("the page never saved the person's move")
    seats = saved(page)["table"]["seats"]
    while state.phase.value == "setup_token" and state.to_move != 0:
        seat = state.to_move
        assert seat is not None and seats[seat]["kind"] == "bot"
        bot = make_bot(seats[seat]["level"], (state.setup.seed or 0) * 8 + seat)
        state, _ = state.apply(bot.choose(state.observation(seat), state.legal_actions(seat)))
    return state


def tile(page: Page, stand: int, slot: int) -> Any:
    return page.locator(f'[data-act="tile"][data-stand="{stand}"][data-slot="{slot}"]')


def settled_box(locator: Any, tries: int = 100) -> dict[str, float]:
    """The box of a visible element once its animations are over.

    A wire of the last action flips into place (``rotateY(90deg)`` at its first frame): for that
    moment it counts as visible but has no box on the screen. And the board is drawn again when
    the computer players stop (their "thinking" mark goes): an element measured just as it is
    replaced has no box either. So: wait, measure, and measure again if it was gone.
    """
    for _ in range(tries):
        locator.wait_for(state="visible")
        locator.evaluate("e => Promise.all(e.getAnimations().map((a) => a.finished))")
        box = locator.bounding_box()
        if box is not None:
            return box  # type: ignore[no-any-return]
        locator.page.wait_for_timeout(50)
    raise AssertionError(f"{locator} is never displayed")


def sure_move(state: GameState, seat: int) -> redwire.Action:
    """A move that cannot fail, chosen knowing every wire (what a perfect player would do)."""
    legal = state.legal_actions(seat)
    for action in legal:
        if isinstance(action, (RevealReds, SoloCut)):
            return action
    for action in legal:
        if isinstance(action, (PlaceToken, Pick)):
            return action
    return sure_cut(state, seat)


def sure_cut(state: GameState, seat: int) -> Cut:
    """A single-wire Dual Cut that hits (the pointed wire has the announced value)."""
    for action in state.legal_actions(seat):
        if isinstance(action, Cut) and action.tool is None and len(action.values) == 1:
            stand, slot = action.targets[0]
            if cut_value(state.code_at(stand, slot)) == action.values[0]:
                return action
    raise AssertionError("no sure cut: the deal does not allow one")


def wrong_cut(state: GameState, seat: int) -> Cut:
    """A Dual Cut that misses on a wire that is not red (the detonator moves, a token is placed)."""
    for action in state.legal_actions(seat):
        if isinstance(action, Cut) and action.tool is None and len(action.values) == 1:
            code = state.code_at(*action.targets[0])
            if cut_value(code) not in (action.values[0], RED):
                return action
    raise AssertionError("no wrong cut available")


def value_attr(value: int) -> str:
    """A value as the value picker writes it (yellow is 0 for the engine)."""
    return "yellow" if value == 0 else str(value)


def play(page: Page, action: redwire.Action) -> None:
    """Make ``action`` with clicks on the board, as a player would."""
    if isinstance(action, Cut):
        assert action.tool is None and len(action.values) == 1
        tile(page, *action.targets[0]).click()
        value = action.values[0]
        page.locator(
            f'[data-act="value"][data-value="{"yellow" if value == 0 else value}"]'
        ).click()
    elif isinstance(action, (Pick, PlaceToken)):
        tile(page, action.stand, action.slot).click()
    elif isinstance(action, SoloCut):
        page.locator('[data-act="mode"][data-mode="solo"]').click()
        page.locator(f'[data-act="value"][data-value="{value_attr(action.value)}"]').click()
    elif not isinstance(action, RevealReds):
        raise AssertionError(f"no clicks for {action}")
    confirm = page.get_by_test_id("confirm")
    expect(confirm).not_to_have_attribute("aria-disabled", "true")
    confirm.click()


def play_to_the_end(page: Page, seat: int, moves: int = 200) -> str:
    """Play sure moves for ``seat`` until the mission ends; returns "won" or "exploded"."""
    for _ in range(moves):
        if wait_decision(page) == "over":
            break
        before = len(saved_state(page).history)
        play(page, sure_move(saved_state(page), seat))
        page.wait_for_selector(
            f'[data-testid="prompt"]:not([data-moves="{before}"]), [data-testid="end"]'
        )
    return str(saved_state(page).result)


def play_moves(page: Page, seat: int, count: int) -> None:
    """Play up to ``count`` sure moves for ``seat`` (fewer if the mission ends)."""
    for _ in range(count):
        if wait_decision(page) == "over":
            return
        before = len(saved_state(page).history)
        play(page, sure_move(saved_state(page), seat))
        page.wait_for_selector(
            f'[data-testid="prompt"]:not([data-moves="{before}"]), [data-testid="end"]'
        )


def take_device(page: Page) -> str:
    """Pass and play: click through a handoff if one shows; returns the viewer's decision."""
    page.wait_for_selector(
        '[data-testid="prompt"][data-decision], [data-testid="end"], [data-testid="handoff"]'
    )
    if page.get_by_test_id("handoff").count():
        page.get_by_test_id("handoff-ready").click()
    return wait_decision(page)


def unlocking_move(state: GameState, seat: int, cards: set[int]) -> redwire.Action:
    """A sure move that cuts wires of a locked card's number when it can (two cut: unlocked; a
    double card of rule sticker C: all four of its value)."""
    locked = {tray.unlock_value(c) for c in cards if tray.card_state(state, c) == "locked"}
    for action in state.legal_actions(seat):
        if isinstance(action, Cut) and action.tool is None and len(action.values) == 1:
            stand, slot = action.targets[0]
            value = action.values[0]
            if value in locked and cut_value(state.code_at(stand, slot)) == value:
                return action
    return sure_move(state, seat)


def viewer(page: Page) -> int:
    return int(page.get_by_test_id("prompt").get_attribute("data-viewer") or -1)


def use_card(page: Page, card: int) -> None:
    """Open an equipment card and press its Use button."""
    page.locator(f'.rw-card[data-panel="card:{card}"]').click()
    page.locator(f'[data-act="use"][data-card="{card}"]').click()


# --------------------------------------------------------------------------- by keyboard

FOCUSED = """() => { const e = document.activeElement;
    if (!e || e === document.body) return null;
    const style = getComputedStyle(e);
    return {act: e.dataset.act || null, stand: e.dataset.stand ?? null, slot: e.dataset.slot ?? null,
            value: e.dataset.value ?? null, mode: e.dataset.mode ?? null, id: e.id || null,
            outline: style.outlineStyle, outlineWidth: parseFloat(style.outlineWidth)}; }"""


def focused(page: Page) -> dict[str, Any] | None:
    """What has the keyboard's focus (its data attributes and outline), None for the page."""
    found = page.evaluate(FOCUSED)
    return None if found is None else dict(found)


def key_to_tile(page: Page, stand: int, slot: int, state: GameState, viewer: int) -> None:
    """Arrow keys from the focused wire to (stand, slot): up/down between stands as the board
    orders them (teammates from the next seat on, then your own), left/right along a stand."""
    order = [
        st
        for k in range(1, state.players)
        for st in range(len(state.owners))
        if state.owners[st] == (viewer + k) % state.players
    ]
    order += [st for st in range(len(state.owners)) if state.owners[st] == viewer]
    for _ in range(80):
        at = focused(page)
        assert at is not None and at["act"] == "tile", f"the focus is not on a wire: {at}"
        here = (int(at["stand"]), int(at["slot"]))
        if here == (stand, slot):
            return
        if here[0] != stand:
            key = "ArrowDown" if order.index(stand) > order.index(here[0]) else "ArrowUp"
        else:
            key = "ArrowRight" if slot > here[1] else "ArrowLeft"
        page.keyboard.press(key)
    raise AssertionError("the arrow keys did not reach the wire")


def key_to_value(page: Page, value: int) -> None:
    """Arrow keys along the value picker to ``value`` (the focus is on a value)."""
    wanted = value_attr(value)
    for _ in range(30):
        at = focused(page)
        assert at is not None and at["act"] == "value", f"the focus is not on a value: {at}"
        if at["value"] == wanted:
            return
        page.keyboard.press("ArrowRight")
    raise AssertionError(f"no value {wanted} in the picker")


def key_play(page: Page, action: redwire.Action, state: GameState) -> None:
    """Make ``action`` with the keyboard only: arrows, Enter, and the focus the page moves."""
    seat = action.seat
    if isinstance(action, Cut):
        assert action.tool is None and len(action.values) == 1
        key_to_tile(page, *action.targets[0], state, seat)
        page.keyboard.press("Enter")
        key_to_value(page, action.values[0])
        page.keyboard.press("Enter")
    elif isinstance(action, (Pick, PlaceToken)):
        key_to_tile(page, action.stand, action.slot, state, seat)
        page.keyboard.press("Enter")
    elif isinstance(action, SoloCut):
        tab_to(page, lambda at: at.get("mode") == "solo")
        page.keyboard.press("Enter")
        key_to_value(page, action.value)
        page.keyboard.press("Enter")
    elif not isinstance(action, RevealReds):
        raise AssertionError(f"no keys for {action}")
    at = focused(page)
    assert at is not None and at["act"] == "confirm", f"the focus is not on confirm: {at}"
    page.keyboard.press("Enter")


def tab_to(page: Page, wanted: Any, limit: int = 60) -> None:
    for _ in range(limit):
        at = focused(page)
        if at is not None and wanted(at):
            return
        page.keyboard.press("Tab")
    raise AssertionError("Tab did not reach the control")


def to_missions(page: Page) -> None:
    """From the home screen to the missions: Play, then the table's "Choose the mission"."""
    page.get_by_test_id("play").click()
    page.get_by_test_id("table-next").click()
    expect(page.get_by_test_id("campaign")).to_be_visible()


def press(page: Page, target: Locator, way: str) -> None:
    """Activate ``target`` as a person would: Enter on it (``way`` "keyboard") or a tap."""
    if way == "keyboard":
        target.focus()
        page.keyboard.press("Enter")
    else:
        target.click()


def rehearse(page: Page, steps: Sequence[Locator], says: str, way: str = "keyboard") -> None:
    """Make a selection by ``way`` up to its confirm (which must say ``says``), then cancel it
    the same way: nothing is played and the selection is gone. A person test then makes it for
    real the other way, so one page boot proves both keyboard and touch."""
    moves = page.get_by_test_id("prompt").get_attribute("data-moves")
    for step in steps:
        press(page, step, way)
    expect(page.get_by_test_id("confirm")).to_contain_text(says)
    cancel = page.locator('[data-act="cancel"]')
    press(page, cancel, way)
    expect(cancel).to_have_count(0)
    assert page.get_by_test_id("prompt").get_attribute("data-moves") == moves
