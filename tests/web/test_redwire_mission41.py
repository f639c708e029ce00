"""Mission 41 on the page (in CPython): the tripwires' rule with who was dealt one and how many
are uncut, the special action built by tapping a teammate's wire (its confirm sentence), the skip
as a dock action, every outcome said in the log in each language, every state drawn."""

from __future__ import annotations

import pytest
from fusebox_web.redwire.log_text import log_lines
from fusebox_web.redwire.mechanisms import ACTION_USES, cards_now
from fusebox_web.redwire.words import Words
from fusebox_web.shell.i18n import Catalog

from engine.redwire.mechanisms.tripwires import TripPoint, TripSkip
from tests.redwire.engine.test_tripwires import m41
from tests.web.board_page import NAMES, board_html, walk_drawing


def _words(catalog: Catalog, obs) -> Words:  # type: ignore[no-untyped-def]
    return Words(catalog, list(NAMES[:4]), [st["owner"] for st in obs["stands"]])


def test_the_rule_names_who_holds_one_and_how_many_are_left(catalog: Catalog) -> None:
    state = m41()
    html = board_html(state, 0, catalog)
    assert 'data-testid="tripwires"' in html
    assert catalog.t("rw.trip.holders", names="Ana, Bea, Carlo, Dario") in html
    assert catalog.t("rw.trip.left", left=4, total=4) in html
    assert "trip_point" in cards_now(state, 0, own_turn=True)
    state, _ = state.apply(TripPoint(0, 1, 7))
    assert catalog.t("rw.trip.left", left=3, total=4) in board_html(state, 1, catalog)


def test_the_point_is_built_from_one_tapped_wire_and_confirmed(catalog: Catalog) -> None:
    state = m41()
    use = ACTION_USES["trip_point"]
    assert use.afford is not None and use.build is not None and use.confirm is not None
    tiles = use.afford(state, 0)
    assert (1, 7) in tiles and (0, 3) not in tiles  # never one's own
    obs = state.observation(0)
    w = _words(catalog, obs)
    action = TripPoint(0, 1, 7)
    assert use.confirm(action, w, obs) == catalog.t("rw.confirm.trip_point", where=w.where(1, 7))


def test_each_outcome_and_the_skip_are_said_in_the_log(catalog: Catalog) -> None:
    state, _ = m41().apply(TripPoint(0, 1, 7))  # a hit: the dial at 2
    state, _ = state.apply(TripPoint(1, 3, 0))  # a miss: the dial at 1
    obs = state.observation(2)
    w = _words(catalog, obs)
    texts = {line.text for line in log_lines(obs["log"], w)}
    assert catalog.t("rw.log.tripHit", who="Ana", where=w.where(1, 7)) in texts
    assert catalog.t("rw.log.tripMiss", who="Bea", where=w.where(3, 0)) in texts
    table = m41().clone()
    for slot in range(1, 13):
        if slot != 8:
            table.mark_cut(table.wire_id(2, slot))
    table.active = 2
    assert "trip_skip" in cards_now(table, 2, own_turn=True)
    skipped, _ = table.apply(TripSkip(2))
    obs = skipped.observation(3)
    w = _words(catalog, obs)
    assert catalog.t("rw.log.tripSkip", who="Carlo") in {x.text for x in log_lines(obs["log"], w)}
    red, _ = m41().apply(TripPoint(0, 1, 7))
    red, _ = red.apply(TripPoint(1, 2, 0))
    obs = red.observation(0)
    w = _words(catalog, obs)
    texts = {line.text for line in log_lines(obs["log"], w)}
    assert catalog.t("rw.log.tripRed", who="Bea", where=w.where(2, 0)) in texts
    assert catalog.t("rw.log.boom.tripwire_red") in texts


@pytest.mark.parametrize("seed", range(3))
def test_every_state_draws_and_reads_as_sentences(catalog: Catalog, seed: int) -> None:
    walk_drawing(catalog, 41, seed, "expert", selections=False)
