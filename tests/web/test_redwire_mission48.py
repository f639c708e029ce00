"""Mission 48 on the page (in CPython): the yellow wires dealt first (who got one) and the
yellows left to find, with the colour's symbol and what a wrong group does; the sweep as a dock
button built into the engine's action with its confirm (only for a holder with three players);
the picks' prompt and the wires pointed at so far; the hit, the miss (with its tokens and the
step) and the red wire said in the log in each language; the refusal of a yellow cut and the
bots' reasons in words; the briefing's special rule; every state drawn."""

from __future__ import annotations

import pytest
from fusebox_web.redwire.affordances import affordances
from fusebox_web.redwire.log_text import log_lines
from fusebox_web.redwire.markup import esc
from fusebox_web.redwire.mechanisms import ACTION_USES, build, cards_now
from fusebox_web.redwire.phrases import confirm_text
from fusebox_web.redwire.selection import fresh, selection_of
from fusebox_web.redwire.words import Words
from fusebox_web.shell.i18n import Catalog

from engine.redwire import GameState, Pick, new_game
from engine.redwire.mechanisms.sweep import MECHANISM, Sweep, SweepReason
from engine.redwire.observation_types import Observation
from engine.redwire.wires import YELLOW, cut_value
from tests.redwire.engine.helpers import play
from tests.redwire.engine.test_three_yellows import m48, tokens_placed
from tests.web.board_page import NAMES, board_html, walk_drawing


def words(state: GameState, viewer: int | None, catalog: Catalog) -> tuple[Observation, Words]:
    obs = state.observation(viewer)
    owners = [st["owner"] for st in obs["stands"]]
    return obs, Words(catalog, list(NAMES[: state.players]), owners, viewer)


def test_the_yellows_dealt_and_left_are_drawn(catalog: Catalog) -> None:
    state = m48()
    html = board_html(state, 3, catalog)
    _, w = words(state, 3, catalog)
    who = w.listing([catalog.t("rw.dealt.each", name=NAMES[s], count=1) for s in range(3)])
    assert 'data-testid="dealt-first"' in html
    assert esc(catalog.t("rw.dealt.yellow", who=who)) in html
    assert 'data-testid="sweep"' in html
    assert esc(catalog.t("rw.sweep.leftYellow", count=3)) in html
    assert "yellow" in html.split('data-testid="sweep"')[1].split("</p>")[0]  # its symbol
    # Once swept, none left: the part says so no more.
    swept, _ = play(state, Sweep(0), Pick(0, 0, 13), Pick(0, 1, 11), Pick(0, 2, 12))
    assert esc(catalog.t("rw.sweep.leftYellow", count=0)) in board_html(swept, 1, catalog)


def test_the_sweep_is_a_dock_button_with_its_confirm(catalog: Catalog) -> None:
    state = m48()
    assert "sweep" in cards_now(state, 0, own_turn=True)
    assert ACTION_USES["sweep"].button
    sel = selection_of(Sweep(0), fresh(affordances(state, 0)))
    assert sel.mode == "sweep" and build(sel, 0) == Sweep(0)
    obs, w = words(state, 0, catalog)
    assert confirm_text(Sweep(0), w, obs) == catalog.t("rw.confirm.sweep_yellow")
    assert "sweep" not in cards_now(state, 1, own_turn=False)
    # Three players: only a holder of a yellow wire gets the button.
    three = tokens_placed(new_game(48, 3, seed=2))
    for seat in range(3):
        table = three.clone()
        table.active = seat
        holds = any(cut_value(c) == YELLOW for _, _, c in table.hand(seat))
        assert ("sweep" in cards_now(table, seat, own_turn=True)) is holds


def test_the_picks_are_prompted_and_the_wires_pointed_at_listed(catalog: Catalog) -> None:
    state, _ = play(m48(), Sweep(0), Pick(0, 2, 12))
    html = board_html(state, 0, catalog)
    _, w = words(state, 0, catalog)
    assert esc(catalog.t("rw.prompt.sweep_point")) in html
    assert esc(catalog.t("rw.sweep.chosen", where=w.where(2, 12))) in html
    # The others see the wires pointed at so far too (public), never a wire's value.
    assert esc(catalog.t("rw.sweep.chosen", where=w.where(2, 12))) in board_html(state, 1, catalog)


def test_the_log_says_each_outcome(catalog: Catalog) -> None:
    hit, _ = play(m48(), Sweep(0), Pick(0, 0, 13), Pick(0, 1, 11), Pick(0, 2, 12))
    obs, w = words(hit, 1, catalog)
    texts = {line.text for line in log_lines(obs["log"], w)}
    assert catalog.t("rw.log.sweepStartYellow", who=w.name(0), count=3) in texts
    assert catalog.t("rw.log.sweepHitYellow", who=w.name(0)) in texts
    miss, _ = play(m48(), Sweep(0), Pick(0, 0, 13), Pick(0, 2, 2), Pick(0, 3, 1))
    obs, w = words(miss, 2, catalog)
    lines = log_lines(obs["log"], w)
    texts = {line.text for line in lines}
    assert catalog.t("rw.log.sweepMissYellow", who=w.name(0)) in texts
    assert sum(1 for line in lines if line.kind == "dial") >= 1
    red, _ = play(m48(), Sweep(0), Pick(0, 0, 13), Pick(0, 1, 11), Pick(0, 2, 0))
    obs, w = words(red, 3, catalog)
    texts = {line.text for line in log_lines(obs["log"], w)}
    assert catalog.t("rw.log.sweepRed", who=w.name(0)) in texts
    assert catalog.t("rw.log.boom.sweep_red") in texts


def test_refusals_and_reasons_read_in_both_languages(catalog: Catalog) -> None:
    for language in ("en", "it"):
        for key in [f"rw.why.{k}" for k in MECHANISM.bot_keys] + [
            f"rw.reason.{SweepReason.SWEEP_YELLOW.value}",
            "rw.confirm.sweep_yellow",
        ]:
            assert key in catalog.messages[language], (language, key)


def test_the_briefing_states_the_special_rule(catalog: Catalog) -> None:
    from fusebox_web.redwire import screens

    from engine.redwire.missions import load_mission

    obs, w = words(m48(), 0, catalog)
    rules = load_mission(48).rules[catalog.lang]
    brief = screens.briefing(obs, w, ["human", "bot", "bot", "bot"], "Yellow Trio", rules)
    three = {"en": "three yellow wires", "it": "tre cavi gialli"}[catalog.lang]
    assert esc(three) in brief and 'data-testid="sweep"' in brief


@pytest.mark.parametrize("seed", range(3))
def test_every_state_draws_and_reads_as_sentences(catalog: Catalog, seed: int) -> None:
    walk_drawing(catalog, 48, seed, "cautious" if seed else "random")
