"""The game as a static site: links, languages, offline play, a subpath, and quick answers."""

from __future__ import annotations

from collections.abc import Callable

import countdown_driver
import loop_driver
import pytest
from harness import (
    Watch,
    follow,
    record_console,
    wait_board,
    wait_offline_ready,
    wait_ready,
    watch_context,
)
from playwright.sync_api import Browser, BrowserContext, Page, expect
from redwire_driver import (
    GAME_KEY,
    QUICK,
    play,
    play_moves,
    saved_state,
    sure_move,
    to_missions,
    wait_decision,
)

from engine import redwire
from engine.redwire.missions import boxed_missions


def test_a_bad_game_link_gets_a_clear_message(page: Page, site_url: str) -> None:
    last = max(redwire.all_missions())
    beyond = max([last, *boxed_missions()]) + 1  # 66 is listed: it needs the box (below)
    page.goto(site_url + f"?mission={beyond}&players=4&lang=en")
    wait_ready(page)
    expect(page.get_by_test_id("home")).to_contain_text(
        f"This game link does not work: the mission must be 1 to {last}, not \u201c{beyond}\u201d."
    )
    assert "mission=" not in page.url and "lang=en" in page.url
    follow(page, "?mission=3&players=two")  # followed in the page: what a visit does
    expect(page.get_by_test_id("home")).to_contain_text(
        "the number of players must be 2 to 5, not \u201ctwo\u201d."
    )
    assert "Traceback" not in page.locator("body").inner_text()


#: In the page: follow ``query`` as Back or Forward would, the saved data kept (a game in
#: progress stays in progress).
FOLLOW_KEEPING = """query => {
    history.pushState(null, "", query);
    dispatchEvent(new PopStateEvent("popstate"));
}"""


def test_a_link_the_table_cannot_play_is_refused_and_the_game_in_progress_kept(
    page: Page, site_url: str
) -> None:
    """A hand-edited link that reads well but does not fit the table: a player count the
    mission is not played with (34 and 65: not by two), a captain beyond the last seat of the
    table (the link names no players: the table's three), mission 66 (it needs the box), no
    mission at all (what to add is said), a parameter Red Wire does not have alone, a rule
    variant's nonsense, a blank value. Each is refused with a sentence saying why, as any bad
    link is, never the page's error box, and the game in progress is neither asked about nor
    lost."""
    page.goto(site_url + "?mission=4&players=3&seed=7&bots=1&brief=0&pace=instant&lang=en")
    wait_ready(page)
    expect(page.get_by_test_id("prompt")).to_be_visible()
    before = page.evaluate(f"localStorage.getItem({GAME_KEY!r})")
    for query, says in (
        ("?mission=34&players=2", "mission 34 is played by 3 to 5 players, not 2."),
        ("?mission=65&players=2&seed=3", "mission 65 is played by 3 to 5 players, not 2."),
        (
            "?mission=31&captain=5",
            "the captain must be one of the table's seats, counted from 1, not \u201c5\u201d.",
        ),
        ("?mission=66&players=4", "mission 66 cannot be played here: it needs the physical box"),
        # The mission left out: what to add, and the link with it (its players kept).
        (
            "?players=3",
            "it names no mission: add one, mission=N with N from 1 to "
            f"{max(redwire.all_missions())}, as in \u201c?mission=1&players=3\u201d.",
        ),
        # Parameters Red Wire does not have, alone: refused naming one (they showed nothing
        # and stayed in the address), with or without the game's name.
        ("?game=redwire&foo=3", "Red Wire has no \u201cfoo\u201d in its links"),
        ("?foo=3&bar=1", "Red Wire has no \u201cfoo\u201d in its links"),
        # A rule variant and a blank said in the player's words (not "scope=“x”").
        ("?mission=4&scope=x", "the detectors' reach on a player with two stands must be hand"),
        (
            "?mission=4&players=",
            "the number of players must be 2 to 5, but the link leaves it blank.",
        ),
    ):
        page.evaluate(FOLLOW_KEEPING, query + "&lang=en")
        expect(page.get_by_test_id("home")).to_contain_text("This game link does not work: " + says)
        expect(page.locator("#error")).to_be_hidden()
        assert page.url.endswith("/?lang=en"), page.url  # the shell's parameter alone
        assert page.evaluate(f"localStorage.getItem({GAME_KEY!r})") == before
    page.get_by_test_id("continue").click()
    expect(page.get_by_test_id("prompt")).to_be_visible()
    # The site's address as a sharing site passes it on (``?fbclid=...``) is no link: the game
    # in progress comes back as at the bare address, nothing refused.
    page.evaluate(FOLLOW_KEEPING, "?fbclid=Iw4r&utm_source=x&lang=en")
    expect(page.get_by_test_id("prompt")).to_be_visible()
    expect(page.get_by_text("This game link does not work")).to_have_count(0)
    assert page.evaluate(f"localStorage.getItem({GAME_KEY!r})") == before


# Records whether the home screen's buttons were ever drawn, from the first byte of the page.
HOME_PROBE = """
window.__homeDrawn = false;
new MutationObserver(() => {
    if (document.querySelector(".rw-home")) window.__homeDrawn = true;
}).observe(document, { childList: true, subtree: true });
"""


def test_a_game_link_and_a_reload_open_the_board_directly(page: Page, site_url: str) -> None:
    """No home screen first: the board is the page's first screen, ready with the page."""
    page.add_init_script(HOME_PROBE)
    page.goto(site_url + "?mission=2&players=3&seed=5&bots=1&brief=0&pace=slow")
    wait_ready(page)
    assert page.evaluate("document.documentElement.hasAttribute('data-board-ready')")
    page.reload()
    wait_ready(page)
    assert page.evaluate("document.documentElement.hasAttribute('data-board-ready')")
    assert page.evaluate("window.__homeDrawn") is False
    page.goto(site_url)  # no link, no game in progress: the home screen
    page.evaluate("localStorage.removeItem('fusebox.redwire.game')")
    page.reload()
    wait_ready(page)
    assert page.evaluate("window.__homeDrawn") is True


def test_back_and_forward_between_game_links_open_them_without_a_boot(
    page: Page, site_url: str
) -> None:
    """Game links in the page's history (Back, Forward, a link the page was sent to) open in
    the running page: no second boot, and what a visit would show (a game in progress asks
    before a link replaces it). Back to an address whose query did not change, or a change of
    the fragment alone (the skip link), opens nothing. A link of a game the box does not hold
    loads the page again."""
    page.goto(site_url + "?mission=4&players=3&seed=7&bots=1&brief=0&pace=instant")
    wait_ready(page)
    assert wait_decision(page) == "setup_token"
    page.evaluate("window.__sameBoot = true")

    def go(query: str) -> None:
        page.evaluate(
            "q => { history.pushState(null, '', q); dispatchEvent(new PopStateEvent('popstate')); }",
            query,
        )

    go("?mission=5&players=4&seed=3&bots=1&brief=0&pace=instant")
    # Mission 4 is in progress: asked first, as at a visit to the link.
    expect(page.locator('[data-act="link-start"]')).to_be_visible()
    assert page.evaluate("window.__sameBoot") is True
    page.locator('[data-act="link-start"]').click()
    assert wait_decision(page) == "setup_token"
    state = saved_state(page)
    assert (state.setup.mission, state.players) == (5, 4)
    assert page.evaluate("location.search") == ""  # the link is used up, as at a visit

    page.go_back()  # the address the page was opened at, its link used up: the same query
    page.evaluate("location.hash = 'games'")  # the skip link's fragment
    expect(page.get_by_test_id("prompt")).to_have_attribute("data-decision", "setup_token")
    assert saved_state(page).setup.mission == 5 and wait_decision(page) == "setup_token"
    assert page.evaluate("window.__sameBoot") is True

    with page.expect_navigation():
        go("?game=chess")  # not in the box: a visit's message, after a page load
    wait_ready(page)
    assert page.evaluate("window.__sameBoot") is None
    expect(page.locator("#app-notices")).to_contain_text("chess")


def go_to(page: Page, query: str) -> None:
    """Follow ``query`` as Back or Forward would: a history entry, then ``popstate``."""
    page.evaluate(
        "q => { history.pushState(null, '', q); dispatchEvent(new PopStateEvent('popstate')); }",
        query,
    )


def dealt(page: Page, game: str) -> tuple[int, int | None]:
    """The players and the seed of the Countdown or Loop the Loop game the page saved."""
    if game == "countdown":
        countdown = countdown_driver.saved_state(page)
        return countdown.players, countdown.setup.seed
    loop = loop_driver.saved_state(page)
    return loop.players, loop.setup.seed


@pytest.mark.parametrize("game", ["countdown", "loop"])
def test_back_and_forward_between_links_of_the_other_games_open_them_without_a_boot(
    page: Page, site_url: str, game: str
) -> None:
    """Countdown's and Loop the Loop's links open in the running page as Red Wire's do: no
    second boot, the game on screen closed, a game in progress asked about first, the link used
    up as at a visit; a link of another game than the one on screen loads the page again."""
    page.goto(site_url + f"?game={game}&players=3&seed=7&bots=1&pace=instant")
    wait_ready(page)
    wait_board(page)
    assert dealt(page, game) == (3, 7)
    page.evaluate("window.__sameBoot = true")

    go_to(page, f"?game={game}&players=2&seed=3&bots=1&pace=instant")
    # The game of the first link is in progress: asked first, as at a visit to the link.
    expect(page.locator('[data-act="link-start"]')).to_be_visible()
    assert page.evaluate("window.__sameBoot") is True
    page.locator('[data-act="link-start"]').click()
    wait_board(page)
    assert dealt(page, game) == (2, 3)
    assert "seed" not in page.evaluate("location.search")  # the link is used up
    assert page.evaluate("window.__sameBoot") is True

    with page.expect_navigation():
        go_to(page, "?mission=4&players=3&seed=7&bots=1&brief=0")  # Red Wire's: a page load
    wait_ready(page)
    assert page.evaluate("window.__sameBoot") is None
    expect(page.get_by_test_id("board")).to_be_visible()


def test_italian_board(page: Page, site_url: str) -> None:
    page.goto(site_url + "?lang=it&mission=4&players=4&seed=7&captain=1" + QUICK)
    wait_ready(page)
    assert wait_decision(page) == "setup_token"
    board = page.get_by_test_id("board")
    expect(page.get_by_test_id("prompt")).to_have_text(
        "Il tuo segnalino Informazione: tocca un tuo cavo blu."
    )
    expect(board).to_contain_text("Missione 4")
    expect(board).to_contain_text(redwire.load_mission(4).title["it"])
    expect(board).to_contain_text("Detonatore")
    expect(board).to_contain_text("Equipaggiamento")
    expect(board).to_contain_text("Capitano")
    expect(page.get_by_role("button", name="Regole")).to_be_visible()
    expect(page.locator('[data-act="tile"]').first).to_have_attribute(
        "aria-label", "portatessere di Bruno, cavo 1, coperto"
    )
    play(page, sure_move(saved_state(page), 0))
    assert wait_decision(page) == "turn"
    expect(page.get_by_role("button", name="Taglio in coppia")).to_be_visible()
    expect(page.get_by_role("button", name="Doppio Detector")).to_be_visible()
    expect(page.get_by_test_id("confirm")).to_have_text("Prima scegli")


def test_a_game_starts_and_plays_offline(
    page: Page, context: BrowserContext, site_url: str
) -> None:
    # A returning player's profile (its service worker holds the site), offline from the
    # start: the site opens from the cache (no online visit first: the profile's own first
    # visit was one).
    context.set_offline(True)
    page.goto(site_url)
    wait_ready(page)
    wait_offline_ready(page)
    # From the campaign, as a player would.
    to_missions(page)
    page.get_by_test_id("mission-1").click()
    page.get_by_test_id("begin").click()
    wait_board(page)
    # And from a game link: it would end the game in progress, so the page asks first.
    page.goto(site_url + "?mission=1&players=3&seed=3" + QUICK)
    wait_ready(page)
    expect(page.get_by_role("heading", name="Start the shared game?")).to_be_visible()
    page.get_by_role("button", name="Start mission 1").click()
    play_moves(page, 0, 4)
    assert len(saved_state(page).history) >= 4


def test_under_a_subpath_every_request_stays_inside(browser: Browser, subpath_url: str) -> None:
    context = browser.new_context()
    seen: Watch = watch_context(context, subpath_url)
    page = context.new_page()
    record_console(page, seen)
    page.goto(subpath_url + "?mission=1&players=3&seed=3" + QUICK)
    wait_ready(page)
    play_moves(page, 0, 3)
    page.get_by_role("button", name="Menu").click()
    share = page.get_by_test_id("share-link")
    href = share.get_attribute("href", timeout=5000) or ""
    assert href.startswith("?mission=1&players=3&seed=3"), href
    context.close()
    seen.check()
    outside = [url for url in seen.requests if not url.startswith(subpath_url)]
    assert not outside, outside


def test_clicks_and_bot_moves_are_measured_by_the_page(follow_link: Callable[..., Page]) -> None:
    """The page times every click handler (draw included) and every bot decision; the figures
    themselves are reported by `python build.py bench load`, not asserted here."""
    page = follow_link("?mission=8&players=5&seed=4&pace=instant&bots=1&brief=0")
    # Only this game's: the booted page kept the measures of the links followed in it before.
    page.evaluate("performance.clearMeasures()")
    play_moves(page, 0, 6)
    clicks = page.evaluate("performance.getEntriesByName('fusebox:click').map(e => e.duration)")
    bots = page.evaluate("performance.getEntriesByName('fusebox:bot').map(e => e.duration)")
    assert len(clicks) >= 12 and len(bots) >= 5
    assert all(duration >= 0 for duration in clicks + bots)


def test_the_board_fits_a_phone_and_a_projector(follow_link: Callable[..., Page]) -> None:
    """13 wires on a stand at 360 px: no sideways scrolling, every wire at least 24 px wide."""
    for width, height in ((360, 640), (1920, 1080)):
        # A booted page of each size follows the link (the next one deals again: its storage
        # is cleared first).
        query = "?mission=8&players=4&seed=4&pace=fast&bots=1&brief=0"
        page = follow_link(query, viewport={"width": width, "height": height})
        wait_board(page)
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        # Layout sizes (offsetWidth): a wire flipping into place is narrow for a moment.
        wait_decision(page)  # the board settled: the person's decision is on it
        sizes = page.locator(".rw-tile").evaluate_all(
            "tiles => tiles.map(t => [t.offsetWidth, t.offsetHeight])"
        )
        assert len(sizes) >= 48
        assert min(w for w, _ in sizes) >= 24 and min(h for _, h in sizes) >= 24
        own = page.locator(".rw-player--mine .rw-tile").evaluate_all(
            "tiles => tiles.map(t => t.offsetHeight)"
        )
        assert min(own) >= 44, "your own wires are the big ones"
        overflow = page.locator(".rw-stand").evaluate_all(
            "stands => stands.filter(s => s.scrollWidth > s.clientWidth + 1).length"
        )
        assert overflow == 0
        if width < 1000:
            # On a phone, what to do now stays at the bottom of the screen over the whole board.
            page.evaluate("window.scrollTo(0, 0)")
            dock = page.locator("#rw-dock").bounding_box()
            assert dock is not None and dock["y"] > 0 and dock["y"] + dock["height"] <= height + 1
        if width > 1000:
            # Readable across a classroom: the wires' numbers are big.
            font = page.locator(".rw-player--mine .rw-n").first.evaluate(
                "n => parseFloat(getComputedStyle(n).fontSize)"
            )
            assert font >= 28
