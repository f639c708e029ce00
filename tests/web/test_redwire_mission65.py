"""Mission 65 on the page (in CPython): every player's Number cards in the mission's panel (face
up or face down in words and a symbol, each line named for its player), the turn's reminder of
the values one may cut; the skip as a dock button opened at once when it is the one move; the gift
at the end of the turn (a card chip and a teammate chip, opened at once) built into the engine's
action with its confirm; the skip, the gift, a card turned down and a stranded card said in the
log in each language; refusals and the bots' reasons in words; every state drawn."""

from __future__ import annotations

from fusebox_web.redwire.affordances import affordances
from fusebox_web.redwire.log_text import log_lines
from fusebox_web.redwire.markup import esc
from fusebox_web.redwire.mechanisms import ACTION_USES, build, cards_now
from fusebox_web.redwire.phrases import confirm_text
from fusebox_web.redwire.selection import Selection, fresh, selection_of
from fusebox_web.redwire.table import OPTION_CHOICES
from fusebox_web.redwire.words import Words
from fusebox_web.shell.i18n import Catalog

from engine.redwire import GameState, SoloCut
from engine.redwire.mechanisms.hand_me_downs import MECHANISM, GiveNumber, HandReason, HandSkip
from engine.redwire.observation_types import Observation
from engine.redwire.options import Options
from tests.redwire.engine.helpers import play_picking_first as play
from tests.redwire.engine.helpers import with_cut
from tests.redwire.engine.test_hand_me_downs import m65
from tests.web.board_page import NAMES, board_html, walk_drawing


def words(state: GameState, viewer: int | None, catalog: Catalog) -> tuple[Observation, Words]:
    obs = state.observation(viewer)
    owners = [st["owner"] for st in obs["stands"]]
    return obs, Words(catalog, list(NAMES[:3]), owners, viewer)


def test_the_panel_draws_every_players_cards_and_the_turns_values(catalog: Catalog) -> None:
    state = m65()
    html = board_html(state, 1, catalog)
    assert 'data-testid="hand-me-downs"' in html and html.count('data-testid="hand-row"') == 3
    assert html.count('class="rw-ncard"') == 12 and esc(catalog.t("rw.hand.rule")) in html
    bea = catalog.t("rw.hand.label", who=NAMES[1], up=f"2, 5, 6 {catalog.t('rw.word.and')} 11")
    assert esc(bea) in html
    mine = board_html(state, 0, catalog)
    values = f"1, 4, 7 {catalog.t('rw.word.and')} 10"
    assert esc(catalog.t("rw.hand.prompt", values=values)) in mine
    done, _ = play(state, SoloCut(0, 1))
    html = board_html(done, 2, catalog)
    assert html.count('class="rw-ncard is-done"') == 1 and esc(catalog.t("rw.hand.down")) in html
    strict = m65(Options(m65_stranded_loss=True))
    assert esc(catalog.t("rw.hand.strandedRule")) in board_html(strict, 0, catalog)
    assert OPTION_CHOICES["m65_stranded_loss"] == (False, True)


def test_no_empty_number_cards_heading_stands_above_the_hands(catalog: Catalog) -> None:
    """The twelve cards are all in the players' hands: the Number cards' own part (a row, a deck,
    a discard pile) has nothing to show, so it draws nothing, not a lone heading."""
    html = board_html(m65(), 0, catalog)
    assert 'data-testid="hand-me-downs"' in html
    assert 'data-testid="number-cards"' not in html
    assert f">{esc(catalog.t('rw.ncards.title'))}</h3>" not in html


def test_the_gift_opens_at_once_with_a_card_and_a_teammate(catalog: Catalog) -> None:
    state, _ = play(m65(), SoloCut(0, 1))
    aff = affordances(state, 0)
    sel = fresh(aff)
    assert sel.mode == "give_number"
    choices = aff.cards["give_number"]
    use = ACTION_USES["give_number"]
    assert use.values is not None and use.seats is not None
    assert use.values(choices) == (1, 4, 7, 10) and use.seats(choices) == [1, 2]
    assert build(sel.tap_value(7, False), 0) is None  # a card, not yet a teammate
    built = build(sel.tap_value(7, False).tap_seat(1, 1), 0)
    assert built == GiveNumber(0, 7, 1)
    assert selection_of(GiveNumber(0, 7, 1), sel).mode == "give_number"
    obs, w = words(state, 0, catalog)
    assert confirm_text(GiveNumber(0, 7, 1), w, obs) == catalog.t(
        "rw.confirm.give_number", value=7, who=NAMES[1]
    )
    html = board_html(state, 0, catalog)
    assert esc(catalog.t("rw.hand.promptGive", who=NAMES[1])) in html
    assert "give_number" not in cards_now(state, 1, own_turn=False)


def test_the_skip_is_the_one_move_and_opens_at_once(catalog: Catalog) -> None:
    state, _ = play(m65(), SoloCut(0, 1), GiveNumber(0, 4, 2))
    aff = affordances(state, 1)
    assert aff.cards["hand_skip"] is True and fresh(aff).mode == "hand_skip"
    assert build(Selection("hand_skip"), 1) == HandSkip(1)
    obs, w = words(state, 1, catalog)
    assert confirm_text(HandSkip(1), w, obs) == catalog.t("rw.confirm.hand_skip")
    assert "hand_skip" not in cards_now(m65(), 0, own_turn=True)


def test_the_log_says_the_skip_the_gift_the_card_down_and_the_stranded_card(
    catalog: Catalog,
) -> None:
    state, _ = play(m65(), SoloCut(0, 1), GiveNumber(0, 1, 1), HandSkip(1))
    obs, w = words(state, 2, catalog)
    texts = {line.text for line in log_lines(obs["log"], w)}
    down = catalog.t("rw.log.handDown", value=1, who=NAMES[0])
    gift = catalog.t("rw.log.giveNumberDown", who=NAMES[0], value=1, to=NAMES[1])
    skip = catalog.t(
        "rw.log.handSkip", who=NAMES[1], values=f"2, 5, 6 {catalog.t('rw.word.and')} 11"
    )
    assert {down, gift, skip} <= texts, texts
    strict = with_cut(m65(Options(m65_stranded_loss=True)), [(2, s) for s in range(13)])
    state, _ = play(strict, SoloCut(0, 1), GiveNumber(0, 4, 2))
    obs, w = words(state, 2, catalog)
    texts = {line.text for line in log_lines(obs["log"], w)}
    stranded = catalog.t(
        "rw.log.handStranded", who=NAMES[1], values=f"2, 5, 6 {catalog.t('rw.word.and')} 11"
    )
    assert {stranded, catalog.t("rw.log.boom.stranded")} <= texts, texts


def test_refusals_and_the_bots_reasons_read_in_both_languages(catalog: Catalog) -> None:
    for reason in HandReason:
        assert catalog.t(f"rw.reason.{reason.value}") != f"rw.reason.{reason.value}"
    for key in MECHANISM.bot_keys:
        assert catalog.t(f"rw.why.{key}") != f"rw.why.{key}"
    for phase in ("expected", "waiting", "handoff"):
        assert catalog.t(f"rw.{phase}.hand_give", name="Ana") != f"rw.{phase}.hand_give"


def test_every_state_draws_and_reads_as_sentences(catalog: Catalog) -> None:
    walk_drawing(catalog, 65, 1, "random", first=6)
