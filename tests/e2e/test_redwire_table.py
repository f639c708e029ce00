"""Pass and play: one device for several people, and the page never holds another's wires."""

from __future__ import annotations

import re
from collections.abc import Callable

from harness import wait_ready
from playwright.sync_api import Page, expect
from redwire_driver import play, saved_state, sure_move, wait_decision

TILE = re.compile(r'<button([^>]*data-act="tile"[^>]*)>(.*?)</button>', re.S)
STAND = re.compile(r'data-stand="(\d+)"')


def hidden_tiles_only(page: Page, seats: set[int]) -> int:
    """Check the page's HTML: every uncut wire of ``seats`` is a bare back; returns their count."""
    state = saved_state(page)
    html = page.content()
    checked = 0
    for attributes, inner in TILE.findall(html):
        stand = int(STAND.search(attributes).group(1))  # type: ignore[union-attr]
        if state.owners[stand] not in seats or "is-cut" in attributes:
            continue
        assert "rw-tile--back" in attributes, attributes
        assert "rw-n" not in inner and "rw-face" not in inner, inner
        assert "hidden" in attributes
        checked += 1
    return checked


def no_private_data(page: Page) -> None:
    """The handoff screen: no wire at all in the page, nothing but public facts."""
    html = page.content()
    assert 'data-act="tile"' not in html and "rw-tile" not in html
    assert 'data-act="value"' not in html


def test_pass_and_play_hides_the_other_stands(follow_link: Callable[..., Page]) -> None:
    page = follow_link("?mission=1&players=2&seed=5&bots=0&brief=0")
    handoff = page.get_by_test_id("handoff")
    expect(handoff).to_be_visible()
    no_private_data(page)
    first = saved_state(page).to_move
    assert first is not None
    names = ["Ana", "Ben"]
    expect(page.get_by_role("heading", name=f"Pass the device to {names[first]}")).to_be_visible()
    expect(page.get_by_test_id("handoff-ready")).to_be_focused()

    # A reload during the handoff shows the handoff again (never the last player's wires).
    page.reload()
    wait_ready(page)
    expect(handoff).to_be_visible()
    no_private_data(page)

    page.get_by_test_id("handoff-ready").click()
    expect(page.get_by_test_id("board")).to_be_visible()
    other = 1 - first
    assert hidden_tiles_only(page, {other}) == 12
    # My own wires are face up.
    expect(page.locator(".rw-player--mine .rw-tile--back")).to_have_count(0)

    # The first player places their info token: the device goes to the other player.
    assert wait_decision(page) == "setup_token"
    play(page, sure_move(saved_state(page), first))
    expect(handoff).to_be_visible()
    expect(page.get_by_role("heading", name=f"Pass the device to {names[other]}")).to_be_visible()
    no_private_data(page)
    # What just happened is public, and shown.
    expect(handoff).to_contain_text("places an info token")

    page.get_by_test_id("handoff-ready").click()
    assert wait_decision(page) == "setup_token"
    assert hidden_tiles_only(page, {first}) == 12
    play(page, sure_move(saved_state(page), other))
    # Back to the captain for the first turn.
    expect(page.get_by_role("heading", name=f"Pass the device to {names[first]}")).to_be_visible()
    no_private_data(page)
    page.get_by_test_id("handoff-ready").click()
    assert wait_decision(page) == "turn"
    assert hidden_tiles_only(page, {other}) == 12


def test_pass_and_play_through_the_constraint_cards(follow_link: Callable[..., Page]) -> None:
    """Mission 31 with two people: the device goes to the captain, then to the other player, for
    their constraint cards (public: the handoff says which was taken), then for the tokens; no
    other stand is ever in the page, and the new character's badge is public."""
    page = follow_link("?mission=31&players=2&seed=5&bots=0&brief=0&captain=1&characters=dd,E1")
    handoff = page.get_by_test_id("handoff")
    expect(handoff).to_be_visible()
    no_private_data(page)
    expect(page.get_by_role("heading", name="Pass the device to Ana")).to_be_visible()
    page.get_by_test_id("handoff-ready").click()
    assert wait_decision(page) == "constraint_choose"
    assert hidden_tiles_only(page, {1}) > 0
    expect(page.get_by_test_id("character-badge-1")).to_contain_text("E1")
    page.locator('[data-act="mode"][data-mode="constraint_C"]').click()
    page.get_by_test_id("confirm").click()
    expect(page.get_by_role("heading", name="Pass the device to Ben")).to_be_visible()
    expect(handoff).to_contain_text("takes constraint card C")
    no_private_data(page)
    page.get_by_test_id("handoff-ready").click()
    assert wait_decision(page) == "constraint_choose"
    assert hidden_tiles_only(page, {0}) > 0
    expect(page.locator('[data-act="mode"][data-mode="constraint_C"]')).to_have_count(0)
    page.locator('[data-act="mode"][data-mode="constraint_A"]').click()
    page.get_by_test_id("confirm").click()
    expect(page.get_by_role("heading", name="Pass the device to Ana")).to_be_visible()
    no_private_data(page)
    page.get_by_test_id("handoff-ready").click()
    assert wait_decision(page) == "setup_token"
    assert hidden_tiles_only(page, {1}) > 0
    play(page, sure_move(saved_state(page), 0))
    expect(handoff).to_be_visible()
    no_private_data(page)


def test_pass_and_play_through_the_shared_constraint_card(follow_link: Callable[..., Page]) -> None:
    """Mission 32 with two people: after the setup tokens the device goes to the captain, the
    handoff saying she decides about the constraint card (public); she replaces it; no other
    stand is ever in the page."""
    page = follow_link("?mission=32&players=2&seed=5&bots=0&brief=0&captain=1")
    handoff = page.get_by_test_id("handoff")
    for seat in (0, 1):
        expect(handoff).to_be_visible()
        no_private_data(page)
        page.get_by_test_id("handoff-ready").click()
        assert wait_decision(page) == "setup_token"
        assert hidden_tiles_only(page, {1 - seat}) > 0
        play(page, sure_move(saved_state(page), seat))
    expect(page.get_by_role("heading", name="Pass the device to Ana")).to_be_visible()
    expect(handoff).to_contain_text("decides whether to replace the constraint card")
    no_private_data(page)
    page.get_by_test_id("handoff-ready").click()
    assert wait_decision(page) == "constraint_swap"
    assert hidden_tiles_only(page, {1}) > 0
    old = saved_state(page).observation(0)["mechanisms"]["constraints"]["visible"]
    page.locator('[data-act="mode"][data-mode="constraint_replace"]').click()
    page.get_by_test_id("confirm").click()
    assert wait_decision(page) == "turn"
    assert hidden_tiles_only(page, {1}) > 0
    expect(page.get_by_test_id("constraint-visible")).not_to_have_attribute("data-card", old)


def flipped_tile(page: Page, stand: int, slot: int) -> str:
    """The HTML of one wire's button on the page."""
    for attributes, inner in TILE.findall(page.content()):
        if f'data-stand="{stand}"' in attributes and f'data-slot="{slot}"' in attributes:
            return str(attributes) + str(inner)
    raise AssertionError(f"no wire {stand}.{slot} on the page")


def test_pass_and_play_shows_the_flipped_wire_to_the_teammate_only(
    follow_link: Callable[..., Page],
) -> None:
    """Mission 38 with two people: the captain's flipped wire is never in the page while the
    device is hers (a back with the turned mark), nor on a handoff screen; on her teammate's turn
    its value is there, and the rest of her stand stays backs."""
    page = follow_link("?mission=38&players=2&seed=5&bots=0&brief=0&captain=1")
    state = saved_state(page)
    part = state.observation(1)["mechanisms"]["flipped_wires"]
    ((stand, slot),) = part["wires"]
    truth = state.observation("seer")["stands"][stand]["slots"][slot]["wire"]
    handoff = page.get_by_test_id("handoff")
    seen = {0: 0, 1: 0}
    holder = None  # whose the device is
    for _ in range(12):  # the two setup tokens and some turns: each player's screen, twice or more
        me = saved_state(page).to_move
        if me is None:
            break
        if me != holder:  # the device changes hands: a handoff screen first, nothing private
            expect(handoff).to_be_visible()
            no_private_data(page)
            page.get_by_test_id("handoff-ready").click()
            holder = me
        if wait_decision(page) == "over":
            break
        html = flipped_tile(page, stand, slot)
        if me == 0:  # the owner: a back, no value anywhere in the tile
            assert "rw-tile--back" in html and "rw-flipmark" in html, html
            assert "data-v=" not in html and "rw-n" not in html, html
            assert hidden_tiles_only(page, {1}) > 0
        else:  # the teammate: its value shows; the captain's other wires are backs
            assert "rw-tile--back" not in html and f">{truth}<" in html, html
            flipped = (f'data-stand="{stand}"', f'data-slot="{slot}"')
            others = [
                attributes
                for attributes, _ in TILE.findall(page.content())
                if state.owners[int(STAND.search(attributes).group(1))] == 0  # type: ignore[union-attr]
                and "is-cut" not in attributes
                and not all(part in attributes for part in flipped)
            ]
            assert others and all("rw-tile--back" in a for a in others)
        seen[me] += 1
        play(page, sure_move(saved_state(page), me))
    assert seen[0] >= 2 and seen[1] >= 2
