"""Mission 53 on the page (in CPython): Nano's clock drawn in the status line where the
detonator would be (spaces lit up to Nano's, Nano's marked, the skull on 12, the failed cuts
left in words and in its accessible name; marked as it moves), the whole track in the mission's
panel with what the next cut would do; each move, its reason and the explosion said in the log
in each language, and the end screen's count of failed cuts; the bots' reasons; every state
drawn."""

from __future__ import annotations

import re

from fusebox_web.redwire import screens
from fusebox_web.redwire.log_text import log_lines
from fusebox_web.redwire.markup import esc
from fusebox_web.redwire.words import Words
from fusebox_web.shell.i18n import Catalog, counted

from engine.redwire import Cut
from engine.redwire.bots import KEYS
from tests.redwire.engine.helpers import play, play_picking_first
from tests.redwire.engine.test_nano_clock import m53, put
from tests.web.board_page import NAMES, board_html, walk_drawing


def _count(html: str) -> int:
    found = re.search(r'data-testid="mistakes-left" data-mistakes="(\d+)"', html)
    assert found is not None
    return int(found.group(1))


def test_nanos_clock_replaces_the_detonator_in_the_status_line(catalog: Catalog) -> None:
    state = m53()
    html = board_html(state, 1, catalog)
    assert 'data-testid="nano-clock"' in html and 'data-testid="detonator"' not in html
    assert _count(html) == 5  # six failed cuts from before space 1: the sixth explodes
    label = counted(catalog, "rw.nano.clock.label", 5, mistakes=5, space=0, end=12)
    assert f'aria-label="{esc(label)}"' in html
    assert html.count('class="rw-clock-cell"') == 11 and "is-ticked" not in html
    after, _ = play(put(state, 8), Cut(0, ((1, 4),), (2,)))  # a miss: 8 -> 10
    html = board_html(after, 2, catalog)
    assert _count(html) == 0 and "is-danger" in html and "is-ticked" in html
    assert html.count("rw-clock-cell is-lit") == 10 and 'class="rw-clock-nano">N<' in html
    label = counted(catalog, "rw.nano.clock.label", 0, mistakes=0, space=10, end=12)
    assert f'aria-label="{esc(label)}"' in html


def test_the_panel_draws_the_track_and_what_the_next_cut_does(catalog: Catalog) -> None:
    state = m53()
    html = board_html(state, 0, catalog, panel="rules")
    assert esc(catalog.t("rw.nano.clock.start", forward=1, miss=2)) in html
    assert html.count('class="rw-nano-cell') == 13 and "☠" in html
    assert esc(catalog.t("rw.nano.clock.end", end=12)) in html
    html = board_html(put(state, 4), 0, catalog, panel="rules")
    status = catalog.t("rw.nano.clock.status", space=4, forward=5, back=3, miss=6)
    assert esc(status) in html
    assert re.search(r'<li class="rw-nano-cell is-here" aria-current="true">4<', html)


def test_each_move_and_the_explosion_read_in_the_log(catalog: Catalog) -> None:
    state, _ = play_picking_first(put(m53(), 3), Cut(0, ((1, 4),), (3,)))  # back: 3 -> 2
    state, _ = play_picking_first(state, Cut(1, ((0, 6),), (4,)))  # forward: 2 -> 3
    state, _ = play(put(state, 10), Cut(2, ((0, 0),), (7,)))  # a miss: 10 -> 12
    seer = state.observation("seer")
    w = Words(catalog, list(NAMES[:4]), [st["owner"] for st in seer["stands"]])
    texts = {line.text for line in log_lines(seer["log"], w)}
    assert catalog.t("rw.log.nanoClock", space=0, end=12) in texts
    assert catalog.t("rw.log.nanoClock.own", start=3, space=2) in texts
    assert catalog.t("rw.log.nanoClock.cut", start=2, space=3) in texts
    assert catalog.t("rw.log.nanoClock.miss", start=10, space=12) in texts
    assert catalog.t("rw.log.boom.nano_clock") in texts
    # The end screen counts the one failed cut, not the clock's spaces spent.
    html = screens.end(seer, w, "Nano Nano", [], [], NAMES[1], True)
    summary = catalog.t("rw.end.summary", mission=53, title="Nano Nano", turns=3, mistakes=1)
    assert esc(summary) in html


def test_the_bots_reasons_read_in_each_language(catalog: Catalog) -> None:
    for key in ("nano_back", "nano_try", "nano_last"):
        params = dict.fromkeys(KEYS[key].params, 9)
        text = catalog.t(f"rw.why.{key}", **params)
        assert "9" in text and "{" not in text and text != f"rw.why.{key}"


def test_every_state_draws_and_reads_as_sentences(catalog: Catalog) -> None:
    game = walk_drawing(catalog, 53, 1, "random", first=30, selections=False)
    assert catalog.t("rw.log.nanoClock", space=0, end=12) in game.texts
    moves = [e.data for e in game.state.log if e.type == "nano_clock_move"]
    assert moves
    for move in moves:
        key = f"rw.log.nanoClock.{move['why']}"
        assert catalog.t(key, start=move["from"], space=move["space"]) in game.texts
