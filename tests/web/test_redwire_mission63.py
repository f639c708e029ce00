"""Mission 63 on the page (in CPython): each player's oxygen (the captain's full at the start) and
the reserve on the card drawn as rows of tokens with their numbers and names, the relay's rules
and the silence in the panel; each cut's confirm says its price and what goes left; oxygen that
pays for nothing opens the skip; the log says each payment with the reserve it leaves, each relay
and each collection; every state draws and reads as sentences."""

from __future__ import annotations

from fusebox_web.redwire.affordances import affordances
from fusebox_web.redwire.log_text import log_lines
from fusebox_web.redwire.markup import esc
from fusebox_web.redwire.phrases import confirm_text
from fusebox_web.redwire.selection import fresh
from fusebox_web.redwire.words import Words
from fusebox_web.shell.i18n import Catalog

from engine.redwire import Cut, GameState, SoloCut
from engine.redwire.mechanisms.equipment.fast_pass import FastPass
from engine.redwire.mechanisms.oxygen import OxygenPass
from engine.redwire.observation_types import Observation
from tests.redwire.engine.helpers import game, turn_of, with_cut
from tests.redwire.engine.helpers import play_picking_first as play
from tests.redwire.engine.oxygen_stock import with_stock
from tests.redwire.engine.test_oxygen_relay import STANDS, m63
from tests.web.board_page import NAMES, board_html, walk_drawing


def words(state: GameState, viewer: int | None, catalog: Catalog) -> tuple[Observation, Words]:
    obs = state.observation(viewer)
    owners = [st["owner"] for st in obs["stands"]]
    return obs, Words(catalog, list(NAMES[:4]), owners, viewer)


def test_the_oxygen_and_the_reserve_on_the_card_are_drawn_with_the_relay_rules(
    catalog: Catalog,
) -> None:
    state = m63()
    html = board_html(state, 1, catalog)
    assert html.count('class="rw-oxy"') == 24  # every token in front of the captain
    assert 'data-testid="oxygen-reserve"' in html
    assert esc(catalog.t("rw.oxygen.cardReserve", n=0)) in html
    for key in (
        "rw.oxygen.relayPrices",
        "rw.oxygen.relayRule",
        "rw.oxygen.collectRule",
        "rw.oxygen.silence",
    ):
        assert esc(catalog.t(key)) in html
    assert esc(catalog.t("rw.oxygen.breathRule")) not in html
    _, w = words(state, 1, catalog)
    assert esc(catalog.t("rw.oxygen.stock", who=w.name(0), n=24)) in html
    assert esc(catalog.t("rw.oxygen.promptRelay", left=24)) in board_html(state, 0, catalog)
    obs, w = words(state, 0, catalog)
    text = confirm_text(Cut(0, ((1, 0),), (4,)), w, obs)
    assert text.endswith(catalog.t("rw.oxygen.confirmRelay", price=4, left=20))
    after, _ = play(state, SoloCut(0, 1))
    html = board_html(after, 2, catalog)
    assert esc(catalog.t("rw.oxygen.cardReserve", n=1)) in html
    assert html.count('class="rw-oxy"') == 24  # 23 with seat 1, 1 on the card
    short = turn_of(with_stock(m63(), 0, 3, 0, 0), 1)  # seat 1 holds 4-7 only
    assert fresh(affordances(short, 1)).mode == "oxygen_pass"
    assert esc(catalog.t("rw.oxygen.promptEmptyOwn", left=3)) in board_html(short, 1, catalog)


def test_the_log_says_the_payment_the_relay_the_collection_and_the_skip(catalog: Catalog) -> None:
    state, _ = play(m63(), SoloCut(0, 1), Cut(1, ((2, 1),), (7,)), Cut(2, ((1, 12),), (7,)))
    state, _ = play(state, OxygenPass(3))
    obs, w = words(state, 0, catalog)
    texts = {line.text for line in log_lines(obs["log"], w)}
    paid = catalog.t("rw.log.oxygenPaidCard.you", price=1, value=w.value(1), left=23, reserve=1)
    relay = catalog.t("rw.log.oxygenRelay", who=w.name(1), to=w.name(2), n=16)
    skip = catalog.t("rw.log.oxygenSkip", who=w.name(3), left=9)
    collect = catalog.t("rw.log.oxygenCollect.you", took=15, left=24)
    assert {paid, relay, skip, collect} <= texts, texts
    assert not [t for t in texts if "rw.log" in t]
    other, w3 = words(state, 3, catalog)
    theirs = {line.text for line in log_lines(other["log"], w3)}
    assert catalog.t("rw.log.oxygenCollect", who=w3.name(0), took=15, left=24) in theirs
    assert catalog.t("rw.log.oxygenRelay.you", to=w3.name(0), n=9) in theirs
    for key in ("rw.reason.oxygen_must_play", "rw.reason.oxygen_short_own"):
        assert catalog.t(key) != key


def test_every_state_draws_and_reads_as_sentences(catalog: Catalog) -> None:
    walk_drawing(catalog, 63, 1, "random", first=12, selections=False)


def test_the_fast_passs_confirm_says_its_price(catalog: Catalog) -> None:
    """Equipment 9-9 is a Solo Cut: its confirm names its price as every cut's does."""
    state = game(
        63, 4, STANDS, equipment=[1, 2, 4, 99], tokens=[(0, 12), (1, 12), (2, 11), (3, 11)]
    )
    state = with_cut(state, [(2, 7), (2, 8), (2, 9), (2, 10)])  # the four 9s: card 9-9
    obs, w = words(state, 0, catalog)
    text = confirm_text(FastPass(0, 3, 0, 8, 0, 9), w, obs)
    assert text.endswith(catalog.t("rw.oxygen.confirmRelay", price=3, left=21))
