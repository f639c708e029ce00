"""Saved progress: damaged data is set aside (never deleted), and progress travels as a file."""

from __future__ import annotations

import json
from pathlib import Path

from harness import wait_ready
from playwright.sync_api import Page, expect
from redwire_driver import GAME_KEY, PROGRESS_KEY

from engine.redwire.campaign import Campaign

BAD_GAME = '{"format": "fusebox.redwire.game", "version": 1, "data": {"record": "hand-edited"}}'
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
    expect(page.get_by_test_id("continue")).to_have_count(0)
    kept = quarantined(page)
    assert sorted(kept.values()) == sorted([BAD_GAME, OLD_PROGRESS]), kept
    assert "Traceback" not in page.locator("body").inner_text()

    # A fresh start: mission 1 open, mission 2 locked; the bad data stays where it was put.
    page.get_by_test_id("play").click()
    expect(page.get_by_test_id("mission-1")).to_contain_text("Open")
    expect(page.get_by_test_id("mission-2")).to_contain_text("Locked")
    page.reload()
    wait_ready(page)
    assert quarantined(page) == kept
    expect(page.get_by_test_id("home")).not_to_contain_text("could not be read")


def test_export_and_import_progress(page: Page, site_url: str, tmp_path: Path) -> None:
    page.goto(site_url)
    wait_ready(page)
    page.evaluate(
        "([k, v]) => localStorage.setItem(k, v)", [PROGRESS_KEY, progress_with_mission_one_won()]
    )
    page.reload()
    wait_ready(page)
    page.get_by_test_id("play").click()
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
    page.get_by_test_id("play").click()
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
