"""Loop the Loop's home card, table screen, pass and play, and damaged saves."""

from __future__ import annotations

import json
from collections.abc import Callable

from harness import follow, forget_game, wait_board, wait_ready
from loop_driver import GAME_KEY, play, saved, saved_state, wait_turn
from playwright.sync_api import Page, expect

from engine.loop.bots import make_bot


def hand_ids(state: object, seat: int) -> list[str]:
    return list(state.hands[seat])  # type: ignore[attr-defined]


def test_pass_and_play_shows_no_other_hand_at_any_handoff(
    follow_link: Callable[..., Page],
) -> None:
    page = follow_link("?game=loop&players=3&seed=5&bots=0&pace=instant")
    bots = [make_bot("basic", seat) for seat in range(3)]
    handoffs = 0
    for _ in range(400):
        decision = wait_turn(page)
        state = saved_state(page)
        every_hand = {c for seat in range(3) for c in hand_ids(state, seat)}
        # The whole document: the board, the live region, the title, every attribute. A card id
        # is written only where a card is shown (no id is part of another: red3a, red13a).
        html = page.evaluate("document.documentElement.outerHTML")
        if decision == "handoff":
            handoffs += 1
            # Nothing private: no card of any hand anywhere on the page.
            assert not [c for c in every_hand if c in html]
            assert page.get_by_test_id("lp-hand").count() == 0
            page.get_by_test_id("lp-handoff-ready").click()
            continue
        if decision == "over":
            break
        seat = state.to_move
        assert seat is not None
        others = {c for s in range(3) if s != seat for c in hand_ids(state, s)}
        assert not [c for c in others if c in html]
        for card in hand_ids(state, seat):
            assert f'data-card="{card}"' in html
        # Six handoffs, the first ones of a new round's deal among them, prove it: the walk
        # stops there (the rest of a three-round game repeated the same screens for seconds).
        if handoffs >= 6 and state.round >= 2:
            break
        play(page, bots[seat].choose(state.observation(seat), state.legal_actions(seat)))
    assert handoffs >= 6 and state.round >= 2, (handoffs, state.round)


def test_the_table_screen_starts_a_game_and_the_home_card_continues_it(
    page: Page, site_url: str
) -> None:
    page.goto(site_url + "?lang=it")
    wait_ready(page)
    page.get_by_test_id("lp-play").click()
    expect(page.get_by_role("heading", name="Chi vola?")).to_be_visible()
    page.locator('[data-act="players"][data-value="2"]').click()
    page.locator('[data-act="seat-kind"][data-seat="1"][data-value="bot"]').click()
    page.locator('[data-act="table-pace"][data-pace="instant"]').click()
    page.get_by_test_id("lp-start").click()
    wait_board(page)
    expect(page).to_have_title("Loop the Loop — Fusebox")
    assert wait_turn(page) in ("turn", "pre_roll")
    # Leave the board for the home screen: the card offers to continue.
    page.goto(site_url + "?lang=it&game=redwire")
    wait_ready(page)
    page.goto(site_url + "?lang=it")
    wait_ready(page)
    page.wait_for_selector('[data-testid="lp-continue"], html[data-board-ready]', state="attached")


def test_a_damaged_save_is_set_aside_with_a_message(page: Page, site_url: str) -> None:
    page.goto(site_url)
    wait_ready(page)
    page.evaluate(
        f'localStorage.setItem({GAME_KEY!r}, \'{{"format": "fusebox.loop.game", "version": 1, "data": {{"summary": {{"round": 2}}, "record": 7}}}}\')'
    )
    page.reload()
    wait_ready(page)
    expect(page.locator(".lp-notice")).to_contain_text("could not be read")
    kept = page.evaluate("localStorage.getItem('fusebox.loop.quarantine.game.1')")
    assert kept is not None and json.loads(kept)["data"]["record"] == 7
    assert page.evaluate(f"localStorage.getItem({GAME_KEY!r})") is None


def test_a_bad_game_link_is_refused_with_a_message(page: Page, site_url: str) -> None:
    page.goto(site_url + "?game=loop&players=9&seed=7")
    wait_ready(page)
    expect(page.locator(".lp-notice")).to_have_text(
        "This game link cannot be used: the number of players must be 2 to 6, not “9”."
    )
    expect(page.get_by_test_id("lp-start")).to_be_visible()  # the table screen, nothing dealt
    assert (
        "players" not in page.url and page.evaluate(f"localStorage.getItem({GAME_KEY!r})") is None
    )
    # The table has 4 seats: a link without players= cannot make the 6th seat first.
    follow(page, "?game=loop&first=6")  # followed in the page: what a visit does
    expect(page.locator(".lp-notice")).to_contain_text(
        "the first pilot must be one of the table's seats, counted from 1, not “6”"
    )
    assert page.evaluate(f"localStorage.getItem({GAME_KEY!r})") is None


def test_a_bad_link_says_why_and_keeps_the_game_in_progress(page: Page, site_url: str) -> None:
    """``?game=loop&mission=3`` (a Red Wire parameter) was no link at all: the game in progress
    came back without a word and the address kept ``?game=loop&mission=3``; without a game, the
    table came up and the address kept ``?mission=3``, which a reload read as Red Wire's mission 3.
    Now the page says what is wrong, in the player's words, the address keeps only ``lang``, and
    the game in progress is kept: the table offers to continue it, and a reload resumes it."""
    page.goto(site_url + "?game=loop&players=3&seed=5&bots=0&pace=instant")
    wait_ready(page)
    wait_board(page)
    before = saved(page)
    assert before is not None
    page.goto(site_url + "?game=loop&mission=3&lang=it")
    wait_ready(page)
    expect(page.locator(".lp-notice").first).to_have_text(
        "Questo link di gioco non si può usare: i link di Loop the Loop non hanno «mission» "
        "(possono dare players, seed, bots, level, pace, first, odds, record, seventh, existing, "
        "pass e rounds)."
    )
    assert page.url.endswith("/?lang=it"), page.url
    assert saved(page) == before
    page.get_by_test_id("lp-table-continue").click()
    wait_board(page)
    assert saved(page) == before
    # Without a game in progress: the table, and nothing left for a reload to read as Red Wire's.
    forget_game(page, site_url)
    page.goto(site_url + "?game=loop&mission=3")
    wait_ready(page)
    expect(page.locator(".lp-notice").first).to_contain_text("Loop the Loop has no “mission”")
    expect(page.get_by_test_id("lp-start")).to_be_visible()
    page.reload()
    wait_ready(page)
    assert page.evaluate("document.documentElement.dataset.game") != "redwire"
    assert page.evaluate("localStorage.getItem('fusebox.redwire.game')") is None
