"""Loop the Loop played through the page as a player: cards, plans, dice and buttons, at 360 x 640.

Each game comes from a game link with a fixed seed; the test reads the page's save back with the
engine (loop_driver), lets the basic bot choose the person's move from that person's
observation, and makes it with clicks.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from axe_check import assert_accessible
from harness import arrow_scrolls, follow, tabs_to, wait_board, wait_ready
from loop_driver import QUICK, out_of_reach, play, saved, saved_state, wait_turn
from playwright.sync_api import Page, ViewportSize, expect

from engine.core.events import SEER
from engine.loop.bots import make_bot

PHONE: ViewportSize = {"width": 360, "height": 640}
PROJECTOR: ViewportSize = {"width": 1920, "height": 1080}
SMALL_PROJECTOR: ViewportSize = {"width": 1280, "height": 720}
MEASURES = "(name) => performance.getEntriesByName(name).map((e) => e.duration)"
# The width and height of every control shown under the selector.
SIZES = """(selector) => [...document.querySelectorAll(selector)].filter((e) => e.checkVisibility())
    .map((e) => { const r = e.getBoundingClientRect(); return [r.width, r.height]; })"""


def open_board(page: Page, url: str) -> None:
    page.goto(url)
    wait_ready(page)
    wait_board(page)


def follow_board(follow_link: Callable[..., Page], query: str, **options: Any) -> Page:
    """The game link ``query`` in a booted page (conftest's ``follow_link``), its board up."""
    page = follow_link(query, **options)
    wait_board(page)
    return page


def test_a_person_plays_a_whole_game_against_computers_on_a_phone(
    page: Page, site_url: str
) -> None:
    page.set_viewport_size(PHONE)
    open_board(page, site_url + "?game=loop&players=2&seed=11" + QUICK)
    expect(page).to_have_title("Loop the Loop — Fusebox")
    assert "seed" not in page.url  # a reload resumes, it does not deal again
    person = make_bot("basic", 1)
    decisions: set[str] = set()
    unreachable: dict[str, list[str]] = {}
    escaped = False
    for step in range(600):
        decision = wait_turn(page)
        if decision == "over":
            break
        decisions.add(decision)
        # Every control of every kind of decision is on the phone's screen, within reach.
        if decision not in unreachable or step % 5 == 0:
            unreachable[decision] = out_of_reach(page)
        state = saved_state(page)
        assert state.to_move == 0
        action = person.choose(state.observation(0), state.legal_actions(0))
        if not escaped and decision == "turn" and state.hands[0]:
            # The settings, open, are within reach too (pause, pace, odds, leave).
            settings = page.locator(".lp-settings summary")
            settings.click()
            assert out_of_reach(page) == []
            settings.click()
            # Escape drops a selection made with the keyboard.
            card = page.locator(f'[data-act="card"][data-card="{state.hands[0][0]}"]')
            card.focus()
            card.press("Space")
            expect(card).to_have_attribute("aria-pressed", "true")
            page.keyboard.press("Escape")
            expect(card).to_have_attribute("aria-pressed", "false")
            escaped = True
        # Every other decision by keyboard alone (focus, Enter or Space), the others by taps.
        play(page, action, keyboard=step % 2 == 1)
    else:
        raise AssertionError("the game did not end")
    assert escaped and {"turn", "pre_roll", "rolled", "refill"} <= decisions
    assert not any(unreachable.values()), [(d, w) for d, w in unreachable.items() if w]
    state = saved_state(page)
    assert state.is_over
    result = state.observation(SEER)["result"]
    scores = page.get_by_test_id("lp-scores")
    for score in result["scores"]:
        expect(scores).to_contain_text(str(score))
    winner = "Pilot 1" if result["winners"] == [0] else "Pilot 2"
    expect(page.get_by_test_id("lp-winner")).to_contain_text(
        re.compile(winner if len(result["winners"]) == 1 else "Shared")
    )
    assert out_of_reach(page) == []  # the end screen too
    # The page's own timings, for the log (-s): a computer's decision, its whole move (with
    # applying and saving it), a click (handler, engine, redraw). Targets are the benchmark's.
    for name in ("fusebox:loop-bot-choice", "fusebox:loop-bot", "fusebox:click"):
        times = sorted(page.evaluate(MEASURES, name))
        assert times, name
        print(
            f"{name}: {len(times)}, median {times[len(times) // 2]:.0f} ms, max {times[-1]:.0f} ms"
        )


def test_a_reload_resumes_mid_flight_with_the_same_dice(follow_link: Callable[..., Page]) -> None:
    # On a projector, with the learning aid on: the flight's exact odds are shown.
    query = "?game=loop&players=2&seed=3&first=1&odds=1" + QUICK
    page = follow_board(follow_link, query, viewport=PROJECTOR)
    person = make_bot("basic", 2)
    while wait_turn(page) != "rolled":
        state = saved_state(page)
        play(page, person.choose(state.observation(0), state.legal_actions(0)))
    roll = page.get_by_test_id("lp-roll").get_attribute("aria-label")
    dice = saved_state(page).flight.roll  # type: ignore[union-attr]
    before = saved(page)
    page.reload()
    wait_ready(page)
    wait_board(page)
    assert wait_turn(page) == "rolled"
    expect(page.get_by_test_id("lp-roll")).to_have_attribute("aria-label", roll or "")
    assert saved_state(page).flight.roll == dice  # type: ignore[union-attr]
    assert saved(page)["record"] == before["record"]
    expect(page.get_by_test_id("lp-odds")).to_contain_text("% to complete the flight")
    # The whole board on the projector's first screen: the flight and its actions, every plan.
    assert out_of_reach(page) == []
    page.evaluate("window.scrollTo(0, 0)")
    for region in ("#lp-flight", "#lp-dock", "#lp-plans"):
        expect(page.locator(region)).to_be_in_viewport(ratio=1)
    for value, die in zip(
        dice or (), page.get_by_test_id("lp-roll").locator(".lp-die").all(), strict=True
    ):
        expect(die).to_have_attribute("data-value", str(value))


def test_the_board_fits_a_1280_by_720_projector(follow_link: Callable[..., Page]) -> None:
    """The common projector too: mid-flight with the odds on, every control within reach and at
    least 24 x 24 px, and the flight, the dock and every plan on the first screen."""
    query = "?game=loop&players=2&seed=3&first=1&odds=1" + QUICK
    page = follow_board(follow_link, query, viewport={"width": 1280, "height": 720})
    person = make_bot("basic", 2)
    while wait_turn(page) != "rolled":
        state = saved_state(page)
        play(page, person.choose(state.observation(0), state.legal_actions(0)))
    assert out_of_reach(page) == []
    sizes = page.evaluate(SIZES, "#lp-root :is(button, select, input, summary)")
    assert sizes and all(w >= 24 and h >= 24 for w, h in sizes), sizes
    page.evaluate("window.scrollTo(0, 0)")
    for region in ("#lp-flight", "#lp-dock", "#lp-plans"):
        expect(page.locator(region)).to_be_in_viewport(ratio=1)


#: The page's scroll extent, the pilots' column, the log's box and its newest line.
FIT = """() => {
    const d = document.scrollingElement;
    const box = document.querySelector("#lp-log .lp-log-box") || document.querySelector("#lp-log");
    const newest = document.querySelector("#lp-log .lp-log-lines li:last-child");
    const b = box.getBoundingClientRect(), n = newest.getBoundingClientRect();
    return {scrollH: d.scrollHeight, scrollW: d.scrollWidth, innerH: innerHeight, innerW: innerWidth,
            side: document.querySelector(".lp-col-side").getBoundingClientRect().bottom,
            plans: document.querySelector(".lp-col-plans").getBoundingClientRect().bottom,
            box: [b.top, b.bottom], inBox: [box.scrollHeight, box.clientHeight],
            newest: [n.top, n.bottom]};
}"""


def test_six_pilots_fit_a_projector_the_log_scrolling_in_its_own_box(
    follow_link: Callable[..., Page],
) -> None:
    """Six pilots on a 1920 x 1080 projector: the pilots' column (six cards, then the log) ran
    117 px below the screen and the page scrolled. The column now ends on the screen, the log
    scrolls inside its own box, its newest line in view; the same on a 1280 x 720 projector;
    on a phone the log stays below the board, and nothing scrolls sideways anywhere. Late in a
    game (rounds 3 and 4 of six pilots) neither projector scrolls either."""
    query = "?game=loop&players=6&seed=7&first=2" + QUICK  # five computers fly first
    page = follow_board(follow_link, query, viewport=PROJECTOR)
    assert wait_turn(page) == "turn"
    fit = page.evaluate(FIT)
    assert fit["scrollH"] <= fit["innerH"] and fit["scrollW"] <= fit["innerW"], fit
    assert fit["inBox"][0] > fit["inBox"][1], fit  # more lines than the box shows: it scrolls
    assert fit["box"][0] - 1 <= fit["newest"][0] and fit["newest"][1] <= fit["box"][1] + 1, fit
    page.set_viewport_size({"width": 1280, "height": 720})
    page.wait_for_timeout(200)
    fit = page.evaluate(FIT)
    assert fit["side"] <= fit["innerH"] and fit["scrollW"] <= fit["innerW"], fit
    assert fit["box"][0] - 1 <= fit["newest"][0] and fit["newest"][1] <= fit["box"][1] + 1, fit
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(200)
    fit = page.evaluate(FIT)
    assert fit["scrollW"] <= fit["innerW"], fit
    assert fit["inBox"][0] <= fit["inBox"][1] + 1, fit  # the phone's log is not boxed
    # Late in a game on a projector: every plan shows its pilots' best scores and its first
    # 12+; six pilots' plans ran 16 px below a 1280 x 720 screen at round 3 (74 px at round 4,
    # and 5 px below 1920 x 1080). The plans' column now ends on the screen, and the page
    # never scrolls; the phone's page is as it was (long, nothing sideways).
    page.set_viewport_size(SMALL_PROJECTOR)
    follow(page, "?game=loop&players=6&seed=7&first=1" + QUICK)
    wait_board(page)
    person = make_bot("basic", 1)
    rounds: set[int] = set()
    while len(rounds) < 2:  # rounds 3 and 4, each at the person's turn
        decision = wait_turn(page)
        assert decision != "over"
        state = saved_state(page)
        if decision == "turn" and state.round >= 3 and state.round not in rounds:
            rounds.add(state.round)
            for size in (SMALL_PROJECTOR, PROJECTOR):
                page.set_viewport_size(size)
                page.wait_for_timeout(200)
                fit = page.evaluate(FIT)
                assert fit["scrollH"] <= fit["innerH"], (state.round, size, fit)
                assert fit["plans"] <= fit["innerH"] and fit["side"] <= fit["innerH"], fit
                assert fit["scrollW"] <= fit["innerW"], (state.round, size, fit)
            page.set_viewport_size(PHONE)
            page.wait_for_timeout(200)
            fit = page.evaluate(FIT)
            assert fit["scrollW"] <= fit["innerW"], (state.round, fit)
            page.set_viewport_size(SMALL_PROJECTOR)
            page.wait_for_timeout(200)
        play(page, person.choose(state.observation(0), state.legal_actions(0)))


#: The plans' scrolling box and its "more below" cue: sizes, places and whether the cue shows.
PLANS_BOX = """() => {
    const box = document.querySelector("#lp-plans .lp-plan-box");
    const cue = document.querySelector("#lp-plans .lp-plan-more");
    const b = box.getBoundingClientRect(), c = cue.getBoundingClientRect();
    return {scroll: box.scrollHeight, client: box.clientHeight, top: box.scrollTop,
            box: [b.top, b.bottom], cue: [c.top, c.bottom], innerH: innerHeight,
            shown: getComputedStyle(cue).visibility === "visible" && c.height > 0};
}"""


def test_the_plans_say_there_is_more_below_on_a_1280_by_720_projector(
    follow_link: Callable[..., Page],
) -> None:
    """Late in a game of six pilots, the plans (every pilot's best scores, the first 12+) are
    taller than a 1280 x 720 screen's column and scroll in their own box: they did so with no
    sign of it, and a room at the back could not tell there was more. A cue lies over the box's
    bottom edge ("More below", over a fade) while the end is out of view, and goes once it is
    in view; the box is a named region a keyboard scrolls; with nothing to scroll, no cue."""
    page = follow_board(
        follow_link, "?game=loop&players=6&seed=7&first=1" + QUICK, viewport=SMALL_PROJECTOR
    )
    assert wait_turn(page) == "turn"
    first = page.evaluate(PLANS_BOX)
    assert first["scroll"] <= first["client"] + 1 and not first["shown"], first  # round 1
    region = page.get_by_role("region", name="Flight plans")
    # Nothing to scroll yet: not a tab stop (it was, and the Tab key stopped on an empty box).
    expect(region).to_have_attribute("tabindex", "-1")
    assert not tabs_to(page, "#lp-plan-box")
    assert_accessible(page, "Loop's board, the plans not scrolling")
    person = make_bot("basic", 1)
    seen = None
    for _ in range(400):
        decision = wait_turn(page)
        assert decision != "over", "the plans never scrolled"
        state = saved_state(page)
        if decision == "turn" and state.round >= 3:
            fit = page.evaluate(PLANS_BOX)
            if fit["scroll"] > fit["client"] + 1:
                seen = fit
                break
        play(page, person.choose(state.observation(0), state.legal_actions(0)))
    assert seen is not None
    assert seen["shown"], seen
    # Over the box's last line, on the screen.
    assert seen["cue"][0] < seen["box"][1] <= seen["cue"][1] + 1 <= seen["innerH"] + 1, seen
    # Now it scrolls: a tab stop, and the arrow keys scroll it.
    expect(region).to_have_attribute("tabindex", "0")
    assert_accessible(page, "Loop's board, the plans scrolling")  # scrollable-region-focusable
    assert tabs_to(page, "#lp-plan-box")
    assert arrow_scrolls(page, "#lp-plan-box")
    # The keyboard scrolls the box to its end: the cue goes.
    region.focus()
    page.keyboard.press("End")
    page.wait_for_function(
        "() => { const b = document.querySelector('#lp-plans .lp-plan-box');"
        " return b.scrollTop + b.clientHeight >= b.scrollHeight - 1; }"
    )
    page.wait_for_function(
        "() => getComputedStyle(document.querySelector('#lp-plans .lp-plan-more'))"
        ".visibility === 'hidden'"
    )
    # Back up a little: there is more below again.
    page.keyboard.press("Home")
    page.wait_for_function(
        "() => getComputedStyle(document.querySelector('#lp-plans .lp-plan-more'))"
        ".visibility === 'visible'"
    )
    # A 1920 x 1080 projector has room for the plans: nothing scrolls, no cue; the box, which
    # has the focus, leaves the tab order but keeps the focus (not lost to the page's body).
    page.set_viewport_size(PROJECTOR)
    page.wait_for_timeout(200)
    wide = page.evaluate(PLANS_BOX)
    assert wide["scroll"] <= wide["client"] + 1 and not wide["shown"], wide
    expect(region).to_have_attribute("tabindex", "-1")
    expect(region).to_be_focused()
    assert not tabs_to(page, "#lp-plan-box")
    # On a phone the plans are not boxed: never a tab stop.
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(200)
    expect(region).to_have_attribute("tabindex", "-1")
    assert not tabs_to(page, "#lp-plan-box")


def test_a_phone_log_is_a_tab_stop_only_once_it_scrolls(
    follow_link: Callable[..., Page],
) -> None:
    """On a phone (360 x 640) neither the plans nor the recent lines are boxed, and the whole
    log, open, is short at first: no tab stop among them (each was one, empty, for the Tab key).
    With enough lines the whole log scrolls in its box: then the Tab key stops on it and the
    arrow keys scroll it."""
    page = follow_board(follow_link, "?game=loop&players=6&seed=7&first=1" + QUICK, viewport=PHONE)
    assert wait_turn(page) == "turn"
    for selector in ("#lp-plan-box", "#lp-log-box"):
        expect(page.locator(selector)).to_have_attribute("tabindex", "-1")
        assert not tabs_to(page, selector), selector
    page.locator('#lp-log [data-act="log"]').click()
    full = page.locator("#lp-log-all")
    expect(full).to_be_visible()
    expect(full).to_have_attribute("tabindex", "-1")
    assert not tabs_to(page, "#lp-log-all")
    person = make_bot("basic", 1)
    for _ in range(400):
        decision = wait_turn(page)
        assert decision != "over", "the whole log never scrolled"
        if page.evaluate(
            "() => { const b = document.querySelector('#lp-log-all');"
            " return b.scrollHeight > b.clientHeight + 1; }"
        ):
            break
        state = saved_state(page)
        play(page, person.choose(state.observation(0), state.legal_actions(0)))
    expect(full).to_have_attribute("tabindex", "0")
    assert_accessible(page, "Loop's board on a phone, the whole log scrolling")
    assert tabs_to(page, "#lp-log-all")
    assert arrow_scrolls(page, "#lp-log-all")
    for selector in ("#lp-plan-box", "#lp-log-box"):  # still not boxed on a phone
        expect(page.locator(selector)).to_have_attribute("tabindex", "-1")


def test_a_throw_with_many_placings_leaves_its_dice_in_view_on_a_phone(
    follow_link: Callable[..., Page],
) -> None:
    """Three people pass a phone (seed 21): at a throw with many ways to place the dice, the
    action dock stuck at the bottom of the screen took 476-526 of its 640 px and covered the
    dice it asks about (scrolled to the middle of the screen, a die was under the dock). It
    takes at most about half the screen now, its own choices scrolling inside it: every control
    of every throw is within reach, and none of the dock's is lost."""
    page = follow_board(
        follow_link, "?game=loop&players=3&seed=21&bots=0&pace=instant", viewport=PHONE
    )
    bots = [make_bot("basic", seat) for seat in range(3)]
    throws = 0
    scrolled = 0
    for _ in range(300):
        decision = wait_turn(page)
        if decision == "over" or throws >= 12:
            break
        if decision == "handoff":
            page.get_by_test_id("lp-handoff-ready").click()
            continue
        if decision == "rolled":
            throws += 1
            assert out_of_reach(page) == [], throws
            dock = page.locator("#lp-dock").bounding_box()
            assert dock is not None and dock["height"] <= 0.5 * PHONE["height"], dock
            if page.evaluate(ACTIONS_CUE)["scrolls"]:
                scrolled += 1
                choices_say_more_below(page)
        state = saved_state(page)
        seat = state.to_move
        assert seat is not None
        play(page, bots[seat].choose(state.observation(seat), state.legal_actions(seat)))
    assert throws >= 12, throws
    assert scrolled, "no throw had more choices than the dock shows"


#: The phone's dock: whether its choices scroll in their box, the box's tab index, and whether
#: the "More below" cue after it shows over its bottom edge (on the screen).
ACTIONS_CUE = """() => {
    const box = document.querySelector("#lp-actions");
    const cue = document.querySelector("#lp-dock .scroll-more");
    if (!box || !cue) return {scrolls: false, missing: true};
    const b = box.getBoundingClientRect(), c = cue.getBoundingClientRect();
    return {
        scrolls: box.scrollHeight > box.clientHeight + 1,
        atEnd: box.scrollTop + box.clientHeight >= box.scrollHeight - 1,
        tabindex: box.getAttribute("tabindex"),
        shown: getComputedStyle(cue).visibility === "visible" && c.height > 0,
        over: c.top < b.bottom && b.bottom <= c.bottom + 1 && c.bottom <= innerHeight + 1,
    };
}"""


def choices_say_more_below(page: Page) -> None:
    """The dock's choices scroll in their own box: a tab stop, named, and a "More below" cue
    over its bottom edge while the last choices are out of view (before, the whole dock
    scrolled with no sign of it); scrolled to its end, no cue; back to its top for the test's
    player to go on."""
    page.wait_for_function(
        "() => document.querySelector('#lp-actions').getAttribute('tabindex') === '0'"
    )
    box = page.get_by_role("group", name="Your choices")
    expect(box).to_have_attribute("data-scroll-stop", "")
    assert_accessible(page, "Loop's board on a phone, the choices scrolling")
    page.evaluate("document.querySelector('#lp-actions').scrollTop = 0")
    page.wait_for_function(f"() => ({ACTIONS_CUE})().shown")
    cue = page.evaluate(ACTIONS_CUE)
    assert cue["over"] and not cue["atEnd"], cue
    page.evaluate("document.querySelector('#lp-actions').scrollTop = 1e6")
    page.wait_for_function(f"() => !({ACTIONS_CUE})().shown")
    page.evaluate("document.querySelector('#lp-actions').scrollTop = 0")
