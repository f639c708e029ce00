"""Mission 44 on the page (in CPython): the oxygen reserve drawn (tokens left, taken this round),
the prices and the silence rule with its one sign in the mission's panel; each cut's price in its
confirm sentence before it is made (a Dual Cut, a detector, a Solo Cut); the pass as a dock
button built into the engine's action with its confirm, opened at once when the reserve pays
for nothing; the payments, the refill and the pass said in the log in each language; the bots'
reasons; every state drawn."""

from __future__ import annotations

import pytest
from fusebox_web.redwire.affordances import affordances
from fusebox_web.redwire.log_text import log_lines
from fusebox_web.redwire.markup import esc
from fusebox_web.redwire.mechanisms import ACTION_USES, build, cards_now, decision_prompt
from fusebox_web.redwire.phrases import confirm_text
from fusebox_web.redwire.selection import fresh, selection_of
from fusebox_web.redwire.words import Words
from fusebox_web.shell.i18n import Catalog

from engine.redwire import Cut, GameState, SoloCut
from engine.redwire.mechanisms.oxygen import MECHANISM, OxygenPass, OxygenReason
from engine.redwire.observation_types import Observation
from tests.redwire.engine.helpers import play_picking_first as play
from tests.redwire.engine.helpers import turn_of, with_cut
from tests.redwire.engine.test_oxygen import m44, with_reserve
from tests.web.board_page import NAMES, board_html, walk_drawing


def words(state: GameState, viewer: int | None, catalog: Catalog) -> tuple[Observation, Words]:
    obs = state.observation(viewer)
    owners = [st["owner"] for st in obs["stands"]]
    return obs, Words(catalog, list(NAMES[:4]), owners, viewer)


def test_the_reserve_is_drawn_with_the_prices_and_the_silence(catalog: Catalog) -> None:
    state = m44()
    html = board_html(state, 0, catalog)
    assert 'data-testid="oxygen"' in html
    assert html.count('class="rw-oxy"') == 8 and "rw-oxy--taken" not in html
    assert esc(catalog.t("rw.oxygen.reserve", left=8, total=8)) in html
    for key in ("rw.oxygen.prices", "rw.oxygen.silence", "rw.oxygen.noneTaken"):
        assert esc(catalog.t(key)) in html
    assert esc(catalog.t("rw.oxygen.prompt", left=8)) in html
    after, _ = play(state, Cut(0, ((1, 9),), (5,)))  # the captain takes 2 for a 5
    html = board_html(after, 1, catalog)
    assert html.count('class="rw-oxy"') == 6 and html.count("rw-oxy--taken") == 2
    _obs, w = words(after, 1, catalog)
    taken = catalog.t("rw.oxygen.tookOne", who=w.name(0), n=2)
    assert esc(catalog.t("rw.oxygen.taken", list=taken)) in html
    short = board_html(turn_of(with_reserve(state, 2), 2), 2, catalog)
    assert esc(catalog.t("rw.oxygen.promptShort", left=2, last=8)) in short


def test_each_cut_names_its_price_before_it_is_confirmed(catalog: Catalog) -> None:
    state = m44()
    obs, w = words(state, 0, catalog)
    for action, due in (
        (Cut(0, ((1, 0),), (1,)), 1),
        (Cut(0, ((1, 9),), (5,)), 2),
        (Cut(0, ((1, 8), (1, 9)), (5,), "double"), 2),
    ):
        text = confirm_text(action, w, obs)
        assert text.endswith(catalog.t("rw.oxygen.confirmPrice", price=due, left=8 - due))
    solo = with_cut(state, [(1, 10), (1, 11)])
    obs, w = words(solo, 0, catalog)
    assert confirm_text(SoloCut(0, 6), w, obs).endswith(
        catalog.t("rw.oxygen.confirmPrice", price=2, left=6)
    )
    for code in ("oxygen_short", "no_oxygen"):
        assert catalog.t(f"rw.reason.{code}") != f"rw.reason.{code}"
    # Mission 44's two; mission 49's gifts bring the others (tests/web/test_redwire_mission49.py),
    # and mission 54's "whoever can play must" its own (tests/web/test_redwire_mission54.py).
    assert {r.value for r in OxygenReason} == {
        "oxygen_short",
        "no_oxygen",
        "oxygen_short_own",
        "oxygen_gift_first",
        "oxygen_gift_chosen",
        "oxygen_no_gift",
        "oxygen_cannot_pay",
        "oxygen_must_play",
    }


def test_the_pass_is_a_dock_button_with_its_confirm(catalog: Catalog) -> None:
    state = m44()
    assert "oxygen_pass" in cards_now(state, 0, own_turn=True)  # always offered on one's turn
    assert "oxygen_pass" not in cards_now(state, 1, own_turn=False)
    assert ACTION_USES["oxygen_pass"].button
    sel = selection_of(OxygenPass(0), fresh(affordances(state, 0)))
    assert sel.mode == "oxygen_pass" and build(sel, 0) == OxygenPass(0)
    obs, w = words(state, 0, catalog)
    assert confirm_text(OxygenPass(0), w, obs) == catalog.t("rw.confirm.oxygen_pass")
    assert fresh(affordances(state, 0)).mode != "oxygen_pass"  # cuts are open: nothing forced
    # The reserve pays for nothing: the dock opens on the pass, with its prompt and confirm.
    empty = turn_of(with_reserve(state, 1), 2)
    assert fresh(affordances(empty, 2)).mode == "oxygen_pass"
    html = board_html(empty, 2, catalog)
    assert (
        esc(catalog.t("rw.oxygen.promptEmpty", left=1)) in html and 'data-testid="confirm"' in html
    )
    # A pass by choice (a cut is affordable) has the plain prompt.
    assert decision_prompt("oxygen_pass", obs, w) is None  # rw.prompt.oxygen_pass then
    assert catalog.t("rw.prompt.oxygen_pass") != "rw.prompt.oxygen_pass"


def test_the_log_says_each_payment_refill_and_pass(catalog: Catalog) -> None:
    state, _ = play(
        m44(),
        Cut(0, ((1, 0),), (1,)),
        Cut(1, ((0, 9),), (5,)),
        OxygenPass(2),
        Cut(3, ((2, 0),), (7,)),
    )
    obs, w = words(state, 1, catalog)
    texts = {line.text for line in log_lines(obs["log"], w)}
    take = catalog.t("rw.log.oxygenTake", who=w.name(0), price=1, value=w.value(1), left=7)
    mine = catalog.t("rw.log.oxygenTake.you", price=2, value=w.value(5), left=5)
    passed = catalog.t("rw.log.oxygenPass", who=w.name(2), left=5)
    refill = catalog.t("rw.log.oxygenRefill", who=w.name(0), left=8)
    assert {take, mine, passed, refill} <= texts, texts


def test_the_bots_reasons_read_in_both_languages(catalog: Catalog) -> None:
    for key in MECHANISM.bot_keys:
        assert catalog.t(f"rw.why.{key}") != f"rw.why.{key}"


@pytest.mark.parametrize("seed", range(3))
def test_every_state_draws_and_reads_as_sentences(catalog: Catalog, seed: int) -> None:
    walk_drawing(catalog, 44, seed, "cautious" if seed else "random")
