"""The 10-10 Disintegrator on the page (in CPython, each language): the card named by its label
with the "all four" lock, and when the fourth 10 is cut the log says the token drawn and each
wire it made its owner cut, under that owner's name (what the move announces)."""

from __future__ import annotations

from fusebox_web.redwire.log_text import log_lines, since
from fusebox_web.redwire.words import Words
from fusebox_web.shell.i18n import Catalog

from engine.redwire import Cut, Pick
from tests.redwire.engine.helpers import with_cut
from tests.redwire.engine.test_disintegrator import fresh, order
from tests.web.board_page import NAMES, RAW, board_html, tile_at


def _words(catalog: Catalog, obs) -> Words:  # type: ignore[no-untyped-def]
    return Words(catalog, list(NAMES[:4]), [st["owner"] for st in obs["stands"]])


def test_the_disintegrator_shows_its_label_and_its_four_wire_lock(catalog: Catalog) -> None:
    html = board_html(fresh(order(7)), 0, catalog)
    assert '<span class="rw-card-no">10-10</span>' in html
    assert catalog.t("rw.card.lockedAll", value=10) in html


def test_the_draw_and_every_wire_it_cut_are_said_and_shown(catalog: Catalog) -> None:
    state = fresh(order(7))
    state, _ = state.apply(Cut(0, ((1, 10),), (10,)))
    start = len(state.log)
    state, _ = state.apply(Pick(0, 0, 11))
    obs = state.observation(2)
    w = _words(catalog, obs)
    # What the move announces (aria-live): every line of its events.
    texts = [line.text for line in since(log_lines(obs["log"], w), start)]
    card = f"10-10 · {w.card_name(1010)}"
    said = catalog.t("rw.log.disintegrator", card=card, value=w.value(7), count=4)
    assert said in texts
    after = texts[texts.index(said) + 1 :]
    # Each 7 under its owner's name (Bea's own cut, not Ana's Dual Cut): Ana twice, Bea, Dario.
    bea = catalog.t(
        w.about("rw.log.ownCut", 1), who="Bea", where=w.where_their(1, 6), wire=w.wire("7")
    )
    assert bea in after[:4]
    assert not any(RAW.search(t) for t in texts)
    html = board_html(state, 2, catalog)  # the cut 7s lie face up for everyone
    assert ">7<" in tile_at(html, 3, 0) and ">7<" in tile_at(html, 1, 6)


def test_a_draw_with_nothing_left_to_cut_is_said(catalog: Catalog) -> None:
    state = with_cut(fresh(order(7)), [(0, 6), (0, 7), (1, 6), (3, 0)])
    state, _ = state.apply(Cut(0, ((1, 10),), (10,)))
    state, _ = state.apply(Pick(0, 0, 11))
    obs = state.observation(0)
    w = _words(catalog, obs)
    texts = {line.text for line in log_lines(obs["log"], w)}
    card = f"10-10 · {w.card_name(1010)}"
    assert catalog.t("rw.log.disintegratorNone", card=card, value=w.value(7)) in texts
