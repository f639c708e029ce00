"""Mission 38 on the page (in CPython): the captain's flipped wire is drawn as a back with the
turned mark on his own screen and on the projector, and with its value on every teammate's; his
cut with it is a dock button whose mode takes a teammate's wire and a value (touch or keyboard
alike build the engine's action); the others' skip is a button; every state draws and reads as
sentences in each language, the explosion of a failed cut included."""

from __future__ import annotations

import pytest
from fusebox_web.redwire.affordances import affordances
from fusebox_web.redwire.markup import esc
from fusebox_web.redwire.mechanisms import ACTION_USES, build, cards_now
from fusebox_web.redwire.phrases import confirm_text
from fusebox_web.redwire.selection import fresh, selection_of
from fusebox_web.redwire.words import Words
from fusebox_web.shell.i18n import Catalog

from engine.redwire.mechanisms.flipped_wires import FlippedCut
from tests.web.board_page import NAMES, RAW, board_html, past_setup_tokens, tile_at, walk_drawing


@pytest.mark.parametrize("seed", range(3))
def test_the_owner_never_sees_his_flipped_wire_the_others_do(catalog: Catalog, seed: int) -> None:
    state = past_setup_tokens(38, 4, seed)
    captain = state.setup.captain
    ((stand, slot),) = state.observation(None)["mechanisms"]["flipped_wires"]["wires"]
    label = state.observation("seer")["stands"][stand]["slots"][slot]["wire"]
    for viewer in (captain, None):
        tile = tile_at(board_html(state, viewer, catalog), stand, slot)
        assert "rw-tile--back" in tile and "rw-flipmark" in tile
        assert esc(catalog.t("rw.tile.hidden")) in tile
        assert f'data-v="{label}"' not in tile
    assert esc(catalog.t("rw.flip.tileOwn")) in tile_at(
        board_html(state, captain, catalog), stand, slot
    )
    other = (captain + 1) % 4
    seen = tile_at(board_html(state, other, catalog), stand, slot)
    assert "rw-tile--back" not in seen and "rw-flipmark" in seen
    assert esc(catalog.t("rw.flip.tile", name=NAMES[captain])) in seen
    assert esc(catalog.t("rw.flip.rule", name=NAMES[captain])) in board_html(state, other, catalog)


def test_the_captains_cut_with_it_is_a_button_building_the_engines_action(
    catalog: Catalog,
) -> None:
    state = past_setup_tokens(38, 3, 1)
    captain = state.setup.captain
    assert state.to_move == captain
    assert "flipped_cut" in cards_now(state, captain, own_turn=True)
    use = ACTION_USES["flipped_cut"]
    assert use.button and use.values is not None
    action = next(a for a in state.legal_actions(captain) if isinstance(a, FlippedCut))
    sel = selection_of(action, fresh(affordances(state, captain)))
    assert sel.mode == "flipped_cut" and build(sel, captain) == action
    obs = state.observation(captain)
    w = Words(catalog, NAMES[:3], [st["owner"] for st in obs["stands"]])
    text = confirm_text(action, w, obs)
    assert str(action.value) in text and not RAW.search(text)
    other = (captain + 1) % 3
    assert "flipped_cut" not in cards_now(state, other, own_turn=False)


@pytest.mark.parametrize("seed", range(4))
def test_every_state_draws_and_reads_as_sentences(catalog: Catalog, seed: int) -> None:
    game = walk_drawing(catalog, 38, seed, "cautious", first=60, selections=False)
    w = game.words
    flipped = next(e for e in game.state.observation("seer")["log"] if e["type"] == "flipped")
    assert (
        catalog.t(
            "rw.log.flipped",
            who=w.name(flipped["seat"]),
            where=w.where(flipped["stand"], flipped["slot"]),
        )
        in game.texts
    )
