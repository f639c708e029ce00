"""Mission 47 on the page (in CPython): the Number cards and the rule in the mission's panel, this
turn's calculation once made; the calculation as two dock buttons ("Add two cards", "Subtract two
cards") collecting two card chips and built into the engine's action with its result in the
confirm; the pass (a dock button; with the option, two cards to discard); the turn's prompt
(calculate first, then cut the result); the calculation, the pass and the row laid out again
said in the log in each language; refusals and the bots' reasons in words; every state drawn."""

from __future__ import annotations

import pytest
from fusebox_web.redwire.affordances import affordances
from fusebox_web.redwire.log_text import log_lines
from fusebox_web.redwire.markup import esc
from fusebox_web.redwire.mechanisms import ACTION_USES, build, cards_now
from fusebox_web.redwire.phrases import confirm_text
from fusebox_web.redwire.selection import Selection, fresh, selection_of
from fusebox_web.redwire.table import OPTION_CHOICES
from fusebox_web.redwire.words import Words
from fusebox_web.shell.i18n import Catalog

from engine.redwire import Cut, GameState, SoloCut
from engine.redwire.mechanisms import number_cards
from engine.redwire.mechanisms.arithmetic import MECHANISM, ArithPass, ArithReason, Calculate
from engine.redwire.observation_types import Observation
from engine.redwire.options import Options
from tests.redwire.engine.helpers import play_picking_first as play
from tests.redwire.engine.test_arithmetic import m47
from tests.web.board_page import NAMES, board_html, walk_drawing


def words(state: GameState, viewer: int | None, catalog: Catalog) -> tuple[Observation, Words]:
    obs = state.observation(viewer)
    owners = [st["owner"] for st in obs["stands"]]
    return obs, Words(catalog, list(NAMES[:4]), owners, viewer)


def test_the_panel_draws_the_cards_the_rule_and_the_turns_calculation(catalog: Catalog) -> None:
    state = m47()
    html = board_html(state, 0, catalog)
    assert 'data-testid="arithmetic"' in html and 'data-testid="number-row"' in html
    assert html.count('class="rw-ncard"') == 12
    assert esc(catalog.t("rw.arith.rule")) in html and esc(catalog.t("rw.arith.pass")) in html
    assert esc(catalog.t("rw.arith.prompt")) in html
    assert 'data-testid="arith-now"' not in html
    after, _ = play(state, Calculate(0, 3, 4, "+"))
    html = board_html(after, 1, catalog)
    now = catalog.t("rw.arith.current", first=3, sign="+", second=4, value=7)
    assert esc(now) in html and html.count('class="rw-ncard"') == 10
    assert esc(catalog.t("rw.ncards.discarded", values="3, 4")) in html
    mine = board_html(after, 0, catalog)
    assert esc(catalog.t("rw.arith.promptCut", value=7)) in mine
    option = m47(options=Options(m47_pass_discards=True))
    assert esc(catalog.t("rw.arith.passDiscards")) in board_html(option, 0, catalog)


def test_the_calculation_is_two_dock_buttons_with_two_card_chips(catalog: Catalog) -> None:
    state = m47()
    now = cards_now(state, 0, own_turn=True)
    adds = {(a, b) for a, b in now["calc_add"]}
    assert adds == {(1, 2), (1, 6), (2, 5), (3, 4)}  # sums of 3 and 7 (Ana holds 1, 2, 3, 7)
    assert (11, 12) in now["calc_sub"] and (3, 4) in now["calc_sub"]
    assert ACTION_USES["calc_add"].values is not None
    assert ACTION_USES["calc_add"].values(now["calc_add"]) == (1, 2, 3, 4, 5, 6)
    assert "calc_add" not in cards_now(state, 1, own_turn=False)
    assert ACTION_USES["calc_add"].button and ACTION_USES["calc_add"].values_many == 2
    assert fresh(affordances(state, 0)).mode is None  # three buttons: none forced
    # Two chips build the action; a sum keeps the smaller first, a difference the larger.
    add = Selection("calc_add").tap_value(4, True).tap_value(3, True)
    assert build(add, 0) == Calculate(0, 3, 4, "+")
    sub = Selection("calc_sub").tap_value(1, True).tap_value(3, True)
    assert build(sub, 0) == Calculate(0, 3, 1, "-")
    assert build(Selection("calc_sub").tap_value(1, True), 0) is None
    assert selection_of(Calculate(0, 3, 1, "-"), fresh(affordances(state, 0))).mode == "calc_sub"
    assert selection_of(Calculate(0, 3, 4, "+"), fresh(affordances(state, 0))).mode == "calc_add"
    obs, w = words(state, 0, catalog)
    text = confirm_text(Calculate(0, 3, 4, "+"), w, obs)
    assert text == catalog.t("rw.confirm.calculate", first=3, sign="+", second=4, value=7)
    # Once calculated, no more calculation: the cut of the result.
    after, _ = play(state, Calculate(0, 3, 4, "+"))
    now = cards_now(after, 0, own_turn=True)
    assert "calc_add" not in now and "arith_pass" not in now
    assert Cut(0, ((2, 3),), (7,)) in after.legal_actions(0)


def test_the_pass_and_the_option_s_discard(catalog: Catalog) -> None:
    state = m47()
    now = cards_now(state, 0, own_turn=True)
    assert now["arith_pass"] is True and "arith_discard" not in now
    sel = selection_of(ArithPass(0), fresh(affordances(state, 0)))
    assert sel.mode == "arith_pass" and build(sel, 0) == ArithPass(0)
    obs, w = words(state, 0, catalog)
    assert confirm_text(ArithPass(0), w, obs) == catalog.t("rw.confirm.arith_pass")
    option = m47(options=Options(m47_pass_discards=True))
    now = cards_now(option, 0, own_turn=True)
    assert "arith_pass" not in now and len(now["arith_discard"]) == 66
    sel = Selection("arith_discard").tap_value(9, True).tap_value(2, True)
    assert build(sel, 0) == ArithPass(0, (2, 9))
    obs, w = words(option, 0, catalog)
    assert confirm_text(ArithPass(0, (2, 9)), w, obs) == catalog.t(
        "rw.confirm.arith_pass.discard", first=2, second=9
    )
    assert selection_of(ArithPass(0, (2, 9)), fresh(affordances(option, 0))).mode == (
        "arith_discard"
    )
    assert OPTION_CHOICES["m47_pass_discards"] == (False, True)


def test_the_log_says_each_calculation_pass_and_new_row(catalog: Catalog) -> None:
    table = m47().clone()
    number_cards.discard_from_row(table, (1, 2, 3, 5, 6, 8, 9, 10, 11, 12))
    state, _ = play(table, Calculate(0, 7, 4, "-"), SoloCut(0, 3), ArithPass(1))
    obs, w = words(state, 2, catalog)
    texts = {line.text for line in log_lines(obs["log"], w)}
    calc = catalog.t("rw.log.calculate", who=w.name(0), first=7, sign="-", second=4, value=3)
    passed = catalog.t("rw.log.arithPass", who=w.name(1))
    assert {calc, passed, catalog.t("rw.log.numbersRelaid")} <= texts, texts


def test_refusals_and_the_bots_reasons_read_in_both_languages(catalog: Catalog) -> None:
    for reason in ArithReason:
        assert catalog.t(f"rw.reason.{reason.value}") != f"rw.reason.{reason.value}"
    for key in MECHANISM.bot_keys:
        assert catalog.t(f"rw.why.{key}") != f"rw.why.{key}"


@pytest.mark.parametrize("seed", range(2))
def test_every_state_draws_and_reads_as_sentences(catalog: Catalog, seed: int) -> None:
    walk_drawing(catalog, 47, seed, "cautious" if seed else "random")
