"""Mission 52 on the page (in CPython): the rule said for everyone (no Bluffer's badge), the setup
prompt naming red wires as allowed, the false tokens drawn "≠" and said "not N" (a "not yellow"
one with a Y), the Sticky Note's false token offered by the false-token button (the card's own
use refused, its reason in words), its prompt and log line, every state drawn in sentences."""

from __future__ import annotations

from fusebox_web.redwire.log_text import log_lines
from fusebox_web.redwire.markup import esc
from fusebox_web.redwire.mechanisms import ACTION_USES, decision_prompt
from fusebox_web.redwire.words import Words
from fusebox_web.shell.i18n import Catalog

from engine.redwire import YELLOW, Cut, GameState
from engine.redwire.mechanisms.bluffer import FalseToken
from tests.redwire.engine.helpers import fill_deal, game, play
from tests.redwire.engine.test_dirty_double_crossers import m52, setup
from tests.web.board_page import NAMES, board_html, walk_drawing


def _words(catalog: Catalog, state: GameState, viewer: int) -> Words:
    obs = state.observation(viewer)
    return Words(catalog, list(NAMES[: state.players]), [st["owner"] for st in obs["stands"]])


def _note_ready(state: GameState) -> GameState:
    """Two 4s cut (seat 0's): the Sticky Note is usable."""
    table = state.clone()
    for w, code in enumerate(table.codes):
        if code == 40 and table.position_of(w)[0] == 1 and table.cut_count(4) < 2:
            table.mark_cut(w)
    return table


def test_setup_says_every_token_lies_and_draws_them(catalog: Catalog) -> None:
    state = m52()
    html = board_html(state, 0, catalog)
    assert esc(catalog.t("rw.bluff.ruleAll")) in html and 'data-testid="bluffer-badge"' not in html
    w = _words(catalog, state, 0)
    assert decision_prompt("false_token", state.observation(0), w) == catalog.t(
        "rw.prompt.falseTokenAll"
    )
    use = ACTION_USES["false_token"]
    assert use.afford is not None
    tiles = use.afford(state, 0)
    assert (0, 10) in tiles and 4 in tiles[(0, 10)]  # the red 4.5 may take "not 4"
    state, _ = setup(state)
    html = board_html(state, 2, catalog)
    assert "≠4" in html and catalog.t("rw.bluff.tile", values="4") in html
    texts = {line.text for line in log_lines(state.observation(2)["log"], w)}
    assert catalog.t("rw.log.falseToken", who="Ana", where=w.where(0, 10), value=4) in texts


def test_the_sticky_note_is_a_false_token_on_the_page(catalog: Catalog) -> None:
    state, _ = setup(m52(cards=[4, 8, 2]))
    table = _note_ready(state)
    use = ACTION_USES["false_token"]
    assert use.afford is not None
    tiles = use.afford(table, 1)
    assert (2, 1) in tiles and (2, 0) not in tiles and (2, 7) not in tiles  # marked, red
    w = _words(catalog, table, 1)
    assert decision_prompt("false_token", table.observation(1), w) == catalog.t(
        "rw.prompt.falseTokenNote"
    )
    assert "rw.reason.bluff_sticky" not in catalog.t("rw.reason.bluff_sticky")  # in words
    after, _ = table.apply(FalseToken(1, 2, 1, 6))
    texts = {line.text for line in log_lines(after.observation(0)["log"], w)}
    assert catalog.t("rw.log.falseTokenNote", who="Bea", where=w.where(2, 1), value=6) in texts


def test_a_not_yellow_token_is_drawn_with_a_letter(catalog: Catalog) -> None:
    fixed = {0: ["1", "1", "1", "1", "2", "2", "2", "2", "2.1", "3", "3", "3", "3", "4"]}
    yellow = ["2.1", "5.1", "7.1", "9.1"]
    stands = fill_deal(52, 2, 0, fixed, red=["4.5", "8.5", "10.5"], yellow=yellow)
    state = game(52, 2, stands, parts={"equipment": {"cards": [4, 8]}}, tokens=[])
    state, _ = play(state, FalseToken(0, 0, 0, 2), FalseToken(0, 1, 0, 9))
    state, _ = play(state, FalseToken(1, 2, 0, 12), FalseToken(1, 2, 1, 12))
    state, _ = play(state, Cut(0, ((3, 0),), (YELLOW,)))
    html = board_html(state, 0, catalog)
    assert "rw-token--false-yellow" in html and "≠" + catalog.t("rw.bluff.yellowShort") in html
    not_yellow = catalog.t("rw.bluff.tile", values=catalog.t("rw.bluff.yellow"))
    assert not_yellow in html


def test_every_state_draws_and_reads_as_sentences(catalog: Catalog) -> None:
    drawn = walk_drawing(catalog, 52, 3, "random", selections=False, first=12)
    w = drawn.words
    said = [
        catalog.t(
            "rw.log.falseTokenNote" if e["reason"] == "post_it" else "rw.log.falseToken",
            who=w.name(e["seat"]),
            where=w.where(e["stand"], e["slot"]),
            value=catalog.t("rw.bluff.yellow") if e["value"] == "yellow" else e["value"],
        )
        for e in drawn.state.observation("seer")["log"]
        if e["type"] == "false_token"
    ]
    assert len(said) >= 4 and set(said) <= drawn.texts
