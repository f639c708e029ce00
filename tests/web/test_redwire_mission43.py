"""Mission 43 on the page (in CPython): the track with Nano's space and facing and its count of
face-down wires; the wire taken from Nano drawn in its new place of the stand (one slot more),
its value on its taker's screen only, marked as just arrived; the two-stand choice as dock
buttons building the engine's action (touch and keyboard press the same buttons), with its prompt
naming the value to the taker alone; every state draws and reads as sentences in each language."""

from __future__ import annotations

import pytest
from fusebox_web.redwire.affordances import affordances
from fusebox_web.redwire.markup import esc
from fusebox_web.redwire.mechanisms import ACTION_USES, build, cards_now, decision_prompt
from fusebox_web.redwire.phrases import confirm_text
from fusebox_web.redwire.selection import fresh, selection_of
from fusebox_web.redwire.words import Words
from fusebox_web.shell.i18n import Catalog

from engine.redwire import Cut, GameState, explicit_setup, start
from engine.redwire.mechanisms.nano import NanoStand
from tests.redwire.engine.test_nano import deal
from tests.web.board_page import NAMES, RAW, board_html, stand_tiles, walk_drawing

PILE = ["7", "12", "12", "6", "9.5"]
SEVEN = '<span class="rw-n">7</span>'


def _two_players() -> GameState:
    """Two players, captain seat 0 (stands 0 and 1): his first cut of 1s takes Nano's 7."""
    low = [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 7]
    high = [8, 8, 9, 9, 10, 10, 11, 11, 12, 12, "3.5", "6.5"]
    stands = deal(2, {0: low, 1: high}, PILE)  # seat 1 gets the rest, in order
    setup = explicit_setup(
        43,
        2,
        0,
        stands,
        parts={
            "nano": {"wires": PILE},
            "random_token": {"captain": 5},
            "equipment": {"cards": [1, 4]},
        },
    )
    state = start(setup)
    while state.phase.value == "setup_token":
        state, _ = state.apply(state.legal_actions(state.to_move or 0)[0])
    state, _ = state.apply(Cut(0, ((2, 0),), (1,)))
    state, _ = state.apply(state.legal_actions(0)[0])
    assert state.phase.value == "nano_stand"
    return state


def test_the_track_shows_nanos_space_facing_and_wires(catalog: Catalog) -> None:
    state = _two_players()
    for viewer in (0, 1, None):
        html = board_html(state, viewer, catalog)
        assert 'data-testid="nano"' in html and 'data-space="1"' in html
        assert 'data-facing="up"' in html and 'data-left="4"' in html
        assert esc(catalog.t("rw.nano.status.up", space=1, count=4)) in html
        assert html.count("rw-nano-cell") == 12 and 'aria-current="true"' in html


def test_the_stand_choice_is_the_takers_alone_with_its_value_on_his_screen(
    catalog: Catalog,
) -> None:
    state = _two_players()
    assert {"nano_stand_0", "nano_stand_1"} <= set(cards_now(state, 0, own_turn=False))
    assert not any(str(k).startswith("nano_stand") for k in cards_now(state, 1, own_turn=False))
    mine = board_html(state, 0, catalog)
    assert esc(catalog.t("rw.nano.held", value="7")) in mine
    assert 'data-mode="nano_stand_0"' in mine and 'data-mode="nano_stand_1"' in mine
    for viewer in (1, None):
        theirs = board_html(state, viewer, catalog)
        assert esc(catalog.t("rw.nano.held", value="7")) not in theirs
        assert 'data-mode="nano_stand_0"' not in theirs
    obs = state.observation(0)
    w = Words(catalog, NAMES[:2], [st["owner"] for st in obs["stands"]])
    prompt = decision_prompt("nano_stand", obs, w)
    assert prompt == catalog.t("rw.prompt.nano_stand", value="7")
    assert decision_prompt("nano_stand", state.observation(1), w) is None
    for stand in (0, 1):
        action = NanoStand(0, stand)
        sel = selection_of(action, fresh(affordances(state, 0)))
        assert sel.mode == f"nano_stand_{stand}" and build(sel, 0) == action
        assert ACTION_USES[f"nano_stand_{stand}"].button
        text = confirm_text(action, w, obs)
        assert str(stand + 1) in text and not RAW.search(text)


def test_the_new_wire_is_drawn_in_its_place_and_its_value_stays_with_its_taker(
    catalog: Catalog,
) -> None:
    state, _ = _two_players().apply(NanoStand(0, 0))
    slot = next(e for e in state.log if e.type == "nano_insert").data["slot"]
    assert slot == 12  # after his 7
    mine = stand_tiles(board_html(state, 0, catalog), 0)
    assert len(mine) == 13 and SEVEN in mine[slot] and "rw-nanomark" in mine[slot]
    for viewer in (1, None):
        html = board_html(state, viewer, catalog)
        theirs = stand_tiles(html, 0)
        assert len(theirs) == 13 and "rw-tile--back" in theirs[slot]
        assert "rw-nanomark" in theirs[slot]
        assert SEVEN not in theirs[slot]
        assert esc(catalog.t("rw.log.nanoTakeOwn", who=NAMES[0], space=1, value="7")) not in html
    assert esc(catalog.t("rw.log.nanoTakeOwn", who=NAMES[0], space=1, value="7")) in board_html(
        state, 0, catalog
    )


@pytest.mark.parametrize("seed", range(3))
def test_every_state_draws_and_reads_as_sentences(catalog: Catalog, seed: int) -> None:
    game = walk_drawing(catalog, 43, seed, "cautious", first=60, selections=False)
    dealt = game.state.observation(None)["mechanisms"]["nano"]["pile"]["dealt"]
    assert catalog.t("rw.log.nano", space=1, wires=dealt) in game.texts
