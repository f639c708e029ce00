"""Mission 50 on the page (in CPython): the briefing says the special rules (the tokens laid
beside the stand, nothing shared of what one remembers, the markers in the box but the tiles
seen); the red and yellow wires in play drawn as certain, with their symbol and values in words
(everyone looked at them); a failed cut's true value drawn at the wire it was pointed at for a
teammate (the perfect memory of the default reading), in the wire's accessible name and in the
log, in each language; a whole game drawn."""

from __future__ import annotations

from fusebox_web.redwire import screens
from fusebox_web.redwire.log_text import log_lines
from fusebox_web.redwire.markup import esc
from fusebox_web.redwire.words import Words
from fusebox_web.shell.i18n import Catalog

from engine.redwire import Cut
from engine.redwire.missions import load_mission
from engine.redwire.observation_types import Observation
from tests.redwire.engine.helpers import play
from tests.redwire.engine.test_blackest_sea import m50, m50_memory
from tests.web.board_page import NAMES, board_html, walk_drawing


def words(obs: Observation, catalog: Catalog) -> Words:
    return Words(catalog, list(NAMES[: obs["players"]]), [st["owner"] for st in obs["stands"]])


def test_the_briefing_states_the_special_rules(catalog: Catalog) -> None:
    obs = m50().observation(0)
    rules = load_mission(50).rules[catalog.lang]
    brief = screens.briefing(obs, words(obs, catalog), ["human", "bot", "bot", "bot"], "T", rules)
    said = {
        "en": ("beside the stand", "Nobody may tell", "in the box"),
        "it": ("accanto al portatessere", "Nessuno può dire", "nella scatola"),
    }[catalog.lang]
    assert all(esc(s) in brief for s in said)


def test_the_wires_in_play_are_drawn_as_known(catalog: Catalog) -> None:
    obs = m50().observation(2)
    html = board_html(m50(), 2, catalog)
    w = words(obs, catalog)
    for colour, values in (("red", ["3.5", "9.5"]), ("yellow", ["4.1", "10.1"])):
        label = w.t(f"rw.markers.{colour}", count=2, values=", ".join(w.label(v) for v in values))
        assert f'aria-label="{esc(label)}"' in html
        assert f"rw-marker--{colour}" in html


def test_a_failed_cut_is_remembered_at_its_wire_and_said(catalog: Catalog) -> None:
    state, _ = play(m50(), Cut(0, ((1, 11),), (7,)))  # the captain says 7 at Bea's yellow
    html = board_html(state, 2, catalog)
    w = words(state.observation(2), catalog)
    assert esc(w.t("rw.tile.info", value=w.value("yellow"))) in html
    assert html.count('data-testid="token"') == 5  # four setup tokens and this one
    lines = [line.text for line in log_lines(state.observation(2)["log"], w)]
    assert any(NAMES[1] in text and w.value("yellow") in text for text in lines)


def test_a_whole_game_draws_and_reads_as_sentences(catalog: Catalog) -> None:
    walk_drawing(catalog, 50, 1, "random", first=10)


def test_with_the_memory_option_the_tokens_beside_the_stands_are_drawn_and_said(
    catalog: Catalog,
) -> None:
    state, _ = play(m50_memory(), Cut(0, ((1, 11),), (7,)))  # a yellow token beside Bea's stand
    html = board_html(state, 2, catalog)
    obs = state.observation(2)
    w = words(obs, catalog)
    assert 'data-testid="token"' not in html  # no token at any wire
    label = w.t("rw.memory.badgeLabel", name=NAMES[1], values=w.listing(["1", w.value("yellow")]))
    assert f'aria-label="{esc(label)}"' in html and 'data-testid="memory-badge"' in html
    badge = html.split('data-testid="memory-badge"')[0].rsplit("<span", 1)[1]
    assert "rw-badge--memory" in badge
    assert 'data-testid="memory-rule"' in html
    maybe = w.t("rw.markers.keepOf", keep=2, of=11)
    assert esc(maybe) in html  # the markers: how many, not which
    lines = [line.text for line in log_lines(obs["log"], w)]
    forgotten = w.tn("rw.log.cutForgotten", 1, who=NAMES[0], name=NAMES[1], values=w.value(7))
    assert forgotten in lines
    assert w.t("rw.log.tokenLaidBeside", who=NAMES[1], value=w.value("yellow")) in lines
