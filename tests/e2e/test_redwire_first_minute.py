"""The first minute: the home screen, its rules and the table work while Python boots, only the
deal waits for it; the table comes before the missions; a person captains a first game. And the
first-game tutorial, played to its end, skipped and replayed."""

from __future__ import annotations

import json
import re

import pytest
from fusebox_web.redwire import tutorial
from harness import Opener, wait_ready
from playwright.sync_api import Page, Route, expect
from redwire_driver import PROGRESS_KEY, play, saved, saved_state, tile, wait_decision

from engine.redwire import PlaceToken

ARCHIVES = re.compile(r".*/pkg/.*\.(whl|zip)$")


# A first visit: the plain boot, requests held on their way from the network. (The tutorial
# below is the app's own first time, which a returning browser with its storage cleared gives.)
@pytest.mark.fresh_profile
def test_the_table_works_while_python_boots(page: Page, site_url: str) -> None:
    held: list[Route] = []

    def hold(route: Route) -> None:  # Python cannot boot until these are let through
        held.append(route)

    page.route(ARCHIVES, hold)
    page.goto(site_url)
    play_button = page.get_by_test_id("play")
    expect(play_button).to_be_visible()
    expect(page.get_by_role("heading", name="How to play")).to_be_visible()
    play_button.click()
    table = page.get_by_test_id("table")
    expect(table).to_be_visible()
    expect(page.get_by_role("heading", name="The table")).to_be_focused()
    # A fresh table: one person (captain by default) and two computers.
    expect(page.locator("#rw-early-captain")).to_have_value("0")
    expect(page.locator("#rw-early-captain option").first).to_have_text("Ana")
    # Four players; the third a person named Zoe, who will be captain; the second plays carefully.
    table.get_by_role("group", name="Number of players").get_by_role("button", name="4").click()
    page.locator('[data-early="kind"][data-seat="2"][data-value="human"]').click()
    page.locator("#rw-early-name-2").fill("Zoe")
    page.locator("#rw-early-name-2").press("Tab")
    page.locator("#rw-early-level-1").select_option("cautious")
    page.locator("#rw-early-captain").select_option(label="Zoe")
    expect(page.get_by_test_id("table-mode")).to_contain_text("2 people pass one device")
    data = json.loads(page.evaluate(f"localStorage.getItem({PROGRESS_KEY!r})"))["data"]
    assert data["table"]["players"] == 4 and data["captain"] == 2
    assert data["table"]["seats"][2] == {"kind": "human", "name": "Zoe", "level": "expert"}
    assert data["table"]["seats"][1]["level"] == "cautious"
    assert page.locator("html[data-ready]").count() == 0, "all this before Python booted"
    assert held, "the page was asking for the archives"

    # The missions need the game: pressed early, the button says so and goes on by itself.
    page.get_by_test_id("table-next").click()
    expect(page.get_by_test_id("table-wait")).to_contain_text("Getting the game ready")
    for route in held:
        route.continue_()
    page.unroute(ARCHIVES)
    wait_ready(page)
    expect(page.get_by_test_id("mission-1")).to_be_visible()
    expect(page.get_by_test_id("table-summary")).to_contain_text("Zoe")
    page.get_by_test_id("mission-1").click()
    expect(page.get_by_test_id("brief")).to_contain_text("Zoe is the Captain and plays first.")
    assert saved(page)["record"]["setup"]["captain"] == 2


def test_the_tutorial_to_the_end_then_skipped_and_replayed(page: Page, site_url: str) -> None:
    page.goto(site_url)
    wait_ready(page)
    # Computers move at once, so the test does not wait for them.
    table = {
        "players": 3,
        "seats": [{"kind": k, "name": "", "level": "expert"} for k in ["human"] + ["bot"] * 4],
        "options": {},
        "pace": "instant",
    }
    campaign = {"format": "fusebox.redwire.campaign", "version": 1, "last_captain": None,
                "missions": {}}  # fmt: skip
    envelope = {
        "format": PROGRESS_KEY,
        "version": 1,
        "data": {"campaign": campaign, "table": table},
    }
    page.evaluate(f"localStorage.setItem({PROGRESS_KEY!r}, {json.dumps(json.dumps(envelope))})")
    page.reload()
    wait_ready(page)
    page.get_by_test_id("tutorial").click()
    coach = page.get_by_test_id("coach")
    expect(coach).to_contain_text("Welcome, Ana!")
    state = saved_state(page)
    assert state.setup.stands == tutorial.new_state().setup.stands

    # The coach marks the wire it asks for; any other move is refused with its reminder.
    first = tutorial.expected(state)
    assert isinstance(first, PlaceToken)
    expect(tile(page, first.stand, first.slot)).to_have_class(re.compile(r"\bis-coach\b"))
    play(page, PlaceToken(0, 0, 4))
    expect(page.get_by_test_id("message")).to_contain_text("follow the coach")
    page.get_by_role("button", name="Cancel").click()

    seen = set()
    while (decision := wait_decision(page)) != "over":
        text = coach.inner_text()
        seen |= {key for key in ("sure Dual Cut", "what a miss does", "Solo Cut") if key in text}
        move = tutorial.expected(saved_state(page))
        assert move is not None and move.seat == 0, decision
        play(page, move)
        page.wait_for_selector(
            f'[data-testid="prompt"]:not([data-moves="{len(saved_state(page).history) - 1}"]),'
            ' [data-testid="end"]'
        )
    assert seen == {"sure Dual Cut", "what a miss does", "Solo Cut"}
    assert saved_state(page).result == "won"
    expect(page.get_by_test_id("end")).to_contain_text("Tutorial complete")
    expect(page.get_by_test_id("tutorial-done")).to_contain_text("Dual Cuts")
    # Never counted in the campaign.
    assert saved(page, PROGRESS_KEY)["campaign"]["missions"] == {}

    # Replayed from its end, then skipped: back home, where it can be started again.
    page.get_by_role("button", name="Replay the tutorial").click()
    expect(coach).to_contain_text("Welcome")
    page.get_by_test_id("tutorial-skip").click()
    expect(page.get_by_test_id("tutorial")).to_be_visible()
    assert page.evaluate("localStorage.getItem('fusebox.redwire.game')") is None


def test_the_tutorial_speaks_italian(page: Page, site_url: str) -> None:
    page.goto(site_url + "?lang=it")
    wait_ready(page)
    page.get_by_test_id("tutorial").click()
    expect(page.get_by_test_id("coach")).to_contain_text("Ciao, Anna!")
    expect(page.get_by_test_id("coach")).to_contain_text("tocca il tuo cavo 2 (un 3)")
    expect(page.get_by_test_id("tutorial-skip")).to_have_text("Salta il tutorial")


def test_a_double_tap_on_play_keeps_you_a_person_at_the_table(
    open_context: Opener, site_url: str
) -> None:
    """On a phone the table replaces the home screen under the finger: the second tap of a
    double tap on "Play Red Wire" fell on the first seat's "Computer" and made your own seat a
    computer. It is dropped; a tap on it still works."""
    context = open_context(viewport={"width": 360, "height": 640}, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.goto(site_url)
    wait_ready(page)
    play_button = page.get_by_test_id("play")
    expect(play_button).to_be_visible()
    box = play_button.bounding_box()
    assert box is not None
    page.mouse.dblclick(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    expect(page.get_by_test_id("table")).to_be_visible()
    person = page.locator('[data-early="kind"][data-seat="0"][data-value="human"]')
    computer = page.locator('[data-early="kind"][data-seat="0"][data-value="bot"]')
    page.wait_for_timeout(300)  # the second tap, had it been taken, would be drawn
    expect(person).to_have_attribute("aria-pressed", "true")
    progress = page.evaluate(f"localStorage.getItem({PROGRESS_KEY!r})")
    assert progress is None or json.loads(progress)["data"]["table"]["seats"][0]["kind"] == "human"
    computer.click()
    expect(computer).to_have_attribute("aria-pressed", "true")
