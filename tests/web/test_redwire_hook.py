"""The Grappling Hook (11-11, rule sticker C) on the page, in CPython: the card by its label and
name, the take built from one tap (two with two stands: the teammate's wire, then a wire of the
stand it goes to), the value in the taker's view only (never a teammate's nor the spectator's),
the hooked wire marked on its new stand in words, the log lines and refusals in each language."""

from __future__ import annotations

import pytest
from fusebox_web.redwire.log_text import log_lines
from fusebox_web.redwire.mechanisms import CARD_USES, cards_now
from fusebox_web.redwire.selection import Selection
from fusebox_web.redwire.words import Words
from fusebox_web.shell.i18n import Catalog

from engine.redwire import GameState, Hook
from engine.redwire.mechanisms.equipment.hook import HookReason
from tests.redwire.engine.helpers import fill_deal, game, with_cut
from tests.redwire.engine.test_grappling_hook import STANDS, unlocked
from tests.web.board_page import NAMES, RAW, board_html, tile_at


def _words(catalog: Catalog, obs) -> Words:  # type: ignore[no-untyped-def]
    return Words(catalog, list(NAMES[: obs["players"]]), [st["owner"] for st in obs["stands"]])


def _texts(state: GameState, viewer: int | None, catalog: Catalog) -> set[str]:
    obs = state.observation(viewer)
    return {line.text for line in log_lines(obs["log"], _words(catalog, obs))}


def test_the_card_shows_its_label_name_and_four_wire_lock(catalog: Catalog) -> None:
    locked = game(58, 4, STANDS, equipment=[1111, 1, 3, 5])
    html = board_html(locked, 0, catalog)
    assert '<span class="rw-card-no">11-11</span>' in html
    assert catalog.t("rw.card.lockedAll", value=11) in html
    assert _words(catalog, locked.observation(0)).card_name(1111) in html


def test_one_tap_takes_a_teammates_wire_and_only_the_taker_sees_it(catalog: Catalog) -> None:
    state = unlocked()
    assert 1111 in cards_now(state, 2, own_turn=False)  # any time, not only on one's turn
    use = CARD_USES[1111]
    assert use.afford is not None and use.build is not None and use.confirm is not None
    offer = use.afford(state, 2)
    tiles = use.tiles(offer, Selection("hook", card=1111))
    assert (0, 3) in tiles and (2, 0) not in tiles and (0, 11) not in tiles  # not mine, not cut
    built = use.build(Selection("hook", ((0, 3),), card=1111), 2)
    assert built == Hook(2, 0, 3, 2)
    obs = state.observation(2)
    sentence = use.confirm(built, _words(catalog, obs), obs)
    assert "Ana" in sentence and not RAW.search(sentence)
    after, _ = state.apply(built)
    mine = tile_at(board_html(after, 2, catalog), 2, 2)
    assert 'data-wire="3"' in mine or ">3<" in mine
    assert catalog.t("rw.hook.tile") in mine
    for viewer in (1, 3, None):  # a pass-and-play teammate, the spectator
        theirs = tile_at(board_html(after, viewer, catalog), 2, 2)
        assert ">3<" not in theirs and 'data-wire="3"' not in theirs
        assert catalog.t("rw.hook.tile") in theirs  # where it went is public
    w = _words(catalog, obs)
    plain = catalog.t("rw.log.hook", who="Carlo", where=w.where(0, 3), to=w.where(2, 2))
    got = plain + " " + catalog.t("rw.log.hookGot", wire=w.wire("3"))
    lost = plain + " " + catalog.t("rw.log.hookLost", wire=w.wire("3"))
    assert got in _texts(after, 2, catalog) and lost in _texts(after, 0, catalog)
    for viewer in (1, 3, None):
        assert plain in _texts(after, viewer, catalog)
        assert not any(got in t or lost in t for t in _texts(after, viewer, catalog))


def test_with_two_stands_a_second_tap_chooses_the_stand(catalog: Catalog) -> None:
    fixed = {0: ["1", "2", "2", "3", "3", "4", "5", "6", "7", "8", "9", "11", "11"]}
    stands = fill_deal(58, 2, 0, fixed, red=["9.5", "10.5", "11.5"])
    elevens = [(s, i) for s, wires in enumerate(stands) for i, x in enumerate(wires) if x == "11"]
    state = with_cut(game(58, 2, stands, equipment=[1111, 1]), elevens)
    use = CARD_USES[1111]
    assert use.afford is not None and use.build is not None
    offer = use.afford(state, 1)
    first, second = state.seat_stands[1]
    one = Selection("hook", ((0, 3),), card=1111)
    assert use.build(one, 1) is None and use.missing(one) == "rw.msg.needHookStand"
    assert (second, 0) in use.tiles(offer, one)
    two = one.tap_tile((second, 0))
    assert use.build(two, 1) == Hook(1, 0, 3, second)
    assert use.build(one.tap_tile((first, 4)), 1) == Hook(1, 0, 3, first)


@pytest.mark.parametrize("lang", ["en", "it"])
def test_every_refusal_of_the_hook_has_words(catalog: Catalog, lang: str) -> None:
    for reason in HookReason:
        text = catalog.messages[lang].get(f"rw.reason.{reason.value}")
        assert text, reason
    for key in ("rw.log.hook", "rw.log.hookGot", "rw.prompt.hook", "rw.why.hook_solo"):
        assert catalog.messages[lang].get(key), key
