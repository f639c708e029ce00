"""Equipment cards and detectors played through the page, at a table of three people.

Every seat is a person (pass and play), so no computer uses a card first: the test plays each
seat in turn, knowing the deal, unlocks the cards it wants (two wires of a card's number cut),
then uses them with clicks.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from harness import wait_ready
from playwright.sync_api import Page, ViewportSize, expect
from redwire_driver import (
    play,
    press,
    rehearse,
    resume_at,
    saved_state,
    sure_move,
    take_device,
    tile,
    unlocking_move,
    use_card,
    viewer,
    wrong_cut,
)

from engine.redwire import Cut, FastPass, Hook, Label, Pick, PostIt, SingleLabel, Walkie
from engine.redwire.mechanisms import double_detector
from engine.redwire.mechanisms.equipment import disintegrator, tray
from engine.redwire.wires import cut_value

#: A phone's screen (the mission tests' size).
PHONE: ViewportSize = {"width": 360, "height": 640}


def open_table(page: Page, url: str) -> None:
    page.goto(url)
    wait_ready(page)


def unlock(page: Page, cards: set[int]) -> None:
    """Sure moves (each seat in turn) until every card in ``cards`` is usable on a turn: played
    here, in CPython, on the page's deal, then opened in the page as a saved game (the moves on
    the way prove nothing about the cards; the tests' clicks start there)."""
    state = saved_state(page)
    for _ in range(80):
        if state.phase.value == "turn" and all(
            tray.card_state(state, c) == "usable" for c in cards
        ):
            break
        assert state.to_move is not None
        state, _ = state.apply(unlocking_move(state, state.to_move, cards))
    else:
        raise AssertionError("the cards never unlocked")
    resume_at(page, state)
    assert take_device(page) == "turn" and viewer(page) == state.to_move


def confirm(page: Page) -> None:
    button = page.get_by_test_id("confirm")
    expect(button).not_to_have_attribute("aria-disabled", "true")
    button.click()


def test_any_time_cards_post_it_label_and_walkie_talkies(follow_link: Callable[..., Page]) -> None:
    page = follow_link("?mission=4&players=3&seed=110&bots=0&brief=0")
    assert sorted(tray.cards_of(saved_state(page).setup)) == [1, 2, 4]
    unlock(page, {1, 2, 4})
    me = viewer(page)
    state = saved_state(page)

    # Sticky Note (card 4): an info token on one of my blue wires.
    post = next(a for a in state.legal_actions(me) if isinstance(a, PostIt))
    use_card(page, 4)
    expect(page.get_by_test_id("prompt")).to_contain_text("tap one of your blue wires")
    tile(page, post.stand, post.slot).click()
    expect(page.get_by_test_id("confirm")).to_contain_text(f"wire {post.slot + 1}")
    confirm(page)
    value = state.code_at(post.stand, post.slot) // 10
    expect(tile(page, post.stand, post.slot)).to_have_attribute(
        "aria-label", re.compile(f"info token {value}(, just cut)?$")
    )
    expect(page.locator('.rw-card[data-panel="card:4"]')).to_contain_text("Used")

    # ≠ Label (card 1): two side-by-side wires of mine with different values.
    state = saved_state(page)
    label = next(a for a in state.legal_actions(me) if isinstance(a, Label) and a.card == 1)
    use_card(page, 1)
    tile(page, label.stand, label.slot).click()
    tile(page, label.stand, label.slot + 1).click()
    expect(page.get_by_test_id("confirm")).to_contain_text(
        f"on your wires {label.slot + 1} and {label.slot + 2}"
    )
    confirm(page)
    expect(tile(page, label.stand, label.slot)).to_have_attribute(
        "aria-label", re.compile(f"≠ label with wire {label.slot + 2}")
    )

    # Walkie-Talkies (card 2): I offer a wire, my partner chooses one to give back.
    state = saved_state(page)
    walkie = next(a for a in state.legal_actions(me) if isinstance(a, Walkie))
    use_card(page, 2)
    tile(page, walkie.stand, walkie.slot).click()
    page.locator(f'[data-act="seat"][data-seat="{walkie.partner}"]').click()
    confirm(page)
    # The partner decides: the device goes to them, then comes back.
    assert take_device(page) == "walkie_give"
    assert viewer(page) == walkie.partner
    play(page, sure_move(saved_state(page), walkie.partner))
    assert take_device(page) == "turn"
    assert viewer(page) == me
    page.get_by_role("button", name="Full log").click()
    expect(page.get_by_test_id("full-log")).to_contain_text("swap a wire. (You gave")


def test_turn_cards_stabilizer_either_or_and_triple_detector(
    follow_link: Callable[..., Page],
) -> None:
    page = follow_link("?mission=4&players=3&seed=89&bots=0&brief=0")
    assert sorted(tray.cards_of(saved_state(page).setup)) == [3, 9, 10]
    unlock(page, {3, 9, 10})
    me = viewer(page)

    # Stabilizer (card 9), from the dock, then an X-or-Y cut (card 10) in the same turn.
    page.locator('[data-act="mode"][data-mode="stabilize"]').click()
    expect(page.get_by_test_id("confirm")).to_have_text("Turn the Stabilizer on")
    confirm(page)
    expect(page.get_by_test_id("prompt")).to_contain_text("The Stabilizer is on for this cut.")
    state = saved_state(page)
    pair = next(
        a
        for a in state.legal_actions(me)
        if isinstance(a, Cut)
        and a.tool is None
        and len(a.values) == 2
        and cut_value(state.code_at(*a.targets[0])) in a.values
    )
    page.locator('[data-act="xy"]').click()
    tile(page, *pair.targets[0]).click()
    for value in pair.values:
        page.locator(
            f'[data-act="value"][data-value="{"yellow" if value == 0 else value}"]'
        ).click()
    expect(page.get_by_test_id("confirm")).to_contain_text(" or ")
    expect(page.get_by_test_id("confirm")).to_contain_text("(stabilized)")
    confirm(page)
    expect(page.locator('.rw-card[data-panel="card:10"]')).to_contain_text("Used")
    assert take_device(page) == "own_cut"
    play(page, sure_move(saved_state(page), me))

    # Play on until someone holding the Triple Detector's turn: point at 3 wires of a teammate.
    for _ in range(30):
        decision = take_device(page)
        state = saved_state(page)
        seat = viewer(page)
        triples = [
            a
            for a in state.legal_actions(seat)
            if isinstance(a, Cut)
            and a.tool == "triple"
            and any(cut_value(state.code_at(*t)) == a.values[0] for t in a.targets)
        ]
        if decision == "turn" and triples:
            break
        play(page, sure_move(state, seat))
    triple = triples[0]
    page.locator('[data-act="mode"][data-mode="triple"]').click()
    for target in triple.targets:
        tile(page, *target).click()
    page.locator(f'[data-act="value"][data-value="{triple.values[0]}"]').click()
    expect(page.get_by_test_id("confirm")).to_contain_text("Triple Scanner: is there a")
    confirm(page)
    # The owner of the pointed wires chooses which matching one is cut (through the handoff).
    owner = state.owners[triple.targets[0][0]]
    assert take_device(page) == "detector_cut"
    assert viewer(page) == owner
    expect(page.locator(".rw-tile.is-option")).not_to_have_count(0)
    play(page, sure_move(saved_state(page), owner))
    assert take_device(page) == "own_cut"
    expect(page.locator('.rw-card[data-panel="card:3"]')).to_contain_text("Used")


def test_radar_double_detector_batteries_rewind_and_stand_scanner(
    follow_link: Callable[..., Page],
) -> None:
    page = follow_link("?mission=4&players=4&seed=194&bots=0&brief=0")
    assert sorted(tray.cards_of(saved_state(page).setup)) == [5, 6, 7, 8]
    unlock(page, {5, 6, 7, 8})
    me = viewer(page)

    # General Radar (card 8): a number, and every stand answers.
    use_card(page, 8)
    page.locator('[data-act="value"][data-value="7"]').click()
    expect(page.get_by_test_id("confirm")).to_have_text("Radar Sweep: who has a blue 7?")
    confirm(page)
    expect(page.get_by_test_id("last-event")).to_contain_text("radar on 7:")

    # My Double Detector: two wires of one teammate, one of them a match.
    state = saved_state(page)
    double = next(
        a
        for a in state.legal_actions(me)
        if isinstance(a, Cut)
        and a.tool == "double"
        and any(cut_value(state.code_at(*t)) == a.values[0] for t in a.targets)
    )
    page.locator('[data-act="mode"][data-mode="double"]').click()
    for target in double.targets:
        tile(page, *target).click()
    page.locator(f'[data-act="value"][data-value="{double.values[0]}"]').click()
    confirm(page)
    assert take_device(page) == "detector_cut"
    play(page, sure_move(saved_state(page), viewer(page)))
    assert take_device(page) == "own_cut"
    play(page, sure_move(saved_state(page), me))

    # Spare Batteries (card 7), by whoever holds the device: the used detector is ready again.
    take_device(page)
    use_card(page, 7)
    page.locator(f'[data-act="seat"][data-seat="{me}"]').click()
    confirm(page)
    assert not double_detector.used(saved_state(page), me)

    # A mistake moves the detonator; Rewind (card 6) moves it back.
    while take_device(page) != "turn":
        play(page, sure_move(saved_state(page), viewer(page)))
    expect(page.get_by_test_id("detonator")).to_have_attribute("data-left", "4")
    play(page, wrong_cut(saved_state(page), viewer(page)))
    take_device(page)
    expect(page.get_by_test_id("detonator")).to_have_attribute("data-left", "3")
    use_card(page, 6)
    confirm(page)
    expect(page.get_by_test_id("detonator")).to_have_attribute("data-left", "4")

    # The Stand Scanner (card 5): a whole stand of a teammate, one tap.
    while take_device(page) != "turn":
        play(page, sure_move(saved_state(page), viewer(page)))
    state = saved_state(page)
    seat = viewer(page)
    scan = next(
        a
        for a in state.legal_actions(seat)
        if isinstance(a, Cut)
        and a.tool == "super"
        and any(cut_value(state.code_at(*t)) == a.values[0] for t in a.targets)
    )
    page.locator('[data-act="mode"][data-mode="super"]').click()
    tile(page, *scan.targets[-1]).click()
    expect(page.locator(".rw-tile.is-selected")).to_have_count(len(scan.targets))
    page.locator(f'[data-act="value"][data-value="{scan.values[0]}"]').click()
    expect(page.get_by_test_id("confirm")).to_contain_text("Stand Scanner: is there a")
    confirm(page)
    assert take_device(page) == "detector_cut"
    assert viewer(page) == state.owners[scan.targets[0][0]]


def test_coffee_break_chooses_who_plays_next(follow_link: Callable[..., Page]) -> None:
    page = follow_link("?mission=4&players=3&seed=386&bots=0&brief=0")
    unlock(page, {11})
    me = viewer(page)
    nxt = (me + 2) % 3  # not the one who would play next anyway
    page.locator('[data-act="mode"][data-mode="coffee"]').click()
    page.locator(f'[data-act="seat"][data-seat="{nxt}"]').click()
    confirm(page)
    assert take_device(page) == "turn"
    assert viewer(page) == nxt


def test_sticker_c_cards_by_keyboard_and_touch(follow_link: Callable[..., Page]) -> None:
    """Rule sticker C (mission 58, two people): the double cards shown by label, unlocked by all
    four wires of their value; the Single Wire Label rehearsed by keyboard and placed by touch,
    the Fast Pass rehearsed by touch and played by keyboard, in one page boot."""
    page = follow_link("?mission=58&players=2&seed=734&bots=0&brief=0")
    assert sorted(tray.cards_of(saved_state(page).setup)) == [22, 99]
    take_device(page)
    expect(page.locator('.rw-card[data-panel="card:99"]')).to_contain_text("9-9")
    expect(page.locator('.rw-card[data-panel="card:99"]')).to_contain_text("all four 9s")
    unlock(page, {22, 99})
    me = viewer(page)
    state = saved_state(page)

    # Single Wire Label (2-2): one tap on my wire whose value is on its stand only once.
    single = next(a for a in state.legal_actions(me) if isinstance(a, SingleLabel))
    card = page.locator('.rw-card[data-panel="card:22"]')
    use = page.locator('[data-act="use"][data-card="22"]')
    wire = tile(page, single.stand, single.slot)
    press(page, card, "keyboard")
    rehearse(page, [use, wire], "x1 token", "keyboard")
    use_card(page, 22)
    expect(page.get_by_test_id("prompt")).to_contain_text("only once")
    wire.click()
    confirm(page)
    expect(wire).to_have_attribute("aria-label", re.compile("x1 token"))
    expect(card).to_contain_text("Used")

    # Fast Pass (9-9), as my action: two taps on two of my wires of one value.
    state = saved_state(page)
    fast = next(a for a in state.legal_actions(me) if isinstance(a, FastPass))
    first, second = tile(page, fast.stand, fast.slot), tile(page, fast.stand2, fast.slot2)
    card = page.locator('.rw-card[data-panel="card:99"]')
    use = page.locator('[data-act="use"][data-card="99"]')
    card.click()
    rehearse(page, [use, first, second], "Fast Pass", "touch")
    press(page, card, "keyboard")
    press(page, use, "keyboard")
    press(page, first, "keyboard")
    press(page, second, "keyboard")
    expect(page.get_by_test_id("confirm")).to_contain_text("Fast Pass")
    press(page, page.get_by_test_id("confirm"), "keyboard")
    take_device(page)  # it was my action: the device goes to my partner
    expect(card).to_contain_text("Used")
    page.get_by_role("button", name="Full log").click()
    expect(page.get_by_test_id("full-log")).to_contain_text("Fast Pass")


def test_the_disintegrator_fires_on_the_fourth_10(follow_link: Callable[..., Page]) -> None:
    """The 10-10 Disintegrator (mission 58, two people, on a phone): the card shown by label;
    the sure moves towards it by touch, every cut of a 10 by keyboard; the fourth 10 fires it,
    and the page says the token drawn and shows every wire of its value cut, face up."""
    page = follow_link(
        "?mission=58&players=2&seed=17&bots=0&pace=instant&brief=0",
        viewport={"width": 360, "height": 640},
    )
    state = saved_state(page)
    assert 1010 in tray.cards_of(state.setup)
    take_device(page)
    card = page.locator('.rw-card[data-panel="card:1010"]')
    expect(card).to_contain_text("10-10")
    expect(card).to_contain_text("all four 10s")
    for _ in range(80):
        take_device(page)
        state = saved_state(page)
        if tray.card_state(state, 1010) == "used":
            break
        before = state
        action = unlocking_move(state, viewer(page), {1010})
        if isinstance(action, Cut) and action.values == (10,):  # by keyboard
            press(page, tile(page, *action.targets[0]), "keyboard")
            press(page, page.locator('[data-act="value"][data-value="10"]'), "keyboard")
            press(page, page.get_by_test_id("confirm"), "keyboard")
        elif isinstance(action, Pick) and cut_value(state.code_at(action.stand, action.slot)) == 10:
            press(page, tile(page, action.stand, action.slot), "keyboard")
            press(page, page.get_by_test_id("confirm"), "keyboard")
        else:
            play(page, action)  # by touch
    else:
        raise AssertionError("the fourth 10 was never cut")
    value = disintegrator.draw(before)
    assert value is not None
    drawn = next(e for e in state.log if e.type == "disintegrator")
    assert drawn.data["value"] == value
    expect(card).to_contain_text("Used")
    page.get_by_role("button", name="Full log").click()
    expect(page.get_by_test_id("full-log")).to_contain_text(f"the token drawn is a {value}")
    for stand, slot in drawn.data["cut"]:
        expect(tile(page, stand, slot)).to_have_attribute("aria-label", re.compile(rf"\b{value}\b"))


def test_grappling_hook_by_keyboard_and_touch(follow_link: Callable[..., Page]) -> None:
    """The Grappling Hook (11-11, mission 58, three people on one phone): unlocked by all four
    11s, rehearsed by keyboard and used by touch in one page boot by the player with two stands
    (a tap on the teammate's wire, one on a wire of the stand it goes to); its value is in the
    taker's view, while the next players see only where it went (hidden, marked in words)."""
    page = follow_link("?mission=58&players=3&seed=199&bots=0&pace=instant&brief=0", viewport=PHONE)
    assert 1111 in tray.cards_of(saved_state(page).setup)
    take_device(page)
    unlock(page, {1111})
    me = viewer(page)
    state = saved_state(page)
    second = state.seat_stands[me][1]
    hook = next(a for a in state.legal_actions(me) if isinstance(a, Hook) and a.into == second)
    card = page.locator('.rw-card[data-panel="card:1111"]')
    use = page.locator('[data-act="use"][data-card="1111"]')
    theirs, onto = tile(page, hook.stand, hook.slot), tile(page, second, 0)
    press(page, card, "keyboard")
    rehearse(page, [use, theirs, onto], "Grappling Hook", "keyboard")
    card.click()
    use.click()
    theirs.click()
    expect(page.get_by_test_id("confirm")).to_have_attribute("aria-disabled", "true")
    onto.click()
    expect(page.get_by_test_id("confirm")).to_contain_text("onto your stand 2")
    confirm(page)
    event = saved_state(page).log[-1]
    assert event.type == "hook" and event.data["to"][0] == second
    taken = tile(page, *event.data["to"])
    expect(taken).to_have_attribute("aria-label", re.compile("taken with the Grappling Hook$"))
    expect(taken).not_to_have_attribute("aria-label", re.compile("hidden"))
    # The turn goes on to the two others, who see the wire where it went, hidden.
    for _ in range(2):
        seat = viewer(page)
        while viewer(page) == seat:
            play(page, sure_move(saved_state(page), seat))
            take_device(page)
        expect(tile(page, *event.data["to"])).to_have_attribute(
            "aria-label", re.compile("hidden, taken with the Grappling Hook")
        )
    assert viewer(page) not in (me, hook.seat, state.owners[hook.stand])
    page.get_by_role("button", name="Full log").click()
    log = page.get_by_test_id("full-log")
    expect(log).to_contain_text("with the Grappling Hook")
    expect(log).not_to_contain_text("(You took")
    expect(log).not_to_contain_text("(It was your")
