"""Replays: a finished game stepped through move by move from any seat's view, the public table
or the whole deal; its record downloaded as a file, and opened again by import."""

from __future__ import annotations

import re
from pathlib import Path

from harness import wait_ready
from playwright.sync_api import Page, expect
from redwire_driver import QUICK, play_to_the_end, saved_state, to_missions

from engine.redwire import Record

GAME = "?mission=1&players=2&seed=7" + QUICK + "&captain=1"


def faces(page: Page) -> dict[int, int]:
    """How many wires show their face, per stand, on the replay's board."""
    found: dict[int, int] = {}
    for stand in page.locator('[data-testid="replay-board"] [role="group"][data-stand]').all():
        number = int(stand.get_attribute("data-stand") or -1)
        found[number] = stand.locator(".rw-tile:not(.rw-tile--back)").count()
    return found


def test_a_game_replayed_from_every_view_and_from_its_file(
    page: Page, site_url: str, tmp_path: Path
) -> None:
    page.goto(site_url + GAME)
    wait_ready(page)
    assert play_to_the_end(page, seat=0) == "won"
    final = saved_state(page)
    total = len(final.history)
    page.get_by_role("button", name="Replay this game").click()
    expect(page.get_by_test_id("replay-position")).to_have_text(f"Move {total} of {total}")

    # Back to the start: nothing cut. The whole deal shows every wire face up...
    page.get_by_test_id("replay-first").click()
    expect(page.get_by_test_id("replay-position")).to_have_text(f"Move 0 of {total}")
    expect(page.get_by_test_id("replay-what")).to_have_text("The deal, before the first move.")
    assert faces(page) == {0: 6, 1: 6, 2: 6, 3: 6}
    # ...Ana's view her own wires only; the public table none.
    page.get_by_role("button", name="Ana", exact=True).click()
    expect(page.get_by_test_id("replay-board")).to_have_attribute("data-view", "0")
    assert faces(page) == {0: 6, 1: 6, 2: 0, 3: 0}
    page.get_by_role("button", name="The table (public)").click()
    expect(page.get_by_test_id("replay-board")).to_have_attribute("data-view", "table")
    assert faces(page) == {0: 0, 1: 0, 2: 0, 3: 0}

    # Move by move, with the keyboard too: each step says what the move did.
    page.get_by_test_id("replay-next").click()
    expect(page.get_by_test_id("replay-position")).to_have_text(f"Move 1 of {total}")
    expect(page.get_by_test_id("replay-what")).to_contain_text("info token")
    page.get_by_test_id("replay-next").focus()
    page.keyboard.press("End")
    expect(page.get_by_test_id("replay-position")).to_have_text(f"Move {total} of {total}")
    page.keyboard.press("ArrowLeft")
    expect(page.get_by_test_id("replay-position")).to_have_text(f"Move {total - 1} of {total}")

    # The record as a file, and back in by import: the same game.
    page.get_by_role("button", name="Back", exact=True).click()
    with page.expect_download() as download:
        page.get_by_test_id("record-download").click()
    path = tmp_path / "record.json"
    download.value.save_as(path)
    assert Record.loads(path.read_text()).replay().same_as(final)
    page.get_by_test_id("result").wait_for()
    page.goto(site_url)
    wait_ready(page)
    to_missions(page)
    page.get_by_role("button", name="Save and transfer").click()
    page.get_by_test_id("record-import").set_input_files(str(path))
    expect(page.get_by_test_id("replay-position")).to_have_text(f"Move {total} of {total}")
    expect(page.get_by_role("heading", name=re.compile("Replay: "))).to_be_visible()
    bad = tmp_path / "bad.json"
    bad.write_text('{"hello": 1}')
    page.get_by_role("button", name="Back", exact=True).click()
    page.get_by_test_id("record-import").set_input_files(str(bad))
    expect(page.get_by_test_id("campaign")).to_contain_text("holds no Red Wire record")
