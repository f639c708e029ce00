"""What the page offers the viewer agrees with the engine's legal actions, on random games."""

from __future__ import annotations

import random

import pytest
from fusebox_web.redwire.affordances import Affordances, affordances
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
    return out


def check(state: GameState, seat: int) -> None:
    aff = affordances(state, seat)
    legal = state.legal_actions(seat)
    singles = [a for a in legal if isinstance(a, Cut) and a.tool is None and len(a.values) == 1]
    assert aff.cut_targets == {a.targets[0] for a in singles}
    assert set(aff.values) == {a.values[0] for a in singles}
    tools = {a.tool for a in legal if isinstance(a, Cut) and a.tool}
    assert set(aff.tools) == tools
    assert aff.xy == any(isinstance(a, Cut) and len(a.values) == 2 for a in legal)
    non_cuts = {a for a in legal if not isinstance(a, (Cut, Batteries))}
    offers = {a for a in offered(aff, seat) if not isinstance(a, Batteries)}
    assert offers == non_cuts
    batteries = {a.seats[0] for a in legal if isinstance(a, Batteries) and len(a.seats) == 1}
    assert set(aff.cards.get(7, ())) == batteries
    # The default selection, completed with any offered wire and value, makes a legal action.
    sel = fresh(aff)
    if sel.mode == "cut" and aff.cut_targets:
        target = sorted(aff.cut_targets)[0]
        cut = build(sel.tap_tile(target).tap_value(aff.values[0], xy=False), seat)
        assert cut is not None and state.is_legal(cut)


@pytest.mark.parametrize("seed", range(12))
def test_affordances_agree_with_legal_actions(seed: int) -> None:
    rng = random.Random(seed)
    mission, players = rng.choice(range(3, 9)), rng.choice(range(2, 6))
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
