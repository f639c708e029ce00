"""Mission 64 on the page (in CPython): every player's two flipped wires are backs with the
turned mark on their owner's screen (each said left or right, with their order) and on the
projector, and show their values on every teammate's; the briefing states the rule; the right
flipped wire has its own button, whose selection builds the engine's action (touch or keyboard
alike), and the confirm buttons say which flipped wire; every action of a game reads as a
sentence and maps to a selection, and the log names the left or right wire in each language."""

from __future__ import annotations

from fusebox_web.redwire.affordances import affordances
from fusebox_web.redwire.markup import esc
from fusebox_web.redwire.mechanisms import ACTION_USES
from fusebox_web.redwire.phrases import confirm_text
from fusebox_web.redwire.selection import build, fresh, selection_of
from fusebox_web.redwire.words import Words
from fusebox_web.shell.i18n import Catalog

from engine.redwire.mechanisms.flipped_wires import FlippedCut, FlippedReveal, FlippedSolo
from tests.web.board_page import NAMES, RAW, board_html, past_setup_tokens, tile_at, walk_drawing


def test_both_flipped_wires_are_hidden_from_their_owner_only(catalog: Catalog) -> None:
    state = past_setup_tokens(64, 3, 2)
    part = state.observation(None)["mechanisms"]["flipped_wires"]
    assert part["owners"] == [0, 0, 1, 1, 2, 2] and part["pair"] is True
    boards = {viewer: board_html(state, viewer, catalog) for viewer in (0, 1, 2, None)}
    for i, ((stand, slot), owner) in enumerate(zip(part["wires"], part["owners"], strict=True)):
        label = state.observation("seer")["stands"][stand]["slots"][slot]["wire"]
        for viewer, html in boards.items():
            tile = tile_at(html, stand, slot)
            assert "rw-flipmark" in tile
            if viewer in (owner, None):
                assert "rw-tile--back" in tile and f'data-v="{label}"' not in tile
            else:
                assert "rw-tile--back" not in tile
                assert esc(catalog.t("rw.flip.tileToll", name=NAMES[owner])) in tile
        own = "rw.flip.tileOwnRight" if i % 2 else "rw.flip.tileOwnLeft"
        assert esc(catalog.t(own)) in tile_at(boards[owner], stand, slot)
    assert esc(catalog.t("rw.flip.rulePair")) in boards[None]


def test_the_right_flipped_wire_has_its_button_and_the_confirm_says_which(
    catalog: Catalog,
) -> None:
    state = past_setup_tokens(64, 4, 3)
    seat = state.to_move
    assert seat is not None
    obs = state.observation(seat)
    w = Words(catalog, NAMES[:4], [st["owner"] for st in obs["stands"]])
    start = fresh(affordances(state, seat))
    assert ACTION_USES["flipped_cut_right"].button
    for flip, mode in ((0, "flipped_cut"), (1, "flipped_cut_right")):
        action = next(
            a for a in state.legal_actions(seat) if isinstance(a, FlippedCut) and a.flip == flip
        )
        sel = selection_of(action, start)
        assert sel.mode == mode and build(sel, seat) == action
        text = confirm_text(action, w, obs)
        side = catalog.t("rw.flip.right" if flip else "rw.flip.left")
        assert f" {side} " in text and not RAW.search(text)
    both = confirm_text(FlippedSolo(seat, 5, (0, 1)), w, obs)
    assert both == catalog.t("rw.confirm.flippedSoloBoth", value=5)
    right = confirm_text(FlippedReveal(seat, (1,)), w, obs)
    assert right == catalog.t("rw.confirm.flippedRevealSide", side=catalog.t("rw.flip.right"))


def test_every_state_draws_and_reads_as_sentences(catalog: Catalog) -> None:
    game = walk_drawing(catalog, 64, 5, "random", first=80)
    w = game.words
    log = game.state.observation("seer")["log"]
    left = next(e for e in log if e["type"] == "flipped")
    where = w.where(left["stand"], left["slot"])
    assert catalog.t("rw.log.flippedLeft", who=w.name(left["seat"]), where=where) in game.texts
    cuts = [e for e in log if e["type"] == "flipped_cut"]
    for e in cuts:
        key = "rw.log.flippedHitSide" if e["outcome"] == "hit" else "rw.log.flippedMissSide"
        side = catalog.t("rw.flip.right" if e["flip"] else "rw.flip.left")
        where = w.where(e["stand"], e["slot"])
        words = {"who": w.name(e["seat"]), "where": where, "value": e["value"], "side": side}
        assert catalog.t(key, **words) in game.texts
