"""Countdown played through the page: a person against computers on a phone, pass and play with
nothing private on screen at any handoff, a reload that resumes.

Every game comes from a game link with a fixed seed: the test reads the page's save back with the
engine (countdown_driver) and plays with clicks, as a person would.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from countdown_driver import GAME_KEY, choose, play, play_move, saved, saved_state, wait_screen
from fusebox_web.countdown.log_text import Note, bot_text, line
from fusebox_web.countdown.words import Words
from fusebox_web.shell.i18n import Catalog, load_catalogs
from harness import ROOT, Opener, wait_board, wait_ready
from playwright.sync_api import Page, ViewportSize, expect

from engine.countdown import GameState
from engine.countdown.actions import Action, PlayCard
from engine.countdown.bots.explanation import is_private

PHONE: ViewportSize = {"width": 360, "height": 640}
WEB = ROOT / "web"


def open_link(page: Page, url: str) -> None:
    page.goto(url)
    wait_ready(page)
    wait_board(page)


def follow_board(follow_link: Callable[..., Page], query: str, **options: Any) -> Page:
    """The game link ``query`` in a booted page (conftest's ``follow_link``), its board up."""
    page = follow_link(query, **options)
    wait_board(page)
    return page


def test_a_person_plays_a_whole_game_against_computers_on_a_phone(
    open_context: Opener, site_url: str
) -> None:
    context = open_context(viewport=PHONE)
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    open_link(page, site_url + "?game=countdown&players=3&seed=11&bots=1&pace=instant&level=basic")
    assert "seed" not in page.url
    expect(page).to_have_title("Countdown — Fusebox")
    moves = 0
    while True:
        screen = wait_screen(page)
        if screen == "end":
            break
        assert screen.startswith("decision:"), screen
        # Nothing of the board is wider than the phone.
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        # The computers' reasons that tell what only their seat knows are not on the page.
        secret = secret_reasons(page)
        shown = page.locator("#cd-root").text_content() or ""
        assert not [text for text in secret if text in shown]
        play_move(page, 0, moves)
        moves += 1
        assert moves < 400
    state = saved_state(page)
    assert state.is_over and moves > 5
    expect(page.get_by_test_id("result")).to_be_visible()
    # The end reveals everything: the combination, and every hand.
    for position, colour in enumerate(state.combination):
        expect(
            page.get_by_test_id("end-combination").locator("li").nth(position)
        ).to_have_attribute("data-colour", colour)
    expect(page.get_by_test_id("reveal").locator("> li")).to_have_count(3)
    # ...and the log at the end tells every reason.
    secret = secret_reasons(page)
    assert secret, "the computers gave no private reason: this test checks nothing"
    shown = page.get_by_test_id("end").text_content() or ""
    assert all(text in shown for text in secret)
    assert not errors, errors


def secret_reasons(page: Page) -> list[str]:
    """The computers' reasons so far that tell what only their seat knows, as the page words
    them."""
    game = saved(page)
    words = words_for(saved_state(page))
    notes = [Note.from_json(n) for n in game["notes"]]
    return [bot_text(n, words) for n in notes if is_private(n.key)]


@cache
def english() -> Catalog:
    """The English catalog, read once (a pass-and-play game words the log at every step)."""
    return load_catalogs(WEB / "i18n", "en")


def words_for(state: GameState) -> Words:
    catalog = english()
    return Words(catalog, [catalog.t(f"cd.name.{seat + 1}") for seat in range(state.players)])


def private_lines(state: GameState, seat: int | None = None) -> set[str]:
    """The sentences of the log that only one seat may read (what they drew, the colour they
    scanned, the hand they frisked, the card taken from them), as the page would write them:
    every seat's, or the ones ``seat`` may not read (the other seats', less its own)."""
    words = words_for(state)
    found: dict[int, set[str]] = {}
    for event in state.log:
        for owner in event.secret:
            shown = line(event.view(owner), words)
            if shown.private:
                found.setdefault(owner, set()).add(shown.text)
    others = {text for owner, texts in found.items() if owner != seat for text in texts}
    return others - found.get(seat, set()) if seat is not None else others


def assert_nothing_private(page: Page, state: GameState) -> None:
    """The handoff screen, scanned against the true deal: no hand, no notes, no wire with its
    colour, no frisked hand, no private notice, and none of the log's private sentences."""
    root = page.locator("#cd-root")
    for selector in (
        '[data-testid="hand"]',
        "[data-act=card]",
        "[data-kind]",
        "[data-note]",
        '[data-wire="down"][data-colour]',
        '[data-testid="frisked-hand"]',
        '[data-testid="private-notice"]',
        '[data-testid="notes"]',
    ):
        assert root.locator(selector).count() == 0, selector
    text = root.inner_text()
    leaks = [sentence for sentence in private_lines(state) if sentence in text]
    assert not leaks, leaks


def assert_only_mine(page: Page, state: GameState, seat: int) -> None:
    """A decision on the board: the page holds the seat's own hand and notes, nothing private of
    the others (their hands, Scans, draws, frisked hands) and no face-down wire's colour."""
    root = page.locator("#cd-root")
    hand = page.get_by_test_id("hand")
    expect(hand).to_have_attribute("data-seat", str(seat))
    assert root.locator('[data-testid="hand"]').count() == 1
    kinds = root.locator('[data-act="card"]').evaluate_all(
        "cards => cards.map(c => c.getAttribute('data-kind'))"
    )
    assert sorted(kinds) == sorted(state.hands[seat])
    notes = root.locator("[data-note]").evaluate_all(
        "notes => notes.map(n => Number(n.getAttribute('data-note')))"
    )
    assert set(notes) <= set(state.knowledge[seat])
    assert root.locator('[data-wire="down"][data-colour]').count() == 0
    frisking = state.phase.value == "intercept_card" and state.to_move == seat
    assert root.locator('[data-testid="frisked-hand"]').count() == int(frisking)
    shown = root.text_content() or ""
    leaks = [sentence for sentence in private_lines(state, seat) if sentence in shown]
    assert not leaks, leaks


def pass_and_play_move(state: GameState, seat: int, step: int, used: set[str]) -> Action:
    """The basic bot's move, but the first Frisk and the first Siren are played when they can be
    (so that a victim's private notice and a Siren's handoff show up)."""
    for kind in ("intercept", "alarm"):
        if kind not in used:
            for action in state.legal_actions(seat):
                if isinstance(action, PlayCard) and action.card == kind:
                    used.add(kind)
                    return action
    return choose(state, seat, step)


def test_pass_and_play_shows_nothing_private_at_any_handoff(
    follow_link: Callable[..., Page],
) -> None:
    """Three people pass one phone: a handoff before every turn and before the Siren's choice
    of another person shows nothing private (scanned against the true deal); after it, the
    page holds only the new holder's private information; the victim of a Frisk learns at their
    next turn, privately, what was taken."""
    page = follow_board(follow_link, "?game=countdown&players=3&seed=5&bots=0&pace=instant")
    handoffs, siren_handoffs, moves = 0, 0, 0
    used: set[str] = set()
    notice_due: dict[int, str] = {}
    notices_seen = 0
    while moves < 70:
        screen = wait_screen(page)
        if screen == "end":
            break
        # Every kind of handoff and a private notice seen: the rest of the game would repeat them.
        if handoffs >= 6 and siren_handoffs >= 1 and notices_seen >= 1:
            break
        state = saved_state(page)
        seat = state.to_move
        assert seat is not None
        if screen == "handoff":
            handoffs += 1
            reason = page.get_by_test_id("handoff-reason")
            expect(reason).to_be_visible()
            if state.phase.value == "alarm_choice":
                siren_handoffs += 1
                expect(reason).to_contain_text("sounded the Siren")
            assert_nothing_private(page, state)
            page.locator('[data-act="handoff"]').click()
            continue
        assert_only_mine(page, state, seat)
        if seat in notice_due:
            expect(page.get_by_test_id("private-notice")).to_contain_text(notice_due.pop(seat))
            notices_seen += 1
        action = pass_and_play_move(state, seat, moves, used)
        play(page, action)
        page.wait_for_function(
            f"JSON.parse(localStorage.getItem({GAME_KEY!r})).data.record.actions.length"
            f" > {len(state.history)}"
        )
        after = saved_state(page)
        for event in after.log[len(state.log) :]:
            if event.type == "intercept":
                victim = event.data["target"]
                notice_due[victim] = line(event.view(victim), words_for(after)).text
        moves += 1
    assert handoffs >= 6 and siren_handoffs >= 1 and notices_seen >= 1, (
        handoffs,
        siren_handoffs,
        notices_seen,
    )


def test_a_reload_resumes_the_game(follow_link: Callable[..., Page]) -> None:
    page = follow_board(
        follow_link, "?game=countdown&players=2&seed=9&bots=1&pace=instant&level=random"
    )
    for step in range(6):
        if wait_screen(page) != "decision:play" and step:
            break
        play_move(page, 0, step)
    wait_screen(page)
    before = saved(page, GAME_KEY)["record"]["actions"]
    prompt = page.get_by_test_id("prompt").get_attribute("data-moves")
    page.reload()
    wait_ready(page)
    wait_board(page)
    expect(page.get_by_test_id("prompt")).to_have_attribute("data-moves", str(prompt))
    assert saved(page, GAME_KEY)["record"]["actions"] == before
    expect(page).to_have_title("Countdown — Fusebox")


def test_a_double_tap_on_the_handoff_selects_nothing_on_the_board(
    follow_link: Callable[..., Page],
) -> None:
    """People passing a phone double-tap "I am Player N: show my cards": the second tap lands
    on the board that replaced the button (a card of the hand, on a phone) and must do nothing
    there. Before, it selected that card and opened its agents."""
    page = follow_board(
        follow_link,
        "?game=countdown&players=3&seed=5&bots=0&pace=instant",
        viewport=PHONE,
        has_touch=True,
        is_mobile=True,
    )
    handoffs, moves = 0, 0
    while handoffs < 6 and moves < 40:
        screen = wait_screen(page)
        if screen == "end":
            break
        state = saved_state(page)
        if screen == "handoff":
            handoffs += 1
            box = page.locator('[data-act="handoff"]').bounding_box()
            assert box is not None
            page.mouse.dblclick(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            expect(page.get_by_test_id("hand")).to_be_visible()
            page.wait_for_timeout(300)  # the second tap, had it been taken, would be drawn
            expect(page.locator('#cd-root [aria-pressed="true"]')).to_have_count(0)
            assert len(saved_state(page).history) == len(state.history)
            continue
        assert state.to_move is not None
        play_move(page, state.to_move, moves)
        moves += 1
    assert handoffs >= 6, handoffs
