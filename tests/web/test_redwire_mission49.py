"""Mission 49 on the page (in CPython): every player's own oxygen drawn (a row of tokens, the
number and the name, the seat playing and the receiver said in words), the gift rule, the discard
and the silence in the mission's panel; the gift as a dock button asking for a teammate, built
into the engine's action with its confirm, the cuts opening once it is made; each cut's confirm
saying what it gives and to whom; the pass opened at once when one's oxygen pays for nothing; the
gifts, the lost gift, the discard and the pass said in the log in each language; the refusals and
the bots' reasons in words; every state drawn."""

from __future__ import annotations

from fusebox_web.redwire.affordances import affordances
from fusebox_web.redwire.log_text import log_lines
from fusebox_web.redwire.markup import esc
from fusebox_web.redwire.mechanisms import ACTION_USES, build, cards_now
from fusebox_web.redwire.phrases import confirm_text
from fusebox_web.redwire.selection import fresh, selection_of
from fusebox_web.redwire.words import Words
from fusebox_web.shell.i18n import Catalog

from engine.redwire import Cut, GameState, RevealReds
from engine.redwire.mechanisms.oxygen import MECHANISM, OxygenGift, OxygenPass, OxygenReason
from engine.redwire.observation_types import Observation
from tests.redwire.engine.helpers import play_picking_first as play
from tests.redwire.engine.helpers import turn_of, with_cut
from tests.redwire.engine.oxygen_stock import with_stock
from tests.redwire.engine.test_oxygen_gifts import m49
from tests.web.board_page import NAMES, board_html, walk_drawing


def words(state: GameState, viewer: int | None, catalog: Catalog) -> tuple[Observation, Words]:
    obs = state.observation(viewer)
    owners = [st["owner"] for st in obs["stands"]]
    return obs, Words(catalog, list(NAMES[:4]), owners, viewer)


def test_every_players_oxygen_is_drawn_with_the_gift_rule(catalog: Catalog) -> None:
    state = m49()
    html = board_html(state, 1, catalog)
    _obs, w = words(state, 1, catalog)
    assert 'data-testid="oxygen-stocks"' in html
    assert html.count('class="rw-oxy"') == 20  # 5 tokens in front of each of 4 players
    for seat in range(4):
        assert f'data-testid="oxygen-stock-{seat}"' in html
    assert esc(catalog.t("rw.oxygen.stock", who=w.name(0), n=5)) in html
    assert esc(catalog.t("rw.oxygen.stock", who=w.name(3), n=5)) in html
    for key in ("rw.oxygen.giftRule", "rw.oxygen.giftOut", "rw.oxygen.silence"):
        assert esc(catalog.t(key)) in html
    assert esc(catalog.t("rw.oxygen.stockTurn")) in html
    # Seat 0 names seat 2: the row says so in words, and the cut that follows moves the tokens.
    named, _ = play(state, OxygenGift(0, 2))
    html = board_html(named, 1, catalog)
    assert esc(catalog.t("rw.oxygen.stockGift")) in html and "rw-oxy-seat--gift" in html
    after, _ = play(named, Cut(0, ((1, 4),), (3,)))
    html = board_html(after, 1, catalog)
    assert esc(catalog.t("rw.oxygen.stock", who=w.name(2), n=8)) in html
    assert esc(catalog.t("rw.oxygen.stock", who=w.name(0), n=2)) in html


def test_the_gift_is_a_dock_button_asking_for_a_teammate(catalog: Catalog) -> None:
    state = m49()
    obs, w = words(state, 0, catalog)
    assert {"oxygen_gift", "oxygen_pass"} <= set(cards_now(state, 0, own_turn=True))
    assert "oxygen_gift" not in cards_now(state, 1, own_turn=False)
    use = ACTION_USES["oxygen_gift"]
    assert use.button and use.seats is not None and not use.plain
    aff = affordances(state, 0)
    assert not aff.cut_targets  # no cut before the gift
    sel = selection_of(OxygenGift(0, 2), fresh(aff))
    assert sel.mode == "oxygen_gift" and build(sel, 0) == OxygenGift(0, 2)
    text = confirm_text(OxygenGift(0, 2), w, obs)
    assert text == catalog.t("rw.confirm.oxygen_gift", who=w.name(2))
    html = board_html(state, 0, catalog)
    assert esc(catalog.t("rw.oxygen.promptGift", left=5)) in html
    # Once named, the cuts open and each says what it gives and to whom.
    named, _ = play(state, OxygenGift(0, 2))
    assert affordances(named, 0).cut_targets
    obs, w = words(named, 0, catalog)
    text = confirm_text(Cut(0, ((1, 4),), (3,)), w, obs)
    assert text.endswith(catalog.t("rw.oxygen.confirmGift", price=3, who=w.name(2), left=2))
    html = board_html(named, 0, catalog)
    assert esc(catalog.t("rw.oxygen.promptGiven", left=5, who=w.name(2))) in html


def test_oxygen_that_pays_for_nothing_opens_the_pass(catalog: Catalog) -> None:
    empty = turn_of(with_stock(m49(), 5, 5, 6, 5), 2)  # seat 2 holds 7-12 only
    assert fresh(affordances(empty, 2)).mode == "oxygen_pass"
    html = board_html(empty, 2, catalog)
    assert esc(catalog.t("rw.oxygen.promptEmptyOwn", left=6)) in html


def test_the_log_says_each_gift_the_lost_one_the_discard_and_the_pass(catalog: Catalog) -> None:
    state = with_stock(with_cut(m49(), [(1, slot) for slot in range(11)]), 6, 5, 5, 5)
    state, _ = play(state, OxygenGift(0, 1), Cut(0, ((1, 11),), (6,)), RevealReds(1))
    state, _ = play(state, OxygenPass(2), OxygenPass(3))
    state, _ = play(with_stock(state, 6, 0, 5, 5), OxygenGift(0, 1), Cut(0, ((2, 0),), (4,)))
    obs, w = words(state, 1, catalog)
    texts = {line.text for line in log_lines(obs["log"], w)}
    named = catalog.t("rw.log.oxygenGiftTo", who=w.name(0), to=w.name(1))
    given = catalog.t(
        "rw.log.oxygenGift", who=w.name(0), to=w.name(1), price=6, value=w.value(6), left=0
    )
    discard = catalog.t("rw.log.oxygenDiscard", who=w.name(1), n=11)
    passed = catalog.t("rw.log.oxygenPassOwn", who=w.name(2), left=5)
    assert {named, given, discard, passed} <= texts, texts
    assert not [t for t in texts if "rw.log" in t]  # every line a sentence, none a key
    lost = [e for e in obs["log"] if e["type"] == "oxygen_gift" and e["lost"]]
    assert lost
    own, w0 = words(state, 0, catalog)
    mine = {line.text for line in log_lines(own["log"], w0)}
    assert (
        catalog.t("rw.log.oxygenGiftLost.you", to=w0.name(1), price=4, value=w0.value(4), left=2)
        in mine
    )


def test_refusals_and_bots_reasons_read_in_words(catalog: Catalog) -> None:
    for reason in OxygenReason:
        assert catalog.t(f"rw.reason.{reason.value}") != f"rw.reason.{reason.value}"
    for key in MECHANISM.bot_keys:
        assert catalog.t(f"rw.why.{key}") != f"rw.why.{key}"
    for key in ("rw.act.oxygen_gift", "rw.seats.oxygenGift", "rw.prompt.oxygen_gift"):
        assert catalog.t(key) != key


def test_every_state_draws_and_reads_as_sentences(catalog: Catalog) -> None:
    walk_drawing(catalog, 49, 1, "random")
