"""Mission 55 on the page (in CPython): the Challenge cards in the panel (star and number, the
condition in words, a tick once met, card 8's numbers, the run so far), the red call built by
tapping a teammate's wire, card 9's claim offered any time to the owner of a stand that meets
it, every event said in the log in each language, every state drawn."""

from __future__ import annotations

from fusebox_web.redwire.log_text import log_lines
from fusebox_web.redwire.mechanisms import ACTION_USES, cards_now
from fusebox_web.redwire.words import Words
from fusebox_web.shell.i18n import Catalog

from engine.redwire import SoloCut
from engine.redwire.mechanisms.challenges import ChallengeClaim, RedCall
from tests.redwire.engine.test_challenges import SOLOS, m55
from tests.web.board_page import NAMES, board_html, walk_drawing


def _words(catalog: Catalog, obs) -> Words:  # type: ignore[no-untyped-def]
    return Words(catalog, list(NAMES[:4]), [st["owner"] for st in obs["stands"]])


def test_the_cards_are_drawn_with_symbols_and_words(catalog: Catalog) -> None:
    state = m55(SOLOS, [8, 5, 1, 10], numbers=[5, 6])
    html = board_html(state, 0, catalog)
    assert 'data-testid="challenges"' in html and html.count('data-testid="challenge-card"') == 4
    assert "\u2605 8" in html and 'data-state="up"' in html
    assert catalog.t("rw.chal.numbers", first=5, second=6) in html
    state, _ = state.apply(SoloCut(0, 5))
    state, _ = state.apply(SoloCut(1, 6))  # two solos (5) and validations 5, 6 (8)
    html = board_html(state, 2, catalog)
    assert html.count('data-state="done"') == 2 and "\u2713 5" in html
    assert catalog.t("rw.chal.turns", values=catalog.t("rw.word.and").join(["5 ", " 6"])) in html


def test_the_red_call_is_built_from_one_tapped_teammate_wire(catalog: Catalog) -> None:
    state = m55(SOLOS, [1, 2, 3, 4])
    use = ACTION_USES["red_call"]
    assert use.afford is not None and use.build is not None and use.confirm is not None
    assert "red_call" in cards_now(state, 0, own_turn=True)
    tiles = use.afford(state, 0)
    assert (3, 4) in tiles and all(stand != 0 for stand, _ in tiles)
    obs = state.observation(0)
    w = _words(catalog, obs)
    assert use.confirm(RedCall(0, 3, 4), w, obs) == catalog.t(
        "rw.confirm.red_call", where=w.where(3, 4)
    )
    after, _ = state.apply(RedCall(0, 3, 4))
    obs = after.observation(1)
    w = _words(catalog, obs)
    texts = {line.text for line in log_lines(obs["log"], w)}
    assert catalog.t("rw.log.redCallHit", who="Ana", where=w.where(3, 4)) in texts
    name = catalog.t("rw.chal.name.1")
    assert catalog.t("rw.log.chalDone", card=1, name=name) in texts
    boom, _ = state.apply(RedCall(0, 3, 3))
    obs = boom.observation(1)
    w = _words(catalog, obs)
    texts = {line.text for line in log_lines(obs["log"], w)}
    assert catalog.t("rw.log.redCallMiss", who="Ana", where=w.where(3, 3)) in texts
    assert catalog.t("rw.log.boom.red_call") in texts


def test_the_claim_is_offered_any_time_to_the_stand_owner_only(catalog: Catalog) -> None:
    fixed = dict(SOLOS)
    fixed[2] = ["1", "1", "3", "3", "3", "3", "7", "7", "7", "7", "9", "9"]
    fixed[1] = ["2", "2", "2", "3.5", "4", "4", "4", "6", "6", "6", "6", "10", "11"]
    fixed[0] = ["1", "1", "2", "4", "5", "5", "5", "5", "8", "10", "10", "11", "11"]
    fixed[3] = ["8", "8", "8", "9", "9", "9.5", "10", "11", "12", "12", "12", "12"]
    state = m55(fixed, [9, 2, 3, 4])
    use = ACTION_USES["challenge_claim"]
    assert use.afford is not None and use.build is not None
    assert "challenge_claim" in cards_now(state, 2, own_turn=False)
    assert use.afford(state, 1) is None
    tiles = use.afford(state, 2)
    assert tiles == [(2, slot) for slot in range(12)]
    after, _ = state.apply(ChallengeClaim(2, 2))
    obs = after.observation(0)
    w = _words(catalog, obs)
    texts = {line.text for line in log_lines(obs["log"], w)}
    assert catalog.t("rw.log.chalClaim", who="Carlo", stand=None) in texts  # one stand each


def test_every_state_draws_and_reads_as_sentences(catalog: Catalog) -> None:
    walk_drawing(catalog, 55, 2, "random", first=12)
