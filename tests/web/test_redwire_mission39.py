"""Mission 39 on the page (in CPython): the noble Number card face up and marked in the row, the
Number deck's count, the special action as a dock button whose four picks are wires tapped (touch
or keyboard alike build the engine's actions), the hand-out drawn (the Italian edition's shown
cards, the English edition's secret ones: a seat's screen holds only its own, the projector
none) with the English pick of the token to show, and every state drawn and read as sentences
in each language."""

from __future__ import annotations

import pytest
from fusebox_web.redwire.affordances import affordances
from fusebox_web.redwire.markup import esc
from fusebox_web.redwire.mechanisms import cards_now
from fusebox_web.redwire.phrases import confirm_text
from fusebox_web.redwire.selection import build, fresh, selection_of
from fusebox_web.redwire.words import Words
from fusebox_web.shell.i18n import Catalog

from engine.redwire import Pick
from engine.redwire.mechanisms.four_at_once import FourAtOnce
from engine.redwire.options import Options
from tests.redwire.engine.test_noble_wires import NOBLE, m39, noble_cut
from tests.web.board_page import NAMES, RAW, board_html, walk_drawing


def _words(state, viewer, catalog: Catalog) -> Words:  # type: ignore[no-untyped-def]
    obs = state.observation(viewer)
    return Words(catalog, list(NAMES[:4]), [st["owner"] for st in obs["stands"]])


def test_the_noble_card_its_mark_and_the_number_deck_are_drawn(catalog: Catalog) -> None:
    state = m39()
    for viewer in (0, None):
        html = board_html(state, viewer, catalog)
        assert 'data-testid="noble-card"' in html and 'data-value="12"' in html
        assert esc(catalog.t("rw.noble.title")) in html
        assert esc(catalog.t("rw.four.rule", value=12)) in html
        assert esc(catalog.t("rw.noble.deck", count=8)) in html
        assert esc(catalog.t("rw.noble.mark")) in html  # the row's card: blocked, in words
        assert not RAW.search(html)


def test_the_special_action_is_a_button_and_four_wire_picks(catalog: Catalog) -> None:
    state = m39()
    assert "four_at_once" in cards_now(state, 0, own_turn=True)
    action = FourAtOnce(0)
    sel = selection_of(action, fresh(affordances(state, 0)))
    assert sel.mode == "four_at_once" and build(sel, 0) == action
    w = _words(state, 0, catalog)
    assert not RAW.search(confirm_text(action, w, state.observation(0)))
    state, _ = state.apply(action)
    for stand, slot in NOBLE:  # each wire tapped (or chosen by keyboard) is the engine's pick
        pick = Pick(0, stand, slot)
        assert pick in state.legal_actions(0)
        assert build(selection_of(pick, fresh(affordances(state, 0))), 0) == pick
        text = confirm_text(pick, _words(state, 0, catalog), state.observation(0))
        assert text and not RAW.search(text)
        state, _ = state.apply(pick)
    assert state.cut_count(12) == 4


def test_the_italian_hand_out_is_drawn_and_logged(catalog: Catalog) -> None:
    state, _ = noble_cut(m39())
    html = board_html(state, 2, catalog)
    assert 'data-testid="noble-hand-out"' in html
    assert esc(catalog.t("rw.noble.received", who="Ana", values="1, 5")) in html
    assert esc(catalog.t("rw.noble.done", value=12)) in html
    w = _words(state, 2, catalog)
    for key, params in (
        ("rw.log.noblePlaced", {"who": "Carlo", "value": 7, "where": w.where(2, 1)}),
        ("rw.log.nobleNoWire", {"who": "Dario", "value": 4}),
    ):
        assert (
            esc(catalog.t(key, **params)) in html
            or esc(catalog.t(key, **{**params, "who": w.name(2)})) in html
        )
    assert not RAW.search(html)


def test_the_english_hand_out_shows_a_seat_only_its_own_cards(catalog: Catalog) -> None:
    state, _ = noble_cut(m39(Options(edition="EN")))
    mine = board_html(state, 1, catalog)
    assert (
        esc(catalog.t("rw.noble.received", who=_words(state, 1, catalog).name(1), values="2, 6"))
        in mine
    )
    assert esc(catalog.t("rw.noble.received", who="Ana", values="1, 5")) not in mine
    assert esc(catalog.t("rw.noble.secret", who="Ana", count=2)) in mine
    projector = board_html(state, None, catalog)
    for who, values in (("Ana", "1, 5"), ("Bea", "2, 6"), ("Carlo", "3, 7")):
        assert esc(catalog.t("rw.noble.received", who=who, values=values)) not in projector
    # Ana's pick of the token to show: one of her wires, tapped or chosen by keyboard.
    assert state.phase.value == "noble_token" and state.to_move == 0
    pick = Pick(0, 0, 11)
    assert build(selection_of(pick, fresh(affordances(state, 0))), 0) == pick
    text = confirm_text(pick, _words(state, 0, catalog), state.observation(0))
    assert text and not RAW.search(text)
    state, _ = state.apply(pick)
    html = board_html(state, 3, catalog)
    assert esc(catalog.t("rw.noble.beside", who="Ana", value=5)) in html
    assert esc(catalog.t("rw.log.nobleBeside", who="Ana", value=5)) in html


@pytest.mark.parametrize("seed", range(3))
def test_every_state_draws_and_reads_as_sentences(catalog: Catalog, seed: int) -> None:
    game = walk_drawing(catalog, 39, seed, "cautious", first=60, selections=False)
    assert game.texts
