"""The shell: saves written by the format-1 page resume in the new page, and links name a game."""

from __future__ import annotations

import json
from pathlib import Path

from harness import ROOT, wait_board, wait_ready
from playwright.sync_api import Page, expect
from redwire_driver import (
    GAME_KEY,
    play,
    saved,
    saved_state,
    sure_move,
    take_device,
    to_missions,
    viewer,
)

from engine.redwire import Record

FIXTURES = ROOT / "tests" / "redwire" / "fixtures" / "v1"

# Puts the format-1 page's localStorage in place before the page's first script, once (a reload
# must see what the page saved since).
SEED = """(items) => {
    if (localStorage.getItem("test.seeded")) return;
    for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
    localStorage.setItem("test.seeded", "1");
}"""


def test_a_game_saved_by_the_format_1_page_continues(page: Page, site_url: str) -> None:
    """A player's game in progress (written by main at 0eedd75) survives the update."""
    items = json.loads((FIXTURES / "page-localstorage.json").read_text())
    before = Record.from_json(json.loads(items[GAME_KEY])["data"]["record"]).replay()
    page.add_init_script(f"({SEED})({json.dumps(items)})")
    page.goto(site_url)
    wait_ready(page)
    # The game opens at once (a pass-and-play game: the handoff, or the board), unchanged.
    wait_board(page)
    assert saved_state(page).same_as(before)
    assert not page.evaluate(
        "Object.keys(localStorage).filter((k) => k.includes('.quarantine.'))"
    ), "the format-1 saves were set aside"
    assert "Traceback" not in page.locator("body").inner_text()

    # ...and goes on: the next human plays a move through the board.
    take_device(page)
    seat = viewer(page)
    play(page, sure_move(saved_state(page), seat))
    page.wait_for_function(
        f"JSON.parse(localStorage.getItem({GAME_KEY!r})).data.record.actions.length"
        f" > {len(before.history)}"
    )
    after = saved_state(page)
    assert [a.to_json() for a in after.history[: len(before.history)]] == [
        a.to_json() for a in before.history
    ]
    assert saved(page)["table"] == json.loads(items[GAME_KEY])["data"]["table"]
    # The progress saved by the old page is still the player's (format 1, same table).
    progress = json.loads(page.evaluate("localStorage.getItem('fusebox.redwire.progress')"))
    assert progress["version"] == 1
    assert (
        progress["data"]["table"] == json.loads(items["fusebox.redwire.progress"])["data"]["table"]
    )


def test_a_format_1_export_loads_in_the_new_page(page: Page, site_url: str, tmp_path: Path) -> None:
    page.goto(site_url)
    wait_ready(page)
    to_missions(page)
    page.get_by_role("button", name="Save and transfer").click()
    page.get_by_test_id("import").set_input_files(str(FIXTURES / "page-export.json"))
    expect(page.get_by_test_id("campaign")).to_contain_text("Progress loaded.")
    page.get_by_role("button", name="Back", exact=True).click()
    expect(page.get_by_test_id("continue")).to_contain_text("Mission 4")


def test_a_link_to_a_game_the_box_does_not_hold(page: Page, site_url: str) -> None:
    page.goto(site_url + "?game=chess&mission=3&players=3&lang=en")
    wait_ready(page)
    expect(page.locator("#app-notices")).to_have_text(
        "This link asks for a game that is not in this box (\u201cchess\u201d). "
        "Here are the games it holds."
    )
    # The home screen, and no game read the link (Red Wire did not deal mission 3).
    expect(page.get_by_test_id("play")).to_be_visible()
    assert page.evaluate(f"localStorage.getItem({GAME_KEY!r})") is None
    assert page.url.endswith("/?lang=en"), page.url
    assert "Traceback" not in page.locator("body").inner_text()
    # Opening a game's screen puts the notice away.
    to_missions(page)
    expect(page.locator("#app-notices")).to_be_empty()


def test_a_link_naming_red_wire_opens_its_board(page: Page, site_url: str) -> None:
    page.goto(site_url + "?game=redwire&mission=2&players=3&seed=5&bots=1&brief=0&lang=en")
    wait_ready(page)
    wait_board(page)
    assert page.url.endswith("/?lang=en"), page.url
    assert saved_state(page).setup.mission == 2
    expect(page.locator("html")).to_have_attribute("data-game", "redwire")
    expect(page.locator("#game-redwire")).to_have_class("game-card is-open")
