"""Mission 46 on the page (in CPython): the value cut last drawn as a card with its rule in
words, the seat that must cut the four named on the board; the forced special action opened at
once in the dock (its prompt and confirm), its picks only the teammates' wires, tapped or chosen
by keyboard alike into the engine's actions; the turn-start checks and the refusals said in each
language; the bots' reasons; every state drawn."""

from __future__ import annotations

import pytest
from fusebox_web.redwire.affordances import affordances
from fusebox_web.redwire.log_text import log_lines
from fusebox_web.redwire.markup import esc
from fusebox_web.redwire.mechanisms import cards_now, decision_prompt
from fusebox_web.redwire.phrases import confirm_text
from fusebox_web.redwire.selection import build, fresh, selection_of
from fusebox_web.redwire.words import Words
from fusebox_web.shell.i18n import Catalog

from engine.redwire import GameState, Pick, SoloCut
from engine.redwire.mechanisms.four_at_once import MECHANISM, FourAtOnce, FourReason
from engine.redwire.observation_types import Observation
from tests.redwire.engine.helpers import play
from tests.redwire.engine.test_secret_agent import m46, to_anas_last_turn
from tests.web.board_page import NAMES, RAW, board_html, walk_drawing


def words(state: GameState, viewer: int | None, catalog: Catalog) -> tuple[Observation, Words]:
    obs = state.observation(viewer)
    owners = [st["owner"] for st in obs["stands"]]
    return obs, Words(catalog, list(NAMES[:4]), owners, viewer)


def forced() -> GameState:
    state, _ = play(to_anas_last_turn(), SoloCut(3, 12))
    return state


def test_the_card_cut_last_and_its_rule_are_drawn(catalog: Catalog) -> None:
    state = m46()
    for viewer in (0, None):
        html = board_html(state, viewer, catalog)
        assert 'data-testid="last-card"' in html and 'data-value="7"' in html
        assert esc(catalog.t("rw.last.title", value=7)) in html
        assert esc(catalog.t("rw.last.rule", value=7)) in html
        assert 'data-testid="last-forced"' not in html
        assert esc(catalog.t("rw.four.deck", count=0)) not in html  # no equipment deck here
        assert not RAW.search(html)
    assert esc(catalog.t("rw.last.prompt", value=7)) in board_html(state, 0, catalog)
    assert "four_at_once" not in cards_now(state, 0, own_turn=True)


def test_the_forced_special_action_opens_at_once_and_points_at_teammates(
    catalog: Catalog,
) -> None:
    state = forced()
    for viewer in (1, 2, None):
        html = board_html(state, viewer, catalog)
        _obs, w = words(state, viewer, catalog)
        assert esc(catalog.t("rw.last.forced", who=w.name(0), value=7)) in html
    assert "four_at_once" in cards_now(state, 0, own_turn=True)
    assert fresh(affordances(state, 0)).mode == "four_at_once"  # the only move: opened at once
    html = board_html(state, 0, catalog)
    assert esc(catalog.t("rw.prompt.last_start", value=7)) in html
    action = FourAtOnce(0)
    sel = selection_of(action, fresh(affordances(state, 0)))
    assert sel.mode == "four_at_once" and build(sel, 0) == action
    obs, w = words(state, 0, catalog)
    assert confirm_text(action, w, obs) == catalog.t("rw.confirm.four_at_once")
    state, _ = state.apply(action)
    obs, w = words(state, 0, catalog)
    assert decision_prompt("four_point", obs, w) == catalog.t("rw.prompt.last_point", value=7)
    assert esc(catalog.t("rw.prompt.last_point", value=7)) in board_html(state, 0, catalog)
    for slot in (1, 2, 3):  # Carlo's three 7s: each tap (or key) is the engine's pick
        pick = Pick(0, 2, slot)
        assert pick in state.legal_actions(0) and Pick(0, 0, 12) not in state.legal_actions(0)
        assert build(selection_of(pick, fresh(affordances(state, 0))), 0) == pick
        text = confirm_text(pick, words(state, 0, catalog)[1], state.observation(0))
        assert text and not RAW.search(text)
        state, _ = state.apply(pick)
    assert state.cut_count(7) == 4
    html = board_html(state, 1, catalog)
    assert esc(catalog.t("rw.last.done", value=7)) in html and not RAW.search(html)


def test_the_log_says_the_checks_and_the_four(catalog: Catalog) -> None:
    state = forced()
    state, _ = play(state, FourAtOnce(0), Pick(0, 2, 1), Pick(0, 2, 2), Pick(0, 2, 3))
    obs, w = words(state, 1, catalog)
    texts = {line.text for line in log_lines(obs["log"], w)}
    wanted = {
        catalog.t("rw.log.lastOnly", who=w.name(0), value=7),
        catalog.t("rw.log.lastOther", who=w.name(3), value=7),
        catalog.t("rw.log.fourStart", who=w.name(0), value=7),
        catalog.t("rw.log.fourHit", who=w.name(0), value=7),
    }
    assert wanted <= texts, texts


def test_refusals_and_reasons_read_in_both_languages(catalog: Catalog) -> None:
    for reason in (FourReason.LAST_VALUE, FourReason.LAST_NOT_YET, FourReason.LAST_FORCED):
        text = catalog.t(f"rw.reason.{reason.value}", value=7)
        assert text != f"rw.reason.{reason.value}" and "{" not in text
    for key in MECHANISM.bot_keys:
        assert catalog.t(f"rw.why.{key}") != f"rw.why.{key}"


@pytest.mark.parametrize("seed", range(2))
def test_every_state_draws_and_reads_as_sentences(catalog: Catalog, seed: int) -> None:
    walk_drawing(catalog, 46, seed, "cautious" if seed else "random")
