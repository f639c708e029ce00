"""Red Wire played through the page as a player: clicks on wires, values and confirm buttons.

Every game here comes from a game link with a fixed seed, so the deal is known: the test reads
the page's save back with the engine (redwire_driver) and chooses its clicks knowing every wire.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from harness import wait_board, wait_ready
from playwright.sync_api import Page, expect
from redwire_driver import (
    PROGRESS_KEY,
    QUICK,
    play,
    play_to_the_end,
    saved,
    saved_state,
    settled_decision,
    sure_cut,
    sure_move,
    tile,
    to_missions,
    wait_decision,
    wrong_cut,
)

from engine.redwire import Cut
from engine.redwire.wires import cut_value


def follow_game(follow_link: Callable[..., Page], query: str) -> Page:
    """The game link ``query`` in a booted page (conftest's ``follow_link``), its board up."""
    page = follow_link(query)
    wait_board(page)
    return page


def test_win_mission_one_and_unlock_mission_two(follow_link: Callable[..., Page]) -> None:
    page = follow_game(follow_link, "?mission=1&players=3&seed=3" + QUICK)
    # The link's parameters are gone from the address: a reload resumes, it does not re-deal.
    assert "seed" not in page.url
    assert play_to_the_end(page, seat=0) == "won"
    expect(page.get_by_test_id("result")).to_have_text("Bomb defused!")
    expect(page.get_by_test_id("deal").locator(".rw-tile")).to_have_count(24)
    progress = saved(page, PROGRESS_KEY)["campaign"]["missions"]
    assert progress["1"] == {"attempts": 1, "wins": 1, "assisted": False}

    # Progress is kept: after a reload the campaign shows mission 1 won and mission 2 open.
    page.reload()
    wait_ready(page)
    to_missions(page)
    expect(page.get_by_test_id("mission-1")).to_contain_text("Won at the first attempt")
    expect(page.get_by_test_id("mission-2")).to_contain_text("Open")
    expect(page.get_by_test_id("mission-3")).to_have_attribute("aria-disabled", "true")
    page.get_by_test_id("mission-2").click()
    expect(page.get_by_role("heading", name="Yellow Alert")).to_be_visible()
    expect(page.get_by_test_id("brief")).to_contain_text("yellow wire")


def test_wrong_cuts_move_the_detonator_mark_the_wire_and_explode(
    follow_link: Callable[..., Page],
) -> None:
    # Two players: the second mistake explodes the bomb.
    page = follow_game(follow_link, "?mission=1&players=2&seed=11" + QUICK)
    while settled_decision(page) != "turn":
        play(page, sure_move(saved_state(page), 0))
    expect(page.get_by_test_id("mistakes-left")).to_have_text("1 mistake left")

    state = saved_state(page)
    action = wrong_cut(state, 0)
    stand, slot = action.targets[0]
    truth = state.code_at(stand, slot) // 10
    moves = len(state.history)
    play(page, action)
    expect(page.get_by_test_id("mistakes-left")).to_have_text("No mistake left")
    expect(tile(page, stand, slot)).to_have_attribute(
        "aria-label", re.compile(f"hidden, info token {truth}$")
    )
    expect(tile(page, stand, slot).locator(".rw-token")).to_have_attribute("data-v", str(truth))
    page.get_by_role("button", name="Full log").click()
    expect(page.get_by_test_id("full-log")).to_contain_text(f"No, it is {truth}.")
    expect(page.get_by_test_id("full-log")).to_contain_text(
        "Detonator: no mistake left! The next one explodes the bomb."
    )

    # A reload comes back to the same game, turn and view.
    wait_decision(page)
    before = page.get_by_test_id("prompt").get_attribute("data-moves")
    page.reload()
    wait_ready(page)
    wait_board(page)
    expect(page.get_by_test_id("prompt")).to_have_attribute("data-moves", str(before))
    expect(page.get_by_test_id("mistakes-left")).to_have_text("No mistake left")
    assert len(saved_state(page).history) > moves

    # The next mistake is the last one.
    while wait_decision(page) not in ("turn", "over"):
        play(page, sure_move(saved_state(page), 0))
    if wait_decision(page) == "turn":
        play(page, wrong_cut(saved_state(page), 0))
    expect(page.get_by_test_id("result")).to_have_text("BOOM! The bomb exploded.")
    expect(page.get_by_test_id("story")).to_contain_text("No, it is")
    assert saved_state(page).result == "exploded"
    progress = saved(page, PROGRESS_KEY)["campaign"]["missions"]
    assert progress["1"]["attempts"] == 1 and progress["1"]["wins"] == 0
    # Retry: a new attempt, the next captain in charge.
    page.get_by_test_id("retry").click()
    expect(page.get_by_test_id("begin")).to_be_visible()


def test_keyboard_only_dual_cut(follow_link: Callable[..., Page]) -> None:
    page = follow_game(follow_link, "?mission=1&players=3&seed=3" + QUICK)
    assert wait_decision(page) == "setup_token"
    # The first wire to choose has the focus: Enter picks it, Enter again confirms.
    expect(page.locator(".rw-tile.is-tappable").first).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("confirm")).to_be_focused()
    page.keyboard.press("Enter")
    assert wait_decision(page) == "turn"

    state = saved_state(page)
    # A sure cut of a value I hold twice: my own wire to cut is then mine to choose.
    own = [code for st in (0, 1) if state.owners[st] == 0 for _, code in state.uncut(st)]
    twice = [
        a for a in state.legal_actions(0)
        if isinstance(a, Cut) and a.tool is None and len(a.values) == 1
        and cut_value(state.code_at(*a.targets[0])) == a.values[0]
        and sum(1 for code in own if cut_value(code) == a.values[0]) >= 2
    ]  # fmt: skip
    action = twice[0] if twice else sure_cut(state, 0)
    assert twice, "this deal has a sure cut of a value held twice"
    (stand, slot), value = action.targets[0], action.values[0]
    # Tab to the first teammate's stand, then arrows to the wire.
    for _ in range(30):
        if page.evaluate("document.activeElement.dataset.act") == "tile":
            break
        page.keyboard.press("Tab")
    focused = page.evaluate(
        "[+document.activeElement.dataset.stand, +document.activeElement.dataset.slot]"
    )
    order = [
        int(s)
        for s in page.locator('#rw-team [role="group"]').evaluate_all(
            "els => els.map(e => e.dataset.stand)"
        )
    ]
    for _ in range(order.index(stand) - order.index(focused[0])):
        page.keyboard.press("ArrowDown")
    for _ in range(slot - min(focused[1], slot)):
        page.keyboard.press("ArrowRight")
    expect(tile(page, stand, slot)).to_be_focused()
    page.keyboard.press("Enter")
    # The value picker takes the focus; Tab to the value, Enter, then Enter on the confirm button.
    for _ in range(15):
        if page.evaluate("document.activeElement.dataset.value") == str(value):
            break
        page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    confirm = page.get_by_test_id("confirm")
    expect(confirm).to_be_focused()
    expect(confirm).to_contain_text(f"wire {slot + 1} a {value}?")
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("last-event")).to_contain_text("Yes!")
    # Now one of my own wires of that value: it has the focus, Escape lets go of nothing wrong.
    assert wait_decision(page) == "own_cut"
    expect(page.locator(".rw-tile.is-tappable").first).to_be_focused()
    page.keyboard.press("Enter")
    page.keyboard.press("Escape")
    expect(page.get_by_test_id("prompt")).to_be_focused()
    expect(page.locator(".rw-tile.is-selected")).to_have_count(0)


def test_show_odds_then_a_win_counts_as_assisted(follow_link: Callable[..., Page]) -> None:
    page = follow_game(follow_link, "?mission=1&players=3&seed=3" + QUICK)
    toggle = page.get_by_test_id("odds-toggle")
    expect(toggle).to_have_attribute("aria-pressed", "false")  # off by default
    expect(toggle).to_have_accessible_name("Show odds")
    expect(page.get_by_test_id("odds")).to_have_count(0)
    # The keyboard turns it on (Space on the focused button), as a tap would.
    toggle.focus()
    page.keyboard.press("Space")
    expect(toggle).to_have_attribute("aria-pressed", "true")
    expect(page.get_by_test_id("message")).to_contain_text("counts as assisted")
    assert saved(page)["odds"] is True and saved(page)["assisted"] is True

    while settled_decision(page) != "turn":
        play(page, sure_move(saved_state(page), 0))
    obs = saved_state(page).observation(0)
    hidden = [
        (stand, slot)
        for stand, data in enumerate(obs["stands"])
        if data["owner"] != 0
        for slot, t in enumerate(data["slots"])
        if not t["cut"]
    ]
    held = {int(str(t["wire"])) for d in obs["stands"] if d["owner"] == 0 for t in d["slots"]}
    # A teammate's wire whose info token shows a value Ana holds (seed 3: Cleo's 4).
    token = next(t for t in hidden if obs["stands"][t[0]]["slots"][t[1]]["info"] in held)
    info = obs["stands"][token[0]]["slots"][token[1]]["info"]
    odds = page.get_by_test_id("odds")
    dist = odds.get_by_test_id("odds-dist").locator("li")

    # A wire with an info token: one value, 100%, and the token named as the reason.
    tile(page, *token).click()
    expect(tile(page, *token)).to_have_attribute("aria-pressed", "true")  # the cut is started
    expect(dist).to_have_count(1)
    expect(dist.first).to_have_text(re.compile(rf"^{info}\s*100%$"))
    expect(odds.get_by_test_id("odds-why")).to_have_text(
        re.compile(rf"^{info} on \w+'s wire {token[1] + 1}: an info token shows it\.$")
    )
    expect(
        odds.get_by_test_id("odds-cuts").locator(f'tr[data-value="{info}"] td').first
    ).to_have_text(re.compile(r"^100%"))

    # A wire no token shows: several values, adding up to 100%, most likely first.
    other = next(
        t for t in hidden if t != token and obs["stands"][t[0]]["slots"][t[1]]["info"] is None
    )
    tile(page, *other).click()
    expect(odds).to_have_attribute("data-slot", str(other[1]))
    shown = [
        text.replace("<", "").replace(">", "").rstrip("%")
        for text in odds.locator(".rw-odds-p").all_text_contents()
    ]
    numbers = [float(n) for n in shown]
    assert len(numbers) >= 2 and numbers == sorted(numbers, reverse=True)
    assert abs(sum(numbers) - 100) <= len(numbers) / 2 + 1, shown
    expect(odds.get_by_test_id("odds-why")).to_contain_text("most likely")

    # A reload keeps the toggle on; then the game is played to a win through the same clicks.
    page.reload()
    wait_ready(page)
    wait_board(page)
    expect(page.get_by_test_id("odds-toggle")).to_have_attribute("aria-pressed", "true")
    assert play_to_the_end(page, seat=0) == "won"
    progress = saved(page, PROGRESS_KEY)["campaign"]["missions"]
    assert progress["1"] == {"attempts": 1, "wins": 1, "assisted": True}
    page.locator('[data-act="campaign"]').click()
    expect(page.get_by_test_id("mission-1")).to_contain_text("Won at the first attempt")
    expect(page.get_by_test_id("mission-1")).to_contain_text("assisted (hints or odds)")
