"""Mission 51 on the page (in CPython): the Number card drawn with its number in words, Sir or
Ma'am (★) and the player named (✂), each with words besides the symbol; the naming by seat,
built into the engine's action with its confirm; the named player's prompt and token pick; log
lines (held, none of it, only red wires and the explosion) and refusals in each language; the
bots' reasons; every state drawn."""

from __future__ import annotations

from fusebox_web.redwire.affordances import affordances
from fusebox_web.redwire.log_text import log_lines
from fusebox_web.redwire.markup import esc
from fusebox_web.redwire.mechanisms import build, cards_now
from fusebox_web.redwire.phrases import confirm_text
from fusebox_web.redwire.selection import fresh, selection_of
from fusebox_web.redwire.words import Words
from fusebox_web.shell.i18n import Catalog

from engine.redwire import GameState, Pick, SoloCut
from engine.redwire.mechanisms.bat_radar import MECHANISM, BatReason, NameCutter
from engine.redwire.observation_types import Observation
from tests.redwire.engine.helpers import play
from tests.redwire.engine.test_sir import m51, only_red_left
from tests.web.board_page import NAMES, board_html, walk_drawing


def words(state: GameState, viewer: int | None, catalog: Catalog) -> tuple[Observation, Words]:
    obs = state.observation(viewer)
    owners = [st["owner"] for st in obs["stands"]]
    return obs, Words(catalog, list(NAMES[:4]), owners, viewer)


def test_the_card_sir_and_the_rule_are_drawn_with_symbols_and_words(catalog: Catalog) -> None:
    state = m51()
    html = board_html(state, 1, catalog)
    assert 'data-testid="sir"' in html and 'data-testid="sir-card"' in html
    assert f'aria-label="{esc(catalog.t("rw.sir.card", value=2))}"' in html
    _, w = words(state, 1, catalog)
    assert esc(catalog.t("rw.sir.owner", who=w.name(0))) in html and "★" in html
    assert esc(catalog.t("rw.sir.rule")) in html
    assert 'data-testid="bat-radar"' not in html  # no radar in this mission
    named, _ = play(state, NameCutter(0, 1))
    html = board_html(named, 1, catalog)
    assert esc(catalog.t("rw.bat.named", who=w.name(1), value=2)) in html and "✂" in html


def test_sir_names_by_seat_and_the_named_player_is_told_his_value(catalog: Catalog) -> None:
    state = m51()
    assert "name_cutter" in cards_now(state, 0, own_turn=True)
    sel = selection_of(NameCutter(0, 3), fresh(affordances(state, 0)))
    assert sel.mode == "name_cutter" and build(sel, 0) == NameCutter(0, 3)
    obs, w = words(state, 0, catalog)
    assert confirm_text(NameCutter(0, 3), w, obs) == catalog.t(
        "rw.confirm.name_cutter", who=w.name(3), value=2
    )
    cutter, _ = play(state, NameCutter(0, 0))
    assert esc(catalog.t("rw.bat.cutNow", value=2)) in board_html(cutter, 0, catalog)


def test_the_log_says_whether_the_named_player_held_the_value(catalog: Catalog) -> None:
    state, _ = play(m51(), NameCutter(0, 0), SoloCut(0, 2), NameCutter(1, 3), Pick(3, 3, 5))
    obs, w = words(state, 2, catalog)
    texts = {line.text for line in log_lines(obs["log"], w)}
    expected = {
        catalog.t("rw.log.nameCutter", who=w.name(0), named=w.name(0), value=2),
        catalog.t("rw.log.nameCutterNone", who=w.name(1), named=w.name(3), value=5),
    }
    assert expected <= texts, expected - texts
    lost, _ = play(only_red_left(m51(), 2), NameCutter(0, 2))
    obs, w = words(lost, 1, catalog)
    texts = {line.text for line in log_lines(obs["log"], w)}
    expected = {
        catalog.t("rw.log.nameCutterReds", who=w.name(0), named=w.name(2), value=2),
        catalog.t("rw.log.boom.sir_reds"),
    }
    assert expected <= texts, expected - texts


def test_refusals_and_reasons_read_in_both_languages(catalog: Catalog) -> None:
    for reason in BatReason:
        assert catalog.t(f"rw.reason.{reason.value}") != f"rw.reason.{reason.value}"
    for key in MECHANISM.bot_keys:
        assert catalog.t(f"rw.why.{key}") != f"rw.why.{key}"
    for key in ("rw.sir.title", "rw.sir.rule", "rw.sir.cardWord", "rw.log.boom.sir_reds"):
        assert catalog.t(key) != key


def test_every_state_draws_and_reads_as_sentences(catalog: Catalog) -> None:
    walk_drawing(catalog, 51, 1, "random", first=8, selections=False)
