"""Mission 56 on the page (in CPython): every player's flipped wire is a back with the turned
mark on its owner's screen and on the projector, and shows its value, with the step a Dual Cut
at it costs, on every teammate's; the briefing states the rule; a teammate's Dual Cut at it is
the usual tap of the tile and a value (touch or keyboard alike build the engine's action), and
the turn's prompt and the confirm button say the step; the log reads as sentences in each
language, the toll's line included (every other state reads as sentences in the shared
page walks, ``tests/web/test_redwire_mission38.py`` for the mechanism's lines)."""

from __future__ import annotations

from fusebox_web.redwire.affordances import affordances
from fusebox_web.redwire.markup import esc
from fusebox_web.redwire.phrases import confirm_text
from fusebox_web.redwire.selection import build, fresh, selection_of
from fusebox_web.redwire.words import Words
from fusebox_web.shell.i18n import Catalog

from engine.redwire import Cut, Pick
from engine.redwire.wires import cut_value
from tests.web.board_page import NAMES, RAW, board_html, past_setup_tokens, tile_at


def test_each_flipped_wire_is_hidden_from_its_owner_and_priced_for_the_others(
    catalog: Catalog,
) -> None:
    state = past_setup_tokens(56, 3, 2)
    part = state.observation(None)["mechanisms"]["flipped_wires"]
    assert sorted(part["owners"]) == [0, 1, 2]
    boards = {viewer: board_html(state, viewer, catalog) for viewer in (0, 1, 2, None)}
    for (stand, slot), owner in zip(part["wires"], part["owners"], strict=True):
        label = state.observation("seer")["stands"][stand]["slots"][slot]["wire"]
        for viewer, html in boards.items():
            tile = tile_at(html, stand, slot)
            assert "rw-flipmark" in tile
            if viewer in (owner, None):
                assert "rw-tile--back" in tile and f'data-v="{label}"' not in tile
            else:
                assert "rw-tile--back" not in tile
                assert esc(catalog.t("rw.flip.tileToll", name=NAMES[owner])) in tile
        assert esc(catalog.t("rw.flip.tileOwn")) in tile_at(boards[owner], stand, slot)
    assert esc(catalog.t("rw.flip.ruleEach")) in boards[None]


def test_a_dual_cut_at_a_teammates_flipped_wire_says_its_step(catalog: Catalog) -> None:
    state = past_setup_tokens(56, 4, 3)
    seat = state.to_move
    assert seat is not None
    obs = state.observation(seat)
    part = obs["mechanisms"]["flipped_wires"]
    theirs = {
        tuple(place)
        for place, owner in zip(part["wires"], part["owners"], strict=True)
        if owner != seat
    }
    tolled = [
        a
        for a in state.legal_actions(seat)
        if isinstance(a, Cut) and a.tool is None and a.targets[0] in theirs
    ]
    assert tolled  # every seat may aim at a teammate's flipped wire
    action = next(a for a in tolled if cut_value(state.code_at(*a.targets[0])) == a.values[0])
    sel = selection_of(action, fresh(affordances(state, seat)))
    assert build(sel, seat) == action
    w = Words(catalog, NAMES[:4], [st["owner"] for st in obs["stands"]])
    text = confirm_text(action, w, obs)
    assert catalog.t("rw.confirm.flippedToll") in text and not RAW.search(text)
    assert esc(catalog.t("rw.flip.prompt")) in board_html(state, seat, catalog)
    plain = next(
        a
        for a in state.legal_actions(seat)
        if isinstance(a, Cut) and a.tool is None and a.targets[0] not in theirs
    )
    assert catalog.t("rw.confirm.flippedToll") not in confirm_text(plain, w, obs)
    # Played: the log says the step in plain words, in the language of the page.
    state, _ = state.apply(action)
    state, _ = state.apply(Pick(seat, *state.pending.options[0]))
    line = catalog.t("rw.log.flippedToll", who=NAMES[seat])
    assert esc(line) in board_html(state, None, catalog)
