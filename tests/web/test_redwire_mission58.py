"""Mission 58 on the page (in CPython): the briefing says the special rules (no info token, a
Double Detector on every turn) and its legend the "∞"; every Double Detector badge carries the
infinity sign and says "ready on every turn" in words, even after its use; the no-token rule
drawn in the mission's panel; a miss draws no token, is said in the log, and the detector is
offered again on the next turn; a whole game drawn, in each language."""

from __future__ import annotations

from fusebox_web.redwire import screens
from fusebox_web.redwire.affordances import affordances
from fusebox_web.redwire.log_text import log_lines
from fusebox_web.redwire.markup import esc
from fusebox_web.redwire.words import Words
from fusebox_web.shell.i18n import Catalog

from engine.redwire import Cut
from engine.redwire.missions import load_mission
from engine.redwire.observation_types import Observation
from tests.redwire.engine.helpers import play, turn_of
from tests.redwire.engine.test_double_or_nothing import m58
from tests.web.board_page import NAMES, board_html, walk_drawing


def words(obs: Observation, catalog: Catalog) -> Words:
    return Words(catalog, list(NAMES[: obs["players"]]), [st["owner"] for st in obs["stands"]])


def test_the_briefing_states_the_special_rules(catalog: Catalog) -> None:
    obs = m58().observation(0)
    w = words(obs, catalog)
    rules = load_mission(58).rules[catalog.lang]
    brief = screens.briefing(obs, w, ["human", "bot", "bot"], "T", rules)
    said = {
        "en": ("stays in the box", "never runs out", "not the number announced"),
        "it": ("restano nella scatola", "non si esaurisce mai", "non hanno il numero dichiarato"),
    }[catalog.lang]
    assert all(esc(s) in brief for s in said)
    assert esc(w.t("rw.dd.legendUnlimited")) in brief
    assert esc(w.t("rw.noTokens.rule")) in brief


def test_every_detector_is_drawn_ready_for_every_turn(catalog: Catalog) -> None:
    state, _ = play(m58(), Cut(0, ((2, 6), (2, 7)), (1,), "double"))  # a miss, no token
    html = board_html(state, 1, catalog)
    w = words(state.observation(1), catalog)
    for name in NAMES[:3]:
        label = w.t("rw.dd.unlimited", name=w.detector_name())
        assert html.count(f'aria-label="{esc(label)}"') == 3 and name in html
    assert html.count("rw-dd-unlimited") == 3 and "is-used" not in html
    assert 'data-testid="no-tokens-rule"' in html
    assert 'data-testid="token"' not in html  # the miss marked nothing
    lines = [line.text for line in log_lines(state.observation(1)["log"], w)]
    assert any(NAMES[1] in text and "1" in text for text in lines)  # the miss, said
    again = affordances(turn_of(state, 0), 0)
    assert again.detector_values  # the same seat may use it again
    html0 = board_html(turn_of(state, 0), 0, catalog)
    assert 'data-mode="double"' in html0


def test_a_whole_game_draws_and_reads_as_sentences(catalog: Catalog) -> None:
    walk_drawing(catalog, 58, 3, "random", first=6)  # 3 players, 7 moves
