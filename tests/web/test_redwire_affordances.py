"""What the page offers the viewer agrees with the engine's legal actions, on random games."""

from __future__ import annotations

import random

import pytest
from fusebox_web.redwire.affordances import Affordances, affordances
from fusebox_web.redwire.mechanisms import ACTION_USES
from fusebox_web.redwire.selection import Selection, build, fresh, selection_of

from engine import redwire
from engine.redwire import (
    Batteries,
    CoffeeMug,
    Cut,
    GameState,
    Label,
    Pick,
    PlaceToken,
    PostIt,
    Radar,
    RevealReds,
    Rewind,
    SoloCut,
    Stabilize,
    Walkie,
)
from engine.redwire.bots import make_bot


def offered(aff: Affordances, seat: int) -> set[redwire.Action]:
    """Every non-cut action the affordances offer (the cuts are checked separately)."""
    out: set[redwire.Action] = set()
    out |= {Pick(seat, *t) for t in aff.picks}
    out |= {PlaceToken(seat, *t) for t in aff.token_tiles}
    out |= {SoloCut(seat, v) for v in aff.solo}
    out |= {CoffeeMug(seat, s) for s in aff.cards.get(11, ())}
    if aff.reveal:
        out.add(RevealReds(seat))
    if aff.cards.get(9):
        out.add(Stabilize(seat))
    for card in (1, 12):
        out |= {Label(seat, card, st, sl) for st, sl in aff.cards.get(card, ())}
    if 2 in aff.cards:
        tiles, partners = aff.cards[2]["tiles"], aff.cards[2]["partners"]
        out |= {Walkie(seat, st, sl, p) for st, sl in tiles for p in partners}
    out |= {PostIt(seat, *t) for t in aff.cards.get(4, ())}
    if aff.cards.get(6):
        out.add(Rewind(seat))
    for used in aff.cards.get(7, ()):
        out.add(Batteries(seat, (used,)))
    out |= {Radar(seat, v) for v in aff.cards.get(8, ())}
    for name, use in ACTION_USES.items():  # a mission's own actions (claim, stuck...)
        choices = aff.cards.get(name)
        if not choices or use.build is None:
            continue
        if use.seats is not None and use.values is not None:  # a card to a teammate (65)
            for value in use.values(choices):
                for chosen in use.seats(choices):
                    sel = Selection(use.mode, values=(value,), seats=(chosen,))
                    action = use.build(sel, seat)
                    assert action is not None
                    out.add(action)
            continue
        if use.seats is not None:  # seats to choose among
            for chosen in use.seats(choices):
                action = use.build(Selection(use.mode, seats=(chosen,)), seat)
                assert action is not None
                out.add(action)
            continue
        if isinstance(choices, list) and isinstance(choices[0], tuple):  # wires only (41)
            for tile in choices:
                action = use.build(Selection(use.mode, (tile,)), seat)
                assert action is not None
                out.add(action)
            continue
        if use.values_many > 1:  # groups of values (47: two Number cards), each offered
            for group in choices:
                action = use.build(Selection(use.mode, values=tuple(group)), seat)
                assert action is not None
                out.add(action)
            continue
        if use.values is not None and not isinstance(choices, dict):  # values only
            for value in use.values(choices):
                action = use.build(Selection(use.mode, values=(value,)), seat)
                assert action is not None
                out.add(action)
            continue
        if isinstance(choices, dict):  # wires, each with the values it may take
            for tile, values in choices.items():
                for value in values:
                    action = use.build(Selection(use.mode, (tile,), (value,)), seat)
                    assert action is not None
                    out.add(action)
            continue
        action = use.build(Selection(use.mode), seat)
        assert action is not None
        out.add(action)
    return out


def check(state: GameState, seat: int) -> None:
    aff = affordances(state, seat)
    legal = state.legal_actions(seat)
    singles = [a for a in legal if isinstance(a, Cut) and a.tool is None and len(a.values) == 1]
    assert aff.cut_targets == {a.targets[0] for a in singles}
    assert set(aff.values) == {a.values[0] for a in singles}
    tools = {a.tool for a in legal if isinstance(a, Cut) and a.tool}
    assert set(aff.tools) == tools
    # The wires a detector may point at (the page lets only those be tapped in its mode).
    pointed = {t for a in legal if isinstance(a, Cut) and a.tool for t in a.targets}
    assert pointed <= aff.tool_targets
    assert aff.xy == any(isinstance(a, Cut) and len(a.values) == 2 for a in legal)
    # The clock running out is the page's countdown's, not a button (``for_bots`` False).
    non_cuts = {a for a in legal if not isinstance(a, (Cut, Batteries)) and a.for_bots}
    offers = {a for a in offered(aff, seat) if not isinstance(a, Batteries)}
    assert {a for a in offers if a.for_bots} == non_cuts
    # A person's own buttons no computer presses (a number said aloud) are legal too.
    assert {a for a in offers if not a.for_bots} <= set(legal)
    batteries = {a.seats[0] for a in legal if isinstance(a, Batteries) and len(a.seats) == 1}
    assert set(aff.cards.get(7, ())) == batteries
    # The default selection, completed with any offered wire and value, makes a legal action.
    sel = fresh(aff)
    if sel.mode == "cut" and aff.cut_targets:
        target = sorted(aff.cut_targets)[0]
        cut = build(sel.tap_tile(target).tap_value(aff.values[0], xy=False), seat)
        assert cut is not None and state.is_legal(cut)


MISSIONS = [m for m in sorted(redwire.all_missions()) if m >= 3]


@pytest.mark.parametrize("seed", range(12 + 2 * len(MISSIONS)))
def test_affordances_agree_with_legal_actions(seed: int) -> None:
    rng = random.Random(seed)
    mission = MISSIONS[seed % len(MISSIONS)] if seed >= 12 else rng.choice(range(3, 9))
    players = rng.choice(redwire.load_mission(mission).players)  # mission 34: not with two
    state = redwire.new_game(mission, players, seed)
    bots = [make_bot("random", seed * 10 + s) for s in range(players)]
    while not state.is_over:
        for seat in range(players):
            check(state, seat)
        mover = state.to_move
        assert mover is not None
        action = bots[mover].choose(state.observation(mover), state.legal_actions(mover))
        # What a hint would select builds exactly that action.
        assert build(selection_of(action, Selection()), mover) == action
        state, _ = state.apply(action)
    assert affordances(state, 0).decision is None


def test_detectors_skip_the_x_wires_and_stay_usable() -> None:
    """Mission 20: a plain cut may point at an X wire, no detector may; the Stand Scanner is
    still offered (its whole stand leaves the X wire out)."""
    stands = [
        ["2", "3", "3", "4", "4", "5", "6", "7", "8", "9", "10", "11", "1"],
        ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "12"],
        ["1", "1", "2", "2", "3", "4", "5", "5", "6", "6", "7", "2.1", "4.5"],
        ["7", "8", "8", "9", "9", "10", "10", "11", "11", "12", "12", "9.5", "6.1"],
    ]
    setup = redwire.explicit_setup(20, 4, 0, stands, parts={"equipment": {"cards": [1, 3, 5, 8]}})
    state = redwire.start(setup)
    while state.phase.value == "setup_token":
        mover = state.to_move
        assert mover is not None
        state, _ = state.apply(state.legal_actions(mover)[0])
    table = state.clone()
    for stand, slot in [(1, 4), (2, 7)]:  # two 5s: the Super Detector
        table.mark_cut(table.wire_id(stand, slot))
    aff = affordances(table, 0)
    assert {"double", "super"} <= set(aff.tools)
    x_tiles = {(s, 12) for s in (1, 2, 3)}
    assert x_tiles <= aff.cut_targets and not x_tiles & aff.tool_targets
    check(table, 0)


def test_the_gift_of_mission_22_is_offered_as_the_engine_allows() -> None:
    """Mission 22: the setup tokens beside the stand, then the gift (a value to give, then a
    wire to put it on) agree with the legal actions at every step."""
    from engine.redwire.mechanisms.negative_tokens import GiveToken, NegativeToken
    from engine.redwire.wires import YELLOW

    fixed = {
        0: ["1", "1", "2", "2", "2.1", "3", "3", "4", "4", "4.5", "5", "5", "5.1", "6"],
        1: ["1", "1", "2", "2", "3", "3", "4", "4", "5", "5", "6", "6", "7"],
    }
    rest = ["6", "7", "7", "7", "7.1", "8", "8", "8", "8", "9", "9", "9", "9"]
    last = ["9.1", "10", "10", "10", "10", "11", "11", "11", "11", "12", "12", "12", "12"]
    setup = redwire.explicit_setup(
        22, 4, 0, [fixed[0], fixed[1], rest, last], parts={"equipment": {"cards": [1, 4, 8, 9]}}
    )
    state = redwire.start(setup)
    steps: list[redwire.Action] = [
        NegativeToken(0, 0, 7),
        NegativeToken(0, 0, 12),
        NegativeToken(1, 1, 8),
        NegativeToken(1, 1, YELLOW),
        NegativeToken(2, 2, 1),
        NegativeToken(2, 2, 12),
        NegativeToken(3, 3, 1),
        NegativeToken(3, 3, 2),
        Cut(0, ((2, 4),), (YELLOW,)),
        Pick(0, 0, 4),
        GiveToken(0, 7),
        Pick(1, 1, 12),
        GiveToken(1, 1),
    ]
    for action in steps:
        for seat in range(4):
            check(state, seat)
        state, _ = state.apply(action)
    assert state.phase.value == "gift_give"
    check(state, 2)
    assert GiveToken(2, YELLOW) in offered(affordances(state, 2), 2)
