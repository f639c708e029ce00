"""Mission 54 on the page (in CPython): each player's oxygen with the rules of paying to the
reserve and the breath of each validation; each cut's confirm says its price and what is left;
oxygen that pays for nothing opens the skip; the pile of reds on the card drawn face down with its
count; one dock button per stand brings the top red there (any time, touch and keyboard press the
same buttons), the new wire in its place with its value on its owner's screen only; the log's
lines and refusals in words; every state draws and reads as sentences."""

from __future__ import annotations

import pytest
from fusebox_web.redwire.affordances import affordances
from fusebox_web.redwire.log_text import log_lines
from fusebox_web.redwire.markup import esc
from fusebox_web.redwire.mechanisms import ACTION_USES, build, cards_now
from fusebox_web.redwire.phrases import confirm_text
from fusebox_web.redwire.screens import mission_parts
from fusebox_web.redwire.selection import fresh, selection_of
from fusebox_web.redwire.words import Words
from fusebox_web.shell.i18n import Catalog

from engine.redwire import Cut, GameState, SoloCut, new_game
from engine.redwire.mechanisms.oxygen import OxygenPass
from engine.redwire.mechanisms.wire_pile import PileJoin, PileReason
from engine.redwire.missions import load_mission
from engine.redwire.observation_types import Observation
from tests.redwire.engine.helpers import play_picking_first as play
from tests.redwire.engine.helpers import turn_of, with_cut
from tests.redwire.engine.oxygen_stock import with_stock
from tests.redwire.engine.test_rabbit_the_red import m54
from tests.web.board_page import NAMES, board_html, stand_tiles, walk_drawing


def words(state: GameState, viewer: int | None, catalog: Catalog) -> tuple[Observation, Words]:
    obs = state.observation(viewer)
    owners = [st["owner"] for st in obs["stands"]]
    return obs, Words(catalog, list(NAMES[:4]), owners, viewer)


def words_of(obs: Observation, catalog: Catalog) -> Words:
    return Words(catalog, list(NAMES[: obs["players"]]), [st["owner"] for st in obs["stands"]])


def test_oxygen_paid_to_the_reserve_is_drawn_with_its_rules(catalog: Catalog) -> None:
    state = m54()
    html = board_html(state, 1, catalog)
    obs, w = words(state, 0, catalog)
    assert html.count('class="rw-oxy"') == 12  # 3 tokens in front of each of 4 players
    for key in ("rw.oxygen.prices", "rw.oxygen.reserveRule", "rw.oxygen.breathRule"):
        assert esc(catalog.t(key)) in html
    assert esc(catalog.t("rw.oxygen.giftRule")) not in html
    assert esc(catalog.t("rw.oxygen.promptOwn", left=3)) in board_html(state, 0, catalog)
    assert affordances(state, 0).cut_targets  # no gift to name first
    text = confirm_text(Cut(0, ((1, 4),), (3,)), w, obs)
    assert text.endswith(catalog.t("rw.oxygen.confirmPaid", price=1, left=2))
    short = turn_of(with_stock(m54(), 3, 3, 1, 3), 2)  # seat 2 holds 7-12 only
    assert fresh(affordances(short, 2)).mode == "oxygen_pass"
    assert esc(catalog.t("rw.oxygen.promptEmptyOwn", left=1)) in board_html(short, 2, catalog)


def test_the_pile_is_drawn_face_down_and_a_red_joins_by_a_stand_button(catalog: Catalog) -> None:
    state = m54()
    for viewer in (0, 2, None):
        html = board_html(state, viewer, catalog)
        assert 'data-testid="wire-pile"' in html and 'data-left="11"' in html
        assert html.count("rw-pile-wire--red") == 11
        assert esc(catalog.t("rw.pile.status.red", count=11)) in html
        assert esc(catalog.t("rw.pile.rule")) in html
    # Any seat, on its turn or not, has one button per stand.
    for seat, own in ((0, True), (3, False)):
        assert {f"pile_join_{i}" for i in range(4)} <= set(cards_now(state, seat, own_turn=own))
    obs, w = words(state, 3, catalog)
    action = PileJoin(3, 2)
    sel = selection_of(action, fresh(affordances(state, 3)))
    assert sel.mode == "pile_join_2" and build(sel, 3) == action
    assert ACTION_USES["pile_join_2"].button
    assert confirm_text(action, w, obs) == catalog.t("rw.confirm.pile_join", stand=3)
    after, _ = play(state, action)  # the 5.5 goes first on seat 2's stand
    owner = stand_tiles(board_html(after, 2, catalog), 2)
    assert len(owner) == 13 and "rw-tile--red" in owner[0]  # his own red, face up
    assert "rw-pilemark" in owner[0]
    other = stand_tiles(board_html(after, 0, catalog), 2)
    assert "rw-tile--back" in other[0] and "rw-tile--red" not in other[0]
    assert "rw-pilemark" in other[0]
    assert 'data-left="10"' in board_html(after, 0, catalog)


def test_the_log_says_the_payment_the_breath_the_skip_and_the_join(catalog: Catalog) -> None:
    state = with_cut(m54(), [(1, 0), (1, 1)])
    state, _ = play(state, SoloCut(0, 1), PileJoin(0, 2))
    state, _ = play(with_stock(turn_of(state, 2), 4, 4, 1, 4), OxygenPass(2))
    obs, w = words(state, 0, catalog)
    texts = {line.text for line in log_lines(obs["log"], w)}
    paid = catalog.t("rw.log.oxygenPaid.you", price=1, value=w.value(1), left=2)
    seats = ", ".join(w.name(s) for s in range(4))
    breath = catalog.t("rw.log.oxygenBreath", value=w.value(1), who=seats)
    skip = catalog.t("rw.log.oxygenSkip", who=w.name(2), left=1)
    join = catalog.t("rw.log.pileJoin", who=w.name(0), owner=w.name(2), stand=3, slot=1, left=10)
    assert {paid, breath, skip, join} <= texts, texts
    assert not [t for t in texts if "rw.log" in t]
    own, w2 = words(state, 2, catalog)
    mine = {line.text for line in log_lines(own["log"], w2)}
    assert (
        catalog.t(
            "rw.log.pileJoinOwn",
            who=w2.name(0),
            owner=w2.name(2),
            stand=3,
            slot=1,
            value="5.5",
            left=10,
        )
        in mine
    )
    for reason in PileReason:
        assert catalog.t(f"rw.reason.{reason.value}") != f"rw.reason.{reason.value}"
    assert catalog.t("rw.reason.oxygen_must_play") != "rw.reason.oxygen_must_play"


def test_every_state_draws_and_reads_as_sentences(catalog: Catalog) -> None:
    walk_drawing(catalog, 54, 1, "random", first=20, selections=False)


@pytest.mark.parametrize("mission", [19, 30, 42, 54])
def test_an_audio_mission_names_its_track_in_the_page_s_language(
    catalog: Catalog, mission: int
) -> None:
    """The notice to start the official track, and the mission's own texts, name the track in
    the page's language: "Missione 54" on the Italian page (before: "Mission 54" in English,
    the mission file's one name for every language)."""
    obs = new_game(mission, 4, 1).observation(None)
    html = board_html(new_game(mission, 4, 1), 0, catalog)
    name = {"en": f"Mission {mission}", "it": f"Missione {mission}"}[catalog.lang]
    said = catalog.t("rw.audio.start", track=name)
    assert esc(said) in html and esc(said) in mission_parts(obs, words_of(obs, catalog))
    spec = load_mission(mission)
    for text in (spec.summary[catalog.lang], spec.rules[catalog.lang]):
        assert name in text
        if catalog.lang == "it":
            assert f"Mission {mission}" not in text
