"""Mission 60 on the page (in CPython): the briefing states the special rules (red 2 of 3, the
Challenge cards, the detonator next to the skull) and lays out the cards dealt; the bomb's
contents name the three red markers and the two wires in play; the panel draws each card with
its star, number and condition, the tick once met; a whole game drawn, in each language (the
Challenge cards' own actions are mission 55's page tests)."""

from __future__ import annotations

from fusebox_web.redwire import screens
from fusebox_web.redwire.markup import esc
from fusebox_web.redwire.words import Words
from fusebox_web.shell.i18n import Catalog

from engine.redwire import SoloCut
from engine.redwire.missions import load_mission
from engine.redwire.observation_types import Observation
from tests.redwire.engine.helpers import play
from tests.redwire.engine.test_mission60 import m60
from tests.web.board_page import NAMES, board_html, walk_drawing


def words(obs: Observation, catalog: Catalog) -> Words:
    return Words(catalog, list(NAMES[: obs["players"]]), [st["owner"] for st in obs["stands"]])


def test_the_briefing_states_the_special_rules_and_the_cards(catalog: Catalog) -> None:
    obs = m60([1, 9, 3, 10]).observation(0)
    w = words(obs, catalog)
    rules = load_mission(60).rules[catalog.lang]
    brief = screens.briefing(obs, w, ["human", "bot", "bot", "bot"], "T", rules)
    said = {
        "en": ("red “2 of 3”", "next to the skull", "the detonator moves back one space"),
        "it": ("rosso «2 su 3»", "accanto al teschio", "il detonatore arretra di uno spazio"),
    }[catalog.lang]
    assert all(esc(s) in brief for s in said)
    assert brief.count('data-testid="challenge-card"') == 4 and "\u2605 9" in brief
    contents = screens.bomb_contents(obs, w)
    values = ["3.5", "6.5", "9.5"]
    if catalog.lang == "it":  # the decimal comma
        values = [v.replace(".", ",") for v in values]
    assert all(value in contents for value in values)


def test_a_card_met_is_ticked_and_the_others_stay_starred(catalog: Catalog) -> None:
    state, _ = play(m60([5, 1, 2, 3]), SoloCut(0, 5), SoloCut(1, 6))
    html = board_html(state, 2, catalog)
    assert html.count('data-testid="challenge-card"') == 4
    assert html.count('data-state="done"') == 1 and "\u2713 5" in html
    assert html.count('data-state="up"') == 3 and "\u2605 1" in html


def test_every_state_draws_and_reads_as_sentences(catalog: Catalog) -> None:
    walk_drawing(catalog, 60, 3, "random", first=12)
