"""Mission 35 on the page (in CPython): the blue X wires drawn and said as locked, the rule and
whether the lock still holds in the mission's panel, the pass of a player whose every cut the
lock leaves out as a dock button built into the engine's action with its confirm sentence, the
lock's opening and the pass said in the log in each language, every state drawn."""

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

from engine.redwire import Cut, GameState, Pick
from engine.redwire.mechanisms.x_wires import XReason, XWait
from engine.redwire.observation_types import Observation
from tests.redwire.engine.helpers import with_cut
from tests.redwire.engine.test_x_wires_locked import m35, turn_of
from tests.web.board_page import NAMES, board_html, walk_drawing


def words(state: GameState, viewer: int | None, catalog: Catalog) -> tuple[Observation, Words]:
    obs = state.observation(viewer)
    return obs, Words(catalog, list(NAMES[:4]), [st["owner"] for st in obs["stands"]])


def test_the_x_wires_are_drawn_locked_then_open(catalog: Catalog) -> None:
    state = m35()
    html = board_html(state, 0, catalog)
    assert html.count('class="rw-xmark"') == 4
    assert esc(catalog.t("rw.x.tileLocked")) in html
    assert esc(catalog.t("rw.x.stillLocked")) in html
    assert esc(catalog.t("rw.x.prompt")) in html
    obs, w = words(state, 2, catalog)
    texts = {line.text for line in log_lines(obs["log"], w)}
    assert catalog.t("rw.log.xLocked") in texts
    state, _ = state.apply(Cut(0, ((1, 8),), (0,)))
    state, _ = state.apply(Pick(0, 0, 4))
    state, _ = state.apply(Cut(1, ((0, 7),), (0,)))
    state, _ = state.apply(Pick(1, 1, 11))
    html = board_html(state, 2, catalog)
    assert esc(catalog.t("rw.x.open")) in html and esc(catalog.t("rw.x.tileBlue")) in html
    assert esc(catalog.t("rw.x.tileLocked")) not in html
    obs, w = words(state, 2, catalog)
    assert catalog.t("rw.log.xUnlocked") in {line.text for line in log_lines(obs["log"], w)}


def test_a_locked_x_wire_is_refused_in_words(catalog: Catalog) -> None:
    for code in ("x_locked", "x_not_waiting"):
        assert catalog.t(f"rw.reason.{code}") != f"rw.reason.{code}"
    assert {r.name for r in XReason} >= {"X_LOCKED", "X_NOT_WAITING"}


def test_the_pass_is_a_dock_button_with_its_confirm(catalog: Catalog) -> None:
    waiting = turn_of(with_cut(m35(), [(2, i) for i in range(1, 12)]), 2)
    assert "x_wait" in cards_now(waiting, 2, own_turn=True)
    assert ACTION_USES["x_wait"].button
    sel = selection_of(XWait(2), fresh(affordances(waiting, 2)))
    assert sel.mode == "x_wait" and build(sel, 2) == XWait(2)
    obs, w = words(waiting, 2, catalog)
    assert confirm_text(XWait(2), w, obs) == catalog.t("rw.confirm.x_wait")
    # The only cut-free move: the dock opens on it, its prompt and its confirm button.
    assert fresh(affordances(waiting, 2)).mode == "x_wait"
    html = board_html(waiting, 2, catalog)
    assert esc(catalog.t("rw.prompt.x_wait")) in html and 'data-testid="confirm"' in html
    assert "x_wait" not in cards_now(m35(), 0, own_turn=True)  # a player who can cut
    after, _ = waiting.apply(XWait(2))
    obs, w = words(after, 0, catalog)
    texts = {line.text for line in log_lines(obs["log"], w)}
    assert catalog.t("rw.log.xWait", who=w.name(2)) in texts


@pytest.mark.parametrize("seed", range(3))
def test_every_state_draws_and_reads_as_sentences(catalog: Catalog, seed: int) -> None:
    walk_drawing(catalog, 35, seed)
