"""Mission 37 on the page (in CPython): the visible card with the rotating rule (no captain's
buttons), the round's skips so far, every state drawn and read as sentences in each language, and
each card turned over said in the log with its cause (a value cut to its 4th wire, a whole round
of skips)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from fusebox_web.redwire.log_text import log_lines
from fusebox_web.redwire.mechanisms import cards_now
from fusebox_web.redwire.words import Words
from fusebox_web.shell.i18n import Catalog

from engine.redwire import SoloCut, explicit_setup, start
from engine.redwire.mechanisms.constraints import SkipTurn
from engine.redwire.wires import cut_value
from tests.redwire.engine.helpers import fill_deal
from tests.web.board_page import NAMES, board_html, walk_drawing


def _deal(order: str, players: int = 3):  # type: ignore[no-untyped-def]
    stands = fill_deal(37, players, 0, {}, red=["4.5", "8.5"])
    setup = explicit_setup(
        37,
        players,
        0,
        stands,
        parts={
            "equipment": {"cards": [1, 4, 6, 9][:players]},
            "constraints": {"order": list(order)},
        },
    )
    state = start(setup)
    while state.phase.value == "setup_token":
        state, _ = state.apply(state.legal_actions(state.to_move or 0)[0])
    return state


def test_the_rotating_card_has_its_own_rule_and_no_captains_buttons(catalog: Catalog) -> None:
    state = _deal("GHABCDEFIJKL")
    html = board_html(state, 0, catalog)
    assert 'data-card="G"' in html and catalog.t("rw.constraint.G") in html
    assert catalog.t("rw.constraint.rotatingRule") in html
    assert catalog.t("rw.constraint.sharedRule") not in html
    assert not {"constraint_keep", "constraint_replace"} & set(cards_now(state, 0, own_turn=True))
    # The captain's Solo Cut of his four 1s turns card H over: the log says why.
    state, _ = state.apply(SoloCut(0, 1))
    obs = state.observation(1)
    w = Words(catalog, NAMES[:3], [st["owner"] for st in obs["stands"]])
    said = catalog.t(
        "rw.log.constraintRotate",
        value=1,
        old="G",
        card=catalog.t("rw.constraint.card", letter="H", rule=catalog.t("rw.constraint.H")),
    )
    assert said in {line.text for line in log_lines(obs["log"], w)}
    assert 'data-card="H"' in board_html(state, 1, catalog)


def test_a_round_of_skips_is_counted_on_the_board_and_said_in_the_log(catalog: Catalog) -> None:
    state = _deal("ABCDEFGHIJKL")
    evens = set(range(2, 13, 2))
    for wire, code in enumerate(state.codes):  # a later position: every even value cut
        if cut_value(code) in evens:
            state.mark_cut(wire)
    state.validated |= evens
    part = state.parts["constraints"]
    state.parts["constraints"] = replace(part, completed=frozenset(evens))
    state, _ = state.apply(SkipTurn(0))
    html = board_html(state, 1, catalog)
    assert 'data-testid="constraint-round"' in html
    assert catalog.t("rw.constraint.roundSkips", skips=1, turns=1) in html
    assert "constraint_skip" in cards_now(state, 1, own_turn=True)
    state, _ = state.apply(SkipTurn(1))
    state, _ = state.apply(SkipTurn(2))
    obs = state.observation(0)
    w = Words(catalog, NAMES[:3], [st["owner"] for st in obs["stands"]])
    texts = {line.text for line in log_lines(obs["log"], w)}
    assert catalog.t("rw.log.constraintRound", letter="A") in texts
    card = catalog.t("rw.constraint.card", letter="B", rule=catalog.t("rw.constraint.B"))
    assert catalog.t("rw.log.constraintRoundNext", old="A", card=card) in texts
    assert 'data-testid="constraint-round"' not in board_html(state, 0, catalog)


@pytest.mark.parametrize("seed", range(3))
def test_every_state_draws_and_reads_as_sentences(catalog: Catalog, seed: int) -> None:
    game = walk_drawing(catalog, 37, seed, selections=False)
    for e in game.state.observation("seer")["log"]:
        if e["type"] == "constraint_rotate" and e["reason"] == "value":
            data = e
            key = "rw.log.constraintRotate" if data["new"] else "rw.log.constraintRotateLast"
            card = (
                catalog.t(
                    "rw.constraint.card",
                    letter=data["new"],
                    rule=catalog.t(f"rw.constraint.{data['new']}"),
                )
                if data["new"]
                else ""
            )
            assert catalog.t(key, value=data["value"], old=data["old"], card=card) in game.texts
