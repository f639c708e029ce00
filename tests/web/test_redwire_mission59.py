"""Mission 59 on the page (in CPython): the line of Number cards in the mission's panel (Nano's
card and facing as a symbol and in its accessible name, the face-down cards dashed and named so,
what may be cut in words); the walk as one dock button per card the engine allows, the skip when
it is the move, the facing as two buttons after the cut, each built into the engine's action with
its confirm; the walk, the skip, the facing and the card turned face down said in the log in each
language; refusals and the bots' reasons in words; every state drawn."""

from __future__ import annotations

from fusebox_web.redwire.affordances import affordances
from fusebox_web.redwire.log_text import log_lines
from fusebox_web.redwire.markup import esc
from fusebox_web.redwire.mechanisms import build, cards_now
from fusebox_web.redwire.phrases import confirm_text
from fusebox_web.redwire.selection import fresh, selection_of
from fusebox_web.redwire.words import Words
from fusebox_web.shell.i18n import Catalog

from engine.redwire import Cut, SoloCut
from engine.redwire.mechanisms.nano import MECHANISM, NanoFace, NanoSkip, NanoWalk
from engine.redwire.mechanisms.nano_line import NanoReason
from tests.redwire.engine.helpers import play_picking_first as play
from tests.redwire.engine.test_nano_line import m59, put
from tests.web.board_page import NAMES, board_html, walk_drawing


def test_the_panel_draws_the_line_nano_and_the_cards_face_down(catalog: Catalog) -> None:
    state = m59()
    html = board_html(state, 0, catalog, panel="rules")
    assert 'data-testid="nano-line"' in html and 'data-facing="left"' in html
    assert html.count('class="rw-nano-cell') == 12 and "◀N" in html
    assert f'aria-label="{esc(catalog.t("rw.nano.line.here.left", value=7))}"' in html
    status = catalog.t("rw.nano.line.status.left", value=7, values="7, 6, 5, 4, 3, 2, 1")
    assert esc(status) in html
    walked, _ = play(state, NanoWalk(0, 3))
    html = board_html(walked, 1, catalog, panel="rules")
    assert esc(catalog.t("rw.nano.line.walked", value=3)) in html
    after, _ = play(walked, SoloCut(0, 3), NanoFace(0, "left"))
    html = board_html(put(after, 7, "left"), 1, catalog, panel="rules")
    assert esc(catalog.t("rw.nano.line.down", value=3)) in html and "is-down" in html
    assert "▢" in html
    html = board_html(after, 1, catalog, panel="rules")  # Nano on the face-down 3
    assert esc(catalog.t("rw.nano.line.hereDown.left", value=3)) in html


def test_the_walk_the_skip_and_the_facing_are_dock_buttons(catalog: Catalog) -> None:
    state = m59()
    now = cards_now(state, 0, own_turn=True)
    walks = {name for name in now if str(name).startswith("nano_walk_")}
    assert walks == {"nano_walk_1", "nano_walk_2", "nano_walk_3", "nano_walk_7"}
    assert "nano_skip" not in now and "nano_face_left" not in now
    sel = selection_of(NanoWalk(0, 3), fresh(affordances(state, 0)))
    assert sel.mode == "nano_walk_3" and build(sel, 0) == NanoWalk(0, 3)
    obs = state.observation(0)
    w = Words(catalog, list(NAMES[:4]), [st["owner"] for st in obs["stands"]], 0)
    assert confirm_text(NanoWalk(0, 3), w, obs) == catalog.t("rw.confirm.nano_walk", value=3)
    # After the cut, the facing: two buttons for the cutter alone.
    after, _ = play(state, NanoWalk(0, 2), Cut(0, ((1, 0),), (2,)))
    now = cards_now(after, 0, own_turn=False)
    assert {"nano_face_left", "nano_face_right"} <= set(now)
    sel = selection_of(NanoFace(0, "right"), fresh(affordances(after, 0)))
    assert build(sel, 0) == NanoFace(0, "right")
    html = board_html(after, 0, catalog)
    assert esc(catalog.t("rw.prompt.nano_face.left", value=2)) in html
    # The skip, when nothing under or in front of Nano is held.
    skip = put(m59(), 7, "right")
    skip, _ = play(skip, NanoWalk(0, 7), Cut(0, ((2, 3),), (7,)), NanoFace(0, "right"))
    now = cards_now(skip, 1, own_turn=True)
    assert now.get("nano_skip") and not any(str(n).startswith("nano_walk_") for n in now)
    sel = selection_of(NanoSkip(1), fresh(affordances(skip, 1)))
    assert build(sel, 1) == NanoSkip(1)


def test_the_log_says_each_walk_skip_facing_and_card_down(catalog: Catalog) -> None:
    state = put(m59(), 7, "right")
    state, _ = play(state, NanoWalk(0, 7), Cut(0, ((2, 3),), (7,)), NanoFace(0, "right"))
    state, _ = play(state, NanoSkip(1))
    seer = state.observation("seer")
    for lang in ("en", "it"):
        cat = catalog.with_lang(lang)
        w = Words(cat, list(NAMES[:4]), [st["owner"] for st in seer["stands"]])
        texts = {line.text for line in log_lines(seer["log"], w)}
        line = " ".join(str(v) for v in range(1, 13))
        assert cat.t("rw.log.nanoLine.left", line=line, value=7) in texts
        assert cat.t("rw.log.nanoStay", who=w.name(0), value=7) in texts
        assert cat.t("rw.log.nanoFaceKeep.right", who=w.name(0), value=7) in texts
        values = "7, 8, 9, 10, 11, 12"
        assert cat.t("rw.log.nanoSkip", who=w.name(1), values=values) in texts
    state, _ = play(m59(), NanoWalk(0, 3), SoloCut(0, 3))
    seer = state.observation("seer")
    w = Words(catalog, list(NAMES[:4]), [st["owner"] for st in seer["stands"]])
    texts = {line.text for line in log_lines(seer["log"], w)}
    assert catalog.t("rw.log.nanoWalk.left", who=w.name(0), start=7, value=3) in texts
    assert catalog.t("rw.log.nanoCardDown", value=3) in texts


def test_refusals_and_the_bots_reasons_read_in_both_languages(catalog: Catalog) -> None:
    for lang in ("en", "it"):
        cat = catalog.with_lang(lang)
        for reason in NanoReason:
            assert cat.t(f"rw.reason.{reason.value}") != f"rw.reason.{reason.value}"
        for key in ("nano_walk", "nano_stay", "nano_turn", "nano_keep", "nano_skip"):
            assert key in MECHANISM.bot_keys
            text = cat.t(f"rw.why.{key}", value=9, percent=80)
            assert "{" not in text and text != f"rw.why.{key}"


def test_every_state_draws_and_reads_as_sentences(catalog: Catalog) -> None:
    game = walk_drawing(catalog, 59, 3, "random", first=10)
    assert any(e.type == "nano_face" for e in game.state.log)
