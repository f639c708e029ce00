"""Mission 62 on the page (in CPython): the briefing states the rule and lays out the face-up
Number cards; each card says "target" with scissors until its four wires are cut, then "met"
with a tick, dimmed; the panel's line counts the targets met; the log says each one in each
language; a whole game drawn."""

from __future__ import annotations

import re

from fusebox_web.redwire import screens
from fusebox_web.redwire.log_text import log_lines
from fusebox_web.redwire.markup import esc
from fusebox_web.redwire.words import Words
from fusebox_web.shell.i18n import Catalog

from engine.redwire import SoloCut
from engine.redwire.missions import load_mission
from engine.redwire.observation_types import Observation
from tests.redwire.engine.helpers import play
from tests.redwire.engine.test_recovery_targets import m62
from tests.web.board_page import NAMES, board_html, walk_drawing

CARD = re.compile(r'<li class="rw-ncard([^"]*)" data-value="(\d+)">(.*?)</li>', re.S)


def words(obs: Observation, catalog: Catalog) -> Words:
    return Words(catalog, list(NAMES[: obs["players"]]), [st["owner"] for st in obs["stands"]])


def cards(html: str) -> dict[int, tuple[str, str]]:
    """Each Number card drawn: its classes and its inner HTML, by value."""
    return {int(v): (cls, inner) for cls, v, inner in CARD.findall(html)}


def test_the_briefing_states_the_rule_and_shows_the_targets(catalog: Catalog) -> None:
    obs = m62().observation(0)
    w = words(obs, catalog)
    rules = load_mission(62).rules[catalog.lang]
    brief = screens.briefing(obs, w, ["human", "bot", "bot", "bot"], "T", rules)
    said = {
        "en": ("next to the skull", "moves back one space", "Each card counts once"),
        "it": ("accanto al teschio", "arretra di uno spazio", "Ogni carta conta una volta sola"),
    }[catalog.lang]
    assert all(esc(s) in brief for s in said)
    assert sorted(cards(brief)) == [5, 6, 7, 8]
    assert esc(w.t("rw.recovery.rule")) in brief


def test_a_target_met_is_ticked_and_counted_the_others_stay_targets(catalog: Catalog) -> None:
    state, _ = play(m62(), SoloCut(0, 5))
    html = board_html(state, 1, catalog)
    drawn = cards(html)
    w = words(state.observation(1), catalog)
    assert "is-done" in drawn[5][0] and "rw-i--check" in drawn[5][1]
    assert esc(w.t("rw.recovery.markDone")) in drawn[5][1]
    for value in (6, 7, 8):
        assert "is-target" in drawn[value][0] and "rw-i--cut" in drawn[value][1]
        assert esc(w.t("rw.recovery.mark")) in drawn[value][1]
    assert 'data-done="1"' in html
    assert esc(w.t("rw.recovery.count", done=1, total=4)) in html
    texts = {line.text for line in log_lines(state.observation(1)["log"], w)}
    assert w.t("rw.log.recovery", value=5) in texts
    assert w.t("rw.log.recoveryDealt", values=w.listing(["5", "6", "7", "8"])) in texts


def test_every_state_draws_and_reads_as_sentences(catalog: Catalog) -> None:
    walk_drawing(catalog, 62, 4, "random", first=12)
