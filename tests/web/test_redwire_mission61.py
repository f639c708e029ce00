"""Mission 61 on the page (in CPython): the constraint cards around the table in the circle's
order, each place named in words (whose card, or which table spot) with its card's rule; the
captain's keep / pass clockwise / pass anticlockwise and the any-time trade offered as buttons
exactly when the engine takes them; each pass and trade said in the log, and the refusal of a
trade once the pile is empty in plain words, in each language."""

from __future__ import annotations

from fusebox_web.redwire.mechanisms import cards_now
from fusebox_web.redwire.words import Words
from fusebox_web.shell.i18n import Catalog

from engine.redwire import GameState, explicit_setup, start
from engine.redwire.mechanisms.constraints import DrawConstraint, PassConstraints
from tests.redwire.engine.helpers import fill_deal
from tests.web.board_page import (
    NAMES,
    board_html,
    constraint_card,
    log_texts,
    tokens_placed,
    walk_drawing,
)


def _deal(seats: str = "ABC", spot: str = "D") -> GameState:
    """Three players, an ascending deal; ring [captain, left spot, seat 1, seat 2]."""
    setup = explicit_setup(
        61,
        3,
        0,
        fill_deal(61, 3, 0, {}, red=["4.5"]),
        parts={
            "equipment": {"cards": [1, 4, 6]},
            "constraints": {"seats": list(seats), "table": [spot], "pile": list("FGHIJKL")},
        },
    )
    return tokens_placed(start(setup))


def _plain(html: str) -> str:
    return html.replace("&#x27;", "'").replace("&#39;", "'")


def test_the_circle_is_drawn_in_words_and_each_pass_is_said(catalog: Catalog) -> None:
    state = _deal()
    html = _plain(board_html(state, 1, catalog))
    assert catalog.t("rw.constraint.circleRule") in html
    assert f'aria-label="{catalog.t("rw.constraint.circle")}"' in html
    spot = catalog.t("rw.constraint.spotLeft")
    place = catalog.t("rw.constraint.place", where=spot, card=constraint_card(catalog, "D"))
    assert f'aria-label="{place}"' in html and 'data-seat="table"' in html
    mine = catalog.t("rw.constraint.place", where=NAMES[1], card=constraint_card(catalog, "B"))
    assert f'aria-label="{mine}"' in html
    assert catalog.t("rw.constraint.pile", count=7) in html
    # The captain's three buttons, and only his; the trade is everyone's, at any time.
    offered = cards_now(state, 0, own_turn=False)
    assert {"constraints_keep", "constraints_clockwise", "constraints_anticlockwise"} <= set(
        offered
    )
    assert "constraints_keep" not in cards_now(state, 1, own_turn=False)
    assert "constraint_draw" in cards_now(state, 2, own_turn=False)
    state, _ = state.apply(PassConstraints(0, "clockwise"))
    holds = [
        catalog.t("rw.constraint.holds", name=NAMES[seat], letter=letter)
        for seat, letter in enumerate("CDB")
    ]
    obs = state.observation(2)
    w = Words(catalog, NAMES[:3], [st["owner"] for st in obs["stands"]])
    said = catalog.t("rw.log.constraints_clockwise", who=NAMES[0], cards=w.listing(holds))
    assert said in log_texts(state, 2, catalog)
    assert 'data-testid="constraint-place-1" data-card="A"' in board_html(state, 2, catalog)


def test_a_trade_is_said_with_its_step_and_an_empty_pile_is_refused_in_words(
    catalog: Catalog,
) -> None:
    state = _deal()
    state, _ = state.apply(DrawConstraint(2))
    said = catalog.t(
        "rw.log.constraintDraw", who=NAMES[2], old="C", card=constraint_card(catalog, "F")
    )
    assert said in log_texts(state, 0, catalog)
    assert catalog.t("rw.constraint.traded", cards="C") in board_html(state, 0, catalog)
    table = state.clone()
    table.dial = 20
    state = table
    for _ in range(6):
        state, _ = state.apply(DrawConstraint(1))
    assert "constraint_draw" not in cards_now(state, 1, own_turn=False)
    words = catalog.t("rw.reason.constraint_pile_empty")
    assert words and "{" not in words


def test_every_state_draws_and_reads_as_sentences(catalog: Catalog) -> None:
    game = walk_drawing(catalog, 61, 21, selections=False)
    kinds = {e["type"] for e in game.state.observation("seer")["log"]}
    assert {"constraints_pass", "constraint_draw"} <= kinds
