"""Saved progress: damaged data is set aside (never deleted), and progress travels as a file."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from harness import wait_ready
from playwright.sync_api import Page, Route, expect
from redwire_driver import (
    GAME_KEY,
    PROGRESS_KEY,
    play,
    saved_state,
    sure_move,
    to_missions,
    wait_decision,
)

from engine.redwire.campaign import Campaign

BAD_GAME = '{"format": "fusebox.redwire.game", "version": 1, "data": {"record": "hand-edited"}}'
ARCHIVES = re.compile(r".*/pkg/.*\.(whl|zip)$")
OLD_PROGRESS = '{"format": "fusebox.redwire.progress", "version": 0, "data": {}}'


def progress_with_mission_one_won() -> str:
    campaign = Campaign().finished(mission=1, players=3, captain=0, won=True)
    table = {
        "players": 3,
        "seats": [
            {"kind": k, "name": "", "level": "expert"}
            for k in ("human", "bot", "bot", "bot", "bot")
        ],
        "options": {},
        "pace": "normal",
    }
    data = {"campaign": campaign.to_json(), "table": table}
    return json.dumps({"format": "fusebox.redwire.progress", "version": 1, "data": data})


def edit_saved_game(page: Page, edit: Callable[[dict[str, Any]], None]) -> str:
    """The saved game hand-edited by ``edit`` and the page reloaded on it: the edited text."""
    raw = json.loads(page.evaluate(f"localStorage.getItem({GAME_KEY!r})"))
    edit(raw)
    edited = json.dumps(raw)
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [GAME_KEY, edited])
    page.reload()
    wait_ready(page)
    return edited


def quarantined(page: Page) -> dict[str, str]:
    found: dict[str, str] = page.evaluate(
        """() => Object.fromEntries(Object.keys(localStorage)
            .filter((k) => k.startsWith("fusebox.redwire.quarantine."))
            .map((k) => [k, localStorage.getItem(k)]))"""
    )
    return found


def test_damaged_saves_are_set_aside_and_the_game_starts_afresh(page: Page, site_url: str) -> None:
    page.goto(site_url)
    wait_ready(page)
    page.evaluate(
        "([g, p, gv, pv]) => { localStorage.setItem(g, gv); localStorage.setItem(p, pv); }",
        [GAME_KEY, PROGRESS_KEY, BAD_GAME, OLD_PROGRESS],
    )
    page.reload()
    wait_ready(page)
    home = page.get_by_test_id("home")
    expect(home).to_contain_text("Your saved progress could not be read")
    expect(home).to_contain_text("The saved game could not be read")
    # Said once: not again by the "kept" line beside the notice, and no "0 of 65 won".
    expect(page.get_by_test_id("kept")).to_have_count(0)
    expect(page.get_by_test_id("home-progress")).to_have_count(0)
    expect(page.get_by_test_id("continue")).to_have_count(0)
    kept = quarantined(page)
    assert sorted(kept.values()) == sorted([BAD_GAME, OLD_PROGRESS]), kept
    assert "Traceback" not in page.locator("body").inner_text()

    # A fresh start: mission 1 open, mission 2 locked; the bad data stays where it was put.
    to_missions(page)
    expect(page.get_by_test_id("mission-1")).to_contain_text("Open")
    expect(page.get_by_test_id("mission-2")).to_contain_text("Locked")
    page.reload()
    wait_ready(page)
    assert quarantined(page) == kept
    # Told once; afterwards the home screen still says the old progress is kept, unread,
    # instead of showing "0 of 8" as if nothing had been won.
    expect(page.get_by_test_id("home")).not_to_contain_text("Your saved progress could not")
    expect(page.get_by_test_id("kept")).to_contain_text(
        "Earlier saved progress that could not be read in full is kept"
    )
    expect(page.get_by_test_id("home-progress")).to_have_count(0)


def test_a_damaged_game_resumes_before_the_damage_and_the_copy_is_kept(
    follow_link: Callable[..., Page], tmp_path: Path
) -> None:
    page = follow_link("?mission=1&players=3&seed=3&bots=1&pace=instant&brief=0&captain=1")
    for _ in range(4):
        play(page, sure_move(saved_state(page), 0))
        wait_decision(page)
    played = saved_state(page).history
    assert len(played) >= 6

    def impossible_fifth_action(raw: dict[str, Any]) -> None:
        raw["data"]["record"]["actions"][4]["slot"] = 77

    damaged = edit_saved_game(page, impossible_fifth_action)
    expect(page.get_by_test_id("home")).to_contain_text(
        "The saved game was damaged at action 5: it resumes just before it, after action 4."
    )
    assert saved_state(page).history == played[:4]

    # The damaged copy is listed with its date, and downloads as it was.
    to_missions(page)
    listed = page.get_by_test_id("set-aside")
    expect(listed).to_contain_text("A saved game, set aside on ")
    expect(listed).to_contain_text("the data is damaged.")
    with page.expect_download() as download:
        page.get_by_test_id("set-aside-download").click()
    copy = tmp_path / "kept.json"
    download.value.save_as(copy)
    assert copy.read_text() == damaged

    # Restored: read again, brought back again to the same point; the repaired game it
    # replaced is set aside in its turn (nothing is ever dropped).
    page.get_by_test_id("set-aside-restore").click()
    expect(page.get_by_test_id("campaign")).to_contain_text("damaged at action 5")
    assert saved_state(page).history == played[:4]
    assert len(quarantined(page)) == 2


def test_export_and_import_progress(page: Page, site_url: str, tmp_path: Path) -> None:
    page.goto(site_url)
    wait_ready(page)
    page.evaluate(
        "([k, v]) => localStorage.setItem(k, v)", [PROGRESS_KEY, progress_with_mission_one_won()]
    )
    page.reload()
    wait_ready(page)
    to_missions(page)
    expect(page.get_by_test_id("mission-2")).to_contain_text("Open")

    page.get_by_role("button", name="Save and transfer").click()
    with page.expect_download() as download:
        page.get_by_test_id("export").click()
    saved = tmp_path / "progress.json"
    download.value.save_as(saved)
    exported = json.loads(saved.read_text())
    assert exported["format"] == "fusebox.redwire.export"
    assert exported["progress"]["data"]["campaign"]["missions"]["1"]["wins"] == 1

    # Storage cleared (as iOS does after a week): the campaign is back to the start...
    page.evaluate("localStorage.clear()")
    page.reload()
    wait_ready(page)
    to_missions(page)
    expect(page.get_by_test_id("mission-2")).to_contain_text("Locked")
    # ...until the file is loaded again.
    page.get_by_role("button", name="Save and transfer").click()
    page.get_by_test_id("import").set_input_files(str(saved))
    expect(page.get_by_test_id("campaign")).to_contain_text("Progress loaded.")
    expect(page.get_by_test_id("mission-2")).to_contain_text("Open")

    # A file that is not an export changes nothing.
    junk = tmp_path / "junk.json"
    junk.write_text('{"hello": "world"}')
    expect(page.get_by_role("button", name="Save and transfer")).to_have_attribute(
        "aria-expanded", "true"
    )
    page.get_by_test_id("import").set_input_files(str(junk))
    expect(page.get_by_test_id("campaign")).to_contain_text("That file is not Red Wire progress")
    expect(page.get_by_test_id("mission-2")).to_contain_text("Open")


def test_an_unknown_computer_level_is_said_and_the_game_continues(
    follow_link: Callable[..., Page],
) -> None:
    """A saved game hand-edited so that a computer's level is "genius": the home screen names
    the player and the level it plays at instead; the edited copy is set aside as it was."""
    page = follow_link("?mission=1&players=3&seed=3&bots=1&pace=instant&brief=0&captain=1")
    play(page, sure_move(saved_state(page), 0))
    wait_decision(page)
    played = saved_state(page).history

    def genius(raw: dict[str, Any]) -> None:
        raw["data"]["table"]["seats"][1]["level"] = "genius"

    edited = edit_saved_game(page, genius)
    expect(page.get_by_test_id("home")).to_contain_text(
        "The saved game gave Ben a computer level this page does not have (“genius”): "
        "Ben plays at the Expert level."
    )
    expect(page.get_by_test_id("continue")).to_be_visible()
    assert list(quarantined(page).values()) == [edited]
    assert saved_state(page).history == played
    saved = json.loads(page.evaluate(f"localStorage.getItem({GAME_KEY!r})"))
    assert saved["data"]["table"]["seats"][1]["level"] == "expert"


def test_a_table_character_the_mission_forbids_is_said_on_the_briefing(
    page: Page, site_url: str
) -> None:
    """Ben chose the Either-Or Ray (E4) on the table screen; mission 44 forbids it: the briefing
    and the log say he plays with the Double Detector."""
    progress = json.loads(progress_with_mission_one_won())
    seats = progress["data"]["table"]["seats"]
    seats[1]["kind"] = "human"
    progress["data"]["table"]["options"] = {"character_1": "E4"}
    page.goto(site_url)
    wait_ready(page)
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [PROGRESS_KEY, json.dumps(progress)])
    page.goto(site_url + "?mission=44&players=3&seed=3&captain=1")
    wait_ready(page)
    said = (
        "Ben chose the Either-Or Ray (E4), which mission 44 does not allow: "
        "Ben plays with the Double Detector."
    )
    expect(page.get_by_test_id("brief-note")).to_have_text(said)
    page.get_by_test_id("begin").click()
    expect(page.locator(".rw-line", has_text=said).first).to_be_attached()


@pytest.mark.fresh_profile
def test_the_table_before_the_boot_leaves_a_hand_edited_level_to_python(
    page: Page, site_url: str
) -> None:
    """Saved progress whose computer has a level this page does not have: the table drawn before
    Python boots (js/redwire.js) shows a level it has, and a change made there is not saved over
    the edited copy, which Python sets aside as it was once it boots."""
    held: list[Route] = []

    def hold(route: Route) -> None:  # Python cannot boot until these are let through
        held.append(route)

    page.route(ARCHIVES, hold)
    page.goto(site_url)
    raw = json.loads(progress_with_mission_one_won())
    raw["data"]["table"]["seats"][1]["level"] = "genius"
    edited = json.dumps(raw)
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [PROGRESS_KEY, edited])
    page.reload()
    page.get_by_test_id("play").click()
    level = page.locator("#rw-early-level-1")
    expect(level).to_have_value("expert")
    level.select_option("cautious")
    expect(level).to_have_value("cautious")
    assert page.evaluate(f"localStorage.getItem({PROGRESS_KEY!r})") == edited
    assert page.locator("html[data-ready]").count() == 0, "all this before Python booted"
    for route in held:
        route.continue_()
    page.unroute(ARCHIVES)
    wait_ready(page)
    assert edited in quarantined(page).values()
