"""The projector view: a second window with the public table only, kept in step with the game,
with nothing private in its page at any moment (scanned against the true deal after every move)."""

from __future__ import annotations

import re

from harness import Watch, record_console, wait_ready
from playwright.sync_api import Page, expect
from redwire_driver import play, saved_state, sure_move, wait_decision

from engine.redwire import GameState

GAME = "?mission=2&players=3&seed=5&bots=1&pace=instant&brief=0&captain=1"
TILE = re.compile(r'<button([^>]*data-act="tile"[^>]*)>(.*?)</button>', re.S)
STAND = re.compile(r'data-stand="(\d+)"')
SLOT = re.compile(r'data-slot="(\d+)"')


def only_public(view: Page, state: GameState) -> int:
    """Every uncut wire in the projector's page is a bare back, with no value anywhere; every
    cut wire shows its true label. Returns how many hidden wires were checked."""
    html = view.content()
    uncut = {(st, slot) for st in range(len(state.owners)) for slot, _ in state.uncut(st)}
    hidden = 0
    for attributes, inner in TILE.findall(html):
        stand = int(STAND.search(attributes).group(1))  # type: ignore[union-attr]
        slot = int(SLOT.search(attributes).group(1))  # type: ignore[union-attr]
        if (stand, slot) not in uncut:
            assert "is-cut" in attributes, (stand, slot)
            continue
        assert "rw-tile--back" in attributes and "hidden" in attributes, attributes
        assert "rw-n" not in inner and "rw-face" not in inner, inner
        hidden += 1
    assert hidden == len(uncut), (hidden, len(uncut))
    # No private word anywhere: no "your" view, no hand, no value picker, no hint.
    assert 'data-act="value"' not in html and "rw-player--mine" not in html
    return hidden


def test_the_projector_follows_the_game_and_shows_nothing_private(
    page: Page, site_url: str, watch: Watch
) -> None:
    page.goto(site_url + GAME)
    wait_ready(page)
    page.get_by_role("button", name="Menu").click()
    with page.context.expect_page() as opened:
        page.get_by_test_id("projector-link").click()
    view = opened.value
    record_console(view, watch)
    wait_ready(view)
    expect(view.get_by_test_id("projector")).to_be_visible()
    assert "view=table" in view.url
    # The game's page in front again, as on a table with the projector as a second screen: a
    # page behind another gets animation frames about once a second, and every click (which
    # waits for its target to hold still over two frames) would take that long.
    page.bring_to_front()
    page.get_by_role("button", name="Close").click()

    checked = 0
    for _ in range(8):
        decision = wait_decision(page)
        state = saved_state(page)
        expect(view.locator("html")).to_have_attribute(
            "data-projector-moves", str(len(state.history))
        )
        checked += only_public(view, state)
        if decision == "over":
            break
        play(page, sure_move(state, 0))
        page.wait_for_selector(
            f'[data-testid="prompt"]:not([data-moves="{len(state.history)}"]), [data-testid="end"]'
        )
    assert checked > 40
    # What the table sees: the detonator, the log of public events, the equipment.
    expect(view.get_by_test_id("detonator")).to_be_visible()
    expect(view.get_by_test_id("projector-log")).to_contain_text("points at")
    view.close()
