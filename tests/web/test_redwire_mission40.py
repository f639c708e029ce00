"""Mission 40 on the page (in CPython): a count token and an even/odd token drawn on one board,
each kind's rule naming the seats whose wires get it, the setup prompt and confirm of the kind of
the seat placing, and the misses said in the log in each language."""

from __future__ import annotations

import pytest
from fusebox_web.redwire.log_text import log_lines
from fusebox_web.redwire.mechanisms import prompt_notes, token_confirm
from fusebox_web.redwire.words import Words
from fusebox_web.shell.i18n import Catalog

from engine.redwire import Cut, PlaceToken
from tests.redwire.engine.helpers import fill_deal, game
from tests.web.board_page import NAMES, board_html, walk_drawing

RED = ["2.5", "6.5", "8.5"]
CAPTAIN = ["1", "1", "2", "3", "3", "3", "5", "7", "9", "10", "11", "12", "2.5"]


def _deal(tokens: list[tuple[int, int]] | None = None):  # type: ignore[no-untyped-def]
    stands = fill_deal(40, 4, 1, {1: CAPTAIN}, red=RED)
    return game(
        40, 4, stands, captain=1, tokens=tokens, parts={"equipment": {"cards": [1, 4, 8, 9]}}
    )


def _words(catalog: Catalog, obs) -> Words:  # type: ignore[no-untyped-def]
    return Words(catalog, list(NAMES[:4]), [st["owner"] for st in obs["stands"]])


def test_both_kinds_on_one_board_with_whose_wires(catalog: Catalog) -> None:
    state = _deal()
    html = board_html(state, 1, catalog)
    assert "rw-token--count" in html and "rw-token--parity" in html
    assert catalog.t("rw.count.tile", count=3) in html  # seat 3's three 9s
    assert catalog.t("rw.parity.tile.odd") in html
    assert catalog.t("rw.count.who", names="Bea, Dario") in html  # the captain and the 3rd
    assert catalog.t("rw.parity.who", names="Ana, Carlo") in html  # the 2nd and the 4th


def test_the_setup_prompt_and_confirm_are_the_placing_seats_kind(catalog: Catalog) -> None:
    state = _deal(tokens=[])  # the captain (seat 1, x-tokens) places first
    assert state.to_move == 1
    obs = state.observation(1)
    w = _words(catalog, obs)
    assert prompt_notes(obs, w) == [catalog.t("rw.count.prompt")]
    confirm = token_confirm(PlaceToken(1, 1, 0), w, obs)  # his two 1s
    assert confirm == catalog.t("rw.confirm.countToken", where=w.where_own(1, 0), count=2)
    state, _ = state.apply(PlaceToken(1, 1, 0))
    assert state.to_move == 2  # the 2nd player: even/odd
    obs = state.observation(2)
    w = _words(catalog, obs)
    assert prompt_notes(obs, w) == [catalog.t("rw.parity.prompt")]
    confirm = token_confirm(PlaceToken(2, 2, 0), w, obs)
    assert confirm is not None and catalog.t("rw.parity.odd") in confirm
    state, _ = state.apply(PlaceToken(2, 2, 0))
    assert state.to_move == 3  # the 3rd player: x-tokens
    obs = state.observation(3)
    w = _words(catalog, obs)
    assert prompt_notes(obs, w) == [catalog.t("rw.count.prompt")]
    confirm = token_confirm(PlaceToken(3, 3, 1), w, obs)
    assert confirm == catalog.t("rw.confirm.countToken", where=w.where_own(3, 1), count=3)


def test_each_miss_is_said_with_its_kind(catalog: Catalog) -> None:
    state = _deal()
    state, _ = state.apply(Cut(1, ((2, 1),), (5,)))  # the captain misses the 2nd player's 6
    state, _ = state.apply(Cut(2, ((3, 4),), (7,)))  # the 2nd misses the 3rd's 10
    obs = state.observation(0)
    w = _words(catalog, obs)
    texts = {line.text for line in log_lines(obs["log"], w)}
    parity = catalog.t(
        "rw.log.parityMiss",
        who="Carlo",
        parity=catalog.t("rw.parity.even"),
        where=w.where_their(2, 1),
    )
    count = catalog.t("rw.log.countMiss", who="Dario", count=3, where=w.where_their(3, 4))
    assert parity in texts and count in texts


@pytest.mark.parametrize("seed", range(3))
def test_every_state_draws_and_reads_as_sentences(catalog: Catalog, seed: int) -> None:
    walk_drawing(catalog, 40, seed, selections=False)
