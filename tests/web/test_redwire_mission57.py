"""Mission 57 on the page (in CPython): every Number card with its constraint card (the state of
each in words and a symbol, an accessible name for each), no card before the first value is
done, each card put on top said in the log with its value, the skip offered as a button, and the
explosion of a whole round where nobody could cut said in plain words, in each language."""

from __future__ import annotations

from dataclasses import replace

from fusebox_web.redwire.mechanisms import cards_now
from fusebox_web.shell.i18n import Catalog

from engine.redwire import GameState, SoloCut, explicit_setup, start
from engine.redwire.mechanisms.constraints import SkipTurn
from engine.redwire.wires import cut_value
from tests.redwire.engine.helpers import fill_deal
from tests.web.board_page import (
    board_html,
    constraint_card,
    log_texts,
    tokens_placed,
    walk_drawing,
)


def _deal(pairs: str) -> GameState:
    """Three players, an ascending deal (the captain's two stands: 1s-6s and the red 4.5; seat 1:
    7s-9s; seat 2: 10s-12s)."""
    stands = fill_deal(57, 3, 0, {}, red=["4.5"])
    setup = explicit_setup(
        57,
        3,
        0,
        stands,
        parts={"equipment": {"cards": [1, 4, 6]}, "constraints": {"order": list(pairs)}},
    )
    return tokens_placed(start(setup))


def test_the_pairs_are_drawn_and_each_card_put_on_top_is_said(catalog: Catalog) -> None:
    state = _deal("BACDEFGHIJKL")
    html = board_html(state, 2, catalog)
    assert catalog.t("rw.constraint.pairedRule") in html
    assert catalog.t("rw.constraint.noneYet") in html
    assert html.count('data-state="waiting"') == 12 and 'data-testid="constraint-pairs"' in html
    assert f'aria-label="{catalog.t("rw.constraint.pairs")}"' in html
    name = catalog.t("rw.constraint.pairName", value=7, card=constraint_card(catalog, "G"))
    assert f'aria-label="{name}"' in html.replace("&#x27;", "'").replace("&#39;", "'")
    # The captain's four 1s put card B on top; seat 1's four 7s then cover it with card G.
    state, _ = state.apply(SoloCut(0, 1))
    html = board_html(state, 1, catalog)
    assert 'data-value="1" data-card="B" data-state="top"' in html
    assert catalog.t("rw.constraint.pair.top") in html
    assert catalog.t(
        "rw.log.constraintPair", value=1, card=constraint_card(catalog, "B")
    ) in log_texts(state, 1, catalog)
    state, _ = state.apply(SoloCut(1, 7))
    html = board_html(state, 0, catalog)
    assert 'data-value="1" data-card="B" data-state="covered"' in html
    assert 'data-value="7" data-card="G" data-state="top"' in html
    assert catalog.t("rw.constraint.covered", cards="B") in html
    said = catalog.t(
        "rw.log.constraintPairOver", value=7, old="B", card=constraint_card(catalog, "G")
    )
    assert said in log_texts(state, 0, catalog)


def test_the_skip_is_a_button_and_a_round_of_skips_explodes_in_words(catalog: Catalog) -> None:
    state = _deal("ABCDEFGHIJKL")
    evens = set(range(2, 13, 2))
    for wire, code in enumerate(state.codes):  # a later position: every even value cut
        if cut_value(code) in evens:
            state.mark_cut(wire)
    state.validated |= evens
    part = state.parts["constraints"]
    state.parts["constraints"] = replace(part, completed=frozenset(evens), visible="A")
    assert "constraint_skip" in cards_now(state, 0, own_turn=True)
    state, _ = state.apply(SkipTurn(0))
    html = board_html(state, 1, catalog)
    assert catalog.t("rw.constraint.roundSkips", skips=1, turns=1) in html
    state, _ = state.apply(SkipTurn(1))
    state, _ = state.apply(SkipTurn(2))
    assert state.result == "exploded"
    assert catalog.t("rw.log.boom.constraint_stuck") in log_texts(state, 0, catalog)


def test_every_state_draws_and_reads_as_sentences(catalog: Catalog) -> None:
    game = walk_drawing(catalog, 57, 1, selections=False)
    pairs = [e for e in game.state.observation("seer")["log"] if e["type"] == "constraint_pair"]
    assert pairs and pairs[0]["old"] is None  # the walk put at least the first card on top
    for e in pairs:
        card = constraint_card(catalog, e["new"])
        if e["old"] is None:
            said = catalog.t("rw.log.constraintPair", value=e["value"], card=card)
        else:
            said = catalog.t("rw.log.constraintPairOver", value=e["value"], old=e["old"], card=card)
        assert said in game.texts
