"""Rule sticker C on the page (in CPython, each language): the double cards named by their
label ("9-9") with the "all four" lock, the Fast Pass built from two tapped wires and the Single
Wire Label from one, the x1 token drawn under its wire with words, and every log line."""

from __future__ import annotations

import re

from fusebox_web.redwire.affordances import affordances
from fusebox_web.redwire.log_text import log_lines
from fusebox_web.redwire.mechanisms import CARD_USES, cards_now
from fusebox_web.redwire.selection import Selection, build
from fusebox_web.redwire.words import Words
from fusebox_web.shell.i18n import Catalog

from engine.redwire import Cut, FastPass, Pick, Rewind, SingleLabel
from tests.redwire.engine.helpers import with_cut
from tests.redwire.engine.test_sticker_c import NINES, TWOS, fresh
from tests.web.board_page import NAMES, RAW, board_html, tile_at


def _words(catalog: Catalog, obs) -> Words:  # type: ignore[no-untyped-def]
    return Words(catalog, list(NAMES[:4]), [st["owner"] for st in obs["stands"]])


def test_a_double_card_shows_its_label_and_its_four_wire_lock(catalog: Catalog) -> None:
    html = board_html(fresh([99]), 0, catalog)
    assert '<span class="rw-card-no">9-9</span>' in html
    assert catalog.t("rw.card.lockedAll", value=9) in html


def test_the_fast_pass_is_two_taps_on_a_pair_of_mine(catalog: Catalog) -> None:
    state = with_cut(fresh([99]), NINES)
    assert 99 in cards_now(state, 0, own_turn=True) and 99 not in cards_now(state, 1, False)
    use = CARD_USES[99]
    assert use.build_from is not None and use.confirm is not None and use.afford is not None
    passes = use.afford(state, 0)
    assert (0, 1) in use.tiles(passes, Selection("fast_pass")) and use.taps == 2
    aff = affordances(state, 0)
    built = build(Selection("fast_pass", ((0, 2), (0, 1)), card=99), 0, aff)
    assert built == FastPass(0, 2, 0, 1, 0, 2)
    assert build(Selection("fast_pass", ((0, 1), (0, 3)), card=99), 0, aff) is None  # 2 and 3
    obs = state.observation(0)
    w = _words(catalog, obs)
    sentence = use.confirm(built, w, obs)
    assert w.card_name(99) in sentence and not RAW.search(sentence)
    after, _ = state.apply(built)
    obs = after.observation(2)
    texts = {line.text for line in log_lines(obs["log"], _words(catalog, obs))}
    assert catalog.t("rw.log.fast_pass", who="Ana", card=w.card_name(99), value="2") in texts


def test_two_pages_do_not_share_the_fast_pass_pairs_they_were_offered() -> None:
    """Each page builds its Fast Pass from its own affordances: drawing a second page (another
    game, where the pair of 2s is no longer offered) changes nothing for the first one."""
    first = with_cut(fresh([99]), NINES)
    second = with_cut(fresh([99]), [*NINES, (0, 1)])  # its first 2 is cut: no pair of 2s
    pair = Selection("fast_pass", ((0, 2), (0, 1)), card=99)
    first_aff = affordances(first, 0)
    second_aff = affordances(second, 0)  # drawn after the first page's
    assert build(pair, 0, first_aff) == FastPass(0, 2, 0, 1, 0, 2)
    assert build(pair, 0, second_aff) is None
    assert first.is_legal(FastPass(0, 2, 0, 1, 0, 2))
    assert not second.is_legal(FastPass(0, 2, 0, 1, 0, 2))


def test_the_single_wire_label_is_one_tap_and_its_token_is_drawn(catalog: Catalog) -> None:
    state = with_cut(fresh([22]), TWOS)
    use = CARD_USES[22]
    assert use.afford is not None and use.build is not None
    assert (0, 0) in use.afford(state, 0) and (0, 3) not in use.afford(state, 0)
    built = use.build(Selection("single_label", ((0, 0),), card=22), 0)
    assert built == SingleLabel(0, 0, 0)
    after, _ = state.apply(built)
    html = board_html(after, 2, catalog)  # a teammate sees the token, in words too
    tile = tile_at(html, 0, 0)
    assert "\u00d71" in tile and catalog.t("rw.single.tile") in tile
    obs = after.observation(2)
    w = _words(catalog, obs)
    texts = {line.text for line in log_lines(obs["log"], w)}
    assert catalog.t("rw.log.single_label", who="Ana", where=w.where_their(0, 0)) in texts


def test_the_emergency_drop_is_said_in_the_log(catalog: Catalog) -> None:
    state = with_cut(fresh([6, 33]), [(0, 3), (1, 3), (0, 7), (1, 7)])
    state, _ = state.apply(Rewind(2))
    state, _ = state.apply(Cut(0, ((1, 4),), (3,)))
    state, _ = state.apply(Pick(0, 0, 4))
    obs = state.observation(1)
    w = _words(catalog, obs)
    texts = {line.text for line in log_lines(obs["log"], w)}
    cards = w.listing([f"6 · {w.card_name(6)}"])
    assert catalog.t("rw.log.drop", card=w.card_name(33), cards=cards) in texts
    assert not any(RAW.search(t) for t in texts)


def test_a_double_cards_name_has_its_row_and_its_language(catalog: Catalog) -> None:
    """The Grappling Hook (11-11) in the player's language: its name carries that ``lang`` (the
    browser hyphenates a long word only in a known language) and the card the wide layout
    (the name on a row of its own, not beside the "11-11": "Disintegratore" broke there); a single card is not wide."""
    html = board_html(fresh([1111]), 0, catalog)
    name = Words(catalog, ["Ana"], [0]).card_name(1111)
    assert f'<span class="rw-card-name" lang="{catalog.lang}">{name}</span>' in html
    card = re.search(r'<button[^>]*data-panel="card:1111"[^>]*>', html)
    assert card is not None and "rw-card--wide" in card.group(0)
    single = re.search(r'<button[^>]*data-panel="card:3"[^>]*>', html)
    assert single is not None and "rw-card--wide" not in single.group(0)
