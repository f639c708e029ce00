"""Mission 36 on the page (in CPython): the row's end the Sequence card lies at; the captain's
two end buttons and the cutter's move or keep (offered to that seat alone), each built into the
engine's action with its confirm sentence; every outcome said in the log in each language; every
state drawn."""

from __future__ import annotations

import pytest
from fusebox_web.redwire import board
from fusebox_web.redwire.affordances import affordances
from fusebox_web.redwire.log_text import log_lines
from fusebox_web.redwire.markup import esc
from fusebox_web.redwire.mechanisms import ACTION_USES, build, cards_now
from fusebox_web.redwire.phrases import confirm_text
from fusebox_web.redwire.selection import fresh, selection_of
from fusebox_web.redwire.words import Words
from fusebox_web.shell.i18n import Catalog

from engine.redwire import Action, Cut, GameState, Pick
from engine.redwire.mechanisms.sequence import MoveSequence, PlaceSequence
from engine.redwire.observation_types import Observation
from tests.redwire.engine.test_sequence_ends import dealt, m36
from tests.web.board_page import NAMES, board_html, walk_drawing


def words(state: GameState, viewer: int | None, catalog: Catalog) -> tuple[Observation, Words]:
    obs = state.observation(viewer)
    return obs, Words(catalog, list(NAMES[:4]), [st["owner"] for st in obs["stands"]])


def test_the_captain_puts_the_card_down_with_a_button(catalog: Catalog) -> None:
    state = dealt([5, 9, 10, 4, 7])
    offered = cards_now(state, 0, own_turn=False)
    assert {"sequence_end_left", "sequence_end_right"} <= set(offered)
    assert not {"sequence_end_left", "sequence_end_right"} & set(
        cards_now(state, 1, own_turn=False)
    )
    assert ACTION_USES["sequence_end_left"].button
    for end in ("left", "right"):
        action = PlaceSequence(0, end)
        sel = selection_of(action, fresh(affordances(state, 0)))
        assert sel.mode == f"sequence_end_{end}" and build(sel, 0) == action
        obs, w = words(state, 0, catalog)
        assert confirm_text(action, w, obs) == catalog.t(f"rw.confirm.sequence_end_{end}")
    html = board_html(state, 0, catalog)
    assert esc(catalog.t("rw.act.sequence_end_left")) in html
    assert esc(catalog.t("rw.seq.notPlaced")) in html
    after, _ = state.apply(PlaceSequence(0, "right"))
    obs, w = words(after, 2, catalog)
    texts = {line.text for line in log_lines(obs["log"], w)}
    assert catalog.t("rw.log.seqEnd.right", who=w.name(0), value=7) in texts
    assert 'data-end="right"' in board_html(after, 2, catalog)


@pytest.mark.parametrize("move", [True, False])
def test_the_cutter_moves_or_keeps_the_card_with_a_button(catalog: Catalog, move: bool) -> None:
    state = m36([5, 9, 10, 4, 7], "right")
    state, _ = state.apply(Cut(0, ((1, 7),), (7,)))
    state, _ = state.apply(Pick(0, 0, 7))
    name = "sequence_move" if move else "sequence_keep"
    assert name in cards_now(state, 0, own_turn=False)
    assert name not in cards_now(state, 1, own_turn=False)
    action = MoveSequence(0, move)
    sel = selection_of(action, fresh(affordances(state, 0)))
    assert sel.mode == name and build(sel, 0) == action
    obs, w = words(state, 0, catalog)
    assert confirm_text(action, w, obs) == catalog.t(f"rw.confirm.{name}")
    assert esc(catalog.t(f"rw.act.{name}")) in board_html(state, 0, catalog)
    texts = {line.text for line in log_lines(obs["log"], w)}
    assert catalog.t("rw.log.seqOut", value=7, next=4) in texts
    after, _ = state.apply(action)
    obs, w = words(after, 3, catalog)
    texts = {line.text for line in log_lines(obs["log"], w)}
    key = "rw.log.seqMoved" if move else "rw.log.seqKept"
    assert catalog.t(key, who=w.name(0), value=5 if move else 4) in texts


@pytest.mark.parametrize("seed", range(3))
def test_every_state_draws_and_reads_as_sentences(catalog: Catalog, seed: int) -> None:
    walk_drawing(catalog, 36, seed)


def _prompt(state: GameState, viewer: int, catalog: Catalog, action: Action | None = None) -> str:
    """The dock's prompt for ``viewer``: with ``action`` chosen (its confirm step), or fresh."""
    obs, w = words(state, viewer, catalog)
    aff = affordances(state, viewer)
    sel = fresh(aff) if action is None else selection_of(action, fresh(aff))
    inp = board.BoardInput(obs=obs, words=w, aff=aff, sel=sel, kinds=["human"] * state.players)
    return board.prompt_text(inp)


def test_the_prompts_name_what_each_end_opens(catalog: Catalog) -> None:
    # On a phone the row can lie below the fold: the captain's prompt and each end's confirm say
    # which value the card opens there, and the cutter's say what keeping and moving open.
    state = dealt([5, 9, 10, 4, 7])
    assert _prompt(state, 0, catalog) == catalog.t("rw.prompt.sequence_end", left=5, right=7)
    text = _prompt(state, 0, catalog, PlaceSequence(0, "left"))
    assert text == catalog.t("rw.prompt.sequence_end_left", left=5) and "5" in text
    text = _prompt(state, 0, catalog, PlaceSequence(0, "right"))
    assert text == catalog.t("rw.prompt.sequence_end_right", right=7) and "7" in text
    state = m36([5, 9, 10, 4, 7], "right")
    state, _ = state.apply(Cut(0, ((1, 7),), (7,)))
    state, _ = state.apply(Pick(0, 0, 7))
    assert _prompt(state, 0, catalog) == catalog.t("rw.prompt.sequence_move", near=4, far=5)
    keep = _prompt(state, 0, catalog, MoveSequence(0, False))
    assert keep == catalog.t("rw.prompt.sequence_keep", near=4, far=5)
    assert "{" not in keep and "4" in keep
